// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Host-kernel benchmark driver (run.sh builds and runs it). Times, in one
// process, the kernels of kernels/*.mlir compiled by imexc (OpenMP, at 1 and
// 2 threads) against these anchors and prints ratios:
//   - hand-written C++ loops (ref.cpp), serial and with OpenMP,
//   - the same .mlir compiled by the upstream MLIR chain (single-threaded),
//   - STREAM triad bandwidth, for the memory-bound kernels,
//   - OpenBLAS (cblas_sgemm / cblas_sgemv) for the contractions.
// Every imexc (and chain) result is checked against the serial C++ result.
//
// ABIs. Both compilers export `_mlir_ciface_<name>(result*, args*...)`: tensor
// arguments are memref descriptors passed by pointer, the returned tensor
// comes back through the first pointer argument as a descriptor of a buffer
// the kernel malloc'd (the caller frees `allocated`). imexc's types come from
// its generated headers (imexc_kernels.h includes them all); the chain's are
// declared below from upstream MLIR's C-interface convention. run.sh renames
// the chain's symbols to chain_<name> so both objects link into one program,
// and writes available.h (IMEXC_HAS_<k>, CHAIN_HAS_<k>) for the kernels each
// compiler built.
#include "available.h"
#include "imexc_kernels.h"
#include "ref.h"

#include <cblas.h>
#include <malloc.h>
#include <omp.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>
#include <vector>

// ---- The upstream chain's C interface (StridedMemRefType layout). --------
template <int N> struct ChainMemRef {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[N];
  int64_t strides[N];
};
template <> struct ChainMemRef<0> {
  float *allocated;
  float *aligned;
  int64_t offset;
};
using CM0 = ChainMemRef<0>;
using CM1 = ChainMemRef<1>;
using CM2 = ChainMemRef<2>;
using CM3 = ChainMemRef<3>;
using CM4 = ChainMemRef<4>;

extern "C" {
void chain__mlir_ciface_triad(CM1 *, CM1 *, CM1 *, float);
void chain__mlir_ciface_sum(CM0 *, CM1 *);
void chain__mlir_ciface_maxreduce(CM0 *, CM1 *);
void chain__mlir_ciface_rowsum(CM1 *, CM2 *);
void chain__mlir_ciface_colsum(CM1 *, CM2 *);
void chain__mlir_ciface_matvec(CM1 *, CM2 *, CM1 *);
void chain__mlir_ciface_matmul(CM2 *, CM2 *, CM2 *);
void chain__mlir_ciface_batch_matmul(CM3 *, CM3 *, CM3 *);
void chain__mlir_ciface_conv2d(CM4 *, CM4 *, CM4 *);
void chain__mlir_ciface_transpose(CM2 *, CM2 *);
void chain__mlir_ciface_softmax(CM2 *, CM2 *);
void chain__mlir_ciface_layernorm(CM2 *, CM2 *);
void chain__mlir_ciface_eltwise_chain(CM1 *, CM1 *, CM1 *);
}

namespace {

using Clock = std::chrono::steady_clock;

// ---- Descriptors ----------------------------------------------------------

/// A descriptor (either ABI) for a dense row-major array.
template <class D, int N> D desc(const float *p, std::array<int64_t, N> sizes) {
  D d;
  d.allocated = const_cast<float *>(p);
  d.aligned = const_cast<float *>(p);
  d.offset = 0;
  if constexpr (N > 0) {
    int64_t stride = 1;
    for (int i = N - 1; i >= 0; --i) {
      d.sizes[i] = sizes[i];
      d.strides[i] = stride;
      stride *= sizes[i];
    }
  }
  return d;
}

/// A kernel's returned buffer, whichever ABI it came from.
struct Result {
  void *toFree = nullptr;
  const float *data = nullptr;
  int rank = 0;
  int64_t sizes[4] = {}, strides[4] = {};
};

template <int N, class D> Result result(const D &d) {
  Result r;
  r.toFree = d.allocated;
  r.data = d.aligned + d.offset;
  r.rank = N;
  if constexpr (N > 0)
    for (int i = 0; i < N; ++i) {
      r.sizes[i] = d.sizes[i];
      r.strides[i] = d.strides[i];
    }
  return r;
}

/// An input array of a kernel call: its data and row-major sizes.
template <int N> struct Arg {
  const float *data;
  std::array<int64_t, N> sizes;
};

/// The rank of a descriptor type of either ABI (a 0-d one has no sizes).
template <class D, class = void> struct RankOf {
  static constexpr int value = 0;
};
template <class D> struct RankOf<D, std::void_t<decltype(D::sizes)>> {
  static constexpr int value = int(sizeof(D::sizes) / sizeof(int64_t));
};

/// One argument of a kernel call as the kernel's parameter type P takes it:
/// a scalar as is, a descriptor pointer (below) built from an Arg.
template <class P> struct Slot {
  P value;
  P get() const { return value; }
};
template <class D> struct Slot<D *> {
  D d;
  template <int N> Slot(const Arg<N> &a) : d(desc<D, N>(a.data, a.sizes)) {
    static_assert(N == RankOf<D>::value, "argument rank");
  }
  D *get() { return &d; }
};

template <class R, class = void> struct HasR0 : std::false_type {};
template <class R>
struct HasR0<R, std::void_t<decltype(R::r0)>> : std::true_type {};

/// Calls kernel f of either ABI (imexc: a result struct with r0; the chain:
/// the returned descriptor itself) on args, each an Arg<N> for a descriptor
/// parameter or a scalar, and wraps the returned buffer.
template <class R, class... P, class... A>
Result call(void (*f)(R *, P...), const A &...args) {
  static_assert(sizeof...(P) == sizeof...(A), "argument count");
  std::tuple<Slot<P>...> slots{Slot<P>{args}...};
  R r;
  std::apply([&](auto &...slot) { f(&r, slot.get()...); }, slots);
  if constexpr (HasR0<R>::value)
    return result<RankOf<decltype(r.r0)>::value>(r.r0);
  else
    return result<RankOf<R>::value>(r);
}

// ---- Data -----------------------------------------------------------------

/// A float array whose start is cache-line aligned and, buffer by buffer, at
/// a different offset within a 4 KiB page. (Where arrays share their offset
/// mod 4096, the loads of one and the stores to another falsely depend on
/// each other in the core, which made, e.g., the C++ conv2d 2.5x slower or
/// not depending on where malloc happened to put its output.)
class Buffer {
public:
  Buffer() = default;
  explicit Buffer(size_t n) { resize(n); }
  void resize(size_t n) {
    static unsigned counter = 0;
    size_t offset = (counter++ * 17 * 64) % 4096; // distinct for 64 buffers
    size_t bytes = (offset + n * sizeof(float) + 4095) / 4096 * 4096;
    storage.reset(static_cast<char *>(std::aligned_alloc(4096, bytes)));
    ptr = reinterpret_cast<float *>(storage.get() + offset);
    count = n;
    std::fill(ptr, ptr + n, 0.0f); // touch every page now
  }
  float *data() { return ptr; }
  const float *data() const { return ptr; }
  size_t size() const { return count; }
  float &operator[](size_t i) { return ptr[i]; }
  const float &operator[](size_t i) const { return ptr[i]; }
  float *begin() { return ptr; }
  float *end() { return ptr + count; }
  const float *begin() const { return ptr; }
  const float *end() const { return ptr + count; }

private:
  struct Free {
    void operator()(char *p) const { std::free(p); }
  };
  std::unique_ptr<char[], Free> storage;
  float *ptr = nullptr;
  size_t count = 0;
};

Buffer randomVector(size_t n, uint64_t seed) {
  Buffer v(n);
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  for (auto &x : v) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    x = float(int64_t(s >> 40) - (1 << 23)) / float(1 << 23); // [-1, 1)
  }
  return v;
}

// ---- One benchmark --------------------------------------------------------

struct Bench {
  std::string name;
  double bytes = 0; // compulsory memory traffic (memory-bound kernels)
  double flops = 0; // floating-point operations (compute-bound kernels)
  std::function<Result()> imexc, chain;          // empty: the compiler failed
  std::function<void()> cppSerial, cppOmp, blas; // blas empty: no anchor
  Buffer ref;                                    // written by cppSerial
  std::vector<int64_t> refSizes;
  std::vector<const void *> inputs; // never freed, even if returned
  double rtol = 1e-4;
  int maxReps = 30;
  // Measurements.
  double tCpp = 0, tChain = 0, tImexc[3] = {}, tOmp[3] = {}, tBlas[3] = {};
  std::string checkImexc[3], checkChain;
};

constexpr double kBudget = 0.5; // seconds per measurement after two runs

/// One timed run of a measurement: its wall time in seconds.
using TimedRun = std::function<double()>;

/// Times f; `after` gets f's result outside the timed region.
template <class F, class After> TimedRun timed(F f, After after) {
  return [f, after]() mutable {
    auto t0 = Clock::now();
    auto result = f();
    double t = std::chrono::duration<double>(Clock::now() - t0).count();
    after(result);
    return t;
  };
}

template <class F> TimedRun timed(F f) {
  return timed(
      [f]() mutable {
        f();
        return 0;
      },
      [](int) {});
}

/// Best time of each of `runs`, measured in rounds in which each runs once
/// in turn, so that a slow stretch of a shared machine slows all of them
/// alike rather than whichever was being measured. Up to maxReps rounds;
/// stops once kBudget per run is spent (after at least two rounds, or one
/// that alone took over a second per run).
std::vector<double> bestInterleaved(int maxReps, std::vector<TimedRun> runs) {
  std::vector<double> bestTimes(runs.size(), 1e30);
  double total = 0, budget = kBudget * runs.size();
  for (int r = 0; r < maxReps; ++r) {
    double round = 0;
    for (size_t i = 0; i < runs.size(); ++i) {
      double t = runs[i]();
      bestTimes[i] = std::min(bestTimes[i], t);
      round += t;
    }
    total += round;
    if (total > budget && (r >= 1 || round > 1.0 * runs.size()))
      break;
  }
  return bestTimes;
}

double best(int maxReps, TimedRun run) {
  return bestInterleaved(maxReps, {std::move(run)})[0];
}

/// Compares a returned buffer with the serial C++ result: every element
/// within rtol * |ref| + rtol * max|ref|.
std::string check(const Bench &b, const Result &r) {
  int rank = int(b.refSizes.size());
  if (r.rank != rank)
    return "WRONG rank";
  for (int i = 0; i < rank; ++i)
    if (r.sizes[i] != b.refSizes[i])
      return "WRONG shape";
  double scale = 0;
  for (float v : b.ref)
    scale = std::max(scale, double(std::fabs(v)));
  double worst = 0;
  bool bad = false;
  int64_t idx[4] = {};
  for (size_t lin = 0; lin < b.ref.size(); ++lin) {
    int64_t off = 0;
    for (int i = 0; i < rank; ++i)
      off += idx[i] * r.strides[i];
    double got = r.data[off], want = b.ref[lin];
    double err = std::fabs(got - want);
    if (!(err <= b.rtol * (std::fabs(want) + scale)))
      bad = true;
    if (!(err <= worst))
      worst = err;
    for (int i = rank - 1; i >= 0; --i) {
      if (++idx[i] < b.refSizes[i])
        break;
      idx[i] = 0;
    }
  }
  if (!bad)
    return "ok";
  char buf[64];
  std::snprintf(buf, sizeof buf, "WRONG err %.3g",
                worst / (scale > 0 ? scale : 1));
  return buf;
}

/// Runs of a compiled kernel; checks its first result and frees every one
/// (neither is timed).
TimedRun kernelRuns(Bench &b, const std::function<Result()> &run,
                    std::string &verdict) {
  auto first = std::make_shared<bool>(true);
  return timed(run, [&b, &verdict, first](const Result &r) {
    if (*first) {
      verdict = check(b, r);
      *first = false;
    }
    if (std::find(b.inputs.begin(), b.inputs.end(), r.toFree) == b.inputs.end())
      std::free(r.toFree);
  });
}

const char *fmtRatio(char *buf, double num, double den) {
  if (num <= 0 || den <= 0)
    return "n/a";
  std::snprintf(buf, 16, "%.2f", num / den);
  return buf;
}

} // namespace

int main(int argc, char **argv) {
  // Optional argument: run only the kernels whose name contains it.
  std::string filter = argc > 1 ? argv[1] : "";
  // Kernels return freshly malloc'd buffers. Keep glibc from serving them
  // with mmap/munmap (which would make every call page-fault its output in):
  // freed blocks go back to the heap and are reused, like a caching
  // allocator would. The C++ loops write into preallocated buffers.
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, INT_MAX);
  mallopt(M_TOP_PAD, 64 << 20);

  const int64_t n1 = int64_t(1) << 24; // 1-D kernels
  const int64_t big = 4096;            // 2-D memory-bound kernels
  const int64_t sm = 1024;             // softmax, layer norm
  auto x1 = randomVector(n1, 1), y1 = randomVector(n1, 2);
  auto a2 = randomVector(big * big, 3), xv = randomVector(big, 4);
  auto s2 = randomVector(sm * sm, 5);
  const int64_t mmMax = 2048;
  auto ma = randomVector(mmMax * mmMax, 6), mb = randomVector(mmMax * mmMax, 7);
  const int64_t bb = 16, bm = 256, bn = 256, bk = 256;
  auto ba = randomVector(bb * bm * bk, 8), bbm = randomVector(bb * bk * bn, 9);
  const int64_t cN = 1, cH = 128, cW = 128, cC = 64, cKH = 3, cKW = 3, cF = 64;
  const int64_t cOH = cH - cKH + 1, cOW = cW - cKW + 1;
  auto cin = randomVector(cN * cH * cW * cC, 10),
       cw = randomVector(cKH * cKW * cC * cF, 11);
  Buffer scratch(std::max(n1, big * big)); // the other anchors' outputs
  volatile float sink = 0;
  const float s = 3.0f;

  std::vector<Bench> benches;
  benches.reserve(32); // the cppSerial lambdas keep pointers to their Bench
  auto add = [&](Bench b) { benches.push_back(std::move(b)); };

  { // triad
    Bench b;
    b.name = "triad a=b+s*c 2^24";
    b.bytes = 12.0 * n1;
    b.refSizes = {n1};
    b.inputs = {x1.data(), y1.data()};
    [[maybe_unused]] auto run = [&](auto f) {
      return [&, f] {
        return call(f, Arg<1>{x1.data(), {n1}}, Arg<1>{y1.data(), {n1}}, s);
      };
    };
#ifdef IMEXC_HAS_triad
    b.imexc = run(_mlir_ciface_triad);
#endif
#ifdef CHAIN_HAS_triad
    b.chain = run(chain__mlir_ciface_triad);
#endif
    add(std::move(b));
    Bench &r = benches.back();
    r.ref.resize(n1);
    r.cppSerial = [&, p = &r] {
      ref_serial::triad(p->ref.data(), x1.data(), y1.data(), s, n1);
    };
    r.cppOmp = [&] {
      ref_omp::triad(scratch.data(), x1.data(), y1.data(), s, n1);
    };
  }
  { // sum
    Bench b;
    b.name = "sum 2^24";
    b.bytes = 4.0 * n1;
    b.refSizes = {};
    b.ref.resize(1);
    b.inputs = {x1.data()};
    [[maybe_unused]] auto run = [&](auto f) {
      return [&, f] { return call(f, Arg<1>{x1.data(), {n1}}); };
    };
#ifdef IMEXC_HAS_sum
    b.imexc = run(_mlir_ciface_sum);
#endif
#ifdef CHAIN_HAS_sum
    b.chain = run(chain__mlir_ciface_sum);
#endif
    add(std::move(b));
    Bench &r = benches.back();
    r.cppSerial = [&, p = &r] { p->ref[0] = ref_serial::sum(x1.data(), n1); };
    r.cppOmp = [&] { sink = ref_omp::sum(x1.data(), n1); };
  }
  { // maxreduce
    Bench b;
    b.name = "max-reduce 2^24";
    b.bytes = 4.0 * n1;
    b.refSizes = {};
    b.ref.resize(1);
    b.inputs = {x1.data()};
    [[maybe_unused]] auto run = [&](auto f) {
      return [&, f] { return call(f, Arg<1>{x1.data(), {n1}}); };
    };
#ifdef IMEXC_HAS_maxreduce
    b.imexc = run(_mlir_ciface_maxreduce);
#endif
#ifdef CHAIN_HAS_maxreduce
    b.chain = run(chain__mlir_ciface_maxreduce);
#endif
    add(std::move(b));
    Bench &r = benches.back();
    r.cppSerial = [&, p = &r] {
      p->ref[0] = ref_serial::maxreduce(x1.data(), n1);
    };
    r.cppOmp = [&] { sink = ref_omp::maxreduce(x1.data(), n1); };
  }
  { // rowsum
    Bench b;
    b.name = "row sum 4096x4096";
    b.bytes = 4.0 * big * big + 4.0 * big;
    b.refSizes = {big};
    b.ref.resize(big);
    b.inputs = {a2.data()};
    [[maybe_unused]] auto run = [&](auto f) {
      return [&, f] { return call(f, Arg<2>{a2.data(), {big, big}}); };
    };
#ifdef IMEXC_HAS_rowsum
    b.imexc = run(_mlir_ciface_rowsum);
#endif
#ifdef CHAIN_HAS_rowsum
    b.chain = run(chain__mlir_ciface_rowsum);
#endif
    add(std::move(b));
    Bench &r = benches.back();
    r.cppSerial = [&, p = &r] {
      ref_serial::rowsum(a2.data(), p->ref.data(), big, big);
    };
    r.cppOmp = [&] { ref_omp::rowsum(a2.data(), scratch.data(), big, big); };
  }
  { // colsum
    Bench b;
    b.name = "column sum 4096x4096";
    b.bytes = 4.0 * big * big + 4.0 * big;
    b.refSizes = {big};
    b.ref.resize(big);
    b.inputs = {a2.data()};
    [[maybe_unused]] auto run = [&](auto f) {
      return [&, f] { return call(f, Arg<2>{a2.data(), {big, big}}); };
    };
#ifdef IMEXC_HAS_colsum
    b.imexc = run(_mlir_ciface_colsum);
#endif
#ifdef CHAIN_HAS_colsum
    b.chain = run(chain__mlir_ciface_colsum);
#endif
    add(std::move(b));
    Bench &r = benches.back();
    r.cppSerial = [&, p = &r] {
      ref_serial::colsum(a2.data(), p->ref.data(), big, big);
    };
    r.cppOmp = [&] { ref_omp::colsum(a2.data(), scratch.data(), big, big); };
  }
  { // matvec
    Bench b;
    b.name = "matvec 4096x4096";
    b.bytes = 4.0 * big * big + 8.0 * big;
    b.flops = 2.0 * big * big;
    b.refSizes = {big};
    b.ref.resize(big);
    b.inputs = {a2.data(), xv.data()};
    [[maybe_unused]] auto run = [&](auto f) {
      return [&, f] {
        return call(f, Arg<2>{a2.data(), {big, big}}, Arg<1>{xv.data(), {big}});
      };
    };
#ifdef IMEXC_HAS_matvec
    b.imexc = run(_mlir_ciface_matvec);
#endif
#ifdef CHAIN_HAS_matvec
    b.chain = run(chain__mlir_ciface_matvec);
#endif
    add(std::move(b));
    Bench &r = benches.back();
    r.cppSerial = [&, p = &r] {
      ref_serial::matvec(a2.data(), xv.data(), p->ref.data(), big, big);
    };
    r.cppOmp = [&] {
      ref_omp::matvec(a2.data(), xv.data(), scratch.data(), big, big);
    };
    r.blas = [&] {
      cblas_sgemv(CblasRowMajor, CblasNoTrans, big, big, 1.0f, a2.data(), big,
                  xv.data(), 1, 0.0f, scratch.data(), 1);
    };
  }
  // matmul, M x N x K.
  const std::array<int64_t, 3> mmSizes[] = {
      {256, 256, 256},    {512, 512, 512},    {1024, 1024, 1024},
      {2048, 2048, 2048}, {1000, 1000, 1000}, {777, 1023, 513}};
  for (auto sz : mmSizes) {
    int64_t m = sz[0], n = sz[1], k = sz[2];
    Bench b;
    char name[64];
    if (m == n && n == k)
      std::snprintf(name, sizeof name, "matmul %ld", long(m));
    else
      std::snprintf(name, sizeof name, "matmul %ldx%ldx%ld (MxNxK)", long(m),
                    long(n), long(k));
    b.name = name;
    b.flops = 2.0 * m * n * k;
    b.refSizes = {m, n};
    b.ref.resize(m * n);
    b.inputs = {ma.data(), mb.data()};
    b.maxReps = m >= 2048 ? 3 : 30;
    [[maybe_unused]] auto run = [&, m, n, k](auto f) {
      return [&, m, n, k, f] {
        return call(f, Arg<2>{ma.data(), {m, k}}, Arg<2>{mb.data(), {k, n}});
      };
    };
#ifdef IMEXC_HAS_matmul
    b.imexc = run(_mlir_ciface_matmul);
#endif
#ifdef CHAIN_HAS_matmul
    b.chain = run(chain__mlir_ciface_matmul);
#endif
    add(std::move(b));
    Bench &r = benches.back();
    r.cppSerial = [&, p = &r, m, n, k] {
      ref_serial::matmul(ma.data(), mb.data(), p->ref.data(), m, n, k);
    };
    r.cppOmp = [&, m, n, k] {
      ref_omp::matmul(ma.data(), mb.data(), scratch.data(), m, n, k);
    };
    r.blas = [&, m, n, k] {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f,
                  ma.data(), k, mb.data(), n, 0.0f, scratch.data(), n);
    };
  }
  { // batch matmul
    Bench b;
    b.name = "batch matmul 16x256x256x256";
    b.flops = 2.0 * bb * bm * bn * bk;
    b.refSizes = {bb, bm, bn};
    b.ref.resize(bb * bm * bn);
    b.inputs = {ba.data(), bbm.data()};
    [[maybe_unused]] auto run = [&](auto f) {
      return [&, f] {
        return call(f, Arg<3>{ba.data(), {bb, bm, bk}},
                    Arg<3>{bbm.data(), {bb, bk, bn}});
      };
    };
#ifdef IMEXC_HAS_batch_matmul
    b.imexc = run(_mlir_ciface_batch_matmul);
#endif
#ifdef CHAIN_HAS_batch_matmul
    b.chain = run(chain__mlir_ciface_batch_matmul);
#endif
    add(std::move(b));
    Bench &r = benches.back();
    r.cppSerial = [&, p = &r] {
      ref_serial::batchMatmul(ba.data(), bbm.data(), p->ref.data(), bb, bm, bn,
                              bk);
    };
    r.cppOmp = [&] {
      ref_omp::batchMatmul(ba.data(), bbm.data(), scratch.data(), bb, bm, bn,
                           bk);
    };
    r.blas = [&] {
      for (int64_t q = 0; q < bb; ++q)
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, bm, bn, bk, 1.0f,
                    ba.data() + q * bm * bk, bk, bbm.data() + q * bk * bn, bn,
                    0.0f, scratch.data() + q * bm * bn, bn);
    };
  }
  { // conv2d
    Bench b;
    b.name = "conv2d 1x128x128x64 3x3 ->64";
    b.flops = 2.0 * cN * cOH * cOW * cF * cKH * cKW * cC;
    b.refSizes = {cN, cOH, cOW, cF};
    b.ref.resize(cN * cOH * cOW * cF);
    b.inputs = {cin.data(), cw.data()};
    [[maybe_unused]] auto run = [&](auto f) {
      return [&, f] {
        return call(f, Arg<4>{cin.data(), {cN, cH, cW, cC}},
                    Arg<4>{cw.data(), {cKH, cKW, cC, cF}});
      };
    };
#ifdef IMEXC_HAS_conv2d
    b.imexc = run(_mlir_ciface_conv2d);
#endif
#ifdef CHAIN_HAS_conv2d
    b.chain = run(chain__mlir_ciface_conv2d);
#endif
    add(std::move(b));
    Bench &r = benches.back();
    r.cppSerial = [&, p = &r] {
      ref_serial::conv2d(cin.data(), cw.data(), p->ref.data(), cN, cH, cW, cC,
                         cKH, cKW, cF);
    };
    r.cppOmp = [&] {
      ref_omp::conv2d(cin.data(), cw.data(), scratch.data(), cN, cH, cW, cC,
                      cKH, cKW, cF);
    };
  }
  { // transpose
    Bench b;
    b.name = "transpose 4096x4096";
    b.bytes = 8.0 * big * big;
    b.refSizes = {big, big};
    b.ref.resize(big * big);
    b.inputs = {a2.data()};
    [[maybe_unused]] auto run = [&](auto f) {
      return [&, f] { return call(f, Arg<2>{a2.data(), {big, big}}); };
    };
#ifdef IMEXC_HAS_transpose
    b.imexc = run(_mlir_ciface_transpose);
#endif
#ifdef CHAIN_HAS_transpose
    b.chain = run(chain__mlir_ciface_transpose);
#endif
    add(std::move(b));
    Bench &r = benches.back();
    r.cppSerial = [&, p = &r] {
      ref_serial::transpose(a2.data(), p->ref.data(), big, big);
    };
    r.cppOmp = [&] { ref_omp::transpose(a2.data(), scratch.data(), big, big); };
  }
  { // softmax
    Bench b;
    b.name = "softmax rows 1024x1024";
    b.bytes = 8.0 * sm * sm;
    b.refSizes = {sm, sm};
    b.ref.resize(sm * sm);
    b.inputs = {s2.data()};
    [[maybe_unused]] auto run = [&](auto f) {
      return [&, f] { return call(f, Arg<2>{s2.data(), {sm, sm}}); };
    };
#ifdef IMEXC_HAS_softmax
    b.imexc = run(_mlir_ciface_softmax);
#endif
#ifdef CHAIN_HAS_softmax
    b.chain = run(chain__mlir_ciface_softmax);
#endif
    add(std::move(b));
    Bench &r = benches.back();
    r.cppSerial = [&, p = &r] {
      ref_serial::softmax(s2.data(), p->ref.data(), sm, sm);
    };
    r.cppOmp = [&] { ref_omp::softmax(s2.data(), scratch.data(), sm, sm); };
  }
  { // layernorm
    Bench b;
    b.name = "layer norm rows 1024x1024";
    b.bytes = 8.0 * sm * sm;
    b.refSizes = {sm, sm};
    b.ref.resize(sm * sm);
    b.inputs = {s2.data()};
    [[maybe_unused]] auto run = [&](auto f) {
      return [&, f] { return call(f, Arg<2>{s2.data(), {sm, sm}}); };
    };
#ifdef IMEXC_HAS_layernorm
    b.imexc = run(_mlir_ciface_layernorm);
#endif
#ifdef CHAIN_HAS_layernorm
    b.chain = run(chain__mlir_ciface_layernorm);
#endif
    add(std::move(b));
    Bench &r = benches.back();
    r.cppSerial = [&, p = &r] {
      ref_serial::layernorm(s2.data(), p->ref.data(), sm, sm);
    };
    r.cppOmp = [&] { ref_omp::layernorm(s2.data(), scratch.data(), sm, sm); };
  }
  { // elementwise chain
    Bench b;
    b.name = "5 elementwise ops 2^24";
    b.bytes = 12.0 * n1;
    b.refSizes = {n1};
    b.ref.resize(n1);
    b.inputs = {x1.data(), y1.data()};
    [[maybe_unused]] auto run = [&](auto f) {
      return [&, f] {
        return call(f, Arg<1>{x1.data(), {n1}}, Arg<1>{y1.data(), {n1}});
      };
    };
#ifdef IMEXC_HAS_eltwise_chain
    b.imexc = run(_mlir_ciface_eltwise_chain);
#endif
#ifdef CHAIN_HAS_eltwise_chain
    b.chain = run(chain__mlir_ciface_eltwise_chain);
#endif
    add(std::move(b));
    Bench &r = benches.back();
    r.cppSerial = [&, p = &r] {
      ref_serial::eltwiseChain(x1.data(), y1.data(), p->ref.data(), n1);
    };
    r.cppOmp = [&] {
      ref_omp::eltwiseChain(x1.data(), y1.data(), scratch.data(), n1);
    };
  }

  auto since = [](Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
  };
  auto start = Clock::now();

  // Kernel by kernel, so that all of a kernel's numbers come from the same
  // stretch of time on a shared machine: first the single-threaded anchors
  // (the serial C++ loops, which also produce the reference result, and the
  // chain), then per thread count imexc and the OpenMP loops (libomp), in
  // alternation, and OpenBLAS (its own thread pool). A pool's threads spin for
  // a while after their last job (libomp: KMP_BLOCKTIME, 200 ms by default), so
  // switching from one pool, or from multi-threaded work, to the next waits
  // that out.
  auto pause = [] {
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  };
  double stream[3] = {};
  for (int t : {1, 2}) {
    omp_set_num_threads(t);
    stream[t] = ref_omp::streamTriad(int64_t(1) << 26, 10);
  }
  pause();
  for (Bench &b : benches) {
    if (!filter.empty() && b.name.find(filter) == std::string::npos)
      continue;
    b.tCpp = best(b.maxReps, timed(b.cppSerial));
    if (b.chain)
      b.tChain = best(b.maxReps, kernelRuns(b, b.chain, b.checkChain));
    for (int t : {1, 2}) {
      omp_set_num_threads(t);
      openblas_set_num_threads(t);
      // imexc and the OpenMP loops share libomp's pool, and the serial
      // loops none: measured in turn (the serial ones again with 1 thread).
      std::vector<TimedRun> runs = {timed(b.cppOmp)};
      if (t == 1)
        runs.push_back(timed(b.cppSerial));
      if (b.imexc)
        runs.push_back(kernelRuns(b, b.imexc, b.checkImexc[t]));
      std::vector<double> times = bestInterleaved(b.maxReps, runs);
      b.tOmp[t] = times[0];
      if (t == 1)
        b.tCpp = std::min(b.tCpp, times[1]);
      if (b.imexc)
        b.tImexc[t] = times.back();
      if (b.blas) {
        if (t > 1)
          pause();
        b.tBlas[t] = best(b.maxReps, timed(b.blas));
      }
      if (t > 1)
        pause();
    }
    std::fprintf(stderr, "%-30s done at %5.1f s\n", b.name.c_str(),
                 since(start));
  }
  (void)sink;
  double streamBest = std::max(stream[1], stream[2]);

  // ---- Report ----
  std::printf("STREAM triad (3 x 256 MiB f32 arrays, best of 10): %.1f GB/s on "
              "1 thread, "
              "%.1f GB/s on 2 threads.\n",
              stream[1], stream[2]);
  std::printf("Times: best of up to 30 runs within ~0.5 s (matmul 2048: 3). "
              "Ratios: imexc time / "
              "anchor time\n(below 1: imexc is faster). C++1T: the serial "
              "loops; C++omp and OpenBLAS: "
              "at the table's\nthread count; chain: upstream MLIR chain (1 "
              "thread). rate: compulsory "
              "bytes (GB/s) or flops\n(GF/s) per second. STREAM%%: that "
              "bandwidth as a share of the "
              "better STREAM triad (kernels\nthat mostly read can pass 100%%). "
              "check: imexc's result "
              "vs the serial C++ loops.\n");
  for (int t : {1, 2}) {
    std::printf("\n== imexc with OMP_NUM_THREADS=%d ==\n", t);
    std::printf("%-30s %9s %12s %7s %8s %7s %8s %9s  %s\n", "kernel",
                "imexc ms", "rate", "/C++1T", "/C++omp", "/chain", "STREAM%",
                "/OpenBLAS", "check");
    for (Bench &b : benches) {
      if (!filter.empty() && b.name.find(filter) == std::string::npos)
        continue;
      double ti = b.tImexc[t];
      char rate[32] = "", r1[16], r2[16], r3[16], r4[16], st[16] = "";
      if (!b.imexc) {
        std::printf("%-30s %9s   (imexc failed to compile this kernel)\n",
                    b.name.c_str(), "FAILED");
        continue;
      }
      if (b.bytes > 0)
        std::snprintf(rate, sizeof rate, "%.1f GB/s", b.bytes / ti / 1e9);
      else
        std::snprintf(rate, sizeof rate, "%.1f GF/s", b.flops / ti / 1e9);
      if (b.bytes > 0)
        std::snprintf(st, sizeof st, "%.0f%%",
                      100.0 * b.bytes / ti / 1e9 / streamBest);
      else
        std::snprintf(st, sizeof st, "-");
      std::printf("%-30s %9.3f %12s %7s %8s %7s %8s %9s  %s\n", b.name.c_str(),
                  ti * 1e3, rate, fmtRatio(r1, ti, b.tCpp),
                  fmtRatio(r2, ti, b.tOmp[t]), fmtRatio(r3, ti, b.tChain), st,
                  b.blas ? fmtRatio(r4, ti, b.tBlas[t]) : "-",
                  b.checkImexc[t].c_str());
    }
  }
  std::printf("\nAnchor times (ms):\n%-30s %9s %9s %9s %9s %9s %9s  %s\n",
              "kernel", "C++1T", "C++omp1", "C++omp2", "chain", "BLAS1",
              "BLAS2", "chain check");
  for (Bench &b : benches) {
    if (!filter.empty() && b.name.find(filter) == std::string::npos)
      continue;
    char c[16] = "n/a", b1[16] = "-", b2[16] = "-";
    if (b.chain)
      std::snprintf(c, sizeof c, "%.3f", b.tChain * 1e3);
    if (b.blas) {
      std::snprintf(b1, sizeof b1, "%.3f", b.tBlas[1] * 1e3);
      std::snprintf(b2, sizeof b2, "%.3f", b.tBlas[2] * 1e3);
    }
    std::printf("%-30s %9.3f %9.3f %9.3f %9s %9s %9s  %s\n", b.name.c_str(),
                b.tCpp * 1e3, b.tOmp[1] * 1e3, b.tOmp[2] * 1e3, c, b1, b2,
                b.chain ? b.checkChain.c_str() : "n/a (failed to compile)");
  }
  std::fprintf(stderr, "total: %.1f s\n", since(start));
  bool wrong = false;
  for (Bench &b : benches)
    for (int t : {1, 2})
      if (b.imexc && !b.checkImexc[t].empty() && b.checkImexc[t] != "ok")
        wrong = true;
  if (wrong)
    std::printf("\nWARNING: some imexc results differ from the C++ loops "
                "(check column).\n");
  return 0;
}
