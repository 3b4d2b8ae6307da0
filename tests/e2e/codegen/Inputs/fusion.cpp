// Driver of fusion.mlir. Sums see multiples of 1/4 (and squares of
// multiples of 1/2 up to 1), which add up exactly in any order; the layer
// norm gets 1e-4 relative plus the rounding of its row sums. A result
// written into an argument (row sums accumulating into it may update it in
// place) is not freed.
#include "codegen.h"
#include "kernels.h"
using namespace cg;

using M1 = imexc_memref_1d_f32;
using M2 = imexc_memref_2d_f32;
using M3 = imexc_memref_3d_f32;

static void sumAcc(int64_t n) {
  auto x = randomQuarters<float>(n, 115);
  double want = 100.5;
  for (float v : x)
    want += v;
  M1 mx = view<M1>(x, {n});
  checkScalar("sum_acc " + dims({n}), _mlir_ciface_sum_acc(&mx, 100.5f), want);
}

static void sumSquares(int64_t n) {
  auto y = randomInt<float>(n, 116, -2, 2);
  for (float &v : y)
    v *= 0.5f; // squares: 0, 1/4, 1
  double squares = 0;
  for (float v : y)
    squares += (double)v * v;
  M1 my = view<M1>(y, {n});
  checkScalar("sumsq " + dims({n}), _mlir_ciface_sumsq(&my), squares);
}

static void rowsumAcc(int64_t m, int64_t n) {
  auto x = randomQuarters<float>(m * n, 117),
       acc = randomQuarters<float>(m, 118);
  std::vector<double> want(m);
  for (int64_t i = 0; i < m; ++i) {
    want[i] = acc[i];
    for (int64_t j = 0; j < n; ++j)
      want[i] += x[i * n + j];
  }
  M2 mx = view<M2>(x, {m, n});
  M1 ma = view<M1>(acc, {m});
  imexc_rowsum_acc_result r;
  _mlir_ciface_rowsum_acc(&r, &mx, &ma);
  check("rowsum_acc " + dims({m, n}), r.r0, {m}, want);
  if (r.r0.allocated != acc.data())
    release(r.r0);
}

static void colsumProd(int64_t m, int64_t n) {
  auto a = randomQuarters<float>(m * n, 119),
       b = randomInt<float>(m * n, 120, -1, 1);
  std::vector<double> want(n, 0.0);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      want[j] += (double)a[i * n + j] * b[i * n + j];
  M2 ma = view<M2>(a, {m, n}), mb = view<M2>(b, {m, n});
  imexc_colsum_prod_result r;
  _mlir_ciface_colsum_prod(&r, &ma, &mb);
  check("colsum_prod " + dims({m, n}), r.r0, {n}, want);
  release(r.r0);
}

static void layernorm(int64_t m, int64_t n) {
  auto x = randomReal<float>(m * n, 121, -3.0, 5.0);
  auto x0 = x;
  std::vector<double> want(m * n), tol(m * n);
  for (int64_t i = 0; i < m; ++i) {
    double sum = 0, var = 0;
    for (int64_t j = 0; j < n; ++j)
      sum += x[i * n + j];
    double mean = sum / n;
    for (int64_t j = 0; j < n; ++j)
      var += (x[i * n + j] - mean) * (x[i * n + j] - mean);
    double scale = 1 / std::sqrt(var / n + 1e-5);
    for (int64_t j = 0; j < n; ++j) {
      double w = (x[i * n + j] - mean) * scale;
      want[i * n + j] = w;
      // The mean's rounding (row sum of |x| <= 5 n) shifts every value.
      tol[i * n + j] =
          1e-4 * (1 + std::fabs(w)) + sumBound<float>(n, 5.0 * n) / n * scale;
    }
  }
  M2 mx = view<M2>(x, {m, n});
  imexc_layernorm_result r;
  _mlir_ciface_layernorm(&r, &mx);
  std::string label = "layernorm " + dims({m, n});
  check(label, r.r0, {m, n}, want, tol);
  checkUnchanged(label, x, x0);
  release(r.r0);
}

static void sumMid(int64_t a, int64_t b, int64_t c) {
  auto x = randomQuarters<float>(a * b * c, 122);
  std::vector<double> want(a * c, 0.0);
  for (int64_t i = 0; i < a; ++i)
    for (int64_t j = 0; j < b; ++j)
      for (int64_t k = 0; k < c; ++k)
        want[i * c + k] += x[(i * b + j) * c + k];
  M3 mx = view<M3>(x, {a, b, c});
  imexc_sum_mid_result r;
  _mlir_ciface_sum_mid(&r, &mx);
  check("sum_mid " + dims({a, b, c}), r.r0, {a, c}, want);
  release(r.r0);
}

static void subGlobalMax(int64_t n) {
  auto x = randomReal<float>(n, 123, -100.0, 100.0);
  float mx = -INFINITY;
  for (float v : x)
    mx = std::fmax(mx, v);
  std::vector<float> want(n);
  for (int64_t i = 0; i < n; ++i)
    want[i] = x[i] - mx;
  M1 m = view<M1>(x, {n});
  imexc_sub_global_max_result r;
  _mlir_ciface_sub_global_max(&r, &m);
  check("sub_global_max " + dims({n}), r.r0, {n}, want);
  release(r.r0);
}

int main() {
  const int64_t sizes[] = {0, 1, 7, 13, 1023, 1025, (1 << 20) + 3};
  for (int64_t n : sizes)
    sumAcc(n);
  for (int64_t n : sizes)
    sumSquares(n);
  const int64_t shapes[][2] = {{0, 7},      {7, 0},     {1, 1},    {7, 13},
                               {13, 7},     {1, 1025},  {1023, 1}, {1023, 1025},
                               {3, 262147}, {262147, 3}};
  for (auto &s : shapes)
    rowsumAcc(s[0], s[1]);
  // At -O0 a column reduction forks OpenMP threads once per row: the tall
  // array has 16387 rows here to keep the test fast.
  for (auto &s : shapes)
    colsumProd(s[0] == 262147 ? 16387 : s[0], s[1]);
  for (auto &s : shapes)
    layernorm(s[0], s[1]);
  const int64_t shapes3[][3] = {{0, 3, 4},    {2, 0, 3},     {3, 4, 0},
                                {1, 1, 1},    {3, 7, 13},    {13, 1025, 3},
                                {7, 3, 1025}, {33, 65, 129}, {2, 1025, 1023}};
  for (auto &s : shapes3)
    sumMid(s[0], s[1], s[2]);
  for (int64_t n : sizes)
    subGlobalMax(n);
  return finish();
}
