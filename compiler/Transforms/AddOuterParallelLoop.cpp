//===- AddOuterParallelLoop.cpp - top-level loops in a parallel loop ------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/Region/IR/Region.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetVector.h"

namespace imex {
#define GEN_PASS_DEF_ADDOUTERPARALLELLOOP
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// The ops of `block` from `loop` up to the last one that uses its results
/// (through nested ops, transitively), which move together; empty when
/// they cannot: a terminator uses them, or a value the group computes is
/// used after it.
SmallVector<Operation *> groupOf(scf::ForOp loop, Block &block) {
  Operation *last = loop;
  llvm::SetVector<Value> values(loop->result_begin(), loop->result_end());
  for (size_t i = 0; i < values.size(); ++i) {
    for (Operation *user : values[i].getUsers()) {
      Operation *inBlock = block.findAncestorOpInBlock(*user);
      if (!inBlock || inBlock->hasTrait<OpTrait::IsTerminator>())
        return {};
      if (last->isBeforeInBlock(inBlock))
        last = inBlock;
      values.insert(inBlock->result_begin(), inBlock->result_end());
    }
  }
  SmallVector<Operation *> group;
  for (Operation *op = loop; op != last->getNextNode(); op = op->getNextNode())
    group.push_back(op);
  for (Operation *op : group)
    for (Operation *user : op->getUsers()) {
      Operation *inBlock = block.findAncestorOpInBlock(*user);
      if (!inBlock || !llvm::is_contained(group, inBlock))
        return {};
    }
  return group;
}

/// Moves `group` into a new scf.parallel (0) to (1) step (1) in its place.
void wrap(ArrayRef<Operation *> group) {
  OpBuilder b(group.front());
  Location loc = group.front()->getLoc();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto parallel = scf::ParallelOp::create(b, loc, zero, one, one);
  Operation *terminator = parallel.getBody()->getTerminator();
  for (Operation *op : group)
    op->moveBefore(terminator);
}

void addOuterParallelLoops(Block &block) {
  SmallVector<SmallVector<Operation *>> groups;
  for (Operation *op = &block.front(); op; op = op->getNextNode()) {
    if (auto region = dyn_cast<imex::region::EnvironmentRegionOp>(op)) {
      addOuterParallelLoops(region.getRegion().front());
      continue;
    }
    auto loop = dyn_cast<scf::ForOp>(op);
    if (!loop)
      continue;
    SmallVector<Operation *> group = groupOf(loop, block);
    if (group.empty())
      continue;
    op = group.back();
    groups.push_back(std::move(group));
  }
  for (ArrayRef<Operation *> group : groups)
    wrap(group);
}

struct AddOuterParallelLoopPass
    : imex::impl::AddOuterParallelLoopBase<AddOuterParallelLoopPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func.isExternal())
      addOuterParallelLoops(func.getBody().front());
  }
};

} // namespace
