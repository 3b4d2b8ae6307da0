//===- LowerShardCollectives.cpp - all_slice and all_gather for MPI -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "MPIHelpers.h"
#include "imex/Conversion/Passes.h"
#include "imex/Support/Shardings.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

namespace imex {
#define GEN_PASS_DEF_LOWERSHARDCOLLECTIVES
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// The argument attribute of whole-arrays-on-root.
constexpr llvm::StringLiteral kWholeOnRoot = "imexc.whole_on_root";

bool isDynamic(shard::GridOp grid) {
  return ShapedType::isDynamicShape(grid.getShape());
}

Value indexOf(OpBuilder &b, Location loc, Value i32) {
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), i32);
}

/// The process's index over `axes` of `grid`, row-major (the first axis
/// varies slowest), as convert-shard-to-mpi numbers processes. A grid of
/// dynamic shape is one axis over all processes: the index is the rank.
Value linearIndex(OpBuilder &b, Location loc, shard::GridOp grid,
                  ArrayRef<int16_t> axes) {
  if (isDynamic(grid))
    return indexOf(b, loc, imex::buildWorldRank(b, loc));
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

/// The number of processes, counted once per function (a collective) at
/// its entry; `counts` keeps each function's.
Value processCount(Operation *at, DenseMap<Operation *, Value> &counts) {
  Operation *function = at->getParentOfType<FunctionOpInterface>();
  Value &count = counts[function];
  if (!count) {
    OpBuilder b(function->getContext());
    b.setInsertionPointToStart(&function->getRegion(0).front());
    Location loc = function->getLoc();
    count = indexOf(b, loc, imex::buildProcessCount(b, loc));
  }
  return count;
}

/// How many processes `axes` of `grid` span; `at` is where the number is
/// needed.
Value processesAlong(OpBuilder &b, Location loc, shard::GridOp grid,
                     ArrayRef<int16_t> axes, Operation *at,
                     DenseMap<Operation *, Value> &counts) {
  if (isDynamic(grid))
    return processCount(at, counts);
  int64_t count = 1;
  for (int16_t axis : axes)
    count *= grid.getShape()[axis];
  return arith::ConstantIndexOp::create(b, loc, count);
}

/// Part `index` of `size` elements split over `parts` processes: its size
/// and offset. The first size % parts parts have one element more, so any
/// size splits (evenly when parts divides it).
std::pair<Value, Value> blockOf(OpBuilder &b, Location loc, Value size,
                                Value parts, Value index) {
  Value quotient = arith::DivUIOp::create(b, loc, size, parts);
  Value remainder = arith::RemUIOp::create(b, loc, size, parts);
  Value extra = arith::SelectOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, index,
                            remainder),
      arith::ConstantIndexOp::create(b, loc, 1),
      arith::ConstantIndexOp::create(b, loc, 0));
  Value local = arith::AddIOp::create(b, loc, quotient, extra);
  Value offset = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, index, quotient),
      arith::MinUIOp::create(b, loc, index, remainder));
  return {local, offset};
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

/// The sizes of `tensor`'s dimensions, constants where static.
SmallVector<Value> sizesOf(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    sizes.push_back(
        type.isDynamicDim(dim)
            ? tensor::DimOp::create(b, loc, tensor, dim).getResult()
            : arith::ConstantIndexOp::create(b, loc, type.getDimSize(dim))
                  .getResult());
  return sizes;
}

/// The dynamic entries of `sizes` for a value of shape `shape`.
SmallVector<Value> dynamicOf(ArrayRef<int64_t> shape, ArrayRef<Value> sizes) {
  SmallVector<Value> dynamic;
  for (auto [extent, size] : llvm::zip(shape, sizes))
    if (ShapedType::isDynamic(extent))
      dynamic.push_back(size);
  return dynamic;
}

/// A buffer of `shape` (`sizes`) elements of `element`, seen both as those
/// elements and as one dimension of integers of the same width: the MPI
/// lowering counts a buffer's elements by its first dimension only (LLVM
/// 22), and bitwise combining needs integers.
struct TwoViews {
  Value elements, flat;
};
TwoViews allocateTwoViews(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                          ArrayRef<Value> sizes, Type element, Type flatType) {
  uint64_t bytes = imex::getElementBytes(element);
  Value count = arith::ConstantIndexOp::create(b, loc, 1);
  for (Value size : sizes)
    count = arith::MulIOp::create(b, loc, count, size);
  Value byteCount = arith::MulIOp::create(
      b, loc, count, arith::ConstantIndexOp::create(b, loc, bytes));
  Value raw = memref::AllocOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI8Type()),
      ValueRange{byteCount});
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value elements =
      memref::ViewOp::create(b, loc, MemRefType::get(shape, element), raw, zero,
                             dynamicOf(shape, sizes));
  Value flat = memref::ViewOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, flatType), raw, zero,
      ValueRange{count});
  return {elements, flat};
}

/// The bits of an element type that bitwise combining can copy: whole
/// bytes (of integers, floats or indices), or none.
std::optional<unsigned> wholeByteBits(Type element) {
  if (element.isIndex())
    return 64;
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
    return std::nullopt;
  return element.getIntOrFloatBitWidth();
}

/// `mine` (of `type`, `sizes`) or-ed over its bits with every process's
/// over `comm`: where each process has zeros but in its own part, every
/// process gets all parts, exactly (one MPI_Allreduce with MPI_BOR).
Value orOverProcesses(OpBuilder &b, Location loc, Value mine,
                      RankedTensorType type, ArrayRef<Value> sizes,
                      unsigned bits, Value comm) {
  TwoViews buffer =
      allocateTwoViews(b, loc, type.getShape(), sizes, type.getElementType(),
                       b.getIntegerType(bits));
  bufferization::MaterializeInDestinationOp::create(b, loc, mine,
                                                    buffer.elements)
      .setWritable(true);
  mpi::AllReduceOp::create(
      b, loc, Type(), buffer.flat, buffer.flat,
      mpi::MPI_ReductionOpEnumAttr::get(b.getContext(),
                                        mpi::MPI_ReductionOpEnum::MPI_BOR),
      comm);
  return bufferization::ToTensorOp::create(b, loc, type, buffer.elements,
                                           /*restrict=*/true,
                                           /*writable=*/true);
}

std::optional<mpi::MPI_ReductionOpEnum>
mpiReduction(shard::ReductionKind kind) {
  using Kind = shard::ReductionKind;
  using Op = mpi::MPI_ReductionOpEnum;
  switch (kind) {
  case Kind::Sum:
    return Op::MPI_SUM;
  case Kind::Max:
    return Op::MPI_MAX;
  case Kind::Min:
    return Op::MPI_MIN;
  case Kind::Product:
    return Op::MPI_PROD;
  case Kind::BitwiseAnd:
    return Op::MPI_BAND;
  case Kind::BitwiseOr:
    return Op::MPI_BOR;
  case Kind::BitwiseXor:
    return Op::MPI_BXOR;
  default:
    return std::nullopt;
  }
}

/// Offsets, sizes and strides of a part at `offset` along `axis`.
void partGeometry(OpBuilder &b, ArrayRef<Value> partSizes, int64_t axis,
                  Value offset, SmallVectorImpl<OpFoldResult> &offsets,
                  SmallVectorImpl<OpFoldResult> &sizes,
                  SmallVectorImpl<OpFoldResult> &strides) {
  for (auto [dim, size] : llvm::enumerate(partSizes)) {
    offsets.push_back(int64_t(dim) == axis ? OpFoldResult(offset)
                                           : OpFoldResult(b.getIndexAttr(0)));
    sizes.push_back(getAsOpFoldResult(size));
    strides.push_back(b.getIndexAttr(1));
  }
}

struct LowerShardCollectivesPass
    : imex::impl::LowerShardCollectivesBase<LowerShardCollectivesPass> {
  /// Each function's number of processes (see processCount).
  DenseMap<Operation *, Value> counts;

  void runOnOperation() override {
    counts.clear();
    WalkResult broadcast = getOperation().walk([&](FunctionOpInterface func) {
      if (func.isExternal())
        return WalkResult::advance();
      for (BlockArgument arg : func.getArguments())
        if (func.removeArgAttr(arg.getArgNumber(), kWholeOnRoot) &&
            failed(broadcastFromRoot(func, arg)))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (broadcast.wasInterrupted())
      return signalPassFailure();
    SymbolTableCollection symbols;
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<shard::AllSliceOp, shard::AllGatherOp, shard::AllReduceOp,
              shard::ProcessMultiIndexOp, shard::ProcessLinearIndexOp,
              shard::GridShapeOp, shard::ShardShapeOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      if (lowerWithoutAxes(op))
        continue;
      FailureOr<shard::GridOp> grid = gridOf(op, symbols);
      if (failed(grid))
        return signalPassFailure();
      // Upstream lowers these on grids of static shape.
      if (!isDynamic(*grid) && !isa<shard::AllSliceOp, shard::AllGatherOp>(op))
        continue;
      if (isDynamic(*grid) && grid->getRank() != 1) {
        op->emitOpError("on a grid of dynamic shape with ")
            << grid->getRank()
            << " axes: only one axis can take its size from the number of "
               "processes";
        return signalPassFailure();
      }
      OpBuilder b(op);
      LogicalResult lowered =
          TypeSwitch<Operation *, LogicalResult>(op)
              .Case([&](shard::AllSliceOp slice) {
                return lowerSlice(b, slice, *grid);
              })
              .Case([&](shard::AllGatherOp gather) {
                return lowerGather(b, gather, *grid);
              })
              .Case([&](shard::AllReduceOp reduce) {
                return lowerReduce(b, reduce);
              })
              .Case<shard::ProcessMultiIndexOp, shard::ProcessLinearIndexOp>(
                  [&](Operation *index) {
                    index->replaceAllUsesWith(ValueRange{
                        linearIndex(b, index->getLoc(), *grid, {0})});
                    index->erase();
                    return success();
                  })
              .Case([&](shard::GridShapeOp shape) {
                shape->replaceAllUsesWith(ValueRange{processesAlong(
                    b, shape.getLoc(), *grid, {0}, shape, counts)});
                shape.erase();
                return success();
              })
              .Case([&](shard::ShardShapeOp shape) {
                return lowerShardShape(b, shape, *grid);
              });
      if (failed(lowered))
        return signalPassFailure();
    }
  }

  /// A collective over no grid axes has every process on its own: it is
  /// its input (as upstream canonicalization folds it). True if `op` was
  /// one and is gone.
  static bool lowerWithoutAxes(Operation *op) {
    auto axesOf = [](Operation *op) -> std::optional<ArrayRef<int16_t>> {
      return TypeSwitch<Operation *, std::optional<ArrayRef<int16_t>>>(op)
          .Case<shard::AllSliceOp, shard::AllGatherOp, shard::AllReduceOp>(
              [](auto collective) { return collective.getGridAxes(); })
          .Default([](Operation *) { return std::nullopt; });
    };
    std::optional<ArrayRef<int16_t>> axes = axesOf(op);
    if (!axes || !axes->empty())
      return false;
    Value input = op->getOperand(0);
    Type type = op->getResult(0).getType();
    if (input.getType() != type) {
      if (!tensor::CastOp::areCastCompatible(input.getType(), type))
        return false;
      OpBuilder b(op);
      input = tensor::CastOp::create(b, op->getLoc(), type, input);
    }
    op->getResult(0).replaceAllUsesWith(input);
    op->erase();
    return true;
  }

  /// Gives every process rank 0's `arg` (an array whole on rank 0 only):
  /// its sizes summed over the processes (the others count 0), then its
  /// elements, or-ed over their bits into zeros as for a gather.
  LogicalResult broadcastFromRoot(FunctionOpInterface func, BlockArgument arg) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type)
      return emitError(arg.getLoc(), "imexc.whole_on_root on a non-tensor");
    Type element = type.getElementType();
    std::optional<unsigned> bits = wholeByteBits(element);
    if (!bits)
      return emitError(arg.getLoc(), "cannot broadcast arrays of ")
             << element << ", which has no whole-byte integer view";
    SmallVector<OpOperand *> uses =
        llvm::map_to_vector(arg.getUses(), [](OpOperand &use) { return &use; });
    OpBuilder b(func->getContext());
    b.setInsertionPointToStart(&func.getFunctionBody().front());
    Location loc = arg.getLoc();
    Value rank = imex::buildWorldRank(b, loc);
    Value isRoot =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rank,
                              arith::ConstantIntOp::create(b, loc, 0, 32));
    SmallVector<Value> sizes = sizesOf(b, loc, arg);
    Value zeroIndex = arith::ConstantIndexOp::create(b, loc, 0);
    for (auto [dim, size] : llvm::enumerate(sizes)) {
      if (!type.isDynamicDim(dim))
        continue;
      Value mine = arith::SelectOp::create(b, loc, isRoot, size, zeroIndex);
      size = indexOf(
          b, loc,
          imex::buildSumOverProcesses(
              b, loc,
              arith::IndexCastOp::create(b, loc, b.getI64Type(), mine)));
    }
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
    Value empty = tensor::EmptyOp::create(b, loc, type.getShape(), element,
                                          dynamicOf(type.getShape(), sizes));
    Value zeros = linalg::FillOp::create(b, loc, zero, empty).getResult(0);
    Value mine = arith::SelectOp::create(b, loc, isRoot, arg, zeros);
    Value world =
        mpi::CommWorldOp::create(b, loc, mpi::CommType::get(b.getContext()));
    Value whole = orOverProcesses(b, loc, mine, type, sizes, *bits, world);
    for (OpOperand *use : uses)
      use->set(whole);
    return success();
  }

  /// The grid `op` works on.
  static FailureOr<shard::GridOp> gridOf(Operation *op,
                                         SymbolTableCollection &symbols) {
    StringRef name;
    if (auto shape = dyn_cast<shard::ShardShapeOp>(op)) {
      auto sharding = shape.getSharding().getDefiningOp<shard::ShardingOp>();
      if (!sharding)
        return op->emitOpError("needs its sharding from a shard.sharding op");
      name = sharding.getGrid();
    } else {
      name = op->getAttrOfType<FlatSymbolRefAttr>("grid").getValue();
    }
    auto grid = symbols.lookupNearestSymbolFrom<shard::GridOp>(
        op, StringAttr::get(op->getContext(), name));
    if (!grid)
      return op->emitOpError("refers to no shard.grid @") << name;
    return grid;
  }

  LogicalResult lowerSlice(OpBuilder &b, shard::AllSliceOp slice,
                           shard::GridOp grid) {
    Location loc = slice.getLoc();
    auto partType = cast<RankedTensorType>(slice.getResult().getType());
    int64_t axis = slice.getSliceAxis().getSExtValue();
    SmallVector<Value> sizes = sizesOf(b, loc, slice.getInput());
    auto [local, offset] = blockOf(
        b, loc, sizes[axis],
        processesAlong(b, loc, grid, slice.getGridAxes(), slice, counts),
        linearIndex(b, loc, grid, slice.getGridAxes()));
    sizes[axis] =
        partType.isDynamicDim(axis)
            ? local
            : arith::ConstantIndexOp::create(b, loc, partType.getDimSize(axis));
    SmallVector<OpFoldResult> offsets, partSizes, strides;
    partGeometry(b, sizes, axis, offset, offsets, partSizes, strides);
    Value part = tensor::ExtractSliceOp::create(
        b, loc, partType, slice.getInput(), offsets, partSizes, strides);
    slice.replaceAllUsesWith(part);
    slice.erase();
    return success();
  }

  LogicalResult lowerGather(OpBuilder &b, shard::AllGatherOp gather,
                            shard::GridOp grid) {
    auto whole = cast<RankedTensorType>(gather.getResult().getType());
    Type element = whole.getElementType();
    std::optional<unsigned> bits = wholeByteBits(element);
    if (!bits)
      return gather.emitOpError("gathers ")
             << element << ", which has no whole-byte integer view";
    Location loc = gather.getLoc();
    int64_t axis = gather.getGatherAxis().getSExtValue();
    SmallVector<Value> partSizes = sizesOf(b, loc, gather.getInput());
    // The whole extent: the result's, or the parts' sizes summed. Each
    // part goes at its block's offset or, where the parts are not blocks,
    // after the parts before it (which costs a size from every process).
    // Both over the processes along the gather's axes (the whole grid's
    // would include the parts of other rows of a 2-D grid).
    SmallVector<Value> wholeSizes = partSizes;
    Value comm, offset;
    auto processes = [&] {
      return processesAlong(b, loc, grid, gather.getGridAxes(), gather, counts);
    };
    auto index = [&] {
      return linearIndex(b, loc, grid, gather.getGridAxes());
    };
    if (gather->hasAttr(imex::kPartsNotBlocksAttr)) {
      comm = communicatorOver(b, loc, grid, gather.getGridAxes());
      imex::PartPlacement placement = imex::buildPartPlacement(
          b, loc, partSizes[axis], index(), processes(), comm);
      wholeSizes[axis] = placement.total;
      offset = placement.offset;
    } else if (whole.isDynamicDim(axis)) {
      comm = communicatorOver(b, loc, grid, gather.getGridAxes());
      Value sum = imex::buildSumOverProcesses(
          b, loc,
          arith::IndexCastOp::create(b, loc, b.getI64Type(), partSizes[axis]),
          comm);
      wholeSizes[axis] = indexOf(b, loc, sum);
    }
    // (A static whole is the parts' total: the constant serves later folds.)
    if (!whole.isDynamicDim(axis))
      wholeSizes[axis] =
          arith::ConstantIndexOp::create(b, loc, whole.getDimSize(axis));
    if (!offset)
      offset = blockOf(b, loc, wholeSizes[axis], processes(), index()).second;

    // The part at its place in zeros.
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
    Value empty =
        tensor::EmptyOp::create(b, loc, whole.getShape(), element,
                                dynamicOf(whole.getShape(), wholeSizes));
    Value zeros = linalg::FillOp::create(b, loc, zero, empty).getResult(0);
    SmallVector<OpFoldResult> offsets, sizes, strides;
    partGeometry(b, partSizes, axis, offset, offsets, sizes, strides);
    Value placed = tensor::InsertSliceOp::create(
        b, loc, gather.getInput(), zeros, offsets, sizes, strides);

    if (!comm)
      comm = communicatorOver(b, loc, grid, gather.getGridAxes());
    Value result =
        orOverProcesses(b, loc, placed, whole, wholeSizes, *bits, comm);
    gather.replaceAllUsesWith(result);
    gather.erase();
    return success();
  }

  /// An all_reduce on a grid of dynamic shape (all processes): one
  /// MPI_Allreduce over a copy of the tensor.
  LogicalResult lowerReduce(OpBuilder &b, shard::AllReduceOp reduce) {
    std::optional<mpi::MPI_ReductionOpEnum> op =
        mpiReduction(reduce.getReduction());
    auto type = cast<RankedTensorType>(reduce.getResult().getType());
    if (!op)
      return reduce.emitOpError("has no MPI reduction for ")
             << stringifyReductionKind(reduce.getReduction());
    if (type.getElementType() !=
            cast<RankedTensorType>(reduce.getInput().getType())
                .getElementType() ||
        !type.getElementType().isIntOrIndexOrFloat())
      return reduce.emitOpError("needs the same integer or float elements "
                                "in and out");
    Location loc = reduce.getLoc();
    SmallVector<Value> sizes = sizesOf(b, loc, reduce.getInput());
    TwoViews buffer =
        allocateTwoViews(b, loc, type.getShape(), sizes, type.getElementType(),
                         type.getElementType());
    bufferization::MaterializeInDestinationOp::create(b, loc, reduce.getInput(),
                                                      buffer.elements)
        .setWritable(true);
    Value world =
        mpi::CommWorldOp::create(b, loc, mpi::CommType::get(b.getContext()));
    mpi::AllReduceOp::create(
        b, loc, Type(), buffer.flat, buffer.flat,
        mpi::MPI_ReductionOpEnumAttr::get(b.getContext(), *op), world);
    Value result = bufferization::ToTensorOp::create(
        b, loc, type, buffer.elements, /*restrict=*/true, /*writable=*/true);
    reduce.replaceAllUsesWith(result);
    reduce.erase();
    return success();
  }

  /// The local shape of a tensor split over a grid of dynamic shape, as
  /// blockOf splits each dimension.
  LogicalResult lowerShardShape(OpBuilder &b, shard::ShardShapeOp shape,
                                shard::GridOp grid) {
    auto sharding = shape.getSharding().getDefiningOp<shard::ShardingOp>();
    if (shape.getDevice().size() != 1 ||
        !sharding.getStaticShardedDimsOffsets().empty() ||
        !sharding.getStaticHaloSizes().empty())
      return shape.emitOpError("on a grid of dynamic shape needs one device "
                               "index and no halos or offsets");
    Location loc = shape.getLoc();
    Value device =
        ShapedType::isDynamic(shape.getDevice()[0])
            ? shape.getDeviceDynamic()[0]
            : arith::ConstantIndexOp::create(b, loc, shape.getDevice()[0])
                  .getResult();
    ArrayRef<shard::GridAxesAttr> splits = sharding.getSplitAxes().getAxes();
    SmallVector<Value> results;
    ValueRange dynamicExtents = shape.getDimsDynamic();
    for (auto [dim, extent] : llvm::enumerate(shape.getDims())) {
      Value size;
      if (ShapedType::isDynamic(extent)) {
        size = dynamicExtents.front();
        dynamicExtents = dynamicExtents.drop_front();
      } else {
        size = arith::ConstantIndexOp::create(b, loc, extent);
      }
      if (dim < splits.size() && !splits[dim].empty())
        size = blockOf(b, loc, size,
                       processesAlong(b, loc, grid, {0}, shape, counts), device)
                   .first;
      results.push_back(size);
    }
    shape->replaceAllUsesWith(results);
    shape.erase();
    return success();
  }
};

} // namespace
