//===- ShardingInterfaceImpl.cpp - ndarray sharding models ----------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Sharding models of the ndarray ops for the upstream `shard` dialect.
//
// * copy, delete, cast_elemtype: elementwise (upstream model). A copy whose
//   result is sharded otherwise than its operand moves the data between
//   the layouts (slices a whole array, gathers parts, changes halos).
// * subview: works on the local shard. Its result is, by default, split the
//   way its elements already lie on the source's shards (explicit
//   sharded_dims_offsets), so partitioning needs no communication. A result
//   annotated otherwise (e.g. by coalesce-shard-ops) is produced from the
//   local source, which must then hold the needed elements in its halos;
//   a source split at explicit offsets (which exclude halos) gets the
//   halos its views need by one exchange, which they share.
// * insert_slice: the destination (and result) keep their sharding; the
//   source is split like the slice's elements lie on the destination's
//   shards, so every process writes only what it owns (then refreshes halos).
//   A replicated (or 0-d) source is cut locally instead.
// * linspace: sharding comes from the result; every process computes its own
//   part (halos included) directly.
// * reshape: sharding comes from the result; a split of the leading dimension
//   carries over to the source when both leading dimensions divide evenly,
//   otherwise the source is replicated and each process takes its part of
//   the reshaped array.
//
// Partitioning needs one grid axis per split dimension and static halo
// sizes and shard offsets. On grids of static shape, balanced splits of a
// static dimension must divide it evenly (the upstream shard types assume
// that; partition-sharded-functions gives uneven ones explicit offsets,
// with the first size % count parts longer), a dynamic one splits as upstream's
// shard.shard_shape lowering does (the last size % count parts longer). Grids
// of dynamic shape split any size at run time, the first size % count parts
// longer (imexc's lowering), but take no halos or offsets (views of split
// arrays). Unsupported cases are reported as errors, never guessed.
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/NDArray/Transforms/ShardingInterfaceImpl.h"
#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "imex/Support/Shardings.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <tuple>

using namespace mlir;
using namespace mlir::shard;
using namespace imex::ndarray;
namespace sh = imex::ndarray::sharding;

//===----------------------------------------------------------------------===//
// Static layout arithmetic
//===----------------------------------------------------------------------===//

namespace {

/// Ceiling division for a positive divisor and any dividend.
int64_t ceilDiv(int64_t a, int64_t b) {
  return a >= 0 ? (a + b - 1) / b : -((-a) / b);
}

/// Position of `dim` among the split dimensions of `sharding` (its halo
/// sizes are entries 2k and 2k+1).
unsigned splitDimIndex(const Sharding &sharding, unsigned dim) {
  unsigned index = 0;
  ArrayRef<GridAxesAttr> axes = sharding.getSplitAxes();
  for (unsigned d = 0; d < dim && d < axes.size(); ++d)
    if (!axes[d].empty())
      ++index;
  return index;
}

} // namespace

ArrayRef<GridAxis> sh::splitAxesOf(const Sharding &sharding, unsigned dim) {
  ArrayRef<GridAxesAttr> axes = sharding.getSplitAxes();
  if (!sharding || dim >= axes.size())
    return {};
  return axes[dim].asArrayRef();
}

bool sh::isReplicated(const Sharding &sharding) {
  return !sharding ||
         llvm::all_of(sharding.getSplitAxes(),
                      [](GridAxesAttr axes) { return axes.empty(); });
}

FailureOr<SmallVector<int64_t>>
sh::getShardedDimsOffsetsPositions(const Sharding &sharding, GridOp grid) {
  SmallVector<int64_t> positions;
  ArrayRef<int64_t> gridShape = grid.getShape();
  int64_t pos = 0;
  for (GridAxesAttr axes : sharding.getSplitAxes()) {
    if (axes.empty()) {
      positions.push_back(-1);
      continue;
    }
    int64_t count = 0;
    for (GridAxis axis : axes.asArrayRef()) {
      if (axis < 0 || axis >= static_cast<int64_t>(gridShape.size()) ||
          ShapedType::isDynamic(gridShape[axis]))
        return failure();
      count += gridShape[axis];
    }
    positions.push_back(pos);
    pos += count + 1;
  }
  return positions;
}

FailureOr<std::optional<sh::StaticDimLayout>>
sh::getStaticDimLayout(const Sharding &sharding, GridOp grid, unsigned dim,
                       int64_t dimSize) {
  ArrayRef<GridAxis> axes = splitAxesOf(sharding, dim);
  if (axes.empty())
    return std::optional<StaticDimLayout>();
  if (axes.size() != 1 || !grid)
    return failure();
  GridAxis axis = axes.front();
  ArrayRef<int64_t> gridShape = grid.getShape();
  if (axis < 0 || axis >= static_cast<int64_t>(gridShape.size()) ||
      ShapedType::isDynamic(gridShape[axis]) || gridShape[axis] <= 0)
    return failure();
  int64_t numShards = gridShape[axis];

  StaticDimLayout layout;
  layout.axis = axis;
  ArrayRef<int64_t> offsets = sharding.getStaticShardedDimsOffsets();
  if (!offsets.empty()) {
    FailureOr<SmallVector<int64_t>> positions =
        getShardedDimsOffsetsPositions(sharding, grid);
    if (failed(positions))
      return failure();
    int64_t pos = (*positions)[dim];
    if (pos < 0 || pos + numShards >= static_cast<int64_t>(offsets.size()))
      return failure();
    for (int64_t i = 0; i <= numShards; ++i) {
      if (ShapedType::isDynamic(offsets[pos + i]))
        return failure();
      layout.bounds.push_back(offsets[pos + i]);
    }
  } else {
    if (ShapedType::isDynamic(dimSize))
      return failure();
    for (int64_t i = 0; i <= numShards; ++i)
      layout.bounds.push_back(imex::blockStart(i, numShards, dimSize));
  }

  ArrayRef<int64_t> halos = sharding.getStaticHaloSizes();
  if (!halos.empty()) {
    unsigned k = splitDimIndex(sharding, dim);
    if (2 * k + 1 >= halos.size() || ShapedType::isDynamic(halos[2 * k]) ||
        ShapedType::isDynamic(halos[2 * k + 1]))
      return failure();
    layout.haloLo = halos[2 * k];
    layout.haloHi = halos[2 * k + 1];
  }
  return std::optional<StaticDimLayout>(std::move(layout));
}

SmallVector<int64_t> sh::sliceBounds(ArrayRef<int64_t> bounds, int64_t offset,
                                     int64_t size, int64_t stride) {
  SmallVector<int64_t> result{0};
  for (size_t i = 0; i + 1 < bounds.size(); ++i) {
    int64_t lo = std::max<int64_t>(0, ceilDiv(bounds[i] - offset, stride));
    int64_t hi =
        std::min<int64_t>(size, ceilDiv(bounds[i + 1] - offset, stride));
    result.push_back(result.back() + std::max<int64_t>(0, hi - lo));
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Sharding construction helpers
//===----------------------------------------------------------------------===//

namespace {

using AxesPerDim = SmallVector<SmallVector<GridAxis>>;

/// A sharding on `grid` splitting dimension i along `axes[i]`; fully
/// replicated (`split_axes = [[]]`) when nothing is split.
Sharding makeSharding(FlatSymbolRefAttr grid, AxesPerDim axes,
                      ArrayRef<int64_t> shardedDimsOffsets = {},
                      ArrayRef<int64_t> haloSizes = {}) {
  removeTrailingEmptySubArray(axes);
  if (axes.empty())
    axes.emplace_back();
  SmallVector<GridAxesAttr> attrs;
  for (const SmallVector<GridAxis> &dimAxes : axes)
    attrs.push_back(GridAxesAttr::get(grid.getContext(), dimAxes));
  return Sharding::get(grid, attrs, haloSizes, shardedDimsOffsets);
}

AxesPerDim axesPerDim(const Sharding &sharding, unsigned rank) {
  AxesPerDim axes(rank);
  for (unsigned d = 0; d < rank; ++d)
    llvm::append_range(axes[d], sh::splitAxesOf(sharding, d));
  return axes;
}

AxesPerDim axesPerDim(const ShardingOption &option, unsigned rank) {
  AxesPerDim axes(rank);
  for (unsigned d = 0; d < rank && d < option.shardingArray.size(); ++d)
    axes[d] = option.shardingArray[d];
  return axes;
}

bool sameAxes(const Sharding &sharding, const AxesPerDim &axes) {
  unsigned rank =
      std::max<unsigned>(axes.size(), sharding.getSplitAxes().size());
  for (unsigned d = 0; d < rank; ++d) {
    ArrayRef<GridAxis> want =
        d < axes.size() ? ArrayRef<GridAxis>(axes[d]) : ArrayRef<GridAxis>();
    if (!llvm::equal(want, sh::splitAxesOf(sharding, d)))
      return false;
  }
  return true;
}

bool isSplit(const AxesPerDim &axes) {
  return llvm::any_of(axes, [](const auto &a) { return !a.empty(); });
}

ShardingOption makeOption(FlatSymbolRefAttr grid, AxesPerDim axes) {
  removeTrailingEmptySubArray(axes);
  return ShardingOption(std::move(axes), grid);
}

/// The sharding the value used by `operand` already has when it comes from a
/// shard.shard op, or null.
Sharding existingOperandSharding(OpOperand &operand) {
  if (auto shardOp = operand.get().getDefiningOp<ShardOp>())
    if (shardOp.getSharding().getDefiningOp<ShardingOp>())
      return Sharding(shardOp.getSharding());
  return Sharding();
}

/// The sharding a shard.shard op annotating `result` itself (not for its
/// users) gives it, or null.
Sharding existingResultSharding(OpResult result) {
  for (Operation *user : result.getUsers())
    if (auto shardOp = dyn_cast<ShardOp>(user))
      if (!shardOp.getAnnotateForUsers() &&
          shardOp.getSharding().getDefiningOp<ShardingOp>())
        return Sharding(shardOp.getSharding());
  return Sharding();
}

GridOp lookupGrid(Operation *op, FlatSymbolRefAttr grid) {
  SymbolTableCollection symbols;
  return getGridOrNull(op, grid, symbols);
}

/// The sharding, over the kept dimensions, that leaves each element of the
/// slice `offsets/sizes/strides` of a `baseType` value sharded by `base` on
/// the shard that owns it. Explicit sharded_dims_offsets are given unless
/// every split dimension is a balanced split of the slice (IMEX prints
/// those too; equal in meaning, the plain form needs no resharding where an
/// elementwise consumer is annotated with the plain split, as upstream
/// partitioning compares shardings literally). Fails when a
/// split dimension has dynamic slice parameters or base size (without
/// explicit offsets), a non-positive stride, is dropped, or its layout is not
/// statically known.
FailureOr<Sharding> naturalSliceSharding(const Sharding &base, GridOp grid,
                                         RankedTensorType baseType,
                                         ArrayRef<int64_t> offsets,
                                         ArrayRef<int64_t> sizes,
                                         ArrayRef<int64_t> strides,
                                         const llvm::SmallBitVector &dropped) {
  unsigned rank = baseType.getRank();
  AxesPerDim axes;
  SmallVector<int64_t> dimsOffsets;
  bool balanced = true;
  for (unsigned d = 0; d < rank; ++d) {
    ArrayRef<GridAxis> dimAxes = sh::splitAxesOf(base, d);
    if (dropped.test(d)) {
      if (!dimAxes.empty())
        return failure();
      continue;
    }
    axes.emplace_back(dimAxes.begin(), dimAxes.end());
    if (dimAxes.empty())
      continue;
    if (ShapedType::isDynamic(offsets[d]) || ShapedType::isDynamic(sizes[d]) ||
        ShapedType::isDynamic(strides[d]) || strides[d] <= 0)
      return failure();
    FailureOr<std::optional<sh::StaticDimLayout>> layout =
        sh::getStaticDimLayout(base, grid, d, baseType.getDimSize(d));
    if (failed(layout) || !*layout)
      return failure();
    SmallVector<int64_t> bounds =
        sh::sliceBounds((*layout)->bounds, offsets[d], sizes[d], strides[d]);
    // Without explicit offsets, upstream partitioning takes a static split
    // for even (shardShapedType): keep them where the parts differ.
    int64_t n = (*layout)->numShards();
    balanced &= sizes[d] % n == 0;
    for (int64_t i = 0; i <= n; ++i)
      balanced &= bounds[i] == imex::blockStart(i, n, sizes[d]);
    llvm::append_range(dimsOffsets, bounds);
  }
  if (balanced)
    dimsOffsets.clear();
  return makeSharding(base.getGridAttr(), std::move(axes), dimsOffsets);
}

/// Source dimensions of an insert_slice that the (lower-rank) source drops;
/// all of them for a 0-d source.
std::optional<llvm::SmallBitVector> insertDroppedDims(InsertSliceOp op) {
  unsigned rank = op.getDestinationType().getRank();
  llvm::SmallBitVector dropped(rank);
  if (op.getSourceType().getRank() == 0) {
    dropped.set();
    return dropped;
  }
  std::optional<llvm::SmallDenseSet<unsigned>> mask = computeRankReductionMask(
      op.getStaticSizes(), op.getSourceType().getShape(),
      /*matchDynamic=*/true);
  if (!mask)
    return std::nullopt;
  for (unsigned d : *mask)
    dropped.set(d);
  return dropped;
}

/// Maps the split axes of the kept dimensions (`keptAxes`, in order) back
/// onto all `dropped.size()` dimensions.
AxesPerDim expandAxes(const AxesPerDim &keptAxes,
                      const llvm::SmallBitVector &dropped) {
  AxesPerDim axes(dropped.size());
  unsigned k = 0;
  for (unsigned d = 0; d < dropped.size(); ++d)
    if (!dropped.test(d) && k < keptAxes.size())
      axes[d] = keptAxes[k++];
  return axes;
}

/// The split axes of the kept dimensions.
AxesPerDim keepAxes(const AxesPerDim &axes,
                    const llvm::SmallBitVector &dropped) {
  AxesPerDim kept;
  for (unsigned d = 0; d < dropped.size(); ++d)
    if (!dropped.test(d))
      kept.push_back(d < axes.size() ? axes[d] : SmallVector<GridAxis>());
  return kept;
}

bool splitsDropped(const AxesPerDim &axes,
                   const llvm::SmallBitVector &dropped) {
  for (unsigned d = 0; d < dropped.size() && d < axes.size(); ++d)
    if (dropped.test(d) && !axes[d].empty())
      return true;
  return false;
}

//===----------------------------------------------------------------------===//
// Index arithmetic for partitioning
//===----------------------------------------------------------------------===//

/// Builds index arithmetic on OpFoldResults, folding constants.
class IndexMath {
public:
  IndexMath(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  OpFoldResult cst(int64_t v) { return b.getIndexAttr(v); }
  Value value(OpFoldResult v) {
    if (auto value = dyn_cast<Value>(v))
      return value;
    int64_t c = *getConstantIntValue(v);
    Value &cached = constants[c];
    if (!cached)
      cached = arith::ConstantIndexOp::create(b, loc, c);
    return cached;
  }

  OpFoldResult add(OpFoldResult x, OpFoldResult y) {
    if (isConstantIntValue(y, 0))
      return x;
    if (isConstantIntValue(x, 0))
      return y;
    return fold<arith::AddIOp>(x, y,
                               [](int64_t a, int64_t c) { return a + c; });
  }
  OpFoldResult sub(OpFoldResult x, OpFoldResult y) {
    if (isConstantIntValue(y, 0))
      return x;
    if (x == y)
      return cst(0);
    return fold<arith::SubIOp>(x, y,
                               [](int64_t a, int64_t c) { return a - c; });
  }
  OpFoldResult mul(OpFoldResult x, OpFoldResult y) {
    if (isConstantIntValue(y, 1))
      return x;
    if (isConstantIntValue(x, 1))
      return y;
    if (isConstantIntValue(x, 0) || isConstantIntValue(y, 0))
      return cst(0);
    return fold<arith::MulIOp>(x, y,
                               [](int64_t a, int64_t c) { return a * c; });
  }
  /// Division of non-negative values by a positive one.
  OpFoldResult div(OpFoldResult x, OpFoldResult y) {
    if (isConstantIntValue(y, 1))
      return x;
    return fold<arith::DivSIOp>(x, y,
                                [](int64_t a, int64_t c) { return a / c; });
  }
  OpFoldResult rem(OpFoldResult x, OpFoldResult y) {
    if (isConstantIntValue(y, 1))
      return cst(0);
    return fold<arith::RemSIOp>(x, y,
                                [](int64_t a, int64_t c) { return a % c; });
  }
  OpFoldResult ceilDiv(OpFoldResult x, OpFoldResult y) {
    if (isConstantIntValue(y, 1))
      return x;
    return fold<arith::CeilDivSIOp>(
        x, y, [](int64_t a, int64_t c) { return ::ceilDiv(a, c); });
  }
  OpFoldResult max(OpFoldResult x, OpFoldResult y) {
    return fold<arith::MaxSIOp>(
        x, y, [](int64_t a, int64_t c) { return std::max(a, c); });
  }
  OpFoldResult min(OpFoldResult x, OpFoldResult y) {
    return fold<arith::MinSIOp>(
        x, y, [](int64_t a, int64_t c) { return std::min(a, c); });
  }
  /// `x >= y ? a : c`.
  OpFoldResult selectGE(OpFoldResult x, OpFoldResult y, OpFoldResult a,
                        OpFoldResult c) {
    std::optional<int64_t> cx = getConstantIntValue(x);
    std::optional<int64_t> cy = getConstantIntValue(y);
    if (cx && cy)
      return *cx >= *cy ? a : c;
    Value cond = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                       value(x), value(y));
    return arith::SelectOp::create(b, loc, cond, value(a), value(c))
        .getResult();
  }
  /// `table[index]` for an index in [0, table.size()).
  OpFoldResult lookup(ArrayRef<int64_t> table, OpFoldResult index) {
    if (std::optional<int64_t> c = getConstantIntValue(index))
      return cst(table[*c]);
    if (llvm::all_equal(table))
      return cst(table.front());
    Value result = value(cst(table.front()));
    Value idx = value(index);
    for (size_t i = 1; i < table.size(); ++i) {
      if (table[i] == table[i - 1])
        continue;
      Value cond = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, idx,
                                         value(cst(i)));
      result =
          arith::SelectOp::create(b, loc, cond, value(cst(table[i])), result);
    }
    return result;
  }

  OpBuilder &builder() { return b; }
  Location location() { return loc; }

private:
  template <typename OpTy, typename F>
  OpFoldResult fold(OpFoldResult x, OpFoldResult y, F f) {
    std::optional<int64_t> cx = getConstantIntValue(x);
    std::optional<int64_t> cy = getConstantIntValue(y);
    if (cx && cy)
      return cst(f(*cx, *cy));
    // Reuse an identical earlier op, so that equal terms cancel (x - x).
    auto key = std::make_tuple(OpTy::getOperationName().data(),
                               x.getOpaqueValue(), y.getOpaqueValue());
    auto it = created.find(key);
    if (it != created.end())
      return it->second;
    Value result = OpTy::create(b, loc, value(x), value(y)).getResult();
    created[key] = result;
    return result;
  }

  OpBuilder &b;
  Location loc;
  // Constants are created at the running insertion point, so an earlier one
  // dominates every later use.
  llvm::DenseMap<int64_t, Value> constants;
  std::map<std::tuple<const char *, void *, void *>, Value> created;
};

/// The part of one dimension that the current process works on, in global
/// coordinates: its core [start, start + size) and the global index of the
/// first element of its local tensor (`localStart`, the core start minus the
/// lower halo).
struct LocalPart {
  OpFoldResult start;
  OpFoldResult size;
  OpFoldResult localStart;
};

bool hasNonZeroHalos(const Sharding &sharding) {
  return sharding && (!sharding.getDynamicHaloSizes().empty() ||
                      llvm::any_of(sharding.getStaticHaloSizes(),
                                   [](int64_t h) { return h != 0; }));
}

/// Partition-time context: grid, process indices and error reporting.
class PartitionContext {
public:
  PartitionContext(Operation *op, OpBuilder &b, GridOp grid)
      : op(op), math(b, op->getLoc()), grid(grid) {}

  IndexMath &idx() { return math; }
  GridOp getGrid() { return grid; }

  /// The index of this process along grid axis `axis`.
  OpFoldResult processIndex(GridAxis axis) {
    if (grid.getShape()[axis] == 1)
      return math.cst(0);
    auto it = indices.find(axis);
    if (it != indices.end())
      return it->second;
    auto indexOp = ProcessMultiIndexOp::create(math.builder(), math.location(),
                                               grid.getSymName(),
                                               ArrayRef<GridAxis>{axis});
    OpFoldResult result = indexOp.getResult().front();
    indices[axis] = result;
    return result;
  }

  /// The number of processes along grid axis `axis`; asked at run time on
  /// a grid of dynamic shape.
  OpFoldResult processCount(GridAxis axis) {
    int64_t n = grid.getShape()[axis];
    if (!ShapedType::isDynamic(n))
      return math.cst(n);
    if (!count)
      count = GridShapeOp::create(math.builder(), math.location(),
                                  grid.getSymName(), ArrayRef<GridAxis>{axis})
                  .getResult()
                  .front();
    return count;
  }

  /// Checks that `sharding` can be partitioned here: one grid axis per split
  /// dimension, static halos and offsets, and none of them on a grid of
  /// dynamic shape (its parts are only known at run time).
  LogicalResult checkSupported(const Sharding &sharding, StringRef what) {
    if (!sharding)
      return success();
    if (!sharding.getDynamicHaloSizes().empty() ||
        !sharding.getDynamicShardedDimsOffsets().empty())
      return error() << "cannot partition with dynamic halo sizes or shard "
                        "offsets in the "
                     << what << " sharding";
    bool layoutGiven = hasNonZeroHalos(sharding) ||
                       !sharding.getStaticShardedDimsOffsets().empty();
    for (GridAxesAttr axes : sharding.getSplitAxes()) {
      if (axes.size() > 1)
        return error() << "cannot partition a dimension split over more than "
                          "one grid axis ("
                       << what << " sharding)";
      for (GridAxis axis : axes.asArrayRef()) {
        if (axis < 0 || axis >= grid.getRank() || grid.getShape()[axis] == 0 ||
            grid.getShape()[axis] < ShapedType::kDynamic)
          return error() << "cannot partition along an invalid grid axis ("
                         << what << " sharding)";
        if (ShapedType::isDynamic(grid.getShape()[axis]) && layoutGiven)
          return error() << "cannot partition with halos or explicit offsets "
                            "on a grid of dynamic shape ("
                         << what
                         << " sharding): they need a grid of static shape "
                            "whose size divides the array";
      }
    }
    return success();
  }

  /// This process's part of dimension `dim` (of size `dimSize`) of a value
  /// sharded by `sharding` (the dimension must be split).
  FailureOr<LocalPart> localPart(const Sharding &sharding, unsigned dim,
                                 OpFoldResult dimSize, StringRef what) {
    GridAxis axis = sh::splitAxesOf(sharding, dim).front();
    OpFoldResult n = processCount(axis);
    OpFoldResult me = processIndex(axis);
    LocalPart part;
    ArrayRef<int64_t> offsets = sharding.getStaticShardedDimsOffsets();
    if (!offsets.empty()) {
      // Only on grids of static shape (checkSupported).
      int64_t shards = grid.getShape()[axis];
      FailureOr<SmallVector<int64_t>> positions =
          sh::getShardedDimsOffsetsPositions(sharding, grid);
      if (failed(positions) || (*positions)[dim] < 0 ||
          (*positions)[dim] + shards >= static_cast<int64_t>(offsets.size()))
        return error() << "malformed sharded_dims_offsets in the " << what
                       << " sharding";
      ArrayRef<int64_t> bounds = offsets.slice((*positions)[dim], shards + 1);
      part.start = math.lookup(bounds.drop_back(), me);
      part.size = math.sub(math.lookup(bounds.drop_front(), me), part.start);
    } else {
      // Static types (a size given as an attribute) split static sizes
      // evenly (shardShapedType); other sizes, constant ones included,
      // split as the grid's shard.shard_shape lowering splits them.
      std::optional<int64_t> staticSize =
          isa<Attribute>(dimSize) ? getConstantIntValue(dimSize) : std::nullopt;
      std::optional<int64_t> shards = getConstantIntValue(n);
      if (staticSize && shards && *staticSize % *shards != 0)
        return error() << "the " << what << " dimension " << dim << " of size "
                       << *staticSize << " is not divisible by its " << *shards
                       << " shards; give explicit sharded_dims_offsets";
      OpFoldResult q = math.div(dimSize, n);
      OpFoldResult r = math.rem(dimSize, n);
      if (isConstantIntValue(r, 0)) {
        part.start = math.mul(me, q);
        part.size = q;
      } else if (!shards) {
        // A grid of dynamic shape: the first r parts are longer, as imexc's
        // lowering of its shard.shard_shape splits (blockOf).
        part.start = math.add(math.mul(me, q), math.min(me, r));
        part.size = math.add(q, math.selectGE(me, r, math.cst(0), math.cst(1)));
      } else {
        // A grid of static shape: the last r parts are longer, as upstream's
        // lowering of shard.shard_shape splits them.
        OpFoldResult firstLong = math.sub(n, r);
        part.start = math.add(math.mul(me, q),
                              math.max(math.cst(0), math.sub(me, firstLong)));
        part.size =
            math.add(q, math.selectGE(me, firstLong, math.cst(1), math.cst(0)));
      }
    }
    part.localStart = part.start;
    ArrayRef<int64_t> halos = sharding.getStaticHaloSizes();
    if (!halos.empty()) {
      unsigned k = splitDimIndex(sharding, dim);
      if (2 * k + 1 >= halos.size())
        return error() << "malformed halo_sizes in the " << what << " sharding";
      part.localStart = math.sub(part.start, math.cst(halos[2 * k]));
    }
    return part;
  }

  InFlightDiagnostic error() { return op->emitOpError(); }

private:
  Operation *op;
  IndexMath math;
  GridOp grid;
  llvm::DenseMap<GridAxis, OpFoldResult> indices;
  OpFoldResult count; ///< the process count of a grid of dynamic shape
};

/// Partitioning divides by the strides: they must be positive.
LogicalResult checkStrides(PartitionContext &ctx,
                           ArrayRef<OpFoldResult> strides) {
  for (OpFoldResult stride : strides)
    if (std::optional<int64_t> c = getConstantIntValue(stride); c && *c <= 0)
      return ctx.error() << "cannot partition with a non-positive stride";
  return success();
}

/// The grid of the first non-null sharding.
GridOp gridOf(Operation *op, ArrayRef<Sharding> shardings,
              SymbolTableCollection &symbols) {
  for (const Sharding &sharding : shardings)
    if (sharding)
      return getGridOrNull(op, sharding.getGridAttr(), symbols);
  return nullptr;
}

/// A PartitionContext for `op` on the grid of `shardings`, each named for
/// error messages; nullopt after reporting an unknown grid or a sharding
/// that partitioning does not support.
std::optional<PartitionContext>
openPartition(Operation *op, OpBuilder &builder, SymbolTableCollection &symbols,
              ArrayRef<std::pair<Sharding, const char *>> shardings) {
  SmallVector<Sharding, 2> all;
  for (const auto &entry : shardings)
    all.push_back(entry.first);
  GridOp grid = gridOf(op, all, symbols);
  if (!grid) {
    op->emitOpError("sharding refers to an unknown grid");
    return std::nullopt;
  }
  PartitionContext ctx(op, builder, grid);
  for (const auto &[sharding, name] : shardings)
    if (failed(ctx.checkSupported(sharding, name)))
      return std::nullopt;
  return ctx;
}

/// `type` as one shard of `sharding` holds it.
RankedTensorType localType(RankedTensorType type, GridOp grid,
                           const Sharding &sharding) {
  if (sh::isReplicated(sharding) || type.getRank() == 0)
    return type;
  return cast<RankedTensorType>(shardShapedType(type, grid, sharding));
}

/// Tensor sizes as OpFoldResults: constants where static.
SmallVector<OpFoldResult> mixedSizes(OpBuilder &b, Location loc, Value tensor) {
  SmallVector<OpFoldResult> sizes;
  auto type = cast<RankedTensorType>(tensor.getType());
  for (int64_t d = 0; d < type.getRank(); ++d)
    sizes.push_back(
        type.isDynamicDim(d)
            ? OpFoldResult(tensor::DimOp::create(b, loc, tensor, d).getResult())
            : OpFoldResult(b.getIndexAttr(type.getDimSize(d))));
  return sizes;
}

/// The slice `offsets`/`sizes` (unit strides) of `tensor`.
Value sliceOf(OpBuilder &b, Location loc, Value tensor,
              ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> strides(sizes.size(), b.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(b, loc, tensor, offsets, sizes, strides)
      .getResult();
}

/// `core` (this process's part) in a buffer with room for `halos` (low and
/// high, per dimension that `sharding` splits) around it, the halos filled
/// by an exchange with the neighbours (shard.update_halo).
Value withExchangedHalos(OpBuilder &b, Location loc, Value core,
                         const Sharding &sharding, ArrayRef<int64_t> halos) {
  IndexMath math(b, loc);
  auto type = cast<RankedTensorType>(core.getType());
  unsigned rank = type.getRank();
  SmallVector<OpFoldResult> sizes = mixedSizes(b, loc, core);
  SmallVector<OpFoldResult> offsets(rank, math.cst(0)), ones(rank, math.cst(1));
  SmallVector<OpFoldResult> withHalos = sizes;
  unsigned k = 0;
  for (unsigned d = 0; d < rank; ++d) {
    if (sh::splitAxesOf(sharding, d).empty())
      continue;
    offsets[d] = math.cst(halos[2 * k]);
    withHalos[d] =
        math.add(sizes[d], math.cst(halos[2 * k] + halos[2 * k + 1]));
    ++k;
  }
  Value room =
      tensor::EmptyOp::create(b, loc, withHalos, type.getElementType());
  Value placed =
      tensor::InsertSliceOp::create(b, loc, core, room, offsets, sizes, ones);
  return UpdateHaloOp::create(
             b, loc, placed.getType(), placed, sharding.getGridAttr(),
             GridAxesArrayAttr::get(b.getContext(), sharding.getSplitAxes()),
             ValueRange{}, b.getDenseI64ArrayAttr(halos))
      .getResult();
}

SmallVector<NamedAttribute> discardableAttrs(Operation *op) {
  return llvm::to_vector(op->getDiscardableAttrs());
}

/// The mixed offsets, sizes and strides of `op` with its dynamic operands
/// replaced by their partitioned values.
template <typename OpTy>
void partitionedSliceParams(OpTy op, ArrayRef<Value> partitionedOperands,
                            SmallVectorImpl<OpFoldResult> &offsets,
                            SmallVectorImpl<OpFoldResult> &sizes,
                            SmallVectorImpl<OpFoldResult> &strides) {
  unsigned first = OpTy::getOffsetSizeAndStrideStartOperandIndex();
  ArrayRef<Value> dynOffsets =
      partitionedOperands.slice(first, op.getOffsets().size());
  ArrayRef<Value> dynSizes = partitionedOperands.slice(
      first + op.getOffsets().size(), op.getSizes().size());
  ArrayRef<Value> dynStrides = partitionedOperands.slice(
      first + op.getOffsets().size() + op.getSizes().size(),
      op.getStrides().size());
  MLIRContext *ctx = op.getContext();
  offsets.assign(getMixedValues(op.getStaticOffsets(), dynOffsets, ctx));
  sizes.assign(getMixedValues(op.getStaticSizes(), dynSizes, ctx));
  strides.assign(getMixedValues(op.getStaticStrides(), dynStrides, ctx));
}

//===----------------------------------------------------------------------===//
// Common model base
//===----------------------------------------------------------------------===//

/// Annotates every ranked, non-0-d operand and result with the sharding the
/// derived model's getShardingAnnotations gives it.
template <typename Derived, typename OpTy>
struct NDArrayShardingModel
    : public ShardingInterface::ExternalModel<Derived, OpTy> {
  LogicalResult addShardingAnnotations(Operation *op, OpBuilder &b,
                                       const ShardingOption &option) const {
    FailureOr<std::vector<Sharding>> shardings =
        static_cast<const Derived *>(this)->getShardingAnnotations(op, option);
    if (failed(shardings))
      return failure();
    unsigned numOperands = op->getNumOperands();
    for (OpResult result : op->getResults()) {
      const Sharding &sharding =
          (*shardings)[numOperands + result.getResultNumber()];
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (sharding && type && type.getRank() > 0)
        maybeInsertTargetShardingAnnotation(sharding, result, b);
    }
    for (OpOperand &operand : op->getOpOperands()) {
      const Sharding &sharding = (*shardings)[operand.getOperandNumber()];
      auto type = dyn_cast<RankedTensorType>(operand.get().getType());
      if (sharding && type && type.getRank() > 0)
        maybeInsertSourceShardingAnnotation(sharding, operand, b);
    }
    return success();
  }
};

/// Views of one source array (subview, reshape) partition alike: with the
/// source and the result replicated the op is cloned; otherwise the derived
/// model's partitionView emits the local view in the opened context.
template <typename Derived, typename OpTy>
struct ViewShardingModel : public NDArrayShardingModel<Derived, OpTy> {
  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding> operandShardings,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbols,
                          OpBuilder &builder) const {
    Sharding source = operandShardings[0];
    Sharding result = resultShardings.empty() ? Sharding() : resultShardings[0];
    if (sh::isReplicated(source) && sh::isReplicated(result)) {
      builder.clone(*op, partitionMap);
      return success();
    }
    std::optional<PartitionContext> opened = openPartition(
        op, builder, symbols, {{source, "source"}, {result, "result"}});
    if (!opened)
      return failure();
    return static_cast<const Derived *>(this)->partitionView(
        cast<OpTy>(op), *opened, source, result, partitionedOperands,
        partitionMap, builder);
  }
};

AffineMap noDims(unsigned numLoops, MLIRContext *ctx) {
  return AffineMap::get(numLoops, 0, ctx);
}

/// The map from `dropped.size()` loops to the kept dimensions.
AffineMap keptDimsMap(const llvm::SmallBitVector &dropped, MLIRContext *ctx) {
  SmallVector<AffineExpr> exprs;
  for (unsigned d = 0; d < dropped.size(); ++d)
    if (!dropped.test(d))
      exprs.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(dropped.size(), 0, exprs, ctx);
}

//===----------------------------------------------------------------------===//
// subview
//===----------------------------------------------------------------------===//

struct SubviewShardingModel
    : public ViewShardingModel<SubviewShardingModel, SubviewOp> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    return SmallVector<utils::IteratorType>(
        cast<SubviewOp>(op).getSourceType().getRank(),
        utils::IteratorType::parallel);
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    auto subview = cast<SubviewOp>(op);
    MLIRContext *ctx = op->getContext();
    unsigned rank = subview.getSourceType().getRank();
    SmallVector<AffineMap> maps(op->getNumOperands(), noDims(rank, ctx));
    maps[0] = AffineMap::getMultiDimIdentityMap(rank, ctx);
    std::optional<llvm::SmallBitVector> dropped = subview.getDroppedDims();
    maps.push_back(dropped ? keptDimsMap(*dropped, ctx) : noDims(rank, ctx));
    return maps;
  }

  FailureOr<ShardingOption>
  getShardingOption(Operation *op, ArrayRef<Sharding> operandShardings,
                    ArrayRef<Sharding> resultShardings) const {
    auto subview = cast<SubviewOp>(op);
    std::optional<llvm::SmallBitVector> dropped = subview.getDroppedDims();
    if (!dropped)
      return failure();
    unsigned rank = subview.getSourceType().getRank();
    const Sharding &source = operandShardings[0];
    const Sharding &result = resultShardings[0];
    if (source) {
      AxesPerDim axes = axesPerDim(source, rank);
      // A split dimension that the view drops lives on one shard only.
      if (splitsDropped(axes, *dropped))
        return makeOption(source.getGridAttr(), {});
      if (isSplit(axes) && !keepsResultAnnotation(subview, axes, *dropped) &&
          failed(natural(subview, source)))
        return makeOption(source.getGridAttr(), {});
      return makeOption(source.getGridAttr(), std::move(axes));
    }
    if (result) {
      AxesPerDim resultAxes = axesPerDim(result, subview.getType().getRank());
      return makeOption(result.getGridAttr(), expandAxes(resultAxes, *dropped));
    }
    return ShardingOption::makeEmpty();
  }

  FailureOr<std::vector<Sharding>>
  getShardingAnnotations(Operation *op, const ShardingOption &option) const {
    auto subview = cast<SubviewOp>(op);
    std::optional<llvm::SmallBitVector> dropped = subview.getDroppedDims();
    if (!dropped || !option.grid)
      return failure();
    unsigned rank = subview.getSourceType().getRank();
    AxesPerDim axes = axesPerDim(option, rank);
    std::vector<Sharding> shardings(op->getNumOperands() + 1);

    // A replicated source stays replicated: every process can then take
    // any part of the view locally.
    Sharding source = existingOperandSharding(op->getOpOperand(0));
    if (!source || (!sh::isReplicated(source) && !sameAxes(source, axes)))
      source = makeSharding(option.grid, axes);
    shardings[0] = source;

    Sharding &result = shardings.back();
    AxesPerDim resultAxes = keepAxes(axes, *dropped);
    if (!isSplit(axes)) {
      result = makeSharding(option.grid, {});
    } else if (keepsResultAnnotation(subview, axes, *dropped)) {
      result = existingResultSharding(op->getResult(0));
    } else if (sh::isReplicated(source)) {
      result = makeSharding(option.grid, std::move(resultAxes));
    } else if (FailureOr<Sharding> nat = natural(subview, source);
               succeeded(nat)) {
      result = *nat;
    } else {
      result = makeSharding(option.grid, std::move(resultAxes));
    }
    return shardings;
  }

  LogicalResult partitionView(SubviewOp subview, PartitionContext &ctx,
                              Sharding source, Sharding result,
                              ArrayRef<Value> partitionedOperands,
                              IRMapping &partitionMap,
                              OpBuilder &builder) const {
    Operation *op = subview;
    GridOp grid = ctx.getGrid();
    if (hasNonZeroHalos(result))
      return ctx.error() << "cannot partition a subview whose result has halos";
    std::optional<llvm::SmallBitVector> dropped = subview.getDroppedDims();
    if (!dropped)
      return ctx.error() << "result shape is not a rank reduction of the sizes";

    RankedTensorType sourceType = subview.getSourceType();
    RankedTensorType resultType = localType(subview.getType(), grid, result);
    SmallVector<OpFoldResult> offsets, sizes, strides;
    partitionedSliceParams(subview, partitionedOperands, offsets, sizes,
                           strides);
    if (failed(checkStrides(ctx, strides)))
      return failure();
    Value localSource = partitionedOperands[0];
    if (failed(exchangeHalosForView(subview, ctx, source, result, *dropped,
                                    localSource, builder)) ||
        failed(checkLocality(subview, ctx, source, result, *dropped)))
      return failure();

    IndexMath &math = ctx.idx();
    unsigned resultDim = 0;
    for (unsigned d = 0; d < sourceType.getRank(); ++d) {
      ArrayRef<GridAxis> sourceAxes = sh::splitAxesOf(source, d);
      if (dropped->test(d)) {
        if (!sourceAxes.empty())
          return ctx.error() << "cannot drop the split source dimension " << d;
        continue;
      }
      unsigned r = resultDim++;
      ArrayRef<GridAxis> resultAxes = sh::splitAxesOf(result, r);
      if (sourceAxes.empty() && resultAxes.empty())
        continue;
      if (resultAxes.empty())
        return ctx.error() << "the result must be split like source dimension "
                           << d << "; a replicated result needs resharding";
      if (!sourceAxes.empty() && !llvm::equal(sourceAxes, resultAxes))
        return ctx.error() << "source dimension " << d
                           << " and its result dimension are split along "
                              "different grid axes";
      FailureOr<LocalPart> target =
          ctx.localPart(result, r, sizes[d], "result");
      if (failed(target))
        return failure();
      OpFoldResult localStart = math.cst(0);
      if (!sourceAxes.empty()) {
        FailureOr<LocalPart> local = ctx.localPart(
            source, d, math.cst(sourceType.getDimSize(d)), "source");
        if (failed(local))
          return failure();
        localStart = local->localStart;
      }
      // An empty part reads nothing; keep its offset in range.
      offsets[d] = math.selectGE(
          math.cst(0), target->size, math.cst(0),
          math.sub(math.add(offsets[d], math.mul(target->start, strides[d])),
                   localStart));
      int64_t staticSize = resultType.getDimSize(r);
      sizes[d] = ShapedType::isDynamic(staticSize) ? target->size
                                                   : math.cst(staticSize);
    }

    auto local =
        SubviewOp::create(builder, op->getLoc(), resultType, localSource,
                          offsets, sizes, strides, discardableAttrs(op));
    partitionMap.map(op->getResult(0), local.getResult());
    return success();
  }

private:
  /// The natural (communication-free) result sharding for source sharding
  /// `source`.
  static FailureOr<Sharding> natural(SubviewOp op, const Sharding &source) {
    std::optional<llvm::SmallBitVector> dropped = op.getDroppedDims();
    if (!dropped)
      return failure();
    GridOp grid = lookupGrid(op, source.getGridAttr());
    if (!grid)
      return failure();
    return naturalSliceSharding(source, grid, op.getSourceType(),
                                op.getStaticOffsets(), op.getStaticSizes(),
                                op.getStaticStrides(), *dropped);
  }

  /// True iff the result already has its own annotation splitting it along
  /// the kept `axes`; such an annotation (e.g. a target set by
  /// coalesce-shard-ops) is kept.
  static bool keepsResultAnnotation(SubviewOp op, const AxesPerDim &axes,
                                    const llvm::SmallBitVector &dropped) {
    Sharding existing = existingResultSharding(op->getResult(0));
    return existing && sameAxes(existing, keepAxes(axes, dropped));
  }

  /// True if the view's offset, size and stride in dimension `d` are static.
  static bool hasStaticBounds(SubviewOp op, unsigned d) {
    return !ShapedType::isDynamic(op.getStaticOffsets()[d]) &&
           !ShapedType::isDynamic(op.getStaticSizes()[d]) &&
           !ShapedType::isDynamic(op.getStaticStrides()[d]);
  }

  /// What each process reads of source dimension `d` through a view with
  /// static bounds there: the source's layout of `d`, and per part of the
  /// result's layout of `resultDim` the source elements [first, last] it
  /// reads (none for an empty part); nullopt where a layout is not static.
  struct DimReads {
    sh::StaticDimLayout source;
    SmallVector<std::optional<std::pair<int64_t, int64_t>>> reads;
  };
  static std::optional<DimReads> readsOf(SubviewOp op, GridOp grid,
                                         const Sharding &source,
                                         const Sharding &result, unsigned d,
                                         unsigned resultDim) {
    int64_t offset = op.getStaticOffsets()[d];
    int64_t stride = op.getStaticStrides()[d];
    auto sourceLayout = sh::getStaticDimLayout(
        source, grid, d, op.getSourceType().getDimSize(d));
    auto resultLayout =
        sh::getStaticDimLayout(result, grid, resultDim, op.getStaticSizes()[d]);
    if (failed(sourceLayout) || failed(resultLayout) || !*sourceLayout ||
        !*resultLayout)
      return std::nullopt;
    DimReads dim{**sourceLayout, {}};
    const SmallVector<int64_t> &part = (*resultLayout)->bounds;
    int64_t n = std::min(dim.source.numShards(), (*resultLayout)->numShards());
    for (int64_t i = 0; i < n; ++i) {
      if (part[i + 1] <= part[i])
        dim.reads.push_back(std::nullopt);
      else
        dim.reads.push_back(std::make_pair(
            offset + part[i] * stride, offset + (part[i + 1] - 1) * stride));
    }
    return dim;
  }

  /// A source split at explicit offsets (uneven splits) cannot carry
  /// halos (the shard dialect makes them exclusive), so the views of it
  /// that read their neighbours' elements get them here: the local source
  /// is extended by the halos that all views of the same array value need
  /// (one exchange, which the first of them makes and the others reuse),
  /// and `source` becomes that layout (offsets and halos, as a Sharding
  /// value only). Each process must find what it reads in its neighbours'
  /// parts.
  static LogicalResult exchangeHalosForView(SubviewOp op, PartitionContext &ctx,
                                            Sharding &source,
                                            const Sharding &result,
                                            const llvm::SmallBitVector &dropped,
                                            Value &localSource,
                                            OpBuilder &builder) {
    if (source.getStaticShardedDimsOffsets().empty() || hasNonZeroHalos(source))
      return success();
    SmallVector<int64_t> halos;
    for (GridAxesAttr axes : source.getSplitAxes())
      if (!axes.empty())
        halos.append({0, 0});
    if (failed(neededHalos(op, &ctx, source, result, dropped, halos)))
      return failure();
    // The other views of the same array value, annotated alike (their own
    // errors are reported when they are partitioned).
    if (auto read = op.getSource().getDefiningOp<ShardOp>())
      for (Operation *user : read.getSrc().getUsers())
        if (auto sibling = dyn_cast<ShardOp>(user);
            sibling && sibling.getAnnotateForUsers() &&
            Sharding(sibling.getSharding()) == source)
          for (Operation *viewer : sibling->getUsers())
            if (auto view = dyn_cast<SubviewOp>(viewer); view && view != op)
              if (Sharding viewResult =
                      existingResultSharding(view->getResult(0)))
                if (std::optional<llvm::SmallBitVector> viewDropped =
                        view.getDroppedDims())
                  (void)neededHalos(view, nullptr, source, viewResult,
                                    *viewDropped, halos);
    if (llvm::all_of(halos, [](int64_t h) { return h == 0; }))
      return success();

    Value reused = reusedExchange(localSource, halos, builder);
    localSource = reused != localSource
                      ? reused
                      : withExchangedHalos(builder, op.getLoc(), localSource,
                                           source, halos);
    source = Sharding::get(source.getGridAttr(), source.getSplitAxes(), halos,
                           source.getStaticShardedDimsOffsets());
    return success();
  }

  /// Raises `halos` (low and high, per split dimension of `source`) to what
  /// `view` (its result sharded by `result`) reads beyond each process's
  /// part; with `ctx`, reports views whose reads the exchange cannot bring
  /// (past the neighbours' parts, or with dynamic bounds), and without it
  /// just fails.
  static LogicalResult neededHalos(SubviewOp view, PartitionContext *ctx,
                                   const Sharding &source,
                                   const Sharding &result,
                                   const llvm::SmallBitVector &dropped,
                                   SmallVectorImpl<int64_t> &halos) {
    unsigned r = 0, k = 0;
    for (unsigned d = 0; d < view.getSourceType().getRank(); ++d) {
      unsigned resultDim = dropped.test(d) ? 0 : r++;
      if (sh::splitAxesOf(source, d).empty())
        continue;
      unsigned splitDim = k++;
      // A dimension split otherwise in the result is reported by the
      // caller.
      if (dropped.test(d) || !llvm::equal(sh::splitAxesOf(source, d),
                                          sh::splitAxesOf(result, resultDim)))
        continue;
      // The halos must be known here: a view with dynamic bounds could read
      // anywhere.
      if (!hasStaticBounds(view, d)) {
        if (ctx)
          return ctx->error()
                 << "cannot take a view with dynamic bounds in dimension " << d
                 << " of an array split unevenly (explicit offsets): its "
                    "halos must be known at compile time";
        return failure();
      }
      std::optional<DimReads> dim =
          readsOf(view, lookupGrid(view, source.getGridAttr()), source, result,
                  d, resultDim);
      if (!dim)
        continue;
      const SmallVector<int64_t> &core = dim->source.bounds;
      int64_t n = dim->reads.size();
      for (int64_t i = 0; i < n; ++i) {
        if (!dim->reads[i])
          continue;
        auto [first, last] = *dim->reads[i];
        int64_t below = core[i] - first, above = last + 1 - core[i + 1];
        // The exchange brings the ends of the next processes' parts.
        if ((below > 0 && (i == 0 || below > core[i] - core[i - 1])) ||
            (above > 0 && (i + 1 == n || above > core[i + 2] - core[i + 1]))) {
          if (ctx)
            return ctx->error()
                   << "process " << i << " reads elements [" << first << ", "
                   << last + 1 << ") of dimension " << d
                   << ", beyond its neighbours' parts (it holds [" << core[i]
                   << ", " << core[i + 1]
                   << ")); use fewer processes or a larger array";
          return failure();
        }
        halos[2 * splitDim] = std::max(halos[2 * splitDim], below);
        halos[2 * splitDim + 1] = std::max(halos[2 * splitDim + 1], above);
      }
    }
    return success();
  }

  /// The exchange of `halos` around `local` that an earlier view of the
  /// same array value made in this block, or `local` itself.
  static Value reusedExchange(Value local, ArrayRef<int64_t> halos,
                              OpBuilder &builder) {
    for (Operation *user : local.getUsers()) {
      auto placed = dyn_cast<tensor::InsertSliceOp>(user);
      if (!placed || placed.getSource() != local ||
          placed->getBlock() != builder.getInsertionBlock() ||
          !placed->hasOneUse())
        continue;
      auto exchange = dyn_cast<UpdateHaloOp>(*placed->user_begin());
      if (exchange && exchange.getStaticHaloSizes() == halos)
        return exchange.getResult();
    }
    return local;
  }

  /// When everything is static, checks that each shard's part of the result
  /// lies in its local source tensor (core plus halos).
  static LogicalResult checkLocality(SubviewOp op, PartitionContext &ctx,
                                     const Sharding &source,
                                     const Sharding &result,
                                     const llvm::SmallBitVector &dropped) {
    RankedTensorType sourceType = op.getSourceType();
    unsigned r = 0;
    for (unsigned d = 0; d < sourceType.getRank(); ++d) {
      if (dropped.test(d))
        continue;
      unsigned resultDim = r++;
      if (sh::splitAxesOf(source, d).empty() ||
          sh::splitAxesOf(result, resultDim).empty() || !hasStaticBounds(op, d))
        continue;
      std::optional<DimReads> dim =
          readsOf(op, ctx.getGrid(), source, result, d, resultDim);
      if (!dim)
        continue;
      const sh::StaticDimLayout &src = dim->source;
      for (auto [i, read] : llvm::enumerate(dim->reads)) {
        if (!read)
          continue;
        auto [first, last] = *read;
        if (first < src.localStart(i) || last >= src.localEnd(i))
          return ctx.error()
                 << "shard " << i << " needs source elements [" << first << ", "
                 << last + 1 << ") of dimension " << d << " but holds only ["
                 << src.localStart(i) << ", " << src.localEnd(i)
                 << "); give the source halos (coalesce-shard-ops) or "
                    "annotate the result with the slice's own sharding";
      }
    }
    return success();
  }
};

//===----------------------------------------------------------------------===//
// insert_slice
//===----------------------------------------------------------------------===//

struct InsertSliceShardingModel
    : public NDArrayShardingModel<InsertSliceShardingModel, InsertSliceOp> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    return SmallVector<utils::IteratorType>(
        cast<InsertSliceOp>(op).getDestinationType().getRank(),
        utils::IteratorType::parallel);
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    auto insert = cast<InsertSliceOp>(op);
    MLIRContext *ctx = op->getContext();
    unsigned rank = insert.getDestinationType().getRank();
    AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
    SmallVector<AffineMap> maps(op->getNumOperands(), noDims(rank, ctx));
    maps[0] = identity;
    if (std::optional<llvm::SmallBitVector> dropped = insertDroppedDims(insert))
      maps[1] = keptDimsMap(*dropped, ctx);
    maps.push_back(identity);
    return maps;
  }

  FailureOr<ShardingOption>
  getShardingOption(Operation *op, ArrayRef<Sharding> operandShardings,
                    ArrayRef<Sharding> resultShardings) const {
    unsigned rank = cast<InsertSliceOp>(op).getDestinationType().getRank();
    for (const Sharding &sharding : {operandShardings[0], resultShardings[0]})
      if (sharding)
        return makeOption(sharding.getGridAttr(), axesPerDim(sharding, rank));
    return ShardingOption::makeEmpty();
  }

  FailureOr<std::vector<Sharding>>
  getShardingAnnotations(Operation *op, const ShardingOption &option) const {
    auto insert = cast<InsertSliceOp>(op);
    if (!option.grid)
      return failure();
    unsigned rank = insert.getDestinationType().getRank();
    AxesPerDim axes = axesPerDim(option, rank);
    std::vector<Sharding> shardings(op->getNumOperands() + 1);

    Sharding dest = existingOperandSharding(op->getOpOperand(0));
    if (!dest || !sameAxes(dest, axes))
      dest = makeSharding(option.grid, axes);
    shardings[0] = dest;
    shardings.back() = dest;
    shardings[1] = sourceSharding(insert, dest);
    return shardings;
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding> operandShardings,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbols,
                          OpBuilder &builder) const {
    auto insert = cast<InsertSliceOp>(op);
    Sharding dest = operandShardings[0];
    Sharding source = operandShardings[1];
    Sharding result = resultShardings.empty() ? Sharding() : resultShardings[0];
    if (result && dest && result != dest)
      return op->emitOpError("the result must be sharded like the destination");
    if (!dest)
      dest = result;
    bool scalarSource = insert.getSourceType().getRank() == 0;
    if (sh::isReplicated(dest)) {
      if (!scalarSource && !sh::isReplicated(source))
        return op->emitOpError(
            "cannot insert a split source into a replicated destination");
      builder.clone(*op, partitionMap);
      return success();
    }
    std::optional<PartitionContext> opened = openPartition(
        op, builder, symbols, {{dest, "destination"}, {source, "source"}});
    if (!opened)
      return failure();
    PartitionContext &ctx = *opened;
    GridOp grid = ctx.getGrid();
    std::optional<llvm::SmallBitVector> dropped = insertDroppedDims(insert);
    if (!dropped)
      return ctx.error() << "source shape is not a rank reduction of the sizes";
    bool splitSource = !scalarSource && !sh::isReplicated(source);
    if (splitSource) {
      // Each process writes the source part it holds; that must be the part
      // of the slice it owns in the destination.
      FailureOr<Sharding> expected = naturalFor(insert, dest, grid);
      if (failed(expected) ||
          !sameLayout(*expected, source, grid, insert.getSourceType()))
        return ctx.error()
               << "a split source must be sharded like the slice's elements "
                  "lie on the destination's shards";
    }

    IndexMath &math = ctx.idx();
    RankedTensorType destType = insert.getDestinationType();
    SmallVector<OpFoldResult> offsets, sizes, strides;
    partitionedSliceParams(insert, partitionedOperands, offsets, sizes,
                           strides);
    if (failed(checkStrides(ctx, strides)))
      return failure();
    unsigned sourceRank = insert.getSourceType().getRank();
    SmallVector<OpFoldResult> srcOffsets(sourceRank, math.cst(0));
    SmallVector<OpFoldResult> srcSizes;
    SmallVector<OpFoldResult> srcStrides(sourceRank, math.cst(1));
    bool cutSource = false;
    unsigned sourceDim = 0;
    for (unsigned d = 0; d < destType.getRank(); ++d) {
      bool kept = !scalarSource && !dropped->test(d);
      unsigned s = kept ? sourceDim++ : 0;
      if (kept)
        srcSizes.push_back(sizes[d]);
      ArrayRef<GridAxis> destAxes = sh::splitAxesOf(dest, d);
      ArrayRef<GridAxis> sourceAxes =
          kept ? sh::splitAxesOf(source, s) : ArrayRef<GridAxis>();
      if (destAxes.empty()) {
        if (!sourceAxes.empty())
          return ctx.error()
                 << "source dimension " << s
                 << " is split but its destination dimension is not";
        continue;
      }
      FailureOr<LocalPart> core = ctx.localPart(
          dest, d, math.cst(destType.getDimSize(d)), "destination");
      if (failed(core))
        return failure();
      if (!sourceAxes.empty()) {
        FailureOr<LocalPart> part =
            ctx.localPart(source, s, sizes[d], "source");
        if (failed(part))
          return failure();
        offsets[d] = math.selectGE(
            math.cst(0), part->size, math.cst(0),
            math.sub(math.add(offsets[d], math.mul(part->start, strides[d])),
                     core->localStart));
        sizes[d] = part->size;
        continue;
      }
      // Replicated along this dimension (or a broadcast scalar): write the
      // slice elements whose destination index lies in the local core.
      OpFoldResult coreEnd = math.add(core->start, core->size);
      OpFoldResult lo =
          math.max(math.cst(0),
                   math.ceilDiv(math.sub(core->start, offsets[d]), strides[d]));
      OpFoldResult hi = math.min(
          sizes[d], math.ceilDiv(math.sub(coreEnd, offsets[d]), strides[d]));
      OpFoldResult count = math.max(math.cst(0), math.sub(hi, lo));
      OpFoldResult localOffset = math.sub(
          math.add(offsets[d], math.mul(lo, strides[d])), core->localStart);
      // An empty part writes nothing; keep its offsets in range.
      offsets[d] = math.selectGE(math.cst(0), count, math.cst(0), localOffset);
      sizes[d] = count;
      if (kept) {
        srcOffsets[s] = math.selectGE(math.cst(0), count, math.cst(0), lo);
        srcSizes[s] = count;
        cutSource = true;
      }
    }

    Value localSource = partitionedOperands[1];
    if (cutSource) {
      SmallVector<int64_t> shape;
      for (OpFoldResult size : srcSizes)
        shape.push_back(
            getConstantIntValue(size).value_or(ShapedType::kDynamic));
      auto cutType =
          RankedTensorType::get(shape, insert.getSourceType().getElementType(),
                                insert.getSourceType().getEncoding());
      localSource =
          SubviewOp::create(builder, op->getLoc(), cutType, localSource,
                            srcOffsets, srcSizes, srcStrides)
              .getResult();
    }
    Value local =
        InsertSliceOp::create(builder, op->getLoc(), partitionedOperands[0],
                              localSource, offsets, sizes, strides,
                              discardableAttrs(op))
            .getResult();
    if (hasNonZeroHalos(dest)) {
      // Neighbours may have written into what this shard holds as halo.
      local =
          UpdateHaloOp::create(
              builder, op->getLoc(), local.getType(), local, dest.getGridAttr(),
              GridAxesArrayAttr::get(op->getContext(), dest.getSplitAxes()),
              ValueRange{},
              builder.getDenseI64ArrayAttr(dest.getStaticHaloSizes()))
              .getResult();
    }
    partitionMap.map(op->getResult(0), local);
    return success();
  }

private:
  static FailureOr<Sharding> naturalFor(InsertSliceOp op, const Sharding &dest,
                                        GridOp grid) {
    std::optional<llvm::SmallBitVector> dropped = insertDroppedDims(op);
    if (!dropped || !grid)
      return failure();
    return naturalSliceSharding(dest, grid, op.getDestinationType(),
                                op.getStaticOffsets(), op.getStaticSizes(),
                                op.getStaticStrides(), *dropped);
  }

  /// The source sharding: the slice's own layout on the destination's shards
  /// when statically known, otherwise replicated (each process then cuts its
  /// part out of the full source).
  static Sharding sourceSharding(InsertSliceOp op, const Sharding &dest) {
    FlatSymbolRefAttr grid = dest.getGridAttr();
    if (op.getSourceType().getRank() == 0 || sh::isReplicated(dest))
      return makeSharding(grid, {});
    FailureOr<Sharding> nat = naturalFor(op, dest, lookupGrid(op, grid));
    if (failed(nat))
      return makeSharding(grid, {});
    return *nat;
  }

  /// True iff `a` and `b` split the dims of `type` along the same axes into
  /// the same parts.
  static bool sameLayout(const Sharding &a, const Sharding &b, GridOp grid,
                         RankedTensorType type) {
    for (unsigned d = 0; d < type.getRank(); ++d) {
      if (!llvm::equal(sh::splitAxesOf(a, d), sh::splitAxesOf(b, d)))
        return false;
      auto la = sh::getStaticDimLayout(a, grid, d, type.getDimSize(d));
      auto lb = sh::getStaticDimLayout(b, grid, d, type.getDimSize(d));
      if (failed(la) || failed(lb))
        return false;
      if (*la && (*la)->bounds != (*lb)->bounds)
        return false;
    }
    return !hasNonZeroHalos(b);
  }
};

//===----------------------------------------------------------------------===//
// linspace
//===----------------------------------------------------------------------===//

/// Converts an int, index or float scalar to the float type `type`.
Value toFloat(OpBuilder &b, Location loc, Value v, Type type) {
  Type from = v.getType();
  if (from == type)
    return v;
  if (from.isIndex()) {
    v = arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
    from = v.getType();
  }
  if (isa<IntegerType>(from))
    return arith::SIToFPOp::create(b, loc, type, v);
  if (from.getIntOrFloatBitWidth() < type.getIntOrFloatBitWidth())
    return arith::ExtFOp::create(b, loc, type, v);
  return arith::TruncFOp::create(b, loc, type, v);
}

struct LinSpaceShardingModel
    : public NDArrayShardingModel<LinSpaceShardingModel, LinSpaceOp> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    return SmallVector<utils::IteratorType>(
        cast<LinSpaceOp>(op).getType().getRank(),
        utils::IteratorType::parallel);
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    MLIRContext *ctx = op->getContext();
    unsigned rank = cast<LinSpaceOp>(op).getType().getRank();
    SmallVector<AffineMap> maps(op->getNumOperands(), noDims(rank, ctx));
    maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
    return maps;
  }

  FailureOr<ShardingOption>
  getShardingOption(Operation *op, ArrayRef<Sharding> /*operandShardings*/,
                    ArrayRef<Sharding> resultShardings) const {
    const Sharding &result = resultShardings[0];
    if (!result)
      return ShardingOption::makeEmpty();
    unsigned rank = cast<LinSpaceOp>(op).getType().getRank();
    return makeOption(result.getGridAttr(), axesPerDim(result, rank));
  }

  FailureOr<std::vector<Sharding>>
  getShardingAnnotations(Operation *op, const ShardingOption &option) const {
    if (!option.grid)
      return failure();
    unsigned rank = cast<LinSpaceOp>(op).getType().getRank();
    AxesPerDim axes = axesPerDim(option, rank);
    std::vector<Sharding> shardings(op->getNumOperands() + 1);
    Sharding result = existingResultSharding(op->getResult(0));
    if (!result || !sameAxes(result, axes))
      result = makeSharding(option.grid, axes);
    shardings.back() = result;
    return shardings;
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding> /*operandShardings*/,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbols,
                          OpBuilder &builder) const {
    auto linspace = cast<LinSpaceOp>(op);
    Sharding result = resultShardings.empty() ? Sharding() : resultShardings[0];
    if (sh::isReplicated(result)) {
      builder.clone(*op, partitionMap);
      return success();
    }
    std::optional<PartitionContext> opened =
        openPartition(op, builder, symbols, {{result, "result"}});
    if (!opened)
      return failure();
    PartitionContext &ctx = *opened;
    GridOp grid = ctx.getGrid();
    RankedTensorType type = linspace.getType();
    if (type.getRank() != 1)
      return ctx.error() << "can only partition a 1-d linspace";
    Type elementType = type.getElementType();
    Value start = partitionedOperands[0];
    Value stop = partitionedOperands[1];
    Value num = partitionedOperands[2];
    if (!elementType.isIntOrIndexOrFloat() ||
        !start.getType().isIntOrIndexOrFloat() ||
        !stop.getType().isIntOrIndexOrFloat() || !num.getType().isIntOrIndex())
      return ctx.error() << "needs int, index or float start, stop and element "
                            "type and an int or index count";

    Location loc = op->getLoc();
    IndexMath &math = ctx.idx();
    Value count = num;
    if (!count.getType().isIndex())
      count = builder.createOrFold<arith::IndexCastOp>(
          loc, builder.getIndexType(), count);
    // The count is a value even when constant: the result's size is
    // dynamic, so the parts may differ.
    OpFoldResult countSize =
        type.isDynamicDim(0) ? OpFoldResult(count) : getAsOpFoldResult(count);
    FailureOr<LocalPart> part = ctx.localPart(result, 0, countSize, "result");
    if (failed(part))
      return failure();
    OpFoldResult first = part->start;
    OpFoldResult size = part->size;
    ArrayRef<int64_t> halos = result.getStaticHaloSizes();
    if (!halos.empty()) {
      first = math.sub(first, math.cst(halos[0]));
      size = math.add(size, math.cst(halos[0] + halos[1]));
    }

    // step = (stop - start) / (endpoint ? num - 1 : num), with the divisor
    // kept >= 1 so that a single point stays `start`.
    Type computeType = getLinspaceComputeType(elementType);
    Value fStart = toFloat(builder, loc, start, computeType);
    Value fStop = toFloat(builder, loc, stop, computeType);
    OpFoldResult divisor = getAsOpFoldResult(count);
    if (linspace.getEndpoint())
      divisor = math.sub(divisor, math.cst(1));
    divisor = math.max(divisor, math.cst(1));
    Value step = arith::DivFOp::create(
        builder, loc, arith::SubFOp::create(builder, loc, fStop, fStart),
        toFloat(builder, loc, math.value(divisor), computeType));
    auto at = [&](OpFoldResult index) -> Value {
      Value fIndex = toFloat(builder, loc, math.value(index), computeType);
      return arith::AddFOp::create(
          builder, loc, fStart,
          arith::MulFOp::create(builder, loc, step, fIndex));
    };
    Value localStart = at(first);
    Value localStop = at(math.add(first, size));
    // An index count, as IMEX's partitioning gives.
    Value localNum = math.value(size);

    RankedTensorType local = localType(type, grid, result);
    auto newOp = LinSpaceOp::create(builder, loc, local, localStart, localStop,
                                    localNum, /*endpoint=*/false);
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    partitionMap.map(op->getResult(0), newOp.getResult());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

struct ReshapeShardingModel
    : public ViewShardingModel<ReshapeShardingModel, ReshapeOp> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    return SmallVector<utils::IteratorType>(
        cast<ReshapeOp>(op).getType().getRank(), utils::IteratorType::parallel);
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    MLIRContext *ctx = op->getContext();
    unsigned rank = cast<ReshapeOp>(op).getType().getRank();
    SmallVector<AffineMap> maps(op->getNumOperands(), noDims(rank, ctx));
    maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
    return maps;
  }

  FailureOr<ShardingOption>
  getShardingOption(Operation *op, ArrayRef<Sharding> operandShardings,
                    ArrayRef<Sharding> resultShardings) const {
    auto reshape = cast<ReshapeOp>(op);
    unsigned rank = reshape.getType().getRank();
    if (const Sharding &result = resultShardings[0])
      return makeOption(result.getGridAttr(), axesPerDim(result, rank));
    const Sharding &source = operandShardings[0];
    if (!source)
      return ShardingOption::makeEmpty();
    // Without a request on the result, keep a leading-dimension split when
    // it carries over; otherwise compute the reshape replicated.
    AxesPerDim sourceAxes =
        axesPerDim(source, reshape.getSource().getType().getRank());
    AxesPerDim axes(rank);
    if (rank > 0 && !sourceAxes.empty() && sourceAxes[0].size() == 1 &&
        llvm::all_of(llvm::drop_begin(sourceAxes),
                     [](const auto &a) { return a.empty(); })) {
      axes[0] = sourceAxes[0];
      if (!leadingSplitCarriesOver(reshape, axes))
        axes[0].clear();
    }
    return makeOption(source.getGridAttr(), std::move(axes));
  }

  FailureOr<std::vector<Sharding>>
  getShardingAnnotations(Operation *op, const ShardingOption &option) const {
    auto reshape = cast<ReshapeOp>(op);
    if (!option.grid)
      return failure();
    unsigned rank = reshape.getType().getRank();
    AxesPerDim axes = axesPerDim(option, rank);
    std::vector<Sharding> shardings(op->getNumOperands() + 1);
    Sharding result = existingResultSharding(op->getResult(0));
    if (!result || !sameAxes(result, axes))
      result = makeSharding(option.grid, axes);
    shardings.back() = result;
    AxesPerDim sourceAxes(reshape.getSource().getType().getRank());
    if (leadingSplitCarriesOver(reshape, axes))
      sourceAxes[0] = axes[0];
    shardings[0] = makeSharding(option.grid, std::move(sourceAxes));
    return shardings;
  }

  LogicalResult partitionView(ReshapeOp reshape, PartitionContext &ctx,
                              Sharding source, Sharding result,
                              ArrayRef<Value> partitionedOperands,
                              IRMapping &partitionMap,
                              OpBuilder &builder) const {
    Operation *op = reshape;
    GridOp grid = ctx.getGrid();
    if (hasNonZeroHalos(source) || hasNonZeroHalos(result) ||
        !source.getStaticShardedDimsOffsets().empty() ||
        !result.getStaticShardedDimsOffsets().empty())
      return ctx.error() << "cannot partition a reshape with halos or explicit "
                            "shard offsets";
    Location loc = op->getLoc();
    RankedTensorType type = reshape.getType();
    RankedTensorType local = localType(type, grid, result);
    SmallVector<Value> shape(partitionedOperands.drop_front());
    AxesPerDim resultAxes = axesPerDim(result, type.getRank());

    if (!sh::isReplicated(source)) {
      // Both split along the leading dimension into equal contiguous blocks.
      AxesPerDim sourceAxes =
          axesPerDim(source, reshape.getSource().getType().getRank());
      AxesPerDim expected(sourceAxes.size());
      if (leadingSplitCarriesOver(reshape, resultAxes))
        expected[0] = resultAxes[0];
      if (sourceAxes != expected)
        return ctx.error()
               << "a split source is only supported when source and result "
                  "split their evenly divisible leading dimensions alike; "
                  "replicate the source";
      if (!shape.empty())
        shape[0] = ctx.idx().value(ctx.idx().cst(local.getDimSize(0)));
      auto newOp =
          ReshapeOp::create(builder, loc, local, partitionedOperands[0], shape,
                            reshape.getCopyAttr());
      newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
      partitionMap.map(op->getResult(0), newOp.getResult());
      return success();
    }

    // Replicated source: reshape it whole, then take this process's part.
    auto whole = ReshapeOp::create(builder, loc, type, partitionedOperands[0],
                                   shape, reshape.getCopyAttr());
    whole->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    IndexMath &math = ctx.idx();
    SmallVector<OpFoldResult> offsets, sizes;
    SmallVector<OpFoldResult> strides(type.getRank(), math.cst(1));
    for (unsigned d = 0; d < type.getRank(); ++d) {
      OpFoldResult size =
          type.isDynamicDim(d)
              ? (d < shape.size() ? OpFoldResult(shape[d])
                                  : OpFoldResult(tensor::DimOp::create(
                                                     builder, loc, whole, d)
                                                     .getResult()))
              : math.cst(type.getDimSize(d));
      if (resultAxes[d].empty()) {
        offsets.push_back(math.cst(0));
        sizes.push_back(size);
        continue;
      }
      FailureOr<LocalPart> part = ctx.localPart(result, d, size, "result");
      if (failed(part))
        return failure();
      offsets.push_back(part->start);
      sizes.push_back(local.isDynamicDim(d) ? part->size
                                            : math.cst(local.getDimSize(d)));
    }
    auto view = SubviewOp::create(builder, loc, local, whole.getResult(),
                                  offsets, sizes, strides);
    partitionMap.map(op->getResult(0), view.getResult());
    return success();
  }

private:
  /// True iff splitting the result's leading dimension along `axes[0]` (and
  /// nothing else) matches splitting the source's leading dimension alike:
  /// static sizes, both leading dimensions divisible by the shard count and
  /// equal element counts, so every shard holds the same contiguous block.
  static bool leadingSplitCarriesOver(ReshapeOp op, const AxesPerDim &axes) {
    if (axes.empty() || axes[0].size() != 1 ||
        llvm::any_of(llvm::drop_begin(axes),
                     [](const auto &a) { return !a.empty(); }))
      return false;
    RankedTensorType sourceType = op.getSource().getType();
    RankedTensorType type = op.getType();
    if (sourceType.getRank() == 0 || !sourceType.hasStaticShape() ||
        !type.hasStaticShape() ||
        sourceType.getNumElements() != type.getNumElements())
      return false;
    SymbolTableCollection symbols;
    GridOp grid;
    if (Sharding source = existingOperandSharding(op->getOpOperand(0)))
      grid = getGridOrNull(op, source.getGridAttr(), symbols);
    if (!grid) {
      Sharding existing = existingResultSharding(op->getResult(0));
      if (existing)
        grid = getGridOrNull(op, existing.getGridAttr(), symbols);
    }
    if (!grid)
      return false;
    GridAxis axis = axes[0][0];
    if (axis < 0 || axis >= grid.getRank())
      return false;
    int64_t n = grid.getShape()[axis];
    return !ShapedType::isDynamic(n) && n > 0 &&
           sourceType.getDimSize(0) % n == 0 && type.getDimSize(0) % n == 0;
  }
};

//===----------------------------------------------------------------------===//
// copy between layouts
//===----------------------------------------------------------------------===//

/// An ndarray.copy whose result is sharded differently from its operand
/// (partition-sharded-functions inserts them where upstream partitioning
/// cannot reshard: to or from explicit sharded_dims_offsets) moves the
/// data into the result's layout: the operand's halos are dropped, split
/// dimensions are gathered (to a replicated result; the parts must lie as
/// imex::blockStart places them, as all_gather's lowering expects) or a
/// replicated operand is cut into this process's part, and the result's
/// halos are filled by a halo exchange.
LogicalResult partitionCopyBetweenLayouts(CopyOp op, Value local,
                                          const Sharding &from,
                                          const Sharding &to,
                                          IRMapping &partitionMap,
                                          SymbolTableCollection &symbols,
                                          OpBuilder &builder) {
  std::optional<PartitionContext> opened =
      openPartition(op, builder, symbols, {{from, "source"}, {to, "result"}});
  if (!opened)
    return failure();
  PartitionContext &ctx = *opened;
  IndexMath &math = ctx.idx();
  GridOp grid = ctx.getGrid();
  Location loc = op.getLoc();
  RankedTensorType type = op.getSource().getType();
  unsigned rank = type.getRank();
  auto haloOf = [](const Sharding &sharding, unsigned dim, unsigned side) {
    ArrayRef<int64_t> halos = sharding.getStaticHaloSizes();
    return halos.empty() ? int64_t(0)
                         : halos[2 * splitDimIndex(sharding, dim) + side];
  };
  auto isSplit = [](const Sharding &sharding, unsigned dim) {
    return !sh::splitAxesOf(sharding, dim).empty();
  };

  // The core: this process's part without the operand's halos.
  Value core = local;
  if (hasNonZeroHalos(from)) {
    SmallVector<OpFoldResult> offsets(rank, math.cst(0));
    SmallVector<OpFoldResult> sizes = mixedSizes(builder, loc, local);
    for (unsigned d = 0; d < rank; ++d) {
      if (!isSplit(from, d))
        continue;
      offsets[d] = math.cst(haloOf(from, d, 0));
      sizes[d] =
          math.sub(sizes[d], math.cst(haloOf(from, d, 0) + haloOf(from, d, 1)));
    }
    core = sliceOf(builder, loc, local, offsets, sizes);
  }

  Value result;
  if (sh::isReplicated(to)) {
    // Gather the split dimensions, one at a time.
    result = core;
    SmallVector<int64_t> shape(
        cast<RankedTensorType>(core.getType()).getShape());
    for (unsigned d = 0; d < rank; ++d) {
      if (!isSplit(from, d))
        continue;
      FailureOr<std::optional<sh::StaticDimLayout>> layout =
          sh::getStaticDimLayout(from, grid, d, type.getDimSize(d));
      int64_t n = succeeded(layout) && *layout ? (*layout)->numShards() : 0;
      bool blocks = n > 0;
      for (int64_t i = 0; blocks && i <= n; ++i)
        blocks =
            (*layout)->bounds[i] == imex::blockStart(i, n, type.getDimSize(d));
      // The shard dialect wants a dynamic whole from dynamic parts.
      if (!ShapedType::isDynamic(shape[d]))
        shape[d] = type.getDimSize(d);
      auto gathered = RankedTensorType::get(shape, type.getElementType());
      auto gather =
          AllGatherOp::create(builder, loc, gathered, grid.getSymName(),
                              SmallVector<GridAxis>(sh::splitAxesOf(from, d)),
                              result, APInt(64, d));
      if (!blocks)
        gather->setAttr(imex::kPartsNotBlocksAttr, builder.getUnitAttr());
      result = gather.getResult();
    }
  } else if (sh::isReplicated(from)) {
    // Cut this process's part out of the whole array.
    SmallVector<OpFoldResult> offsets(rank, math.cst(0));
    SmallVector<OpFoldResult> sizes = mixedSizes(builder, loc, core);
    for (unsigned d = 0; d < rank; ++d) {
      if (!isSplit(to, d))
        continue;
      FailureOr<LocalPart> part = ctx.localPart(to, d, sizes[d], "result");
      if (failed(part))
        return failure();
      offsets[d] = part->start;
      sizes[d] = part->size;
    }
    result = sliceOf(builder, loc, core, offsets, sizes);
  } else if (from.equalSplitAxes(to) && from.getStaticShardedDimsOffsets() ==
                                            to.getStaticShardedDimsOffsets()) {
    result = core; // only the halos change
  } else {
    return op.emitOpError("cannot partition a copy from ")
           << from << " to " << to
           << ": copies between layouts gather, slice or change halos, and "
              "keep explicit sharded_dims_offsets";
  }

  if (hasNonZeroHalos(to))
    result =
        withExchangedHalos(builder, loc, result, to, to.getStaticHaloSizes());
  RankedTensorType expected = localType(op.getType(), grid, to);
  if (result.getType() != expected)
    result = tensor::CastOp::create(builder, loc, expected, result);
  partitionMap.map(op.getResult(), result);
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// copy, delete, cast_elemtype
//===----------------------------------------------------------------------===//

/// Upstream's elementwise model, except with explicit sharded_dims_offsets,
/// on which upstream's (LLVM 22) computes no local type and crashes: then
/// the result has the local shape of the operand, whose sharding it must
/// have. Where upstream partitioning could not reshard an operand (to or
/// from such offsets) it hands over a null value: a diagnostic.
template <typename OpTy>
struct ElementwiseShardingModel
    : public ShardingInterface::ExternalModel<ElementwiseShardingModel<OpTy>,
                                              OpTy> {
  using Upstream = ElementwiseShardingInterface<OpTy>;

  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    return Upstream().getLoopIteratorTypes(op);
  }
  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    return Upstream().getIndexingMaps(op);
  }
  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding> operandShardings,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbols,
                          OpBuilder &builder) const {
    for (auto [index, operand] : llvm::enumerate(partitionedOperands))
      if (!operand)
        return op->emitOpError("cannot partition: operand ")
               << index
               << " could not be resharded to the op's sharding (upstream "
                  "partitioning does not reshard, e.g., to or from explicit "
                  "sharded_dims_offsets)";
    // Upstream's model crashes on a result without a sharding.
    for (auto [index, result] : llvm::enumerate(resultShardings))
      if (!result)
        return op->emitOpError("cannot partition: result ")
               << index
               << " has no sharding (annotate it, or run "
                  "sharding-propagation first)";
    auto hasOffsets = [](const Sharding &sharding) {
      return sharding && (!sharding.getStaticShardedDimsOffsets().empty() ||
                          !sharding.getDynamicShardedDimsOffsets().empty());
    };
    if (llvm::none_of(operandShardings, hasOffsets) &&
        llvm::none_of(resultShardings, hasOffsets))
      return Upstream().partition(op, partitionedOperands, operandShardings,
                                  resultShardings, partitionMap, symbols,
                                  builder);
    if constexpr (std::is_same_v<OpTy, CopyOp>)
      if (resultShardings.front() != operandShardings.front())
        return partitionCopyBetweenLayouts(
            cast<CopyOp>(op), partitionedOperands.front(),
            operandShardings.front(), resultShardings.front(), partitionMap,
            symbols, builder);
    for (const Sharding &result : resultShardings)
      if (result != operandShardings.front())
        return op->emitOpError("cannot partition: the result must be sharded "
                               "like the operand when either has explicit "
                               "sharded_dims_offsets");
    auto local = cast<RankedTensorType>(partitionedOperands.front().getType());
    SmallVector<Type> resultTypes;
    for (Type type : op->getResultTypes()) {
      auto tensor = cast<RankedTensorType>(type);
      resultTypes.push_back(RankedTensorType::get(
          local.getShape(), tensor.getElementType(), tensor.getEncoding()));
    }
    partitionMap.map(op->getOperands(), partitionedOperands);
    Operation *partitioned = builder.clone(*op, partitionMap);
    for (auto [result, type] :
         llvm::zip(partitioned->getResults(), resultTypes))
      result.setType(type);
    partitionMap.map(op->getResults(), partitioned->getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void imex::ndarray::registerShardingInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, NDArrayDialect *) {
    SubviewOp::attachInterface<SubviewShardingModel>(*ctx);
    InsertSliceOp::attachInterface<InsertSliceShardingModel>(*ctx);
    LinSpaceOp::attachInterface<LinSpaceShardingModel>(*ctx);
    ReshapeOp::attachInterface<ReshapeShardingModel>(*ctx);
    CopyOp::attachInterface<ElementwiseShardingModel<CopyOp>>(*ctx);
    DeleteOp::attachInterface<ElementwiseShardingModel<DeleteOp>>(*ctx);
    CastElemTypeOp::attachInterface<ElementwiseShardingModel<CastElemTypeOp>>(
        *ctx);
  });
}
