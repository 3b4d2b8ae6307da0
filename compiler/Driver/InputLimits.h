//===- InputLimits.h - what inputs imexc refuses up front -------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_DRIVER_INPUTLIMITS_H
#define IMEX_DRIVER_INPUTLIMITS_H

#include "mlir/Support/LLVM.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
class ModuleOp;
} // namespace mlir

namespace imex {

/// Refuses `.mlir` text that names a result number (`%x#N`) beyond what any
/// operation has: MLIR's parser sizes a table by N, so `%x#2147483648`
/// exhausts memory. Reported at the number's file:line:col.
mlir::LogicalResult checkResultNumbers(llvm::SourceMgr &sourceMgr,
                                       unsigned bufferId,
                                       mlir::MLIRContext *context);

/// Refuses operations nested in regions deeper than imexc accepts: passes
/// walk nesting recursively and slow down with it, and each level costs
/// stack.
mlir::LogicalResult checkNestingDepth(mlir::ModuleOp module);

/// Refuses tensor.dim / memref.dim with a constant dimension index outside
/// the operand's rank, which the verifiers accept and upstream analyses
/// (value bounds) crash on.
mlir::LogicalResult checkDimensionIndices(mlir::ModuleOp module);

} // namespace imex

#endif
