//===- GpuVectorAccess.h - 16-byte accesses in GPU kernels ------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the passes that give GPU threads four consecutive 32-bit elements
// (vectorize-gpu-parallel-loops for elementwise loops,
// convert-region-reductions-to-gpu for the accumulation loops of workgroup
// reductions) share: which memrefs qualify, the run-time check that a
// vector starts a 16-byte group of its buffer, the vector accesses that
// check licenses, and the vector form of an elementwise body op.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_TRANSFORMS_GPUVECTORACCESS_H
#define IMEX_TRANSFORMS_GPUVECTORACCESS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace imex {

/// Elements per GPU vector access: 16 bytes of 32-bit elements, the widest
/// load a GPU thread issues and the widest vector SPIR-V shaders have.
constexpr int64_t kGpuVectorLanes = 4;

/// A memref a GPU thread may access kGpuVectorLanes elements at a time:
/// 32-bit numbers, consecutive along the innermost dimension.
bool isGpuVectorizableMemRef(mlir::Value memref);

/// A memref access for the group check: the memref's layout
/// (memref.extract_strided_metadata, taken outside the kernel) and the
/// indices of the vector's first element.
struct GpuVectorAccess {
  mlir::Value offset;
  llvm::SmallVector<mlir::Value> strides;
  llvm::SmallVector<mlir::Value> indices;
};

/// The linear index in its buffer of the access's first element, the
/// innermost stride taken as 1 (isGpuVectorizableMemRef).
mlir::Value buildLinearIndexInRow(mlir::OpBuilder &builder, mlir::Location loc,
                                  const GpuVectorAccess &access);

/// True when the first element of every access has a linear index in its
/// buffer that is a multiple of kGpuVectorLanes: the 16-byte groups a
/// Vulkan kernel reads as one vector, which other threads' vectors leave
/// whole.
mlir::Value buildStartsVectorGroup(mlir::OpBuilder &builder, mlir::Location loc,
                                   llvm::ArrayRef<GpuVectorAccess> accesses);

/// A kGpuVectorLanes-element load or store at `indices`, for where
/// buildStartsVectorGroup holds; marked so that linearize-launch-memrefs
/// can show the SPIR-V conversion it is one element of a vector array.
mlir::Value buildGroupLoad(mlir::OpBuilder &builder, mlir::Location loc,
                           mlir::Value memref, mlir::ValueRange indices);
void buildGroupStore(mlir::OpBuilder &builder, mlir::Location loc,
                     mlir::Value vector, mlir::Value memref,
                     mlir::ValueRange indices);

/// An op whose vector form buildElementwiseOnVectors builds: pure,
/// elementwise, on numbers, without regions.
bool isElementwiseOnNumbers(mlir::Operation *op);

/// The vector of `value` in `vectors`; without one, its value in `scalars`
/// broadcast (once: later calls reuse the broadcast).
mlir::Value lookupOrBroadcast(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::Value value, mlir::IRMapping &vectors,
                              mlir::IRMapping &scalars);

/// Builds the kGpuVectorLanes-lane form of the elementwise `op` (its
/// operands and results numbers), mapping its results in `vectors`; its
/// operands through lookupOrBroadcast.
void buildElementwiseOnVectors(mlir::OpBuilder &builder, mlir::Operation &op,
                               mlir::IRMapping &vectors,
                               mlir::IRMapping &scalars);

} // namespace imex

#endif // IMEX_TRANSFORMS_GPUVECTORACCESS_H
