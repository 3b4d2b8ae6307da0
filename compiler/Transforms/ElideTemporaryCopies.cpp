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

#include <numeric>

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

/// True for an argument of a function's entry block (not of another block,
/// whose arguments may be any of the function's buffers).
bool isFunctionArgument(Value buffer) {
  auto arg = dyn_cast<BlockArgument>(buffer);
  return arg && arg.getOwner()->isEntryBlock() &&
         isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
}

/// True if the buffers that `a` and `b` are views of can be shown to
/// differ: an allocation differs from another allocation, from a function
/// argument and from a global, which all existed before it (a loop-carried
/// value, a select or a call result may be the allocation itself). With
/// `distinctArguments`, different function arguments are taken not to
/// overlap either.
bool provablyDistinct(Value a, Value b, bool distinctArguments) {
  Value rootA = rootBuffer(a), rootB = rootBuffer(b);
  if (rootA == rootB)
    return false;
  auto existedBefore = [](Value root) {
    return isAllocation(root) || isFunctionArgument(root) ||
           root.getDefiningOp<memref::GetGlobalOp>();
  };
  if ((isAllocation(rootA) && existedBefore(rootB)) ||
      (isAllocation(rootB) && existedBefore(rootA)))
    return true;
  return distinctArguments && isFunctionArgument(rootA) &&
         isFunctionArgument(rootB);
}

/// True if no two elements of `buffer` share memory: its layout is the
/// identity, or static strides that keep the dimensions apart (each at
/// least the extent of the faster ones, as row-major and column-major
/// layouts do). Broadcast layouts (stride 0) and dynamic ones may overlap.
bool elementsApart(MemRefType type) {
  if (type.getLayout().isIdentity())
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamicShape(strides) ||
      ShapedType::isDynamicShape(type.getShape()))
    return false;
  SmallVector<unsigned> order(type.getRank());
  std::iota(order.begin(), order.end(), 0);
  llvm::sort(order,
             [&](unsigned x, unsigned y) { return strides[x] < strides[y]; });
  int64_t extent = 1;
  for (unsigned d : order) {
    if (type.getDimSize(d) > 1 && strides[d] < extent)
      return false;
    extent = std::max(extent, strides[d] * type.getDimSize(d));
  }
  return true;
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

/// True if `a` and `b` are views of the same elements in the same order,
/// each element once: views with positive strides of a root whose elements
/// lie apart.
bool sameElements(Value a, Value b) {
  std::optional<ViewPlacement> pa = placementOf(a), pb = placementOf(b);
  return pa && pb && pa->root == pb->root &&
         elementsApart(cast<MemRefType>(pa->root.getType())) &&
         llvm::all_of(pa->strides, [](int64_t s) { return s > 0; }) &&
         pa->offsets == pb->offsets && pa->sizes == pb->sizes &&
         pa->strides == pb->strides;
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
  // It writes every element and does not read what was there, and its body
  // touches no memory (a load there could read the target).
  OpOperand *init = producer.getDpsInitOperand(0);
  Operation *producerOp = producer;
  bool bodyTouchesMemory = false;
  producerOp->walk([&](Operation *op) {
    bodyTouchesMemory |= op != producerOp && !isMemoryEffectFree(op);
  });
  if (bodyTouchesMemory)
    return std::nullopt;
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
