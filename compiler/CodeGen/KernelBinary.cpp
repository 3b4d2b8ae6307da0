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

#include "CodeGen/KernelBinary.h"

#include "imexrt/kernel_binary.h"

#include "llvm/ADT/StringExtras.h"
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
uint32_t getU32(StringRef blob, uint64_t at) {
  return llvm::support::endian::read32le(blob.data() + at);
}
uint64_t getU64(StringRef blob, uint64_t at) {
  return llvm::support::endian::read64le(blob.data() + at);
}

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// True if [offset, offset + bytes) lies inside a blob of `size` bytes.
bool inBounds(uint64_t offset, uint64_t bytes, uint64_t size) {
  return offset <= size && bytes <= size - offset;
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

bool imex::codegen::isKernelBinaryContainer(StringRef blob) {
  return blob.starts_with(StringRef(IMEXKBIN_MAGIC, IMEXKBIN_MAGIC_BYTES));
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
          static_cast<uint32_t>(KernelArgKind::Scalar) == IMEXKBIN_ARG_SCALAR,
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
    putU32(buf, record + offsetof(ImexKbinModule, reserved), 0);
    putU64(buf, record + offsetof(ImexKbinModule, offset), wordOffsets[i]);
    putU64(buf, record + offsetof(ImexKbinModule, bytes),
           module.words.size() * sizeof(uint32_t));
    for (size_t w = 0; w < module.words.size(); ++w)
      putU32(buf, wordOffsets[i] + w * sizeof(uint32_t), module.words[w]);
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

llvm::Expected<KernelBinary> imex::codegen::readKernelBinary(StringRef blob) {
  KernelBinary result;
  const uint64_t size = blob.size();

  if (!isKernelBinaryContainer(blob)) {
    // A raw SPIR-V module, in either byte order (a serializer writes host
    // order).
    if (size < 5 * sizeof(uint32_t) || size % sizeof(uint32_t) != 0)
      return makeError("neither an IMEXKBIN container nor a SPIR-V module (" +
                       llvm::Twine(size) + " bytes)");
    uint32_t first = getU32(blob, 0);
    bool swapped = first == llvm::byteswap<uint32_t>(IMEXKBIN_SPIRV_MAGIC);
    if (first != IMEXKBIN_SPIRV_MAGIC && !swapped)
      return makeError("neither an IMEXKBIN container nor a SPIR-V module "
                       "(first word 0x" +
                       llvm::utohexstr(first) + ")");
    FlavourModule module{SPIRVFlavour::OpenCL, {}};
    for (uint64_t at = 0; at < size; at += sizeof(uint32_t)) {
      uint32_t word = getU32(blob, at);
      module.words.push_back(swapped ? llvm::byteswap(word) : word);
    }
    result.modules.push_back(std::move(module));
    result.isRawSPIRV = true;
    return result;
  }

  if (size < sizeof(ImexKbinHeader))
    return makeError("truncated IMEXKBIN header");
  uint32_t version = getU32(blob, offsetof(ImexKbinHeader, version));
  if (version != IMEXKBIN_VERSION)
    return makeError("unsupported IMEXKBIN version " + llvm::Twine(version));
  uint64_t numModules = getU32(blob, offsetof(ImexKbinHeader, numModules));
  uint64_t numKernels = getU32(blob, offsetof(ImexKbinHeader, numKernels));
  uint64_t recordsEnd = IMEXKBIN_MODULES_OFFSET +
                        numModules * sizeof(ImexKbinModule) +
                        numKernels * sizeof(ImexKbinKernel);
  if (recordsEnd > size)
    return makeError("IMEXKBIN records run past the end of the blob");

  uint64_t record = IMEXKBIN_MODULES_OFFSET;
  for (uint64_t i = 0; i < numModules; ++i, record += sizeof(ImexKbinModule)) {
    uint32_t flavourValue =
        getU32(blob, record + offsetof(ImexKbinModule, flavour));
    uint64_t offset = getU64(blob, record + offsetof(ImexKbinModule, offset));
    uint64_t bytes = getU64(blob, record + offsetof(ImexKbinModule, bytes));
    if (flavourValue != IMEXKBIN_FLAVOUR_OPENCL &&
        flavourValue != IMEXKBIN_FLAVOUR_VULKAN)
      return makeError("module " + llvm::Twine(i) + " has unknown flavour " +
                       llvm::Twine(flavourValue));
    auto flavour = static_cast<SPIRVFlavour>(flavourValue);
    for (const FlavourModule &seen : result.modules)
      if (seen.flavour == flavour)
        return makeError("two " + getFlavourName(flavour) + " modules");
    if (bytes == 0 || bytes % sizeof(uint32_t) != 0 ||
        !inBounds(offset, bytes, size))
      return makeError("the " + getFlavourName(flavour) +
                       " module's words lie outside the blob or are not "
                       "whole words");
    FlavourModule module{flavour, {}};
    module.words.reserve(bytes / sizeof(uint32_t));
    for (uint64_t at = 0; at < bytes; at += sizeof(uint32_t))
      module.words.push_back(getU32(blob, offset + at));
    result.modules.push_back(std::move(module));
  }
  for (uint64_t i = 0; i < numKernels; ++i, record += sizeof(ImexKbinKernel)) {
    uint64_t nameOffset =
        getU64(blob, record + offsetof(ImexKbinKernel, nameOffset));
    uint64_t nameBytes =
        getU32(blob, record + offsetof(ImexKbinKernel, nameBytes));
    uint64_t numArgs = getU32(blob, record + offsetof(ImexKbinKernel, numArgs));
    uint64_t argsOffset =
        getU64(blob, record + offsetof(ImexKbinKernel, argsOffset));
    if (nameBytes == 0 || !inBounds(nameOffset, nameBytes, size))
      return makeError("kernel " + llvm::Twine(i) +
                       " has its name outside the blob");
    if (!inBounds(argsOffset, numArgs * sizeof(ImexKbinArg), size))
      return makeError("kernel " + llvm::Twine(i) +
                       " has its argument table outside the blob");
    KernelInfo kernel;
    kernel.name = blob.substr(nameOffset, nameBytes).str();
    for (uint64_t a = 0; a < numArgs; ++a) {
      uint64_t at = argsOffset + a * sizeof(ImexKbinArg);
      uint32_t kind = getU32(blob, at + offsetof(ImexKbinArg, kind));
      if (kind != IMEXKBIN_ARG_BUFFER && kind != IMEXKBIN_ARG_SCALAR)
        return makeError("kernel '" + kernel.name + "' argument " +
                         llvm::Twine(a) + " has unknown kind " +
                         llvm::Twine(kind));
      kernel.args.push_back({static_cast<KernelArgKind>(kind),
                             getU32(blob, at + offsetof(ImexKbinArg, bytes))});
    }
    result.kernels.push_back(std::move(kernel));
  }
  return result;
}
