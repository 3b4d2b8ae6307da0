//===- KernelBinary.h - kernel binary and SPIR-V parsing --------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Reads what gpuModuleLoad receives: a raw SPIR-V module or an IMEXKBIN
// container (include/imexrt/kernel_binary.h), and the few facts the runtime
// needs from SPIR-V itself (capabilities, entry points, local sizes). The
// SPIR-V is checked structurally (header, instruction word counts), since a
// Vulkan driver must never see a malformed module. No device is involved.
//
//===----------------------------------------------------------------------===//
#ifndef IMEXRT_LIB_KERNELBINARY_H
#define IMEXRT_LIB_KERNELBINARY_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace imexrt {

struct SpirvEntryPoint {
  std::string name;
  uint32_t executionModel = 0; // 5 = GLCompute, 6 = Kernel
  uint32_t id = 0;
  bool hasLocalSize = false;
  uint32_t localSize[3] = {1, 1, 1};
};

struct SpirvInfo {
  uint32_t version = 0; // 0x00MMmm00
  uint32_t addressingModel = 0;
  std::vector<uint32_t> capabilities;
  std::vector<SpirvEntryPoint> entryPoints;
  /// Some variable is decorated BuiltIn NumWorkgroups: the module's kernels
  /// may read the grid size, so a grid must not be split into several
  /// dispatches.
  bool readsWorkgroupCount = false;

  bool hasCapability(uint32_t cap) const;
  const SpirvEntryPoint *findEntryPoint(const std::string &name) const;
  /// Comma-separated entry point names, for messages.
  std::string entryPointList() const;
};

// SPIR-V enumerants used by the runtime.
constexpr uint32_t kSpvCapabilityShader = 1;
constexpr uint32_t kSpvCapabilityKernel = 6;
constexpr uint32_t kSpvCapabilityInt64 = 11;
constexpr uint32_t kSpvCapabilityGroupNonUniformArithmetic = 63;
constexpr uint32_t kSpvExecutionModelGLCompute = 5;
constexpr uint32_t kSpvExecutionModelKernel = 6;

/// Parses SPIR-V words (host byte order; a byte-swapped module is converted in
/// place). Returns false with a message if the module is malformed.
bool parseSpirv(std::vector<uint32_t> &words, SpirvInfo &info,
                std::string &error);

struct KernelArg {
  uint32_t kind = 0; // IMEXKBIN_ARG_*
  uint32_t bytes = 0;
};

struct KernelEntry {
  std::string name;
  std::vector<KernelArg> args;
};

struct ModuleImage {
  uint32_t flavour = 0; // IMEXKBIN_FLAVOUR_*
  std::vector<uint32_t> words;
  SpirvInfo spirv;
};

struct KernelBinary {
  bool isContainer = false;
  std::vector<ModuleImage> modules;
  std::vector<KernelEntry> kernels; // empty for raw SPIR-V

  const ModuleImage *findModule(uint32_t flavour) const;
  const KernelEntry *findKernel(const std::string &name) const;
};

/// Parses and validates a raw SPIR-V module or a container. The result owns
/// copies of everything, so `data` may go away afterwards.
bool parseKernelBinary(const void *data, size_t bytes, KernelBinary &out,
                       std::string &error);

const char *flavourName(uint32_t flavour);

/// CRC-32 as zlib computes it: the checksum of a container's modules.
uint32_t kernelBinaryCrc32(const void *data, size_t bytes);

} // namespace imexrt

#endif // IMEXRT_LIB_KERNELBINARY_H
