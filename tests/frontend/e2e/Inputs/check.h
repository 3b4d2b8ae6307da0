// Helpers shared by the .nda end-to-end drivers: memref descriptors over
// std::vector storage, element access through the descriptor's strides, and
// comparisons that count and print mismatches.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace e2e {

inline int failures = 0;

// A 1-d or 2-d descriptor over contiguous row-major storage.
template <typename M, typename T> M view1(std::vector<T> &v) {
  M m;
  m.allocated = v.data();
  m.aligned = v.data();
  m.offset = 0;
  m.sizes[0] = (int64_t)v.size();
  m.strides[0] = 1;
  return m;
}
template <typename M, typename T>
M view2(std::vector<T> &v, int64_t rows, int64_t cols) {
  M m;
  m.allocated = v.data();
  m.aligned = v.data();
  m.offset = 0;
  m.sizes[0] = rows;
  m.sizes[1] = cols;
  m.strides[0] = cols;
  m.strides[1] = 1;
  return m;
}

template <typename M> auto at1(const M &m, int64_t i) {
  return m.aligned[m.offset + i * m.strides[0]];
}
template <typename M> auto at2(const M &m, int64_t i, int64_t j) {
  return m.aligned[m.offset + i * m.strides[0] + j * m.strides[1]];
}

inline bool close(double got, double want, double tol) {
  return std::fabs(got - want) <= tol * (1.0 + std::fabs(want));
}

inline void expect(const char *what, double got, double want,
                   double tol = 1e-5) {
  if (!close(got, want, tol)) {
    ++failures;
    std::printf("mismatch %s: got %.9g, want %.9g\n", what, got, want);
  }
}

inline void expectSize(const char *what, int64_t got, int64_t want) {
  if (got != want) {
    ++failures;
    std::printf("mismatch %s: size %lld, want %lld\n", what, (long long)got,
                (long long)want);
  }
}

template <typename M, typename T>
void expect1(const char *what, const M &m, const std::vector<T> &want,
             double tol = 1e-5) {
  expectSize(what, m.sizes[0], (int64_t)want.size());
  if (m.sizes[0] != (int64_t)want.size())
    return;
  for (int64_t i = 0; i < m.sizes[0]; ++i)
    if (!close((double)at1(m, i), (double)want[i], tol)) {
      ++failures;
      std::printf("mismatch %s[%lld]: got %.9g, want %.9g\n", what,
                  (long long)i, (double)at1(m, i), (double)want[i]);
    }
}

template <typename M, typename T>
void expect2(const char *what, const M &m, const std::vector<T> &want,
             int64_t rows, int64_t cols, double tol = 1e-5) {
  expectSize(what, m.sizes[0], rows);
  expectSize(what, m.sizes[1], cols);
  if (m.sizes[0] != rows || m.sizes[1] != cols)
    return;
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      if (!close((double)at2(m, i, j), (double)want[i * cols + j], tol)) {
        ++failures;
        std::printf("mismatch %s[%lld,%lld]: got %.9g, want %.9g\n", what,
                    (long long)i, (long long)j, (double)at2(m, i, j),
                    (double)want[i * cols + j]);
      }
}

// Prints "ok" when nothing mismatched; the exit status says the same.
inline int finish() {
  if (failures == 0)
    std::printf("ok\n");
  else
    std::printf("%d mismatches\n", failures);
  return failures == 0 ? 0 : 1;
}

} // namespace e2e
