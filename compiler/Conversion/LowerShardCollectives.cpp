//===- LowerShardCollectives.cpp - all_slice and all_gather for MPI -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

namespace imex {
#define GEN_PASS_DEF_LOWERSHARDCOLLECTIVES
#include "Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// The process's index over `axes` of `grid`, row-major (the first axis
/// varies slowest), as convert-shard-to-mpi numbers processes.
Value linearIndex(OpBuilder &b, Location loc, shard::GridOp grid,
                  ArrayRef<int16_t> axes) {
  auto indices = shard::ProcessMultiIndexOp::create(b, loc, grid.getSymName(),
                                                    SmallVector<int16_t>(axes));
  Value linear = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto [axis, index] : llvm::zip(axes, indices.getResults())) {
    Value size = arith::ConstantIndexOp::create(b, loc, grid.getShape()[axis]);
    linear = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, linear, size), index);
  }
  return linear;
}

/// A communicator of the processes that differ only along `axes`: the
/// world when `axes` are the whole grid.
Value communicatorOver(OpBuilder &b, Location loc, shard::GridOp grid,
                       ArrayRef<int16_t> axes) {
  MLIRContext *ctx = b.getContext();
  Value world = mpi::CommWorldOp::create(b, loc, mpi::CommType::get(ctx));
  if (axes.size() == static_cast<size_t>(grid.getRank()))
    return world;
  SmallVector<int16_t> others;
  for (int16_t axis = 0; axis < grid.getRank(); ++axis)
    if (!llvm::is_contained(axes, axis))
      others.push_back(axis);
  auto toI32 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(b, loc, b.getI32Type(), index);
  };
  Value color = toI32(linearIndex(b, loc, grid, others));
  Value key = toI32(linearIndex(b, loc, grid, axes));
  return mpi::CommSplitOp::create(b, loc, mpi::RetvalType::get(ctx),
                                  mpi::CommType::get(ctx), world, color, key)
      .getNewcomm();
}

/// Offsets, sizes and strides of the part of `whole` that `part` is, at
/// `offset` along `axis`.
void partGeometry(OpBuilder &b, RankedTensorType part, int64_t axis,
                  Value offset, SmallVectorImpl<OpFoldResult> &offsets,
                  SmallVectorImpl<OpFoldResult> &sizes,
                  SmallVectorImpl<OpFoldResult> &strides) {
  for (int64_t dim = 0; dim < part.getRank(); ++dim) {
    offsets.push_back(dim == axis ? OpFoldResult(offset)
                                  : OpFoldResult(b.getIndexAttr(0)));
    sizes.push_back(b.getIndexAttr(part.getDimSize(dim)));
    strides.push_back(b.getIndexAttr(1));
  }
}

struct LowerShardCollectivesPass
    : imex::impl::LowerShardCollectivesBase<LowerShardCollectivesPass> {
  void runOnOperation() override {
    SymbolTableCollection symbols;
    SmallVector<Operation *> collectives;
    getOperation().walk([&](Operation *op) {
      if (isa<shard::AllSliceOp, shard::AllGatherOp>(op))
        collectives.push_back(op);
    });
    for (Operation *op : collectives) {
      LogicalResult lowered = TypeSwitch<Operation *, LogicalResult>(op)
                                  .Case([&](shard::AllSliceOp slice) {
                                    return lowerSlice(slice, symbols);
                                  })
                                  .Case([&](shard::AllGatherOp gather) {
                                    return lowerGather(gather, symbols);
                                  });
      if (failed(lowered))
        return signalPassFailure();
    }
  }

  /// The grid of `op` if it and the tensors are static; else an error.
  static FailureOr<shard::GridOp> checkStatic(Operation *op, StringRef gridName,
                                              Value input, Value result,
                                              SymbolTableCollection &symbols) {
    auto grid = symbols.lookupNearestSymbolFrom<shard::GridOp>(
        op, StringAttr::get(op->getContext(), gridName));
    if (!grid)
      return op->emitOpError("refers to no shard.grid @") << gridName;
    if (ShapedType::isDynamicShape(grid.getShape()))
      return op->emitOpError("on a grid of dynamic shape is not supported "
                             "yet: give shard.grid @")
             << gridName << " a static shape";
    auto inType = dyn_cast<RankedTensorType>(input.getType());
    auto outType = dyn_cast<RankedTensorType>(result.getType());
    if (!inType || !outType || !inType.hasStaticShape() ||
        !outType.hasStaticShape())
      return op->emitOpError("needs tensors of static shape");
    return grid;
  }

  LogicalResult lowerSlice(shard::AllSliceOp slice,
                           SymbolTableCollection &symbols) {
    FailureOr<shard::GridOp> grid = checkStatic(
        slice, slice.getGrid(), slice.getInput(), slice.getResult(), symbols);
    if (failed(grid))
      return failure();
    OpBuilder b(slice);
    Location loc = slice.getLoc();
    auto part = cast<RankedTensorType>(slice.getResult().getType());
    int64_t axis = slice.getSliceAxis().getSExtValue();
    Value offset = arith::MulIOp::create(
        b, loc, linearIndex(b, loc, *grid, slice.getGridAxes()),
        arith::ConstantIndexOp::create(b, loc, part.getDimSize(axis)));
    SmallVector<OpFoldResult> offsets, sizes, strides;
    partGeometry(b, part, axis, offset, offsets, sizes, strides);
    Value local = tensor::ExtractSliceOp::create(b, loc, part, slice.getInput(),
                                                 offsets, sizes, strides);
    slice.replaceAllUsesWith(local);
    slice.erase();
    return success();
  }

  LogicalResult lowerGather(shard::AllGatherOp gather,
                            SymbolTableCollection &symbols) {
    FailureOr<shard::GridOp> grid =
        checkStatic(gather, gather.getGrid(), gather.getInput(),
                    gather.getResult(), symbols);
    if (failed(grid))
      return failure();
    auto part = cast<RankedTensorType>(gather.getInput().getType());
    auto whole = cast<RankedTensorType>(gather.getResult().getType());
    Type element = whole.getElementType();
    if (!element.isIntOrIndexOrFloat() ||
        (!element.isIndex() && element.getIntOrFloatBitWidth() % 8 != 0))
      return gather.emitOpError("gathers ")
             << element << ", which has no whole-byte integer view";
    unsigned bits = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();

    OpBuilder b(gather);
    Location loc = gather.getLoc();
    int64_t axis = gather.getGatherAxis().getSExtValue();
    Value offset = arith::MulIOp::create(
        b, loc, linearIndex(b, loc, *grid, gather.getGridAxes()),
        arith::ConstantIndexOp::create(b, loc, part.getDimSize(axis)));

    // The part at its place in zeros.
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
    Value empty = tensor::EmptyOp::create(b, loc, whole.getShape(), element);
    Value zeros = linalg::FillOp::create(b, loc, zero, empty).getResult(0);
    SmallVector<OpFoldResult> offsets, sizes, strides;
    partGeometry(b, part, axis, offset, offsets, sizes, strides);
    Value placed = tensor::InsertSliceOp::create(
        b, loc, gather.getInput(), zeros, offsets, sizes, strides);

    // One buffer seen as elements and as integers of the same width.
    int64_t bytes = whole.getNumElements() * (bits / 8);
    Value raw = memref::AllocOp::create(
        b, loc, MemRefType::get({bytes}, b.getI8Type()));
    Value zeroIndex = arith::ConstantIndexOp::create(b, loc, 0);
    auto view = [&](ArrayRef<int64_t> shape, Type type) -> Value {
      return memref::ViewOp::create(b, loc, MemRefType::get(shape, type), raw,
                                    zeroIndex, ValueRange());
    };
    Value elements = view(whole.getShape(), element);
    // One dimension: the MPI lowering counts a buffer's elements by its
    // first dimension only (LLVM 22).
    Value integers = view({whole.getNumElements()}, b.getIntegerType(bits));
    bufferization::MaterializeInDestinationOp::create(b, loc, placed, elements)
        .setWritable(true);
    Value comm = communicatorOver(b, loc, *grid, gather.getGridAxes());
    mpi::AllReduceOp::create(
        b, loc, Type(), integers, integers,
        mpi::MPI_ReductionOpEnumAttr::get(b.getContext(),
                                          mpi::MPI_ReductionOpEnum::MPI_BOR),
        comm);
    Value result = bufferization::ToTensorOp::create(
        b, loc, whole, elements, /*restrict=*/true, /*writable=*/true);
    gather.replaceAllUsesWith(result);
    gather.erase();
    return success();
  }
};

} // namespace
