//===- SPIRVValidation.h - in-process SPIR-V validation ---------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A thin wrapper over SPIRV-Tools' validator (the library behind spirv-val),
// so that only one translation unit includes libspirv.hpp.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_CODEGEN_SPIRVVALIDATION_H
#define IMEX_CODEGEN_SPIRVVALIDATION_H

#include "imex/CodeGen/KernelBinary.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace imex::codegen {

/// The validation environment used for a module of `flavour` (spirv-val's
/// --target-env spelling): "vulkan1.0" for Vulkan; "opencl2.0" for OpenCL,
/// or "spv1.0" (core rules only) when the module declares the Float16
/// capability, which SPIRV-Tools' OpenCL environments reject although
/// Level Zero devices support it (cl_khr_fp16).
llvm::StringRef getValidationEnvName(llvm::ArrayRef<uint32_t> words,
                                     SPIRVFlavour flavour);

/// Validates `words` for `flavour`. Returns true if valid; otherwise false
/// with the validator's messages (one per line) in `messages`.
bool validateSPIRV(llvm::ArrayRef<uint32_t> words, SPIRVFlavour flavour,
                   std::string &messages);

} // namespace imex::codegen

#endif
