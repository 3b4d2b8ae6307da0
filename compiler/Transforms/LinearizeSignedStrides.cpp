//===- LinearizeSignedStrides.cpp - explicit addresses for signed strides -===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MLIR 22's LLVM lowering of memref.load and memref.store marks every step of
// the address computation `nuw` (index * stride, offset + ...). A negative
// stride, such as a reversed view's, wraps as an unsigned number, so the
// address is poison and LLVM miscompiles the access (upstream fixed this
// after LLVM 22: llvm-project#204309). Such accesses, and those through
// strides not known at compile time, are rewritten to the flat buffer at an
// explicit linear index, which is non-negative: the element lies in the
// buffer.
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace imex {
#define GEN_PASS_DEF_LINEARIZESIGNEDSTRIDES
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

Value imex::buildLinearIndex(OpBuilder &builder, Location loc, Value offset,
                             ValueRange indices, ValueRange strides) {
  Value linear = offset;
  for (auto [index, stride] : llvm::zip_equal(indices, strides))
    linear = builder.createOrFold<arith::AddIOp>(
        loc, linear, builder.createOrFold<arith::MulIOp>(loc, index, stride));
  return linear;
}

Value imex::buildLayoutExtent(OpBuilder &builder, Location loc, Value offset,
                              ValueRange sizes, ValueRange strides) {
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  SmallVector<Value> last, upward;
  Value empty = arith::ConstantIntOp::create(builder, loc, 0, 1);
  for (auto [size, stride] : llvm::zip_equal(sizes, strides)) {
    last.push_back(builder.createOrFold<arith::SubIOp>(loc, size, one));
    upward.push_back(builder.createOrFold<arith::MaxSIOp>(loc, stride, zero));
    empty = builder.createOrFold<arith::OrIOp>(
        loc, empty,
        builder.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, size,
                                            zero));
  }
  Value extent = builder.createOrFold<arith::AddIOp>(
      loc, buildLinearIndex(builder, loc, offset, last, upward), one);
  return builder.createOrFold<arith::SelectOp>(loc, empty, zero, extent);
}

namespace {

/// Whether some stride of `type` may be negative.
bool maySignedStride(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return llvm::any_of(strides, [](int64_t stride) {
    return ShapedType::isDynamic(stride) || stride < 0;
  });
}

/// The one-dimensional view of `memref`'s whole buffer and the linear index
/// of the element at `indices` in it.
std::pair<Value, Value> flatElement(PatternRewriter &rewriter, Location loc,
                                    Value memref, ValueRange indices) {
  auto type = cast<MemRefType>(memref.getType());
  auto metadata =
      memref::ExtractStridedMetadataOp::create(rewriter, loc, memref);
  Value linear = imex::buildLinearIndex(rewriter, loc, metadata.getOffset(),
                                        indices, metadata.getStrides());
  auto flatType =
      MemRefType::get({ShapedType::kDynamic}, type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  Value size = arith::AddIOp::create(
      rewriter, loc, linear, arith::ConstantIndexOp::create(rewriter, loc, 1));
  Value flat = memref::ReinterpretCastOp::create(
      rewriter, loc, flatType, metadata.getBaseBuffer(),
      rewriter.getIndexAttr(0), ArrayRef<OpFoldResult>{size},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)});
  return {flat, linear};
}

struct LinearizeLoad : OpRewritePattern<memref::LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::LoadOp load,
                                PatternRewriter &rewriter) const override {
    if (!maySignedStride(load.getMemRefType()))
      return failure();
    auto [flat, linear] = flatElement(rewriter, load.getLoc(), load.getMemRef(),
                                      load.getIndices());
    rewriter.replaceOpWithNewOp<memref::LoadOp>(load, flat, linear);
    return success();
  }
};

struct LinearizeStore : OpRewritePattern<memref::StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::StoreOp store,
                                PatternRewriter &rewriter) const override {
    if (!maySignedStride(store.getMemRefType()))
      return failure();
    auto [flat, linear] = flatElement(rewriter, store.getLoc(),
                                      store.getMemRef(), store.getIndices());
    rewriter.replaceOpWithNewOp<memref::StoreOp>(store, store.getValue(), flat,
                                                 linear);
    return success();
  }
};

struct LinearizeSignedStridesPass
    : imex::impl::LinearizeSignedStridesBase<LinearizeSignedStridesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    imex::populateLinearizeSignedStridesPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void imex::populateLinearizeSignedStridesPatterns(RewritePatternSet &patterns) {
  patterns.add<LinearizeLoad, LinearizeStore>(patterns.getContext());
}
