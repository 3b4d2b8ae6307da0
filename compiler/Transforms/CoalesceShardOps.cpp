//===- CoalesceShardOps.cpp - coalesce shard ops around ndarray views -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// After sharding propagation every subview of a sharded array gets the
// sharding under which its elements already lie on the array's shards, and
// every insert_slice source the part each shard owns in the destination.
// Elementwise code between them is annotated with plain balanced shardings,
// so partitioning would reshard between all of these. This pass
//
//  1. back-propagates the part an insert_slice writes (its source sharding)
//     to the elementwise producers and the subviews and creators feeding
//     them, so the whole expression is computed in that layout, and
//  2. gives the arrays those subviews read halos that cover what each shard
//     then needs (the "bounding box" of all subviews of that array), shared
//     by all of them, so one halo exchange replaces a reshard per view.
//
// See the pass description in Passes.td for the exact rules.
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "imex/Dialect/NDArray/Transforms/ShardingInterfaceImpl.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/raw_ostream.h"

namespace imex {
#define GEN_PASS_DEF_COALESCESHARDOPS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;
using namespace mlir::shard;
using namespace imex;
namespace sh = imex::ndarray::sharding;

namespace {

//===----------------------------------------------------------------------===//
// Op classification
//===----------------------------------------------------------------------===//

/// Ops that create a new array without reading another one.
bool isCreator(Operation *op) {
  return isa<tensor::EmptyOp, tensor::SplatOp, ndarray::LinSpaceOp>(op);
}

/// The ranked tensor operands of an elementwise op (elementwise tosa op or
/// all-parallel linalg op with identity maps) that have the result's shape;
/// failure when `op` is not such an op or broadcasts.
FailureOr<SmallVector<Value>> elementwiseOperands(Operation *op) {
  if (op->getNumResults() != 1)
    return failure();
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType)
    return failure();
  SmallVector<Value> operands;
  auto add = [&](Value v) -> LogicalResult {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type)
      return success(); // a scalar, e.g. a fill value
    if (type.getShape() != resultType.getShape())
      return failure();
    operands.push_back(v);
    return success();
  };
  if (op->hasTrait<OpTrait::tosa::TosaElementwiseOperator>() ||
      isa<tosa::MulOp>(op)) {
    ValueRange inputs = op->getOperands();
    if (auto mul = dyn_cast<tosa::MulOp>(op))
      inputs = ValueRange{mul.getInput1(), mul.getInput2()};
    for (Value v : inputs)
      if (failed(add(v)))
        return failure();
    return operands;
  }
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    if (linalgOp.getNumParallelLoops() != linalgOp.getNumLoops() ||
        linalgOp.getNumDpsInits() != 1)
      return failure();
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<RankedTensorType>(operand.get().getType()))
        continue;
      if (!linalgOp.getMatchingIndexingMap(&operand).isIdentity() ||
          failed(add(operand.get())))
        return failure();
    }
    return operands;
  }
  return failure();
}

/// The array that `value` is a view, version or alias of: a block argument
/// or the result of the op that creates it.
Value getBaseArray(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return value;
  if (auto shardOp = dyn_cast<ShardOp>(def))
    return getBaseArray(shardOp.getSrc());
  if (isCreator(def))
    return value;
  if (auto subview = dyn_cast<ndarray::SubviewOp>(def))
    return getBaseArray(subview.getSource());
  // An insert_slice result is a new version of its destination; any other
  // op that writes its init (a copy, a fill) makes a new array.
  if (auto insert = dyn_cast<ndarray::InsertSliceOp>(def))
    return getBaseArray(insert.getDestination());
  if (auto cast = dyn_cast<UnrealizedConversionCastOp>(def))
    if (cast.getInputs().size() == 1 && cast.getOutputs().size() == 1)
      return getBaseArray(cast.getInputs().front());
  return value;
}

/// The shard.shard annotating the result of `op` (through a single-use
/// unrealized cast), or null.
ShardOp getResultAnnotation(Operation *op) {
  if (auto shardOp = dyn_cast<ShardOp>(op))
    return shardOp.getAnnotateForUsers() ? ShardOp() : shardOp;
  if (op->getNumResults() != 1 || !op->getResult(0).hasOneUse())
    return {};
  Operation *user = *op->getResult(0).user_begin();
  if (auto cast = dyn_cast<UnrealizedConversionCastOp>(user)) {
    if (cast->getNumResults() != 1 || !cast->getResult(0).hasOneUse())
      return {};
    user = *cast->getResult(0).user_begin();
  }
  auto shardOp = dyn_cast<ShardOp>(user);
  return shardOp && !shardOp.getAnnotateForUsers() ? shardOp : ShardOp();
}

/// The annotate_for_users shard.shard defining `value`, or null.
ShardOp getUseAnnotation(Value value) {
  auto shardOp = value.getDefiningOp<ShardOp>();
  return shardOp && shardOp.getAnnotateForUsers() ? shardOp : ShardOp();
}

bool isStatic(const Sharding &sharding) {
  return sharding.getDynamicHaloSizes().empty() &&
         sharding.getDynamicShardedDimsOffsets().empty();
}

/// How a base array is annotated: `value` is the annotated array the
/// views read (the result of its defining annotation, or a block argument
/// that only has annotations for its users) and `sharding` its sharding.
struct BaseLayout {
  Value value;
  Sharding sharding;
};

std::optional<BaseLayout> getBaseLayout(Value base) {
  if (Operation *def = base.getDefiningOp()) {
    if (ShardOp ann = getResultAnnotation(def))
      return BaseLayout{ann.getResult(), Sharding(ann.getSharding())};
    return std::nullopt;
  }
  // A block argument: its own annotation, or else the (equal) annotations
  // of all its users.
  std::optional<BaseLayout> layout;
  for (Operation *user : base.getUsers()) {
    auto ann = dyn_cast<ShardOp>(user);
    if (!ann)
      continue;
    Sharding sharding(ann.getSharding());
    if (!ann.getAnnotateForUsers())
      return BaseLayout{ann.getResult(), sharding};
    if (layout && layout->sharding != sharding)
      return std::nullopt;
    layout = BaseLayout{base, sharding};
  }
  return layout;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// A subview or insert_slice with its annotations.
struct SliceOp {
  Operation *op;
  ShardOp arrayAnn;  // annotation of the viewed / updated array operand
  ShardOp resultAnn; // annotation of the result; null if unused
  ShardOp sourceAnn; // annotation of a non-0-d insert_slice source
};

class Coalescer {
public:
  Coalescer(Operation *root, DominanceInfo &dominance)
      : root(root), dominance(dominance), builder(root->getContext()) {}

  /// Finds and groups the slice ops; false if the sharding is incomplete.
  bool collect();
  void backPropagateSourceShardings();
  void retargetViews();
  void unifyBoundingBoxes();
  void cleanup();

private:
  /// Gathers into `chain` the shard.shard ops on the single-use producer
  /// chain of `value` that would take sharding `target`; false if the chain
  /// reaches something that cannot.
  bool collectChain(Value value, const Sharding &target,
                    SmallVectorImpl<ShardOp> &chain);
  void assign(ShardOp shardOp, const Sharding &sharding);
  /// Gives a base array the halos that make the parts of its views local
  /// (the bounding box of all of them), and its views and the
  /// insert_slices that only feed them the haloed layout.
  void coalesceGroup(Value baseArray, ArrayRef<SliceOp> ops);

  /// The subviews of the base array (or of its versions, the results of
  /// insert_slices into it) that may read a haloed layout, and those
  /// insert_slices.
  struct BaseSlices {
    SmallVector<ndarray::InsertSliceOp> versionInserts;
    SmallVector<ndarray::SubviewOp> views;
  };
  BaseSlices selectSlices(Value baseValue, const Sharding &base, unsigned rank,
                          ArrayRef<SliceOp> ops);

  /// Halo sizes that make every view's part local, at least the base's
  /// own; `coalesced` gets the views whose parts are statically known.
  SmallVector<int64_t>
  coveringHalos(const Sharding &base, GridOp grid,
                ArrayRef<std::optional<sh::StaticDimLayout>> layouts,
                unsigned numSplitDims, ArrayRef<ndarray::SubviewOp> views,
                SmallVectorImpl<ndarray::SubviewOp> &coalesced);

  /// The insert_slices that keep the haloed layout.
  SmallVector<ndarray::InsertSliceOp>
  haloedInserts(ArrayRef<ndarray::InsertSliceOp> versionInserts,
                ArrayRef<ndarray::SubviewOp> coalesced);

  /// Annotates the views and haloed insert_slices with the haloed layout,
  /// one annotation per array value.
  void annotateHaloed(Value baseValue, const Sharding &base,
                      const Sharding &haloed,
                      ArrayRef<ndarray::SubviewOp> coalesced,
                      ArrayRef<ndarray::InsertSliceOp> inserts);
  Value annotateBlockArgument(BlockArgument arg, const Sharding &sharding);

  Operation *root;
  DominanceInfo &dominance;
  OpBuilder builder;
  SymbolTableCollection symbols;
  llvm::MapVector<Value, SmallVector<SliceOp>> groups;
  llvm::SetVector<Operation *> createdShardings;
  llvm::SetVector<Operation *> replacedShardings;
};

bool Coalescer::collect() {
  // Every annotation must refer to a shard.sharding op.
  bool complete =
      !root->walk([](ShardOp shardOp) {
             return shardOp.getSharding().getDefiningOp<ShardingOp>()
                        ? WalkResult::advance()
                        : WalkResult::interrupt();
           })
           .wasInterrupted();
  if (!complete)
    return false;
  root->walk([&](Operation *op) {
    if (!isa<ndarray::SubviewOp, ndarray::InsertSliceOp>(op))
      return WalkResult::advance();
    SliceOp slice{op, {}, {}, {}};
    Value array;
    if (auto subview = dyn_cast<ndarray::SubviewOp>(op)) {
      array = subview.getSource();
    } else {
      auto insert = cast<ndarray::InsertSliceOp>(op);
      array = insert.getDestination();
      if (insert.getSourceType().getRank() > 0) {
        slice.sourceAnn = getUseAnnotation(insert.getSource());
        complete &= bool(slice.sourceAnn);
      }
    }
    slice.arrayAnn = getUseAnnotation(array);
    if (!op->getResult(0).use_empty()) {
      slice.resultAnn = getResultAnnotation(op);
      complete &= bool(slice.resultAnn);
    }
    Value base = getBaseArray(array);
    complete &= slice.arrayAnn && getBaseLayout(base).has_value();
    if (!complete)
      return WalkResult::interrupt();
    groups[base].push_back(slice);
    return WalkResult::advance();
  });
  return complete;
}

void Coalescer::assign(ShardOp shardOp, const Sharding &sharding) {
  if (Sharding(shardOp.getSharding()) == sharding)
    return;
  builder.setInsertionPoint(shardOp);
  auto shardingOp = ShardingOp::create(builder, shardOp.getLoc(), sharding);
  createdShardings.insert(shardingOp);
  if (Operation *old = shardOp.getSharding().getDefiningOp())
    replacedShardings.insert(old);
  shardOp.getShardingMutable().assign(shardingOp.getResult());
}

bool Coalescer::collectChain(Value value, const Sharding &target,
                             SmallVectorImpl<ShardOp> &chain) {
  auto shardOp = value.getDefiningOp<ShardOp>();
  if (!shardOp || !shardOp->hasOneUse() ||
      !Sharding(shardOp.getSharding()).equalSplitAxes(target))
    return false;
  chain.push_back(shardOp);
  Value src = shardOp.getSrc();
  if (shardOp.getAnnotateForUsers())
    return collectChain(src, target, chain);
  // The annotation of a producer's result.
  Operation *producer = src.getDefiningOp();
  if (!producer || !src.hasOneUse())
    return false;
  if (isa<ndarray::SubviewOp>(producer) || isCreator(producer))
    return true;
  FailureOr<SmallVector<Value>> operands = elementwiseOperands(producer);
  if (failed(operands))
    return false;
  for (Value operand : *operands)
    if (!collectChain(operand, target, chain))
      return false;
  return true;
}

void Coalescer::backPropagateSourceShardings() {
  for (auto &group : groups) {
    for (SliceOp &slice : group.second) {
      if (!slice.sourceAnn)
        continue;
      Sharding target(slice.sourceAnn.getSharding());
      if (!isStatic(target) || sh::isReplicated(target))
        continue;
      SmallVector<ShardOp> chain;
      if (!collectChain(slice.sourceAnn.getSrc(), target, chain))
        continue;
      for (ShardOp shardOp : chain)
        assign(shardOp, target);
    }
  }
}

Value Coalescer::annotateBlockArgument(BlockArgument arg,
                                       const Sharding &sharding) {
  builder.setInsertionPointToStart(arg.getOwner());
  auto shardingOp = ShardingOp::create(builder, arg.getLoc(), sharding);
  createdShardings.insert(shardingOp);
  auto ann = ShardOp::create(builder, arg.getLoc(), arg, shardingOp.getResult(),
                             /*annotate_for_users=*/false);
  arg.replaceUsesWithIf(ann.getResult(), [&](OpOperand &use) {
    auto user = dyn_cast<ShardOp>(use.getOwner());
    return user && user != ann && user.getAnnotateForUsers();
  });
  return ann.getResult();
}

void Coalescer::retargetViews() {
  for (auto &group : groups) {
    for (SliceOp &slice : group.second) {
      if (!isa<ndarray::SubviewOp>(slice.op) || !slice.resultAnn ||
          !slice.resultAnn->hasOneUse())
        continue;
      auto reader = dyn_cast<ShardOp>(*slice.resultAnn->user_begin());
      if (!reader || !reader.getAnnotateForUsers())
        continue;
      Sharding wanted(reader.getSharding());
      Sharding current(slice.resultAnn.getSharding());
      if (!isStatic(wanted) || !wanted.equalSplitAxes(current) ||
          !wanted.getStaticHaloSizes().empty() || sh::isReplicated(wanted))
        continue;
      assign(slice.resultAnn, wanted);
    }
  }
}

void Coalescer::coalesceGroup(Value baseArray, ArrayRef<SliceOp> ops) {
  std::optional<BaseLayout> layout = getBaseLayout(baseArray);
  if (!layout)
    return;
  Sharding base = layout->sharding;
  auto baseType = dyn_cast<RankedTensorType>(baseArray.getType());
  GridOp grid = getGridOrNull(ops.front().op, base.getGridAttr(), symbols);
  if (!baseType || !grid || sh::isReplicated(base) || !isStatic(base) ||
      !base.getStaticShardedDimsOffsets().empty())
    return;
  unsigned rank = baseType.getRank();

  // Static layouts of the base's split dimensions (halos ignored: they give
  // the cores).
  SmallVector<std::optional<sh::StaticDimLayout>> layouts(rank);
  unsigned numSplitDims = 0;
  for (unsigned d = 0; d < rank; ++d) {
    auto layout = sh::getStaticDimLayout(base, grid, d, baseType.getDimSize(d));
    if (failed(layout))
      return;
    layouts[d] = *layout;
    numSplitDims += bool(*layout);
  }

  BaseSlices slices = selectSlices(layout->value, base, rank, ops);
  if (slices.views.empty())
    return;
  SmallVector<ndarray::SubviewOp> coalesced;
  SmallVector<int64_t> halos =
      coveringHalos(base, grid, layouts, numSplitDims, slices.views, coalesced);
  if (coalesced.empty())
    return;
  ArrayRef<int64_t> oldHalos = base.getStaticHaloSizes();
  bool unchanged = oldHalos.empty()
                       ? llvm::all_of(halos, [](int64_t h) { return h == 0; })
                       : ArrayRef<int64_t>(halos) == oldHalos;
  if (unchanged)
    return;
  Sharding haloed =
      Sharding::get(base.getGridAttr(), base.getSplitAxes(), halos);
  annotateHaloed(layout->value, base, haloed, coalesced,
                 haloedInserts(slices.versionInserts, coalesced));
}

Coalescer::BaseSlices Coalescer::selectSlices(Value baseValue,
                                              const Sharding &base,
                                              unsigned rank,
                                              ArrayRef<SliceOp> ops) {
  BaseSlices slices;
  // Array values that hold the base array's data in its coordinates: the
  // base annotation and the annotated results of insert_slices into them.
  llvm::SmallPtrSet<Value, 8> versions{baseValue};
  for (SliceOp slice : ops) {
    if (!versions.contains(slice.arrayAnn.getSrc()) ||
        !slice.arrayAnn->hasOneUse() ||
        !Sharding(slice.arrayAnn.getSharding()).equalSplitAxes(base))
      continue;
    if (auto insert = dyn_cast<ndarray::InsertSliceOp>(slice.op)) {
      if (slice.resultAnn && Sharding(slice.resultAnn.getSharding()) ==
                                 Sharding(slice.arrayAnn.getSharding())) {
        versions.insert(slice.resultAnn.getResult());
        slices.versionInserts.push_back(insert);
      }
      continue;
    }
    auto subview = cast<ndarray::SubviewOp>(slice.op);
    if (!slice.resultAnn)
      continue;
    Sharding target(slice.resultAnn.getSharding());
    std::optional<llvm::SmallBitVector> dropped = subview.getDroppedDims();
    if (!dropped || !isStatic(target) ||
        llvm::any_of(target.getStaticHaloSizes(), [](int64_t h) { return h; }))
      continue;
    // The split dimensions must stay split along the same axes and have
    // static slice parameters.
    bool usable = true;
    unsigned r = 0;
    for (unsigned d = 0; d < rank && usable; ++d) {
      ArrayRef<GridAxis> axes = sh::splitAxesOf(base, d);
      if (dropped->test(d)) {
        usable = axes.empty();
        continue;
      }
      unsigned resultDim = r++;
      usable = llvm::equal(axes, sh::splitAxesOf(target, resultDim));
      if (usable && !axes.empty())
        usable = !ShapedType::isDynamic(subview.getStaticOffsets()[d]) &&
                 !ShapedType::isDynamic(subview.getStaticSizes()[d]) &&
                 !ShapedType::isDynamic(subview.getStaticStrides()[d]) &&
                 subview.getStaticStrides()[d] > 0;
    }
    if (usable)
      slices.views.push_back(subview);
  }
  return slices;
}

SmallVector<int64_t>
Coalescer::coveringHalos(const Sharding &base, GridOp grid,
                         ArrayRef<std::optional<sh::StaticDimLayout>> layouts,
                         unsigned numSplitDims,
                         ArrayRef<ndarray::SubviewOp> views,
                         SmallVectorImpl<ndarray::SubviewOp> &coalesced) {
  unsigned rank = layouts.size();
  // Halo sizes that make every view's part local: the bounding box of all
  // parts of each shard relative to its core.
  ArrayRef<int64_t> oldHalos = base.getStaticHaloSizes();
  SmallVector<int64_t> halos(2 * numSplitDims, 0);
  if (!oldHalos.empty())
    halos.assign(oldHalos.begin(), oldHalos.end());
  for (ndarray::SubviewOp view : views) {
    Sharding target(getResultAnnotation(view).getSharding());
    std::optional<llvm::SmallBitVector> dropped = view.getDroppedDims();
    SmallVector<int64_t> needed(halos.size(), 0);
    bool known = true;
    unsigned r = 0;
    for (unsigned d = 0, k = 0; d < rank && known; ++d) {
      if (dropped->test(d))
        continue;
      unsigned resultDim = r++;
      if (!layouts[d])
        continue;
      int64_t offset = view.getStaticOffsets()[d];
      int64_t size = view.getStaticSizes()[d];
      int64_t stride = view.getStaticStrides()[d];
      auto part = sh::getStaticDimLayout(target, grid, resultDim, size);
      if (failed(part) || !*part ||
          (*part)->numShards() != layouts[d]->numShards()) {
        known = false;
        continue;
      }
      const SmallVector<int64_t> &core = layouts[d]->bounds;
      const SmallVector<int64_t> &bounds = (*part)->bounds;
      for (int64_t i = 0; i < layouts[d]->numShards(); ++i) {
        if (bounds[i + 1] <= bounds[i])
          continue;
        int64_t first = offset + bounds[i] * stride;
        int64_t last = offset + (bounds[i + 1] - 1) * stride;
        needed[2 * k] = std::max(needed[2 * k], core[i] - first);
        needed[2 * k + 1] = std::max(needed[2 * k + 1], last + 1 - core[i + 1]);
      }
      ++k;
    }
    if (!known)
      continue;
    for (auto [halo, need] : llvm::zip(halos, needed))
      halo = std::max(halo, need);
    coalesced.push_back(view);
  }
  return halos;
}

SmallVector<ndarray::InsertSliceOp>
Coalescer::haloedInserts(ArrayRef<ndarray::InsertSliceOp> versionInserts,
                         ArrayRef<ndarray::SubviewOp> coalesced) {
  // An insert_slice keeps the haloed layout (and refreshes its halos) when
  // its result only feeds coalesced views and such insert_slices.
  llvm::SmallPtrSet<Operation *, 8> readers(coalesced.begin(), coalesced.end());
  SmallVector<ndarray::InsertSliceOp> inserts;
  for (ndarray::InsertSliceOp insert : llvm::reverse(versionInserts)) {
    ShardOp resultAnn = getResultAnnotation(insert);
    bool onlyReaders = llvm::all_of(resultAnn->getUsers(), [&](Operation *u) {
      auto use = dyn_cast<ShardOp>(u);
      return use && use.getAnnotateForUsers() && use->hasOneUse() &&
             readers.contains(*use->user_begin()) &&
             (!isa<ndarray::InsertSliceOp>(*use->user_begin()) ||
              cast<ndarray::InsertSliceOp>(*use->user_begin())
                      .getDestination() == use.getResult());
    });
    if (resultAnn->use_empty() || !onlyReaders)
      continue;
    readers.insert(insert);
    inserts.push_back(insert);
  }

  return inserts;
}

void Coalescer::annotateHaloed(Value baseValue, const Sharding &base,
                               const Sharding &haloed,
                               ArrayRef<ndarray::SubviewOp> coalesced,
                               ArrayRef<ndarray::InsertSliceOp> inserts) {
  // Annotate: views and haloed insert_slices read the haloed layout, haloed
  // insert_slices produce it.
  SmallVector<ShardOp> readAnns;
  for (ndarray::SubviewOp view : coalesced)
    readAnns.push_back(view.getSource().getDefiningOp<ShardOp>());
  for (ndarray::InsertSliceOp insert : inserts) {
    readAnns.push_back(insert.getDestination().getDefiningOp<ShardOp>());
    assign(getResultAnnotation(insert), haloed);
  }
  // A block argument read directly gets its own annotation first, so that
  // the haloed layout is a resharding and not the argument's type.
  if (auto arg = dyn_cast<BlockArgument>(baseValue)) {
    Value annotated = annotateBlockArgument(arg, base);
    for (ShardOp ann : readAnns)
      if (ann.getSrc() == arg)
        ann.getSrcMutable().assign(annotated);
  }
  for (ShardOp ann : readAnns)
    assign(ann, haloed);

  // One annotation per array value: reuse the first that dominates.
  llvm::MapVector<Value, SmallVector<ShardOp>> bySource;
  for (ShardOp ann : readAnns)
    bySource[ann.getSrc()].push_back(ann);
  for (auto &entry : bySource) {
    SmallVector<ShardOp> &anns = entry.second;
    Block *block = anns.front()->getBlock();
    if (!llvm::all_of(anns, [&](ShardOp a) { return a->getBlock() == block; }))
      continue;
    llvm::sort(anns, [](ShardOp a, ShardOp b) {
      return a->isBeforeInBlock(b.getOperation());
    });
    for (ShardOp ann : llvm::drop_begin(anns)) {
      if (!dominance.properlyDominates(anns.front().getOperation(),
                                       ann.getOperation()))
        continue;
      Value sharding = ann.getSharding();
      ann.getResult().replaceAllUsesWith(anns.front().getResult());
      ann->erase();
      if (Operation *def = sharding.getDefiningOp())
        replacedShardings.insert(def);
    }
  }
}

void Coalescer::unifyBoundingBoxes() {
  for (auto &group : groups)
    coalesceGroup(group.first, group.second);
}

void Coalescer::cleanup() {
  // A new sharding op equal to an earlier operand-free one in its block is
  // replaced by it.
  for (Operation *op : createdShardings) {
    auto created = cast<ShardingOp>(op);
    for (Operation &prev : *created->getBlock()) {
      if (&prev == op)
        break;
      auto earlier = dyn_cast<ShardingOp>(prev);
      if (earlier && earlier->getNumOperands() == 0 &&
          !replacedShardings.contains(earlier) &&
          Sharding(earlier.getResult()) == Sharding(created.getResult())) {
        created.getResult().replaceAllUsesWith(earlier.getResult());
        replacedShardings.insert(op);
        break;
      }
    }
  }
  for (Operation *op : replacedShardings)
    if (op->use_empty())
      op->erase();
}

struct CoalesceShardOpsPass
    : imex::impl::CoalesceShardOpsBase<CoalesceShardOpsPass> {
  void runOnOperation() override {
    Coalescer coalescer(getOperation(), getAnalysis<DominanceInfo>());
    if (!coalescer.collect()) {
      llvm::errs() << "Non-existing or incomplete sharding. Skipping "
                      "coalescing shard ops.\n";
      markAllAnalysesPreserved();
      return;
    }
    coalescer.backPropagateSourceShardings();
    coalescer.retargetViews();
    coalescer.unifyBoundingBoxes();
    coalescer.cleanup();
  }
};

} // namespace
