// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Hand-written C++ loops for the host-kernel benchmark: what a programmer
// writes without a library, compiled with clang++-22 -O3 -march=native.
// Outputs are __restrict (they never alias the inputs). Built twice (see
// ref.h): REF_NS=ref_serial with -fopenmp-simd (the `parallel for` pragmas
// are ignored; the `simd` reductions let the float reductions vectorize like
// the compiled kernels, which reassociate them) and REF_NS=ref_omp with
// -fopenmp (the same loops on OpenMP threads).
#include "ref.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <vector>

#ifndef REF_NS
#error "define REF_NS (ref_serial or ref_omp)"
#endif

namespace REF_NS {

void triad(float *__restrict a, const float *b, const float *c, float s,
           int64_t n) {
#pragma omp parallel for simd
  for (int64_t i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}

float sum(const float *x, int64_t n) {
  float acc = 0;
#pragma omp parallel for simd reduction(+ : acc)
  for (int64_t i = 0; i < n; ++i)
    acc += x[i];
  return acc;
}

float maxreduce(const float *x, int64_t n) {
  float acc = -INFINITY;
#pragma omp parallel for simd reduction(max : acc)
  for (int64_t i = 0; i < n; ++i)
    acc = std::fmax(acc, x[i]);
  return acc;
}

void rowsum(const float *a, float *__restrict r, int64_t m, int64_t n) {
#pragma omp parallel for
  for (int64_t i = 0; i < m; ++i) {
    float acc = 0;
#pragma omp simd reduction(+ : acc)
    for (int64_t j = 0; j < n; ++j)
      acc += a[i * n + j];
    r[i] = acc;
  }
}

void colsum(const float *a, float *__restrict r, int64_t m, int64_t n) {
  // Column blocks, so that threads own disjoint parts of r; the block of r
  // stays in L1 while the rows stream by.
  const int64_t block = 1024;
#pragma omp parallel for
  for (int64_t jb = 0; jb < n; jb += block) {
    int64_t je = std::min(n, jb + block);
    for (int64_t j = jb; j < je; ++j)
      r[j] = 0;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = jb; j < je; ++j)
        r[j] += a[i * n + j];
  }
}

void matvec(const float *a, const float *x, float *__restrict y, int64_t m,
            int64_t n) {
#pragma omp parallel for
  for (int64_t i = 0; i < m; ++i) {
    float acc = 0;
#pragma omp simd reduction(+ : acc)
    for (int64_t j = 0; j < n; ++j)
      acc += a[i * n + j] * x[j];
    y[i] = acc;
  }
}

void matmul(const float *a, const float *b, float *__restrict c, int64_t m,
            int64_t n, int64_t k) {
  // (i, k, j) order: the inner loop walks rows of B and C contiguously.
#pragma omp parallel for
  for (int64_t i = 0; i < m; ++i) {
    float *ci = c + i * n;
    for (int64_t j = 0; j < n; ++j)
      ci[j] = 0;
    for (int64_t p = 0; p < k; ++p) {
      float aip = a[i * k + p];
      const float *bp = b + p * n;
      for (int64_t j = 0; j < n; ++j)
        ci[j] += aip * bp[j];
    }
  }
}

void batchMatmul(const float *a, const float *b, float *__restrict c,
                 int64_t batch, int64_t m, int64_t n, int64_t k) {
#pragma omp parallel for collapse(2)
  for (int64_t q = 0; q < batch; ++q)
    for (int64_t i = 0; i < m; ++i) {
      const float *ai = a + (q * m + i) * k;
      const float *bq = b + q * k * n;
      float *ci = c + (q * m + i) * n;
      for (int64_t j = 0; j < n; ++j)
        ci[j] = 0;
      for (int64_t p = 0; p < k; ++p) {
        float aip = ai[p];
        const float *bp = bq + p * n;
        for (int64_t j = 0; j < n; ++j)
          ci[j] += aip * bp[j];
      }
    }
}

void conv2d(const float *in, const float *w, float *__restrict out, int64_t n,
            int64_t h, int64_t wd, int64_t c, int64_t kh, int64_t kw,
            int64_t f) {
  int64_t oh = h - kh + 1, ow = wd - kw + 1;
  // Output channels innermost: contiguous in both the filter and the output.
#pragma omp parallel for collapse(2)
  for (int64_t b = 0; b < n; ++b)
    for (int64_t y = 0; y < oh; ++y)
      for (int64_t x = 0; x < ow; ++x) {
        float *o = out + ((b * oh + y) * ow + x) * f;
        for (int64_t q = 0; q < f; ++q)
          o[q] = 0;
        for (int64_t r = 0; r < kh; ++r)
          for (int64_t s = 0; s < kw; ++s) {
            const float *ip = in + ((b * h + y + r) * wd + x + s) * c;
            const float *wp = w + (r * kw + s) * c * f;
            for (int64_t ch = 0; ch < c; ++ch) {
              float v = ip[ch];
              const float *wc = wp + ch * f;
              for (int64_t q = 0; q < f; ++q)
                o[q] += v * wc[q];
            }
          }
      }
}

void transpose(const float *a, float *__restrict b, int64_t m, int64_t n) {
  // 32x32 blocks, so that both the reads and the writes use whole lines.
  const int64_t t = 32;
#pragma omp parallel for
  for (int64_t ib = 0; ib < m; ib += t)
    for (int64_t jb = 0; jb < n; jb += t)
      for (int64_t i = ib; i < std::min(m, ib + t); ++i)
        for (int64_t j = jb; j < std::min(n, jb + t); ++j)
          b[j * m + i] = a[i * n + j];
}

void softmax(const float *x, float *__restrict y, int64_t m, int64_t n) {
#pragma omp parallel for
  for (int64_t i = 0; i < m; ++i) {
    const float *xi = x + i * n;
    float *yi = y + i * n;
    float mx = -INFINITY;
#pragma omp simd reduction(max : mx)
    for (int64_t j = 0; j < n; ++j)
      mx = std::fmax(mx, xi[j]);
    float s = 0;
    for (int64_t j = 0; j < n; ++j) {
      yi[j] = std::exp(xi[j] - mx);
      s += yi[j];
    }
    for (int64_t j = 0; j < n; ++j)
      yi[j] /= s;
  }
}

void layernorm(const float *x, float *__restrict y, int64_t m, int64_t n) {
#pragma omp parallel for
  for (int64_t i = 0; i < m; ++i) {
    const float *xi = x + i * n;
    float *yi = y + i * n;
    float s = 0;
#pragma omp simd reduction(+ : s)
    for (int64_t j = 0; j < n; ++j)
      s += xi[j];
    float mean = s / float(n);
    float sq = 0;
#pragma omp simd reduction(+ : sq)
    for (int64_t j = 0; j < n; ++j)
      sq += (xi[j] - mean) * (xi[j] - mean);
    float sd = std::sqrt(sq / float(n) + 1e-5f);
    for (int64_t j = 0; j < n; ++j)
      yi[j] = (xi[j] - mean) / sd;
  }
}

void eltwiseChain(const float *x, const float *y, float *__restrict out,
                  int64_t n) {
  // The five operations fused by hand into one loop.
#pragma omp parallel for simd
  for (int64_t i = 0; i < n; ++i) {
    float t = std::max(x[i] * 0.5f + y[i], 0.0f);
    out[i] = t * t - x[i];
  }
}

double streamTriad(int64_t n, int reps) {
  float *a = static_cast<float *>(std::aligned_alloc(64, n * sizeof(float)));
  float *b = static_cast<float *>(std::aligned_alloc(64, n * sizeof(float)));
  float *c = static_cast<float *>(std::aligned_alloc(64, n * sizeof(float)));
  // First touch by the same threads that run the triad.
#pragma omp parallel for simd
  for (int64_t i = 0; i < n; ++i) {
    a[i] = 0;
    b[i] = 1;
    c[i] = 2;
  }
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    triad(a, b, c, 3.0f, n);
    std::chrono::duration<double> t = std::chrono::steady_clock::now() - t0;
    best = std::min(best, t.count());
  }
  volatile float sink = a[n / 2];
  (void)sink;
  std::free(a);
  std::free(b);
  std::free(c);
  return 3.0 * n * sizeof(float) / best / 1e9;
}

} // namespace REF_NS
