//===- ElideTemporaryCopies.cpp - write results where they are copied -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"

namespace imex {
#define GEN_PASS_DEF_ELIDETEMPORARYCOPIES
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// The buffer `value` is a view of, through view-like ops.
Value rootBuffer(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

bool isAllocation(Value buffer) {
  return buffer.getDefiningOp<memref::AllocOp>() ||
         buffer.getDefiningOp<memref::AllocaOp>();
}

/// True if the buffers `a` and `b` are views of can be shown to differ.
bool provablyDistinct(Value a, Value b) {
  Value rootA = rootBuffer(a), rootB = rootBuffer(b);
  if (rootA == rootB)
    return false;
  // Two allocations differ; so do an allocation and anything that existed
  // before it (an argument, a global).
  return isAllocation(rootA) || isAllocation(rootB);
}

/// True if `op` neither reads nor writes memory `target` may share.
bool leavesAlone(Operation *op, Value target) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return false;
  return llvm::all_of(*effects, [&](const MemoryEffects::EffectInstance &e) {
    if (e.getResource() != SideEffects::DefaultResource::get())
      return true;
    Value value = e.getValue();
    return value && isa<MemRefType>(value.getType()) &&
           provablyDistinct(value, target);
  });
}

/// The `memref.copy` that copies all of `temporary` elsewhere and the
/// linalg op that writes it, if the op can write the copy's target
/// instead; `target` gets a position before the op when it needs one.
struct Candidate {
  linalg::LinalgOp producer;
  memref::CopyOp copy;
};

std::optional<Candidate> match(memref::AllocOp temporary) {
  linalg::LinalgOp producer;
  memref::CopyOp copy;
  for (OpOperand &use : temporary->getUses()) {
    Operation *user = use.getOwner();
    if (auto c = dyn_cast<memref::CopyOp>(user);
        c && !copy && c.getSource() == temporary.getResult())
      copy = c;
    else if (auto l = dyn_cast<linalg::LinalgOp>(user);
             l && !producer && l.isDpsInit(&use))
      producer = l;
    else
      return std::nullopt;
  }
  if (!producer || !copy || producer->getBlock() != copy->getBlock() ||
      !producer->isBeforeInBlock(copy) || producer.getNumDpsInits() != 1)
    return std::nullopt;
  // It writes every element and does not read what was there.
  OpOperand *init = producer.getDpsInitOperand(0);
  if (producer.getNumParallelLoops() != producer.getNumLoops() ||
      !producer.getMatchingIndexingMap(init).isPermutation() ||
      producer.payloadUsesValueFromOperand(init))
    return std::nullopt;
  // Nothing in between touches the target's memory (MPI calls that only
  // touch the library's state may be there).
  Value target = copy.getTarget();
  for (Operation *op = producer->getNextNode(); op != copy;
       op = op->getNextNode())
    if (!leavesAlone(op, target))
      return std::nullopt;
  // It reads nothing the target could share.
  for (Value input : producer.getDpsInputs())
    if (isa<MemRefType>(input.getType()) && !provablyDistinct(input, target))
      return std::nullopt;
  return Candidate{producer, copy};
}

/// Moves what computes `target` between `producer` and the copy (the view
/// of the array and its offsets, all free of memory effects) before
/// `producer`, in order; fails, changing nothing, if something else is
/// needed.
LogicalResult makeTargetDominate(Value target, Operation *producer,
                                 DominanceInfo &dominance) {
  SetVector<Operation *> toMove;
  SmallVector<Value> worklist{target};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (dominance.properlyDominates(value, producer))
      continue;
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != producer->getBlock() ||
        def->getNumRegions() != 0 || !isMemoryEffectFree(def))
      return failure();
    if (toMove.insert(def))
      llvm::append_range(worklist, def->getOperands());
  }
  SmallVector<Operation *> ordered = toMove.takeVector();
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *op : ordered)
    op->moveBefore(producer);
  return success();
}

struct ElideTemporaryCopiesPass
    : imex::impl::ElideTemporaryCopiesBase<ElideTemporaryCopiesPass> {
  void runOnOperation() override {
    DominanceInfo dominance(getOperation());
    SmallVector<memref::AllocOp> temporaries;
    getOperation().walk(
        [&](memref::AllocOp alloc) { temporaries.push_back(alloc); });
    for (memref::AllocOp temporary : temporaries) {
      std::optional<Candidate> found = match(temporary);
      if (!found)
        continue;
      auto [producer, copy] = *found;
      if (failed(makeTargetDominate(copy.getTarget(), producer, dominance)))
        continue;
      producer.getDpsInitOperand(0)->set(copy.getTarget());
      copy.erase();
      temporary.erase();
    }
  }
};

} // namespace
