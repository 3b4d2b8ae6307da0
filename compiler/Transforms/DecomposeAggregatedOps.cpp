//===- DecomposeAggregatedOps.cpp - linalg.softmax as structured ops ------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace imex {
#define GEN_PASS_DEF_DECOMPOSEAGGREGATEDOPS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

struct DecomposeAggregatedOpsPass
    : imex::impl::DecomposeAggregatedOpsBase<DecomposeAggregatedOpsPass> {
  void runOnOperation() override {
    SmallVector<linalg::AggregatedOpInterface> aggregates;
    getOperation().walk(
        [&](linalg::AggregatedOpInterface op) { aggregates.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::AggregatedOpInterface op : aggregates) {
      // The decompositions build tensors; on buffers nothing would lower
      // the op later either.
      if (llvm::any_of(op->getOperandTypes(), llvm::IsaPred<BaseMemRefType>)) {
        op->emitOpError("on buffers is not supported: apply it to tensors");
        return signalPassFailure();
      }
      rewriter.setInsertionPoint(op);
      FailureOr<SmallVector<Value>> parts = op.decomposeOperation(rewriter);
      if (failed(parts)) {
        op->emitOpError("could not be decomposed into structured ops");
        return signalPassFailure();
      }
      rewriter.replaceOp(op, *parts);
    }
  }
};

} // namespace
