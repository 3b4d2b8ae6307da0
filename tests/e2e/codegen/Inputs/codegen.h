// Helpers shared by the code generation end-to-end drivers (tests/e2e/codegen):
// deterministic inputs, memref descriptors over std::vector storage, reading a
// result through its descriptor's sizes and strides, and one comparison per
// case that prints "ok <case>" or "FAIL <case>: ..." and counts failures.
//
// Tolerances: integer results and results the data makes exact compare
// exactly; float reductions of K terms may be reassociated (split into partial
// sums, vector lanes, FMAs), so they get the bound any summation order obeys,
// 2 K eps sum|term|, which still catches a lost or doubled term for the sizes
// used here. Long sums use inputs that are multiples of 1/4 in [-2, 2]: every
// partial sum is then exact in f32 and the result must match exactly.
#pragma once
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace cg {

inline int failures = 0;
inline int cases = 0;

// splitmix64: the same inputs on every run and every machine.
struct Rng {
  uint64_t state;
  explicit Rng(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform(double lo, double hi) {
    return lo + (hi - lo) * (double)(next() >> 11) * 0x1.0p-53;
  }
  int64_t integer(int64_t lo, int64_t hi) { // inclusive
    return lo + (int64_t)(next() % (uint64_t)(hi - lo + 1));
  }
};

// Uniform in [lo, hi).
template <typename T>
std::vector<T> randomReal(size_t n, uint64_t seed, double lo = -1,
                          double hi = 1) {
  Rng rng(seed);
  std::vector<T> v(n);
  v.reserve(1); // a real pointer even for empty arrays
  for (T &x : v)
    x = (T)rng.uniform(lo, hi);
  return v;
}

// Multiples of 1/4 in [-2, 2]: sums of up to 2^22 of them are exact in f32.
template <typename T> std::vector<T> randomQuarters(size_t n, uint64_t seed) {
  Rng rng(seed);
  std::vector<T> v(n);
  v.reserve(1);
  for (T &x : v)
    x = (T)(rng.integer(-8, 8) * 0.25);
  return v;
}

template <typename T>
std::vector<T> randomInt(size_t n, uint64_t seed, int64_t lo, int64_t hi) {
  Rng rng(seed);
  std::vector<T> v(n);
  v.reserve(1);
  for (T &x : v)
    x = (T)rng.integer(lo, hi);
  return v;
}

inline int64_t product(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  return n;
}

// "7x13x5"
inline std::string dims(const std::vector<int64_t> &shape) {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? "x" : "") + std::to_string(shape[i]);
  return s;
}

template <typename M> constexpr size_t rankOf() {
  return sizeof(M::sizes) / sizeof(int64_t);
}

// A descriptor over contiguous row-major storage of `shape`.
template <typename M, typename T>
M view(std::vector<T> &v, const std::vector<int64_t> &shape) {
  static_assert(std::is_same_v<decltype(M::aligned), T *>);
  constexpr size_t rank = rankOf<M>();
  if (shape.size() != rank || (int64_t)v.size() != product(shape)) {
    std::printf("FAIL driver: view of %zu elements as %s\n", v.size(),
                dims(shape).c_str());
    std::exit(2);
  }
  M m;
  m.allocated = v.data();
  m.aligned = v.data();
  m.offset = 0;
  int64_t stride = 1;
  for (size_t d = rank; d-- > 0;) {
    m.sizes[d] = shape[d];
    m.strides[d] = stride;
    stride *= shape[d];
  }
  return m;
}

// Element `flat` (row-major over the descriptor's own sizes) of a result.
template <typename M> auto element(const M &m, int64_t flat) {
  constexpr size_t rank = rankOf<M>();
  int64_t at = m.offset;
  for (size_t d = rank; d-- > 0;) {
    at += (flat % m.sizes[d]) * m.strides[d];
    flat /= m.sizes[d];
  }
  return m.aligned[at];
}

// Results are allocated by the kernels with malloc; the caller owns them.
template <typename M> void release(M &m) { std::free(m.allocated); }

inline void report(const std::string &label, int bad,
                   const std::string &first) {
  ++cases;
  if (bad == 0) {
    std::printf("ok %s\n", label.c_str());
  } else {
    ++failures;
    std::printf("FAIL %s: %d wrong, first %s\n", label.c_str(), bad,
                first.c_str());
  }
  std::fflush(stdout);
}

// Compares result `got` with `want` (row-major over `shape`): element i may
// differ by at most tol[i] (tol empty: exactly equal). Returns the number of
// wrong elements (a wrong shape counts as one) and describes the first.
template <typename M, typename W>
int compare(const M &got, const std::vector<int64_t> &shape,
            const std::vector<W> &want, const std::vector<double> &tol,
            std::string &first) {
  constexpr size_t rank = rankOf<M>();
  for (size_t d = 0; d < rank; ++d)
    if (d >= shape.size() || got.sizes[d] != shape[d]) {
      std::vector<int64_t> gotShape(got.sizes, got.sizes + rank);
      first = "shape " + dims(gotShape) + ", want " + dims(shape);
      return 1;
    }
  int bad = 0;
  int64_t n = product(shape);
  for (int64_t i = 0; i < n; ++i) {
    double g = (double)element(got, i), w = (double)want[i];
    double bound = tol.empty() ? 0.0 : tol[i];
    bool same =
        (std::isnan(g) && std::isnan(w)) || g == w || std::fabs(g - w) <= bound;
    if (!same && bad++ == 0) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "at %lld: got %.9g, want %.9g (tol %.3g)",
                    (long long)i, g, w, bound);
      first = buf;
    }
  }
  return bad;
}

// One case with one result.
template <typename M, typename W>
void check(const std::string &label, const M &got,
           const std::vector<int64_t> &shape, const std::vector<W> &want,
           const std::vector<double> &tol = {}) {
  std::string first;
  int bad = compare(got, shape, want, tol, first);
  report(label, bad, first);
}

// A scalar result.
template <typename T, typename W>
void checkScalar(const std::string &label, T got, W want, double tol = 0) {
  double g = (double)got, w = (double)want;
  bool same = g == w || std::fabs(g - w) <= tol;
  char buf[160];
  std::snprintf(buf, sizeof buf, "got %.9g, want %.9g (tol %.3g)", g, w, tol);
  report(label, same ? 0 : 1, buf);
}

// Inputs are read-only for the kernels.
template <typename T>
void checkUnchanged(const std::string &label, const std::vector<T> &now,
                    const std::vector<T> &before) {
  if (now != before)
    report(label + " (input modified)", 1, "an input array changed");
}

template <typename T> constexpr double epsilon() {
  return std::numeric_limits<T>::epsilon();
}

// Error bound of a T sum of `terms` terms whose magnitudes add up to `mass`,
// in any order.
template <typename T> double sumBound(int64_t terms, double mass) {
  return 2.0 * (double)(terms + 1) * epsilon<T>() * mass;
}

// The 2-D shapes most drivers run every kernel on (m x n).
inline const std::vector<std::array<int64_t, 2>> kShapes2d = {
    {0, 7},    {7, 0},       {1, 1},       {7, 13},     {13, 7},    {1, 1025},
    {1023, 1}, {1023, 1025}, {1025, 1023}, {3, 262147}, {262147, 3}};

// A double reference sum of term(0) ... term(terms - 1), in that order, with
// the sum of their magnitudes for sumBound.
struct RefSum {
  double sum = 0, mass = 0;
};
template <typename F> RefSum refSum(int64_t terms, F term) {
  RefSum r;
  for (int64_t t = 0; t < terms; ++t) {
    double v = term(t);
    r.sum += v;
    r.mass += std::fabs(v);
  }
  return r;
}

// An input array and the copy taken before the kernel ran.
template <typename T> struct Input {
  const std::vector<T> &now, &before;
};
template <typename T>
Input<T> unchanged(const std::vector<T> &now, const std::vector<T> &before) {
  return {now, before};
}

// One case with one kernel-allocated result: checks it, checks that the
// inputs are unchanged, then frees the result.
template <typename M, typename W, typename... T>
void checkCase(const std::string &label, M &got,
               const std::vector<int64_t> &shape, const std::vector<W> &want,
               const std::vector<double> &tol, Input<T>... inputs) {
  check(label, got, shape, want, tol);
  (checkUnchanged(label, inputs.now, inputs.before), ...);
  release(got);
}

// A lambda calling kernel `name` on descriptor pointers and returning its
// single result: _mlir_ciface_<name>(&result, args...).
#define KERNEL(name)                                                           \
  [](auto *...args) {                                                          \
    imexc_##name##_result r;                                                   \
    _mlir_ciface_##name(&r, args...);                                          \
    return r.r0;                                                               \
  }

// Prints the summary line; the exit status says whether all cases passed.
inline int finish() {
  std::printf("%d cases, %d failed\n", cases, failures);
  return failures == 0 ? 0 : 1;
}

} // namespace cg
