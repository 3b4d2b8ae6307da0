//===- LowerTransferGatherScatterToVector.cpp - to vector.gather/scatter --===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/VectorExt/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::iree_compiler::IREE::VectorExt {
#define GEN_PASS_DEF_LOWERTRANSFERGATHERSCATTERTOVECTOR
#include "imex/Dialect/VectorExt/Transforms/Passes.h.inc"
} // namespace mlir::iree_compiler::IREE::VectorExt

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

/// The vector dims a dims-only map (index vec or mask) selects, or failure
/// if a dim repeats (a diagonal, which broadcast/transpose cannot build).
static FailureOr<SmallVector<int64_t>> getDistinctDims(AffineMap map) {
  SmallVector<int64_t> dims;
  for (AffineExpr expr : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim || llvm::is_contained(dims, (int64_t)dim.getPosition()))
      return failure();
    dims.push_back(dim.getPosition());
  }
  return dims;
}

static OperandRange getOffsets(IndexedVectorOpInterface op) {
  if (auto gather = dyn_cast<TransferGatherOp>(op.getOperation()))
    return gather.getOffsets();
  return cast<TransferScatterOp>(op.getOperation()).getOffsets();
}

LogicalResult
mlir::iree_compiler::IREE::VectorExt::canLowerToVectorGatherScatter(
    IndexedVectorOpInterface op, std::string *reason) {
  auto fail = [&](const Twine &why) {
    if (reason)
      *reason = why.str();
    return failure();
  };
  VectorType vectorType = op.getVectorType();
  if (vectorType.isScalable())
    return fail("scalable vectors are not supported");
  if (vectorType.getRank() == 0)
    return fail("vector.gather and vector.scatter need a vector of rank >= 1");

  size_t numIndexVecs = op.getIndexVecs().size();
  if (numIndexVecs != 1)
    return fail("expected exactly one index vector, found " +
                Twine(numIndexVecs));
  if (!isa<VectorType>(op.getIndexVecs()[0].getType()))
    return fail("the index vector is a scalar index, not a vector");

  auto baseType = cast<ShapedType>(op.getBase().getType());
  AffineMap baseMap = op.getBaseIndexingMap();
  if (!baseType.hasRank() || baseType.getRank() == 0)
    return fail("the base must be ranked, with rank >= 1");
  int64_t rank = baseType.getRank();
  int64_t numOffsets = getOffsets(op).size();
  if (numOffsets != rank || (int64_t)baseMap.getNumResults() != rank)
    return fail("the base has rank " + Twine(rank) + " but there are " +
                Twine(numOffsets) + " offsets and " +
                Twine(baseMap.getNumResults()) + " base map results");

  std::string text;
  llvm::raw_string_ostream os(text);
  for (int64_t i = 0; i + 1 < rank; ++i) {
    AffineExpr expr = baseMap.getResult(i);
    if (isa<AffineConstantExpr>(expr))
      continue;
    os << expr;
    return fail("leading base dimension " + Twine(i) + " is indexed by '" +
                text +
                "', not a constant; vector.gather/scatter only vary "
                "the innermost base dimension");
  }
  AffineExpr last = baseMap.getResult(rank - 1);
  if (!isa<AffineSymbolExpr>(last)) {
    os << last;
    return fail("the innermost base dimension is indexed by '" + text +
                "', not by the index vector symbol");
  }

  if (failed(getDistinctDims(op.getIndexVecIndexingMaps().front())))
    return fail("the index vector map repeats a vector dimension");
  if (op.getMask() && failed(getDistinctDims(op.getMaskIndexingMap())))
    return fail("the mask map repeats a vector dimension");

  if (auto memrefType = dyn_cast<MemRefType>(baseType))
    if (!memrefType.isLastDimUnitStride())
      return fail("the innermost dimension of the memref base does not have "
                  "unit stride");
  return success();
}

/// Broadcasts/transposes `value`, whose dims are the vector dims selected by
/// `map` (distinct), to the full vector shape with element type `elemType`.
static Value materializeOnVectorShape(RewriterBase &rewriter, Location loc,
                                      Value value, AffineMap map,
                                      VectorType vectorType) {
  ArrayRef<int64_t> shape = vectorType.getShape();
  SmallVector<int64_t> dims = *getDistinctDims(map);
  Type elemType = getElementTypeOrSelf(value.getType());
  // vector.broadcast adds the missing dims in front.
  SmallVector<int64_t> current;
  for (int64_t d = 0, e = shape.size(); d < e; ++d)
    if (!llvm::is_contained(dims, d))
      current.push_back(d);
  if (!current.empty()) {
    llvm::append_range(current, dims);
    SmallVector<int64_t> broadcastShape =
        llvm::map_to_vector(current, [&](int64_t d) { return shape[d]; });
    value = vector::BroadcastOp::create(
        rewriter, loc, VectorType::get(broadcastShape, elemType), value);
  } else {
    current = dims;
  }
  if (!llvm::equal(current, llvm::seq<int64_t>(0, shape.size()))) {
    SmallVector<int64_t> perm;
    for (int64_t d = 0, e = shape.size(); d < e; ++d)
      perm.push_back(std::distance(current.begin(), llvm::find(current, d)));
    value = vector::TransposeOp::create(rewriter, loc, value, perm);
  }
  return value;
}

/// The index vector and mask of a lowerable op, on the vector's shape; an
/// absent mask becomes an all-true constant.
static std::pair<Value, Value>
getGatherScatterOperands(RewriterBase &rewriter, IndexedVectorOpInterface op) {
  Location loc = op->getLoc();
  VectorType vectorType = op.getVectorType();
  Value indexVec = materializeOnVectorShape(
      rewriter, loc, op.getIndexVecs().front(),
      op.getIndexVecIndexingMaps().front(), vectorType);
  Value mask = op.getMask();
  if (mask) {
    mask = materializeOnVectorShape(rewriter, loc, mask,
                                    op.getMaskIndexingMap(), vectorType);
  } else {
    auto maskType =
        VectorType::get(vectorType.getShape(), rewriter.getI1Type());
    mask = arith::ConstantOp::create(rewriter, loc,
                                     DenseElementsAttr::get(maskType, true));
  }
  return {indexVec, mask};
}

namespace {

struct LowerTransferGatherToVectorGather final
    : OpRewritePattern<TransferGatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransferGatherOp op,
                                PatternRewriter &rewriter) const override {
    std::string reason;
    if (failed(canLowerToVectorGatherScatter(op, &reason)))
      return rewriter.notifyMatchFailure(op, reason);
    auto [indexVec, mask] = getGatherScatterOperands(rewriter, op);
    VectorType type = op.getVectorType();
    Value passThru = vector::BroadcastOp::create(rewriter, op.getLoc(), type,
                                                 op.getPadding());
    rewriter.replaceOpWithNewOp<vector::GatherOp>(
        op, type, op.getBase(), op.getOffsets(), indexVec, mask, passThru);
    return success();
  }
};

struct LowerTransferScatterToVectorScatter final
    : OpRewritePattern<TransferScatterOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransferScatterOp op,
                                PatternRewriter &rewriter) const override {
    std::string reason;
    if (failed(canLowerToVectorGatherScatter(op, &reason)))
      return rewriter.notifyMatchFailure(op, reason);
    auto [indexVec, mask] = getGatherScatterOperands(rewriter, op);
    Type resultType = op.hasTensorSemantics() ? op.getBase().getType() : Type();
    auto scatter = vector::ScatterOp::create(rewriter, op.getLoc(), resultType,
                                             op.getBase(), op.getOffsets(),
                                             indexVec, mask, op.getVector());
    rewriter.replaceOp(op, scatter->getResults());
    return success();
  }
};

struct LowerTransferGatherScatterToVectorPass final
    : mlir::iree_compiler::IREE::VectorExt::impl::
          LowerTransferGatherScatterToVectorBase<
              LowerTransferGatherScatterToVectorPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateLowerTransferGatherScatterToVectorPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns)))) {
      getOperation()->emitError("iree-vector-ext-lower-transfer-gather-scatter-"
                                "to-vector did not converge");
      signalPassFailure();
    }
  }
};

} // namespace

void mlir::iree_compiler::IREE::VectorExt::
    populateLowerTransferGatherScatterToVectorPatterns(
        RewritePatternSet &patterns) {
  patterns.add<LowerTransferGatherToVectorGather,
               LowerTransferScatterToVectorScatter>(patterns.getContext());
}
