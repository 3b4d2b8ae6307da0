//===- ForwardCopiedTemporaries.cpp - a copy of a dead buffer is the buffer
//===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An array given storage of its own (`ndarray.copy`, as
// isolate-updated-arrays adds them) is, after bufferization, a new buffer
// that receives a copy of the computed one. When nothing uses the computed
// buffer after the copy, the new buffer can be that buffer: no allocation,
// no copy.
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace imex {
#define GEN_PASS_DEF_FORWARDCOPIEDTEMPORARIES
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// The op in `block` that holds `copy`: the copy itself, or an op whose one
/// region holds only the copy (as ndarray lowering wraps copies); null
/// otherwise.
Operation *copyInBlock(memref::CopyOp copy, Block *block) {
  Operation *anchor = block->findAncestorOpInBlock(*copy);
  if (!anchor || anchor == copy)
    return anchor;
  if (anchor->getNumRegions() != 1 || copy->getParentOp() != anchor ||
      !anchor->getRegion(0).hasOneBlock())
    return nullptr;
  Block &body = anchor->getRegion(0).front();
  return &body.front() == copy.getOperation() &&
                 copy->getNextNode() == body.getTerminator()
             ? anchor
             : nullptr;
}

/// A fresh allocation that only receives a copy of a temporary nobody uses
/// after the copy (an array copied to get storage of its own) becomes the
/// temporary itself: drops the copy and returns the allocation, erased;
/// null if nothing changed.
Operation *forwardCopiedTemporary(memref::AllocOp temporary) {
  memref::CopyOp copy;
  SmallVector<Operation *> casts, others;
  auto isCopyFrom = [&](Operation *user, Value source) {
    auto c = dyn_cast<memref::CopyOp>(user);
    if (!c || copy || c.getSource() != source)
      return false;
    copy = c;
    return true;
  };
  for (Operation *user : temporary->getUsers()) {
    // Other users must not make views that could outlive the copy: ops
    // without memref results (linalg ops, vector transfers, memref.dim).
    if (isa<memref::CastOp>(user) && user->hasOneUse() &&
        isCopyFrom(*user->user_begin(), user->getResult(0)))
      casts.push_back(user);
    else if (isCopyFrom(user, temporary))
      continue;
    else if (llvm::none_of(user->getResultTypes(),
                           llvm::IsaPred<BaseMemRefType>))
      others.push_back(user);
    else
      return nullptr;
  }
  if (!copy)
    return nullptr;
  auto fresh = copy.getTarget().getDefiningOp<memref::AllocOp>();
  Block *block = temporary->getBlock();
  Operation *anchor = copyInBlock(copy, block);
  if (!fresh || fresh.getType() != temporary.getType() || !anchor ||
      fresh->getBlock() != block)
    return nullptr;
  // The temporary is used up before the copy, the new array only after.
  auto isBefore = [&](Operation *user, bool wanted) {
    Operation *inBlock = block->findAncestorOpInBlock(*user);
    return inBlock && inBlock != anchor &&
           inBlock->isBeforeInBlock(anchor) == wanted;
  };
  if (!llvm::all_of(others, [&](Operation *u) { return isBefore(u, true); }))
    return nullptr;
  for (Operation *user : fresh->getUsers())
    if (user != copy && !isBefore(user, false))
      return nullptr;
  anchor->erase();
  for (Operation *cast : casts)
    cast->erase();
  fresh->replaceAllUsesWith(temporary);
  fresh->erase();
  return fresh;
}

struct ForwardCopiedTemporariesPass
    : imex::impl::ForwardCopiedTemporariesBase<ForwardCopiedTemporariesPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocOp> allocations;
    getOperation().walk(
        [&](memref::AllocOp alloc) { allocations.push_back(alloc); });
    DenseSet<Operation *> erased;
    for (memref::AllocOp temporary : allocations)
      if (!erased.contains(temporary))
        if (Operation *fresh = forwardCopiedTemporary(temporary))
          erased.insert(fresh);
  }
};

} // namespace
