//===- NDArrayOps.cpp - ndarray op builders, inference, canonicalization --===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/NDArray/IR/NDArray.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace imex::ndarray;

//===----------------------------------------------------------------------===//
// Helpers shared by subview and insert_slice
//===----------------------------------------------------------------------===//

namespace {

/// Static/dynamic split of mixed offsets, sizes and strides, as the ops store
/// them.
struct SplitIndexLists {
  SmallVector<int64_t> staticOffsets, staticSizes, staticStrides;
  SmallVector<Value> offsets, sizes, strides;

  SplitIndexLists(ArrayRef<OpFoldResult> mixedOffsets,
                  ArrayRef<OpFoldResult> mixedSizes,
                  ArrayRef<OpFoldResult> mixedStrides) {
    dispatchIndexOpFoldResults(mixedOffsets, offsets, staticOffsets);
    dispatchIndexOpFoldResults(mixedSizes, sizes, staticSizes);
    dispatchIndexOpFoldResults(mixedStrides, strides, staticStrides);
  }
};

/// Moves constant index values into the static lists. Negative offsets and
/// sizes stay dynamic: as static entries they would not verify. Returns true
/// if anything was folded.
bool foldConstantIndices(SmallVectorImpl<OpFoldResult> &offsets,
                         SmallVectorImpl<OpFoldResult> &sizes,
                         SmallVectorImpl<OpFoldResult> &strides) {
  bool foldedOffsets =
      succeeded(foldDynamicIndexList(offsets, /*onlyNonNegative=*/true));
  bool foldedSizes =
      succeeded(foldDynamicIndexList(sizes, /*onlyNonNegative=*/true));
  bool foldedStrides = succeeded(foldDynamicIndexList(strides));
  return foldedOffsets || foldedSizes || foldedStrides;
}

/// True iff one of the dynamic offsets, sizes or strides is a constant.
bool hasConstantIndexOperand(OffsetSizeAndStrideOpInterface op) {
  auto isConstant = [](Value v) { return getConstantIntValue(v).has_value(); };
  return llvm::any_of(op.getOffsets(), isConstant) ||
         llvm::any_of(op.getSizes(), isConstant) ||
         llvm::any_of(op.getStrides(), isConstant);
}

/// The source of a tensor.cast that only drops static information (so its
/// consumer may use the more precise source instead), or null.
Value getFoldableCastSource(Value value) {
  auto castOp = value.getDefiningOp<tensor::CastOp>();
  if (!castOp || !tensor::canFoldIntoConsumerOp(castOp))
    return {};
  return castOp.getSource();
}

ArrayRef<NamedAttribute> discardableAttrs(Operation *op) {
  return op->getDiscardableAttrDictionary().getValue();
}

} // namespace

//===----------------------------------------------------------------------===//
// SubviewOp
//===----------------------------------------------------------------------===//

RankedTensorType SubviewOp::inferResultType(RankedTensorType sourceType,
                                            ArrayRef<int64_t> staticSizes) {
  return RankedTensorType::get(staticSizes, sourceType.getElementType(),
                               sourceType.getEncoding());
}

RankedTensorType SubviewOp::inferResultType(RankedTensorType sourceType,
                                            ArrayRef<OpFoldResult> sizes) {
  SmallVector<int64_t> staticSizes;
  SmallVector<Value> dynamicSizes;
  dispatchIndexOpFoldResults(sizes, dynamicSizes, staticSizes);
  return inferResultType(sourceType, staticSizes);
}

RankedTensorType
SubviewOp::inferRankReducedResultType(ArrayRef<int64_t> resultShape,
                                      RankedTensorType sourceType,
                                      ArrayRef<OpFoldResult> sizes) {
  RankedTensorType inferred = inferResultType(sourceType, sizes);
  if (inferred.getRank() == static_cast<int64_t>(resultShape.size()))
    return inferred;
  if (!computeRankReductionMask(inferred.getShape(), resultShape,
                                /*matchDynamic=*/true))
    return {};
  return inferred.clone(resultShape);
}

std::optional<llvm::SmallBitVector> SubviewOp::getDroppedDims() {
  ArrayRef<int64_t> resultShape = getType().getShape();
  ArrayRef<int64_t> sizes = getStaticSizes();
  llvm::SmallBitVector dropped(sizes.size());
  // Pair result dims with sizes from the back. A static unit size is kept
  // only when it meets a unit result dim, so leading unit dims are dropped
  // first.
  int64_t resultDim = static_cast<int64_t>(resultShape.size()) - 1;
  for (int64_t dim = static_cast<int64_t>(sizes.size()) - 1; dim >= 0; --dim) {
    bool isUnit = sizes[dim] == 1;
    if (resultDim >= 0 && (!isUnit || resultShape[resultDim] == 1)) {
      --resultDim;
      continue;
    }
    if (!isUnit)
      return std::nullopt;
    dropped.set(dim);
  }
  if (resultDim >= 0)
    return std::nullopt;
  return dropped;
}

void SubviewOp::build(OpBuilder &builder, OperationState &result,
                      RankedTensorType resultType, Value source,
                      ArrayRef<OpFoldResult> offsets,
                      ArrayRef<OpFoldResult> sizes,
                      ArrayRef<OpFoldResult> strides,
                      ArrayRef<NamedAttribute> attrs) {
  SplitIndexLists lists(offsets, sizes, strides);
  if (!resultType)
    resultType = inferResultType(cast<RankedTensorType>(source.getType()),
                                 lists.staticSizes);
  build(builder, result, resultType, source, lists.offsets, lists.sizes,
        lists.strides, builder.getDenseI64ArrayAttr(lists.staticOffsets),
        builder.getDenseI64ArrayAttr(lists.staticSizes),
        builder.getDenseI64ArrayAttr(lists.staticStrides));
  result.addAttributes(attrs);
}

void SubviewOp::build(OpBuilder &builder, OperationState &result, Value source,
                      ArrayRef<OpFoldResult> offsets,
                      ArrayRef<OpFoldResult> sizes,
                      ArrayRef<OpFoldResult> strides,
                      ArrayRef<NamedAttribute> attrs) {
  build(builder, result, RankedTensorType(), source, offsets, sizes, strides,
        attrs);
}

LogicalResult
SubviewOp::reifyResultShapes(OpBuilder &,
                             ReifiedRankedShapedTypeDims &reifiedReturnShapes) {
  std::optional<llvm::SmallBitVector> dropped = getDroppedDims();
  if (!dropped)
    return failure();
  SmallVector<OpFoldResult> &shape = reifiedReturnShapes.emplace_back();
  for (auto [dim, size] : llvm::enumerate(getMixedSizes()))
    if (!dropped->test(dim))
      shape.push_back(size);
  return success();
}

namespace {

/// Folds constant index operands into the static lists. The result type is
/// re-inferred from the current result shape; a tensor.cast gives existing
/// users the old type back.
struct SubviewConstantArgumentFolder : OpRewritePattern<SubviewOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SubviewOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<OpFoldResult> offsets = op.getMixedOffsets();
    SmallVector<OpFoldResult> sizes = op.getMixedSizes();
    SmallVector<OpFoldResult> strides = op.getMixedStrides();
    if (!foldConstantIndices(offsets, sizes, strides))
      return failure();

    // The verifier does not tie the result shape to the sizes; give up
    // rather than produce an invalid rank reduction or cast.
    RankedTensorType oldType = op.getType();
    RankedTensorType newType = SubviewOp::inferRankReducedResultType(
        oldType.getShape(), op.getSourceType(), sizes);
    if (!newType || !tensor::CastOp::areCastCompatible(newType, oldType))
      return failure();

    Value replacement =
        SubviewOp::create(rewriter, op.getLoc(), newType, op.getSource(),
                          offsets, sizes, strides, discardableAttrs(op));
    if (newType != oldType)
      replacement =
          tensor::CastOp::create(rewriter, op.getLoc(), oldType, replacement);
    rewriter.replaceOp(op, replacement);
    return success();
  }
};

/// Views the more static source of a tensor.cast directly; the result type is
/// kept. Waits until the constant operands are folded.
struct SubviewSourceCastFolder : OpRewritePattern<SubviewOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SubviewOp op,
                                PatternRewriter &rewriter) const override {
    if (hasConstantIndexOperand(op))
      return failure();
    Value castSource = getFoldableCastSource(op.getSource());
    if (!castSource)
      return failure();
    rewriter.modifyOpInPlace(op,
                             [&] { op.getSourceMutable().assign(castSource); });
    return success();
  }
};

} // namespace

void SubviewOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<SubviewConstantArgumentFolder, SubviewSourceCastFolder>(context);
}

//===----------------------------------------------------------------------===//
// InsertSliceOp
//===----------------------------------------------------------------------===//

void InsertSliceOp::build(OpBuilder &builder, OperationState &result,
                          Value destination, Value source,
                          ArrayRef<OpFoldResult> offsets,
                          ArrayRef<OpFoldResult> sizes,
                          ArrayRef<OpFoldResult> strides,
                          ArrayRef<NamedAttribute> attrs) {
  SplitIndexLists lists(offsets, sizes, strides);
  build(builder, result, destination, source, lists.offsets, lists.sizes,
        lists.strides, builder.getDenseI64ArrayAttr(lists.staticOffsets),
        builder.getDenseI64ArrayAttr(lists.staticSizes),
        builder.getDenseI64ArrayAttr(lists.staticStrides));
  result.addAttributes(attrs);
}

namespace {

/// Folds constant index operands into the static lists. The source gets the
/// canonical rank-reduced slice type (as tensor.extract_slice infers it from
/// the destination and the sizes, with the source's encoding) through a
/// tensor.cast.
struct InsertSliceConstantArgumentFolder : OpRewritePattern<InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(InsertSliceOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<OpFoldResult> offsets = op.getMixedOffsets();
    SmallVector<OpFoldResult> sizes = op.getMixedSizes();
    SmallVector<OpFoldResult> strides = op.getMixedStrides();
    if (!foldConstantIndices(offsets, sizes, strides))
      return failure();

    RankedTensorType sourceType = op.getSourceType();
    RankedTensorType sliceType =
        tensor::ExtractSliceOp::inferCanonicalRankReducedResultType(
            sourceType.getRank(), op.getDestinationType(), sizes);
    auto newSourceType =
        RankedTensorType::get(sliceType.getShape(), sliceType.getElementType(),
                              sourceType.getEncoding());

    Value source = op.getSource();
    if (newSourceType != sourceType) {
      if (sourceType.getRank() == 0) {
        // A 0-d source is broadcast into the slice and keeps its type
        // (tensor.cast cannot change the rank); as in the original, slices
        // that stay of rank > 1 after dropping unit sizes are not folded.
        if (newSourceType.getRank() > 1)
          return failure();
      } else {
        if (newSourceType.getRank() != sourceType.getRank() ||
            !tensor::CastOp::areCastCompatible(sourceType, newSourceType))
          return failure();
        source = tensor::CastOp::create(rewriter, op.getLoc(), newSourceType,
                                        source);
      }
    }

    rewriter.replaceOp(op, InsertSliceOp::create(rewriter, op.getLoc(),
                                                 op.getDestination(), source,
                                                 offsets, sizes, strides,
                                                 discardableAttrs(op)));
    return success();
  }
};

/// Uses the more static sources of tensor.cast producers of the source
/// and/or destination. As in the original, no cast is added for the result
/// even when the destination type changes. Waits until the constant operands
/// are folded.
struct InsertSliceOperandCastFolder : OpRewritePattern<InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(InsertSliceOp op,
                                PatternRewriter &rewriter) const override {
    if (hasConstantIndexOperand(op))
      return failure();
    Value source = getFoldableCastSource(op.getSource());
    Value destination = getFoldableCastSource(op.getDestination());
    if (!source && !destination)
      return failure();

    rewriter.replaceOp(op, InsertSliceOp::create(
                               rewriter, op.getLoc(),
                               destination ? destination : op.getDestination(),
                               source ? source : op.getSource(),
                               op.getMixedOffsets(), op.getMixedSizes(),
                               op.getMixedStrides(), discardableAttrs(op)));
    return success();
  }
};

} // namespace

void InsertSliceOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<InsertSliceConstantArgumentFolder, InsertSliceOperandCastFolder>(
      context);
}

//===----------------------------------------------------------------------===//
// LinSpaceOp
//===----------------------------------------------------------------------===//

namespace {

/// A constant `num` gives the static result shape [num]; a tensor.cast gives
/// existing users the old type back.
struct LinSpaceConstantNum : OpRewritePattern<LinSpaceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LinSpaceOp op,
                                PatternRewriter &rewriter) const override {
    APInt num;
    if (!matchPattern(op.getNum(), m_ConstantInt(&num)) || num.isNegative() ||
        num.getActiveBits() > 63)
      return failure();

    RankedTensorType oldType = op.getType();
    auto newType = RankedTensorType::get(
        {num.getSExtValue()}, oldType.getElementType(), oldType.getEncoding());
    if (newType == oldType ||
        !tensor::CastOp::areCastCompatible(newType, oldType))
      return failure();

    auto newOp =
        LinSpaceOp::create(rewriter, op.getLoc(), newType, op.getStart(),
                           op.getStop(), op.getNum(), op.getEndpoint());
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.replaceOpWithNewOp<tensor::CastOp>(op, oldType, newOp);
    return success();
  }
};

} // namespace

/// The result holds `num` values: a constant `num` must be non-negative and
/// match a static result size (a run-time `num` is checked when lowered).
LogicalResult LinSpaceOp::verify() {
  RankedTensorType type = getType();
  if (type.getRank() != 1)
    return emitOpError("result must be 1-D, not ") << type;
  APInt num;
  if (!matchPattern(getNum(), m_ConstantInt(&num)))
    return success();
  if (num.isNegative())
    return emitOpError("num must be non-negative, not ") << num.getSExtValue();
  if (!type.isDynamicDim(0) && num != uint64_t(type.getDimSize(0)))
    return emitOpError("result has ")
           << type.getDimSize(0) << " elements but num is "
           << num.getSExtValue();
  return success();
}

void LinSpaceOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *context) {
  results.add<LinSpaceConstantNum>(context);
}

//===----------------------------------------------------------------------===//
// CastElemTypeOp
//===----------------------------------------------------------------------===//

namespace {

/// A dynamically shaped input that is a tensor.cast of a statically shaped
/// tensor is replaced by that tensor.
struct CastElemTypeStaticInput : OpRewritePattern<CastElemTypeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(CastElemTypeOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getInput().getType().hasStaticShape())
      return failure();
    auto castOp = op.getInput().getDefiningOp<tensor::CastOp>();
    if (!castOp)
      return failure();
    auto castSourceType =
        dyn_cast<RankedTensorType>(castOp.getSource().getType());
    if (!castSourceType || !castSourceType.hasStaticShape())
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getInputMutable().assign(castOp.getSource()); });
    return success();
  }
};

/// A statically shaped input makes the result static too: the op is rebuilt
/// with the input shape (and the result's element type and encoding), and a
/// tensor.cast gives existing users the old type back. As in the original,
/// the rebuilt op drops `copy`.
struct CastElemTypeStaticResult : OpRewritePattern<CastElemTypeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(CastElemTypeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType inputType = op.getInput().getType();
    RankedTensorType resultType = op.getType();
    if (!inputType.hasStaticShape() || resultType.hasStaticShape())
      return failure();
    auto newType =
        RankedTensorType::get(inputType.getShape(), resultType.getElementType(),
                              resultType.getEncoding());
    if (!tensor::CastOp::areCastCompatible(newType, resultType))
      return failure();

    auto newOp = CastElemTypeOp::create(rewriter, op.getLoc(), newType,
                                        op.getInput(), /*copy=*/nullptr);
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.replaceOpWithNewOp<tensor::CastOp>(op, resultType, newOp);
    return success();
  }
};

} // namespace

void CastElemTypeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<CastElemTypeStaticInput, CastElemTypeStaticResult>(context);
}

#define GET_OP_CLASSES
#include "imex/Dialect/NDArray/IR/NDArrayOps.cpp.inc"

FloatType imex::ndarray::getLinspaceComputeType(Type elementType) {
  MLIRContext *ctx = elementType.getContext();
  unsigned width =
      elementType.isIndex() ? 64 : elementType.getIntOrFloatBitWidth();
  if (width > 32)
    return Float64Type::get(ctx);
  if (width > 16 || !isa<FloatType>(elementType))
    return Float32Type::get(ctx);
  return Float16Type::get(ctx);
}
