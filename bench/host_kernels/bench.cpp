// Times the imexc-compiled host kernels (kernels.h) against straightforward
// C++ loops compiled with clang++ -O3, in one process, and prints the ratio
// imexc / C++ for each (below 1: imexc is faster).
#include "kernels.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace {

void triadRef(float *a, const float *b, const float *c, float s, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}

float sumRef(const float *x, int64_t n) {
  float acc = 0;
  for (int64_t i = 0; i < n; ++i)
    acc += x[i];
  return acc;
}

void matmulRef(const float *a, const float *b, float *c, int64_t n) {
  std::fill(c, c + n * n, 0.0f);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t k = 0; k < n; ++k)
      for (int64_t j = 0; j < n; ++j)
        c[i * n + j] += a[i * n + k] * b[k * n + j];
}

imexc_memref_1d_f32 view1d(std::vector<float> &v) {
  int64_t n = int64_t(v.size());
  return {v.data(), v.data(), 0, {n}, {1}};
}

imexc_memref_2d_f32 view2d(std::vector<float> &v, int64_t n) {
  return {v.data(), v.data(), 0, {n, n}, {n, 1}};
}

/// Best of `reps` runs of `f`, in seconds.
template <typename F> double best(int reps, F f) {
  double bestTime = 1e30;
  for (int r = 0; r < reps; ++r) {
    auto start = std::chrono::steady_clock::now();
    f();
    std::chrono::duration<double> t = std::chrono::steady_clock::now() - start;
    bestTime = std::min(bestTime, t.count());
  }
  return bestTime;
}

void report(const char *name, double imexc, double ref) {
  std::printf("%-28s imexc %9.3f ms   C++ -O3 %9.3f ms   ratio %.2f\n", name,
              imexc * 1e3, ref * 1e3, imexc / ref);
}

} // namespace

int main() {
  const int64_t n = 1 << 24;
  std::vector<float> a(n), b(n, 1.0f), c(n, 2.0f);
  auto av = view1d(a), bv = view1d(b), cv = view1d(c);
  report("triad (16M f32)",
         best(10, [&] { _mlir_ciface_triad(&av, &bv, &cv, 3.0f); }),
         best(10, [&] { triadRef(a.data(), b.data(), c.data(), 3.0f, n); }));

  float out = 0;
  imexc_memref_0d_f32 outv = {&out, &out, 0};
  volatile float sink = 0;
  report("sum reduction (16M f32)",
         best(10, [&] { _mlir_ciface_sum(&bv, &outv); }),
         best(10, [&] { sink = sumRef(b.data(), n); }));

  const int64_t m = 512;
  std::vector<float> x(m * m, 0.5f), y(m * m, 0.25f), z(m * m);
  auto xv = view2d(x, m), yv = view2d(y, m), zv = view2d(z, m);
  report("matmul (512x512 f32)",
         best(3, [&] { _mlir_ciface_matmul(&xv, &yv, &zv); }),
         best(3, [&] { matmulRef(x.data(), y.data(), z.data(), m); }));
  (void)sink;
  return 0;
}
