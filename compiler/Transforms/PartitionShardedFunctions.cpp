//===- PartitionShardedFunctions.cpp - SPMD form of sharded functions -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "imex/Support/Shardings.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <limits>

namespace imex {
#define GEN_PASS_DEF_PARTITIONSHARDEDFUNCTIONS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// True if `shard` splits its value across processes along some axis.
bool splits(shard::ShardOp shard) {
  auto sharding = shard.getSharding().getDefiningOp<shard::ShardingOp>();
  // A sharding computed at run time may split: assume it does.
  if (!sharding)
    return true;
  return imex::splitsSomeDimension(sharding);
}

/// The annotation of `operand` for the op that reads it (after
/// propagation), if any.
shard::ShardOp annotationForReader(Value operand) {
  auto annotation = operand.getDefiningOp<shard::ShardOp>();
  return annotation && annotation.getAnnotateForUsers() ? annotation
                                                        : shard::ShardOp();
}

/// The annotations of `result` as the value its op makes.
SmallVector<shard::ShardOp> annotationsOfResult(Value result) {
  SmallVector<shard::ShardOp> annotations;
  for (Operation *user : result.getUsers())
    if (auto annotation = dyn_cast<shard::ShardOp>(user);
        annotation && !annotation.getAnnotateForUsers())
      annotations.push_back(annotation);
  return annotations;
}

/// True if `value` is annotated (for this op, after propagation) with a
/// sharding that splits it.
bool isSplit(Value value, bool asOperand) {
  if (asOperand) {
    shard::ShardOp annotation = annotationForReader(value);
    return annotation && splits(annotation);
  }
  return llvm::any_of(annotationsOfResult(value), splits);
}

/// Refuses linalg ops that read their loop indices and are split: upstream
/// partitioning keeps linalg.index, which then counts from 0 on every
/// process.
LogicalResult checkIndexUses(func::FuncOp func) {
  WalkResult result = func.walk([](linalg::LinalgOp op) {
    bool readsIndex = !op->getRegion(0).getOps<linalg::IndexOp>().empty();
    if (!readsIndex)
      return WalkResult::advance();
    bool split =
        llvm::any_of(op->getOperands(),
                     [](Value v) { return isSplit(v, /*asOperand=*/true); }) ||
        llvm::any_of(op->getResults(),
                     [](Value v) { return isSplit(v, /*asOperand=*/false); });
    if (!split)
      return WalkResult::advance();
    op->emitOpError("reads linalg.index and is split across processes, "
                    "which distributed programs do not support yet: each "
                    "process would see local indices (build the array with "
                    "replicated sharding, or from the function's arguments)");
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// The static sharding of `annotation`, if it has one.
std::optional<shard::Sharding> staticShardingOf(shard::ShardOp annotation) {
  if (auto sharding =
          annotation.getSharding().getDefiningOp<shard::ShardingOp>())
    return shard::Sharding(sharding);
  return std::nullopt;
}

/// Refuses linalg ops whose annotated operands and results split one loop
/// dimension differently (a column-split array plus a whole bias along the
/// columns, a transpose whose result is split in the input's other
/// dimension): upstream partitioning trusts the annotations of an op's
/// operands and builds ops of mismatched shapes.
LogicalResult checkConsistentSplits(func::FuncOp func) {
  WalkResult result = func.walk([](linalg::LinalgOp op) {
    if (!llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) {
          return map.isProjectedPermutation();
        }))
      return WalkResult::advance();
    // Per loop dimension: its split axes, and which operand said so.
    SmallVector<std::optional<std::pair<ArrayRef<shard::GridAxis>, unsigned>>>
        loops(op.getNumLoops());
    auto describe = [&](unsigned index, ArrayRef<shard::GridAxis> axes) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << (index < op->getNumOperands() ? "operand " : "result ")
         << (index < op->getNumOperands() ? index
                                          : index - op->getNumOperands());
      if (axes.empty())
        os << " keeps it whole";
      else
        os << " splits it along grid axis " << axes.front();
      return text;
    };
    auto record = [&](unsigned index, AffineMap map,
                      const shard::Sharding &sharding) {
      ArrayRef<shard::GridAxesAttr> split = sharding.getSplitAxes();
      for (unsigned d = 0; d < map.getNumResults(); ++d) {
        unsigned loop = map.getDimPosition(d);
        ArrayRef<shard::GridAxis> axes = d < split.size()
                                             ? split[d].asArrayRef()
                                             : ArrayRef<shard::GridAxis>();
        if (!loops[loop]) {
          loops[loop] = {axes, index};
          continue;
        }
        if (loops[loop]->first == axes)
          continue;
        op->emitOpError("splits loop dimension ")
            << loop << " two ways: "
            << describe(loops[loop]->second, loops[loop]->first) << ", "
            << describe(index, axes)
            << "; distributed programs cannot partition that (annotate them "
               "alike, or leave one to sharding propagation)";
        return failure();
      }
      return success();
    };
    for (OpOperand &operand : op->getOpOperands())
      if (shard::ShardOp annotation = annotationForReader(operand.get()))
        if (std::optional<shard::Sharding> sharding =
                staticShardingOf(annotation))
          if (failed(record(operand.getOperandNumber(),
                            op.getMatchingIndexingMap(&operand), *sharding)))
            return WalkResult::interrupt();
    for (OpResult result : op->getResults())
      for (shard::ShardOp annotation : annotationsOfResult(result))
        if (std::optional<shard::Sharding> sharding =
                staticShardingOf(annotation))
          if (failed(record(op->getNumOperands() + result.getResultNumber(),
                            op.getIndexingMapMatchingResult(result),
                            *sharding)))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Refuses explicit offsets written in the input: imexc splits unevenly in
/// blocks of its own (imex::blockStart: the parts C++ callers pass, and the
/// only ones its copies between layouts gather), and upstream partitioning
/// reshards to and from no explicit offsets.
/// Also refuses shardings along grid axes the grid does not have, or of one
/// dimension along several axes, which upstream partitioning crashes on.
LogicalResult checkShardings(func::FuncOp func,
                             SymbolTableCollection &symbols) {
  WalkResult result = func.walk([&](shard::ShardingOp sharding) {
    if (!sharding.getStaticShardedDimsOffsets().empty() ||
        !sharding.getDynamicShardedDimsOffsets().empty()) {
      sharding.emitOpError("splits unevenly (sharded_dims_offsets), which "
                           "distributed programs do not support yet");
      return WalkResult::interrupt();
    }
    auto grid = symbols.lookupNearestSymbolFrom<shard::GridOp>(
        sharding, sharding.getGridAttr());
    if (!grid) {
      sharding.emitOpError("refers to no shard.grid @") << sharding.getGrid();
      return WalkResult::interrupt();
    }
    // One process per grid element, each an MPI rank (an int); more would
    // also make upstream's propagation allocate per process.
    constexpr int64_t kMaxProcesses = std::numeric_limits<int32_t>::max();
    int64_t processes = 1;
    for (int64_t size : grid.getShape())
      if (!ShapedType::isDynamic(size) &&
          (size > kMaxProcesses || (processes *= size) > kMaxProcesses)) {
        grid.emitOpError("has more processes than MPI can number (")
            << kMaxProcesses << ")";
        return WalkResult::interrupt();
      }
    for (auto [dim, axes] :
         llvm::enumerate(sharding.getSplitAxes().getAxes())) {
      if (axes.size() > 1) {
        sharding.emitOpError("splits dimension ")
            << dim << " over " << axes.size()
            << " grid axes, which distributed programs do not support yet "
               "(one grid axis per dimension)";
        return WalkResult::interrupt();
      }
      for (shard::GridAxis axis : axes.asArrayRef()) {
        if (axis < 0 || axis >= grid.getRank()) {
          sharding.emitOpError("splits along grid axis ")
              << axis << ", but @" << grid.getSymName() << " has "
              << grid.getRank() << (grid.getRank() == 1 ? " axis" : " axes");
          return WalkResult::interrupt();
        }
      }
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// True if `sharding` gives halo sizes.
bool hasHalos(const shard::Sharding &sharding) {
  return !sharding.getStaticHaloSizes().empty() ||
         !sharding.getDynamicHaloSizes().empty();
}

/// Whether `func` annotates tensors with shardings (and so is partitioned).
/// A function with collectives alone is in its per-process form already.
bool hasAnnotations(func::FuncOp func) {
  return func.walk([](shard::ShardOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// The first op past the chain of annotations that starts at `value`.
Operation *firstReaderPastAnnotations(Value value) {
  for (Operation *user : value.getUsers()) {
    auto annotation = dyn_cast<shard::ShardOp>(user);
    if (!annotation)
      return user;
    if (Operation *reader = firstReaderPastAnnotations(annotation))
      return reader;
  }
  return nullptr;
}

/// Refuses an annotation that drops the halos of the value it annotates
/// (split the same way): upstream resharding computes the part's size
/// from memory it never wrote there. The error names the op that reads
/// the value without halos (propagation chose that), with a note where
/// the halos were given.
LogicalResult checkHaloDrops(func::FuncOp func) {
  WalkResult result = func.walk([](shard::ShardOp target) {
    auto source = target.getSrc().getDefiningOp<shard::ShardOp>();
    auto sourceDef =
        source ? source.getSharding().getDefiningOp<shard::ShardingOp>()
               : nullptr;
    auto targetDef = target.getSharding().getDefiningOp<shard::ShardingOp>();
    if (!sourceDef || !targetDef)
      return WalkResult::advance();
    shard::Sharding from(sourceDef), to(targetDef);
    if (!hasHalos(from) || hasHalos(to) || !from.equalSplitAxes(to))
      return WalkResult::advance();
    Operation *reader = firstReaderPastAnnotations(target);
    InFlightDiagnostic diag =
        (reader ? reader : target.getOperation())->emitOpError()
        << "reads a value split with halo_sizes without its halos "
           "(sharding propagation gave this op none), which distributed "
           "programs do not support yet; drop the halo_sizes (imexc gives "
           "stencil views the halos they need itself)";
    diag.attachNote(sourceDef.getLoc()) << "halos given here";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Makes every use of an annotated argument go through its annotation
/// (`%a = shard.shard %arg to %s`): upstream partitioning crashes on an op
/// that reads the argument itself (a tensor.dim asking its size, say).
void readArgumentsThroughAnnotations(func::FuncOp func) {
  for (BlockArgument arg : func.getArguments()) {
    SmallVector<shard::ShardOp> annotations;
    for (Operation *user : arg.getUsers())
      if (auto annotation = dyn_cast<shard::ShardOp>(user);
          annotation && !annotation.getAnnotateForUsers())
        annotations.push_back(annotation);
    if (annotations.size() != 1)
      continue;
    shard::ShardOp annotation = annotations.front();
    // The annotation moves to the entry, so that it dominates every use.
    annotation->moveBefore(&func.getBody().front(),
                           func.getBody().front().begin());
    if (Operation *sharding = annotation.getSharding().getDefiningOp())
      sharding->moveBefore(annotation);
    arg.replaceAllUsesExcept(annotation.getResult(), annotation);
  }
}

/// Names the grids `func` works on (attribute imexc.grids), for
/// finish-shard-to-mpi's process-count checks: partitioning leaves no
/// trace of them.
void recordGrids(func::FuncOp func) {
  llvm::SetVector<Attribute> grids;
  func.walk([&](Operation *op) {
    if (!isa_and_nonnull<shard::ShardDialect>(op->getDialect()))
      return;
    if (auto sharding = dyn_cast<shard::ShardingOp>(op))
      grids.insert(sharding.getGridAttr());
    else if (auto grid = op->getAttrOfType<FlatSymbolRefAttr>("grid"))
      grids.insert(grid);
  });
  func->setAttr("imexc.grids",
                ArrayAttr::get(func.getContext(), grids.getArrayRef()));
}

/// True if `sharding` is given by split axes alone.
bool isPlain(const shard::Sharding &sharding) {
  return !hasHalos(sharding) &&
         sharding.getStaticShardedDimsOffsets().empty() &&
         sharding.getDynamicShardedDimsOffsets().empty();
}

/// How many parts `axes` of `grid` split a dimension into.
int64_t partsAlong(shard::GridAxesAttr axes, shard::GridOp grid) {
  int64_t parts = 1;
  for (shard::GridAxis axis : axes.asArrayRef())
    parts *= grid.getShape()[axis];
  return parts;
}

/// The first static dimension of `type` that `sharding` splits over `grid`
/// into parts of unequal size, if any.
std::optional<unsigned> unevenDimension(const shard::Sharding &sharding,
                                        shard::GridOp grid,
                                        RankedTensorType type) {
  for (auto [dim, axes] : llvm::enumerate(sharding.getSplitAxes()))
    if (!axes.empty() && static_cast<int64_t>(dim) < type.getRank() &&
        !type.isDynamicDim(dim) &&
        type.getDimSize(dim) % partsAlong(axes, grid) != 0)
      return dim;
  return std::nullopt;
}

/// The explicit sharded_dims_offsets of `type` split by `sharding` on
/// `grid` (imex::blockStart, for every split dimension), or failure where
/// a split dimension is dynamic or split along several axes.
FailureOr<SmallVector<int64_t>> blockOffsets(const shard::Sharding &sharding,
                                             shard::GridOp grid,
                                             RankedTensorType type) {
  SmallVector<int64_t> offsets;
  for (auto [dim, axes] : llvm::enumerate(sharding.getSplitAxes())) {
    if (axes.empty())
      continue;
    if (axes.size() != 1 || static_cast<int64_t>(dim) >= type.getRank() ||
        type.isDynamicDim(dim))
      return failure();
    int64_t parts = partsAlong(axes, grid);
    for (int64_t i = 0; i <= parts; ++i)
      offsets.push_back(imex::blockStart(i, parts, type.getDimSize(dim)));
  }
  return offsets;
}

/// True if `annotation` splits its value in blocks without halos: plainly,
/// or at the explicit offsets that giveUnevenSplitsOffsets gives uneven
/// blocks.
bool splitsInBlocks(shard::ShardOp annotation) {
  auto sharding = annotation.getSharding().getDefiningOp<shard::ShardingOp>();
  if (!sharding)
    return false;
  shard::Sharding layout(sharding);
  if (isPlain(layout))
    return true;
  auto type = dyn_cast<RankedTensorType>(annotation.getType());
  auto grid = SymbolTable::lookupNearestSymbolFrom<shard::GridOp>(
      sharding, sharding.getGridAttr());
  if (!type || !grid || !layout.getStaticHaloSizes().empty())
    return false;
  FailureOr<SmallVector<int64_t>> blocks = blockOffsets(layout, grid, type);
  return succeeded(blocks) &&
         ArrayRef<int64_t>(*blocks) == layout.getStaticShardedDimsOffsets();
}

/// Split axes of dimension `dim` (none past the listed ones).
shard::GridAxesAttr axesOf(const shard::Sharding &sharding, unsigned dim,
                           MLIRContext *ctx) {
  ArrayRef<shard::GridAxesAttr> axes = sharding.getSplitAxes();
  return dim < axes.size() ? axes[dim] : shard::GridAxesAttr::get(ctx, {});
}

/// Gives `value` its own annotation with `sharding` (at `b`), read by all
/// its other uses.
void annotateAs(OpBuilder &b, Value value, Value sharding) {
  auto annotation = shard::ShardOp::create(b, value.getLoc(), value, sharding,
                                           /*annotate_for_users=*/false);
  value.replaceAllUsesExcept(annotation.getResult(), annotation);
}

/// Annotates what sharding propagation left without annotations as the
/// replicated values they are: arguments only annotated for some of their
/// users, and ops it left alone (say an op on an argument that another,
/// split op also reads): their tensor operands replicated for them, their
/// tensor results replicated. Upstream partitioning crashes on ops without
/// annotations.
void annotateOpsLeftAlone(func::FuncOp func) {
  FlatSymbolRefAttr grid;
  func.walk([&](shard::ShardingOp sharding) {
    grid = sharding.getGridAttr();
    return WalkResult::interrupt();
  });
  if (!grid)
    return;
  auto isTensor = [](Value v) { return isa<RankedTensorType>(v.getType()); };
  SmallVector<Operation *> leftAlone;
  for (Operation &op : func.getBody().front()) {
    if (!isa<shard::ShardingInterface>(op) ||
        isa_and_nonnull<shard::ShardDialect>(op.getDialect()))
      continue;
    // An op with tensor results is annotated through them or through
    // annotations for it (an operand's own annotation is its producer's);
    // one without (a return) through its operands' annotations.
    bool noTensorResults = !llvm::any_of(op.getResults(), isTensor);
    bool annotated =
        llvm::any_of(op.getOperands(),
                     [&](Value v) {
                       auto annotation = v.getDefiningOp<shard::ShardOp>();
                       return annotation && (noTensorResults ||
                                             annotation.getAnnotateForUsers());
                     }) ||
        llvm::any_of(op.getResults(), [](Value v) {
          return llvm::any_of(v.getUsers(), [](Operation *user) {
            auto annotation = dyn_cast<shard::ShardOp>(user);
            return annotation && !annotation.getAnnotateForUsers();
          });
        });
    bool hasTensors = llvm::any_of(op.getOperands(), isTensor) ||
                      llvm::any_of(op.getResults(), isTensor);
    if (!annotated && hasTensors)
      leftAlone.push_back(&op);
  }
  // One replicated sharding at the entry serves every annotation made here.
  OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
  Value replicated = shard::ShardingOp::create(b, func.getLoc(),
                                               imex::replicatedSharding(grid));
  // An argument without an annotation of its own is whole; upstream would
  // take it for the part its users want. (Not where a user wants explicit
  // offsets or halos: the ndarray models cut those from the whole array
  // themselves, which upstream resharding cannot.)
  for (BlockArgument arg : func.getArguments()) {
    if (!isTensor(arg))
      continue;
    bool ownAnnotation = false, plainUsers = true, annotatedUsers = false;
    for (Operation *user : arg.getUsers()) {
      auto annotation = dyn_cast<shard::ShardOp>(user);
      if (!annotation)
        continue;
      if (!annotation.getAnnotateForUsers()) {
        ownAnnotation = true;
        continue;
      }
      annotatedUsers = true;
      plainUsers &= splitsInBlocks(annotation);
    }
    if (ownAnnotation || !annotatedUsers || !plainUsers)
      continue;
    b.setInsertionPointAfter(replicated.getDefiningOp());
    annotateAs(b, arg, replicated);
  }
  for (Operation *op : leftAlone) {
    Location loc = op->getLoc();
    b.setInsertionPoint(op);
    for (OpOperand &operand : op->getOpOperands())
      if (isTensor(operand.get()))
        operand.set(shard::ShardOp::create(b, loc, operand.get(), replicated,
                                           /*annotate_for_users=*/true));
    b.setInsertionPointAfter(op);
    for (Value result : op->getResults())
      if (isTensor(result))
        annotateAs(b, result, replicated);
  }
  if (replicated.use_empty())
    replicated.getDefiningOp()->erase();
}

/// Upstream partitioning reshards in one step, which changes the split of
/// one dimension (a replicated array split in rows and columns keeps its
/// columns whole). Where a value's annotation and an annotation for its
/// users differ in several dimensions, this inserts a chain of
/// annotations that changes one dimension at a time: first the
/// dimensions it gathers, then the ones it splits.
void reshardOneDimensionAtATime(func::FuncOp func) {
  SmallVector<shard::ShardOp> targets;
  func.walk([&](shard::ShardOp target) {
    auto source = target.getSrc().getDefiningOp<shard::ShardOp>();
    if (target.getAnnotateForUsers() && source && !source.getAnnotateForUsers())
      targets.push_back(target);
  });
  MLIRContext *ctx = func.getContext();
  for (shard::ShardOp target : targets) {
    auto source = target.getSrc().getDefiningOp<shard::ShardOp>();
    auto sourceDef = source.getSharding().getDefiningOp<shard::ShardingOp>();
    auto targetDef = target.getSharding().getDefiningOp<shard::ShardingOp>();
    auto type = dyn_cast<RankedTensorType>(target.getType());
    if (!sourceDef || !targetDef || !type)
      continue;
    shard::Sharding from(sourceDef), to(targetDef);
    if (!isPlain(from) || !isPlain(to) || from.getGrid() != to.getGrid())
      continue;
    SmallVector<unsigned> changed;
    for (unsigned d = 0; d < type.getRank(); ++d)
      if (axesOf(from, d, ctx) != axesOf(to, d, ctx))
        changed.push_back(d);
    if (changed.size() < 2)
      continue;

    SmallVector<shard::GridAxesAttr> axes;
    for (unsigned d = 0; d < type.getRank(); ++d)
      axes.push_back(axesOf(from, d, ctx));
    SmallVector<SmallVector<shard::GridAxesAttr>> steps;
    auto none = shard::GridAxesAttr::get(ctx, {});
    for (unsigned d : changed)
      if (axes[d] != none) {
        axes[d] = none;
        steps.push_back(axes);
      }
    for (unsigned d : changed)
      if (axes[d] != axesOf(to, d, ctx)) {
        axes[d] = axesOf(to, d, ctx);
        steps.push_back(axes);
      }
    steps.pop_back(); // the target itself

    OpBuilder b(target);
    Location loc = target.getLoc();
    Value current = source.getResult();
    for (ArrayRef<shard::GridAxesAttr> step : steps) {
      auto sharding = shard::ShardingOp::create(
          b, loc, shard::Sharding::get(to.getGridAttr(), step));
      auto forUsers = shard::ShardOp::create(b, loc, current, sharding,
                                             /*annotate_for_users=*/true);
      current = shard::ShardOp::create(b, loc, forUsers, sharding,
                                       /*annotate_for_users=*/false);
    }
    target.getSrcMutable().set(current);
  }
}

/// The grids on which some split array is read or written through a view
/// (ndarray.subview, ndarray.insert_slice): stencils, whose halos need
/// every part's bounds at compile time.
llvm::SmallPtrSet<Operation *, 4>
gridsWithViews(ArrayRef<func::FuncOp> functions,
               SymbolTableCollection &symbols) {
  llvm::SmallPtrSet<Operation *, 4> grids;
  for (func::FuncOp func : functions)
    func.walk([&](Operation *op) {
      if (!isa<imex::ndarray::SubviewOp, imex::ndarray::InsertSliceOp>(op))
        return;
      auto annotation = op->getOperand(0).getDefiningOp<shard::ShardOp>();
      auto sharding =
          annotation
              ? annotation.getSharding().getDefiningOp<shard::ShardingOp>()
              : shard::ShardingOp();
      if (sharding && imex::splitsSomeDimension(sharding))
        if (auto grid = symbols.lookupNearestSymbolFrom<shard::GridOp>(
                sharding, sharding.getGridAttr()))
          grids.insert(grid);
    });
  return grids;
}

/// Gives every annotation on `grid` that splits a static dimension
/// unevenly explicit offsets (imex::blockStart): upstream partitioning
/// would give each process the floor of an even share.
LogicalResult giveUnevenSplitsOffsets(ArrayRef<func::FuncOp> functions,
                                      shard::GridOp grid,
                                      SymbolTableCollection &symbols) {
  for (func::FuncOp func : functions) {
    WalkResult result = func.walk([&](shard::ShardOp annotation) {
      auto sharding =
          annotation.getSharding().getDefiningOp<shard::ShardingOp>();
      auto type = dyn_cast<RankedTensorType>(annotation.getType());
      if (!sharding || !type || !isPlain(shard::Sharding(sharding)) ||
          symbols.lookupNearestSymbolFrom<shard::GridOp>(
              sharding, sharding.getGridAttr()) != grid)
        return WalkResult::advance();
      shard::Sharding plain(sharding);
      if (!unevenDimension(plain, grid, type))
        return WalkResult::advance();
      FailureOr<SmallVector<int64_t>> offsets = blockOffsets(plain, grid, type);
      if (failed(offsets)) {
        annotation.emitError("splits a dynamic dimension, or one along "
                             "several axes, of an array split unevenly over @")
            << grid.getSymName()
            << ", whose arrays are read through views: uneven splits with "
               "views need static sizes and one grid axis per dimension";
        return WalkResult::interrupt();
      }
      OpBuilder b(annotation);
      auto explicitOffsets = shard::ShardingOp::create(
          b, sharding.getLoc(),
          shard::Sharding::get(plain.getGridAttr(), plain.getSplitAxes(),
                               /*haloSizes=*/{}, *offsets));
      annotation.getShardingMutable().assign(explicitOffsets.getResult());
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();
  }
  return success();
}

/// Upstream partitioning gives a value split over a grid of static shape
/// a static local size, the floor of its even share, which loses elements
/// where the split is uneven (10 rows over 4 processes). Where some value
/// is split unevenly on a grid of static shape:
/// - a grid whose arrays are read through views keeps its shape, and its
///   uneven splits get explicit offsets (giveUnevenSplitsOffsets);
/// - any other grid of one axis gets a dynamic shape, keeping its process
///   count for the run-time check (kFixedProcessCountAttr): grids of
///   dynamic shape compute local sizes at run time, splitting unevenly.
/// Reports the uneven splits that take neither route (other grids of
/// several axes).
LogicalResult splitUnevenly(ArrayRef<func::FuncOp> functions,
                            SymbolTableCollection &symbols) {
  // The first uneven split found on each grid.
  llvm::MapVector<Operation *, std::pair<shard::ShardOp, unsigned>> uneven;
  for (func::FuncOp func : functions) {
    func.walk([&](shard::ShardOp annotation) {
      auto sharding =
          annotation.getSharding().getDefiningOp<shard::ShardingOp>();
      auto type = dyn_cast<RankedTensorType>(annotation.getType());
      // Explicit offsets (of views) say where each part lies, evenly or not.
      if (!sharding || !type || !isPlain(shard::Sharding(sharding)))
        return;
      auto grid = symbols.lookupNearestSymbolFrom<shard::GridOp>(
          sharding, sharding.getGridAttr());
      if (!grid || ShapedType::isDynamicShape(grid.getShape()) ||
          uneven.count(grid))
        return;
      if (std::optional<unsigned> dim =
              unevenDimension(shard::Sharding(sharding), grid, type))
        uneven[grid] = {annotation, *dim};
    });
  }
  llvm::SmallPtrSet<Operation *, 4> viewed = gridsWithViews(functions, symbols);
  for (auto &[op, where] : uneven) {
    auto grid = cast<shard::GridOp>(op);
    if (viewed.contains(grid)) {
      if (failed(giveUnevenSplitsOffsets(functions, grid, symbols)))
        return failure();
      continue;
    }
    if (grid.getRank() != 1) {
      shard::ShardOp annotation = where.first;
      unsigned dim = where.second;
      int64_t size =
          cast<RankedTensorType>(annotation.getType()).getDimSize(dim);
      return annotation.emitError()
             << "dimension " << dim << " (" << size
             << " elements) splits unevenly over the "
             << *imex::fixedProcessCount(grid) << " processes of @"
             << grid.getSymName() << ", a grid of " << grid.getRank()
             << " axes; uneven splits need a grid of one axis (or sizes "
                "that the grid's axes divide), unless its arrays are read "
                "through views";
    }
    int64_t processes = grid.getShape()[0];
    grid->setAttr(
        imex::kFixedProcessCountAttr,
        IntegerAttr::get(IntegerType::get(grid.getContext(), 64), processes));
    grid.setShape({ShapedType::kDynamic});
  }
  return success();
}

/// Upstream partitioning reshards neither to nor from explicit
/// sharded_dims_offsets. Where a value's annotation and an annotation for
/// its users differ and either has them, the value goes through an
/// ndarray.copy whose operand keeps the value's sharding and whose result
/// has the users': the copy's sharding model moves the data (gathers,
/// slices, halo exchanges).
void reshardThroughCopies(func::FuncOp func) {
  auto hasOffsets = [](const shard::Sharding &sharding) {
    return !sharding.getStaticShardedDimsOffsets().empty();
  };
  SmallVector<shard::ShardOp> targets;
  func.walk([&](shard::ShardOp target) {
    auto source = target.getSrc().getDefiningOp<shard::ShardOp>();
    if (!target.getAnnotateForUsers() || !source ||
        source.getAnnotateForUsers())
      return;
    shard::Sharding from(source.getSharding()), to(target.getSharding());
    if (from != to && (hasOffsets(from) || hasOffsets(to)))
      targets.push_back(target);
  });
  for (shard::ShardOp target : targets) {
    auto source = target.getSrc().getDefiningOp<shard::ShardOp>();
    OpBuilder b(target);
    Location loc = target.getLoc();
    auto operand =
        shard::ShardOp::create(b, loc, source.getResult(), source.getSharding(),
                               /*annotate_for_users=*/true);
    auto copy = imex::ndarray::CopyOp::create(b, loc, target.getType(),
                                              operand.getResult());
    auto result =
        shard::ShardOp::create(b, loc, copy.getResult(), target.getSharding(),
                               /*annotate_for_users=*/false);
    target.getSrcMutable().assign(result.getResult());
  }
}

struct PartitionShardedFunctionsPass
    : imex::impl::PartitionShardedFunctionsBase<PartitionShardedFunctionsPass> {
  void runOnOperation() override {
    OpPassManager propagate(func::FuncOp::getOperationName());
    // Forward first: the layouts come in with the arguments and spread to
    // what is computed from them (upstream's default, backward first,
    // leaves an init computed from a size, such as a reduction's fill,
    // without a layout, and partitioning then crashes).
    shard::ShardingPropagationOptions forwardFirst;
    forwardFirst.traversal = shard::TraversalOrder::ForwardBackward;
    propagate.addPass(shard::createShardingPropagation(forwardFirst));
    // Stencil-style views of one array share one halo exchange (after the
    // uneven splits have their explicit offsets).
    OpPassManager coalesce(func::FuncOp::getOperationName());
    coalesce.addPass(imex::createCoalesceShardOps());
    OpPassManager partition(func::FuncOp::getOperationName());
    partition.addPass(shard::createPartition());

    SymbolTableCollection symbols;
    SmallVector<func::FuncOp> functions;
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (!func.isExternal() && hasAnnotations(func))
        functions.push_back(func);
    // Propagation first for every function: whether a grid's splits are
    // even decides how all of them are partitioned.
    unsigned errors = 0;
    ScopedDiagnosticHandler counter(&getContext(), [&](Diagnostic &diag) {
      errors += diag.getSeverity() == DiagnosticSeverity::Error;
      return failure(); // reported as usual
    });
    for (func::FuncOp func : functions) {
      if (failed(checkShardings(func, symbols)))
        return signalPassFailure();
      recordGrids(func);
      readArgumentsThroughAnnotations(func);
      unsigned before = errors;
      if (failed(runPipeline(propagate, func)) ||
          failed(checkIndexUses(func)) || failed(checkConsistentSplits(func))) {
        reportUnexplained(func, errors - before);
        return signalPassFailure();
      }
    }
    if (failed(splitUnevenly(functions, symbols)))
      return signalPassFailure();
    for (func::FuncOp func : functions) {
      unsigned before = errors;
      if (failed(runPipeline(coalesce, func))) {
        reportUnexplained(func, errors - before);
        return signalPassFailure();
      }
      annotateOpsLeftAlone(func);
      reshardOneDimensionAtATime(func);
      reshardThroughCopies(func);
      if (failed(checkHaloDrops(func)))
        return signalPassFailure();
    }
    for (func::FuncOp func : functions) {
      unsigned before = errors;
      if (succeeded(runPipeline(partition, func)))
        continue;
      reportUnexplained(func, errors - before);
      return signalPassFailure();
    }
  }

  /// Upstream failures are not always reported: says so when none was.
  static void reportUnexplained(func::FuncOp func, unsigned errors) {
    if (errors == 0)
      func.emitError("cannot partition @")
          << func.getSymName()
          << " into its per-process form (shard-partition failed without "
             "a reason; every op on sharded values needs a sharding model, "
             "and constants cannot be sharded yet)";
  }
};

} // namespace
