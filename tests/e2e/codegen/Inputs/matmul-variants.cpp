// Driver of matmul-variants.mlir: B transposed on every shape, and the
// static-shape kernels.
#include "matmul.h"

using M2f = imexc_memref_2d_f32;

int main() {
  for (auto &s : kMatmulShapes)
    matmul<float, M2f>("matmul_tb_f32", s[0], s[1], s[2], KERNEL(matmul_tb_f32),
                       /*transposedB=*/true);
  matmul<float, M2f>("matmul_f32_static", 13, 7, 5, KERNEL(matmul_f32_static));
  matmul<float, M2f>("matmul_f32_static_64", 64, 64, 64,
                     KERNEL(matmul_f32_static_64));
  matmul<float, M2f>("matmul_f32_static_big", 129, 131, 257,
                     KERNEL(matmul_f32_static_big));
  return finish();
}
