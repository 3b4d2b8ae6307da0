//===- VulkanBackend.cpp - kernels through Vulkan compute -----------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// libvulkan.so.1 is opened with dlopen on first use and every function is
// resolved through vkGetInstanceProcAddr / vkGetDeviceProcAddr, so nothing
// links against Vulkan. Runs the Vulkan flavour of an IMEXKBIN container.
//
// Mapping of the runtime's model onto Vulkan:
//  - Device: one VkDevice per physical device with a compute queue, created
//    on first use with every core feature the device supports (Float64,
//    Int64, 8/16-bit storage, ...), and up to kMaxQueues queues of the
//    compute family. Devices are ordered discrete GPU, integrated GPU,
//    virtual GPU, CPU (lavapipe), other.
//  - Memory: one VkBuffer + VkDeviceMemory per gpuMemAlloc. Shared
//    allocations, and every allocation where the device's own memory is
//    host-visible anyway (integrated GPUs, lavapipe), are host-visible and
//    coherent (preferring host-cached memory) and persistently mapped: the
//    pointer returned is the mapping, so the host reads and writes it
//    directly. Device allocations on a discrete GPU are device-local and
//    unmapped, since kernels reading host-visible memory there go over the
//    bus: the pointer returned is an inaccessible (PROT_NONE) reservation of
//    the allocation's size, unique in the process, which the host must not
//    dereference; gpuMemCopy/gpuMemSet reach it through a staging buffer.
//    IMEXRT_VULKAN_DEVICE_MEMORY=mapped|unmapped overrides the choice.
//    Buffer arguments are looked up in the device's allocation map and bound
//    at (buffer, pointer - host address) - they must point into a runtime
//    allocation.
//  - Kernels: a VkShaderModule per module and device; per kernel a descriptor
//    set layout (set 0, binding i = argument i, storage buffers for all but
//    push-constant arguments), a pipeline layout with the kernel's
//    push-constant range and a compute pipeline, created once and cached.
//    Push-constant arguments are recorded with the dispatch; other scalars
//    are written to a per-launch argument buffer, one std430 struct{T}
//    range per scalar. The work-group size is the shader's
//    LocalSize; the launch's block size must match it. Dispatch = grid.
//  - Streams: a stream is assigned one of the device's queues (round robin;
//    queue submission is serialised by a per-queue mutex) and owns a command
//    pool. Each launch records one command buffer - barrier after earlier
//    shader writes, bind, dispatch, barrier to host reads - and submits it
//    with a fence, so work on a stream runs in submission order. Copies and
//    fills wait for the stream, then run on the host where all memory is
//    mapped, else as vkCmdCopyBuffer through the stream's staging buffer;
//    either way they are ordered on the stream and complete on return.
//    Finished submissions are recycled (command buffer, fence, descriptor
//    pool, argument buffer); at most kMaxInFlight are pending per stream.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"

#include "imexrt/kernel_binary.h"

#ifndef IMEXRT_HAVE_VULKAN
#define IMEXRT_HAVE_VULKAN 0
#endif

#if IMEXRT_HAVE_VULKAN

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <vector>

#include <sys/mman.h>

namespace imexrt {
namespace {

constexpr uint32_t kMaxQueues = 4;
constexpr size_t kMaxInFlight = 16;
/// Size of a stream's staging buffer for copies to and from unmapped
/// device memory; larger copies go through it in pieces.
constexpr VkDeviceSize kStagingBytes = VkDeviceSize(32) << 20;

const char *resultName(VkResult r) {
  switch (r) {
#define CASE(x)                                                                \
  case x:                                                                      \
    return #x;
    CASE(VK_SUCCESS)
    CASE(VK_NOT_READY)
    CASE(VK_TIMEOUT)
    CASE(VK_INCOMPLETE)
    CASE(VK_ERROR_OUT_OF_HOST_MEMORY)
    CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    CASE(VK_ERROR_INITIALIZATION_FAILED)
    CASE(VK_ERROR_DEVICE_LOST)
    CASE(VK_ERROR_MEMORY_MAP_FAILED)
    CASE(VK_ERROR_LAYER_NOT_PRESENT)
    CASE(VK_ERROR_EXTENSION_NOT_PRESENT)
    CASE(VK_ERROR_FEATURE_NOT_PRESENT)
    CASE(VK_ERROR_INCOMPATIBLE_DRIVER)
    CASE(VK_ERROR_TOO_MANY_OBJECTS)
    CASE(VK_ERROR_FORMAT_NOT_SUPPORTED)
    CASE(VK_ERROR_FRAGMENTED_POOL)
    CASE(VK_ERROR_UNKNOWN)
    CASE(VK_ERROR_OUT_OF_POOL_MEMORY)
    CASE(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    CASE(VK_ERROR_FRAGMENTATION)
    CASE(VK_ERROR_INVALID_SHADER_NV)
#undef CASE
  default:
    return "VkResult";
  }
}

std::string vkError(const char *what, VkResult r) {
  return format("%s failed: %s (%d)", what, resultName(r), int(r));
}

// Instance-level functions.
#define IMEXRT_VK_INSTANCE_FUNCS(X)                                            \
  X(vkDestroyInstance)                                                         \
  X(vkEnumeratePhysicalDevices)                                                \
  X(vkGetPhysicalDeviceProperties)                                             \
  X(vkGetPhysicalDeviceQueueFamilyProperties)                                  \
  X(vkGetPhysicalDeviceMemoryProperties)                                       \
  X(vkGetPhysicalDeviceFeatures)                                               \
  X(vkCreateDevice)                                                            \
  X(vkGetDeviceProcAddr)

// Device-level functions.
#define IMEXRT_VK_DEVICE_FUNCS(X)                                              \
  X(vkDestroyDevice)                                                           \
  X(vkGetDeviceQueue)                                                          \
  X(vkDeviceWaitIdle)                                                          \
  X(vkCreateBuffer)                                                            \
  X(vkDestroyBuffer)                                                           \
  X(vkGetBufferMemoryRequirements)                                             \
  X(vkAllocateMemory)                                                          \
  X(vkFreeMemory)                                                              \
  X(vkBindBufferMemory)                                                        \
  X(vkMapMemory)                                                               \
  X(vkUnmapMemory)                                                             \
  X(vkCreateShaderModule)                                                      \
  X(vkDestroyShaderModule)                                                     \
  X(vkCreateDescriptorSetLayout)                                               \
  X(vkDestroyDescriptorSetLayout)                                              \
  X(vkCreatePipelineLayout)                                                    \
  X(vkDestroyPipelineLayout)                                                   \
  X(vkCreateComputePipelines)                                                  \
  X(vkDestroyPipeline)                                                         \
  X(vkCreateDescriptorPool)                                                    \
  X(vkDestroyDescriptorPool)                                                   \
  X(vkResetDescriptorPool)                                                     \
  X(vkAllocateDescriptorSets)                                                  \
  X(vkUpdateDescriptorSets)                                                    \
  X(vkCreateCommandPool)                                                       \
  X(vkDestroyCommandPool)                                                      \
  X(vkAllocateCommandBuffers)                                                  \
  X(vkBeginCommandBuffer)                                                      \
  X(vkEndCommandBuffer)                                                        \
  X(vkCmdBindPipeline)                                                         \
  X(vkCmdBindDescriptorSets)                                                   \
  X(vkCmdPushConstants)                                                        \
  X(vkCmdDispatch)                                                             \
  X(vkCmdCopyBuffer)                                                           \
  X(vkCmdPipelineBarrier)                                                      \
  X(vkQueueSubmit)                                                             \
  X(vkCreateFence)                                                             \
  X(vkDestroyFence)                                                            \
  X(vkWaitForFences)                                                           \
  X(vkResetFences)                                                             \
  X(vkGetFenceStatus)

struct InstanceApi {
  PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr = nullptr;
  PFN_vkCreateInstance vkCreateInstance = nullptr;
  PFN_vkEnumerateInstanceVersion vkEnumerateInstanceVersion = nullptr;
  PFN_vkGetPhysicalDeviceFeatures2 vkGetPhysicalDeviceFeatures2 = nullptr;
  PFN_vkGetPhysicalDeviceProperties2 vkGetPhysicalDeviceProperties2 = nullptr;
#define X(f) PFN_##f f = nullptr;
  IMEXRT_VK_INSTANCE_FUNCS(X)
#undef X
};

struct DeviceApi {
#define X(f) PFN_##f f = nullptr;
  IMEXRT_VK_DEVICE_FUNCS(X)
#undef X
  /// Vulkan 1.1; null on 1.0 devices, which cannot split large grids.
  PFN_vkCmdDispatchBase vkCmdDispatchBase = nullptr;
};

struct PhysicalDevice {
  VkPhysicalDevice handle = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties props{};
  uint32_t queueFamily = 0;
  uint32_t queueCount = 1;
};

int typeRank(VkPhysicalDeviceType t) {
  switch (t) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    return 0;
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
    return 1;
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
    return 2;
  case VK_PHYSICAL_DEVICE_TYPE_CPU:
    return 3;
  default:
    return 4;
  }
}

int32_t publicType(VkPhysicalDeviceType t) {
  switch (t) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    return IMEXRT_DEVICE_TYPE_DISCRETE_GPU;
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
    return IMEXRT_DEVICE_TYPE_INTEGRATED_GPU;
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
    return IMEXRT_DEVICE_TYPE_VIRTUAL_GPU;
  case VK_PHYSICAL_DEVICE_TYPE_CPU:
    return IMEXRT_DEVICE_TYPE_CPU;
  default:
    return IMEXRT_DEVICE_TYPE_OTHER;
  }
}

VkDeviceSize alignUp(VkDeviceSize v, VkDeviceSize a) {
  return a ? (v + a - 1) / a * a : v;
}

class VulkanDevice;

/// A buffer with its memory, persistently mapped unless it is unmapped
/// device memory (mapped == nullptr).
struct Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  char *mapped = nullptr;
  VkDeviceSize size = 0;
};

struct Queue {
  VkQueue handle = VK_NULL_HANDLE;
  std::mutex mutex;
};

class VulkanKernel : public BackendKernel {
public:
  VulkanDevice *device = nullptr;
  std::string name;
  std::vector<KernelArg> args;
  bool hasLocalSize = false;
  uint32_t localSize[3] = {1, 1, 1};
  /// A grid beyond the device's work-group count limits may run as several
  /// dispatches with base work-group ids: the kernel does not read the
  /// grid size, and the device has vkCmdDispatchBase.
  bool splittableGrid = false;
  /// Offset of each push-constant argument in the push-constant block (0
  /// for the others), and the block's size.
  std::vector<uint32_t> pushOffset;
  uint32_t pushBytes = 0;
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  ~VulkanKernel() override;
};

class VulkanModule : public BackendModule {
public:
  VulkanModule(VulkanDevice &device, const KernelBinary &binary,
               const ModuleImage &image, VkShaderModule shader)
      : device_(device), spirv_(image.spirv), table_(binary.kernels),
        shader_(shader) {}
  ~VulkanModule() override;
  BackendKernel *getKernel(const std::string &name,
                           std::string &error) override;

private:
  VulkanDevice &device_;
  SpirvInfo spirv_;
  std::vector<KernelEntry> table_;
  VkShaderModule shader_;
  std::map<std::string, std::unique_ptr<VulkanKernel>> kernels_;
};

class VulkanStream : public BackendStream {
public:
  VulkanStream(VulkanDevice &device, Queue &queue, VkCommandPool pool)
      : device_(device), queue_(queue), pool_(pool) {}
  ~VulkanStream() override;
  bool launch(BackendKernel *kernel, const LaunchArgs &args, uint64_t seq,
              std::string &error) override;
  bool copy(void *dst, const void *src, size_t bytes,
            std::string &error) override;
  bool fill(void *dst, const void *pattern, size_t patternBytes, size_t bytes,
            std::string &error) override;
  bool waitUntil(uint64_t seq, std::string &error) override;

private:
  /// Records commands with `recordCommands` into a fresh command buffer,
  /// after a barrier that orders earlier shader and transfer writes before
  /// them and before a barrier that makes their transfer writes visible to
  /// later shaders and the host; submits it and waits for it.
  bool runTransfer(const std::function<void(VkCommandBuffer)> &recordCommands,
                   std::string &error);
  /// Copies `bytes` between unmapped device memory and the host through the
  /// staging buffer (`toDevice`: from host `hostData` to `device`).
  bool stagedCopy(VkBuffer device, VkDeviceSize deviceOffset, char *hostData,
                  size_t bytes, bool toDevice, std::string &error);
  bool ensureStaging(std::string &error);

  struct Slot {
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;
    VkDescriptorPool pool = VK_NULL_HANDLE;
    uint32_t poolCapacity = 0;
    Buffer args;
    uint64_t seq = 0;
  };
  bool acquireSlot(Slot *&slot, std::string &error);
  /// Submits the slot's recorded command buffer with its (reset) fence.
  VkResult submit(Slot &slot);
  void recycleFinished();
  void recordDispatches(VkCommandBuffer cmd, const LaunchArgs &args);
  bool record(Slot &slot, VulkanKernel &kernel, const LaunchArgs &args,
              std::string &error);

  VulkanDevice &device_;
  Queue &queue_;
  VkCommandPool pool_;
  std::vector<std::unique_ptr<Slot>> slots_;
  std::deque<Slot *> inflight_;
  std::vector<Slot *> free_;
  Buffer staging_;
};

class VulkanDevice : public BackendDevice {
public:
  VulkanDevice(const InstanceApi &iapi, const PhysicalDevice &phys)
      : iapi_(iapi), phys_(phys) {}
  ~VulkanDevice() override;
  bool open(uint32_t instanceApiVersion, std::string &error);

  void *alloc(size_t bytes, size_t alignment, bool shared,
              std::string &error) override;
  bool hostAccessible(bool shared) const override {
    return shared || !unmappedDeviceMemory;
  }
  bool free(void *ptr, std::string &error) override;
  std::unique_ptr<BackendStream> createStream(std::string &error) override;
  std::unique_ptr<BackendModule> loadModule(const KernelBinary &binary,
                                            std::string &error) override;

  /// A storage buffer of `size` bytes: mapped host-visible memory, or
  /// (hostVisible false) unmapped device-local memory.
  bool createBuffer(VkDeviceSize size, Buffer &out, std::string &error,
                    bool hostVisible = true);
  void destroyBuffer(Buffer &b);
  /// Where a pointer into a runtime allocation lies.
  struct Location {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceSize offset = 0;    // of the pointer in the buffer
    VkDeviceSize available = 0; // bytes from the pointer to the buffer's end
    char *mapped = nullptr;     // the pointer's host mapping; null if unmapped
  };
  /// Finds the allocation containing ptr.
  bool resolve(const void *ptr, Location &where);

  DeviceApi vk;
  VkDevice handle = VK_NULL_HANDLE;
  VkPhysicalDeviceLimits limits{};
  /// The Vulkan version the device was opened with.
  uint32_t apiVersion = VK_API_VERSION_1_0;
  /// Compute shaders may use subgroup arithmetic (Vulkan 1.1 query).
  bool subgroupArithmetic = false;
  /// Shaders may use 64-bit integers (the enabled shaderInt64 feature).
  bool shaderInt64 = false;
  /// Device (not shared) allocations are unmapped device-local memory.
  bool unmappedDeviceMemory = false;
  const PhysicalDevice &physical() const { return phys_; }

private:
  const InstanceApi &iapi_;
  PhysicalDevice phys_;
  VkPhysicalDeviceMemoryProperties memProps_{};
  std::vector<std::unique_ptr<Queue>> queues_;
  std::atomic<uint32_t> nextQueue_{0};
  struct Allocation {
    Buffer buffer;
    char *user = nullptr;
    /// Unmapped memory: the address range reserved for it (PROT_NONE).
    void *reservation = nullptr;
  };
  void release(Allocation &a);
  std::shared_mutex allocMutex_;
  /// By host address: the mapping, or the reservation of unmapped memory.
  std::map<uintptr_t, Allocation> allocations_;
};

//===----------------------------------------------------------------------===//
// VulkanDevice
//===----------------------------------------------------------------------===//

bool VulkanDevice::open(uint32_t instanceApiVersion, std::string &error) {
  float priorities[kMaxQueues] = {1.0f, 1.0f, 1.0f, 1.0f};
  VkDeviceQueueCreateInfo queueInfo{};
  queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
  queueInfo.queueFamilyIndex = phys_.queueFamily;
  queueInfo.queueCount = std::min(phys_.queueCount, kMaxQueues);
  queueInfo.pQueuePriorities = priorities;

  // Enable every core feature the device has: kernels may need Float64,
  // Int64, Int8/Int16, 8/16-bit storage, variable pointers, ...
  VkPhysicalDeviceFeatures2 features2{};
  features2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
  VkPhysicalDeviceVulkan11Features features11{};
  features11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
  VkPhysicalDeviceVulkan12Features features12{};
  features12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
  VkPhysicalDeviceVulkan13Features features13{};
  features13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES;
  VkPhysicalDeviceFeatures features{};

  VkDeviceCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queueInfo;
  uint32_t api = std::min(instanceApiVersion, phys_.props.apiVersion);
  if (iapi_.vkGetPhysicalDeviceFeatures2 && api >= VK_API_VERSION_1_2) {
    features2.pNext = &features11;
    features11.pNext = &features12;
    if (api >= VK_API_VERSION_1_3)
      features12.pNext = &features13;
    iapi_.vkGetPhysicalDeviceFeatures2(phys_.handle, &features2);
    info.pNext = &features2;
  } else {
    iapi_.vkGetPhysicalDeviceFeatures(phys_.handle, &features);
    info.pEnabledFeatures = &features;
  }
  VkResult r = iapi_.vkCreateDevice(phys_.handle, &info, nullptr, &handle);
  if (r == VK_ERROR_FEATURE_NOT_PRESENT && info.pNext) {
    // A driver that refuses its own feature list: retry with the 1.0 ones.
    info.pNext = nullptr;
    iapi_.vkGetPhysicalDeviceFeatures(phys_.handle, &features);
    info.pEnabledFeatures = &features;
    r = iapi_.vkCreateDevice(phys_.handle, &info, nullptr, &handle);
  }
  if (r != VK_SUCCESS) {
    handle = VK_NULL_HANDLE;
    error = vkError("vkCreateDevice", r);
    return false;
  }
  shaderInt64 = (info.pNext ? features2.features : features).shaderInt64;
#define X(f)                                                                   \
  vk.f = reinterpret_cast<PFN_##f>(iapi_.vkGetDeviceProcAddr(handle, #f));     \
  if (!vk.f) {                                                                 \
    error = "the Vulkan driver does not provide " #f;                          \
    return false;                                                              \
  }
  IMEXRT_VK_DEVICE_FUNCS(X)
#undef X
  if (api >= VK_API_VERSION_1_1)
    vk.vkCmdDispatchBase = reinterpret_cast<PFN_vkCmdDispatchBase>(
        iapi_.vkGetDeviceProcAddr(handle, "vkCmdDispatchBase"));
  for (uint32_t q = 0; q < queueInfo.queueCount; ++q) {
    auto queue = std::make_unique<Queue>();
    vk.vkGetDeviceQueue(handle, phys_.queueFamily, q, &queue->handle);
    queues_.push_back(std::move(queue));
  }
  iapi_.vkGetPhysicalDeviceMemoryProperties(phys_.handle, &memProps_);
  limits = phys_.props.limits;
  std::string memory = getEnv("IMEXRT_VULKAN_DEVICE_MEMORY");
  if (memory.empty() || memory == "auto") {
    unmappedDeviceMemory =
        phys_.props.deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU;
  } else if (memory == "mapped" || memory == "unmapped") {
    unmappedDeviceMemory = memory == "unmapped";
  } else {
    error = format("IMEXRT_VULKAN_DEVICE_MEMORY=%s is not one of auto, "
                   "mapped, unmapped",
                   memory.c_str());
    return false;
  }
  apiVersion = api;
  if (api >= VK_API_VERSION_1_1 && iapi_.vkGetPhysicalDeviceProperties2) {
    VkPhysicalDeviceSubgroupProperties subgroups{};
    subgroups.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES;
    VkPhysicalDeviceProperties2 props2{};
    props2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
    props2.pNext = &subgroups;
    iapi_.vkGetPhysicalDeviceProperties2(phys_.handle, &props2);
    subgroupArithmetic =
        (subgroups.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
        (subgroups.supportedOperations & VK_SUBGROUP_FEATURE_ARITHMETIC_BIT);
  }
  return true;
}

VulkanDevice::~VulkanDevice() {
  if (handle == VK_NULL_HANDLE)
    return;
  if (vk.vkDeviceWaitIdle)
    vk.vkDeviceWaitIdle(handle);
  if (vk.vkFreeMemory) {
    for (auto &a : allocations_)
      release(a.second);
  }
  if (vk.vkDestroyDevice)
    vk.vkDestroyDevice(handle, nullptr);
  else
    reinterpret_cast<PFN_vkDestroyDevice>(
        iapi_.vkGetDeviceProcAddr(handle, "vkDestroyDevice"))(handle, nullptr);
}

bool VulkanDevice::createBuffer(VkDeviceSize size, Buffer &out,
                                std::string &error, bool hostVisible) {
  out = Buffer();
  VkBufferCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
  info.size = size;
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
               VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
               VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VkResult r = vk.vkCreateBuffer(handle, &info, nullptr, &out.buffer);
  if (r != VK_SUCCESS) {
    out.buffer = VK_NULL_HANDLE;
    error = vkError("vkCreateBuffer", r);
    return false;
  }
  VkMemoryRequirements req;
  vk.vkGetBufferMemoryRequirements(handle, out.buffer, &req);

  // Mapped: host-visible + coherent is required; host-cached is preferred
  // (the host reads results), then device-local. Unmapped: device-local is
  // required, and memory the host cannot map preferred (on a discrete GPU
  // the host-visible device-local memory is a small window).
  const VkMemoryPropertyFlags needed =
      hostVisible ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                        VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
                  : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  std::vector<std::pair<int, uint32_t>> candidates;
  for (uint32_t t = 0; t < memProps_.memoryTypeCount; ++t) {
    VkMemoryPropertyFlags f = memProps_.memoryTypes[t].propertyFlags;
    if (!(req.memoryTypeBits & (1u << t)) || (f & needed) != needed)
      continue;
    int score = 0;
    if (!hostVisible && !(f & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT))
      score += 1;
    if (hostVisible && (f & VK_MEMORY_PROPERTY_HOST_CACHED_BIT))
      score += 2;
    if (hostVisible && (f & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT))
      score += 1;
    candidates.push_back({-score, t});
  }
  std::sort(candidates.begin(), candidates.end()); // (score, index): total
  if (candidates.empty()) {
    vk.vkDestroyBuffer(handle, out.buffer, nullptr);
    out.buffer = VK_NULL_HANDLE;
    error = hostVisible ? "the device has no host-visible, coherent memory "
                          "type for storage buffers"
                        : "the device has no device-local memory type for "
                          "storage buffers";
    return false;
  }
  r = VK_ERROR_OUT_OF_DEVICE_MEMORY;
  for (auto &c : candidates) {
    VkMemoryAllocateInfo alloc{};
    alloc.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
    alloc.allocationSize = req.size;
    alloc.memoryTypeIndex = c.second;
    r = vk.vkAllocateMemory(handle, &alloc, nullptr, &out.memory);
    if (r == VK_SUCCESS)
      break;
    out.memory = VK_NULL_HANDLE;
  }
  if (r != VK_SUCCESS) {
    vk.vkDestroyBuffer(handle, out.buffer, nullptr);
    out.buffer = VK_NULL_HANDLE;
    error = vkError("vkAllocateMemory", r);
    return false;
  }
  r = vk.vkBindBufferMemory(handle, out.buffer, out.memory, 0);
  void *mapped = nullptr;
  if (r == VK_SUCCESS && hostVisible)
    r = vk.vkMapMemory(handle, out.memory, 0, VK_WHOLE_SIZE, 0, &mapped);
  if (r != VK_SUCCESS) {
    vk.vkDestroyBuffer(handle, out.buffer, nullptr);
    vk.vkFreeMemory(handle, out.memory, nullptr);
    out = Buffer();
    error = vkError("binding or mapping buffer memory", r);
    return false;
  }
  out.mapped = static_cast<char *>(mapped);
  out.size = size;
  return true;
}

void VulkanDevice::destroyBuffer(Buffer &b) {
  if (b.buffer)
    vk.vkDestroyBuffer(handle, b.buffer, nullptr);
  if (b.memory)
    vk.vkFreeMemory(handle, b.memory, nullptr); // unmaps implicitly
  b = Buffer();
}

void *VulkanDevice::alloc(size_t bytes, size_t alignment, bool shared,
                          std::string &error) {
  const bool unmapped = !shared && unmappedDeviceMemory;
  // The host address is a mapping (minMemoryMapAlignment) or a reservation
  // (page-aligned); a larger alignment is reached by padding.
  VkDeviceSize hostAlign =
      unmapped ? VkDeviceSize(4096)
               : std::max<VkDeviceSize>(limits.minMemoryMapAlignment, 1);
  VkDeviceSize pad = alignment > hostAlign ? alignment : 0;
  VkDeviceSize size = alignUp(std::max<VkDeviceSize>(bytes, 1) + pad, 16);
  if (size < bytes) {
    error = "size overflows";
    return nullptr;
  }
  Allocation a;
  if (!createBuffer(size, a.buffer, error, !unmapped))
    return nullptr;
  if (unmapped) {
    void *range = mmap(nullptr, size, PROT_NONE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (range == MAP_FAILED) {
      destroyBuffer(a.buffer);
      error = format("cannot reserve %llu bytes of address space for device "
                     "memory",
                     (unsigned long long)size);
      return nullptr;
    }
    a.reservation = range;
  }
  uintptr_t base = reinterpret_cast<uintptr_t>(
      unmapped ? static_cast<char *>(a.reservation) : a.buffer.mapped);
  a.user = reinterpret_cast<char *>(base) + (alignUp(base, alignment) - base);
  std::unique_lock<std::shared_mutex> lock(allocMutex_);
  allocations_[base] = a;
  return a.user;
}

bool VulkanDevice::free(void *ptr, std::string &error) {
  Allocation a;
  {
    std::unique_lock<std::shared_mutex> lock(allocMutex_);
    auto it = allocations_.upper_bound(reinterpret_cast<uintptr_t>(ptr));
    if (it == allocations_.begin() || std::prev(it)->second.user != ptr) {
      error = format("%p was not returned by gpuMemAlloc on this device (or "
                     "was freed already)",
                     ptr);
      return false;
    }
    --it;
    a = it->second;
    allocations_.erase(it);
  }
  release(a);
  return true;
}

void VulkanDevice::release(Allocation &a) {
  if (a.reservation)
    munmap(a.reservation, a.buffer.size);
  destroyBuffer(a.buffer);
}

bool VulkanDevice::resolve(const void *ptr, Location &where) {
  uintptr_t p = reinterpret_cast<uintptr_t>(ptr);
  std::shared_lock<std::shared_mutex> lock(allocMutex_);
  auto it = allocations_.upper_bound(p);
  if (it == allocations_.begin())
    return false;
  --it;
  const Buffer &b = it->second.buffer;
  if (p >= it->first + b.size)
    return false;
  where.buffer = b.buffer;
  where.offset = p - it->first;
  where.available = b.size - where.offset;
  where.mapped = b.mapped ? b.mapped + where.offset : nullptr;
  return true;
}

std::unique_ptr<BackendStream> VulkanDevice::createStream(std::string &error) {
  VkCommandPoolCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
  info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  info.queueFamilyIndex = phys_.queueFamily;
  VkCommandPool pool;
  VkResult r = vk.vkCreateCommandPool(handle, &info, nullptr, &pool);
  if (r != VK_SUCCESS) {
    error = vkError("vkCreateCommandPool", r);
    return nullptr;
  }
  Queue &queue = *queues_[nextQueue_.fetch_add(1) % queues_.size()];
  return std::make_unique<VulkanStream>(*this, queue, pool);
}

std::unique_ptr<BackendModule>
VulkanDevice::loadModule(const KernelBinary &binary, std::string &error) {
  const ModuleImage *image = binary.findModule(IMEXKBIN_FLAVOUR_VULKAN);
  if (!image) {
    if (!binary.isContainer)
      error = "the kernel binary is raw SPIR-V, which is the OpenCL/Level "
              "Zero flavour; the Vulkan backend needs an IMEXKBIN container "
              "with a Vulkan module";
    else
      error = "the IMEXKBIN container has no Vulkan module (it holds only "
              "the OpenCL/Level Zero flavour)";
    return nullptr;
  }
  if (!image->spirv.hasCapability(kSpvCapabilityShader) ||
      image->spirv.hasCapability(kSpvCapabilityKernel)) {
    error = "the Vulkan module is not Vulkan-flavoured SPIR-V (it must "
            "declare the Shader capability and not Kernel)";
    return nullptr;
  }
  // Said here, not as a driver's failure to build a pipeline later.
  constexpr uint32_t kSpirv13 = 0x00010300;
  if (image->spirv.version >= kSpirv13 && apiVersion < VK_API_VERSION_1_1) {
    error = "the Vulkan module is SPIR-V 1.3 (subgroup operations), which "
            "needs a Vulkan 1.1 device; compile with "
            "--pipeline-options=gpu-subgroups=false for this one";
    return nullptr;
  }
  if (image->spirv.hasCapability(kSpvCapabilityGroupNonUniformArithmetic) &&
      !subgroupArithmetic) {
    error = "the kernels combine values within subgroups, and this device "
            "has no subgroup arithmetic in compute shaders; compile with "
            "--pipeline-options=gpu-subgroups=false for it";
    return nullptr;
  }
  if (image->spirv.hasCapability(kSpvCapabilityInt64) && !shaderInt64) {
    error = "the kernels use 64-bit integers, which this device does not "
            "support (no shaderInt64); where they come from vector loads, "
            "compile with --pipeline-options=vulkan-int64-loads=false";
    return nullptr;
  }
  VkShaderModuleCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
  info.codeSize = image->words.size() * sizeof(uint32_t);
  info.pCode = image->words.data();
  VkShaderModule shader;
  VkResult r = vk.vkCreateShaderModule(handle, &info, nullptr, &shader);
  if (r != VK_SUCCESS) {
    error = vkError("vkCreateShaderModule", r);
    return nullptr;
  }
  return std::make_unique<VulkanModule>(*this, binary, *image, shader);
}

//===----------------------------------------------------------------------===//
// VulkanModule / VulkanKernel
//===----------------------------------------------------------------------===//

VulkanKernel::~VulkanKernel() {
  VkDevice d = device->handle;
  if (pipeline)
    device->vk.vkDestroyPipeline(d, pipeline, nullptr);
  if (pipelineLayout)
    device->vk.vkDestroyPipelineLayout(d, pipelineLayout, nullptr);
  if (setLayout)
    device->vk.vkDestroyDescriptorSetLayout(d, setLayout, nullptr);
}

VulkanModule::~VulkanModule() {
  kernels_.clear();
  device_.vk.vkDestroyShaderModule(device_.handle, shader_, nullptr);
}

BackendKernel *VulkanModule::getKernel(const std::string &name,
                                       std::string &error) {
  auto found = kernels_.find(name);
  if (found != kernels_.end())
    return found->second.get();
  const SpirvEntryPoint *ep = spirv_.findEntryPoint(name);
  if (!ep || ep->executionModel != kSpvExecutionModelGLCompute) {
    error = format("unknown kernel '%s' (the Vulkan module's compute entry "
                   "points: %s)",
                   name.c_str(), spirv_.entryPointList().c_str());
    return nullptr;
  }
  const KernelEntry *entry = nullptr;
  for (const KernelEntry &k : table_)
    if (k.name == name)
      entry = &k;
  if (!entry) {
    error = format("kernel '%s' has no argument table in the IMEXKBIN "
                   "container",
                   name.c_str());
    return nullptr;
  }
  auto kernel = std::make_unique<VulkanKernel>();
  kernel->device = &device_;
  kernel->pushOffset.assign(entry->args.size(), 0);
  std::vector<VkDescriptorSetLayoutBinding> bindings;
  for (size_t i = 0; i < entry->args.size(); ++i) {
    const KernelArg &arg = entry->args[i];
    if (arg.kind == IMEXKBIN_ARG_PUSH_CONSTANT) {
      kernel->pushOffset[i] =
          imexkbinPushConstantOffset(kernel->pushBytes, arg.bytes);
      kernel->pushBytes = kernel->pushOffset[i] + arg.bytes;
      continue;
    }
    VkDescriptorSetLayoutBinding binding{};
    binding.binding = uint32_t(i);
    binding.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    binding.descriptorCount = 1;
    binding.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    bindings.push_back(binding);
  }
  if (bindings.size() > device_.limits.maxPerStageDescriptorStorageBuffers) {
    error = format("kernel '%s' has %zu buffer arguments; the device binds "
                   "at most %u storage buffers per kernel",
                   name.c_str(), bindings.size(),
                   device_.limits.maxPerStageDescriptorStorageBuffers);
    return nullptr;
  }
  if (kernel->pushBytes > device_.limits.maxPushConstantsSize) {
    error = format("kernel '%s' has %u bytes of push constants; the device "
                   "takes at most %u",
                   name.c_str(), kernel->pushBytes,
                   device_.limits.maxPushConstantsSize);
    return nullptr;
  }
  kernel->name = name;
  kernel->args = entry->args;
  kernel->hasLocalSize = ep->hasLocalSize;
  std::memcpy(kernel->localSize, ep->localSize, sizeof(ep->localSize));
  kernel->splittableGrid =
      !spirv_.readsWorkgroupCount && device_.vk.vkCmdDispatchBase;

  const DeviceApi &vk = device_.vk;
  VkDevice d = device_.handle;
  VkDescriptorSetLayoutCreateInfo layoutInfo{};
  layoutInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
  layoutInfo.bindingCount = uint32_t(bindings.size());
  layoutInfo.pBindings = bindings.data();
  VkResult r = vk.vkCreateDescriptorSetLayout(d, &layoutInfo, nullptr,
                                              &kernel->setLayout);
  if (r != VK_SUCCESS) {
    kernel->setLayout = VK_NULL_HANDLE;
    error = vkError("vkCreateDescriptorSetLayout", r);
    return nullptr;
  }
  VkPipelineLayoutCreateInfo plInfo{};
  plInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
  plInfo.setLayoutCount = 1;
  plInfo.pSetLayouts = &kernel->setLayout;
  VkPushConstantRange pushRange{VK_SHADER_STAGE_COMPUTE_BIT, 0,
                                kernel->pushBytes};
  if (kernel->pushBytes) {
    plInfo.pushConstantRangeCount = 1;
    plInfo.pPushConstantRanges = &pushRange;
  }
  r = vk.vkCreatePipelineLayout(d, &plInfo, nullptr, &kernel->pipelineLayout);
  if (r != VK_SUCCESS) {
    kernel->pipelineLayout = VK_NULL_HANDLE;
    error = vkError("vkCreatePipelineLayout", r);
    return nullptr;
  }
  VkComputePipelineCreateInfo pInfo{};
  pInfo.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
  pInfo.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  pInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pInfo.stage.module = shader_;
  pInfo.stage.pName = kernel->name.c_str();
  pInfo.layout = kernel->pipelineLayout;
  if (kernel->splittableGrid)
    pInfo.flags = VK_PIPELINE_CREATE_DISPATCH_BASE_BIT;
  r = vk.vkCreateComputePipelines(d, VK_NULL_HANDLE, 1, &pInfo, nullptr,
                                  &kernel->pipeline);
  if (r != VK_SUCCESS) {
    kernel->pipeline = VK_NULL_HANDLE;
    error = vkError("vkCreateComputePipelines", r);
    return nullptr;
  }
  VulkanKernel *raw = kernel.get();
  kernels_[name] = std::move(kernel);
  return raw;
}

//===----------------------------------------------------------------------===//
// VulkanStream
//===----------------------------------------------------------------------===//

VulkanStream::~VulkanStream() {
  std::string ignored;
  waitUntil(UINT64_MAX, ignored);
  VkDevice d = device_.handle;
  for (auto &slot : slots_) {
    if (slot->fence)
      device_.vk.vkDestroyFence(d, slot->fence, nullptr);
    if (slot->pool)
      device_.vk.vkDestroyDescriptorPool(d, slot->pool, nullptr);
    device_.destroyBuffer(slot->args);
  }
  device_.destroyBuffer(staging_);
  device_.vk.vkDestroyCommandPool(d, pool_, nullptr); // frees command buffers
}

void VulkanStream::recycleFinished() {
  while (!inflight_.empty() &&
         device_.vk.vkGetFenceStatus(device_.handle,
                                     inflight_.front()->fence) == VK_SUCCESS) {
    free_.push_back(inflight_.front());
    inflight_.pop_front();
  }
}

bool VulkanStream::waitUntil(uint64_t seq, std::string &error) {
  std::vector<VkFence> fences;
  for (Slot *slot : inflight_)
    if (slot->seq <= seq)
      fences.push_back(slot->fence);
  if (!fences.empty()) {
    VkResult r =
        device_.vk.vkWaitForFences(device_.handle, uint32_t(fences.size()),
                                   fences.data(), VK_TRUE, UINT64_MAX);
    if (r != VK_SUCCESS) {
      error = vkError("vkWaitForFences", r);
      return false;
    }
  }
  recycleFinished();
  return true;
}

bool VulkanStream::acquireSlot(Slot *&slot, std::string &error) {
  recycleFinished();
  if (inflight_.size() >= kMaxInFlight &&
      !waitUntil(inflight_.front()->seq, error))
    return false;
  if (!free_.empty()) {
    slot = free_.back();
    free_.pop_back();
    return true;
  }
  auto fresh = std::make_unique<Slot>();
  VkCommandBufferAllocateInfo cbInfo{};
  cbInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
  cbInfo.commandPool = pool_;
  cbInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cbInfo.commandBufferCount = 1;
  VkResult r =
      device_.vk.vkAllocateCommandBuffers(device_.handle, &cbInfo, &fresh->cmd);
  if (r != VK_SUCCESS) {
    error = vkError("vkAllocateCommandBuffers", r);
    return false;
  }
  VkFenceCreateInfo fInfo{};
  fInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
  r = device_.vk.vkCreateFence(device_.handle, &fInfo, nullptr, &fresh->fence);
  if (r != VK_SUCCESS) {
    fresh->fence = VK_NULL_HANDLE;
    slots_.push_back(std::move(fresh)); // its command buffer dies with the pool
    error = vkError("vkCreateFence", r);
    return false;
  }
  slot = fresh.get();
  slots_.push_back(std::move(fresh));
  return true;
}

// Writes a host scalar of hostBytes into a device slot of deviceBytes.
bool convertScalar(const unsigned char *src, size_t hostBytes,
                   unsigned char *dst, size_t deviceBytes, size_t index,
                   std::string &error) {
  if (hostBytes <= deviceBytes) {
    std::memcpy(dst, src, hostBytes);
    std::memset(dst + hostBytes, 0, deviceBytes - hostBytes);
    return true;
  }
  // Narrowing (an 8-byte index into the Vulkan flavour's signed 32-bit
  // index): the dropped bytes must be the sign extension of the kept ones.
  bool negative = (src[deviceBytes - 1] & 0x80) != 0;
  bool extension = true;
  for (size_t b = deviceBytes; b < hostBytes; ++b)
    extension &= src[b] == (negative ? 0xff : 0x00);
  if (!extension) {
    error = format("scalar argument %zu: the %zu-byte value does not fit the "
                   "kernel's %zu-byte argument",
                   index, hostBytes, deviceBytes);
    return false;
  }
  std::memcpy(dst, src, deviceBytes);
  return true;
}

/// One dispatch, or for a grid beyond the device's work-group count limits
/// (launch() checked that the kernel allows it) one dispatch per block of at
/// most the limit in each dimension, whose work-group ids start at the
/// block's base, so the kernel sees the ids of the whole grid.
void VulkanStream::recordDispatches(VkCommandBuffer cmd,
                                    const LaunchArgs &args) {
  const DeviceApi &vk = device_.vk;
  const uint32_t *limit = device_.limits.maxComputeWorkGroupCount;
  bool fits = true;
  for (int dim = 0; dim < 3; ++dim)
    fits &= args.grid[dim] <= limit[dim];
  if (fits) {
    vk.vkCmdDispatch(cmd, uint32_t(args.grid[0]), uint32_t(args.grid[1]),
                     uint32_t(args.grid[2]));
    return;
  }
  for (size_t z = 0; z < args.grid[2]; z += limit[2])
    for (size_t y = 0; y < args.grid[1]; y += limit[1])
      for (size_t x = 0; x < args.grid[0]; x += limit[0])
        vk.vkCmdDispatchBase(
            cmd, uint32_t(x), uint32_t(y), uint32_t(z),
            uint32_t(std::min<size_t>(limit[0], args.grid[0] - x)),
            uint32_t(std::min<size_t>(limit[1], args.grid[1] - y)),
            uint32_t(std::min<size_t>(limit[2], args.grid[2] - z)));
}

bool VulkanStream::record(Slot &slot, VulkanKernel &kernel,
                          const LaunchArgs &args, std::string &error) {
  const DeviceApi &vk = device_.vk;
  VkDevice d = device_.handle;
  const VkPhysicalDeviceLimits &limits = device_.limits;
  const size_t n = kernel.args.size();
  const VkDeviceSize sboAlign =
      std::max<VkDeviceSize>(limits.minStorageBufferOffsetAlignment, 4);

  // Scalars: one aligned range each in the slot's argument buffer.
  std::vector<VkDeviceSize> scalarOffset(n, 0);
  VkDeviceSize scalarBytes = 0;
  for (size_t i = 0; i < n; ++i) {
    if (kernel.args[i].kind != IMEXKBIN_ARG_SCALAR)
      continue;
    scalarOffset[i] = alignUp(scalarBytes, sboAlign);
    scalarBytes = scalarOffset[i] + alignUp(kernel.args[i].bytes, 4);
  }
  if (scalarBytes > slot.args.size) {
    device_.destroyBuffer(slot.args);
    if (!device_.createBuffer(
            alignUp(std::max<VkDeviceSize>(scalarBytes, 256), 256), slot.args,
            error))
      return false;
  }

  std::vector<unsigned char> push(kernel.pushBytes, 0);
  std::vector<VkDescriptorBufferInfo> infos(n);
  std::vector<VkWriteDescriptorSet> writes;
  for (size_t i = 0; i < n; ++i) {
    const imexrtParamDesc &p = args.params[i];
    const KernelArg &ka = kernel.args[i];
    if (!p.data) {
      error = format("argument %zu has a null data pointer", i);
      return false;
    }
    if (ka.kind == IMEXKBIN_ARG_PUSH_CONSTANT) {
      if (!convertScalar(static_cast<const unsigned char *>(p.data),
                         p.size ? p.size : ka.bytes,
                         push.data() + kernel.pushOffset[i], ka.bytes, i,
                         error))
        return false;
      continue;
    }
    VkWriteDescriptorSet write{};
    write.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
    write.dstBinding = uint32_t(i);
    write.descriptorCount = 1;
    write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    write.pBufferInfo = &infos[i];
    writes.push_back(write);
    if (ka.kind == IMEXKBIN_ARG_SCALAR) {
      size_t hostBytes = p.size ? p.size : ka.bytes;
      unsigned char *dst =
          reinterpret_cast<unsigned char *>(slot.args.mapped) + scalarOffset[i];
      // The whole (4-byte aligned) slot is defined: a kernel that reads a
      // 32-bit value for a narrower argument sees it zero-extended.
      std::memset(dst, 0, alignUp(ka.bytes, 4));
      if (!convertScalar(static_cast<const unsigned char *>(p.data), hostBytes,
                         dst, ka.bytes, i, error))
        return false;
      infos[i] = {slot.args.buffer, scalarOffset[i], alignUp(ka.bytes, 4)};
      continue;
    }
    if (p.size && p.size != sizeof(void *)) {
      error = format("buffer argument %zu has size %zu; a buffer is passed as "
                     "its pointer (%zu bytes)",
                     i, p.size, sizeof(void *));
      return false;
    }
    void *ptr;
    std::memcpy(&ptr, p.data, sizeof(ptr));
    VulkanDevice::Location where;
    if (!device_.resolve(ptr, where)) {
      error = format("buffer argument %zu (%p) does not point into memory "
                     "from gpuMemAlloc on this device; the Vulkan backend "
                     "can only bind runtime allocations",
                     i, ptr);
      return false;
    }
    if (where.offset % limits.minStorageBufferOffsetAlignment) {
      error =
          format("buffer argument %zu (%p) lies %llu bytes into its "
                 "allocation, which is not a multiple of the device's "
                 "storage buffer offset alignment (%llu)",
                 i, ptr, (unsigned long long)where.offset,
                 (unsigned long long)limits.minStorageBufferOffsetAlignment);
      return false;
    }
    if (where.available > limits.maxStorageBufferRange) {
      error = format("buffer argument %zu spans %llu bytes; the device binds "
                     "at most %u bytes per storage buffer",
                     i, (unsigned long long)where.available,
                     limits.maxStorageBufferRange);
      return false;
    }
    infos[i] = {where.buffer, where.offset, where.available};
  }

  VkDescriptorSet set = VK_NULL_HANDLE;
  if (!writes.empty()) {
    const size_t bound = writes.size();
    if (slot.poolCapacity < bound) {
      if (slot.pool)
        vk.vkDestroyDescriptorPool(d, slot.pool, nullptr);
      slot.pool = VK_NULL_HANDLE;
      slot.poolCapacity = 0;
      VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                uint32_t(std::max<size_t>(bound, 8))};
      VkDescriptorPoolCreateInfo poolInfo{};
      poolInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
      poolInfo.maxSets = 1;
      poolInfo.poolSizeCount = 1;
      poolInfo.pPoolSizes = &size;
      VkResult r = vk.vkCreateDescriptorPool(d, &poolInfo, nullptr, &slot.pool);
      if (r != VK_SUCCESS) {
        slot.pool = VK_NULL_HANDLE;
        error = vkError("vkCreateDescriptorPool", r);
        return false;
      }
      slot.poolCapacity = size.descriptorCount;
    } else {
      vk.vkResetDescriptorPool(d, slot.pool, 0);
    }
    VkDescriptorSetAllocateInfo setInfo{};
    setInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
    setInfo.descriptorPool = slot.pool;
    setInfo.descriptorSetCount = 1;
    setInfo.pSetLayouts = &kernel.setLayout;
    VkResult r = vk.vkAllocateDescriptorSets(d, &setInfo, &set);
    if (r != VK_SUCCESS) {
      error = vkError("vkAllocateDescriptorSets", r);
      return false;
    }
    for (VkWriteDescriptorSet &write : writes)
      write.dstSet = set;
    vk.vkUpdateDescriptorSets(d, uint32_t(bound), writes.data(), 0, nullptr);
  }

  VkCommandBufferBeginInfo begin{};
  begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VkResult r = vk.vkBeginCommandBuffer(slot.cmd, &begin); // resets it
  if (r != VK_SUCCESS) {
    error = vkError("vkBeginCommandBuffer", r);
    return false;
  }
  // Earlier shader writes (this stream's previous launches) before ours.
  VkMemoryBarrier before{};
  before.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
  before.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  before.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
  vk.vkCmdPipelineBarrier(slot.cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                          VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &before,
                          0, nullptr, 0, nullptr);
  vk.vkCmdBindPipeline(slot.cmd, VK_PIPELINE_BIND_POINT_COMPUTE,
                       kernel.pipeline);
  if (set)
    vk.vkCmdBindDescriptorSets(slot.cmd, VK_PIPELINE_BIND_POINT_COMPUTE,
                               kernel.pipelineLayout, 0, 1, &set, 0, nullptr);
  if (!push.empty())
    vk.vkCmdPushConstants(slot.cmd, kernel.pipelineLayout,
                          VK_SHADER_STAGE_COMPUTE_BIT, 0, uint32_t(push.size()),
                          push.data());
  recordDispatches(slot.cmd, args);
  // Our writes visible to the host once the fence signals.
  VkMemoryBarrier after{};
  after.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
  after.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  after.dstAccessMask = VK_ACCESS_HOST_READ_BIT | VK_ACCESS_HOST_WRITE_BIT;
  vk.vkCmdPipelineBarrier(slot.cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                          VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &after, 0, nullptr,
                          0, nullptr);
  r = vk.vkEndCommandBuffer(slot.cmd);
  if (r != VK_SUCCESS) {
    error = vkError("vkEndCommandBuffer", r);
    return false;
  }
  return true;
}

VkResult VulkanStream::submit(Slot &slot) {
  VkResult r = device_.vk.vkResetFences(device_.handle, 1, &slot.fence);
  if (r != VK_SUCCESS)
    return r;
  VkSubmitInfo info{};
  info.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
  info.commandBufferCount = 1;
  info.pCommandBuffers = &slot.cmd;
  std::lock_guard<std::mutex> lock(queue_.mutex);
  return device_.vk.vkQueueSubmit(queue_.handle, 1, &info, slot.fence);
}

bool VulkanStream::launch(BackendKernel *kernelBase, const LaunchArgs &args,
                          uint64_t seq, std::string &error) {
  auto &kernel = static_cast<VulkanKernel &>(*kernelBase);
  const VkPhysicalDeviceLimits &limits = device_.limits;
  if (args.sharedMemBytes != 0) {
    error = format("dynamic shared memory (%d bytes) is not supported by the "
                   "Vulkan backend: declare workgroup memory in the kernel",
                   args.sharedMemBytes);
    return false;
  }
  if (args.numParams != kernel.args.size()) {
    error = format("the launch passes %zu arguments, the kernel table lists "
                   "%zu",
                   args.numParams, kernel.args.size());
    return false;
  }
  if (kernel.hasLocalSize) {
    for (int dim = 0; dim < 3; ++dim) {
      if (args.block[dim] != kernel.localSize[dim]) {
        error = format("block size (%zu, %zu, %zu) differs from the kernel's "
                       "LocalSize (%u, %u, %u); the Vulkan flavour fixes the "
                       "work-group size when the kernel is compiled",
                       args.block[0], args.block[1], args.block[2],
                       kernel.localSize[0], kernel.localSize[1],
                       kernel.localSize[2]);
        return false;
      }
    }
  }
  for (int dim = 0; dim < 3; ++dim) {
    if (args.grid[dim] > limits.maxComputeWorkGroupCount[dim] &&
        (!kernel.splittableGrid || args.grid[dim] > UINT32_MAX)) {
      error = format(
          "grid size %zu in dimension %d exceeds the device's limit of %u "
          "work groups, and the launch cannot be split: %s",
          args.grid[dim], dim, limits.maxComputeWorkGroupCount[dim],
          args.grid[dim] > UINT32_MAX ? "work-group ids are 32-bit"
          : device_.vk.vkCmdDispatchBase
              ? "the kernel reads the grid size (NumWorkgroups)"
              : "the device lacks Vulkan 1.1's vkCmdDispatchBase");
      return false;
    }
  }
  Slot *slot = nullptr;
  if (!acquireSlot(slot, error))
    return false;
  if (!record(*slot, kernel, args, error)) {
    free_.push_back(slot);
    return false;
  }
  VkResult r = submit(*slot);
  if (r != VK_SUCCESS) {
    free_.push_back(slot);
    error = vkError("vkQueueSubmit", r);
    return false;
  }
  slot->seq = seq;
  inflight_.push_back(slot);
  return true;
}

bool VulkanStream::ensureStaging(std::string &error) {
  return staging_.buffer ||
         device_.createBuffer(kStagingBytes, staging_, error);
}

bool VulkanStream::runTransfer(
    const std::function<void(VkCommandBuffer)> &recordCommands,
    std::string &error) {
  const DeviceApi &vk = device_.vk;
  Slot *slot = nullptr;
  if (!acquireSlot(slot, error))
    return false;
  VkCommandBufferBeginInfo begin{};
  begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VkResult r = vk.vkBeginCommandBuffer(slot->cmd, &begin);
  if (r == VK_SUCCESS) {
    VkMemoryBarrier before{};
    before.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
    before.srcAccessMask =
        VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    before.dstAccessMask =
        VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    vk.vkCmdPipelineBarrier(
        slot->cmd,
        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &before, 0, nullptr, 0, nullptr);
    recordCommands(slot->cmd);
    VkMemoryBarrier after{};
    after.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
    after.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    after.dstAccessMask = VK_ACCESS_SHADER_READ_BIT |
                          VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_HOST_READ_BIT;
    vk.vkCmdPipelineBarrier(slot->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                            VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT |
                                VK_PIPELINE_STAGE_HOST_BIT,
                            0, 1, &after, 0, nullptr, 0, nullptr);
    r = vk.vkEndCommandBuffer(slot->cmd);
  }
  bool submitted = false;
  if (r == VK_SUCCESS) {
    r = submit(*slot);
    submitted = r == VK_SUCCESS;
  }
  if (submitted)
    r = vk.vkWaitForFences(device_.handle, 1, &slot->fence, VK_TRUE,
                           UINT64_MAX);
  // A submission that may still run keeps its slot (the device is lost).
  if (!submitted || r == VK_SUCCESS)
    free_.push_back(slot);
  if (r != VK_SUCCESS) {
    error = vkError("a transfer to or from device memory", r);
    return false;
  }
  return true;
}

bool VulkanStream::stagedCopy(VkBuffer device, VkDeviceSize deviceOffset,
                              char *hostData, size_t bytes, bool toDevice,
                              std::string &error) {
  if (!ensureStaging(error))
    return false;
  for (size_t done = 0; done < bytes;) {
    VkDeviceSize piece = std::min<VkDeviceSize>(bytes - done, kStagingBytes);
    VkBufferCopy region{};
    region.size = piece;
    if (toDevice) {
      std::memcpy(staging_.mapped, hostData + done, piece);
      region.dstOffset = deviceOffset + done;
    } else {
      region.srcOffset = deviceOffset + done;
    }
    VkBuffer from = toDevice ? staging_.buffer : device;
    VkBuffer to = toDevice ? device : staging_.buffer;
    if (!runTransfer(
            [&](VkCommandBuffer cmd) {
              device_.vk.vkCmdCopyBuffer(cmd, from, to, 1, &region);
            },
            error))
      return false;
    if (!toDevice)
      std::memcpy(hostData + done, staging_.mapped, piece);
    done += piece;
  }
  return true;
}

bool VulkanStream::copy(void *dst, const void *src, size_t bytes,
                        std::string &error) {
  if (!waitUntil(UINT64_MAX, error))
    return false;
  VulkanDevice::Location from, to;
  bool srcDevice = device_.resolve(src, from) && !from.mapped;
  bool dstDevice = device_.resolve(dst, to) && !to.mapped;
  if ((srcDevice && bytes > from.available) ||
      (dstDevice && bytes > to.available)) {
    error = format("a %zu-byte copy runs past the end of the device "
                   "allocation at %p",
                   bytes, srcDevice && bytes > from.available ? src : dst);
    return false;
  }
  if (!srcDevice && !dstDevice) {
    std::memmove(dst, src, bytes);
    return true;
  }
  if (srcDevice && dstDevice) {
    bool overlap = from.buffer == to.buffer &&
                   from.offset < to.offset + bytes &&
                   to.offset < from.offset + bytes;
    if (!overlap)
      return runTransfer(
          [&](VkCommandBuffer cmd) {
            VkBufferCopy region{from.offset, to.offset, bytes};
            device_.vk.vkCmdCopyBuffer(cmd, from.buffer, to.buffer, 1, &region);
          },
          error);
    // vkCmdCopyBuffer ranges must not overlap: through the host.
    std::vector<char> temporary(bytes);
    return stagedCopy(from.buffer, from.offset, temporary.data(), bytes,
                      /*toDevice=*/false, error) &&
           stagedCopy(to.buffer, to.offset, temporary.data(), bytes,
                      /*toDevice=*/true, error);
  }
  if (dstDevice)
    return stagedCopy(to.buffer, to.offset,
                      const_cast<char *>(static_cast<const char *>(src)), bytes,
                      /*toDevice=*/true, error);
  return stagedCopy(from.buffer, from.offset, static_cast<char *>(dst), bytes,
                    /*toDevice=*/false, error);
}

bool VulkanStream::fill(void *dst, const void *pattern, size_t patternBytes,
                        size_t bytes, std::string &error) {
  if (!waitUntil(UINT64_MAX, error))
    return false;
  VulkanDevice::Location to;
  if (!device_.resolve(dst, to) || to.mapped) {
    fillPattern(dst, pattern, patternBytes, bytes);
    return true;
  }
  if (bytes > to.available) {
    error = format("a %zu-byte fill runs past the end of the device "
                   "allocation at %p",
                   bytes, dst);
    return false;
  }
  if (patternBytes > kStagingBytes) {
    // Too large to repeat from the staging buffer: filled on the host.
    std::vector<unsigned char> filled(bytes);
    fillPattern(filled.data(), pattern, patternBytes, bytes);
    return stagedCopy(to.buffer, to.offset,
                      reinterpret_cast<char *>(filled.data()), bytes,
                      /*toDevice=*/true, error);
  }
  // The staging buffer holds whole patterns, copied as often as needed.
  if (!ensureStaging(error))
    return false;
  VkDeviceSize piece = std::min<VkDeviceSize>(
      bytes, kStagingBytes / patternBytes * patternBytes);
  fillPattern(staging_.mapped, pattern, patternBytes, piece);
  return runTransfer(
      [&](VkCommandBuffer cmd) {
        std::vector<VkBufferCopy> regions;
        for (VkDeviceSize done = 0; done < bytes; done += piece)
          regions.push_back({0, to.offset + done,
                             std::min<VkDeviceSize>(piece, bytes - done)});
        device_.vk.vkCmdCopyBuffer(cmd, staging_.buffer, to.buffer,
                                   uint32_t(regions.size()), regions.data());
      },
      error);
}

//===----------------------------------------------------------------------===//
// VulkanBackend
//===----------------------------------------------------------------------===//

class VulkanBackend : public Backend {
public:
  ~VulkanBackend() override {
    devices_.clear();
    if (instance_)
      api_.vkDestroyInstance(instance_, nullptr);
  }
  const char *name() const override { return "vulkan"; }
  bool initialize(std::string &error) override;
  size_t deviceCount() const override { return physical_.size(); }
  DeviceDescription describe(size_t index) const override {
    const VkPhysicalDeviceProperties &p = physical_[index].props;
    DeviceDescription d;
    d.name = p.deviceName;
    d.type = publicType(p.deviceType);
    d.vendorId = p.vendorID;
    d.deviceId = p.deviceID;
    return d;
  }
  BackendDevice *openDevice(size_t index, std::string &error) override;

private:
  DynamicLibrary lib_;
  InstanceApi api_;
  uint32_t apiVersion_ = VK_API_VERSION_1_0;
  VkInstance instance_ = VK_NULL_HANDLE;
  std::vector<PhysicalDevice> physical_;
  std::map<size_t, std::unique_ptr<VulkanDevice>> devices_;
};

bool VulkanBackend::initialize(std::string &error) {
  if (!lib_.open("libvulkan.so.1", "IMEXRT_VULKAN_LOADER", error))
    return false;
  api_.vkGetInstanceProcAddr = reinterpret_cast<PFN_vkGetInstanceProcAddr>(
      lib_.symbol("vkGetInstanceProcAddr"));
  if (!api_.vkGetInstanceProcAddr) {
    error = lib_.path() + " does not export vkGetInstanceProcAddr";
    return false;
  }
  api_.vkCreateInstance = reinterpret_cast<PFN_vkCreateInstance>(
      api_.vkGetInstanceProcAddr(VK_NULL_HANDLE, "vkCreateInstance"));
  api_.vkEnumerateInstanceVersion =
      reinterpret_cast<PFN_vkEnumerateInstanceVersion>(
          api_.vkGetInstanceProcAddr(VK_NULL_HANDLE,
                                     "vkEnumerateInstanceVersion"));
  if (!api_.vkCreateInstance) {
    error = lib_.path() + " does not provide vkCreateInstance";
    return false;
  }
  if (api_.vkEnumerateInstanceVersion) {
    uint32_t v = VK_API_VERSION_1_0;
    if (api_.vkEnumerateInstanceVersion(&v) == VK_SUCCESS)
      apiVersion_ = std::min<uint32_t>(v, VK_API_VERSION_1_3);
  }
  VkApplicationInfo app{};
  app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
  app.pApplicationName = "imexrt";
  app.pEngineName = "imexrt";
  app.apiVersion = apiVersion_;
  VkInstanceCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
  info.pApplicationInfo = &app;
  VkResult r = api_.vkCreateInstance(&info, nullptr, &instance_);
  if (r != VK_SUCCESS) {
    instance_ = VK_NULL_HANDLE;
    error = vkError("vkCreateInstance", r);
    if (r == VK_ERROR_INCOMPATIBLE_DRIVER)
      error += " (no Vulkan driver installed?)";
    return false;
  }
#define X(f)                                                                   \
  api_.f =                                                                     \
      reinterpret_cast<PFN_##f>(api_.vkGetInstanceProcAddr(instance_, #f));    \
  if (!api_.f) {                                                               \
    error = "the Vulkan loader does not provide " #f;                          \
    return false;                                                              \
  }
  IMEXRT_VK_INSTANCE_FUNCS(X)
#undef X
  if (apiVersion_ >= VK_API_VERSION_1_1) {
    api_.vkGetPhysicalDeviceFeatures2 =
        reinterpret_cast<PFN_vkGetPhysicalDeviceFeatures2>(
            api_.vkGetInstanceProcAddr(instance_,
                                       "vkGetPhysicalDeviceFeatures2"));
    api_.vkGetPhysicalDeviceProperties2 =
        reinterpret_cast<PFN_vkGetPhysicalDeviceProperties2>(
            api_.vkGetInstanceProcAddr(instance_,
                                       "vkGetPhysicalDeviceProperties2"));
  }

  uint32_t count = 0;
  r = api_.vkEnumeratePhysicalDevices(instance_, &count, nullptr);
  std::vector<VkPhysicalDevice> handles(count);
  if (r == VK_SUCCESS && count)
    r = api_.vkEnumeratePhysicalDevices(instance_, &count, handles.data());
  if (r != VK_SUCCESS && r != VK_INCOMPLETE) {
    error = vkError("vkEnumeratePhysicalDevices", r);
    return false;
  }
  handles.resize(count);
  for (VkPhysicalDevice h : handles) {
    PhysicalDevice pd;
    pd.handle = h;
    api_.vkGetPhysicalDeviceProperties(h, &pd.props);
    uint32_t nFamilies = 0;
    api_.vkGetPhysicalDeviceQueueFamilyProperties(h, &nFamilies, nullptr);
    std::vector<VkQueueFamilyProperties> families(nFamilies);
    api_.vkGetPhysicalDeviceQueueFamilyProperties(h, &nFamilies,
                                                  families.data());
    bool found = false;
    for (uint32_t f = 0; f < nFamilies && !found; ++f) {
      if ((families[f].queueFlags & VK_QUEUE_COMPUTE_BIT) &&
          families[f].queueCount > 0) {
        pd.queueFamily = f;
        pd.queueCount = families[f].queueCount;
        found = true;
      }
    }
    if (found)
      physical_.push_back(pd);
  }
  // Order by device type, keeping the loader's order within a type.
  std::vector<std::pair<int, size_t>> order;
  for (size_t i = 0; i < physical_.size(); ++i)
    order.push_back({typeRank(physical_[i].props.deviceType), i});
  std::sort(order.begin(), order.end());
  std::vector<PhysicalDevice> sorted;
  for (auto &o : order)
    sorted.push_back(physical_[o.second]);
  physical_.swap(sorted);
  if (physical_.empty()) {
    error = count ? format("none of the %u Vulkan devices has a compute queue",
                           count)
                  : std::string("the Vulkan loader found no device (no "
                                "Vulkan driver installed?)");
    return false;
  }
  return true;
}

BackendDevice *VulkanBackend::openDevice(size_t index, std::string &error) {
  auto it = devices_.find(index);
  if (it != devices_.end())
    return it->second.get();
  if (index >= physical_.size()) {
    error = format("no Vulkan device %zu", index);
    return nullptr;
  }
  auto device = std::make_unique<VulkanDevice>(api_, physical_[index]);
  if (!device->open(apiVersion_, error)) {
    error = format("opening %s: ", physical_[index].props.deviceName) + error;
    return nullptr;
  }
  VulkanDevice *raw = device.get();
  devices_[index] = std::move(device);
  return raw;
}

} // namespace

std::unique_ptr<Backend> createVulkanBackend() {
  return std::make_unique<VulkanBackend>();
}

} // namespace imexrt

#else // !IMEXRT_HAVE_VULKAN
namespace imexrt {
std::unique_ptr<Backend> createVulkanBackend() {
  return createUnavailableBackend(
      "vulkan",
      "libimexrt was built without the Vulkan headers (libvulkan-dev)");
}
} // namespace imexrt

#endif
