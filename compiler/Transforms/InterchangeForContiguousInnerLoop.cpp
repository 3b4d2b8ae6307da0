//===- InterchangeForContiguousInnerLoop.cpp - unit-stride inner loops ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace imex {
#define GEN_PASS_DEF_INTERCHANGEFORCONTIGUOUSINNERLOOP
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// The loop order that makes `op`'s innermost loop walk the output's last
/// dimension, or an empty vector when `op` does not qualify.
SmallVector<unsigned> contiguousInnerOrder(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 1 || op.getNumReductionLoops() == 0)
    return {};
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (outputMap.getNumResults() == 0)
    return {};
  auto last = dyn_cast<AffineDimExpr>(outputMap.getResults().back());
  if (!last)
    return {};
  unsigned inner = last.getPosition();
  unsigned numLoops = op.getNumLoops();
  if (inner + 1 == numLoops ||
      op.getIteratorTypesArray()[inner] != utils::IteratorType::parallel)
    return {};
  // Every operand indexed by the loop must have it as its last dimension,
  // and only there.
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    ArrayRef<AffineExpr> results = map.getResults();
    for (auto [i, expr] : llvm::enumerate(results)) {
      if (!expr.isFunctionOfDim(inner))
        continue;
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim || i + 1 != results.size())
        return {};
    }
  }
  SmallVector<unsigned> order;
  for (unsigned d = 0; d < numLoops; ++d)
    if (d != inner)
      order.push_back(d);
  order.push_back(inner);
  // The outermost loop must stay parallel with more than one iteration: it
  // is the one that runs on threads (vecmat, or a 1xK matmul, would lose
  // their parallelism).
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (op.getIteratorTypesArray()[order.front()] !=
          utils::IteratorType::parallel ||
      ranges[order.front()] == 1)
    return {};
  return order;
}

struct InterchangeForContiguousInnerLoopPass
    : imex::impl::InterchangeForContiguousInnerLoopBase<
          InterchangeForContiguousInnerLoopPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::LinalgOp, SmallVector<unsigned>>> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (SmallVector<unsigned> order = contiguousInnerOrder(op);
          !order.empty())
        candidates.push_back({op, std::move(order)});
    });
    IRRewriter rewriter(&getContext());
    // A named op without a region builder stays as it is.
    for (auto &[op, order] : candidates)
      (void)imex::interchangeLinalgLoops(rewriter, op, order);
  }
};

} // namespace

FailureOr<linalg::GenericOp>
imex::interchangeLinalgLoops(RewriterBase &rewriter, linalg::LinalgOp op,
                             ArrayRef<unsigned> order) {
  rewriter.setInsertionPoint(op);
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic) {
    FailureOr<linalg::GenericOp> generalized =
        linalg::generalizeNamedOp(rewriter, op);
    if (failed(generalized))
      return failure();
    generic = *generalized;
  }
  if (llvm::is_sorted(order))
    return generic;
  return linalg::interchangeGenericOp(rewriter, generic, order);
}
