/* Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A C program linked with nothing but `pkg-config --cflags --libs imexrt`:
 * takes the address of every exported function (so each must resolve) and
 * calls a few that need no device. */
#include "imexrt/imexrt.h"
#include "imexrt/kernel_binary.h"

#include <stdio.h>
#include <string.h>

typedef void (*fn)(void);

int main(void) {
  const fn all[] = {(fn)gpuCreateDevice,
                    (fn)gpuDestroyDevice,
                    (fn)gpuCreateContext,
                    (fn)gpuDestroyContext,
                    (fn)gpuCreateStream,
                    (fn)gpuStreamDestroy,
                    (fn)gpuMemAlloc,
                    (fn)gpuMemFree,
                    (fn)gpuMemCopy,
                    (fn)gpuMemSet,
                    (fn)gpuModuleLoad,
                    (fn)gpuModuleUnload,
                    (fn)gpuKernelGet,
                    (fn)gpuLaunchKernel,
                    (fn)gpuWait,
                    (fn)mgpuStreamCreate,
                    (fn)mgpuStreamDestroy,
                    (fn)mgpuStreamSynchronize,
                    (fn)mgpuModuleLoad,
                    (fn)mgpuModuleUnload,
                    (fn)mgpuModuleGetFunction,
                    (fn)mgpuLaunchKernel,
                    (fn)mgpuMemAlloc,
                    (fn)mgpuMemFree,
                    (fn)mgpuMemcpy,
                    (fn)mgpuMemset32,
                    (fn)mgpuMemset16,
                    (fn)imexrtSetBackend,
                    (fn)imexrtGetBackend,
                    (fn)imexrtGetDeviceCount,
                    (fn)imexrtGetDeviceInfo,
                    (fn)imexrtGetLastError,
                    (fn)imexrtClearLastError,
                    (fn)imexrtGetErrorCount,
                    (fn)imexrtSetErrorHandler,
                    (fn)imexrtSetErrorPolicy,
                    (fn)imexrtGetErrorPolicy,
                    (fn)imexrtAllowHostFallback,
                    (fn)imexrtUseHostFallback,
                    (fn)imexrtGetLaunchCount,
                    (fn)imexrtShutdown};
  for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); ++i)
    if (!all[i])
      return 1;
  if (sizeof(ImexKbinHeader) != 24 || strlen(IMEXKBIN_MAGIC) != 8)
    return 2;
  /* The default policy would end the process at the error. */
  imexrtSetErrorPolicy(IMEXRT_ERROR_CONTINUE);
  if (imexrtSetBackend("nonsense") != -1 || imexrtGetErrorCount() != 1)
    return 3;
  printf("libimexrt linked from C; %d device(s)\n",
         (int)imexrtGetDeviceCount());
  imexrtShutdown();
  return 0;
}
