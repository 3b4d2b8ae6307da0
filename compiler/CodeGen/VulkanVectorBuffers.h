//===- VulkanVectorBuffers.h - vector accesses in logical addressing -*- C++
//-*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to compiler/CodeGen.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_CODEGEN_VULKANVECTORBUFFERS_H
#define IMEX_CODEGEN_VULKANVECTORBUFFERS_H

#include "mlir/Support/LLVM.h"

namespace mlir::spirv {
class ModuleOp;
} // namespace mlir::spirv

namespace imex::codegen {

/// The upstream conversion loads and stores a vector<N x T> of a buffer of
/// T by casting an element pointer to a vector pointer, which Vulkan's
/// logical addressing forbids. Each storage buffer accessed that way
/// becomes an array of vector<N x T> (same bytes, std430 stride N *
/// sizeof(T)). A vector access at element i reads or writes vector i / N
/// where i is known to be a multiple of N (a product with a constant
/// multiple, a shift by enough bits, a mask clearing the low bits, sums of
/// such), else its N elements
/// one by one; a scalar access is component i % N of vector i / N, so
/// scalar stores stay stores of one element.
///
/// With `int64Loads`, a buffer that is only loaded becomes an array of the
/// vectors' bytes as 64-bit words (vector<2 x i64> for 16 bytes), each load
/// bitcast back: drivers that load a storage buffer lane by lane and
/// component by component (llvmpipe) then load 8 bytes per step instead of
/// one element. Its scalar loads read their element's word: 8 bytes where
/// they read 4, which stays inside the buffer because the runtime's
/// allocations are whole 16-byte groups and bindings start at 8-byte
/// multiples. Elements of 16 and 32 bits only (a word of i8 would be a
/// vector of eight, which Vulkan lacks).
///
/// Runs after spirv-lower-abi-attrs and before spirv-update-vce (which adds
/// Int64 where words are used); fails, with an error on the buffer, where a
/// buffer is used in another way or with two vector widths.
mlir::LogicalResult useVectorBufferElements(mlir::spirv::ModuleOp module,
                                            bool int64Loads);

} // namespace imex::codegen

#endif
