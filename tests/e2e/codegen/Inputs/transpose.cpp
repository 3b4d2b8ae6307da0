// Driver of transpose.mlir: 2-D transposes on every shape.
#include "transpose.h"

using M2f = imexc_memref_2d_f32;
using M2d = imexc_memref_2d_f64;
using M2i = imexc_memref_2d_i32;

int main() {
  const int64_t shapes[][2] = {
      {0, 7},    {7, 0},       {1, 1},       {7, 13},     {13, 7},    {1, 1025},
      {1025, 1}, {1023, 1025}, {1025, 1023}, {3, 262147}, {262147, 3}};
  for (auto &s : shapes)
    transpose<float, M2f>("transpose_f32", s[0], s[1], KERNEL(transpose_f32));
  for (int i = 0; i < 7; ++i)
    transpose<double, M2d>("transpose_f64", shapes[i][0], shapes[i][1],
                           KERNEL(transpose_f64));
  for (int i = 0; i < 7; ++i)
    transpose<int32_t, M2i>("transpose_i32", shapes[i][0], shapes[i][1],
                            KERNEL(transpose_i32));
  return finish();
}
