// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// GPU benchmark driver: times the host benchmark kernels (triad, sum,
// rowsum, softmax, matmul from bench/host_kernels/kernels) as compiled into
// the object it is linked with, and prints one line per kernel:
//   <kernel> <seconds> <bytes moved> <flops>
// run.sh links it three times (host -O3, --offload=gpu, and --offload=gpu
// with one-thread workgroups) and turns the lines into a table of rates and
// ratios. Every result is checked against a simple reference, so that a
// fast wrong kernel cannot look good.
//
//   bench [FILTER [host|device]]
// With "device" the input arrays are copied once into device memory from
// gpuMemAlloc (not shared: on a discrete GPU, memory the host cannot map),
// which GPU code uses in place: the time is the kernels' (and the result's
// copy to the host), without copying the inputs to the device on every
// call.
#include "kernels.h"

#include <imexrt/imexrt.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

using M1 = imexc_memref_1d_f32;
using M2 = imexc_memref_2d_f32;

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

/// Best wall time of `reps` calls after one warm-up call.
double best(int reps, const std::function<void()> &call) {
  call();
  double bestSeconds = 1e30;
  for (int r = 0; r < reps; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    call();
    auto t1 = std::chrono::steady_clock::now();
    bestSeconds =
        std::min(bestSeconds, std::chrono::duration<double>(t1 - t0).count());
  }
  return bestSeconds;
}

/// Best time of `kernel(&result)`; each call's result is freed before the
/// next, the last one stays in `result` for checking. Under
/// IMEX_ENABLE_PROFILING the runtime prints a line per launch on stderr; a
/// line before them names the kernel and its number of calls (the warm-up
/// and `reps`), so that run.sh can add up each call's launches.
template <typename Result, typename Kernel>
double timeKernel(const char *name, int reps, Result &result, Kernel kernel) {
  if (std::getenv("IMEX_ENABLE_PROFILING"))
    std::fprintf(stderr, "bench: %s calls %d\n", name, reps + 1);
  return best(reps, [&] {
    std::free(result.r0.allocated);
    result = {};
    kernel(&result);
  });
}

void report(const char *kernel, double seconds, double bytes, double flops) {
  std::printf("%s %.6e %.6e %.6e\n", kernel, seconds, bytes, flops);
}

int failures = 0;
void check(const char *kernel, bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "FAIL %s: %s\n", kernel, what);
    ++failures;
  }
}

bool selected(const char *kernel, const std::string &filter) {
  return filter.empty() || std::strstr(kernel, filter.c_str());
}

} // namespace

int main(int argc, char **argv) {
  std::string filter = argc > 1 ? argv[1] : "";
  deviceArrays = argc > 2 && std::strcmp(argv[2], "device") == 0;
  int reps = 5;
  // run.sh asks for arrays 8 times as large on a real GPU (BENCH_SCALE), so
  // that each streaming kernel runs long against its launch.
  const char *scaleText = std::getenv("BENCH_SCALE");
  const int64_t scale = scaleText ? std::max(1LL, std::atoll(scaleText)) : 1;

  if (selected("triad", filter)) {
    const int64_t n = (int64_t(1) << 24) * scale;
    auto b = ramp(n, 17, 0.5f), c = ramp(n, 13, 0.25f);
    M1 mb = view1(b), mc = view1(c);
    imexc_triad_result r{};
    double t = timeKernel("triad", reps, r, [&](auto *result) {
      _mlir_ciface_triad(result, &mb, &mc, 3.0f);
    });
    check("triad", r.r0.aligned[12345] == b[12345] + 3.0f * c[12345],
          "wrong element");
    report("triad", t, 12.0 * n, 2.0 * n);
    std::free(r.r0.allocated);
  }
  if (selected("sum", filter)) {
    const int64_t n = (int64_t(1) << 24) * scale;
    auto x = ramp(n, 9, 0.25f); // exact partial sums in any order
    double want = 0;
    for (float v : x)
      want += v;
    M1 mx = view1(x);
    imexc_sum_result r{};
    double t = timeKernel("sum", reps, r,
                          [&](auto *result) { _mlir_ciface_sum(result, &mx); });
    check("sum", r.r0.aligned[0] == (float)want, "wrong sum");
    report("sum", t, 4.0 * n, 1.0 * n);
    std::free(r.r0.allocated);
  }
  if (selected("rowsum", filter)) {
    const int64_t rows = 4096 * scale, cols = 4096;
    auto a = ramp(rows * cols, 7, 0.5f);
    M2 ma = view2(a, rows, cols);
    imexc_rowsum_result r{};
    double t = timeKernel("rowsum", reps, r, [&](auto *result) {
      _mlir_ciface_rowsum(result, &ma);
    });
    double want = 0;
    for (int64_t j = 0; j < cols; ++j)
      want += a[5 * cols + j];
    check("rowsum", r.r0.aligned[5] == (float)want, "wrong row sum");
    report("rowsum", t, 4.0 * rows * cols, 1.0 * rows * cols);
    std::free(r.r0.allocated);
  }
  if (selected("softmax", filter)) {
    const int64_t rows = 1024 * scale, cols = 1024;
    auto x = ramp(rows * cols, 11, 0.125f);
    M2 mx = view2(x, rows, cols);
    imexc_softmax_result r{};
    double t = timeKernel("softmax", reps, r, [&](auto *result) {
      _mlir_ciface_softmax(result, &mx);
    });
    double total = 0;
    for (int64_t j = 0; j < cols; ++j)
      total += r.r0.aligned[3 * cols + j];
    check("softmax", std::fabs(total - 1.0) < 1e-3, "row does not sum to 1");
    report("softmax", t, 8.0 * rows * cols, 5.0 * rows * cols);
    std::free(r.r0.allocated);
  }
  if (selected("matmul", filter)) {
    // run.sh asks for 4096 on a real GPU (BENCH_MATMUL_N); 512 keeps
    // lavapipe's run short.
    const char *size = std::getenv("BENCH_MATMUL_N");
    const int64_t n = size ? std::atoll(size) : 512;
    auto a = ramp(n * n, 5, 0.5f), b = ramp(n * n, 3, 0.5f);
    M2 ma = view2(a, n, n), mb = view2(b, n, n);
    imexc_matmul_result r{};
    double t = timeKernel("matmul", 3, r, [&](auto *result) {
      _mlir_ciface_matmul(result, &ma, &mb);
    });
    double want = 0;
    for (int64_t k = 0; k < n; ++k)
      want += (double)a[7 * n + k] * b[k * n + 9];
    check("matmul", r.r0.aligned[7 * n + 9] == (float)want, "wrong element");
    report("matmul", t, 12.0 * n * n, 2.0 * n * n * n);
    std::free(r.r0.allocated);
  }
  for (void *buffer : deviceBuffers)
    gpuMemFree(nullptr, buffer);
  if (imexrtGetErrorCount() != 0)
    ++failures;
  return failures == 0 ? 0 : 1;
}
