// Driver of matmul.mlir: f32, f64 and i32 products on every shape.
#include "matmul.h"

using M2f = imexc_memref_2d_f32;
using M2d = imexc_memref_2d_f64;
using M2i = imexc_memref_2d_i32;

int main() {
  // m x k x n
  const int64_t shapes[][3] = {{0, 5, 7},      {5, 0, 7},       {5, 7, 0},
                               {1, 1, 1},      {7, 13, 5},      {13, 7, 13},
                               {1, 1025, 1},   {1023, 1, 7},    {7, 1023, 13},
                               {13, 1025, 7},  {1, 1023, 1025}, {1025, 1, 1023},
                               {129, 257, 131}};
  for (auto &s : shapes)
    matmul<float, M2f>("matmul_f32", s[0], s[1], s[2], KERNEL(matmul_f32));
  for (auto &s : shapes)
    matmul<double, M2d>("matmul_f64", s[0], s[1], s[2], KERNEL(matmul_f64));
  for (auto &s : shapes)
    matmul<int32_t, M2i>("matmul_i32", s[0], s[1], s[2], KERNEL(matmul_i32));
  return finish();
}
