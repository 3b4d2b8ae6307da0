// The transpose cases shared by the drivers of transpose.mlir and
// transpose-variants.mlir: transposes compare exactly.
#pragma once
#include "codegen.h"
#include "kernels.h"
using namespace cg;

template <typename T, typename M2, typename K>
static void transpose(const char *name, int64_t m, int64_t n, K kernel) {
  auto x = randomInt<T>(m * n, 71, -1000000, 1000000);
  auto x0 = x;
  std::vector<T> want(n * m);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      want[j * m + i] = x[i * n + j];
  M2 mx = view<M2>(x, {m, n});
  auto got = kernel(&mx);
  std::string label = std::string(name) + " " + dims({m, n});
  checkCase(label, got, {n, m}, want, {}, unchanged(x, x0));
}
