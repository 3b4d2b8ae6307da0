// Driver of elementwise.mlir: each kernel on every size, checked against a
// double-precision reference (relative tolerance 1e-5; FMA contraction and
// f32 rounding of the intermediates stay far below it).
#include "codegen.h"
#include "kernels.h"
using namespace cg;

static std::vector<double> relTol(const std::vector<double> &want) {
  std::vector<double> tol(want.size());
  for (size_t i = 0; i < want.size(); ++i)
    tol[i] = 1e-5 * (1.0 + std::fabs(want[i]));
  return tol;
}

using F = float;
using M1 = imexc_memref_1d_f32;
using M2 = imexc_memref_2d_f32;

static void triad(int64_t n, bool isStatic = false) {
  auto a = randomReal<F>(n, 1), b = randomReal<F>(n, 2);
  auto a0 = a, b0 = b;
  F s = 1.75f;
  std::vector<double> want(n);
  for (int64_t i = 0; i < n; ++i)
    want[i] = (double)a[i] + (double)s * b[i];
  M1 ma = view<M1>(a, {n}), mb = view<M1>(b, {n});
  M1 got;
  const char *name;
  if (!isStatic) {
    imexc_triad_result r;
    _mlir_ciface_triad(&r, &ma, &mb, s);
    got = r.r0, name = "triad";
  } else if (n == 1025) {
    imexc_triad_static_result r;
    _mlir_ciface_triad_static(&r, &ma, &mb, s);
    got = r.r0, name = "triad_static";
  } else {
    imexc_triad_static_big_result r;
    _mlir_ciface_triad_static_big(&r, &ma, &mb, s);
    got = r.r0, name = "triad_static_big";
  }
  std::string label = std::string(name) + " " + dims({n});
  check(label, got, {n}, want, relTol(want));
  checkUnchanged(label, a, a0);
  checkUnchanged(label, b, b0);
  release(got);
}

static void chain5(int64_t n) {
  auto a = randomReal<F>(n, 3), b = randomReal<F>(n, 4),
       c = randomReal<F>(n, 5);
  F s = -0.5f;
  std::vector<double> want(n);
  for (int64_t i = 0; i < n; ++i) {
    double t = ((double)a[i] + b[i]) * c[i] - a[i];
    want[i] = std::fmax(t, (double)b[i]) * s + 1.0;
  }
  M1 ma = view<M1>(a, {n}), mb = view<M1>(b, {n}), mc = view<M1>(c, {n});
  imexc_chain5_result r;
  _mlir_ciface_chain5(&r, &ma, &mb, &mc, s);
  check("chain5 " + dims({n}), r.r0, {n}, want, relTol(want));
  release(r.r0);
}

static void chain5_2d(int64_t m, int64_t n, bool isStatic = false) {
  auto a = randomReal<F>(m * n, 6), b = randomReal<F>(m * n, 7),
       row = randomReal<F>(n, 8);
  std::vector<double> want(m * n);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      int64_t k = i * n + j;
      double t = std::fabs((double)a[k] * b[k] + row[j] - a[k]);
      want[k] = t / ((double)b[k] * b[k] + 1.0);
    }
  M2 ma = view<M2>(a, {m, n}), mb = view<M2>(b, {m, n});
  M1 mr = view<M1>(row, {n});
  M2 got;
  std::string label;
  if (!isStatic) {
    imexc_chain5_2d_result r;
    _mlir_ciface_chain5_2d(&r, &ma, &mb, &mr);
    got = r.r0, label = "chain5_2d ";
  } else {
    imexc_chain5_2d_static_result r;
    _mlir_ciface_chain5_2d_static(&r, &ma, &mb, &mr);
    got = r.r0, label = "chain5_2d_static ";
  }
  check(label + dims({m, n}), got, {m, n}, want, relTol(want));
  release(got);
}

static void chainTwoResults(int64_t n) {
  auto a = randomReal<F>(n, 9), b = randomReal<F>(n, 10);
  std::vector<double> t(n), d(n);
  for (int64_t i = 0; i < n; ++i) {
    F sum = a[i] + b[i]; // the returned t is the f32 sum
    t[i] = sum;
    d[i] = (double)sum * sum - sum;
  }
  M1 ma = view<M1>(a, {n}), mb = view<M1>(b, {n});
  imexc_chain_two_results_result r;
  _mlir_ciface_chain_two_results(&r, &ma, &mb);
  // Both results must be right: one case.
  std::string first, second;
  int bad = compare(r.r0, {n}, t, relTol(t), first);
  bad += compare(r.r1, {n}, d, relTol(d), second);
  report("chain_two_results " + dims({n}), bad,
         first.empty() ? second : "t " + first);
  release(r.r0);
  release(r.r1);
}

int main() {
  const int64_t sizes[] = {0, 1, 7, 13, 1023, 1025, (1 << 20) + 3};
  for (int64_t n : sizes)
    triad(n);
  for (int64_t n : sizes)
    chain5(n);
  const int64_t shapes[][2] = {{0, 7},  {7, 0},    {1, 1},    {7, 13},
                               {13, 7}, {1, 1025}, {1023, 1}, {1023, 1025}};
  for (auto &s : shapes)
    chain5_2d(s[0], s[1]);
  for (int64_t n : {0, 1, 13, 1025, (1 << 20) + 3})
    chainTwoResults(n);
  triad(1025, /*isStatic=*/true);
  triad(65537, /*isStatic=*/true);
  chain5_2d(13, 1025, /*isStatic=*/true);
  return finish();
}
