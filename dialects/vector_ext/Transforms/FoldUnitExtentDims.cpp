//===- FoldUnitExtentDims.cpp - drop unit dims around tensor to_layout ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/VectorExt/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::iree_compiler::IREE::VectorExt {
#define GEN_PASS_DEF_VECTOREXTFOLDUNITEXTENTDIMS
#include "imex/Dialect/VectorExt/Transforms/Passes.h.inc"
} // namespace mlir::iree_compiler::IREE::VectorExt

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

namespace {

/// to_layout(%t : tensor<1x8x1x?xf16>)
///   -> insert_slice(to_layout(extract_slice(%t) : tensor<8x?xf16>),
///                   tensor.empty(...) : tensor<1x8x1x?xf16>)
struct DropToLayoutUnitDims final : OpRewritePattern<ToLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ToLayoutOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "not a ranked tensor");

    SmallVector<bool> unitDims;
    SmallVector<int64_t> reducedShape;
    for (int64_t size : type.getShape()) {
      unitDims.push_back(size == 1);
      if (size != 1)
        reducedShape.push_back(size);
    }
    if (!llvm::is_contained(unitDims, true))
      return rewriter.notifyMatchFailure(op, "no unit dims");

    VectorLayoutInterface reducedLayout = op.getLayout().project(unitDims);
    if (!reducedLayout)
      return rewriter.notifyMatchFailure(op, "layout cannot be projected");

    Location loc = op.getLoc();
    FailureOr<Value> reduced = tensor::ExtractSliceOp::rankReduceIfNeeded(
        rewriter, loc, op.getInput(), reducedShape);
    if (failed(reduced))
      return rewriter.notifyMatchFailure(op, "cannot rank-reduce the input");

    auto reducedToLayout =
        ToLayoutOp::create(rewriter, loc, *reduced, reducedLayout,
                           op.getSharedMemoryConversionAttr());

    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, op.getInput());
    Value empty = tensor::EmptyOp::create(
        rewriter, loc, sizes, type.getElementType(), type.getEncoding());
    int64_t rank = type.getRank();
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, reducedToLayout.getResult(), empty, offsets, sizes, strides);
    return success();
  }
};

struct VectorExtFoldUnitExtentDimsPass final
    : mlir::iree_compiler::IREE::VectorExt::impl::
          VectorExtFoldUnitExtentDimsBase<VectorExtFoldUnitExtentDimsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateVectorExtFoldUnitExtentDimsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns)))) {
      getOperation()->emitError(
          "iree-vector-ext-fold-unit-extent-dims did not converge");
      signalPassFailure();
    }
  }
};

} // namespace

void mlir::iree_compiler::IREE::VectorExt::
    populateVectorExtFoldUnitExtentDimsPatterns(RewritePatternSet &patterns) {
  patterns.add<DropToLayoutUnitDims>(patterns.getContext());
}
