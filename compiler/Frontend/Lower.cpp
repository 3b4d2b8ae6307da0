//===- Lower.cpp - the .nda frontend: parse, lower, promote variables ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The entry point: parses the source, analyzes the syntax tree (Sema.h),
// lowers it to MLIR (Lowering.h), verifies that, and promotes the
// variables' slots to SSA values with the region-aware mem2reg.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "Parser.h"
#include "Sema.h"
#include "imex/Frontend/Frontend.h"

#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "imex/Dialect/Nda/IR/Nda.h"
#include "imex/Dialect/Region/IR/Region.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Verifier.h"

namespace imex::nda {

OwningOpRef<ModuleOp> importNdaSource(llvm::SourceMgr &sourceMgr,
                                      unsigned bufferId, MLIRContext *context,
                                      llvm::raw_ostream &errs) {
  context->loadDialect<func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                       tensor::TensorDialect, linalg::LinalgDialect,
                       math::MathDialect, cf::ControlFlowDialect,
                       nda::NdaDialect, ndarray::NDArrayDialect,
                       region::RegionDialect, shard::ShardDialect>();
  DiagEngine diags(sourceMgr, errs);
  std::unique_ptr<Module> ast = parseModule(sourceMgr, bufferId, diags);
  // What parsed is analyzed even after syntax errors: all errors at once.
  Sema(diags).analyze(*ast);
  if (diags.errorCount() > 0)
    return nullptr;
  StringRef name = sourceMgr.getMemoryBuffer(bufferId)->getBufferIdentifier();
  Lowering lowering(context, sourceMgr, bufferId, name);
  OwningOpRef<ModuleOp> module =
      lowering.lower(*ast, FileLineColLoc::get(context, name, 1, 1));
  if (failed(verify(*module))) {
    errs << name << ": error: internal error: the emitted IR does not verify\n";
    return nullptr;
  }
  // Variables become SSA values.
  for (auto func : module->getOps<func::FuncOp>())
    promoteMemorySlots(func);
  // Variables are only ever loaded and stored, so all of them promote.
  WalkResult leftover = module->walk([&](Operation *op) {
    if (!isa<nda::NdaDialect>(op->getDialect()))
      return WalkResult::advance();
    op->emitError("internal error: variable not promoted to a value");
    return WalkResult::interrupt();
  });
  if (leftover.wasInterrupted())
    return nullptr;

  return module;
}

} // namespace imex::nda
