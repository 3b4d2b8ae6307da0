//===- KernelBinary.cpp - the IMEXKBIN kernel binary container ------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Field positions come from the runtime's C structs (offsetof/sizeof), values
// are stored little-endian whatever the host.
//
//===----------------------------------------------------------------------===//

#include "imex/CodeGen/KernelBinary.h"

#include "imexrt/kernel_binary.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

#include <cstddef>
#include <cstring>
#include <limits>

using namespace imex::codegen;
using llvm::StringRef;

namespace {

constexpr uint64_t kSectionAlign = 8;

void putU32(std::string &buf, uint64_t at, uint32_t value) {
  llvm::support::endian::write32le(&buf[at], value);
}
void putU64(std::string &buf, uint64_t at, uint64_t value) {
  llvm::support::endian::write64le(&buf[at], value);
}

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

} // namespace

StringRef imex::codegen::getFlavourName(SPIRVFlavour flavour) {
  switch (flavour) {
  case SPIRVFlavour::OpenCL:
    return "opencl";
  case SPIRVFlavour::Vulkan:
    return "vulkan";
  }
  return "unknown";
}

std::optional<SPIRVFlavour> imex::codegen::parseFlavour(StringRef name) {
  if (name == "opencl")
    return SPIRVFlavour::OpenCL;
  if (name == "vulkan")
    return SPIRVFlavour::Vulkan;
  return std::nullopt;
}

llvm::Expected<std::string>
imex::codegen::writeKernelBinary(const KernelBinary &binary) {
  static_assert(static_cast<uint32_t>(SPIRVFlavour::OpenCL) ==
                        IMEXKBIN_FLAVOUR_OPENCL &&
                    static_cast<uint32_t>(SPIRVFlavour::Vulkan) ==
                        IMEXKBIN_FLAVOUR_VULKAN,
                "flavour values follow kernel_binary.h");
  static_assert(
      static_cast<uint32_t>(KernelArgKind::Buffer) == IMEXKBIN_ARG_BUFFER &&
          static_cast<uint32_t>(KernelArgKind::Scalar) == IMEXKBIN_ARG_SCALAR &&
          static_cast<uint32_t>(KernelArgKind::PushConstant) ==
              IMEXKBIN_ARG_PUSH_CONSTANT,
      "argument kinds follow kernel_binary.h");

  constexpr uint64_t u32Max = std::numeric_limits<uint32_t>::max();
  if (binary.modules.size() > u32Max || binary.kernels.size() > u32Max)
    return makeError("too many modules or kernels for a kernel binary");
  for (size_t i = 0; i < binary.modules.size(); ++i) {
    if (binary.modules[i].words.empty())
      return makeError("the " + getFlavourName(binary.modules[i].flavour) +
                       " module is empty");
    for (size_t j = 0; j < i; ++j)
      if (binary.modules[j].flavour == binary.modules[i].flavour)
        return makeError("two " + getFlavourName(binary.modules[i].flavour) +
                         " modules in one kernel binary");
  }

  // Layout: fixed records first, then the variable-sized sections.
  uint64_t size = sizeof(ImexKbinHeader) +
                  binary.modules.size() * sizeof(ImexKbinModule) +
                  binary.kernels.size() * sizeof(ImexKbinKernel);
  std::vector<uint64_t> nameOffsets, argOffsets, wordOffsets;
  for (const KernelInfo &kernel : binary.kernels) {
    if (kernel.name.empty())
      return makeError("a kernel without a name");
    if (kernel.name.size() > u32Max || kernel.args.size() > u32Max)
      return makeError("kernel '" + kernel.name + "' is too large");
    size = llvm::alignTo(size, kSectionAlign);
    argOffsets.push_back(size);
    size += kernel.args.size() * sizeof(ImexKbinArg);
    nameOffsets.push_back(size);
    size += kernel.name.size();
  }
  for (const FlavourModule &module : binary.modules) {
    size = llvm::alignTo(size, kSectionAlign);
    wordOffsets.push_back(size);
    size += module.words.size() * sizeof(uint32_t);
  }

  std::string buf(size, '\0');
  std::memcpy(&buf[offsetof(ImexKbinHeader, magic)], IMEXKBIN_MAGIC,
              IMEXKBIN_MAGIC_BYTES);
  putU32(buf, offsetof(ImexKbinHeader, version), IMEXKBIN_VERSION);
  putU32(buf, offsetof(ImexKbinHeader, numModules),
         static_cast<uint32_t>(binary.modules.size()));
  putU32(buf, offsetof(ImexKbinHeader, numKernels),
         static_cast<uint32_t>(binary.kernels.size()));
  putU32(buf, offsetof(ImexKbinHeader, reserved), 0);

  uint64_t record = IMEXKBIN_MODULES_OFFSET;
  for (size_t i = 0; i < binary.modules.size(); ++i) {
    const FlavourModule &module = binary.modules[i];
    putU32(buf, record + offsetof(ImexKbinModule, flavour),
           static_cast<uint32_t>(module.flavour));
    putU64(buf, record + offsetof(ImexKbinModule, offset), wordOffsets[i]);
    size_t moduleBytes = module.words.size() * sizeof(uint32_t);
    putU64(buf, record + offsetof(ImexKbinModule, bytes), moduleBytes);
    for (size_t w = 0; w < module.words.size(); ++w)
      putU32(buf, wordOffsets[i] + w * sizeof(uint32_t), module.words[w]);
    // The runtime refuses a module whose bytes changed since: a damaged
    // blob must not reach a driver.
    putU32(buf, record + offsetof(ImexKbinModule, crc32),
           llvm::crc32(llvm::arrayRefFromStringRef(
               llvm::StringRef(buf).substr(wordOffsets[i], moduleBytes))));
    record += sizeof(ImexKbinModule);
  }
  for (size_t i = 0; i < binary.kernels.size(); ++i) {
    const KernelInfo &kernel = binary.kernels[i];
    putU64(buf, record + offsetof(ImexKbinKernel, nameOffset), nameOffsets[i]);
    putU32(buf, record + offsetof(ImexKbinKernel, nameBytes),
           static_cast<uint32_t>(kernel.name.size()));
    putU32(buf, record + offsetof(ImexKbinKernel, numArgs),
           static_cast<uint32_t>(kernel.args.size()));
    putU64(buf, record + offsetof(ImexKbinKernel, argsOffset), argOffsets[i]);
    std::memcpy(&buf[nameOffsets[i]], kernel.name.data(), kernel.name.size());
    for (size_t a = 0; a < kernel.args.size(); ++a) {
      uint64_t at = argOffsets[i] + a * sizeof(ImexKbinArg);
      putU32(buf, at + offsetof(ImexKbinArg, kind),
             static_cast<uint32_t>(kernel.args[a].kind));
      putU32(buf, at + offsetof(ImexKbinArg, bytes), kernel.args[a].bytes);
    }
    record += sizeof(ImexKbinKernel);
  }
  return buf;
}
