//===- KernelBinary.h - the IMEXKBIN kernel binary container ----*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Writes the kernel binary that `gpu-kernels-to-spirv-binary` attaches to a
// gpu.module as `gpu.binary`: one SPIR-V module per flavour plus the kernel
// argument table. The byte layout is the runtime's
// (runtime/include/imexrt/kernel_binary.h, described in docs/runtime-abi.md),
// and so is the one reader (runtime/lib/KernelBinary.h), which the tests
// and imex-kbin-dump use too. No MLIR.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_CODEGEN_KERNELBINARY_H
#define IMEX_CODEGEN_KERNELBINARY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace imex::codegen {

/// The SPIR-V flavours a kernel binary can hold (values of
/// ImexKbinModule.flavour).
enum class SPIRVFlavour : uint32_t {
  /// OpenCL / Level Zero: Kernel capability, Physical64 addressing, kernel
  /// arguments passed by value / as CrossWorkgroup pointers.
  OpenCL = 1,
  /// Vulkan: Shader capability, every argument a storage buffer at
  /// descriptor set 0, binding = argument position, except push constants.
  Vulkan = 2,
};

/// "opencl" / "vulkan" (the spelling of the pass option and of messages).
llvm::StringRef getFlavourName(SPIRVFlavour flavour);
/// Inverse of getFlavourName; std::nullopt for anything else.
std::optional<SPIRVFlavour> parseFlavour(llvm::StringRef name);

/// Values of ImexKbinArg.kind.
enum class KernelArgKind : uint32_t {
  Buffer = 0, ///< a memref, passed as its aligned pointer
  Scalar = 1, ///< an integer, index, float or vector value
  /// A 4- or 8-byte scalar the Vulkan flavour reads from the kernel's
  /// push-constant block (layout: imexkbinPushConstantOffset).
  PushConstant = 2,
};

struct KernelArgInfo {
  KernelArgKind kind;
  /// scalar size (the host's; a push constant's in the block); pointer size
  /// (8) for buffers
  uint32_t bytes;
  bool operator==(const KernelArgInfo &other) const {
    return kind == other.kind && bytes == other.bytes;
  }
};

struct KernelInfo {
  std::string name; ///< the entry point (gpu.func) name
  std::vector<KernelArgInfo> args;
};

struct FlavourModule {
  SPIRVFlavour flavour;
  std::vector<uint32_t> words; ///< the SPIR-V module
};

/// Everything a container holds.
struct KernelBinary {
  std::vector<FlavourModule> modules; ///< at most one per flavour
  std::vector<KernelInfo> kernels;
};

/// Serializes `binary` into an IMEXKBIN container (IMEXKBIN_VERSION): header,
/// module records, kernel records, then for each kernel its name and
/// argument table, then the SPIR-V words of each module, every section
/// starting at an 8-byte aligned offset (zero padding). The same input always
/// gives the same bytes. Fails if two modules share a flavour, a module is
/// empty or a count does not fit the format.
llvm::Expected<std::string> writeKernelBinary(const KernelBinary &binary);

} // namespace imex::codegen

#endif
