//===- VulkanPushConstants.h - scalar arguments as push constants -*- C++
//-*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to compiler/CodeGen.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_CODEGEN_VULKANPUSHCONSTANTS_H
#define IMEX_CODEGEN_VULKANPUSHCONSTANTS_H

#include "imex/CodeGen/KernelBinary.h"

#include "mlir/Support/LLVM.h"

namespace mlir::spirv {
class ModuleOp;
} // namespace mlir::spirv

namespace imex::codegen {

/// Marks the scalar arguments of a Vulkan kernel that travel in its
/// push-constant block: 4- and 8-byte integers and floats (`vulkanBytes`
/// gives each argument's size in the Vulkan flavour, 0 for other
/// arguments), in argument order while the block stays within
/// IMEXKBIN_PUSH_CONSTANT_BLOCK_BYTES. The others keep a storage buffer each.
void choosePushConstants(KernelInfo &kernel,
                         llvm::ArrayRef<uint32_t> vulkanBytes);

/// Moves the push-constant arguments of `kernels` (choosePushConstants)
/// out of the storage buffers spirv-lower-abi-attrs made for them (set 0,
/// binding = argument position, a struct of one scalar) into one
/// push-constant block per entry point, laid out by
/// imexkbinPushConstantOffset. Runs after spirv-lower-abi-attrs; fails, with
/// an error on the variable, where an argument is not such a buffer or is
/// used other than by loading it.
mlir::LogicalResult passPushConstants(mlir::spirv::ModuleOp module,
                                      llvm::ArrayRef<KernelInfo> kernels);

} // namespace imex::codegen

#endif
