// The matmul case shared by the drivers of matmul.mlir and
// matmul-variants.mlir: C = A B for one m x k x n. Floats are uniform in
// [-1, 1] and element (i, j) may differ from the double reference by
// 2 (k + 1) eps sum_k |a_ik b_kj| (any summation order, FMA or not); i32
// compares exactly.
#pragma once
#include "codegen.h"
#include "kernels.h"
using namespace cg;

// `transposedB`: B is stored n x k.
template <typename T, typename M2, typename K>
static void matmul(const char *name, int64_t m, int64_t k, int64_t n, K kernel,
                   bool transposedB = false) {
  std::vector<T> a, b;
  if constexpr (std::is_floating_point_v<T>) {
    a = randomReal<T>(m * k, 41 + m);
    b = randomReal<T>(k * n, 42 + n);
  } else {
    a = randomInt<T>(m * k, 43 + m, -100, 100);
    b = randomInt<T>(k * n, 44 + n, -100, 100);
  }
  auto a0 = a, b0 = b;
  auto B = [&](int64_t p, int64_t j) {
    return (double)(transposedB ? b[j * k + p] : b[p * n + j]);
  };
  std::vector<double> want(m * n), tol(m * n);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double sum = 0, mass = 0;
      for (int64_t p = 0; p < k; ++p) {
        sum += (double)a[i * k + p] * B(p, j);
        mass += std::fabs((double)a[i * k + p] * B(p, j));
      }
      want[i * n + j] = sum;
      tol[i * n + j] = std::is_floating_point_v<T> ? sumBound<T>(k, mass) : 0;
    }
  M2 ma = view<M2>(a, {m, k});
  M2 mb = transposedB ? view<M2>(b, {n, k}) : view<M2>(b, {k, n});
  auto got = kernel(&ma, &mb);
  std::string label = std::string(name) + " " + dims({m, k, n});
  check(label, got, {m, n}, want, tol);
  checkUnchanged(label, a, a0);
  checkUnchanged(label, b, b0);
  release(got);
}

#define KERNEL(name)                                                           \
  [](auto *a, auto *b) {                                                       \
    imexc_##name##_result r;                                                   \
    _mlir_ciface_##name(&r, a, b);                                             \
    return r.r0;                                                               \
  }
