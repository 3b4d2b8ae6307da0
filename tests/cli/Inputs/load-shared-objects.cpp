// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Loads a shared library built from imexc objects (argv[1]) with dlopen and
// calls its scale function (link-two-objects.mlir) with a host array and
// with a device array from gpuMemAlloc. The program carries the runtime
// (libimexrt.a, linked whole and exported), which the library's code calls
// into, allocation functions included.
#include "a.h"

#include <imexrt/imexrt.h>

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>

namespace {

void print(const char *what, const imexc_scale_result &r) {
  std::printf("%s:", what);
  for (int64_t i = 0; i < r.r0.sizes[0]; ++i)
    std::printf(" %g", r.r0.aligned[r.r0.offset + i]);
  std::printf(" |");
  for (int64_t i = 0; i < r.r1.sizes[0]; ++i)
    std::printf(" %g", r.r1.aligned[r.r1.offset + i]);
  std::printf("\n");
}

void release(imexc_scale_result &r) {
  std::free(r.r0.allocated);
  if (r.r1.allocated != r.r0.allocated)
    std::free(r.r1.allocated);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: load-shared-objects LIBRARY\n");
    return 2;
  }
  void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    std::printf("FAIL dlopen: %s\n", dlerror());
    return 1;
  }
  auto scale = reinterpret_cast<decltype(&_mlir_ciface_scale)>(
      dlsym(library, "_mlir_ciface_scale"));
  if (!scale) {
    std::printf("FAIL no _mlir_ciface_scale\n");
    return 1;
  }
  float host[5] = {1, 2, 3, 4, 5};
  imexc_memref_1d_f32 a = {host, host, 0, {5}, {1}};
  imexc_scale_result r{};
  scale(&r, &a, 2.0f);
  print("host array", r);
  release(r);

  auto *device = static_cast<float *>(gpuMemAlloc(nullptr, sizeof host, 64, 0));
  gpuMemCopy(nullptr, device, host, sizeof host);
  imexc_memref_1d_f32 d = {device, device, 0, {5}, {1}};
  scale(&r, &d, -1.0f);
  print("device array", r);
  release(r);
  gpuMemFree(nullptr, device);
  std::printf("runtime errors: %llu\n",
              (unsigned long long)imexrtGetErrorCount());
  return 0;
}
