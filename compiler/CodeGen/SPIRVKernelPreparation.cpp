//===- SPIRVKernelPreparation.cpp - kernels made fit for SPIR-V -----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "SPIRVKernelPreparation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

using namespace mlir;
using imex::codegen::SPIRVFlavour;

void imex::codegen::makeIntegersSignless(Operation *root) {
  AttrTypeReplacer replacer;
  replacer.addReplacement([](IntegerType type) -> std::optional<Type> {
    if (type.isSignless())
      return std::nullopt;
    return IntegerType::get(type.getContext(), type.getWidth());
  });
  replacer.recursivelyReplaceElementsIn(root, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
  root->walk([](UnrealizedConversionCastOp cast) {
    if (cast->getNumOperands() == 1 && cast->getNumResults() == 1 &&
        cast.getOperand(0).getType() == cast.getResult(0).getType()) {
      cast.getResult(0).replaceAllUsesWith(cast.getOperand(0));
      cast.erase();
    }
  });
}

LogicalResult imex::codegen::checkBF16Supported(Operation *root) {
  WalkResult result = root->walk([](Operation *op) {
    if (!isa<gpu::SubgroupReduceOp, gpu::AllReduceOp, vector::ReductionOp,
             vector::MultiDimReductionOp>(op) ||
        llvm::none_of(op->getResultTypes(), [](Type type) {
          return getElementTypeOrSelf(type).isBF16();
        }))
      return WalkResult::advance();
    op->emitOpError("on bf16 has no SPIR-V lowering: reduce in f32");
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

void imex::codegen::storeBF16AsBits(Operation *root) {
  MLIRContext *ctx = root->getContext();
  auto i16 = IntegerType::get(ctx, 16);
  AttrTypeReplacer replacer;
  replacer.addReplacement([&](BFloat16Type) -> Type { return i16; });
  replacer.addReplacement([&](FloatAttr attr) -> std::optional<Attribute> {
    if (!attr.getType().isBF16())
      return std::nullopt;
    return IntegerAttr::get(i16, attr.getValue().bitcastToAPInt());
  });
  replacer.addReplacement(
      [&](DenseFPElementsAttr attr) -> std::optional<Attribute> {
        if (!attr.getElementType().isBF16())
          return std::nullopt;
        return attr.bitcast(i16);
      });
  replacer.recursivelyReplaceElementsIn(root, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
  root->walk([](arith::BitcastOp cast) {
    if (cast.getIn().getType() == cast.getType()) {
      cast.replaceAllUsesWith(cast.getIn());
      cast.erase();
    }
  });
}

namespace {
/// The constant `scalar` in the shape of `like` (itself, or broadcast to
/// `like`'s vector type).
Value splatLike(PatternRewriter &rewriter, Location loc, Value like,
                TypedAttr scalar) {
  Value value = arith::ConstantOp::create(rewriter, loc, scalar);
  if (auto vector = dyn_cast<VectorType>(like.getType()))
    return vector::BroadcastOp::create(rewriter, loc, vector, value);
  return value;
}

/// The float `value` in the type of `like` (a scalar, or a vector of it).
Value constantLike(PatternRewriter &rewriter, Location loc, Value like,
                   double value) {
  return splatLike(rewriter, loc, like,
                   rewriter.getFloatAttr(getElementTypeOrSelf(like), value));
}

/// The integer `value` (truncated to the width) in the type of `like`.
Value integerLike(PatternRewriter &rewriter, Location loc, Value like,
                  uint64_t value) {
  auto type = cast<IntegerType>(getElementTypeOrSelf(like));
  return splatLike(rewriter, loc, like,
                   rewriter.getIntegerAttr(
                       type, APInt(type.getWidth(), value, /*isSigned=*/false,
                                   /*implicitTrunc=*/true)));
}

/// The number of set bits of an integer of 8 to 64 bits, counted in
/// parallel within bytes and then summed by a multiplication: the SPIR-V
/// conversion has no ctpop.
Value countSetBits(PatternRewriter &rewriter, Location loc, Value x) {
  unsigned width = getElementTypeOrSelf(x).getIntOrFloatBitWidth();
  auto c = [&](uint64_t value) { return integerLike(rewriter, loc, x, value); };
  auto shr = [&](Value v, unsigned bits) -> Value {
    return arith::ShRUIOp::create(rewriter, loc, v, c(bits));
  };
  auto band = [&](Value a, Value b) -> Value {
    return arith::AndIOp::create(rewriter, loc, a, b);
  };
  // Pairs, nibbles, then bytes hold their own counts.
  Value v = arith::SubIOp::create(rewriter, loc, x,
                                  band(shr(x, 1), c(0x5555555555555555ULL)));
  v = arith::AddIOp::create(rewriter, loc, band(v, c(0x3333333333333333ULL)),
                            band(shr(v, 2), c(0x3333333333333333ULL)));
  v = band(arith::AddIOp::create(rewriter, loc, v, shr(v, 4)),
           c(0x0F0F0F0F0F0F0F0FULL));
  // The top byte of v * 0x0101... is the sum of all bytes.
  Value sum = arith::MulIOp::create(rewriter, loc, v, c(0x0101010101010101ULL));
  return width == 8 ? v : shr(sum, width - 8);
}

bool isByteMultipleInteger(Type type) {
  auto integer = dyn_cast<IntegerType>(getElementTypeOrSelf(type));
  return integer && llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth());
}

struct ExpandCtPop : OpRewritePattern<math::CtPopOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::CtPopOp op,
                                PatternRewriter &rewriter) const override {
    if (!isByteMultipleInteger(op.getType()))
      return failure();
    rewriter.replaceOp(op,
                       countSetBits(rewriter, op.getLoc(), op.getOperand()));
    return success();
  }
};

/// cttz(x) = ctpop((x & -x) - 1): the bits below the lowest set one (all of
/// them for 0, whose count is the width, as math.cttz defines).
struct ExpandCtTz : OpRewritePattern<math::CountTrailingZerosOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::CountTrailingZerosOp op,
                                PatternRewriter &rewriter) const override {
    if (!isByteMultipleInteger(op.getType()))
      return failure();
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Value negated = arith::SubIOp::create(rewriter, loc,
                                          integerLike(rewriter, loc, x, 0), x);
    Value lowest = arith::AndIOp::create(rewriter, loc, x, negated);
    Value below = arith::SubIOp::create(rewriter, loc, lowest,
                                        integerLike(rewriter, loc, x, 1));
    rewriter.replaceOp(op, countSetBits(rewriter, loc, below));
    return success();
  }
};

/// erfc(x) = 1 - erf(x) where upstream's f32 approximation does not apply
/// (it keeps the small values that this difference cancels to 0): neither
/// extended instruction set has erfc.
struct ExpandErfc : OpRewritePattern<math::ErfcOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::ErfcOp op,
                                PatternRewriter &rewriter) const override {
    if (getElementTypeOrSelf(op).isF32())
      return failure();
    Location loc = op.getLoc();
    Value one = constantLike(rewriter, loc, op.getOperand(), 1.0);
    Value erf = math::ErfOp::create(rewriter, loc, op.getOperand());
    rewriter.replaceOpWithNewOp<arith::SubFOp>(op, one, erf);
    return success();
  }
};

/// cbrt(x) = copysign(|x| ** (1/3), x): neither set has a cube root.
struct ExpandCbrt : OpRewritePattern<math::CbrtOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::CbrtOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Value third = constantLike(rewriter, loc, x, 1.0 / 3.0);
    Value magnitude = math::PowFOp::create(
        rewriter, loc, math::AbsFOp::create(rewriter, loc, x), third);
    rewriter.replaceOpWithNewOp<math::CopySignOp>(op, magnitude, x);
    return success();
  }
};

/// trunc(x) = x < 0 ? ceil(x) : floor(x): the SPIR-V conversion has no
/// trunc.
struct ExpandTrunc : OpRewritePattern<math::TruncOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::TruncOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Value zero = constantLike(rewriter, loc, x, 0.0);
    Value negative = arith::CmpFOp::create(rewriter, loc,
                                           arith::CmpFPredicate::OLT, x, zero);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(
        op, negative, math::CeilOp::create(rewriter, loc, x),
        math::FloorOp::create(rewriter, loc, x));
    return success();
  }
};

/// atan2(y, x) from atan(y / x), moved to the quadrant of (x, y), with the
/// signed zeros, infinities and NaNs of IEEE atan2: for GLSL.std.450, whose
/// Atan2 the SPIR-V conversion does not use.
struct ExpandAtan2 : OpRewritePattern<math::Atan2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::Atan2Op op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value y = op.getLhs(), x = op.getRhs();
    auto constant = [&](double v) { return constantLike(rewriter, loc, x, v); };
    auto compare = [&](arith::CmpFPredicate predicate, Value a, Value b) {
      return arith::CmpFOp::create(rewriter, loc, predicate, a, b);
    };
    auto select = [&](Value condition, Value a, Value b) -> Value {
      return arith::SelectOp::create(rewriter, loc, condition, a, b);
    };
    auto signOf = [&](Value magnitude, Value sign) -> Value {
      return math::CopySignOp::create(rewriter, loc, magnitude, sign);
    };
    auto isInf = [&](Value v) {
      return compare(arith::CmpFPredicate::OEQ,
                     math::AbsFOp::create(rewriter, loc, v),
                     constant(INFINITY));
    };
    Value zero = constant(0), pi = constant(M_PI);
    // x < 0 (or -0): half a turn towards the sign of y.
    Value xNegative =
        compare(arith::CmpFPredicate::OLT, signOf(constant(1), x), zero);
    Value angle = math::AtanOp::create(
        rewriter, loc, arith::DivFOp::create(rewriter, loc, y, x));
    angle = select(compare(arith::CmpFPredicate::OLT, x, zero),
                   arith::AddFOp::create(rewriter, loc, angle, signOf(pi, y)),
                   angle);
    // x = ±0: straight up or down, or at the origin ±0 or ±pi.
    Value atOrigin = select(xNegative, signOf(pi, y), signOf(zero, y));
    Value vertical = select(compare(arith::CmpFPredicate::OEQ, y, zero),
                            atOrigin, signOf(constant(M_PI_2), y));
    angle =
        select(compare(arith::CmpFPredicate::OEQ, x, zero), vertical, angle);
    // Both infinite: the diagonals (y / x is NaN there).
    Value diagonal =
        signOf(select(xNegative, constant(3 * M_PI_4), constant(M_PI_4)), y);
    Value bothInf = arith::AndIOp::create(rewriter, loc, isInf(x), isInf(y));
    angle = select(bothInf, diagonal, angle);
    // NaN in, NaN out (a device's atan need not keep it).
    rewriter.replaceOp(op, select(compare(arith::CmpFPredicate::UNO, x, y),
                                  arith::AddFOp::create(rewriter, loc, x, y),
                                  angle));
    return success();
  }
};
} // namespace

LogicalResult imex::codegen::expandMathForFlavour(Operation *root,
                                                  SPIRVFlavour flavour) {
  RewritePatternSet patterns(root->getContext());
  patterns.add<ExpandErfc, ExpandCbrt, ExpandTrunc, ExpandCtPop, ExpandCtTz>(
      root->getContext());
  populatePolynomialApproximateErfcPattern(patterns);
  if (flavour == SPIRVFlavour::Vulkan) {
    patterns.add<ExpandAtan2>(root->getContext());
    populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
      name.consume_front("math.");
      return name == "erf" || name == "asin" || name == "acos";
    });
  }
  return applyPatternsGreedily(root, std::move(patterns));
}

/// A vector math.ipowi becomes one scalar math.ipowi per element, since
/// the expansion loops until its exponent is used up.
static void unrollVectorPowers(Operation *root) {
  SmallVector<math::IPowIOp> powers;
  root->walk([&](math::IPowIOp op) {
    auto type = dyn_cast<VectorType>(op.getType());
    if (type && type.getRank() == 1 && !type.isScalable())
      powers.push_back(op);
  });
  for (math::IPowIOp op : powers) {
    OpBuilder b(op);
    Location l = op.getLoc();
    auto type = cast<VectorType>(op.getType());
    SmallVector<Value> elements;
    for (int64_t i = 0, e = type.getNumElements(); i < e; ++i) {
      Value base = vector::ExtractOp::create(b, l, op.getLhs(), i);
      Value exponent = vector::ExtractOp::create(b, l, op.getRhs(), i);
      elements.push_back(math::IPowIOp::create(b, l, base, exponent));
    }
    op.replaceAllUsesWith(
        vector::FromElementsOp::create(b, l, type, elements).getResult());
    op.erase();
  }
}

void imex::codegen::expandIntegerPowers(Operation *root) {
  unrollVectorPowers(root);
  SmallVector<math::IPowIOp> powers;
  root->walk([&](math::IPowIOp op) {
    if (isa<IntegerType>(op.getType()))
      powers.push_back(op);
  });
  for (math::IPowIOp op : powers) {
    OpBuilder b(op);
    Location l = op.getLoc();
    Type type = op.getType();
    Value base = op.getLhs(), exponent = op.getRhs();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(b, l, type, v);
    };
    Value zero = constant(0), one = constant(1);
    auto loop = scf::WhileOp::create(
        b, l, TypeRange{type, type, type}, ValueRange{one, base, exponent},
        [&](OpBuilder &ob, Location bl, ValueRange args) {
          Value more = arith::CmpIOp::create(ob, bl, arith::CmpIPredicate::sgt,
                                             args[2], zero);
          scf::ConditionOp::create(ob, bl, more, args);
        },
        [&](OpBuilder &ob, Location bl, ValueRange args) {
          Value bit = arith::AndIOp::create(ob, bl, args[2], one);
          Value odd = arith::CmpIOp::create(ob, bl, arith::CmpIPredicate::ne,
                                            bit, zero);
          Value times = arith::MulIOp::create(ob, bl, args[0], args[1]);
          Value result = arith::SelectOp::create(ob, bl, odd, times, args[0]);
          Value square = arith::MulIOp::create(ob, bl, args[1], args[1]);
          Value rest = arith::ShRUIOp::create(ob, bl, args[2], one);
          scf::YieldOp::create(ob, bl, ValueRange{result, square, rest});
        });
    // Negative exponents.
    Value negative =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, exponent, zero);
    Value minusOne = constant(-1);
    Value oddExponent =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne,
                              arith::AndIOp::create(b, l, exponent, one), zero);
    Value ofMinusOne =
        arith::SelectOp::create(b, l, oddExponent, minusOne, one);
    Value isOne =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, base, one);
    Value isMinusOne =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, base, minusOne);
    Value truncated = arith::SelectOp::create(
        b, l, isOne, one,
        arith::SelectOp::create(b, l, isMinusOne, ofMinusOne, zero));
    op.replaceAllUsesWith(
        arith::SelectOp::create(b, l, negative, truncated, loop.getResult(0))
            .getResult());
    op.erase();
  }
}
