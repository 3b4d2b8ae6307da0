// Driver of gpu-host-arrays.mlir: calls a GPU-placed exported function with
// host arrays, with shared device arrays (written by the host) and with
// device memory (filled with gpuMemCopy; on a discrete GPU the host cannot
// touch it), checks every element, that device arrays are used in place
// (the call allocates its result, and no copies of its arguments), and that
// the runtime reported no error.
#include "codegen.h"
#include "kernels.h"

#include <imexrt/imexrt.h>

#include <cstdlib>
#include <cstring>

using namespace cg;
using M1 = imexc_memref_1d_f32;

static M1 descriptor(float *data, int64_t n) {
  return M1{data, data, 0, {n}, {1}};
}

// With the argument "offload" the function was compiled with --offload=gpu
// from a program without GPU annotations: its results are host memory.
static bool hostResults = false;

/// Calls axpy on `a` and `b`, whose values the host arrays `hostA` and
/// `hostB` hold; returns the device allocations it made.
static uint64_t check(const char *kind, int64_t n, float *a, float *b,
                      const float *hostA, const float *hostB) {
  M1 ma = descriptor(a, n), mb = descriptor(b, n);
  imexc_axpy_result r;
  uint64_t allocationsBefore = imexrtGetAllocationCount();
  _mlir_ciface_axpy(&r, &ma, &mb, 2.5f);
  uint64_t allocations = imexrtGetAllocationCount() - allocationsBefore;
  int bad = 0;
  std::string first;
  for (int64_t i = 0; i < n; ++i) {
    float want = hostA[i] * 2.5f + hostB[i];
    if (r.r0.aligned[i] != want && bad++ == 0)
      first = "at " + std::to_string(i) + ": got " +
              std::to_string(r.r0.aligned[i]) + ", want " +
              std::to_string(want);
  }
  report(std::string(kind) + " " + std::to_string(n), bad, first);
  if (hostResults)
    std::free(r.r0.allocated);
  else
    gpuMemFree(nullptr, r.r0.allocated);
  return allocations;
}

int main(int argc, char **argv) {
  hostResults = argc > 1 && std::strcmp(argv[1], "offload") == 0;
  const int64_t sizes[] = {1, 7, 1025, 16777219};
  for (int64_t n : sizes) {
    auto a = randomReal<float>(n, 1), b = randomReal<float>(n, 2);
    check("host", n, a.data(), b.data(), a.data(), b.data());
  }
  for (int shared : {1, 0}) {
    const char *kind = shared ? "device" : "device memory";
    for (int64_t n : sizes) {
      auto a = randomReal<float>(n, 3), b = randomReal<float>(n, 4);
      auto *da = static_cast<float *>(gpuMemAlloc(nullptr, n * 4, 64, shared));
      auto *db = static_cast<float *>(gpuMemAlloc(nullptr, n * 4, 64, shared));
      gpuMemCopy(nullptr, da, a.data(), n * 4);
      gpuMemCopy(nullptr, db, b.data(), n * 4);
      // With --gpu-fallback=host and no device, nothing is GPU memory: 0.
      uint64_t allocations = check(kind, n, da, db, a.data(), b.data());
      // The result is the one allocation (a host copy with --offload=gpu).
      report(std::string(kind) + " " + std::to_string(n) +
                 " arguments in place",
             allocations > 1 ? 1 : 0,
             std::to_string(allocations) + " device allocations in the call");
      gpuMemFree(nullptr, da);
      gpuMemFree(nullptr, db);
    }
  }
  report("no runtime errors", imexrtGetErrorCount() == 0 ? 0 : 1,
         imexrtGetLastError());
  return finish();
}
