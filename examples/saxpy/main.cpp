// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Calls the saxpy kernel compiled by imexc through its generated header and
// reports which device ran it.
#include "saxpy.h"

#include <imexrt/imexrt.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

int main() {
  const int64_t n = 1000;
  std::vector<float> x(n), y(n);
  for (int64_t i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  // A contiguous 1-D array: allocated = aligned = data, offset 0, stride 1.
  imexc_memref_1d_f32 xd = {x.data(), x.data(), 0, {n}, {1}};
  imexc_memref_1d_f32 yd = {y.data(), y.data(), 0, {n}, {1}};
  imexc_saxpy_result result;
  _mlir_ciface_saxpy(&result, 2.0f, &xd, &yd);

  const imexc_memref_1d_f32 &r = result.r0;
  int errors = 0;
  for (int64_t i = 0; i < n; ++i)
    if (r.aligned[r.offset + i * r.strides[0]] != 2.0f * float(i) + 1.0f)
      ++errors;
  std::printf("saxpy of %lld elements: r[0] = %g, r[999] = %g, %d errors\n",
              (long long)r.sizes[0], r.aligned[r.offset],
              r.aligned[r.offset + 999 * r.strides[0]], errors);
  std::free(r.allocated);

  // Had no device been able to run the kernels, the runtime would have ended
  // the process in the call above, with a message and exit status 70 (its
  // default error policy; see imexrtSetErrorPolicy).
  imexrtDeviceInfo device;
  if (imexrtGetLaunchCount() > 0 && imexrtGetDeviceInfo(0, &device) == 0)
    std::printf("kernels ran on %s: %s\n", device.backend, device.name);
  return errors == 0 ? 0 : 1;
}
