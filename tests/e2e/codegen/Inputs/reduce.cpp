// Driver of reduce.mlir: full reductions on every size. The f32 sums and the
// dot product see data that every summation order adds up exactly (multiples
// of 1/4, and -1/0/1 factors), maxima are exact anyway, and i32 sums wrap
// like the reference's unsigned arithmetic: all compare exactly. The maximum
// is planted once at the end (a peeled tail) and once in the middle.
#include "codegen.h"
#include "kernels.h"
using namespace cg;

using M1f = imexc_memref_1d_f32;
using M1i = imexc_memref_1d_i32;
using M2f = imexc_memref_2d_f32;

static void sumF32(int64_t n, int variant = 0) {
  auto x = randomQuarters<float>(n, 11);
  auto x0 = x;
  double want = 0;
  for (float v : x)
    want += v;
  M1f m = view<M1f>(x, {n});
  float got;
  const char *name = "sum_f32";
  if (variant == 0)
    got = _mlir_ciface_sum_f32(&m);
  else if (variant == 1)
    got = _mlir_ciface_sum_f32_static(&m), name = "sum_f32_static";
  else
    got = _mlir_ciface_sum_f32_static_big(&m), name = "sum_f32_static_big";
  std::string label = std::string(name) + " " + dims({n});
  checkScalar(label, got, want);
  checkUnchanged(label, x, x0);
}

static void sumI32(int64_t n) {
  auto x = randomInt<int32_t>(n, 12, -1000, 1000);
  uint32_t want = 0;
  for (int32_t v : x)
    want += (uint32_t)v;
  M1i m = view<M1i>(x, {n});
  checkScalar("sum_i32 " + dims({n}), _mlir_ciface_sum_i32(&m), (int32_t)want);
}

// Runs `kernel` with the largest value at the end and in the middle; one case.
template <typename T, typename M, typename K>
static void maxCase(const char *name, int64_t n, T lowest, K kernel) {
  std::string label = std::string(name) + " " + dims({n}), what;
  int bad = 0;
  for (int64_t at : {n - 1, n / 2}) {
    auto x = std::is_floating_point_v<T>
                 ? randomReal<T>(n, 13 + at, -100.0, -1.0)
                 : randomInt<T>(n, 13 + at, -100000, -1);
    if (n > 0)
      x[at] = (T)7;
    T want = n > 0 ? (T)7 : lowest;
    M m = view<M>(x, {n});
    T got = kernel(&m);
    if (!(got == want) && bad++ == 0)
      what = "max at " + std::to_string(at) + ": got " +
             std::to_string((double)got) + ", want " +
             std::to_string((double)want);
  }
  report(label, bad, what);
}

static void dotF32(int64_t n) {
  auto x = randomQuarters<float>(n, 14);
  auto y = randomInt<float>(n, 15, -1, 1);
  double want = 0;
  for (int64_t i = 0; i < n; ++i)
    want += (double)x[i] * y[i];
  M1f mx = view<M1f>(x, {n}), my = view<M1f>(y, {n});
  checkScalar("dot_f32 " + dims({n}), _mlir_ciface_dot_f32(&mx, &my), want);
}

static void sum2dF32(int64_t m, int64_t n) {
  auto x = randomQuarters<float>(m * n, 16);
  double want = 0;
  for (float v : x)
    want += v;
  M2f d = view<M2f>(x, {m, n});
  checkScalar("sum2d_f32 " + dims({m, n}), _mlir_ciface_sum2d_f32(&d), want);
}

int main() {
  const int64_t sizes[] = {0, 1, 7, 13, 1023, 1025, (1 << 20) + 3};
  for (int64_t n : sizes)
    sumF32(n);
  for (int64_t n : sizes)
    sumI32(n);
  for (int64_t n : sizes)
    maxCase<float, M1f>("max_f32", n, -INFINITY,
                        [](M1f *m) { return _mlir_ciface_max_f32(m); });
  for (int64_t n : sizes)
    maxCase<int32_t, M1i>("max_i32", n, INT32_MIN,
                          [](M1i *m) { return _mlir_ciface_max_i32(m); });
  for (int64_t n : sizes)
    dotF32(n);
  const int64_t shapes[][2] = {{0, 7},  {7, 0},    {1, 1},    {7, 13},
                               {13, 7}, {1, 1025}, {1023, 1}, {1023, 1025}};
  for (auto &s : shapes)
    sum2dF32(s[0], s[1]);
  sumF32(1025, 1);
  sumF32(100003, 2);
  maxCase<float, M1f>("max_f32_static", 13, -INFINITY,
                      [](M1f *m) { return _mlir_ciface_max_f32_static(m); });
  return finish();
}
