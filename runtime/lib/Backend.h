//===- Backend.h - interface between the C ABI and the backends -*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Runtime.cpp implements the C functions, handles, caches and error reporting
// on top of this interface; LevelZeroBackend.cpp and VulkanBackend.cpp
// implement it. Backend calls return false / null and fill `error` with a
// message (without the call name and backend, which the caller adds).
//
// Thread safety expected from implementations:
//  - Backend: initialize() and openDevice() are called under the runtime's
//    global lock.
//  - BackendDevice: every method may be called concurrently from several
//    threads.
//  - BackendModule: getKernel() is serialised by the runtime (module lock).
//  - BackendStream: every method is serialised by the runtime (stream lock);
//    different streams run concurrently.
//
//===----------------------------------------------------------------------===//
#ifndef IMEXRT_LIB_BACKEND_H
#define IMEXRT_LIB_BACKEND_H

#include "KernelBinary.h"
#include "Util.h"

#include "imexrt/imexrt.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace imexrt {

struct DeviceDescription {
  std::string name;
  int32_t type = IMEXRT_DEVICE_TYPE_OTHER;
  uint32_t vendorId = 0;
  uint32_t deviceId = 0;
};

class BackendKernel {
public:
  virtual ~BackendKernel() = default;
};

/// A kernel launch as the runtime hands it to a backend.
struct LaunchArgs {
  /// Parameter descriptors without the {NULL, 0} terminator. With
  /// sharedMemBytes != 0 the last one is the dynamic local-memory argument.
  /// A size of 0 means "unknown" (mgpuLaunchKernel): the backend decides.
  const imexrtParamDesc *params = nullptr;
  size_t numParams = 0;
  int32_t sharedMemBytes = 0;
  size_t grid[3] = {1, 1, 1};
  size_t block[3] = {1, 1, 1};
};

class BackendModule {
public:
  virtual ~BackendModule() = default;
  /// Creates the kernel `name` (called once per name; the module owns it).
  virtual BackendKernel *getKernel(const std::string &name,
                                   std::string &error) = 0;
};

class BackendStream {
public:
  virtual ~BackendStream() = default;
  /// Submits a launch; `seq` numbers the launches of this stream (1, 2, ...).
  virtual bool launch(BackendKernel *kernel, const LaunchArgs &args,
                      uint64_t seq, std::string &error) = 0;
  /// Ordered after earlier work on the stream; complete on return.
  virtual bool copy(void *dst, const void *src, size_t bytes,
                    std::string &error) = 0;
  virtual bool fill(void *dst, const void *pattern, size_t patternBytes,
                    size_t bytes, std::string &error) = 0;
  /// Waits until launch `seq` (and everything before it) has finished;
  /// UINT64_MAX waits for everything submitted.
  virtual bool waitUntil(uint64_t seq, std::string &error) = 0;
};

class BackendDevice {
public:
  virtual ~BackendDevice() = default;
  virtual void *alloc(size_t bytes, size_t alignment, bool shared,
                      std::string &error) = 0;
  /// Whether the host may read and write an allocation made with `shared`
  /// in place, through the pointer alloc() returned.
  virtual bool hostAccessible(bool shared) const = 0;
  /// Frees a pointer returned by alloc(); the caller waited for the stream.
  virtual bool free(void *ptr, std::string &error) = 0;
  virtual std::unique_ptr<BackendStream> createStream(std::string &error) = 0;
  /// Builds the module flavour this backend runs from `binary`.
  virtual std::unique_ptr<BackendModule> loadModule(const KernelBinary &binary,
                                                    std::string &error) = 0;
};

class Backend {
public:
  virtual ~Backend() = default;
  /// "level-zero" or "vulkan".
  virtual const char *name() const = 0;
  /// Loads the driver and lists its devices; false with the reason if this
  /// backend cannot run kernels here (no library, no driver, no device).
  virtual bool initialize(std::string &error) = 0;
  virtual size_t deviceCount() const = 0;
  virtual DeviceDescription describe(size_t index) const = 0;
  /// Opens device `index` on first use; the backend owns it.
  virtual BackendDevice *openDevice(size_t index, std::string &error) = 0;
};

std::unique_ptr<Backend> createLevelZeroBackend();
std::unique_ptr<Backend> createVulkanBackend();

/// A backend that libimexrt was built without: it fails to initialize with
/// `reason`.
std::unique_ptr<Backend> createUnavailableBackend(const char *name,
                                                  const char *reason);

/// dlopen wrapper: the library named by environment variable `envOverride`
/// if set, else `defaultName`.
class DynamicLibrary {
public:
  DynamicLibrary() = default;
  ~DynamicLibrary();
  DynamicLibrary(const DynamicLibrary &) = delete;
  DynamicLibrary &operator=(const DynamicLibrary &) = delete;
  bool open(const char *defaultName, const char *envOverride,
            std::string &error);
  void *symbol(const char *name) const;
  const std::string &path() const { return path_; }

private:
  void *handle_ = nullptr;
  std::string path_;
};

} // namespace imexrt

#endif // IMEXRT_LIB_BACKEND_H
