// Driver of matmul-variants.mlir: B transposed on every shape, and the
// static-shape kernels.
#include "matmul.h"

using M2f = imexc_memref_2d_f32;

int main() {
  // m x k x n
  const int64_t shapes[][3] = {{0, 5, 7},      {5, 0, 7},       {5, 7, 0},
                               {1, 1, 1},      {7, 13, 5},      {13, 7, 13},
                               {1, 1025, 1},   {1023, 1, 7},    {7, 1023, 13},
                               {13, 1025, 7},  {1, 1023, 1025}, {1025, 1, 1023},
                               {129, 257, 131}};
  for (auto &s : shapes)
    matmul<float, M2f>("matmul_tb_f32", s[0], s[1], s[2], KERNEL(matmul_tb_f32),
                       /*transposedB=*/true);
  matmul<float, M2f>("matmul_f32_static", 13, 7, 5, KERNEL(matmul_f32_static));
  matmul<float, M2f>("matmul_f32_static_64", 64, 64, 64,
                     KERNEL(matmul_f32_static_64));
  matmul<float, M2f>("matmul_f32_static_big", 129, 131, 257,
                     KERNEL(matmul_f32_static_big));
  return finish();
}
