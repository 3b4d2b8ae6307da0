/* Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/*
 * libimexrt: the runtime that compiled imexc programs call to run SPIR-V
 * kernels, through Level Zero (Intel GPUs) or Vulkan (any Vulkan 1.1 device,
 * including Mesa's lavapipe on the CPU). Both drivers are loaded with dlopen
 * at first use; nothing touches a device before the first call.
 *
 * Three groups of functions:
 *   1. the ABI that convert-gpux-to-llvm emits calls to (docs/runtime-abi.md);
 *   2. upstream-style `mgpu*` wrappers for code lowered by MLIR's own
 *      gpu-to-llvm conversion;
 *   3. the imexrt* C API: backend and device selection, errors, statistics.
 *
 * Errors: by default the first failing call prints one message naming the
 * call and the cause and ends the process with exit status
 * IMEXRT_ERROR_EXIT_STATUS, so a program whose GPU work failed cannot look
 * like it succeeded. A program that handles errors itself installs an error
 * handler or chooses IMEXRT_ERROR_CONTINUE (imexrtSetErrorPolicy() or
 * IMEXRT_ON_ERROR=continue): a failing call then reports its message,
 * records it for imexrtGetLastError(), counts it and returns NULL / does
 * nothing, and the results of the compiled function that made the call are
 * undefined. The imexrt* functions below (backend and device queries)
 * answer failures with their return value and imexrtGetLastError(): they
 * never print nor end the process, so a program may probe for a device.
 *
 * Threads: every function may be called from any thread. A stream orders the
 * work submitted to it; the intended use is one stream per thread. A stream
 * may also be shared by several threads: its operations are then serialised
 * in the order the calls reach it. Handles must not be destroyed while
 * another thread still uses them. See runtime/README.md.
 *
 * Link line (static library): -limexrt -lstdc++ -ldl -lpthread, or
 * `pkg-config --libs imexrt`.
 */
#ifndef IMEXRT_IMEXRT_H
#define IMEXRT_IMEXRT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#else
#include <stdbool.h>
#endif

#if defined(_WIN32)
#define IMEXRT_API __declspec(dllexport)
#else
#define IMEXRT_API __attribute__((visibility("default")))
#endif

/* ------------------------------------------------------------------------ */
/* 1. ABI emitted by convert-gpux-to-llvm (docs/runtime-abi.md).             */
/* ------------------------------------------------------------------------ */

/* One kernel argument: `data` points to the value, `size` is its true size in
 * bytes (a memref is passed as its aligned pointer, size sizeof(void*)). The
 * array ends with {NULL, 0}. */
typedef struct imexrtParamDesc {
  void *data;
  size_t size;
} imexrtParamDesc;

/* One dependency of a launch; the array ends with {NULL}. */
typedef struct imexrtEventDesc {
  void *event;
} imexrtEventDesc;

/* Devices, contexts and streams. NULL arguments mean the default device (see
 * IMEXRT_DEVICE) and its context. `hint` may be another device handle, which
 * yields a new handle for the same device. */
IMEXRT_API void *gpuCreateDevice(void *hint);
IMEXRT_API void gpuDestroyDevice(void *device);
IMEXRT_API void *gpuCreateContext(void *device);
IMEXRT_API void gpuDestroyContext(void *context);
IMEXRT_API void *gpuCreateStream(void *device, void *context);
/* Waits for the stream's work, then releases it. Allocations stay valid. */
IMEXRT_API void gpuStreamDestroy(void *stream);

/* Memory. A NULL stream means the runtime's default stream. `alignment` is a
 * power of two (0 = 64). isShared != 0 asks for memory the host may read and
 * write through the returned pointer (Level Zero: shared USM; Vulkan:
 * host-visible, coherent memory). Otherwise it is device memory, which the
 * host reaches only through gpuMemCopy/gpuMemSet: Level Zero device USM, and
 * with Vulkan device-local memory the host cannot map on a discrete GPU
 * (the pointer is then an address range reserved for it that faults on
 * access) or host-visible memory elsewhere (integrated GPUs, lavapipe);
 * IMEXRT_VULKAN_DEVICE_MEMORY=mapped|unmapped overrides the choice. Kernels
 * on a discrete GPU read device memory at its full bandwidth and shared
 * memory across the bus.
 * When the allocation fails and the program goes on (error policy
 * IMEXRT_ERROR_CONTINUE or a handler), the error is reported and the call
 * returns zero-filled host memory instead of NULL, so that the compiled code
 * around it finishes (with undefined results) rather than crashing;
 * gpuMemFree releases it. */
IMEXRT_API void *gpuMemAlloc(void *stream, size_t bytes, size_t alignment,
                             int32_t isShared);
/* Waits for the stream's work, then frees. ptr must come from gpuMemAlloc. */
IMEXRT_API void gpuMemFree(void *stream, void *ptr);
/* Ordered after the stream's earlier work; complete when the call returns. */
IMEXRT_API void gpuMemCopy(void *stream, void *dst, void *src, size_t bytes);
/* Fills `bytes` bytes at dst with copies of the patternBytes-byte value at
 * `pattern`; `bytes` must be a multiple of patternBytes. Ordered like
 * gpuMemCopy and complete when the call returns. */
IMEXRT_API void gpuMemSet(void *stream, void *dst, const void *pattern,
                          size_t patternBytes, size_t bytes);

/* Kernels. gpuModuleLoad caches by (data, bytes): the same binary address
 * yields the same handle until gpuModuleUnload. gpuKernelGet caches per
 * module and name. Both handles are device-independent; the backend objects
 * are created for each device that launches them. */
IMEXRT_API void *gpuModuleLoad(void *stream, const void *data, size_t bytes);
/* Waits for every stream, then releases the module and its kernels. A NULL
 * or already unloaded handle does nothing. */
IMEXRT_API void gpuModuleUnload(void *module);
IMEXRT_API void *gpuKernelGet(void *stream, void *module, const char *name);
/* Grid = work-group counts, block = work-group size. Returns an event for
 * the launch (usable in a later launch's deps on any stream), or NULL on
 * error. Events belong to their stream and stay valid until it is destroyed. */
IMEXRT_API void *gpuLaunchKernel(void *stream, void *kernel, size_t gridX,
                                 size_t gridY, size_t gridZ, size_t blockX,
                                 size_t blockY, size_t blockZ,
                                 int32_t sharedMemBytes,
                                 imexrtParamDesc *params,
                                 imexrtEventDesc *deps);
/* Waits until everything submitted to the stream has finished. */
IMEXRT_API void gpuWait(void *stream);

/* ------------------------------------------------------------------------ */
/* 2. Upstream-style wrappers (signatures of MLIR's gpu-to-llvm lowering).   */
/* ------------------------------------------------------------------------ */

/* Argument sizes are unknown here: the Vulkan backend takes them from the
 * kernel table, Level Zero uses sizeof(void*) for every argument. */
IMEXRT_API void *mgpuStreamCreate(void);
IMEXRT_API void mgpuStreamDestroy(void *stream);
IMEXRT_API void mgpuStreamSynchronize(void *stream);
IMEXRT_API void *mgpuModuleLoad(const void *data, size_t bytes);
IMEXRT_API void mgpuModuleUnload(void *module);
IMEXRT_API void *mgpuModuleGetFunction(void *module, const char *name);
IMEXRT_API void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                                 intptr_t gridZ, intptr_t blockX,
                                 intptr_t blockY, intptr_t blockZ,
                                 int32_t sharedMemBytes, void *stream,
                                 void **params, void **extra,
                                 size_t paramsCount);
IMEXRT_API void *mgpuMemAlloc(uint64_t bytes, void *stream, bool isHostShared);
IMEXRT_API void mgpuMemFree(void *ptr, void *stream);
IMEXRT_API void mgpuMemcpy(void *dst, void *src, size_t bytes, void *stream);
IMEXRT_API void mgpuMemset32(void *dst, uint32_t value, size_t count,
                             void *stream);
IMEXRT_API void mgpuMemset16(void *dst, uint16_t value, size_t count,
                             void *stream);
/* Events: a recorded event marks what its stream had been given so far;
 * waiting for it (or making a stream wait for it) waits on the host. */
IMEXRT_API void *mgpuEventCreate(void);
IMEXRT_API void mgpuEventDestroy(void *event);
IMEXRT_API void mgpuEventRecord(void *event, void *stream);
IMEXRT_API void mgpuEventSynchronize(void *event);
IMEXRT_API void mgpuStreamWaitEvent(void *stream, void *event);

/* ------------------------------------------------------------------------ */
/* 3. C API.                                                                 */
/* ------------------------------------------------------------------------ */

#define IMEXRT_DEVICE_TYPE_OTHER 0
#define IMEXRT_DEVICE_TYPE_INTEGRATED_GPU 1
#define IMEXRT_DEVICE_TYPE_DISCRETE_GPU 2
#define IMEXRT_DEVICE_TYPE_VIRTUAL_GPU 3
#define IMEXRT_DEVICE_TYPE_CPU 4

typedef struct imexrtDeviceInfo {
  char backend[16];  /* "level-zero" or "vulkan" */
  char name[256];    /* the driver's device name, NUL-terminated */
  int32_t index;     /* position among this backend's devices (IMEXRT_DEVICE) */
  int32_t type;      /* IMEXRT_DEVICE_TYPE_* */
  uint32_t vendorId; /* PCI vendor id (or the driver's) */
  uint32_t deviceId;
} imexrtDeviceInfo;

/* Chooses the backend: "auto" (Level Zero when it finds a GPU, else Vulkan),
 * "level-zero" or "vulkan"; NULL goes back to the environment variable
 * IMEXRT_BACKEND (same values; unset = "auto"). The function takes precedence
 * over the variable. Returns 0, or -1 (error recorded) for an unknown name or
 * when another backend is already in use (call imexrtShutdown() first). */
IMEXRT_API int32_t imexrtSetBackend(const char *name);

/* Initialises the runtime if needed and returns the active backend's name
 * ("level-zero" or "vulkan"), or NULL with the error recorded (the message
 * names every backend tried and why it failed). */
IMEXRT_API const char *imexrtGetBackend(void);

/* Lists the devices of every backend that initialises on this machine (each
 * backend is probed, whatever the selection). */
IMEXRT_API int32_t imexrtGetDeviceCount(void);
/* Returns 0 and fills *info, or -1 for an index out of range. */
IMEXRT_API int32_t imexrtGetDeviceInfo(int32_t index, imexrtDeviceInfo *info);

/* What happens after an error is reported when no handler is installed. */
typedef enum imexrtErrorPolicy {
  /* Print the message and a line saying how to change the policy to stderr,
   * flush the program's buffered output, and end the process with
   * IMEXRT_ERROR_EXIT_STATUS (no destructors or atexit handlers run). The
   * default. */
  IMEXRT_ERROR_EXIT = 0,
  /* Print the message to stderr and return from the failing call. */
  IMEXRT_ERROR_CONTINUE = 1
} imexrtErrorPolicy;

/* The exit status of a process ended by IMEXRT_ERROR_EXIT (EX_SOFTWARE). */
#define IMEXRT_ERROR_EXIT_STATUS 70

/* Sets the policy for the whole process. It takes precedence over the
 * environment variable IMEXRT_ON_ERROR ("exit" or "continue"; unset or any
 * other value: exit, and the exit message says the value was not
 * understood). */
IMEXRT_API void imexrtSetErrorPolicy(imexrtErrorPolicy policy);
/* The policy in force: the one set, else the one IMEXRT_ON_ERROR gives. */
IMEXRT_API imexrtErrorPolicy imexrtGetErrorPolicy(void);

/* The message of the last error on the calling thread since
 * imexrtClearLastError() ("" if none). The string is the caller's copy: it
 * does not change when later errors happen, and stays valid until the
 * thread's next call of imexrtGetLastError().
 *
 * To learn whether a compiled function succeeded, with the policy
 * IMEXRT_ERROR_CONTINUE:
 *   uint64_t before = imexrtGetErrorCount();
 *   my_kernel(...);
 *   if (imexrtGetErrorCount() != before) { ... imexrtGetLastError() ... }
 * The count is process-wide, so it also sees errors of the runtime calls a
 * compiled function makes from its OpenMP worker threads; the last error is
 * per thread. */
IMEXRT_API const char *imexrtGetLastError(void);
IMEXRT_API void imexrtClearLastError(void);
/* Number of errors reported in the process so far. */
IMEXRT_API uint64_t imexrtGetErrorCount(void);

/* Called for every error with the full message ("imexrt: <call> [<backend>]:
 * <what>", no newline); may run on any thread. Installing a handler means
 * the program handles errors itself: the runtime calls the handler and
 * returns from the failing call, whatever the policy (the handler may end
 * the process). NULL restores the default: the error policy. */
typedef void (*imexrtErrorHandler)(const char *message, void *userData);
IMEXRT_API void imexrtSetErrorHandler(imexrtErrorHandler handler,
                                      void *userData);

/* Host fallback (objects compiled with imexc --gpu-fallback=host). Such an
 * object calls imexrtAllowHostFallback() from a static constructor and
 * imexrtUseHostFallback() at the entry of each exported function: it
 * returns 1 when no device can run kernels (decided once, by selecting the
 * backend as a kernel launch would; said on stderr with IMEXRT_VERBOSE=1),
 * and the function then runs its host version. While the fallback is
 * active, gpuMemAlloc returns host memory, gpuMemCopy/gpuMemSet work on
 * host memory and gpuMemFree also frees the host versions' array results
 * (malloc'd), all without errors. */
IMEXRT_API void imexrtAllowHostFallback(void);
IMEXRT_API int32_t imexrtUseHostFallback(void);

/* Kernel launches submitted successfully in this process. */
IMEXRT_API uint64_t imexrtGetLaunchCount(void);

/* Device allocations that gpuMemAlloc made in this process (those of
 * compiled code included), freed or not. */
IMEXRT_API uint64_t imexrtGetAllocationCount(void);

/* 1 if `ptr` points into memory that gpuMemAlloc returned on a device and
 * that is not freed yet, else 0. Exported functions compiled for the GPU
 * call it on their array arguments: device arrays are used in place, other
 * memory is copied to the device and back. */
IMEXRT_API int32_t imexrtIsGpuMemory(const void *ptr);

/* 1 if `ptr` points into a live gpuMemAlloc allocation that the host may
 * also read and write in place (shared memory, or device memory that the
 * device maps), else 0. Exported functions that touch an array argument on
 * the host use it in place only then. */
IMEXRT_API int32_t imexrtIsHostAccessibleGpuMemory(const void *ptr);

/* Waits for all work and releases every handle, allocation, module, device
 * and driver instance (the driver libraries stay loaded). The runtime
 * initialises again on the next call, re-reading IMEXRT_BACKEND and
 * IMEXRT_DEVICE; a choice made with imexrtSetBackend() stays. Handles from
 * before are invalid afterwards; passing them reports an error (unloading a
 * module does nothing). Not to be called while other threads use the runtime.
 */
IMEXRT_API void imexrtShutdown(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* IMEXRT_IMEXRT_H */
