// The kinds of memory a C++ caller may pass an exported GPU function, for
// the drivers that call with each: a host array, a shared device array
// (gpuMemAlloc(..., 1), which the host may touch) and device memory
// (gpuMemAlloc(..., 0), filled and read with gpuMemCopy).
#pragma once
#include <imexrt/imexrt.h>

#include <vector>

namespace cg {

enum class Memory { Host, Shared, Device };

inline const char *name(Memory m) {
  return m == Memory::Host     ? "host"
         : m == Memory::Shared ? "shared"
                               : "device memory";
}

/// The values of `host` in memory of kind `m` (the vector itself for Host).
inline float *place(std::vector<float> &host, Memory m) {
  if (m == Memory::Host)
    return host.data();
  size_t bytes = host.size() * sizeof(float);
  auto *p = static_cast<float *>(
      gpuMemAlloc(nullptr, bytes, 64, m == Memory::Shared ? 1 : 0));
  gpuMemCopy(nullptr, p, host.data(), bytes);
  return p;
}

/// Copies `p` back into `host` and frees it, unless it is `host` itself.
inline void release(float *p, std::vector<float> &host) {
  if (p == host.data())
    return;
  gpuMemCopy(nullptr, host.data(), p, host.size() * sizeof(float));
  gpuMemFree(nullptr, p);
}

} // namespace cg
