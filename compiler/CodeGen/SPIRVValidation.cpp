//===- SPIRVValidation.cpp - in-process SPIR-V validation -----------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "SPIRVValidation.h"

#include "llvm/Support/raw_ostream.h"

#include <spirv-tools/libspirv.hpp>

using namespace imex::codegen;

namespace {

constexpr uint32_t kSpvHeaderWords = 5;
constexpr uint32_t kSpvOpCapability = 17;
constexpr uint32_t kSpvCapabilityFloat16 = 9;

/// True if the module has an `OpCapability Float16` (capabilities come first
/// in a module, so the scan stops at the first other instruction).
bool declaresFloat16(llvm::ArrayRef<uint32_t> words) {
  size_t at = kSpvHeaderWords;
  while (at < words.size()) {
    uint32_t wordCount = words[at] >> 16;
    uint32_t opcode = words[at] & 0xffffu;
    if (opcode != kSpvOpCapability || wordCount != 2 || at + 1 >= words.size())
      return false;
    if (words[at + 1] == kSpvCapabilityFloat16)
      return true;
    at += wordCount;
  }
  return false;
}

/// The module's SPIR-V version as 0x00MMmm00 (header word 1).
uint32_t moduleVersion(llvm::ArrayRef<uint32_t> words) {
  return words.size() > 1 ? words[1] : 0;
}

spv_target_env getTargetEnv(llvm::StringRef name) {
  if (name == "vulkan1.0")
    return SPV_ENV_VULKAN_1_0;
  if (name == "vulkan1.1")
    return SPV_ENV_VULKAN_1_1;
  if (name == "opencl2.0")
    return SPV_ENV_OPENCL_2_0;
  return SPV_ENV_UNIVERSAL_1_0;
}

} // namespace

llvm::StringRef
imex::codegen::getValidationEnvName(llvm::ArrayRef<uint32_t> words,
                                    SPIRVFlavour flavour) {
  // SPIR-V 1.3 (subgroup operations) needs Vulkan 1.1.
  constexpr uint32_t kVersion13 = 0x00010300;
  if (flavour == SPIRVFlavour::Vulkan)
    return moduleVersion(words) >= kVersion13 ? "vulkan1.1" : "vulkan1.0";
  return declaresFloat16(words) ? "spv1.0" : "opencl2.0";
}

bool imex::codegen::validateSPIRV(llvm::ArrayRef<uint32_t> words,
                                  SPIRVFlavour flavour, std::string &messages) {
  messages.clear();
  spvtools::SpirvTools tools(
      getTargetEnv(getValidationEnvName(words, flavour)));
  llvm::raw_string_ostream os(messages);
  tools.SetMessageConsumer([&os](spv_message_level_t, const char *,
                                 const spv_position_t &position,
                                 const char *message) {
    if (!os.str().empty())
      os << "\n";
    os << "word " << position.index << ": " << message;
  });
  bool valid = tools.Validate(words.data(), words.size());
  if (!valid && messages.empty())
    messages = "the SPIR-V validator rejected the module";
  return valid;
}
