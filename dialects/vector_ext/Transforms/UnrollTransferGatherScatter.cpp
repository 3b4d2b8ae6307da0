//===- UnrollTransferGatherScatter.cpp - rank > 1 transfers to rank 1 -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// populateVectorTransferGatherScatterLoweringPatterns and the pass that runs
// it with the transfer ops' canonicalizations, which together bring indexed
// transfers into the rank-1 form the vector.gather/scatter lowering takes.
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/VectorExt/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::iree_compiler::IREE::VectorExt {
#define GEN_PASS_DEF_UNROLLTRANSFERGATHERSCATTER
#include "imex/Dialect/VectorExt/Transforms/Passes.h.inc"
} // namespace mlir::iree_compiler::IREE::VectorExt

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

namespace {

/// What unrolling dimension 0 does to the maps of one op.
struct Dim0Unrolling {
  /// Maps of the rank-1-smaller ops, in operand order.
  SmallVector<AffineMap> maps;
  /// Base dims walked by `d0`: their offset gets `+ i`.
  SmallVector<int64_t> baseDimsOfDim0;
  /// Per index vec, then the mask (last, if any): the positions of the
  /// operand's dims indexed by `d0`, which are fixed to `i`.
  SmallVector<SmallVector<int64_t>> operandAxesOfDim0;
};

/// `d0` -> `replacement` (null: the result is dropped), `dk` -> `d(k-1)`.
static AffineMap dropDim0(AffineMap map, AffineExpr replacement,
                          SmallVectorImpl<int64_t> *droppedPositions) {
  MLIRContext *ctx = map.getContext();
  SmallVector<AffineExpr> results;
  for (auto [pos, expr] : llvm::enumerate(map.getResults())) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim) {
      results.push_back(expr);
      continue;
    }
    if (dim.getPosition() != 0) {
      results.push_back(getAffineDimExpr(dim.getPosition() - 1, ctx));
      continue;
    }
    if (droppedPositions)
      droppedPositions->push_back(pos);
    if (replacement)
      results.push_back(replacement);
  }
  return AffineMap::get(map.getNumDims() - 1, map.getNumSymbols(), results,
                        ctx);
}

static Dim0Unrolling planDim0Unrolling(IndexedVectorOpInterface op) {
  Dim0Unrolling plan;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  MLIRContext *ctx = op->getContext();
  plan.maps.push_back(dropDim0(maps.front(), getAffineConstantExpr(0, ctx),
                               &plan.baseDimsOfDim0));
  for (AffineMap map : llvm::drop_begin(maps)) {
    plan.operandAxesOfDim0.emplace_back();
    plan.maps.push_back(
        dropDim0(map, AffineExpr(), &plan.operandAxesOfDim0.back()));
  }
  return plan;
}

/// Moves the dims `axes` of the vector `value` to the front (the others keep
/// their order), so that fixing them is a plain vector.extract.
static Value moveAxesToFront(RewriterBase &rewriter, Location loc, Value value,
                             ArrayRef<int64_t> axes) {
  if (axes.empty())
    return value;
  auto type = cast<VectorType>(value.getType());
  SmallVector<int64_t> perm(axes);
  for (int64_t d = 0, e = type.getRank(); d < e; ++d)
    if (!llvm::is_contained(axes, d))
      perm.push_back(d);
  if (llvm::equal(perm, llvm::seq<int64_t>(0, type.getRank())))
    return value;
  return vector::TransposeOp::create(rewriter, loc, value, perm);
}

/// Fixes the leading `numAxes` dims of `value` (prepared by moveAxesToFront)
/// to `i`. Fixing every dim gives a scalar, or a 0-d vector when
/// `keepVector` is set.
static Value sliceAtPosition(RewriterBase &rewriter, Location loc, Value value,
                             size_t numAxes, int64_t i, bool keepVector) {
  if (numAxes == 0)
    return value;
  Value slice = vector::ExtractOp::create(rewriter, loc, value,
                                          SmallVector<int64_t>(numAxes, i));
  if (keepVector && !isa<VectorType>(slice.getType()))
    slice = vector::BroadcastOp::create(
        rewriter, loc, VectorType::get({}, slice.getType()), slice);
  return slice;
}

/// The offsets of iteration `i`: `+ i` on the base dims walked by `d0`.
static SmallVector<Value> offsetsAt(RewriterBase &rewriter, Location loc,
                                    ValueRange offsets,
                                    ArrayRef<int64_t> baseDims, int64_t i) {
  SmallVector<Value> result(offsets);
  if (i == 0)
    return result;
  Value step = arith::ConstantIndexOp::create(rewriter, loc, i);
  for (int64_t dim : baseDims)
    result[dim] = arith::AddIOp::create(rewriter, loc, result[dim], step);
  return result;
}

/// The index vecs and mask of an op being unrolled, with the dims indexed
/// by `d0` moved to the front once, before the iterations slice them.
struct UnrolledOperands {
  SmallVector<Value> indexVecs;
  Value mask;

  UnrolledOperands(RewriterBase &rewriter, Location loc,
                   IndexedVectorOpInterface op, const Dim0Unrolling &plan) {
    for (auto [vec, axes] :
         llvm::zip(op.getIndexVecs(), plan.operandAxesOfDim0))
      indexVecs.push_back(moveAxesToFront(rewriter, loc, vec, axes));
    if (Value oldMask = op.getMask())
      mask = moveAxesToFront(rewriter, loc, oldMask,
                             plan.operandAxesOfDim0.back());
  }

  /// The index vecs and mask of iteration `i`.
  void sliceAt(RewriterBase &rewriter, Location loc, const Dim0Unrolling &plan,
               int64_t i, SmallVectorImpl<Value> &slicedIndexVecs,
               Value &slicedMask) const {
    for (auto [vec, axes] : llvm::zip(indexVecs, plan.operandAxesOfDim0))
      slicedIndexVecs.push_back(sliceAtPosition(rewriter, loc, vec, axes.size(),
                                                i,
                                                /*keepVector=*/false));
    if (mask)
      slicedMask = sliceAtPosition(rewriter, loc, mask,
                                   plan.operandAxesOfDim0.back().size(), i,
                                   /*keepVector=*/true);
  }
};

/// Common preconditions: rank > 1, fixed size, one offset per base-map
/// result (the verifier does not check the number of offsets).
static LogicalResult checkUnrollable(IndexedVectorOpInterface op,
                                     ValueRange offsets,
                                     PatternRewriter &rewriter) {
  VectorType type = op.getVectorType();
  if (type.getRank() <= 1)
    return rewriter.notifyMatchFailure(op, "rank <= 1");
  if (type.isScalable())
    return rewriter.notifyMatchFailure(op, "scalable vector");
  if (op.getBaseIndexingMap().getNumResults() != offsets.size())
    return rewriter.notifyMatchFailure(op, "offsets do not match the base map");
  return success();
}

struct UnrollTransferGatherDim0 final : OpRewritePattern<TransferGatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransferGatherOp op,
                                PatternRewriter &rewriter) const override {
    auto indexed = cast<IndexedVectorOpInterface>(op.getOperation());
    if (failed(checkUnrollable(indexed, op.getOffsets(), rewriter)))
      return failure();
    Location loc = op.getLoc();
    VectorType type = op.getVectorType();
    auto sliceType =
        VectorType::get(type.getShape().drop_front(), type.getElementType());
    Dim0Unrolling plan = planDim0Unrolling(indexed);
    ArrayAttr maps = rewriter.getAffineMapArrayAttr(plan.maps);

    UnrolledOperands operands(rewriter, loc, indexed, plan);
    Value result = ub::PoisonOp::create(rewriter, loc, type);
    SmallVector<int64_t> strides(sliceType.getRank(), 1);
    for (int64_t i = 0, e = type.getDimSize(0); i < e; ++i) {
      SmallVector<Value> indexVecs;
      Value mask;
      operands.sliceAt(rewriter, loc, plan, i, indexVecs, mask);
      Value slice = TransferGatherOp::create(
          rewriter, loc, sliceType, op.getBase(),
          offsetsAt(rewriter, loc, op.getOffsets(), plan.baseDimsOfDim0, i),
          indexVecs, op.getPadding(), mask, maps);
      SmallVector<int64_t> offsets(type.getRank(), 0);
      offsets[0] = i;
      result = vector::InsertStridedSliceOp::create(rewriter, loc, slice,
                                                    result, offsets, strides);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct UnrollTransferScatterDim0 final : OpRewritePattern<TransferScatterOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransferScatterOp op,
                                PatternRewriter &rewriter) const override {
    auto indexed = cast<IndexedVectorOpInterface>(op.getOperation());
    if (failed(checkUnrollable(indexed, op.getOffsets(), rewriter)))
      return failure();
    Location loc = op.getLoc();
    Dim0Unrolling plan = planDim0Unrolling(indexed);
    ArrayAttr maps = rewriter.getAffineMapArrayAttr(plan.maps);
    bool onTensor = op.hasTensorSemantics();

    UnrolledOperands operands(rewriter, loc, indexed, plan);
    Value base = op.getBase();
    for (int64_t i = 0, e = op.getVectorType().getDimSize(0); i < e; ++i) {
      SmallVector<Value> indexVecs;
      Value mask;
      operands.sliceAt(rewriter, loc, plan, i, indexVecs, mask);
      Value slice = vector::ExtractOp::create(rewriter, loc, op.getVector(),
                                              ArrayRef<int64_t>{i});
      auto scatter = TransferScatterOp::create(
          rewriter, loc, onTensor ? base.getType() : Type(), base, slice,
          offsetsAt(rewriter, loc, op.getOffsets(), plan.baseDimsOfDim0, i),
          indexVecs, mask, maps);
      if (onTensor)
        base = scatter.getResult();
    }
    if (onTensor)
      rewriter.replaceOp(op, base);
    else
      rewriter.eraseOp(op);
    return success();
  }
};

struct UnrollTransferGatherScatterPass final
    : mlir::iree_compiler::IREE::VectorExt::impl::
          UnrollTransferGatherScatterBase<UnrollTransferGatherScatterPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    // The canonical forms (offset absorption, all-false masks, plain
    // transfers) have benefit 1 and win over unrolling (benefit 0), so an op
    // that canonicalizes is not unrolled first.
    TransferGatherOp::getCanonicalizationPatterns(patterns, ctx);
    TransferScatterOp::getCanonicalizationPatterns(patterns, ctx);
    populateVectorTransferGatherScatterLoweringPatterns(patterns,
                                                        /*benefit=*/0);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns)))) {
      getOperation()->emitError(
          "iree-vector-ext-unroll-transfer-gather-scatter did not converge");
      signalPassFailure();
    }
  }
};

} // namespace

void mlir::iree_compiler::IREE::VectorExt::
    populateVectorTransferGatherScatterLoweringPatterns(
        RewritePatternSet &patterns, PatternBenefit benefit) {
  patterns.add<UnrollTransferGatherDim0, UnrollTransferScatterDim0>(
      patterns.getContext(), benefit);
}
