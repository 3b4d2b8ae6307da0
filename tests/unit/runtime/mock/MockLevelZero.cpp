//===- MockLevelZero.cpp - a fake Level Zero loader for the tests ---------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Our machines have the Level Zero loader but no driver, so the real
// backend can only fail. This shared library exports the Level Zero
// functions libimexrt uses and is loaded in place of libze_loader.so.1
// (IMEXRT_LEVEL_ZERO_LOADER). It reports one GPU, keeps "device" memory in
// host memory, performs copies and fills, and executes one kernel, add_f32
// (c[i] = a[i] + b[i] over the launched range), on the host. Every call is
// appended to a log that the tests read with mockZeTakeLog(), so they can
// check what the backend asked the driver for (argument sizes, group sizes,
// command list mode, allocation kinds, ...).
//
// Switches (environment): MOCK_ZE_BUILD_FAIL=1 makes zeModuleCreate fail
// with a build log.
//
//===----------------------------------------------------------------------===//

#include <level_zero/ze_api.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

struct _ze_driver_handle_t {};
struct _ze_device_handle_t {};
struct _ze_context_handle_t {};
struct _ze_command_list_handle_t {};
struct _ze_module_handle_t {};
struct _ze_module_build_log_handle_t {
  std::string text;
};
struct _ze_kernel_handle_t {
  std::string name;
  std::map<uint32_t, std::vector<unsigned char>> args;
  uint32_t group[3] = {1, 1, 1};
};

namespace {

_ze_driver_handle_t gDriver;
_ze_device_handle_t gDevice;
std::mutex gMutex;
std::string gLog;
std::string gTaken;

void logf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void logf(const char *fmt, ...) {
  char buf[256];
  va_list args;
  va_start(args, fmt);
  vsnprintf(buf, sizeof(buf), fmt, args);
  va_end(args);
  std::lock_guard<std::mutex> lock(gMutex);
  gLog += buf;
  gLog += '\n';
}

} // namespace

extern "C" {

__attribute__((visibility("default"))) const char *mockZeTakeLog(void) {
  std::lock_guard<std::mutex> lock(gMutex);
  gTaken.swap(gLog);
  gLog.clear();
  return gTaken.c_str();
}

ze_result_t zeInit(ze_init_flags_t flags) {
  logf("zeInit %u", unsigned(flags));
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDriverGet(uint32_t *count, ze_driver_handle_t *drivers) {
  if (drivers && *count >= 1)
    drivers[0] = &gDriver;
  *count = 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDeviceGet(ze_driver_handle_t, uint32_t *count,
                        ze_device_handle_t *devices) {
  if (devices && *count >= 1)
    devices[0] = &gDevice;
  *count = 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeDeviceGetProperties(ze_device_handle_t,
                                  ze_device_properties_t *props) {
  props->type = ZE_DEVICE_TYPE_GPU;
  props->vendorId = 0x8086;
  props->deviceId = 0x1234;
  props->flags = 0;
  std::snprintf(props->name, sizeof(props->name), "Mock Level Zero GPU");
  return ZE_RESULT_SUCCESS;
}

ze_result_t
zeDeviceGetCommandQueueGroupProperties(ze_device_handle_t, uint32_t *count,
                                       ze_command_queue_group_properties_t *g) {
  // Group 0 copies only, group 1 computes: the backend must pick 1.
  if (g && *count >= 2) {
    g[0].flags = ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY;
    g[0].maxMemoryFillPatternSize = 4;
    g[0].numQueues = 1;
    g[1].flags = ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE |
                 ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY;
    g[1].maxMemoryFillPatternSize = 4;
    g[1].numQueues = 1;
  }
  *count = 2;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeContextCreate(ze_driver_handle_t, const ze_context_desc_t *,
                            ze_context_handle_t *context) {
  *context = new _ze_context_handle_t;
  logf("zeContextCreate");
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeContextDestroy(ze_context_handle_t context) {
  delete context;
  logf("zeContextDestroy");
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeCommandListCreateImmediate(ze_context_handle_t,
                                         ze_device_handle_t,
                                         const ze_command_queue_desc_t *desc,
                                         ze_command_list_handle_t *list) {
  logf("zeCommandListCreateImmediate ordinal=%u mode=%s", desc->ordinal,
       desc->mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS ? "synchronous"
                                                       : "other");
  *list = new _ze_command_list_handle_t;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeCommandListDestroy(ze_command_list_handle_t list) {
  delete list;
  logf("zeCommandListDestroy");
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeMemAllocShared(ze_context_handle_t,
                             const ze_device_mem_alloc_desc_t *,
                             const ze_host_mem_alloc_desc_t *, size_t size,
                             size_t alignment, ze_device_handle_t, void **ptr) {
  logf("zeMemAllocShared %zu align=%zu", size, alignment);
  *ptr = std::aligned_alloc(alignment,
                            (size + alignment - 1) / alignment * alignment);
  return *ptr ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
}

ze_result_t zeMemAllocDevice(ze_context_handle_t,
                             const ze_device_mem_alloc_desc_t *, size_t size,
                             size_t alignment, ze_device_handle_t, void **ptr) {
  logf("zeMemAllocDevice %zu align=%zu", size, alignment);
  *ptr = std::aligned_alloc(alignment,
                            (size + alignment - 1) / alignment * alignment);
  return *ptr ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
}

ze_result_t zeMemFree(ze_context_handle_t, void *ptr) {
  std::free(ptr);
  logf("zeMemFree");
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeCommandListAppendMemoryCopy(ze_command_list_handle_t, void *dst,
                                          const void *src, size_t size,
                                          ze_event_handle_t, uint32_t,
                                          ze_event_handle_t *) {
  std::memmove(dst, src, size);
  logf("zeCommandListAppendMemoryCopy %zu", size);
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeCommandListAppendMemoryFill(ze_command_list_handle_t, void *ptr,
                                          const void *pattern,
                                          size_t patternSize, size_t size,
                                          ze_event_handle_t, uint32_t,
                                          ze_event_handle_t *) {
  logf("zeCommandListAppendMemoryFill pattern=%zu size=%zu", patternSize, size);
  if (patternSize > 4 || (patternSize & (patternSize - 1)))
    return ZE_RESULT_ERROR_INVALID_SIZE;
  for (size_t off = 0; off < size; off += patternSize)
    std::memcpy(static_cast<char *>(ptr) + off, pattern, patternSize);
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeModuleCreate(ze_context_handle_t, ze_device_handle_t,
                           const ze_module_desc_t *desc,
                           ze_module_handle_t *module,
                           ze_module_build_log_handle_t *log) {
  uint32_t magic = 0;
  if (desc->inputSize >= 4)
    std::memcpy(&magic, desc->pInputModule, 4);
  logf("zeModuleCreate format=%d bytes=%zu magic=0x%08x flags='%s'",
       int(desc->format), desc->inputSize, magic,
       desc->pBuildFlags ? desc->pBuildFlags : "");
  const char *fail = std::getenv("MOCK_ZE_BUILD_FAIL");
  if (fail && std::strcmp(fail, "1") == 0) {
    if (log) {
      *log = new _ze_module_build_log_handle_t;
      (*log)->text = "error: mock IGC cannot compile this module";
    }
    *module = nullptr;
    return ZE_RESULT_ERROR_MODULE_BUILD_FAILURE;
  }
  if (log)
    *log = new _ze_module_build_log_handle_t;
  *module = new _ze_module_handle_t;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeModuleDestroy(ze_module_handle_t module) {
  delete module;
  logf("zeModuleDestroy");
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeModuleBuildLogGetString(ze_module_build_log_handle_t log,
                                      size_t *size, char *text) {
  if (text)
    std::memcpy(text, log->text.c_str(), std::min(*size, log->text.size() + 1));
  *size = log->text.size() + 1;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeModuleBuildLogDestroy(ze_module_build_log_handle_t log) {
  delete log;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeKernelCreate(ze_module_handle_t, const ze_kernel_desc_t *desc,
                           ze_kernel_handle_t *kernel) {
  logf("zeKernelCreate %s", desc->pKernelName);
  *kernel = new _ze_kernel_handle_t;
  (*kernel)->name = desc->pKernelName;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeKernelDestroy(ze_kernel_handle_t kernel) {
  logf("zeKernelDestroy %s", kernel->name.c_str());
  delete kernel;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeKernelSetArgumentValue(ze_kernel_handle_t kernel, uint32_t index,
                                     size_t size, const void *value) {
  logf("zeKernelSetArgumentValue %u %zu%s", index, size, value ? "" : " null");
  std::vector<unsigned char> bytes(size);
  if (value)
    std::memcpy(bytes.data(), value, size);
  kernel->args[index] = bytes;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeKernelSetGroupSize(ze_kernel_handle_t kernel, uint32_t x,
                                 uint32_t y, uint32_t z) {
  logf("zeKernelSetGroupSize %u %u %u", x, y, z);
  kernel->group[0] = x;
  kernel->group[1] = y;
  kernel->group[2] = z;
  return ZE_RESULT_SUCCESS;
}

ze_result_t zeCommandListAppendLaunchKernel(ze_command_list_handle_t,
                                            ze_kernel_handle_t kernel,
                                            const ze_group_count_t *groups,
                                            ze_event_handle_t, uint32_t,
                                            ze_event_handle_t *) {
  logf("zeCommandListAppendLaunchKernel %s %u %u %u", kernel->name.c_str(),
       groups->groupCountX, groups->groupCountY, groups->groupCountZ);
  if (kernel->name == "add_f32") {
    float *p[3];
    for (uint32_t i = 0; i < 3; ++i) {
      if (kernel->args[i].size() != sizeof(void *))
        return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
      std::memcpy(&p[i], kernel->args[i].data(), sizeof(void *));
    }
    size_t n = size_t(groups->groupCountX) * kernel->group[0];
    for (size_t i = 0; i < n; ++i)
      p[2][i] = p[0][i] + p[1][i];
  }
  return ZE_RESULT_SUCCESS;
}

} // extern "C"
