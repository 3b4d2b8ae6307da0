// The matmul case shared by the drivers of matmul.mlir and
// matmul-variants.mlir: C = A B for one m x k x n. Floats are uniform in
// [-1, 1] and element (i, j) may differ from the double reference by
// 2 (k + 1) eps sum_k |a_ik b_kj| (any summation order, FMA or not); i32
// compares exactly.
#pragma once
#include "codegen.h"
#include "kernels.h"
using namespace cg;

// m x k x n: the shapes every dynamic matmul kernel runs on.
inline const int64_t kMatmulShapes[][3] = {
    {0, 5, 7},      {5, 0, 7},     {5, 7, 0},       {1, 1, 1},
    {7, 13, 5},     {13, 7, 13},   {1, 1025, 1},    {1023, 1, 7},
    {7, 1023, 13},  {13, 1025, 7}, {1, 1023, 1025}, {1025, 1, 1023},
    {129, 257, 131}};

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
      RefSum s =
          refSum(k, [&](int64_t p) { return (double)a[i * k + p] * B(p, j); });
      want[i * n + j] = s.sum;
      tol[i * n + j] = std::is_floating_point_v<T> ? sumBound<T>(k, s.mass) : 0;
    }
  M2 ma = view<M2>(a, {m, k});
  M2 mb = transposedB ? view<M2>(b, {n, k}) : view<M2>(b, {k, n});
  auto got = kernel(&ma, &mb);
  std::string label = std::string(name) + " " + dims({m, k, n});
  checkCase(label, got, {m, n}, want, tol, unchanged(a, a0), unchanged(b, b0));
}
