// Driver of softmax.mlir: row-wise softmax on every shape against a double
// reference. Each value may be off by a few ulp of exp plus the rounding of
// a row sum of n positive terms: relative tolerance 1e-5 + 2 (n + 1) eps.
#include "codegen.h"
#include "kernels.h"
using namespace cg;

using M2 = imexc_memref_2d_f32;

template <typename K>
static void softmax(const char *name, int64_t m, int64_t n, K kernel) {
  auto x = randomReal<float>(m * n, 31, -10.0, 10.0);
  // Every third row near 80: exp(80) overflows f32 unless shifted.
  for (int64_t i = 0; i < m; i += 3)
    for (int64_t j = 0; j < n; ++j)
      x[i * n + j] += 80.0f;
  auto x0 = x;
  std::vector<double> want(m * n), tol(m * n);
  double rel = 1e-5 + sumBound<float>(n, 1.0);
  for (int64_t i = 0; i < m; ++i) {
    double mx = -INFINITY, sum = 0;
    for (int64_t j = 0; j < n; ++j)
      mx = std::fmax(mx, (double)x[i * n + j]);
    for (int64_t j = 0; j < n; ++j)
      sum += std::exp((double)x[i * n + j] - mx);
    for (int64_t j = 0; j < n; ++j) {
      want[i * n + j] = std::exp((double)x[i * n + j] - mx) / sum;
      tol[i * n + j] = rel * want[i * n + j];
    }
  }
  M2 mx = view<M2>(x, {m, n});
  auto got = kernel(&mx);
  std::string label = std::string(name) + " " + dims({m, n});
  check(label, got, {m, n}, want, tol);
  checkUnchanged(label, x, x0);
  release(got);
}

#define KERNEL(name)                                                           \
  [](M2 *m) {                                                                  \
    imexc_##name##_result r;                                                   \
    _mlir_ciface_##name(&r, m);                                                \
    return r.r0;                                                               \
  }

int main() {
  const int64_t shapes[][2] = {
      {0, 7},    {7, 0},       {1, 1},       {7, 13},     {13, 7},    {1, 1025},
      {1023, 1}, {1023, 1025}, {1025, 1023}, {3, 262147}, {262147, 3}};
  for (auto &s : shapes)
    softmax("softmax", s[0], s[1], KERNEL(softmax));
  softmax("softmax_static", 13, 1025, KERNEL(softmax_static));
  softmax("softmax_static_big", 129, 257, KERNEL(softmax_static_big));
  return finish();
}
