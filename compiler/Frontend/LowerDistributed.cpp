//===- LowerDistributed.cpp - .nda to MLIR: @distributed defs -------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A @distributed def runs on every MPI process: its array parameters come
// in whole (every process has them, as in the caller) and each process
// computes on its block of rows (or of the decorator's axis); array
// results go back whole, reductions combine the processes' parts. This is
// said with shard annotations on a grid of all processes, and the
// distributed pipeline does the rest.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "imex/Support/Shardings.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace imex::nda {

namespace {

/// The grid of all processes; not an .nda name (those have no dot).
constexpr llvm::StringLiteral kProcessGrid = "distributed.processes";

} // namespace

void Lowering::distribute(FuncInfo &info) {
  MLIRContext *ctx = builder.getContext();
  if (!module->lookupSymbol(kProcessGrid)) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module->getBody());
    shard::GridOp::create(builder, info.op.getLoc(), kProcessGrid,
                          ArrayRef<int64_t>{ShapedType::kDynamic});
  }
  auto gridRef = FlatSymbolRefAttr::get(ctx, kProcessGrid);
  func::FuncOp func = info.op;
  Location l = func.getLoc();
  OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
  auto none = shard::GridAxesAttr::get(ctx, {});
  Value whole =
      shard::ShardingOp::create(b, l, imex::replicatedSharding(gridRef));
  int64_t axis = info.def->distributedAxis;

  // Every process takes its block of each array parameter; sizes are asked
  // of the whole array.
  for (BlockArgument arg : func.getArguments()) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type)
      continue;
    SmallVector<OpOperand *> uses =
        llvm::map_to_vector(arg.getUses(), [](OpOperand &use) { return &use; });
    auto wholeArg = shard::ShardOp::create(b, l, arg, whole,
                                           /*annotate_for_users=*/false);
    Value local = wholeArg;
    if (axis < type.getRank()) {
      SmallVector<shard::GridAxesAttr> split(axis, none);
      split.push_back(shard::GridAxesAttr::get(ctx, {0}));
      Value splitSharding =
          shard::ShardingOp::create(b, l, shard::Sharding::get(gridRef, split));
      local = shard::ShardOp::create(b, l, wholeArg, splitSharding,
                                     /*annotate_for_users=*/true);
    }
    for (OpOperand *use : uses)
      use->set(isa<tensor::DimOp>(use->getOwner()) ? Value(wholeArg) : local);
  }

  // Array results go back whole.
  func.walk([&](func::ReturnOp ret) {
    OpBuilder atReturn(ret);
    for (OpOperand &operand : ret->getOpOperands())
      if (isa<RankedTensorType>(operand.get().getType()))
        operand.set(shard::ShardOp::create(atReturn, l, operand.get(), whole,
                                           /*annotate_for_users=*/true));
  });
}

} // namespace imex::nda
