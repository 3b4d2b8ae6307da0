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
  checkCase(label, got, {m, n}, want, tol, unchanged(x, x0));
}

int main() {
  for (auto &s : kShapes2d)
    softmax("softmax", s[0], s[1], KERNEL(softmax));
  softmax("softmax_static", 13, 1025, KERNEL(softmax_static));
  softmax("softmax_static_big", 129, 257, KERNEL(softmax_static_big));
  return finish();
}
