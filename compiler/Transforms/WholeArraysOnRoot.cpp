//===- WholeArraysOnRoot.cpp - distributed functions on rank 0's arrays ---===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Support/DialectUse.h"
#include "imex/Support/Shardings.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"

namespace imex {
#define GEN_PASS_DEF_WHOLEARRAYSONROOT
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// `op` if it is a value's own annotation (not one for its users) with a
/// sharding that splits, or null.
shard::ShardOp splittingAnnotation(Operation *op) {
  auto annotation = dyn_cast_or_null<shard::ShardOp>(op);
  if (!annotation || annotation.getAnnotateForUsers())
    return {};
  auto sharding = annotation.getSharding().getDefiningOp<shard::ShardingOp>();
  return sharding && imex::splitsSomeDimension(sharding) ? annotation
                                                         : shard::ShardOp();
}

/// A replicated sharding on the grid of `split`, built where `b` is.
Value replicatedLike(OpBuilder &b, shard::ShardOp split) {
  auto sharding = split.getSharding().getDefiningOp<shard::ShardingOp>();
  return shard::ShardingOp::create(
      b, split.getLoc(), imex::replicatedSharding(sharding.getGridAttr()));
}

struct WholeArraysOnRootPass
    : imex::impl::WholeArraysOnRootBase<WholeArraysOnRootPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (func.isPublic() && !func.isExternal() &&
          imex::usesDialect(func, "shard"))
        rewrite(func);
  }

  static void rewrite(func::FuncOp func) {
    OpBuilder b(func.getContext());
    for (BlockArgument arg : func.getArguments()) {
      if (!isa<RankedTensorType>(arg.getType()))
        continue;
      func.setArgAttr(arg.getArgNumber(), "imexc.whole_on_root",
                      b.getUnitAttr());
      for (Operation *user : llvm::to_vector(arg.getUsers())) {
        shard::ShardOp split = splittingAnnotation(user);
        if (!split)
          continue;
        // %parts = shard.shard %arg to %split becomes
        //   %whole = shard.shard %arg to %replicated
        //   %parts = shard.shard %whole to %split annotate_for_users
        b.setInsertionPoint(split);
        auto whole = shard::ShardOp::create(b, split.getLoc(), arg,
                                            replicatedLike(b, split),
                                            /*annotate_for_users=*/false);
        split.getSrcMutable().set(whole);
        split.setAnnotateForUsers(true);
      }
    }
    func.walk([&](func::ReturnOp ret) {
      for (OpOperand &operand : ret->getOpOperands()) {
        shard::ShardOp split =
            splittingAnnotation(operand.get().getDefiningOp());
        if (!split)
          continue;
        b.setInsertionPoint(ret);
        operand.set(shard::ShardOp::create(b, split.getLoc(), split,
                                           replicatedLike(b, split),
                                           /*annotate_for_users=*/true));
      }
    });
  }
};

} // namespace
