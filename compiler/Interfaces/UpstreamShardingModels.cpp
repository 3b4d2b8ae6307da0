//===- UpstreamShardingModels.cpp - sharding models of tensor ops
//-----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Interfaces/UpstreamShardingModels.h"
#include "imex/Support/Shardings.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::shard;

namespace {

/// Partitions `op` as every process running it unchanged, on the
/// partitioned values of its operands (`builder.clone` maps its results).
LogicalResult runAsIs(Operation *op, IRMapping &partitionMap,
                      OpBuilder &builder) {
  builder.clone(*op, partitionMap);
  return success();
}

/// The option of an op without loops on a tensor: on the grid of its first
/// operand's sharding, none if the operand has none yet.
ShardingOption onOperandGrid(ArrayRef<Sharding> operandShardings) {
  if (operandShardings.empty() || !operandShardings[0])
    return ShardingOption::makeEmpty();
  return ShardingOption({}, operandShardings[0].getGridAttr());
}

struct DimShardingModel
    : ShardingInterface::ExternalModel<DimShardingModel, tensor::DimOp> {
  /// No loops and no preference: the operand keeps its sharding (the one
  /// annotated for this use), the index result has none.
  FailureOr<ShardingOption>
  getShardingOption(Operation *, ArrayRef<Sharding> operandShardings,
                    ArrayRef<Sharding>) const {
    return onOperandGrid(operandShardings);
  }

  FailureOr<std::vector<Sharding>>
  getShardingAnnotations(Operation *op, const ShardingOption &) const {
    FailureOr<std::pair<bool, Sharding>> current =
        getSharding(op->getOpOperand(0));
    if (failed(current))
      return failure();
    return std::vector<Sharding>{current->second, Sharding(), Sharding()};
  }

  LogicalResult addShardingAnnotations(Operation *, OpBuilder &,
                                       const ShardingOption &) const {
    return success();
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding> operandShardings,
                          ArrayRef<Sharding>, IRMapping &partitionMap,
                          SymbolTableCollection &, OpBuilder &builder) const {
    auto dimOp = cast<tensor::DimOp>(op);
    Location loc = op->getLoc();
    auto local = tensor::DimOp::create(builder, loc, partitionedOperands[0],
                                       partitionedOperands[1]);
    const Sharding &sharding = operandShardings[0];
    std::optional<int64_t> dim = dimOp.getConstantIndex();
    if (!sharding || !sharding.getGridAttr()) {
      partitionMap.map(dimOp.getResult(), local.getResult());
      return success();
    }
    if (!dim)
      return op->emitOpError("of a sharded tensor needs a constant dimension");
    ArrayRef<GridAxesAttr> splits = sharding.getSplitAxes();
    if (static_cast<size_t>(*dim) >= splits.size() || splits[*dim].empty()) {
      partitionMap.map(dimOp.getResult(), local.getResult());
      return success();
    }
    if (!sharding.getStaticHaloSizes().empty() ||
        !sharding.getDynamicHaloSizes().empty())
      return op->emitOpError("of a tensor with halos is not supported");
    // The global size: the local sizes summed over the split's processes.
    Value size = arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                            local.getResult());
    Value sizes = tensor::FromElementsOp::create(
        builder, loc, RankedTensorType::get({1}, builder.getI64Type()), size);
    Value sum = AllReduceOp::create(
        builder, loc, sizes.getType(), sharding.getGridAttr().getValue(),
        splits[*dim].asArrayRef(), sizes, ReductionKind::Sum);
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value global = tensor::ExtractOp::create(builder, loc, sum, zero);
    partitionMap.map(
        dimOp.getResult(),
        arith::IndexCastOp::create(builder, loc, builder.getIndexType(), global)
            .getResult());
    return success();
  }
};

/// tensor.extract reads an element that every process must have: its
/// tensor is made whole first (a partial reduction's result all-reduced, a
/// split array gathered), then every process reads it.
struct ExtractShardingModel
    : ShardingInterface::ExternalModel<ExtractShardingModel,
                                       tensor::ExtractOp> {
  FailureOr<ShardingOption>
  getShardingOption(Operation *, ArrayRef<Sharding> operandShardings,
                    ArrayRef<Sharding>) const {
    return onOperandGrid(operandShardings);
  }

  FailureOr<std::vector<Sharding>>
  getShardingAnnotations(Operation *op, const ShardingOption &option) const {
    std::vector<Sharding> shardings(op->getNumOperands() + 1);
    shardings[0] = replicated(option);
    return shardings;
  }

  LogicalResult addShardingAnnotations(Operation *op, OpBuilder &b,
                                       const ShardingOption &option) const {
    if (Sharding whole = replicated(option))
      maybeInsertSourceShardingAnnotation(whole, op->getOpOperand(0), b);
    return success();
  }

  LogicalResult partition(Operation *op, ArrayRef<Value>, ArrayRef<Sharding>,
                          ArrayRef<Sharding>, IRMapping &partitionMap,
                          SymbolTableCollection &, OpBuilder &builder) const {
    return runAsIs(op, partitionMap, builder);
  }

  static Sharding replicated(const ShardingOption &option) {
    if (option.empty || !option.grid)
      return Sharding();
    return imex::replicatedSharding(option.grid);
  }
};

/// tensor.empty: one parallel loop per dimension, the result indexed by
/// them; only the result is annotated.
struct EmptyShardingModel
    : ShardingInterface::ExternalModel<EmptyShardingModel, tensor::EmptyOp> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    return SmallVector<utils::IteratorType>(type.getRank(),
                                            utils::IteratorType::parallel);
  }

  /// One map per operand and result (the interface's verifier wants them
  /// all): the sizes are scalars, the result is indexed by the loops.
  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    MLIRContext *ctx = op->getContext();
    SmallVector<AffineMap> maps(op->getNumOperands(),
                                AffineMap::get(type.getRank(), 0, ctx));
    maps.push_back(AffineMap::getMultiDimIdentityMap(type.getRank(), ctx));
    return maps;
  }

  FailureOr<std::vector<Sharding>>
  getShardingAnnotations(Operation *op, const ShardingOption &option) const {
    std::vector<Sharding> shardings(op->getNumOperands(), Sharding());
    shardings.push_back(resultSharding(op, option));
    return shardings;
  }

  LogicalResult addShardingAnnotations(Operation *op, OpBuilder &b,
                                       const ShardingOption &option) const {
    maybeInsertTargetShardingAnnotation(resultSharding(op, option),
                                        op->getResult(0), b);
    return success();
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding>,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbols,
                          OpBuilder &builder) const {
    auto empty = cast<tensor::EmptyOp>(op);
    const Sharding &sharding = resultShardings[0];
    if (!sharding)
      return runAsIs(op, partitionMap, builder);
    GridOp grid = getGrid(op, sharding.getGridAttr(), symbols);
    if (!grid)
      return op->emitOpError("refers to no shard.grid");
    auto localType =
        cast<RankedTensorType>(shardType(empty.getType(), grid, sharding));
    Location loc = op->getLoc();
    // The global sizes, and where a split dimension's local size is
    // dynamic (a dynamic global size, a grid of dynamic shape, uneven
    // offsets), this process's part of it.
    RankedTensorType globalType = empty.getType();
    SmallVector<Value> globalSizes(globalType.getRank());
    ArrayRef<Value> dynamicGlobal = partitionedOperands;
    for (int64_t dim = 0; dim < globalType.getRank(); ++dim)
      if (globalType.isDynamicDim(dim)) {
        globalSizes[dim] = dynamicGlobal.front();
        dynamicGlobal = dynamicGlobal.drop_front();
      }
    ArrayRef<GridAxesAttr> splits = sharding.getSplitAxes();
    auto isSplit = [&](int64_t dim) {
      return static_cast<size_t>(dim) < splits.size() && !splits[dim].empty();
    };
    ValueRange localSizes;
    if (llvm::any_of(llvm::seq<int64_t>(0, globalType.getRank()),
                     [&](int64_t dim) {
                       return localType.isDynamicDim(dim) && isSplit(dim);
                     })) {
      Value shardingValue = ShardingOp::create(builder, loc, sharding);
      auto device = ProcessMultiIndexOp::create(builder, loc, grid);
      localSizes = ShardShapeOp::create(builder, loc, globalType.getShape(),
                                        partitionedOperands, shardingValue,
                                        device.getResults())
                       .getResult();
    }
    SmallVector<Value> dynamicSizes;
    for (int64_t dim = 0; dim < localType.getRank(); ++dim)
      if (localType.isDynamicDim(dim))
        dynamicSizes.push_back(isSplit(dim) ? localSizes[dim]
                                            : globalSizes[dim]);
    auto local =
        tensor::EmptyOp::create(builder, loc, localType.getShape(),
                                localType.getElementType(), dynamicSizes);
    partitionMap.map(empty.getResult(), local.getResult());
    return success();
  }

  /// The result's sharding: the loops' split axes, per dimension.
  static Sharding resultSharding(Operation *op, const ShardingOption &option) {
    if (option.empty || !option.grid)
      return Sharding();
    SmallVector<GridAxesAttr> axes;
    for (ArrayRef<GridAxis> loopAxes : option.shardingArray)
      axes.push_back(GridAxesAttr::get(op->getContext(), loopAxes));
    // A 0-d tensor is replicated.
    if (axes.empty())
      return imex::replicatedSharding(option.grid);
    return Sharding::get(option.grid, axes);
  }
};

/// An op on scalars only: no loops, nothing to annotate, and every process
/// runs it as it is.
template <typename OpTy>
struct ScalarShardingModel
    : ShardingInterface::ExternalModel<ScalarShardingModel<OpTy>, OpTy> {
  /// An empty map per operand and result (the interface's verifier wants
  /// them all).
  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    return SmallVector<AffineMap>(op->getNumOperands() + op->getNumResults(),
                                  AffineMap::get(op->getContext()));
  }

  /// On scalars, nothing to decide; on tensors (arith ops can be
  /// elementwise on them) no model.
  FailureOr<ShardingOption> getShardingOption(Operation *op, ArrayRef<Sharding>,
                                              ArrayRef<Sharding>) const {
    auto isShaped = [](Type type) { return isa<ShapedType>(type); };
    if (llvm::any_of(op->getOperandTypes(), isShaped) ||
        llvm::any_of(op->getResultTypes(), isShaped))
      return op->emitOpError("on tensors has no sharding model (write it as "
                             "a linalg op)");
    return ShardingOption::makeEmpty();
  }

  FailureOr<std::vector<Sharding>>
  getShardingAnnotations(Operation *op, const ShardingOption &) const {
    return std::vector<Sharding>(op->getNumOperands() + op->getNumResults());
  }

  LogicalResult addShardingAnnotations(Operation *, OpBuilder &,
                                       const ShardingOption &) const {
    return success();
  }

  LogicalResult partition(Operation *op, ArrayRef<Value>, ArrayRef<Sharding>,
                          ArrayRef<Sharding>, IRMapping &partitionMap,
                          SymbolTableCollection &, OpBuilder &builder) const {
    return runAsIs(op, partitionMap, builder);
  }
};

} // namespace

void imex::registerUpstreamShardingExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tensor::TensorDialect *) {
    ctx->loadDialect<arith::ArithDialect, ShardDialect>();
    tensor::DimOp::attachInterface<DimShardingModel>(*ctx);
    tensor::EmptyOp::attachInterface<EmptyShardingModel>(*ctx);
    tensor::ExtractOp::attachInterface<ExtractShardingModel>(*ctx);
  });
}

template <typename... Ops> static void attachScalarModels(MLIRContext *ctx) {
  (Ops::template attachInterface<ScalarShardingModel<Ops>>(*ctx), ...);
}

void imex::registerScalarShardingExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
    attachScalarModels<
#define GET_OP_LIST
#include "mlir/Dialect/Arith/IR/ArithOps.cpp.inc"
        >(ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, math::MathDialect *) {
    attachScalarModels<
#define GET_OP_LIST
#include "mlir/Dialect/Math/IR/MathOps.cpp.inc"
        >(ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, index::IndexDialect *) {
    attachScalarModels<
#define GET_OP_LIST
#include "mlir/Dialect/Index/IR/IndexOps.cpp.inc"
        >(ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, cf::ControlFlowDialect *) {
    attachScalarModels<cf::AssertOp>(ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, ShardDialect *) {
    attachScalarModels<ProcessLinearIndexOp, ProcessMultiIndexOp, GridShapeOp>(
        ctx);
  });
}
