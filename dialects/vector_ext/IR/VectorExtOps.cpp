//===- VectorExtOps.cpp - transfer_gather/scatter, arg_compare, yield -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/VectorExt/IR/VectorExt.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/InterleavedRange.h"

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

#include "imex/Dialect/VectorExt/IR/VectorExtOpInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "imex/Dialect/VectorExt/IR/VectorExtOps.cpp.inc"

//===----------------------------------------------------------------------===//
// IndexedVectorOpInterface
//===----------------------------------------------------------------------===//

/// The shape `map` selects from `vectorShape`, or failure when a result of
/// `map` is not a plain dim.
static FailureOr<SmallVector<int64_t>>
getShapeOfDimMap(AffineMap map, ArrayRef<int64_t> vectorShape) {
  SmallVector<int64_t> shape;
  for (AffineExpr expr : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim)
      return failure();
    shape.push_back(vectorShape[dim.getPosition()]);
  }
  return shape;
}

LogicalResult IndexedVectorOpInterface::verifyIndexedVectorOp(Operation *op) {
  auto indexed = cast<IndexedVectorOpInterface>(op);
  VectorType vectorType = indexed.getVectorType();
  OperandRange indexVecs = indexed.getIndexVecs();
  Value mask = indexed.getMask();
  SmallVector<AffineMap> maps = indexed.getIndexingMapsArray();

  size_t expectedNumMaps = 1 + indexVecs.size() + (mask ? 1 : 0);
  if (maps.size() != expectedNumMaps)
    return op->emitOpError("expected ")
           << expectedNumMaps << " indexing maps, got: " << maps.size();

  int64_t rank = vectorType.getRank();
  for (auto [i, map] : llvm::enumerate(maps)) {
    if (map.getNumDims() != rank)
      return op->emitOpError("indexing map #")
             << i << " has " << map.getNumDims()
             << " dims, expected the vector rank " << rank;
    if (map.getNumSymbols() != indexVecs.size())
      return op->emitOpError("indexing map #")
             << i << " has " << map.getNumSymbols()
             << " symbols, expected one per index vec (" << indexVecs.size()
             << ")";
    for (AffineExpr expr : map.getResults()) {
      if (isa<AffineDimExpr, AffineSymbolExpr>(expr))
        continue;
      auto cst = dyn_cast<AffineConstantExpr>(expr);
      if (!cst || cst.getValue() != 0)
        return op->emitOpError("indexing map #")
               << i << " (" << AffineMapAttr::get(map)
               << ") may only have dims, symbols and 0 as results";
    }
  }

  ArrayRef<int64_t> vectorShape = vectorType.getShape();
  for (auto [i, indexVec, map] :
       llvm::enumerate(indexVecs, indexed.getIndexVecIndexingMaps())) {
    FailureOr<SmallVector<int64_t>> expected =
        getShapeOfDimMap(map, vectorShape);
    if (failed(expected))
      return op->emitOpError("indexing map of index vec at position ")
             << i << " may only contain dims";
    if (isa<IndexType>(indexVec.getType())) {
      if (!expected->empty())
        return op->emitOpError("scalar index vec at position ")
               << i << " needs an indexing map without results";
      continue;
    }
    ArrayRef<int64_t> actual = cast<VectorType>(indexVec.getType()).getShape();
    if (actual != ArrayRef<int64_t>(*expected))
      return op->emitOpError(
                 "mismatched vector shape for index vec at position ")
             << i << ". Expected: [" << *expected << "], got: [" << actual
             << "]";
  }

  if (mask) {
    FailureOr<SmallVector<int64_t>> expected =
        getShapeOfDimMap(indexed.getMaskIndexingMap(), vectorShape);
    if (failed(expected))
      return op->emitOpError("mask indexing map may only contain dims");
    ArrayRef<int64_t> actual = cast<VectorType>(mask.getType()).getShape();
    if (actual != ArrayRef<int64_t>(*expected))
      return op->emitOpError("mismatched mask shape. Expected: [")
             << *expected << "], got: [" << actual << "]";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Shared folding machinery for transfer_gather / transfer_scatter
//===----------------------------------------------------------------------===//

namespace {
/// The outcome of rewriting one index vec or the mask. A null `value` removes
/// the index vec (its symbol is then renumbered away).
struct OperandRewrite {
  Value value;
  AffineMap map;
  bool changed = false;
};

/// Rewrites one index vec (`isMask` false, `pos` its symbol) or the mask.
/// It may update `baseMap` when it removes an index vec.
using OperandRewriter =
    function_ref<OperandRewrite(int64_t pos, Value operand, AffineMap map,
                                bool isMask, AffineMap &baseMap)>;
} // namespace

static OperandRewrite unchanged(Value operand, AffineMap map) {
  return {operand, map, false};
}

/// Runs `rewriteOperand` over every index vec and the mask of `op` and, if
/// anything changed, updates the op in place: new operands, new maps, and the
/// symbols of removed index vecs replaced by 0 (the rest renumbered).
template <typename OpTy>
static bool rewriteIndexVecsAndMask(OpTy op, OperandRewriter rewriteOperand) {
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap baseMap = maps.front();
  SmallVector<Value> oldVecs(op.getIndexVecs());
  bool changed = false;

  SmallVector<Value> newVecs;
  SmallVector<AffineMap> newMaps = {AffineMap()};
  SmallVector<bool> removed;
  for (auto [pos, vec] : llvm::enumerate(oldVecs)) {
    OperandRewrite r = rewriteOperand(pos, vec, maps[1 + pos],
                                      /*isMask=*/false, baseMap);
    changed |= r.changed;
    removed.push_back(!r.value);
    if (r.value) {
      newVecs.push_back(r.value);
      newMaps.push_back(r.map);
    }
  }
  Value mask = op.getMask();
  if (mask) {
    OperandRewrite r = rewriteOperand(oldVecs.size(), mask, maps.back(),
                                      /*isMask=*/true, baseMap);
    changed |= r.changed;
    mask = r.value;
    newMaps.push_back(r.map);
  }
  if (!changed)
    return false;
  newMaps.front() = baseMap;

  MLIRContext *ctx = op.getContext();
  SmallVector<AffineExpr> symbolReplacements;
  unsigned nextSymbol = 0;
  for (bool isRemoved : removed)
    symbolReplacements.push_back(isRemoved
                                     ? getAffineConstantExpr(0, ctx)
                                     : getAffineSymbolExpr(nextSymbol++, ctx));
  for (AffineMap &map : newMaps)
    map = map.replaceDimsAndSymbols({}, symbolReplacements, map.getNumDims(),
                                    newVecs.size());

  op.setIndexingMapsAttr(Builder(ctx).getAffineMapArrayAttr(newMaps));
  op.getIndexVecsMutable().assign(newVecs);
  if (mask)
    op.getMaskMutable().assign(mask);
  return true;
}

/// Drops an all-true splat constant mask together with its map.
template <typename OpTy>
static bool foldAllTrueMask(OpTy op, Attribute maskAttr) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(maskAttr);
  if (!dense || !dense.isSplat() || !dense.getSplatValue<bool>())
    return false;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  maps.pop_back();
  op.setIndexingMapsAttr(Builder(op.getContext()).getAffineMapArrayAttr(maps));
  op.getMaskMutable().clear();
  return true;
}

static int64_t getRankOrZero(Type type) {
  if (auto vectorType = dyn_cast<VectorType>(type))
    return vectorType.getRank();
  return 0;
}

/// `vector.broadcast` producer: use its source. The source lines up with the
/// trailing dims of the broadcast, so the map keeps its trailing results.
/// Broadcasts that stretch a unit dim are left alone (the source shape would
/// no longer match the map), and a scalar never replaces a mask.
static OperandRewrite foldBroadcastOperand(int64_t, Value operand,
                                           AffineMap map, bool isMask,
                                           AffineMap &) {
  auto broadcast = operand.getDefiningOp<vector::BroadcastOp>();
  if (!broadcast)
    return unchanged(operand, map);
  Type sourceType = broadcast.getSourceType();
  if (isMask && !isa<VectorType>(sourceType))
    return unchanged(operand, map);
  ArrayRef<int64_t> resultShape = broadcast.getResultVectorType().getShape();
  int64_t sourceRank = getRankOrZero(sourceType);
  if (auto sourceVector = dyn_cast<VectorType>(sourceType))
    if (sourceVector.getShape() != resultShape.take_back(sourceRank))
      return unchanged(operand, map);
  return {broadcast.getSource(),
          map.getSliceMap(resultShape.size() - sourceRank, sourceRank), true};
}

/// `vector.transpose` producer: use its input. Result dim `i` is input dim
/// `perm[i]`, so input dim `perm[i]` takes the map's result `i`.
static OperandRewrite foldTransposeOperand(int64_t, Value operand,
                                           AffineMap map, bool, AffineMap &) {
  auto transpose = operand.getDefiningOp<vector::TransposeOp>();
  if (!transpose)
    return unchanged(operand, map);
  ArrayRef<int64_t> perm = transpose.getPermutation();
  SmallVector<AffineExpr> results(perm.size());
  for (auto [i, p] : llvm::enumerate(perm))
    results[p] = map.getResult(i);
  return {transpose.getVector(),
          AffineMap::get(map.getNumDims(), map.getNumSymbols(), results,
                         map.getContext()),
          true};
}

/// `vector.step` producer: index `i` of the index vec is `i` itself, so the
/// base dimension becomes contiguous along the index vec's single map result.
static OperandRewrite foldStepOperand(int64_t pos, Value operand, AffineMap map,
                                      bool isMask, AffineMap &baseMap) {
  if (isMask || !operand.getDefiningOp<vector::StepOp>())
    return unchanged(operand, map);
  AffineExpr symbol = getAffineSymbolExpr(pos, map.getContext());
  SmallVector<AffineExpr> results;
  for (AffineExpr expr : baseMap.getResults())
    results.push_back(expr == symbol ? map.getResult(0) : expr);
  baseMap = AffineMap::get(baseMap.getNumDims(), baseMap.getNumSymbols(),
                           results, baseMap.getContext());
  return {Value(), AffineMap(), true};
}

/// The in-place folder shared by both ops: the all-true mask first, otherwise
/// the first of the broadcast / transpose / step folds that applies.
template <typename OpTy>
static bool foldIndexedVectorOp(OpTy op, Attribute maskAttr) {
  if (foldAllTrueMask(op, maskAttr))
    return true;
  for (OperandRewriter fold : {OperandRewriter(foldBroadcastOperand),
                               OperandRewriter(foldTransposeOperand),
                               OperandRewriter(foldStepOperand)})
    if (rewriteIndexVecsAndMask(op, fold))
      return true;
  return false;
}

//===----------------------------------------------------------------------===//
// Shared canonicalization patterns
//===----------------------------------------------------------------------===//

/// Adds `scalar` to every offset whose base dimension is looked up through
/// symbol `pos` of `baseMap`. Fails, creating nothing, when no such base
/// dimension exists or it has no offset.
template <typename OpTy>
static bool addToOffsetsOfSymbol(RewriterBase &rewriter, OpTy op,
                                 AffineMap baseMap, int64_t pos,
                                 function_ref<Value()> getScalar) {
  AffineExpr symbol = getAffineSymbolExpr(pos, op.getContext());
  SmallVector<int64_t> baseDims;
  for (auto [i, expr] : llvm::enumerate(baseMap.getResults()))
    if (expr == symbol)
      baseDims.push_back(i);
  if (baseDims.empty() || baseDims.back() >= (int64_t)op.getOffsets().size())
    return false;

  Value scalar = getScalar();
  AffineExpr d0, d1;
  bindDims(op.getContext(), d0, d1);
  for (int64_t dim : baseDims) {
    OpOperand &offset = op.getOffsetsMutable()[dim];
    Value sum = affine::makeComposedAffineApply(
        rewriter, op.getLoc(), d0 + d1,
        ArrayRef<OpFoldResult>{offset.get(), scalar});
    offset.set(sum);
  }
  return true;
}

/// Runs `rewriteOperand` as an in-place modification of `op` under
/// `rewriter`.
template <typename OpTy>
static LogicalResult modifyIndexVecs(PatternRewriter &rewriter, OpTy op,
                                     OperandRewriter rewriteOperand) {
  rewriter.startOpModification(op);
  if (!rewriteIndexVecsAndMask(op, rewriteOperand)) {
    rewriter.cancelOpModification(op);
    return failure();
  }
  rewriter.finalizeOpModification(op);
  return success();
}

namespace {

/// An index vec with a single element (a scalar `index`, or a one-element
/// vector) is a fixed position: add it to the offset and drop it.
template <typename OpTy>
struct FoldSingleElementIndexVec final : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    return modifyIndexVecs(
        rewriter, op,
        [&](int64_t pos, Value operand, AffineMap map, bool isMask,
            AffineMap &baseMap) -> OperandRewrite {
          auto vectorType = dyn_cast<VectorType>(operand.getType());
          if (isMask || (vectorType && vectorType.getNumElements() != 1))
            return unchanged(operand, map);
          auto getScalar = [&]() -> Value {
            if (!vectorType)
              return operand;
            return vector::ExtractOp::create(
                rewriter, op.getLoc(), operand,
                SmallVector<int64_t>(vectorType.getRank(), 0));
          };
          if (!addToOffsetsOfSymbol(rewriter, op, baseMap, pos, getScalar))
            return unchanged(operand, map);
          return {Value(), AffineMap(), true};
        });
  }
};

/// `arith.addi(x, vector.broadcast(%s : index))`, in either operand order:
/// move `%s` into the offset and index through `x`.
template <typename OpTy>
struct FoldIndexVecAddBroadcast final : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    return modifyIndexVecs(
        rewriter, op,
        [&](int64_t pos, Value operand, AffineMap map, bool isMask,
            AffineMap &baseMap) -> OperandRewrite {
          auto add = operand.getDefiningOp<arith::AddIOp>();
          if (isMask || !add)
            return unchanged(operand, map);
          for (auto [splat, rest] : {std::pair(add.getLhs(), add.getRhs()),
                                     std::pair(add.getRhs(), add.getLhs())}) {
            auto broadcast = splat.getDefiningOp<vector::BroadcastOp>();
            if (!broadcast || !isa<IndexType>(broadcast.getSourceType()))
              continue;
            Value scalar = broadcast.getSource();
            if (!addToOffsetsOfSymbol(rewriter, op, baseMap, pos,
                                      [&] { return scalar; }))
              return unchanged(operand, map);
            return {rest, map, true};
          }
          return unchanged(operand, map);
        });
  }
};

/// Whether `mask` is a splat constant of `value`.
static bool isSplatMaskOf(Value mask, bool value) {
  DenseElementsAttr attr;
  return mask && matchPattern(mask, m_Constant(&attr)) && attr.isSplat() &&
         attr.getSplatValue<bool>() == value;
}

} // namespace

/// The vector dims that the used base dims walk, in base-dim order: the dim
/// order of a vector.transfer_read/write mask. Fails when the op cannot be a
/// plain transfer: a base of unknown rank, offsets or map results that do not
/// cover the base, or a vector dim walking two base dims.
static FailureOr<SmallVector<int64_t>>
getTransferMaskDims(IndexedVectorOpInterface op, ValueRange offsets) {
  auto baseType = cast<ShapedType>(op.getBase().getType());
  AffineMap baseMap = op.getBaseIndexingMap();
  if (!baseType.hasRank() || baseType.getRank() != (int64_t)offsets.size() ||
      baseMap.getNumResults() != offsets.size() ||
      baseType.getElementType() != op.getVectorType().getElementType())
    return failure();
  SmallVector<int64_t> dims;
  for (AffineExpr expr : baseMap.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim)
      continue;
    if (llvm::is_contained(dims, dim.getPosition()))
      return failure();
    dims.push_back(dim.getPosition());
  }
  return dims;
}

/// Rewrites `mask`, whose dims are the vector dims `maskDims`, into a mask
/// over the vector dims `targetDims`, in that order. Mask dims missing from
/// the target must have unit size (they are dropped with a shape_cast);
/// target dims the mask lacks are broadcast. Returns null, creating nothing,
/// when that is not possible.
static Value materializeTransferMask(RewriterBase &rewriter, Location loc,
                                     Value mask, ArrayRef<int64_t> maskDims,
                                     ArrayRef<int64_t> targetDims,
                                     ArrayRef<int64_t> vectorShape) {
  SmallVector<int64_t> kept;
  for (int64_t dim : maskDims) {
    if (llvm::is_contained(kept, dim))
      return Value();
    if (llvm::is_contained(targetDims, dim))
      kept.push_back(dim);
    else if (vectorShape[dim] != 1)
      return Value();
  }
  auto shapeOf = [&](ArrayRef<int64_t> dims) {
    return llvm::map_to_vector(dims, [&](int64_t d) { return vectorShape[d]; });
  };
  Type i1 = rewriter.getI1Type();
  if (kept.size() != maskDims.size())
    mask = vector::ShapeCastOp::create(
        rewriter, loc, VectorType::get(shapeOf(kept), i1), mask);

  SmallVector<int64_t> current;
  for (int64_t dim : targetDims)
    if (!llvm::is_contained(kept, dim))
      current.push_back(dim);
  if (!current.empty()) {
    llvm::append_range(current, kept);
    mask = vector::BroadcastOp::create(
        rewriter, loc, VectorType::get(shapeOf(current), i1), mask);
  } else {
    current = kept;
  }

  if (ArrayRef<int64_t>(current) != targetDims) {
    SmallVector<int64_t> perm = llvm::map_to_vector(targetDims, [&](int64_t d) {
      return (int64_t)std::distance(current.begin(), llvm::find(current, d));
    });
    mask = vector::TransposeOp::create(rewriter, loc, mask, perm);
  }
  return mask;
}

/// The vector.transfer mask for an op without index vecs, or null if the op
/// is unmasked. Fails when the mask cannot be expressed in transfer form.
static FailureOr<Value> getTransferMask(RewriterBase &rewriter,
                                        IndexedVectorOpInterface op,
                                        ArrayRef<int64_t> transferMaskDims) {
  Value mask = op.getMask();
  if (!mask)
    return Value();
  SmallVector<int64_t> maskDims = llvm::map_to_vector(
      op.getMaskIndexingMap().getResults(), [](AffineExpr expr) {
        return (int64_t)cast<AffineDimExpr>(expr).getPosition();
      });
  Value transferMask =
      materializeTransferMask(rewriter, op->getLoc(), mask, maskDims,
                              transferMaskDims, op.getVectorType().getShape());
  if (!transferMask)
    return failure();
  return transferMask;
}

//===----------------------------------------------------------------------===//
// TransferGatherOp
//===----------------------------------------------------------------------===//

void TransferGatherOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (isa<BaseMemRefType>(getBase().getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getBaseMutable(),
                         SideEffects::DefaultResource::get());
}

Speculation::Speculatability TransferGatherOp::getSpeculatability() {
  return hasTensorSemantics() ? Speculation::Speculatable
                              : Speculation::NotSpeculatable;
}

OpFoldResult TransferGatherOp::fold(FoldAdaptor adaptor) {
  if (foldIndexedVectorOp(*this, adaptor.getMask()))
    return getVector();
  return {};
}

namespace {

/// An all-false mask reads nothing: the result is the padding everywhere.
struct FoldAllFalseMaskGather final : OpRewritePattern<TransferGatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransferGatherOp op,
                                PatternRewriter &rewriter) const override {
    if (!isSplatMaskOf(op.getMask(), false))
      return failure();
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, op.getVectorType(),
                                                     op.getPadding());
    return success();
  }
};

/// Without index vecs the gather is a plain (permuted, broadcasting)
/// vector.transfer_read.
struct GatherToTransferRead final : OpRewritePattern<TransferGatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransferGatherOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getIndexVecs().empty())
      return failure();
    FailureOr<SmallVector<int64_t>> maskDims =
        getTransferMaskDims(op, op.getOffsets());
    if (failed(maskDims))
      return failure();
    FailureOr<Value> mask = getTransferMask(rewriter, op, *maskDims);
    if (failed(mask))
      return failure();
    SmallVector<bool> inBounds(op.getVectorType().getRank(), true);
    rewriter.replaceOpWithNewOp<vector::TransferReadOp>(
        op, op.getVectorType(), op.getBase(), op.getOffsets(),
        AffineMapAttr::get(op.getBasePermutationMap()), op.getPadding(), *mask,
        rewriter.getBoolArrayAttr(inBounds));
    return success();
  }
};

} // namespace

void TransferGatherOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *ctx) {
  results.add<FoldSingleElementIndexVec<TransferGatherOp>,
              FoldIndexVecAddBroadcast<TransferGatherOp>,
              FoldAllFalseMaskGather, GatherToTransferRead>(ctx);
}

//===----------------------------------------------------------------------===//
// TransferScatterOp
//===----------------------------------------------------------------------===//

LogicalResult TransferScatterOp::verify() {
  if (hasTensorSemantics()) {
    if (!getResult())
      return emitOpError("expected result for tensor operand");
    if (getResult().getType() != getBase().getType())
      return emitOpError("result type must match base type");
    return success();
  }
  if (getResult())
    return emitOpError("unexpected result for memref operand");
  return success();
}

void TransferScatterOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (!isa<BaseMemRefType>(getBase().getType()))
    return;
  effects.emplace_back(MemoryEffects::Read::get(), &getBaseMutable(),
                       SideEffects::DefaultResource::get());
  effects.emplace_back(MemoryEffects::Write::get(), &getBaseMutable(),
                       SideEffects::DefaultResource::get());
}

Speculation::Speculatability TransferScatterOp::getSpeculatability() {
  return hasTensorSemantics() ? Speculation::Speculatable
                              : Speculation::NotSpeculatable;
}

LogicalResult TransferScatterOp::fold(FoldAdaptor adaptor,
                                      SmallVectorImpl<OpFoldResult> &) {
  // An in-place update is reported as success without replacement values.
  return success(foldIndexedVectorOp(*this, adaptor.getMask()));
}

namespace {

/// An all-false mask writes nothing.
struct FoldAllFalseMaskScatter final : OpRewritePattern<TransferScatterOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransferScatterOp op,
                                PatternRewriter &rewriter) const override {
    if (!isSplatMaskOf(op.getMask(), false))
      return failure();
    if (op.hasTensorSemantics())
      rewriter.replaceOp(op, op.getBase());
    else
      rewriter.eraseOp(op);
    return success();
  }
};

/// Without index vecs the scatter is a plain (permuted)
/// vector.transfer_write. Every vector dim must walk a base dim: a
/// transfer_write cannot broadcast.
struct ScatterToTransferWrite final : OpRewritePattern<TransferScatterOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransferScatterOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getIndexVecs().empty())
      return failure();
    FailureOr<SmallVector<int64_t>> maskDims =
        getTransferMaskDims(op, op.getOffsets());
    if (failed(maskDims) ||
        (int64_t)maskDims->size() != op.getVectorType().getRank())
      return failure();
    FailureOr<Value> mask = getTransferMask(rewriter, op, *maskDims);
    if (failed(mask))
      return failure();
    SmallVector<bool> inBounds(op.getVectorType().getRank(), true);
    auto write = vector::TransferWriteOp::create(
        rewriter, op.getLoc(), op.getVector(), op.getBase(), op.getOffsets(),
        AffineMapAttr::get(op.getBasePermutationMap()), *mask,
        rewriter.getBoolArrayAttr(inBounds));
    rewriter.replaceOp(op, write->getResults());
    return success();
  }
};

} // namespace

void TransferScatterOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                    MLIRContext *ctx) {
  results.add<FoldSingleElementIndexVec<TransferScatterOp>,
              FoldIndexVecAddBroadcast<TransferScatterOp>,
              FoldAllFalseMaskScatter, ScatterToTransferWrite>(ctx);
}

//===----------------------------------------------------------------------===//
// ArgCompareOp
//===----------------------------------------------------------------------===//

static bool isIntegerOrIndex(Type type) {
  return isa<IntegerType, IndexType>(type);
}

// The messages are IREE's own, word for word: users' -verify-diagnostics
// tests match them.
LogicalResult ArgCompareOp::verify() {
  auto inputType = cast<VectorType>(getInputValue().getType());
  auto initValueType = cast<VectorType>(getInitValue().getType());
  auto initIndexType = cast<VectorType>(getInitIndex().getType());
  int64_t rank = inputType.getRank();
  int64_t dimension = getDimension();
  if (dimension < 0 || dimension >= rank)
    return emitOpError("dimension ")
           << dimension << " is out of range [0, " << rank << ")";
  for (auto [name, type] : {std::pair("init value", initValueType),
                            std::pair("init index", initIndexType)})
    if (type.getRank() != rank - 1)
      return emitOpError() << name << " rank (" << type.getRank()
                           << ") must be input rank - 1 (" << rank - 1 << ")";

  SmallVector<int64_t> reducedShape(inputType.getShape());
  reducedShape.erase(reducedShape.begin() + dimension);
  for (auto [name, type] : {std::pair("init value", initValueType),
                            std::pair("init index", initIndexType)})
    if (type.getShape() != ArrayRef<int64_t>(reducedShape))
      return emitOpError()
             << name
             << " shape must match input shape with reduction dimension "
                "removed. Expected: "
             << llvm::interleaved_array(reducedShape)
             << ", but got: " << llvm::interleaved_array(type.getShape());

  Type indexElementType = initIndexType.getElementType();
  if (!isIntegerOrIndex(indexElementType))
    return emitOpError("init index must have integer or index element type, "
                       "but got ")
           << indexElementType;

  if (Value inputIndex = getInputIndex()) {
    auto inputIndexType = cast<VectorType>(inputIndex.getType());
    if (inputIndexType.getShape() != inputType.getShape())
      return emitOpError("explicit-index mode: value and index inputs must "
                         "have the same shape. Value shape: ")
             << llvm::interleaved_array(inputType.getShape())
             << ", index shape: "
             << llvm::interleaved_array(inputIndexType.getShape());
    Type inputIndexElementType = inputIndexType.getElementType();
    if (!isIntegerOrIndex(inputIndexElementType))
      return emitOpError("explicit-index mode: index input must have integer "
                         "or index element type, but got ")
             << inputIndexElementType;
    if (inputIndexElementType != indexElementType)
      return emitOpError("explicit-index mode: input and init index element "
                         "types must match. Input index type: ")
             << inputIndexElementType
             << ", init index type: " << indexElementType;
    if (getIndexBase())
      return emitOpError("index_base must not be used with explicit indices");
  }

  Block &body = getRegion().front();
  if (body.getNumArguments() != 2)
    return emitOpError("comparator region must have exactly 2 arguments");
  Type elementType = inputType.getElementType();
  Type lhs = body.getArgument(0).getType();
  Type rhs = body.getArgument(1).getType();
  if (lhs != elementType || rhs != elementType)
    return emitOpError("comparator arguments must match input value element "
                       "type. Expected: ")
           << elementType << ", but got: " << lhs << " and " << rhs;
  for (Operation &nested : body)
    if (!isPure(&nested))
      return nested.emitOpError(
          "comparator region must contain only pure operations");
  return success();
}

//===----------------------------------------------------------------------===//
// YieldOp
//===----------------------------------------------------------------------===//

LogicalResult YieldOp::verify() {
  if (getNumOperands() != 1)
    return emitOpError("expected 1 yield operand, but got ")
           << getNumOperands();
  Type type = getOperand(0).getType();
  if (!type.isInteger(1))
    return emitOpError("expected yield operand to have type i1, but got ")
           << type;
  return success();
}
