//===- ForResultsToWhile.cpp - loops with results for SPIR-V --------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// scf.for ops with results become scf.while ops, whose SPIR-V conversion
// defines the results of a loop that runs no iteration (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace imex {
#define GEN_PASS_DEF_FORRESULTSTOWHILE
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// scf.for with results -> scf.while over (induction variable, results).
struct ForWithResultsToWhile : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    if (loop.getNumResults() == 0)
      return failure();
    Location loc = loop.getLoc();
    SmallVector<Value> inits{loop.getLowerBound()};
    llvm::append_range(inits, loop.getInitArgs());
    TypeRange types = ValueRange(inits).getTypes();
    arith::CmpIPredicate below = loop.getUnsignedCmp()
                                     ? arith::CmpIPredicate::ult
                                     : arith::CmpIPredicate::slt;
    auto whileLoop = scf::WhileOp::create(
        rewriter, loc, types, inits,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value more = arith::CmpIOp::create(b, l, below, args.front(),
                                             loop.getUpperBound());
          scf::ConditionOp::create(b, l, more, args);
        },
        [&](OpBuilder &, Location, ValueRange) {});
    Block *after = whileLoop.getAfterBody();
    rewriter.mergeBlocks(loop.getBody(), after, after->getArguments());
    auto yield = cast<scf::YieldOp>(after->getTerminator());
    rewriter.setInsertionPoint(yield);
    SmallVector<Value> next{arith::AddIOp::create(
        rewriter, loc, after->getArgument(0), loop.getStep())};
    llvm::append_range(next, yield.getOperands());
    rewriter.replaceOpWithNewOp<scf::YieldOp>(yield, next);
    rewriter.replaceOp(loop, whileLoop.getResults().drop_front());
    return success();
  }
};

struct ForResultsToWhilePass
    : imex::impl::ForResultsToWhileBase<ForResultsToWhilePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    imex::populateForResultsToWhilePatterns(patterns);
    // Once per loop, inner loops first; nothing else is folded or moved.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void imex::populateForResultsToWhilePatterns(RewritePatternSet &patterns) {
  patterns.add<ForWithResultsToWhile>(patterns.getContext());
}
