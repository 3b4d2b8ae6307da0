//===- ExactFloatMinMax.cpp - maximumf/minimumf with signed zeros ---------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// arith.maximumf/minimumf as compares, selects and bit operations, which
// every SPIR-V device evaluates exactly (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace imex {
#define GEN_PASS_DEF_EXACTFLOATMINMAX
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

template <typename MinMaxOp, bool isMax>
struct ExpandMinMax : OpRewritePattern<MinMaxOp> {
  using OpRewritePattern<MinMaxOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(MinMaxOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value a = op.getLhs(), b = op.getRhs();
    Type type = a.getType();
    // Scalars and vectors: what kernels compute with (bitcasts of tensors
    // are not elementwise).
    if (!isa<FloatType, VectorType>(type))
      return failure();
    auto floatType = cast<FloatType>(getElementTypeOrSelf(type));
    Type bitsType = IntegerType::get(op.getContext(), floatType.getWidth());
    if (auto vector = dyn_cast<VectorType>(type))
      bitsType = vector.clone(bitsType);
    auto cmp = [&](arith::CmpFPredicate predicate, Value x, Value y) {
      return arith::CmpFOp::create(rewriter, loc, predicate, x, y);
    };
    Value chosen = arith::SelectOp::create(
        rewriter, loc,
        cmp(isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT, a,
            b),
        a, b);
    // Equal operands: the same number, or zeros of either sign, of which
    // the max is +0 (sign bits anded) and the min -0 (ored).
    Value aBits = arith::BitcastOp::create(rewriter, loc, bitsType, a);
    Value bBits = arith::BitcastOp::create(rewriter, loc, bitsType, b);
    Value bits =
        isMax ? arith::AndIOp::create(rewriter, loc, aBits, bBits).getResult()
              : arith::OrIOp::create(rewriter, loc, aBits, bBits).getResult();
    Value equal = arith::SelectOp::create(
        rewriter, loc, cmp(arith::CmpFPredicate::OEQ, a, b),
        arith::BitcastOp::create(rewriter, loc, type, bits), chosen);
    Value withNaN = arith::SelectOp::create(
        rewriter, loc, cmp(arith::CmpFPredicate::UNO, b, b), b, equal);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(
        op, cmp(arith::CmpFPredicate::UNO, a, a), a, withNaN);
    return success();
  }
};

struct ExactFloatMinMaxPass
    : imex::impl::ExactFloatMinMaxBase<ExactFloatMinMaxPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    imex::populateExactFloatMinMaxPatterns(patterns);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void imex::populateExactFloatMinMaxPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpandMinMax<arith::MaximumFOp, true>,
               ExpandMinMax<arith::MinimumFOp, false>>(patterns.getContext());
}
