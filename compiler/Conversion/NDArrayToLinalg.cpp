//===- NDArrayToLinalg.cpp - ndarray ops -> linalg/tensor/memref ----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// copy, delete, reshape, linspace and cast_elemtype become linalg, tensor,
// memref and bufferization ops. subview and insert_slice stay: their
// bufferization models turn them into memref views and in-place updates,
// which keeps NumPy's view semantics that a tensor lowering would lose.
//
//===----------------------------------------------------------------------===//

#include "imex/Conversion/Passes.h"
#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "imex/Dialect/Region/IR/Region.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

namespace imex {
#define GEN_PASS_DEF_CONVERTNDARRAYTOLINALG
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;
using namespace imex;

namespace {

/// The environment of the region that protects host-side copies from being
/// treated as device work.
constexpr StringLiteral kProtectCopyEnv = "protect_copy_op";

/// `tensor.dim` for every dynamic dimension of `tensor`.
SmallVector<Value> dynamicDims(OpBuilder &builder, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<Value> dims;
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (type.isDynamicDim(i))
      dims.push_back(tensor::DimOp::create(builder, loc, tensor, i));
  return dims;
}

/// The buffer of `tensor` with a fully dynamic strided layout, which any
/// buffer of that shape can be cast to. `readOnly` tells bufferization that
/// the buffer is not written through, so no defensive copy is needed.
Value toStridedBuffer(OpBuilder &builder, Location loc, Value tensor,
                      bool readOnly) {
  auto type = cast<RankedTensorType>(tensor.getType());
  auto layout = StridedLayoutAttr::get(
      builder.getContext(), ShapedType::kDynamic,
      SmallVector<int64_t>(type.getRank(), ShapedType::kDynamic));
  auto bufferType =
      MemRefType::get(type.getShape(), type.getElementType(), layout);
  return bufferization::ToBufferOp::create(builder, loc, bufferType, tensor,
                                           readOnly);
}

/// Conversion of a signless integer, index or float `value` to the
/// signless type `to`, following NumPy's casting: integers extend and
/// convert to floats as signed, or as unsigned when `fromUnsigned` (booleans
/// always); floats convert to integers truncating towards zero, as unsigned
/// ones when `toUnsigned`.
Value convertSignlessScalar(OpBuilder &builder, Location loc, Value value,
                            Type to, bool fromUnsigned, bool toUnsigned) {
  Type from = value.getType();
  if (from == to)
    return value;
  // index goes through i64 in both directions.
  if (from.isIndex()) {
    Value asI64 =
        arith::IndexCastOp::create(builder, loc, builder.getI64Type(), value);
    return convertSignlessScalar(builder, loc, asI64, to, fromUnsigned,
                                 toUnsigned);
  }
  if (to.isIndex()) {
    Value asI64 = convertSignlessScalar(
        builder, loc, value, builder.getI64Type(), fromUnsigned, toUnsigned);
    return arith::IndexCastOp::create(builder, loc, to, asI64);
  }
  fromUnsigned |= from.isInteger(1);
  if (isa<IntegerType>(from) && isa<IntegerType>(to)) {
    if (to.getIntOrFloatBitWidth() < from.getIntOrFloatBitWidth())
      return arith::TruncIOp::create(builder, loc, to, value);
    if (fromUnsigned)
      return arith::ExtUIOp::create(builder, loc, to, value);
    return arith::ExtSIOp::create(builder, loc, to, value);
  }
  if (isa<IntegerType>(from)) {
    if (fromUnsigned)
      return arith::UIToFPOp::create(builder, loc, to, value);
    return arith::SIToFPOp::create(builder, loc, to, value);
  }
  if (isa<IntegerType>(to)) {
    if (toUnsigned)
      return arith::FPToUIOp::create(builder, loc, to, value);
    return arith::FPToSIOp::create(builder, loc, to, value);
  }
  if (to.getIntOrFloatBitWidth() > from.getIntOrFloatBitWidth())
    return arith::ExtFOp::create(builder, loc, to, value);
  return arith::TruncFOp::create(builder, loc, to, value);
}

/// `type` with signed and unsigned integers replaced by signless ones.
Type signlessOf(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return IntegerType::get(type.getContext(), integer.getWidth());
  return type;
}

/// Element-wise conversion of `value` to `to` (integers of any signedness,
/// index, floats) as convertSignlessScalar does. arith computes on signless
/// integers only: signed and unsigned ones (si32, ui32, whose signedness
/// chooses the conversion) are reinterpreted on the way in and out, casts
/// that vanish when the LLVM lowering makes every integer signless.
Value convertScalar(OpBuilder &builder, Location loc, Value value, Type to) {
  Type from = value.getType();
  if (from == to)
    return value;
  auto reinterpret = [&](Value v, Type type) -> Value {
    if (v.getType() == type)
      return v;
    return UnrealizedConversionCastOp::create(builder, loc, type, v)
        .getResult(0);
  };
  Value converted = convertSignlessScalar(
      builder, loc, reinterpret(value, signlessOf(from)), signlessOf(to),
      from.isUnsignedInteger(), to.isUnsignedInteger());
  return reinterpret(converted, to);
}

/// The element types convertScalar handles.
bool isScalarNumber(Type type) {
  return isa<IntegerType, IndexType, FloatType>(type);
}

/// copy → fresh identity-layout allocation + memref.copy (inside a
/// "protect_copy_op" region so GPU passes see where data crosses) +
/// to_tensor of the allocation.
struct CopyLowering : OpConversionPattern<ndarray::CopyOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ndarray::CopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value source = adaptor.getSource();
    auto resultType = cast<RankedTensorType>(op.getType());
    auto allocType =
        MemRefType::get(resultType.getShape(), resultType.getElementType());
    Value alloc = memref::AllocOp::create(rewriter, loc, allocType,
                                          dynamicDims(rewriter, loc, source),
                                          rewriter.getI64IntegerAttr(8));

    if (!llvm::is_contained(resultType.getShape(), 0)) {
      Value sourceBuffer =
          toStridedBuffer(rewriter, loc, source, /*readOnly=*/true);
      region::EnvironmentRegionOp::create(
          rewriter, loc, rewriter.getStringAttr(kProtectCopyEnv),
          /*args=*/ValueRange(), /*resultTypes=*/TypeRange(),
          [&](OpBuilder &builder, Location bodyLoc) {
            memref::CopyOp::create(builder, bodyLoc, sourceBuffer, alloc);
          });
    }
    rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(
        op, resultType, alloc, /*restrict=*/true, /*writable=*/true);
    return success();
  }
};

/// delete → memref.dealloc of the array's buffer.
struct DeleteLowering : OpConversionPattern<ndarray::DeleteOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ndarray::DeleteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value buffer = toStridedBuffer(rewriter, op.getLoc(), adaptor.getInput(),
                                   /*readOnly=*/false);
    auto dealloc = rewriter.replaceOpWithNewOp<memref::DeallocOp>(op, buffer);
    dealloc->setAttrs(op->getAttrs());
    return success();
  }
};

/// reshape → tensor.reshape with the shape as a tensor; with `copy` the
/// source is copied first so the result never shares its data.
struct ReshapeLowering : OpConversionPattern<ndarray::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ndarray::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value source = adaptor.getSource();
    if (op.getCopy().value_or(false))
      source = ndarray::CopyOp::create(rewriter, loc, source.getType(), source);
    auto shapeType = RankedTensorType::get({int64_t(adaptor.getShape().size())},
                                           rewriter.getIndexType());
    Value shape = tensor::FromElementsOp::create(rewriter, loc, shapeType,
                                                 adaptor.getShape());
    rewriter.replaceOpWithNewOp<tensor::ReshapeOp>(op, op.getType(), source,
                                                   shape);
    return success();
  }
};

/// linspace → linalg.generic filling `start + step * i` into an empty
/// tensor, computed in a float type wide enough for the element type.
struct LinSpaceLowering : OpConversionPattern<ndarray::LinSpaceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ndarray::LinSpaceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value start = adaptor.getStart(), stop = adaptor.getStop(),
          num = adaptor.getNum();
    if (!isScalarNumber(start.getType()) || !isScalarNumber(stop.getType()))
      return rewriter.notifyMatchFailure(
          op, "start and stop must be integer, index or float scalars");
    if (!isa<IntegerType, IndexType>(num.getType()))
      return rewriter.notifyMatchFailure(op, "num must be an integer or index");
    auto resultType = cast<RankedTensorType>(op.getType());
    if (resultType.getRank() != 1)
      return rewriter.notifyMatchFailure(op, "result must be 1-D");

    Type elementType = resultType.getElementType();
    FloatType computeType = ndarray::getLinspaceComputeType(elementType);

    Value startF = convertScalar(rewriter, loc, start, computeType);
    Value stopF = convertScalar(rewriter, loc, stop, computeType);
    Value numF = convertScalar(rewriter, loc, num, computeType);
    if (op.getEndpoint()) {
      // num - 1 intervals; at least one, so that num == 1 yields [start]
      // (as NumPy does) instead of NaN from 0 * inf.
      Value one = arith::ConstantOp::create(
          rewriter, loc, rewriter.getFloatAttr(computeType, 1.0));
      numF = arith::SubFOp::create(rewriter, loc, numF, one);
      numF = arith::MaximumFOp::create(rewriter, loc, numF, one);
    }
    Value range = arith::SubFOp::create(rewriter, loc, stopF, startF);
    Value step = arith::DivFOp::create(rewriter, loc, range, numF);

    // A run-time num: non-negative, and the static size if there is one.
    SmallVector<Value> sizes;
    Value count = convertScalar(rewriter, loc, num, rewriter.getIndexType());
    if (!matchPattern(num, m_Constant())) {
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value valid = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::sge, count, zero);
      cf::AssertOp::create(rewriter, loc, valid,
                           "linspace: num must be non-negative");
      if (!resultType.isDynamicDim(0)) {
        Value size = arith::ConstantIndexOp::create(rewriter, loc,
                                                    resultType.getDimSize(0));
        Value matches = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::eq, count, size);
        cf::AssertOp::create(rewriter, loc, matches,
                             "linspace: num differs from the result's "
                             "size");
      }
    }
    if (resultType.isDynamicDim(0))
      sizes.push_back(count);
    Value empty =
        tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                elementType, sizes, resultType.getEncoding());
    AffineMap identity = rewriter.getMultiDimIdentityMap(1);
    rewriter.replaceOpWithNewOp<linalg::GenericOp>(
        op, TypeRange{resultType}, /*inputs=*/ValueRange(),
        /*outputs=*/ValueRange{empty}, ArrayRef<AffineMap>{identity},
        ArrayRef<utils::IteratorType>{utils::IteratorType::parallel},
        [&](OpBuilder &builder, Location bodyLoc, ValueRange) {
          Value index = linalg::IndexOp::create(builder, bodyLoc, 0);
          Value indexF = convertScalar(builder, bodyLoc, index, computeType);
          Value offset = arith::MulFOp::create(builder, bodyLoc, step, indexF);
          Value value = arith::AddFOp::create(builder, bodyLoc, startF, offset);
          linalg::YieldOp::create(
              builder, bodyLoc,
              convertScalar(builder, bodyLoc, value, elementType));
        });
    return success();
  }
};

/// cast_elemtype → element-wise linalg.generic with the arith cast; a no-op
/// cast forwards the input (or copies it when `copy` is set).
struct CastElemTypeLowering : OpConversionPattern<ndarray::CastElemTypeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ndarray::CastElemTypeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    if (inputType == resultType) {
      if (op.getCopy().value_or(false))
        rewriter.replaceOpWithNewOp<ndarray::CopyOp>(op, resultType, input);
      else
        rewriter.replaceOp(op, input);
      return success();
    }
    Type from = inputType.getElementType(), to = resultType.getElementType();
    if (!isScalarNumber(from) || !isScalarNumber(to))
      return rewriter.notifyMatchFailure(op, "unsupported element types");

    Value empty = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                          to, dynamicDims(rewriter, loc, input),
                                          resultType.getEncoding());
    int64_t rank = resultType.getRank();
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    rewriter.replaceOpWithNewOp<linalg::GenericOp>(
        op, TypeRange{resultType}, ValueRange{input}, ValueRange{empty},
        ArrayRef<AffineMap>{identity, identity},
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &builder, Location bodyLoc, ValueRange args) {
          linalg::YieldOp::create(builder, bodyLoc,
                                  convertScalar(builder, bodyLoc, args[0], to));
        });
    return success();
  }
};

/// A view or in-place update of a constant would write to read-only data:
/// give such ops a private copy of the constant to work on.
void copyConstantBases(Operation *root) {
  SmallVector<Value> bases;
  root->walk([&](Operation *op) {
    Value base;
    if (auto subview = dyn_cast<ndarray::SubviewOp>(op))
      base = subview.getSource();
    else if (auto insert = dyn_cast<ndarray::InsertSliceOp>(op))
      base = insert.getDestination();
    else
      return;
    Operation *producer = base.getDefiningOp();
    if (producer &&
        (producer->hasTrait<OpTrait::ConstantLike>() ||
         isa<memref::GetGlobalOp>(producer)) &&
        !llvm::is_contained(bases, base))
      bases.push_back(base);
  });

  IRRewriter rewriter(root->getContext());
  for (Value base : bases) {
    rewriter.setInsertionPointAfterValue(base);
    auto copy =
        ndarray::CopyOp::create(rewriter, base.getLoc(), base.getType(), base);
    rewriter.replaceAllUsesExcept(base, copy, copy);
  }
}

struct ConvertNDArrayToLinalgPass
    : imex::impl::ConvertNDArrayToLinalgBase<ConvertNDArrayToLinalgPass> {
  void runOnOperation() override {
    copyConstantBases(getOperation());

    ConversionTarget target(getContext());
    target.addLegalDialect<
        linalg::LinalgDialect, arith::ArithDialect, memref::MemRefDialect,
        tensor::TensorDialect, bufferization::BufferizationDialect,
        func::FuncDialect, region::RegionDialect, cf::ControlFlowDialect>();
    target.addIllegalDialect<ndarray::NDArrayDialect>();
    target.addLegalOp<ndarray::SubviewOp, ndarray::InsertSliceOp,
                      UnrealizedConversionCastOp>();

    RewritePatternSet patterns(&getContext());
    populateNDArrayToLinalgPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void imex::populateNDArrayToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<CopyLowering, DeleteLowering, ReshapeLowering, LinSpaceLowering,
               CastElemTypeLowering>(patterns.getContext());
}
