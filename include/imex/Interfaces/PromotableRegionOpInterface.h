//===- PromotableRegionOpInterface.h - Mem2Reg through regions ------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The op interface that lets region control flow take part in memory slot
// promotion, plus small helpers for writing its implementations.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_INTERFACES_PROMOTABLEREGIONOPINTERFACE_H
#define IMEX_INTERFACES_PROMOTABLEREGIONOPINTERFACE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/MemorySlotInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

#include "imex/Interfaces/PromotableRegionOpInterface.h.inc"

namespace imex {

/// Rebuilds `op` with one more result of type `type` after its existing
/// results. Operands, properties, attributes and successors are kept, the
/// regions are moved (not copied) into the new op, uses of the old results
/// are redirected and the old op is erased; a rewriter listener attached to
/// `builder` is told about the replacement. Returns the new op; its last
/// result is the added one.
mlir::Operation *replaceWithExtraResult(mlir::Operation *op, mlir::Type type,
                                        mlir::OpBuilder &builder);

/// The definition recorded at the end of `block`, or `fallback` when the
/// block is absent from `reachingAtBlockEnd` (dead, or not touching the
/// slot).
mlir::Value reachingDefAtEnd(
    const llvm::DenseMap<mlir::Block *, mlir::Value> &reachingAtBlockEnd,
    mlir::Block *block, mlir::Value fallback);

} // namespace imex

#endif // IMEX_INTERFACES_PROMOTABLEREGIONOPINTERFACE_H
