// Driver of matvec.mlir: y = A x and y = x A for every shape of A. Up to
// 4096 terms per dot product the data are uniform in [-1, 1] and each result
// may differ from the double reference by 2 (k + 1) eps sum|term|; longer
// dot products see multiples of 1/4 times -1, 0 or 1, which every summation
// order adds up exactly, and compare exactly.
#include "codegen.h"
#include "kernels.h"
using namespace cg;

using M1 = imexc_memref_1d_f32;
using M2 = imexc_memref_2d_f32;

// A is m x n; `vecmat`: y = x A (length n), else y = A x (length m).
template <typename K>
static void product(const char *name, int64_t m, int64_t n, bool vecmat,
                    K kernel) {
  int64_t terms = vecmat ? m : n, out = vecmat ? n : m;
  bool exact = terms > 4096;
  auto a =
      exact ? randomQuarters<float>(m * n, 51) : randomReal<float>(m * n, 51);
  auto x =
      exact ? randomInt<float>(terms, 52, -1, 1) : randomReal<float>(terms, 52);
  auto a0 = a, x0 = x;
  std::vector<double> want(out), tol(out);
  for (int64_t o = 0; o < out; ++o) {
    RefSum s = refSum(terms, [&](int64_t t) {
      return (double)x[t] * (vecmat ? a[t * n + o] : a[o * n + t]);
    });
    want[o] = s.sum;
    tol[o] = exact ? 0 : sumBound<float>(terms, s.mass);
  }
  M2 ma = view<M2>(a, {m, n});
  M1 mx = view<M1>(x, {terms});
  M1 got = kernel(&ma, &mx);
  std::string label = std::string(name) + " " + dims({m, n});
  checkCase(label, got, {out}, want, tol, unchanged(a, a0), unchanged(x, x0));
}

#define VECMAT(name)                                                           \
  [](M2 *a, M1 *x) {                                                           \
    imexc_##name##_result r;                                                   \
    _mlir_ciface_##name(&r, x, a);                                             \
    return r.r0;                                                               \
  }

int main() {
  const int64_t shapes[][2] = {
      {0, 7},    {7, 0},       {1, 1},       {7, 13},     {13, 7},    {1, 1025},
      {1025, 1}, {1023, 1025}, {1025, 1023}, {3, 262147}, {262147, 3}};
  for (auto &s : shapes)
    product("matvec_f32", s[0], s[1], false, KERNEL(matvec_f32));
  for (auto &s : shapes)
    product("vecmat_f32", s[0], s[1], true, VECMAT(vecmat_f32));
  product("matvec_f32_static", 13, 7, false, KERNEL(matvec_f32_static));
  product("vecmat_f32_static", 7, 13, true, VECMAT(vecmat_f32_static));
  product("matvec_f32_static_big", 257, 1025, false,
          KERNEL(matvec_f32_static_big));
  return finish();
}
