//===- DropRegions.cpp - inline every region.env_region -------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/Region/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace imex::region {
#define GEN_PASS_DEF_DROPREGIONS
#include "imex/Dialect/Region/Transforms/Passes.h.inc"
} // namespace imex::region

using namespace mlir;
using namespace imex::region;

namespace {

struct InlineEnvironmentRegion : OpRewritePattern<EnvironmentRegionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(EnvironmentRegionOp op,
                                PatternRewriter &rewriter) const override {
    EnvironmentRegionOp::inlineIntoParent(rewriter, op);
    return success();
  }
};

struct DropRegionsPass : imex::region::impl::DropRegionsBase<DropRegionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateDropRegionsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void imex::region::populateDropRegionsPatterns(RewritePatternSet &patterns) {
  patterns.add<InlineEnvironmentRegion>(patterns.getContext());
}
