// Driver of transpose-variants.mlir: a 3-D permutation on every shape and
// the static-shape kernels.
#include "transpose.h"

using M2f = imexc_memref_2d_f32;

// y[j][k][i] = x[i][j][k]
template <typename K>
static void transpose3d(const char *name, int64_t a, int64_t b, int64_t c,
                        K kernel) {
  auto x = randomReal<float>(a * b * c, 72);
  std::vector<float> want(a * b * c);
  for (int64_t i = 0; i < a; ++i)
    for (int64_t j = 0; j < b; ++j)
      for (int64_t k = 0; k < c; ++k)
        want[(j * c + k) * a + i] = x[(i * b + j) * c + k];
  auto mx = view<imexc_memref_3d_f32>(x, {a, b, c});
  auto got = kernel(&mx);
  check(std::string(name) + " " + dims({a, b, c}), got, {b, c, a}, want);
  release(got);
}

int main() {
  const int64_t shapes3[][3] = {{0, 3, 4},    {2, 0, 3},  {1, 1, 1},
                                {3, 7, 13},   {13, 7, 3}, {7, 1025, 3},
                                {33, 65, 129}};
  for (auto &s : shapes3)
    transpose3d("transpose3d_f32", s[0], s[1], s[2], KERNEL(transpose3d_f32));
  transpose<float, M2f>("transpose_f32_static", 13, 1025,
                        KERNEL(transpose_f32_static));
  transpose<float, M2f>("transpose_f32_static_big", 257, 129,
                        KERNEL(transpose_f32_static_big));
  return finish();
}
