//===- BufferizableOpInterfaceImpl.cpp - gather/scatter bufferization -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// transfer_gather only reads its base and produces a vector, so it just
// switches to the base's buffer. transfer_scatter reads and writes its base
// (unwritten elements keep their value) and its tensor result is that very
// buffer afterwards, so it becomes the result-less memref form writing in
// place.
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/VectorExt/Transforms/BufferizableOpInterfaceImpl.h"
#include "imex/Dialect/VectorExt/IR/VectorExt.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace mlir::iree_compiler::IREE::VectorExt;

namespace {

/// Whether `operand` is the base of `op` (the only operand that can be a
/// tensor).
template <typename OpTy> bool isBase(Operation *op, OpOperand &operand) {
  return &operand == &cast<OpTy>(op).getBaseMutable();
}

struct TransferGatherOpInterface
    : BufferizableOpInterface::ExternalModel<TransferGatherOpInterface,
                                             TransferGatherOp> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &operand,
                              const AnalysisState &) const {
    return isBase<TransferGatherOp>(op, operand);
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *, OpOperand &,
                                      const AnalysisState &) const {
    return {};
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto gather = cast<TransferGatherOp>(op);
    FailureOr<Value> buffer =
        getBuffer(rewriter, gather.getBase(), options, state);
    if (failed(buffer))
      return failure();
    rewriter.modifyOpInPlace(gather,
                             [&] { gather.getBaseMutable().assign(*buffer); });
    return success();
  }
};

struct TransferScatterOpInterface
    : BufferizableOpInterface::ExternalModel<TransferScatterOpInterface,
                                             TransferScatterOp> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &operand,
                              const AnalysisState &) const {
    return isBase<TransferScatterOp>(op, operand);
  }
  bool bufferizesToMemoryWrite(Operation *op, OpOperand &operand,
                               const AnalysisState &) const {
    return isBase<TransferScatterOp>(op, operand);
  }
  AliasingValueList getAliasingValues(Operation *op, OpOperand &operand,
                                      const AnalysisState &) const {
    if (!isBase<TransferScatterOp>(op, operand))
      return {};
    return {{op->getResult(0), BufferRelation::Equivalent}};
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto scatter = cast<TransferScatterOp>(op);
    FailureOr<Value> buffer =
        getBuffer(rewriter, scatter.getBase(), options, state);
    if (failed(buffer))
      return failure();
    rewriter.setInsertionPoint(op);
    auto inPlace = TransferScatterOp::create(
        rewriter, op->getLoc(), /*result=*/Type(), *buffer, scatter.getVector(),
        scatter.getOffsets(), scatter.getIndexVecs(), scatter.getMask(),
        scatter.getIndexingMaps());
    inPlace->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    replaceOpWithBufferizedValues(rewriter, op, *buffer);
    return success();
  }
};

} // namespace

void mlir::iree_compiler::IREE::VectorExt::
    registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, IREEVectorExtDialect *) {
    TransferGatherOp::attachInterface<TransferGatherOpInterface>(*ctx);
    TransferScatterOp::attachInterface<TransferScatterOpInterface>(*ctx);
  });
}
