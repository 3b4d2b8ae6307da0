//===- BufferizableOpInterfaceImpl.cpp - ndarray bufferization models -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// subview is a guaranteed view: it becomes a memref.subview of the source
// buffer and aliases it without reading or writing. insert_slice updates its
// destination in place: the source is copied (a 0-d source broadcast) into a
// memref.subview of the destination buffer, which is also the result.
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/NDArray/Transforms/BufferizableOpInterfaceImpl.h"
#include "imex/Dialect/NDArray/IR/NDArray.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/IR/DstBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace imex::ndarray;

namespace {

/// The type of the memref.subview of a `sourceType` buffer taken with the
/// offsets, sizes and strides of `op`, rank-reduced to `reducedShape`. The
/// verifiers do not tie the tensor shapes to the sizes, so a dynamic size may
/// stand for a static dim and vice versa; fails when `reducedShape` cannot be
/// obtained by dropping unit sizes.
FailureOr<MemRefType> inferSliceType(OffsetSizeAndStrideOpInterface op,
                                     MemRefType sourceType,
                                     ArrayRef<int64_t> reducedShape) {
  ArrayRef<int64_t> sizes = op.getStaticSizes();
  std::optional<llvm::SmallDenseSet<unsigned>> dropped =
      computeRankReductionMask(sizes, reducedShape, /*matchDynamic=*/true);
  if (!dropped)
    return failure();
  SmallVector<int64_t> keptSizes;
  for (auto [dim, size] : llvm::enumerate(sizes))
    if (!dropped->contains(dim))
      keptSizes.push_back(size);
  return memref::SubViewOp::inferRankReducedResultType(
      keptSizes, sourceType, op.getMixedOffsets(), op.getMixedSizes(),
      op.getMixedStrides());
}

/// The memref.subview type for `op` on a `sourceType` buffer, and the type
/// of its result buffer: the same view with exactly the result tensor's
/// shape (reached with a memref.cast where the two differ).
FailureOr<std::pair<MemRefType, MemRefType>>
inferViewTypes(SubviewOp op, MemRefType sourceType) {
  ArrayRef<int64_t> resultShape = op.getType().getShape();
  FailureOr<MemRefType> sliceType = inferSliceType(op, sourceType, resultShape);
  if (failed(sliceType)) {
    op.emitError("result shape is not a rank reduction of the sizes");
    return failure();
  }
  MemRefType resultType = MemRefType::Builder(*sliceType).setShape(resultShape);
  return std::make_pair(*sliceType, resultType);
}

struct SubviewOpInterface
    : BufferizableOpInterface::ExternalModel<SubviewOpInterface, SubviewOp> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return false;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *op, OpOperand &,
                                      const AnalysisState &) const {
    return {{op->getResult(0), BufferRelation::Unknown}};
  }

  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    auto subview = cast<SubviewOp>(op);
    FailureOr<BufferLikeType> sourceType = bufferization::getBufferType(
        subview.getSource(), options, state, invocationStack);
    if (failed(sourceType))
      return failure();
    auto types = inferViewTypes(subview, cast<MemRefType>(*sourceType));
    if (failed(types))
      return failure();
    return cast<BufferLikeType>(types->second);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto subview = cast<SubviewOp>(op);
    FailureOr<Value> source =
        getBuffer(rewriter, subview.getSource(), options, state);
    if (failed(source))
      return failure();
    auto types = inferViewTypes(subview, cast<MemRefType>(source->getType()));
    if (failed(types))
      return failure();

    Location loc = op->getLoc();
    Value view = memref::SubViewOp::create(
        rewriter, loc, types->first, *source, subview.getMixedOffsets(),
        subview.getMixedSizes(), subview.getMixedStrides());
    if (types->first != types->second)
      view = memref::CastOp::create(rewriter, loc, types->second, view);
    replaceOpWithBufferizedValues(rewriter, op, view);
    return success();
  }
};

/// Fills `slice` with the single element of the 0-d buffer `scalar`.
void broadcastInto(RewriterBase &rewriter, Location loc, Value scalar,
                   Value slice) {
  unsigned rank = cast<MemRefType>(slice.getType()).getRank();
  SmallVector<AffineMap> maps = {
      AffineMap::get(rank, /*symbolCount=*/0, rewriter.getContext()),
      rewriter.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  linalg::GenericOp::create(
      rewriter, loc, ValueRange{scalar}, ValueRange{slice}, maps, iterators,
      [](OpBuilder &b, Location bodyLoc, ValueRange args) {
        linalg::YieldOp::create(b, bodyLoc, args.front());
      });
}

/// NumPy slice assignment: the destination array is updated in place and
/// every view of it sees the update. The analysis is therefore not told
/// about the write (it would otherwise give other readers of the array a
/// private copy, i.e. value semantics); only the source is read.
struct InsertSliceOpInterface
    : DstBufferizableOpInterfaceExternalModel<InsertSliceOpInterface,
                                              InsertSliceOp> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &opOperand,
                              const AnalysisState &) const {
    return &opOperand == &cast<InsertSliceOp>(op).getSourceMutable();
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  bool mustBufferizeInPlace(Operation *, OpOperand &,
                            const AnalysisState &) const {
    return true;
  }
  bool isNotConflicting(Operation *, OpOperand *, OpOperand *,
                        const AnalysisState &) const {
    return true;
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto insert = cast<InsertSliceOp>(op);
    RankedTensorType sourceType = insert.getSourceType();
    if (sourceType.getElementType() !=
        insert.getDestinationType().getElementType())
      return op->emitError("source and destination element types differ");

    FailureOr<Value> destination =
        getBuffer(rewriter, insert.getDestination(), options, state);
    if (failed(destination))
      return failure();
    FailureOr<Value> source =
        getBuffer(rewriter, insert.getSource(), options, state);
    if (failed(source))
      return failure();

    Location loc = op->getLoc();
    SmallVector<OpFoldResult> offsets = insert.getMixedOffsets();
    SmallVector<OpFoldResult> sizes = insert.getMixedSizes();
    SmallVector<OpFoldResult> strides = insert.getMixedStrides();
    if (sourceType.getRank() == 0) {
      Value slice = memref::SubViewOp::create(rewriter, loc, *destination,
                                              offsets, sizes, strides);
      broadcastInto(rewriter, loc, *source, slice);
    } else {
      FailureOr<MemRefType> sliceType =
          inferSliceType(insert, cast<MemRefType>(destination->getType()),
                         sourceType.getShape());
      if (failed(sliceType))
        return op->emitError(
            "source shape is not a rank reduction of the sizes");
      Value slice = memref::SubViewOp::create(
          rewriter, loc, *sliceType, *destination, offsets, sizes, strides);
      if (failed(options.createMemCpy(rewriter, loc, *source, slice)))
        return failure();
    }
    replaceOpWithBufferizedValues(rewriter, op, *destination);
    return success();
  }
};

} // namespace

void imex::ndarray::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, NDArrayDialect *) {
    // Bufferization creates ops of these dialects.
    ctx->loadDialect<linalg::LinalgDialect, memref::MemRefDialect>();
    SubviewOp::attachInterface<SubviewOpInterface>(*ctx);
    InsertSliceOp::attachInterface<InsertSliceOpInterface>(*ctx);
  });
}
