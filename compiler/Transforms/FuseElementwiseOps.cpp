//===- FuseElementwiseOps.cpp - one loop nest per elementwise chain -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Elementwise fusion on tensors with the guards the project's code
// generators need; used on its own (GPU offload) and by
// tile-and-vectorize-for-cpu.
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace imex {
#define GEN_PASS_DEF_FUSEELEMENTWISEOPS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

bool imex::hasEmptyDimension(linalg::LinalgOp op) {
  return llvm::any_of(op->getOperandTypes(), [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && shaped.hasRank() &&
           llvm::is_contained(shaped.getShape(), 0);
  });
}

bool imex::writesTensorsInPlace(func::FuncOp func) {
  return func
      .walk([](Operation *op) {
        // A call that updates an array argument (isolate-updated-arrays
        // marks them).
        if (op->hasAttr(imex::kUpdatesArgumentsAttr))
          return WalkResult::interrupt();
        auto effectOp = dyn_cast<MemoryEffectOpInterface>(op);
        if (!effectOp)
          return WalkResult::advance();
        SmallVector<MemoryEffects::EffectInstance> effects;
        effectOp.getEffects(effects);
        bool hasTensorOperand =
            llvm::any_of(op->getOperandTypes(), llvm::IsaPred<TensorType>);
        // A write to a named buffer (materializing a tensor into a memref
        // argument) is fine; one without a value, or to a tensor, is not.
        bool writesTensor = llvm::any_of(effects, [&](auto &effect) {
          if (!isa<MemoryEffects::Write>(effect.getEffect()))
            return false;
          Value target = effect.getValue();
          return target ? isa<TensorType>(target.getType()) : hasTensorOperand;
        });
        return writesTensor ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

void imex::fuseElementwiseOps(func::FuncOp func) {
  IRRewriter rewriter(func.getContext());
  func.walk([&](linalg::LinalgOp op) {
    if (isa<linalg::GenericOp>(op) || linalg::isaContractionOpInterface(op) ||
        linalg::isaConvolutionOpInterface(op))
      return;
    rewriter.setInsertionPoint(op);
    (void)linalg::generalizeNamedOp(rewriter, op);
  });
  RewritePatternSet patterns(func.getContext());
  linalg::populateElementwiseOpsFusionPatterns(patterns, [](OpOperand *fused) {
    // A producer that reads its own output is not elementwise in its
    // inputs alone: fusing it into a broadcasting consumer would
    // accumulate once per broadcast element.
    auto producer = fused->get().getDefiningOp<linalg::LinalgOp>();
    return producer && producer->hasOneUse() && !hasEmptyDimension(producer) &&
           llvm::none_of(producer.getDpsInitsMutable(), [&](OpOperand &init) {
             return producer.payloadUsesValueFromOperand(&init);
           });
  });
  (void)applyPatternsGreedily(func, std::move(patterns));
}

namespace {

struct FuseElementwiseOpsPass
    : imex::impl::FuseElementwiseOpsBase<FuseElementwiseOpsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!imex::writesTensorsInPlace(func))
      imex::fuseElementwiseOps(func);
  }
};

} // namespace
