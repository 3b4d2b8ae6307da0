//===- VectorizeGpuParallelLoops.cpp - 16-byte accesses per GPU thread ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An elementwise parallel loop in a GPU region gives each thread four
// consecutive elements of its innermost dimension, loaded and stored as one
// vector where they are whole and aligned, one by one where they are not
// (the end of a row, a view at an odd offset).
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/Region/IR/Region.h"
#include "imex/Transforms/GpuVectorAccess.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace imex {
#define GEN_PASS_DEF_VECTORIZEGPUPARALLELLOOPS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

constexpr int64_t kLanes = imex::kGpuVectorLanes;

/// The load or store indices of `op`, if it accesses memory at the
/// innermost induction variable `iv` (as its last index, and only there);
/// std::nullopt if `op` is not such an access.
std::optional<ValueRange> innermostAccessIndices(Operation *op, Value iv) {
  ValueRange indices;
  if (auto load = dyn_cast<memref::LoadOp>(op))
    indices = load.getIndices();
  else if (auto store = dyn_cast<memref::StoreOp>(op))
    indices = store.getIndices();
  else
    return std::nullopt;
  if (indices.empty() || indices.back() != iv ||
      llvm::is_contained(indices.drop_back(), iv))
    return std::nullopt;
  return indices;
}

Value accessedMemRef(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getMemRef();
  return cast<memref::StoreOp>(op).getMemRef();
}

/// How the ops of a loop body take part in the grouped loop.
struct BodyPlan {
  /// Ops that depend on the innermost induction variable: built as vectors.
  llvm::DenseSet<Operation *> varying;
  /// Pure ops that do not: computed once, before both paths.
  llvm::DenseSet<Operation *> hoisted;
  /// The loads and stores at the induction variable, in body order.
  SmallVector<Operation *> accesses;
};

/// The plan for `loop`'s body, if it can run four iterations as one: every
/// op that depends on the induction variable `iv` is an access at it (a
/// load or store of a vectorizable memref from outside the loop whose last
/// index it is, the other indices computed before the paths) or an
/// elementwise op on numbers; the others are pure, or loads, and no op
/// has regions. A body that stores nothing at `iv` gains nothing.
std::optional<BodyPlan> planBody(scf::ParallelOp loop, Value iv) {
  BodyPlan plan;
  llvm::DenseSet<Value> varyingValues{iv};
  auto isVarying = [&](Value v) { return varyingValues.contains(v); };
  auto isAvailableBefore = [&](Value v) {
    Operation *def = v.getDefiningOp();
    return !isVarying(v) && (!def || def->getBlock() != loop.getBody() ||
                             plan.hoisted.contains(def));
  };
  bool storesAtIv = false;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (op.getNumRegions() != 0)
      return std::nullopt;
    if (std::optional<ValueRange> indices = innermostAccessIndices(&op, iv)) {
      Value memref = accessedMemRef(&op);
      if (!imex::isGpuVectorizableMemRef(memref) ||
          !loop.isDefinedOutsideOfLoop(memref) ||
          !llvm::all_of(indices->drop_back(), isAvailableBefore))
        return std::nullopt;
      plan.varying.insert(&op);
      plan.accesses.push_back(&op);
      varyingValues.insert(op.result_begin(), op.result_end());
      storesAtIv |= isa<memref::StoreOp>(op);
      continue;
    }
    if (llvm::none_of(op.getOperands(), isVarying)) {
      // A store elsewhere would need its order kept; a load stays scalar.
      if (isPure(&op) && llvm::all_of(op.getOperands(), isAvailableBefore))
        plan.hoisted.insert(&op);
      else if (!isPure(&op) && !isa<memref::LoadOp>(op))
        return std::nullopt;
      continue;
    }
    if (!imex::isElementwiseOnNumbers(&op))
      return std::nullopt;
    plan.varying.insert(&op);
    varyingValues.insert(op.result_begin(), op.result_end());
  }
  if (!storesAtIv)
    return std::nullopt;
  return plan;
}

/// Builds the vector form of the varying `op` at the builder's insertion
/// point, its first element at `first`; operands that do not vary are
/// broadcast.
void buildVectorOp(OpBuilder &builder, Operation &op, Value first,
                   IRMapping &vectors, IRMapping &scalars) {
  auto indicesAt = [&](ValueRange indices) {
    SmallVector<Value> mapped;
    for (Value index : indices.drop_back())
      mapped.push_back(scalars.lookupOrDefault(index));
    mapped.push_back(first);
    return mapped;
  };
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    vectors.map(load.getResult(),
                imex::buildGroupLoad(builder, op.getLoc(),
                                     scalars.lookupOrDefault(load.getMemRef()),
                                     indicesAt(load.getIndices())));
    return;
  }
  if (auto store = dyn_cast<memref::StoreOp>(op)) {
    Value value = imex::lookupOrBroadcast(
        builder, op.getLoc(), store.getValueToStore(), vectors, scalars);
    imex::buildGroupStore(builder, op.getLoc(), value,
                          scalars.lookupOrDefault(store.getMemRef()),
                          indicesAt(store.getIndices()));
    return;
  }
  imex::buildElementwiseOnVectors(builder, op, vectors, scalars);
}

using Layouts = llvm::DenseMap<Value, memref::ExtractStridedMetadataOp>;

/// The offset and strides of each memref the body accesses at the induction
/// variable, taken at the builder's insertion point (they are the same for
/// every thread).
Layouts takeLayouts(OpBuilder &builder, Location loc, const BodyPlan &plan) {
  Layouts layouts;
  for (Operation *access : plan.accesses) {
    Value memref = accessedMemRef(access);
    if (!layouts.count(memref))
      layouts[memref] =
          memref::ExtractStridedMetadataOp::create(builder, loc, memref);
  }
  return layouts;
}

/// True when element `first` of every memref the vector path accesses
/// starts a 16-byte group of its buffer.
Value buildAlignedCheck(OpBuilder &builder, Location loc, const BodyPlan &plan,
                        const Layouts &layouts, Value iv, Value first,
                        IRMapping &scalars) {
  SmallVector<imex::GpuVectorAccess> accesses;
  for (Operation *access : plan.accesses) {
    memref::ExtractStridedMetadataOp layout =
        layouts.lookup(accessedMemRef(access));
    SmallVector<Value> indices;
    for (Value index : innermostAccessIndices(access, iv)->drop_back())
      indices.push_back(scalars.lookupOrDefault(index));
    indices.push_back(first);
    accesses.push_back({layout.getOffset(),
                        llvm::to_vector_of<Value>(layout.getStrides()),
                        indices});
  }
  return imex::buildStartsVectorGroup(builder, loc, accesses);
}

/// Rewrites `loop` so that each iteration of its innermost dimension runs
/// four of the old ones: as vectors when all four are there and aligned,
/// else one by one.
void vectorize(scf::ParallelOp loop, const BodyPlan &plan) {
  unsigned dim = loop.getNumLoops() - 1;
  Value iv = loop.getInductionVars()[dim];
  Location loc = loop.getLoc();
  OpBuilder builder(loop);
  Value lower = loop.getLowerBound()[dim];
  Value upper = loop.getUpperBound()[dim];
  Value lanes = arith::ConstantIndexOp::create(builder, loc, kLanes);
  // Folded, so that a static extent stays one for the workgroup shape.
  Value extent = builder.createOrFold<arith::SubIOp>(loc, upper, lower);
  Value groups = builder.createOrFold<arith::CeilDivSIOp>(loc, extent, lanes);
  Layouts layouts = takeLayouts(builder, loc, plan);

  SmallVector<Value> lowers(loop.getLowerBound());
  SmallVector<Value> uppers(loop.getUpperBound());
  lowers[dim] = arith::ConstantIndexOp::create(builder, loc, 0);
  uppers[dim] = groups;
  auto grouped =
      scf::ParallelOp::create(builder, loc, lowers, uppers, loop.getStep());
  grouped->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  builder.setInsertionPointToStart(grouped.getBody());

  IRMapping scalars;
  for (auto [old, now] :
       llvm::zip(loop.getInductionVars(), grouped.getInductionVars()))
    if (old != iv)
      scalars.map(old, now);
  for (Operation &op : loop.getBody()->without_terminator())
    if (plan.hoisted.contains(&op))
      builder.clone(op, scalars);

  Value group = grouped.getInductionVars()[dim];
  Value first = arith::AddIOp::create(
      builder, loc, lower, arith::MulIOp::create(builder, loc, group, lanes));
  Value end = arith::AddIOp::create(builder, loc, first, lanes);
  Value whole = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sle,
                                      end, upper);
  Value aligned =
      buildAlignedCheck(builder, loc, plan, layouts, iv, first, scalars);
  Value useVectors = arith::AndIOp::create(builder, loc, whole, aligned);
  auto paths = scf::IfOp::create(builder, loc, useVectors,
                                 /*withElseRegion=*/true);

  builder.setInsertionPointToStart(paths.thenBlock());
  IRMapping vectorScalars = scalars;
  IRMapping vectors;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (plan.varying.contains(&op))
      buildVectorOp(builder, op, first, vectors, vectorScalars);
    else if (!plan.hoisted.contains(&op))
      builder.clone(op, vectorScalars);
  }

  builder.setInsertionPointToStart(paths.elseBlock());
  Value last = arith::MinSIOp::create(builder, loc, end, upper);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  auto oneByOne = scf::ForOp::create(builder, loc, first, last, one);
  builder.setInsertionPointToStart(oneByOne.getBody());
  IRMapping scalar = scalars;
  scalar.map(iv, oneByOne.getInductionVar());
  for (Operation &op : loop.getBody()->without_terminator())
    if (!plan.hoisted.contains(&op))
      builder.clone(op, scalar);

  loop.erase();
}

struct VectorizeGpuParallelLoopsPass
    : imex::impl::VectorizeGpuParallelLoopsBase<VectorizeGpuParallelLoopsPass> {
  void runOnOperation() override {
    SmallVector<std::pair<scf::ParallelOp, BodyPlan>> loops;
    getOperation().walk<WalkOrder::PreOrder>([&](scf::ParallelOp loop) {
      if (loop.getNumReductions() != 0 || !imex::region::isInGpuRegion(loop))
        return WalkResult::skip();
      std::optional<int64_t> step = getConstantIntValue(loop.getStep().back());
      Value iv = loop.getInductionVars().back();
      std::optional<int64_t> lower =
          getConstantIntValue(loop.getLowerBound().back());
      std::optional<int64_t> upper =
          getConstantIntValue(loop.getUpperBound().back());
      bool tooShort = lower && upper && *upper - *lower < kLanes;
      if (step == 1 && !tooShort)
        if (std::optional<BodyPlan> plan = planBody(loop, iv))
          loops.emplace_back(loop, std::move(*plan));
      return WalkResult::skip(); // only outermost parallel loops
    });
    for (auto &[loop, plan] : loops)
      vectorize(loop, plan);
  }
};

} // namespace
