//===- NDArray.h - ndarray dialect ------------------------------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_NDARRAY_IR_NDARRAY_H
#define IMEX_NDARRAY_IR_NDARRAY_H

#include "imex/Dialect/Region/IR/Region.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallBitVector.h"

#include "imex/Dialect/NDArray/IR/NDArrayOpsDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "imex/Dialect/NDArray/IR/NDArrayOpsAttrs.h.inc"

#define GET_OP_CLASSES
#include "imex/Dialect/NDArray/IR/NDArrayOps.h.inc"

namespace imex::ndarray {

/// The first GPU environment in the `#ndarray.envs` encoding of a ranked
/// tensor type, or null when there is none (or `type` has no such encoding).
region::GPUEnvAttr getGPUEnv(mlir::Type type);

/// True iff `type` is a ranked tensor whose `#ndarray.envs` encoding holds a
/// GPU environment.
inline bool hasGPUEnv(mlir::Type type) { return bool(getGPUEnv(type)); }

/// The float type a linspace of `elementType` is computed in: f64 for
/// elements of more than 32 bits (index counts as 64), f32 for other
/// integers and for 32-bit floats, f16 for 16-bit floats. (An integer
/// result needs f32 at least: f16 has 11 significant bits and ends at
/// 65504.)
mlir::FloatType getLinspaceComputeType(mlir::Type elementType);

} // namespace imex::ndarray

#endif // IMEX_NDARRAY_IR_NDARRAY_H
