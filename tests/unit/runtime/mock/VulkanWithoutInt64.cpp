//===- VulkanWithoutInt64.cpp - a Vulkan loader hiding shaderInt64 --------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Loaded through IMEXRT_VULKAN_LOADER in place of libvulkan.so.1: forwards
// everything to the system's loader, except that the physical device
// feature queries report no shaderInt64. The runtime's devices then look
// like GPUs without 64-bit integers in shaders, which none of our machines
// has.
//
//===----------------------------------------------------------------------===//

#include <vulkan/vulkan.h>

#include <cstring>
#include <dlfcn.h>

namespace {

PFN_vkGetInstanceProcAddr systemGetInstanceProcAddr() {
  static PFN_vkGetInstanceProcAddr system = [] {
    void *loader = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
    return loader ? reinterpret_cast<PFN_vkGetInstanceProcAddr>(
                        dlsym(loader, "vkGetInstanceProcAddr"))
                  : nullptr;
  }();
  return system;
}

PFN_vkGetPhysicalDeviceFeatures systemFeatures;
PFN_vkGetPhysicalDeviceFeatures2 systemFeatures2;

void VKAPI_CALL featuresWithoutInt64(VkPhysicalDevice device,
                                     VkPhysicalDeviceFeatures *features) {
  systemFeatures(device, features);
  features->shaderInt64 = VK_FALSE;
}

void VKAPI_CALL featuresWithoutInt64(VkPhysicalDevice device,
                                     VkPhysicalDeviceFeatures2 *features) {
  systemFeatures2(device, features);
  features->features.shaderInt64 = VK_FALSE;
}

} // namespace

extern "C" VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vkGetInstanceProcAddr(VkInstance instance, const char *name) {
  PFN_vkGetInstanceProcAddr system = systemGetInstanceProcAddr();
  if (!system)
    return nullptr;
  if (std::strcmp(name, "vkGetInstanceProcAddr") == 0)
    return reinterpret_cast<PFN_vkVoidFunction>(&vkGetInstanceProcAddr);
  PFN_vkVoidFunction function = system(instance, name);
  if (!function)
    return nullptr;
  if (std::strcmp(name, "vkGetPhysicalDeviceFeatures") == 0) {
    systemFeatures =
        reinterpret_cast<PFN_vkGetPhysicalDeviceFeatures>(function);
    return reinterpret_cast<PFN_vkVoidFunction>(
        static_cast<PFN_vkGetPhysicalDeviceFeatures>(&featuresWithoutInt64));
  }
  if (std::strcmp(name, "vkGetPhysicalDeviceFeatures2") == 0 ||
      std::strcmp(name, "vkGetPhysicalDeviceFeatures2KHR") == 0) {
    systemFeatures2 =
        reinterpret_cast<PFN_vkGetPhysicalDeviceFeatures2>(function);
    return reinterpret_cast<PFN_vkVoidFunction>(
        static_cast<PFN_vkGetPhysicalDeviceFeatures2>(&featuresWithoutInt64));
  }
  return function;
}
