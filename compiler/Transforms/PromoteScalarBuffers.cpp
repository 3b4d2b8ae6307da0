//===- PromoteScalarBuffers.cpp - one-element heap buffers to the stack ---===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace imex {
#define GEN_PASS_DEF_PROMOTESCALARBUFFERS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// Whether every op around `op` up to the function runs its regions
/// sequentially.
bool onlyInSequentialCode(Operation *op) {
  for (Operation *parent = op->getParentOp(); !isa<func::FuncOp>(parent);
       parent = parent->getParentOp())
    if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp, scf::ExecuteRegionOp,
             scf::IndexSwitchOp, affine::AffineForOp, affine::AffineIfOp>(
            parent))
      return false;
  return true;
}

bool isPromotable(memref::AllocOp alloc) {
  if (alloc.getType().getRank() != 0 || !onlyInSequentialCode(alloc))
    return false;
  return llvm::all_of(alloc->getUses(), [](OpOperand &use) {
    Operation *user = use.getOwner();
    if (auto store = dyn_cast<memref::StoreOp>(user))
      return use.get() == store.getMemRef() && store.getValue() != use.get();
    return isa<memref::LoadOp, memref::DeallocOp>(user);
  });
}

struct PromoteScalarBuffersPass
    : imex::impl::PromoteScalarBuffersBase<PromoteScalarBuffersPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    SmallVector<memref::AllocOp> allocs;
    func.walk([&](memref::AllocOp alloc) {
      if (isPromotable(alloc))
        allocs.push_back(alloc);
    });
    OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
    for (memref::AllocOp alloc : allocs) {
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        if (isa<memref::DeallocOp>(user))
          user->erase();
      auto alloca = memref::AllocaOp::create(
          builder, alloc.getLoc(), alloc.getType(), alloc.getAlignmentAttr());
      alloc.replaceAllUsesWith(alloca.getResult());
      alloc.erase();
    }
  }
};

} // namespace
