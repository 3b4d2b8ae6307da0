//===- ForResultsToWhile.cpp - loops with results for SPIR-V --------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Upstream's scf.for to SPIR-V conversion keeps a loop's results in
// function variables that only its iterations store and reads them after
// the loop, so a loop that runs no iteration yields undefined values (on
// lavapipe, the previous run's). Its scf.while conversion stores them each
// time the condition is tested, the first test included; so a for loop
// with results becomes a while loop first.
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

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

} // namespace

void imex::populateForWithResultsToWhilePatterns(RewritePatternSet &patterns) {
  patterns.add<ForWithResultsToWhile>(patterns.getContext());
}
