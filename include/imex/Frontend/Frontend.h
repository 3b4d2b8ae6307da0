//===- Frontend.h - the .nda array language frontend ------------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Compiles a `.nda` source file (a small NumPy-flavoured language, see
// docs/array-language.md) into a module of func/arith/scf/tensor/linalg/
// ndarray ops. Variables, scalars and arrays alike, are emitted as slots
// (nda.var) and promoted to SSA values by the region-aware `mem2reg` pass,
// which runs before the module is returned.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_FRONTEND_FRONTEND_H
#define IMEX_FRONTEND_FRONTEND_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace llvm {
class SourceMgr;
class raw_ostream;
} // namespace llvm

namespace imex::nda {

/// Compiles the buffer `bufferId` of `sourceMgr`. Errors are printed to
/// `errs` as `file:line:col: error: ...` with the source line and a caret;
/// returns null if there was any.
mlir::OwningOpRef<mlir::ModuleOp> importNdaSource(llvm::SourceMgr &sourceMgr,
                                                  unsigned bufferId,
                                                  mlir::MLIRContext *context,
                                                  llvm::raw_ostream &errs);

} // namespace imex::nda

#endif
