//===- ExpandBF16Conversions.cpp - bf16 conversions as integer ops --------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace imex {
#define GEN_PASS_DEF_EXPANDBF16CONVERSIONS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// `type` (a scalar or vector type) with `element` for its element type.
Type withElement(Type type, Type element) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.clone(element);
  return element;
}

/// extf from bf16 to a type wider than f32 (f64): through f32, which holds
/// every bf16 value, so that upstream's bf16 -> f32 expansion applies.
struct ExtendBF16ThroughF32 : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    Type from = getElementTypeOrSelf(op.getIn().getType());
    Type to = getElementTypeOrSelf(op.getType());
    if (!from.isBF16() || to.getIntOrFloatBitWidth() <= 32)
      return failure();
    Value f32 = arith::ExtFOp::create(
        rewriter, op.getLoc(), withElement(op.getType(), rewriter.getF32Type()),
        op.getIn());
    rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, op.getType(), f32);
    return success();
  }
};

/// truncf to bf16 from a type wider than f32 (f64): to f32 rounding to odd
/// (toward zero, the last bit set where that was inexact), then to bf16
/// with upstream's expansion, which rounds to nearest even. f32 has more
/// than two bits beyond bf16's, so the two steps round as one would;
/// rounding to nearest twice could not (it would round a value just above
/// a bf16 midpoint onto the midpoint, then to even).
struct TruncateToBF16ThroughF32 : OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    Type from = getElementTypeOrSelf(op.getIn().getType());
    Type to = getElementTypeOrSelf(op.getType());
    // A rounding mode other than to nearest even would need rounding the
    // f32 value that way too; upstream's expansion leaves those alone too.
    if (!to.isBF16() || from.getIntOrFloatBitWidth() <= 32 ||
        op.getRoundingmodeAttr())
      return failure();
    Location loc = op.getLoc();
    Value x = op.getIn();
    Type f32Type = withElement(op.getType(), rewriter.getF32Type());
    Type i32Type = withElement(op.getType(), rewriter.getI32Type());
    auto compare = [&](arith::CmpFPredicate predicate, Value a, Value b) {
      return arith::CmpFOp::create(rewriter, loc, predicate, a, b);
    };
    Value nearest = arith::TruncFOp::create(rewriter, loc, f32Type, x);
    Value back = arith::ExtFOp::create(rewriter, loc, x.getType(), nearest);
    Value bits = arith::BitcastOp::create(rewriter, loc, i32Type, nearest);
    // Rounded away from zero: one step back toward zero (bit patterns are
    // ordered by magnitude), then the last bit set. NaN compares unequal
    // and keeps its bits, with the last one set: still a NaN.
    Value zero = createScalarOrSplatConstant(
        rewriter, loc, x.getType(),
        APFloat::getZero(cast<FloatType>(from).getFloatSemantics()));
    Value away = arith::SelectOp::create(
        rewriter, loc, compare(arith::CmpFPredicate::OLT, x, zero),
        compare(arith::CmpFPredicate::OLT, back, x),
        compare(arith::CmpFPredicate::OGT, back, x));
    Value one = createScalarOrSplatConstant(rewriter, loc, i32Type, 1);
    Value towardZero = arith::SelectOp::create(
        rewriter, loc, away, arith::SubIOp::create(rewriter, loc, bits, one),
        bits);
    Value odd = arith::OrIOp::create(rewriter, loc, towardZero, one);
    Value exact = compare(arith::CmpFPredicate::OEQ, back, x);
    Value roundedToOdd = arith::BitcastOp::create(
        rewriter, loc, f32Type,
        arith::SelectOp::create(rewriter, loc, exact, bits, odd));
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, op.getType(), roundedToOdd,
                                                 /*roundingmode=*/nullptr,
                                                 op.getFastmathAttr());
    return success();
  }
};

struct ExpandBF16ConversionsPass
    : imex::impl::ExpandBF16ConversionsBase<ExpandBF16ConversionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExtendBF16ThroughF32, TruncateToBF16ThroughF32>(&getContext());
    arith::populateExpandBFloat16Patterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
