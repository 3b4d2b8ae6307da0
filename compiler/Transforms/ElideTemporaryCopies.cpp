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
#include "mlir/Interfaces/FunctionInterfaces.h"
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

/// True if the buffers `a` and `b` are views of can be shown to differ:
/// two allocations differ, and so do an allocation and anything that
/// existed before it (an argument, a global). With `distinctArguments`,
/// different function arguments are taken not to overlap either.
bool provablyDistinct(Value a, Value b, bool distinctArguments) {
  Value rootA = rootBuffer(a), rootB = rootBuffer(b);
  if (rootA == rootB)
    return false;
  if (isAllocation(rootA) || isAllocation(rootB))
    return true;
  auto isArgument = [](Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    return arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
  };
  return distinctArguments && isArgument(rootA) && isArgument(rootB);
}

/// Where the elements of a view lie in its root buffer, per dimension of
/// the root: element i of dimension d is element offset + i * stride.
struct ViewPlacement {
  Value root;
  SmallVector<int64_t> offsets, sizes, strides;
};

/// The placement of `view` when it is the root buffer or a chain of
/// memref.cast and memref.subview ops that keep the rank, with static
/// offsets, sizes and strides; nullopt otherwise.
std::optional<ViewPlacement> placementOf(Value view) {
  SmallVector<memref::SubViewOp> subviews;
  Value root = view;
  while (true) {
    if (auto cast = root.getDefiningOp<memref::CastOp>()) {
      root = cast.getSource();
    } else if (auto subview = root.getDefiningOp<memref::SubViewOp>()) {
      subviews.push_back(subview);
      root = subview.getSource();
    } else {
      break;
    }
  }
  auto rootType = dyn_cast<MemRefType>(root.getType());
  if (!rootType)
    return std::nullopt;
  int64_t rank = rootType.getRank();
  ViewPlacement placement{root, SmallVector<int64_t>(rank, 0),
                          llvm::to_vector(rootType.getShape()),
                          SmallVector<int64_t>(rank, 1)};
  for (memref::SubViewOp subview : llvm::reverse(subviews)) {
    if (subview.getType().getRank() != rank ||
        ShapedType::isDynamicShape(subview.getStaticOffsets()) ||
        ShapedType::isDynamicShape(subview.getStaticSizes()) ||
        ShapedType::isDynamicShape(subview.getStaticStrides()))
      return std::nullopt;
    for (int64_t d = 0; d < rank; ++d) {
      placement.offsets[d] +=
          placement.strides[d] * subview.getStaticOffsets()[d];
      placement.strides[d] *= subview.getStaticStrides()[d];
      placement.sizes[d] = subview.getStaticSizes()[d];
    }
  }
  return placement;
}

/// True if `a` and `b` are views of the same elements in the same order.
bool sameElements(Value a, Value b) {
  if (a == b)
    return true;
  std::optional<ViewPlacement> pa = placementOf(a), pb = placementOf(b);
  return pa && pb && pa->root == pb->root && pa->offsets == pb->offsets &&
         pa->sizes == pb->sizes && pa->strides == pb->strides;
}

/// True if `op` neither reads nor writes memory `target` may share.
bool leavesAlone(Operation *op, Value target, bool distinctArguments) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return false;
  return llvm::all_of(*effects, [&](const MemoryEffects::EffectInstance &e) {
    if (e.getResource() != SideEffects::DefaultResource::get())
      return true;
    Value value = e.getValue();
    return value && isa<MemRefType>(value.getType()) &&
           provablyDistinct(value, target, distinctArguments);
  });
}

/// The `memref.copy` that copies all of `temporary` elsewhere, the linalg
/// op that writes it, and the deallocations of the temporary after the
/// copy, if the op can write the copy's target instead; `target` gets a
/// position before the op when it needs one.
struct Candidate {
  linalg::LinalgOp producer;
  memref::CopyOp copy;
  SmallVector<memref::DeallocOp> deallocs;
};

std::optional<Candidate> match(memref::AllocOp temporary,
                               bool distinctArguments) {
  Candidate found;
  auto &[producer, copy, deallocs] = found;
  for (OpOperand &use : temporary->getUses()) {
    Operation *user = use.getOwner();
    if (auto c = dyn_cast<memref::CopyOp>(user);
        c && !copy && c.getSource() == temporary.getResult())
      copy = c;
    else if (auto l = dyn_cast<linalg::LinalgOp>(user);
             l && !producer && l.isDpsInit(&use))
      producer = l;
    else if (auto dealloc = dyn_cast<memref::DeallocOp>(user))
      deallocs.push_back(dealloc);
    else
      return std::nullopt;
  }
  if (!producer || !copy || producer->getBlock() != copy->getBlock() ||
      !producer->isBeforeInBlock(copy) || producer.getNumDpsInits() != 1)
    return std::nullopt;
  // The temporary is freed only after its copy.
  for (memref::DeallocOp dealloc : deallocs) {
    Operation *inBlock = copy->getBlock()->findAncestorOpInBlock(*dealloc);
    if (!inBlock || !copy->isBeforeInBlock(inBlock))
      return std::nullopt;
  }
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
    if (!leavesAlone(op, target, distinctArguments))
      return std::nullopt;
  // It reads nothing the target could share, except the very elements it
  // writes, each where it writes it (x[1:] = x[1:] + 1): parallel
  // iterations then never read what another one wrote.
  AffineMap initMap = producer.getMatchingIndexingMap(init);
  for (OpOperand *input : producer.getDpsInputOperands()) {
    Value buffer = input->get();
    if (!isa<MemRefType>(buffer.getType()) ||
        provablyDistinct(buffer, target, distinctArguments))
      continue;
    if (!sameElements(buffer, target) ||
        producer.getMatchingIndexingMap(input) != initMap)
      return std::nullopt;
  }
  return found;
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
    imex::elideTemporaryCopies(getOperation(), /*distinctArguments=*/false);
  }
};

} // namespace

void imex::elideTemporaryCopies(Operation *scope, bool distinctArguments) {
  DominanceInfo dominance(scope);
  SmallVector<memref::AllocOp> temporaries;
  scope->walk([&](memref::AllocOp alloc) { temporaries.push_back(alloc); });
  for (memref::AllocOp temporary : temporaries) {
    std::optional<Candidate> found = match(temporary, distinctArguments);
    if (!found)
      continue;
    auto &[producer, copy, deallocs] = *found;
    if (failed(makeTargetDominate(copy.getTarget(), producer, dominance)))
      continue;
    producer.getDpsInitOperand(0)->set(copy.getTarget());
    copy.erase();
    for (memref::DeallocOp dealloc : deallocs)
      dealloc.erase();
    temporary.erase();
  }
}
