// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// GPU benchmark driver: times the host benchmark kernels (triad, sum,
// rowsum, softmax, matmul from bench/host_kernels/kernels) as compiled in
// several ways, each way (a variant) a shared library of the kernels'
// objects, and prints one line per variant and kernel:
//   <variant> <kernel> <seconds> <bytes moved> <flops>
// run.sh turns the lines into a table of rates and ratios. Every result is
// checked against a simple reference, so that a fast wrong kernel cannot
// look good; a wrong one is named on stderr and makes the exit status 1.
//
//   bench FILTER host|device NAME=LIBRARY...
// The variants take turns call by call (each call of each variant timed on
// its own, the best kept), so that the slow spells of a shared machine fall
// on all of them alike and their ratios hold from run to run. They share
// the driver's runtime (libimexrt.a, linked whole and exported), so device
// arrays from its gpuMemAlloc are valid in every variant. With "device" the
// input arrays are copied once into device memory from gpuMemAlloc (not
// shared: on a discrete GPU, memory the host cannot map), which GPU code
// uses in place: the time is the kernels' (and the result's copy to the
// host), without copying the inputs to the device on every call.
#include "kernels.h"

#include <imexrt/imexrt.h>

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using M1 = imexc_memref_1d_f32;
using M2 = imexc_memref_2d_f32;

/// One way of compiling the kernels: their entry points in its library.
struct Variant {
  std::string name;
  decltype(&_mlir_ciface_triad) triad;
  decltype(&_mlir_ciface_sum) sum;
  decltype(&_mlir_ciface_rowsum) rowsum;
  decltype(&_mlir_ciface_softmax) softmax;
  decltype(&_mlir_ciface_matmul) matmul;
};

/// Loads `NAME=LIBRARY`; exits with a message if it cannot.
Variant loadVariant(const std::string &spec) {
  size_t equals = spec.find('=');
  if (equals == std::string::npos) {
    std::fprintf(stderr, "bench: expected NAME=LIBRARY, got '%s'\n",
                 spec.c_str());
    std::exit(2);
  }
  Variant v;
  v.name = spec.substr(0, equals);
  std::string path = spec.substr(equals + 1);
  // Local: every variant defines the same symbols.
  void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    std::fprintf(stderr, "bench: %s\n", dlerror());
    std::exit(2);
  }
  auto entry = [&](auto &function, const char *symbol) {
    function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(
        dlsym(library, symbol));
    if (!function) {
      std::fprintf(stderr, "bench: %s has no %s\n", path.c_str(), symbol);
      std::exit(2);
    }
  };
  entry(v.triad, "_mlir_ciface_triad");
  entry(v.sum, "_mlir_ciface_sum");
  entry(v.rowsum, "_mlir_ciface_rowsum");
  entry(v.softmax, "_mlir_ciface_softmax");
  entry(v.matmul, "_mlir_ciface_matmul");
  return v;
}

bool deviceArrays = false;
std::vector<void *> deviceBuffers;

/// Where the kernel reads `v`: the vector itself, or a copy in device memory
/// (not shared: on a discrete GPU, memory the host cannot map).
float *place(std::vector<float> &v) {
  if (!deviceArrays)
    return v.data();
  size_t bytes = v.size() * sizeof(float);
  auto *copy = static_cast<float *>(gpuMemAlloc(nullptr, bytes, 64, 0));
  gpuMemCopy(nullptr, copy, v.data(), bytes);
  deviceBuffers.push_back(copy);
  return copy;
}

M1 view1(std::vector<float> &v) {
  float *data = place(v);
  return {data, data, 0, {(int64_t)v.size()}, {1}};
}
M2 view2(std::vector<float> &v, int64_t rows, int64_t cols) {
  float *data = place(v);
  return {data, data, 0, {rows, cols}, {cols, 1}};
}

std::vector<float> ramp(size_t n, int mod, float scale) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = (float)((int)(i % mod) - mod / 2) * scale;
  return v;
}

double seconds(const std::function<void()> &call) {
  auto t0 = std::chrono::steady_clock::now();
  call();
  auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double>(t1 - t0).count();
}

/// What a variant's calls of one kernel gave: their best time and the
/// runtime errors they raised.
struct Timing {
  double best = 1e30;
  uint64_t errors = 0;
};

/// Times `reps` calls of `kernel(variant, &result)` per variant, after one
/// warm-up call each; the variants take turns call by call. Each call's
/// result is freed before the next (outside the timed call), the last one
/// stays in `results` for checking. Under IMEX_ENABLE_PROFILING the runtime
/// prints a line per launch on stderr; a line before them names the kernel
/// and its number of calls (the warm-up and `reps`), so that run.sh can add
/// up each call's launches (it profiles one variant at a time).
template <typename Result, typename Kernel>
std::vector<Timing> timeKernel(const char *name, int reps,
                               const std::vector<Variant> &variants,
                               std::vector<Result> &results, Kernel kernel) {
  if (std::getenv("IMEX_ENABLE_PROFILING"))
    std::fprintf(stderr, "bench-profile: %s calls %d\n", name, reps + 1);
  results.assign(variants.size(), Result{});
  std::vector<Timing> timings(variants.size());
  auto call = [&](size_t v) {
    std::free(results[v].r0.allocated);
    results[v] = {};
    uint64_t errorsBefore = imexrtGetErrorCount();
    double t = seconds([&] { kernel(variants[v], &results[v]); });
    timings[v].errors += imexrtGetErrorCount() - errorsBefore;
    return t;
  };
  for (size_t v = 0; v < variants.size(); ++v)
    call(v);
  for (int r = 0; r < reps; ++r)
    for (size_t v = 0; v < variants.size(); ++v)
      timings[v].best = std::min(timings[v].best, call(v));
  return timings;
}

int failures = 0;
void check(const Variant &variant, const char *kernel, bool ok,
           const char *what) {
  if (!ok) {
    std::fprintf(stderr, "FAIL %s %s: %s\n", variant.name.c_str(), kernel,
                 what);
    ++failures;
  }
}

/// Prints each variant's line for `kernel`, checks that its calls raised no
/// runtime error and its result with `correct`, and frees the result.
template <typename Result, typename Check>
void report(const char *kernel, const std::vector<Variant> &variants,
            const std::vector<Timing> &timings, std::vector<Result> &results,
            double bytes, double flops, const char *what, Check correct) {
  for (size_t v = 0; v < variants.size(); ++v) {
    check(variants[v], kernel, timings[v].errors == 0, "runtime errors");
    check(variants[v], kernel, correct(results[v].r0), what);
    std::printf("%s %s %.6e %.6e %.6e\n", variants[v].name.c_str(), kernel,
                timings[v].best, bytes, flops);
    std::free(results[v].r0.allocated);
  }
}

bool selected(const char *kernel, const std::string &filter) {
  return filter.empty() || std::strstr(kernel, filter.c_str());
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: bench FILTER host|device NAME=LIBRARY...\n");
    return 2;
  }
  std::string filter = argv[1];
  deviceArrays = std::strcmp(argv[2], "device") == 0;
  std::vector<Variant> variants;
  for (int i = 3; i < argc; ++i)
    variants.push_back(loadVariant(argv[i]));
  int reps = 5;
  // run.sh asks for arrays 8 times as large on a real GPU (BENCH_SCALE), so
  // that each streaming kernel runs long against its launch.
  const char *scaleText = std::getenv("BENCH_SCALE");
  const int64_t scale = scaleText ? std::max(1LL, std::atoll(scaleText)) : 1;

  if (selected("triad", filter)) {
    const int64_t n = (int64_t(1) << 24) * scale;
    auto b = ramp(n, 17, 0.5f), c = ramp(n, 13, 0.25f);
    M1 mb = view1(b), mc = view1(c);
    std::vector<imexc_triad_result> r;
    auto t = timeKernel("triad", reps, variants, r,
                        [&](const Variant &v, auto *result) {
                          v.triad(result, &mb, &mc, 3.0f);
                        });
    report("triad", variants, t, r, 12.0 * n, 2.0 * n, "wrong element",
           [&](const auto &out) {
             return out.aligned[12345] == b[12345] + 3.0f * c[12345];
           });
  }
  if (selected("sum", filter)) {
    const int64_t n = (int64_t(1) << 24) * scale;
    auto x = ramp(n, 9, 0.25f); // exact partial sums in any order
    double want = 0;
    for (float v : x)
      want += v;
    M1 mx = view1(x);
    std::vector<imexc_sum_result> r;
    auto t =
        timeKernel("sum", reps, variants, r,
                   [&](const Variant &v, auto *result) { v.sum(result, &mx); });
    report("sum", variants, t, r, 4.0 * n, 1.0 * n, "wrong sum",
           [&](const auto &out) { return out.aligned[0] == (float)want; });
  }
  if (selected("rowsum", filter)) {
    const int64_t rows = 4096 * scale, cols = 4096;
    auto a = ramp(rows * cols, 7, 0.5f);
    M2 ma = view2(a, rows, cols);
    std::vector<imexc_rowsum_result> r;
    auto t = timeKernel(
        "rowsum", reps, variants, r,
        [&](const Variant &v, auto *result) { v.rowsum(result, &ma); });
    double want = 0;
    for (int64_t j = 0; j < cols; ++j)
      want += a[5 * cols + j];
    report("rowsum", variants, t, r, 4.0 * rows * cols, 1.0 * rows * cols,
           "wrong row sum",
           [&](const auto &out) { return out.aligned[5] == (float)want; });
  }
  if (selected("softmax", filter)) {
    const int64_t rows = 1024 * scale, cols = 1024;
    auto x = ramp(rows * cols, 11, 0.125f);
    M2 mx = view2(x, rows, cols);
    std::vector<imexc_softmax_result> r;
    auto t = timeKernel(
        "softmax", reps, variants, r,
        [&](const Variant &v, auto *result) { v.softmax(result, &mx); });
    report("softmax", variants, t, r, 8.0 * rows * cols, 5.0 * rows * cols,
           "row does not sum to 1", [&](const auto &out) {
             double total = 0;
             for (int64_t j = 0; j < cols; ++j)
               total += out.aligned[3 * cols + j];
             return std::fabs(total - 1.0) < 1e-3;
           });
  }
  if (selected("matmul", filter)) {
    // run.sh asks for 4096 on a real GPU (BENCH_MATMUL_N); 512 keeps
    // lavapipe's run short.
    const char *size = std::getenv("BENCH_MATMUL_N");
    const int64_t n = size ? std::atoll(size) : 512;
    auto a = ramp(n * n, 5, 0.5f), b = ramp(n * n, 3, 0.5f);
    M2 ma = view2(a, n, n), mb = view2(b, n, n);
    std::vector<imexc_matmul_result> r;
    auto t = timeKernel(
        "matmul", 3, variants, r,
        [&](const Variant &v, auto *result) { v.matmul(result, &ma, &mb); });
    double want = 0;
    for (int64_t k = 0; k < n; ++k)
      want += (double)a[7 * n + k] * b[k * n + 9];
    report("matmul", variants, t, r, 12.0 * n * n, 2.0 * n * n * n,
           "wrong element", [&](const auto &out) {
             return out.aligned[7 * n + 9] == (float)want;
           });
  }
  for (void *buffer : deviceBuffers)
    gpuMemFree(nullptr, buffer);
  if (imexrtGetErrorCount() != 0)
    ++failures;
  return failures == 0 ? 0 : 1;
}
