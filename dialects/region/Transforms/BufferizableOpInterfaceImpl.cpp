//===- BufferizableOpInterfaceImpl.cpp - region bufferization models ------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// env_region takes its tensor args as opaque annotations (read and written,
// never aliased); its results are the values its yield returns, so a result
// is equivalent to the matching yield operand.
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/Region/Transforms/BufferizableOpInterfaceImpl.h"
#include "imex/Dialect/Region/IR/Region.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace imex::region;

namespace {

EnvironmentRegionYieldOp getYield(EnvironmentRegionOp op) {
  return cast<EnvironmentRegionYieldOp>(op.getRegion().front().getTerminator());
}

struct EnvironmentRegionOpInterface
    : BufferizableOpInterface::ExternalModel<EnvironmentRegionOpInterface,
                                             EnvironmentRegionOp> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return true;
  }
  AliasingValueList getAliasingValues(Operation *, OpOperand &,
                                      const AnalysisState &) const {
    return {};
  }
  AliasingOpOperandList getAliasingOpOperands(Operation *op, Value value,
                                              const AnalysisState &) const {
    unsigned resultNum = cast<OpResult>(value).getResultNumber();
    return {{&getYield(cast<EnvironmentRegionOp>(op))->getOpOperand(resultNum),
             BufferRelation::Equivalent}};
  }
  bool isWritable(Operation *, Value, const AnalysisState &) const {
    // Results alias buffers yielded from inside the body; those are writable
    // whenever their defining op says so.
    return true;
  }

  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    unsigned resultNum = cast<OpResult>(value).getResultNumber();
    Value yielded =
        getYield(cast<EnvironmentRegionOp>(op)).getResults()[resultNum];
    if (auto bufferType = dyn_cast<BufferLikeType>(yielded.getType()))
      return bufferType;
    return bufferization::getBufferType(yielded, options, state,
                                        invocationStack);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto regionOp = cast<EnvironmentRegionOp>(op);

    SmallVector<Value> newArgs;
    for (Value arg : regionOp.getArgs()) {
      if (!isa<TensorType>(arg.getType())) {
        newArgs.push_back(arg);
        continue;
      }
      FailureOr<Value> buffer = getBuffer(rewriter, arg, options, state);
      if (failed(buffer))
        return failure();
      newArgs.push_back(*buffer);
    }

    SmallVector<Type> newResultTypes;
    for (Value result : regionOp.getResults()) {
      if (!isa<TensorType>(result.getType())) {
        newResultTypes.push_back(result.getType());
        continue;
      }
      FailureOr<BufferLikeType> bufferType =
          bufferization::getBufferType(result, options, state);
      if (failed(bufferType))
        return failure();
      newResultTypes.push_back(*bufferType);
    }

    rewriter.setInsertionPoint(op);
    auto newOp = EnvironmentRegionOp::create(rewriter, op->getLoc(),
                                             regionOp.getEnvironment(), newArgs,
                                             newResultTypes);
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.eraseBlock(&newOp.getRegion().front());
    rewriter.inlineRegionBefore(regionOp.getRegion(), newOp.getRegion(),
                                newOp.getRegion().end());
    replaceOpWithBufferizedValues(rewriter, op, newOp.getResults());
    return success();
  }
};

struct EnvironmentRegionYieldOpInterface
    : BufferizableOpInterface::ExternalModel<EnvironmentRegionYieldOpInterface,
                                             EnvironmentRegionYieldOp> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *op, OpOperand &opOperand,
                                      const AnalysisState &) const {
    return {{op->getParentOp()->getResult(opOperand.getOperandNumber()),
             BufferRelation::Equivalent}};
  }
  bool mustBufferizeInPlace(Operation *, OpOperand &,
                            const AnalysisState &) const {
    return true;
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    SmallVector<Value> newResults;
    for (Value value : op->getOperands()) {
      if (!isa<TensorType>(value.getType())) {
        newResults.push_back(value);
        continue;
      }
      FailureOr<Value> buffer = getBuffer(rewriter, value, options, state);
      if (failed(buffer))
        return failure();
      newResults.push_back(*buffer);
    }
    replaceOpWithNewBufferizedOp<EnvironmentRegionYieldOp>(rewriter, op,
                                                           newResults);
    return success();
  }
};

} // namespace

void imex::region::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, RegionDialect *) {
    EnvironmentRegionOp::attachInterface<EnvironmentRegionOpInterface>(*ctx);
    EnvironmentRegionYieldOp::attachInterface<
        EnvironmentRegionYieldOpInterface>(*ctx);
  });
}
