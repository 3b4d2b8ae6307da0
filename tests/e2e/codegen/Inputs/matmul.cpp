// Driver of matmul.mlir: f32, f64 and i32 products on every shape.
#include "matmul.h"

using M2f = imexc_memref_2d_f32;
using M2d = imexc_memref_2d_f64;
using M2i = imexc_memref_2d_i32;

int main() {
  for (auto &s : kMatmulShapes)
    matmul<float, M2f>("matmul_f32", s[0], s[1], s[2], KERNEL(matmul_f32));
  for (auto &s : kMatmulShapes)
    matmul<double, M2d>("matmul_f64", s[0], s[1], s[2], KERNEL(matmul_f64));
  for (auto &s : kMatmulShapes)
    matmul<int32_t, M2i>("matmul_i32", s[0], s[1], s[2], KERNEL(matmul_i32));
  return finish();
}
