//===- LevelZeroBackend.cpp - kernels through Level Zero ------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// libze_loader.so.1 is opened with dlopen on first use; <level_zero/ze_api.h>
// is only used for types and function-pointer types (decltype), so nothing
// links against Level Zero. Runs the OpenCL/Level Zero flavour: a raw SPIR-V
// binary or the OpenCL module of an IMEXKBIN container.
//
// Mapping of the runtime's model onto Level Zero:
//  - Devices: the GPU devices of every driver (zeInit with GPU_ONLY). One
//    ze_context per driver, shared by all streams and contexts of the runtime,
//    so memory allocated on one stream is usable on every stream of the
//    device.
//  - Streams: one *synchronous immediate command list* per stream, on the
//    device's first compute queue group. Every append (launch, copy, fill)
//    returns after the work has finished, so work on a stream is ordered and
//    waits (gpuWait, events) have nothing left to do. This trades overlap of
//    host and device work for simple, certain ordering; streams on different
//    threads still run concurrently.
//  - Memory: zeMemAllocShared when isShared, else zeMemAllocDevice. Copies
//    and fills go through the command list (zeCommandListAppendMemoryCopy /
//    ...MemoryFill), so they accept device, shared and host pointers.
//  - Kernels: zeModuleCreate from SPIR-V (a failure reports the driver's
//    build log); zeKernelCreate once per module and name. Arguments are set
//    with zeKernelSetArgumentValue using each argument's true size (the
//    pointer size when unknown, i.e. from mgpuLaunchKernel); the dynamic
//    local-memory argument is set as (sharedMemBytes, NULL). Setting
//    arguments and appending the launch happen under a per-kernel mutex,
//    since argument state belongs to the kernel object.
//  - Build flags: IMEX_USE_IGC_VECTOR_BACK_END=1 adds -vc-codegen,
//    IMEX_ENABLE_LARGE_REG_FILE=1 adds -ze-opt-large-register-file.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"

#include "imexrt/kernel_binary.h"

#ifndef IMEXRT_HAVE_LEVEL_ZERO
#define IMEXRT_HAVE_LEVEL_ZERO 0
#endif

#if IMEXRT_HAVE_LEVEL_ZERO

#include <level_zero/ze_api.h>

#include <cstring>
#include <map>
#include <mutex>
#include <unordered_set>
#include <vector>

namespace imexrt {
namespace {

#define IMEXRT_ZE_FUNCS(X)                                                     \
  X(zeInit)                                                                    \
  X(zeDriverGet)                                                               \
  X(zeDeviceGet)                                                               \
  X(zeDeviceGetProperties)                                                     \
  X(zeDeviceGetCommandQueueGroupProperties)                                    \
  X(zeContextCreate)                                                           \
  X(zeContextDestroy)                                                          \
  X(zeCommandListCreateImmediate)                                              \
  X(zeCommandListDestroy)                                                      \
  X(zeCommandListAppendLaunchKernel)                                           \
  X(zeCommandListAppendMemoryCopy)                                             \
  X(zeCommandListAppendMemoryFill)                                             \
  X(zeMemAllocShared)                                                          \
  X(zeMemAllocDevice)                                                          \
  X(zeMemFree)                                                                 \
  X(zeModuleCreate)                                                            \
  X(zeModuleDestroy)                                                           \
  X(zeModuleBuildLogGetString)                                                 \
  X(zeModuleBuildLogDestroy)                                                   \
  X(zeKernelCreate)                                                            \
  X(zeKernelDestroy)                                                           \
  X(zeKernelSetArgumentValue)                                                  \
  X(zeKernelSetGroupSize)

struct ZeApi {
#define X(f) decltype(&::f) f = nullptr;
  IMEXRT_ZE_FUNCS(X)
#undef X
};

const char *resultName(ze_result_t r) {
  switch (r) {
#define CASE(x)                                                                \
  case x:                                                                      \
    return #x;
    CASE(ZE_RESULT_SUCCESS)
    CASE(ZE_RESULT_NOT_READY)
    CASE(ZE_RESULT_ERROR_DEVICE_LOST)
    CASE(ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY)
    CASE(ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)
    CASE(ZE_RESULT_ERROR_MODULE_BUILD_FAILURE)
    CASE(ZE_RESULT_ERROR_MODULE_LINK_FAILURE)
    CASE(ZE_RESULT_ERROR_NOT_AVAILABLE)
    CASE(ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE)
    CASE(ZE_RESULT_ERROR_UNINITIALIZED)
    CASE(ZE_RESULT_ERROR_UNSUPPORTED_VERSION)
    CASE(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE)
    CASE(ZE_RESULT_ERROR_INVALID_ARGUMENT)
    CASE(ZE_RESULT_ERROR_INVALID_NULL_HANDLE)
    CASE(ZE_RESULT_ERROR_INVALID_NULL_POINTER)
    CASE(ZE_RESULT_ERROR_INVALID_SIZE)
    CASE(ZE_RESULT_ERROR_UNSUPPORTED_SIZE)
    CASE(ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT)
    CASE(ZE_RESULT_ERROR_INVALID_ENUMERATION)
    CASE(ZE_RESULT_ERROR_INVALID_NATIVE_BINARY)
    CASE(ZE_RESULT_ERROR_INVALID_KERNEL_NAME)
    CASE(ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION)
    CASE(ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX)
    CASE(ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE)
    CASE(ZE_RESULT_ERROR_UNKNOWN)
#undef CASE
  default:
    return "ze_result_t";
  }
}

std::string zeError(const char *what, ze_result_t r) {
  return format("%s failed: %s (0x%x)", what, resultName(r), unsigned(r));
}

struct ZeDevice {
  ze_driver_handle_t driver = nullptr;
  ze_device_handle_t device = nullptr;
  ze_device_properties_t props{};
};

class LevelZeroDevice;

class LevelZeroKernel : public BackendKernel {
public:
  LevelZeroKernel(const ZeApi &ze, ze_kernel_handle_t k) : ze_(ze), handle(k) {}
  ~LevelZeroKernel() override { ze_.zeKernelDestroy(handle); }
  const ZeApi &ze_;
  ze_kernel_handle_t handle;
  std::mutex mutex; // argument state lives in the kernel object
};

class LevelZeroModule : public BackendModule {
public:
  LevelZeroModule(const ZeApi &ze, ze_module_handle_t m, SpirvInfo spirv)
      : ze_(ze), handle_(m), spirv_(std::move(spirv)) {}
  ~LevelZeroModule() override {
    kernels_.clear();
    ze_.zeModuleDestroy(handle_);
  }
  BackendKernel *getKernel(const std::string &name,
                           std::string &error) override {
    auto found = kernels_.find(name);
    if (found != kernels_.end())
      return found->second.get();
    const SpirvEntryPoint *ep = spirv_.findEntryPoint(name);
    if (!ep || ep->executionModel != kSpvExecutionModelKernel) {
      error = format("unknown kernel '%s' (the OpenCL/Level Zero module's "
                     "kernels: %s)",
                     name.c_str(), spirv_.entryPointList().c_str());
      return nullptr;
    }
    ze_kernel_desc_t desc{};
    desc.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC;
    desc.pKernelName = name.c_str();
    ze_kernel_handle_t k = nullptr;
    ze_result_t r = ze_.zeKernelCreate(handle_, &desc, &k);
    if (r != ZE_RESULT_SUCCESS) {
      error = zeError("zeKernelCreate", r);
      return nullptr;
    }
    auto kernel = std::make_unique<LevelZeroKernel>(ze_, k);
    LevelZeroKernel *raw = kernel.get();
    kernels_[name] = std::move(kernel);
    return raw;
  }

private:
  const ZeApi &ze_;
  ze_module_handle_t handle_;
  SpirvInfo spirv_;
  std::map<std::string, std::unique_ptr<LevelZeroKernel>> kernels_;
};

class LevelZeroStream : public BackendStream {
public:
  LevelZeroStream(const ZeApi &ze, ze_command_list_handle_t list,
                  size_t maxFillPattern)
      : ze_(ze), list_(list), maxFillPattern_(maxFillPattern) {}
  ~LevelZeroStream() override { ze_.zeCommandListDestroy(list_); }

  bool launch(BackendKernel *kernelBase, const LaunchArgs &args, uint64_t,
              std::string &error) override {
    auto &kernel = static_cast<LevelZeroKernel &>(*kernelBase);
    for (int d = 0; d < 3; ++d) {
      if (args.grid[d] > UINT32_MAX || args.block[d] > UINT32_MAX ||
          args.block[d] == 0) {
        error = format("grid (%zu, %zu, %zu) or block (%zu, %zu, %zu) does "
                       "not fit Level Zero's 32-bit sizes",
                       args.grid[0], args.grid[1], args.grid[2], args.block[0],
                       args.block[1], args.block[2]);
        return false;
      }
    }
    std::lock_guard<std::mutex> lock(kernel.mutex);
    ze_result_t r = ze_.zeKernelSetGroupSize(
        kernel.handle, uint32_t(args.block[0]), uint32_t(args.block[1]),
        uint32_t(args.block[2]));
    if (r != ZE_RESULT_SUCCESS) {
      error = zeError("zeKernelSetGroupSize", r);
      return false;
    }
    for (size_t i = 0; i < args.numParams; ++i) {
      const imexrtParamDesc &p = args.params[i];
      bool local = args.sharedMemBytes != 0 && i + 1 == args.numParams;
      size_t size = local ? size_t(args.sharedMemBytes)
                          : (p.size ? p.size : sizeof(void *));
      const void *value = local ? nullptr : p.data;
      r = ze_.zeKernelSetArgumentValue(kernel.handle, uint32_t(i), size, value);
      if (r != ZE_RESULT_SUCCESS) {
        error = zeError(format("zeKernelSetArgumentValue (argument %zu, %zu "
                               "bytes)",
                               i, size)
                            .c_str(),
                        r);
        return false;
      }
    }
    ze_group_count_t groups{uint32_t(args.grid[0]), uint32_t(args.grid[1]),
                            uint32_t(args.grid[2])};
    r = ze_.zeCommandListAppendLaunchKernel(list_, kernel.handle, &groups,
                                            nullptr, 0, nullptr);
    if (r != ZE_RESULT_SUCCESS) {
      error = zeError("zeCommandListAppendLaunchKernel", r);
      return false;
    }
    return true;
  }

  bool copy(void *dst, const void *src, size_t bytes,
            std::string &error) override {
    ze_result_t r = ze_.zeCommandListAppendMemoryCopy(list_, dst, src, bytes,
                                                      nullptr, 0, nullptr);
    if (r != ZE_RESULT_SUCCESS) {
      error = zeError("zeCommandListAppendMemoryCopy", r);
      return false;
    }
    return true;
  }

  bool fill(void *dst, const void *pattern, size_t patternBytes, size_t bytes,
            std::string &error) override {
    bool pow2 = (patternBytes & (patternBytes - 1)) == 0;
    if (pow2 && patternBytes <= maxFillPattern_) {
      ze_result_t r = ze_.zeCommandListAppendMemoryFill(
          list_, dst, pattern, patternBytes, bytes, nullptr, 0, nullptr);
      if (r != ZE_RESULT_SUCCESS) {
        error = zeError("zeCommandListAppendMemoryFill", r);
        return false;
      }
      return true;
    }
    // Patterns the engine cannot fill: build the bytes on the host and copy.
    std::vector<unsigned char> host(bytes);
    fillPattern(host.data(), pattern, patternBytes, bytes);
    return copy(dst, host.data(), bytes, error);
  }

  bool waitUntil(uint64_t, std::string &) override {
    return true; // synchronous command list: everything has finished
  }

private:
  const ZeApi &ze_;
  ze_command_list_handle_t list_;
  size_t maxFillPattern_;
};

class LevelZeroDevice : public BackendDevice {
public:
  LevelZeroDevice(const ZeApi &ze, const ZeDevice &dev,
                  ze_context_handle_t context, uint32_t ordinal,
                  size_t maxFillPattern)
      : ze_(ze), dev_(dev), context_(context), ordinal_(ordinal),
        maxFillPattern_(maxFillPattern) {}
  ~LevelZeroDevice() override {
    for (void *p : allocations_)
      ze_.zeMemFree(context_, p);
  }

  /// Device USM is the GPU's own memory on a discrete GPU.
  bool hostAccessible(bool shared) const override { return shared; }
  void *alloc(size_t bytes, size_t alignment, bool shared,
              std::string &error) override {
    ze_device_mem_alloc_desc_t dd{};
    dd.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC;
    void *ptr = nullptr;
    ze_result_t r;
    if (bytes == 0)
      bytes = 1;
    if (shared) {
      ze_host_mem_alloc_desc_t hd{};
      hd.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC;
      r = ze_.zeMemAllocShared(context_, &dd, &hd, bytes, alignment,
                               dev_.device, &ptr);
    } else {
      r = ze_.zeMemAllocDevice(context_, &dd, bytes, alignment, dev_.device,
                               &ptr);
    }
    if (r != ZE_RESULT_SUCCESS) {
      error = zeError(shared ? "zeMemAllocShared" : "zeMemAllocDevice", r);
      return nullptr;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    allocations_.insert(ptr);
    return ptr;
  }

  bool free(void *ptr, std::string &error) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!allocations_.erase(ptr)) {
        error = format("%p was not returned by gpuMemAlloc on this device (or "
                       "was freed already)",
                       ptr);
        return false;
      }
    }
    ze_result_t r = ze_.zeMemFree(context_, ptr);
    if (r != ZE_RESULT_SUCCESS) {
      error = zeError("zeMemFree", r);
      return false;
    }
    return true;
  }

  std::unique_ptr<BackendStream> createStream(std::string &error) override {
    ze_command_queue_desc_t desc{};
    desc.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
    desc.ordinal = ordinal_;
    desc.index = 0;
    desc.mode = ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS;
    desc.priority = ZE_COMMAND_QUEUE_PRIORITY_NORMAL;
    ze_command_list_handle_t list = nullptr;
    ze_result_t r =
        ze_.zeCommandListCreateImmediate(context_, dev_.device, &desc, &list);
    if (r != ZE_RESULT_SUCCESS) {
      error = zeError("zeCommandListCreateImmediate", r);
      return nullptr;
    }
    return std::make_unique<LevelZeroStream>(ze_, list, maxFillPattern_);
  }

  std::unique_ptr<BackendModule> loadModule(const KernelBinary &binary,
                                            std::string &error) override {
    const ModuleImage *image = binary.findModule(IMEXKBIN_FLAVOUR_OPENCL);
    if (!image) {
      error = "the IMEXKBIN container has no OpenCL/Level Zero module (it "
              "holds only the Vulkan flavour)";
      return nullptr;
    }
    std::string flags;
    if (getEnv("IMEX_USE_IGC_VECTOR_BACK_END") == "1")
      flags += "-vc-codegen ";
    if (getEnv("IMEX_ENABLE_LARGE_REG_FILE") == "1")
      flags += "-ze-opt-large-register-file ";
    ze_module_desc_t desc{};
    desc.stype = ZE_STRUCTURE_TYPE_MODULE_DESC;
    desc.format = ZE_MODULE_FORMAT_IL_SPIRV;
    desc.inputSize = image->words.size() * sizeof(uint32_t);
    desc.pInputModule = reinterpret_cast<const uint8_t *>(image->words.data());
    desc.pBuildFlags = flags.c_str();
    ze_module_handle_t module = nullptr;
    ze_module_build_log_handle_t log = nullptr;
    ze_result_t r =
        ze_.zeModuleCreate(context_, dev_.device, &desc, &module, &log);
    if (r != ZE_RESULT_SUCCESS) {
      error = zeError("zeModuleCreate", r);
      if (log) {
        size_t size = 0;
        if (ze_.zeModuleBuildLogGetString(log, &size, nullptr) ==
                ZE_RESULT_SUCCESS &&
            size > 1) {
          std::string text(size, '\0');
          if (ze_.zeModuleBuildLogGetString(log, &size, &text[0]) ==
              ZE_RESULT_SUCCESS) {
            text.resize(strnlen(text.c_str(), size));
            error += "; build log:\n" + text;
          }
        }
      }
    }
    if (log)
      ze_.zeModuleBuildLogDestroy(log);
    if (r != ZE_RESULT_SUCCESS) {
      if (module)
        ze_.zeModuleDestroy(module);
      return nullptr;
    }
    return std::make_unique<LevelZeroModule>(ze_, module, image->spirv);
  }

private:
  const ZeApi &ze_;
  ZeDevice dev_;
  ze_context_handle_t context_;
  uint32_t ordinal_;
  size_t maxFillPattern_;
  std::mutex mutex_;
  std::unordered_set<void *> allocations_;
};

class LevelZeroBackend : public Backend {
public:
  ~LevelZeroBackend() override {
    opened_.clear();
    for (auto &c : contexts_)
      ze_.zeContextDestroy(c.second);
  }
  const char *name() const override { return "level-zero"; }

  bool initialize(std::string &error) override {
    if (!lib_.open("libze_loader.so.1", "IMEXRT_LEVEL_ZERO_LOADER", error))
      return false;
#define X(f)                                                                   \
  ze_.f = reinterpret_cast<decltype(&::f)>(lib_.symbol(#f));                   \
  if (!ze_.f) {                                                                \
    error = lib_.path() + " does not export " #f;                              \
    return false;                                                              \
  }
    IMEXRT_ZE_FUNCS(X)
#undef X
    ze_result_t r = ze_.zeInit(ZE_INIT_FLAG_GPU_ONLY);
    if (r != ZE_RESULT_SUCCESS) {
      error = zeError("zeInit", r) + " (no Level Zero GPU driver installed?)";
      return false;
    }
    uint32_t nDrivers = 0;
    r = ze_.zeDriverGet(&nDrivers, nullptr);
    std::vector<ze_driver_handle_t> drivers(nDrivers);
    if (r == ZE_RESULT_SUCCESS && nDrivers)
      r = ze_.zeDriverGet(&nDrivers, drivers.data());
    if (r != ZE_RESULT_SUCCESS) {
      error = zeError("zeDriverGet", r);
      return false;
    }
    for (ze_driver_handle_t driver : drivers) {
      uint32_t nDevices = 0;
      if (ze_.zeDeviceGet(driver, &nDevices, nullptr) != ZE_RESULT_SUCCESS)
        continue;
      std::vector<ze_device_handle_t> handles(nDevices);
      if (ze_.zeDeviceGet(driver, &nDevices, handles.data()) !=
          ZE_RESULT_SUCCESS)
        continue;
      for (ze_device_handle_t h : handles) {
        ZeDevice d;
        d.driver = driver;
        d.device = h;
        d.props.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
        if (ze_.zeDeviceGetProperties(h, &d.props) == ZE_RESULT_SUCCESS &&
            d.props.type == ZE_DEVICE_TYPE_GPU)
          devices_.push_back(d);
      }
    }
    if (devices_.empty()) {
      error = format("no GPU device (%u Level Zero driver(s))", nDrivers);
      return false;
    }
    return true;
  }

  size_t deviceCount() const override { return devices_.size(); }

  DeviceDescription describe(size_t index) const override {
    const ze_device_properties_t &p = devices_[index].props;
    DeviceDescription d;
    d.name = p.name;
    d.type = (p.flags & ZE_DEVICE_PROPERTY_FLAG_INTEGRATED)
                 ? IMEXRT_DEVICE_TYPE_INTEGRATED_GPU
                 : IMEXRT_DEVICE_TYPE_DISCRETE_GPU;
    d.vendorId = p.vendorId;
    d.deviceId = p.deviceId;
    return d;
  }

  BackendDevice *openDevice(size_t index, std::string &error) override {
    auto it = opened_.find(index);
    if (it != opened_.end())
      return it->second.get();
    if (index >= devices_.size()) {
      error = format("no Level Zero GPU device %zu", index);
      return nullptr;
    }
    const ZeDevice &d = devices_[index];
    ze_context_handle_t &context = contexts_[d.driver];
    if (!context) {
      ze_context_desc_t desc{};
      desc.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC;
      ze_result_t r = ze_.zeContextCreate(d.driver, &desc, &context);
      if (r != ZE_RESULT_SUCCESS) {
        contexts_.erase(d.driver);
        error = zeError("zeContextCreate", r);
        return nullptr;
      }
    }
    uint32_t nGroups = 0;
    ze_.zeDeviceGetCommandQueueGroupProperties(d.device, &nGroups, nullptr);
    std::vector<ze_command_queue_group_properties_t> groups(nGroups);
    for (auto &g : groups)
      g.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES;
    if (nGroups)
      ze_.zeDeviceGetCommandQueueGroupProperties(d.device, &nGroups,
                                                 groups.data());
    uint32_t ordinal = UINT32_MAX;
    size_t maxFill = 0;
    for (uint32_t g = 0; g < nGroups; ++g) {
      if (groups[g].flags & ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE) {
        ordinal = g;
        maxFill = groups[g].maxMemoryFillPatternSize;
        break;
      }
    }
    if (ordinal == UINT32_MAX) {
      error = format("%s has no compute queue group", d.props.name);
      return nullptr;
    }
    auto device =
        std::make_unique<LevelZeroDevice>(ze_, d, context, ordinal, maxFill);
    LevelZeroDevice *raw = device.get();
    opened_[index] = std::move(device);
    return raw;
  }

private:
  DynamicLibrary lib_;
  ZeApi ze_;
  std::vector<ZeDevice> devices_;
  std::map<ze_driver_handle_t, ze_context_handle_t> contexts_;
  std::map<size_t, std::unique_ptr<LevelZeroDevice>> opened_;
};

} // namespace

std::unique_ptr<Backend> createLevelZeroBackend() {
  return std::make_unique<LevelZeroBackend>();
}

} // namespace imexrt

#else // !IMEXRT_HAVE_LEVEL_ZERO
namespace imexrt {
std::unique_ptr<Backend> createLevelZeroBackend() {
  return createUnavailableBackend(
      "level-zero",
      "libimexrt was built without the Level Zero headers (libze-dev)");
}
} // namespace imexrt

#endif
