//===- IsolateParallelInsertSources.cpp - tiles read before they change ---===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

namespace imex {
#define GEN_PASS_DEF_ISOLATEPARALLELINSERTSOURCES
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// The tensor whose storage `value` will share after bufferization, as far
/// as slices, casts and results computed in place into an init go.
Value storageBase(Value value) {
  while (true) {
    if (auto slice = value.getDefiningOp<tensor::ExtractSliceOp>()) {
      value = slice.getSource();
    } else if (auto castOp = value.getDefiningOp<tensor::CastOp>()) {
      value = castOp.getSource();
    } else if (auto dps = value.getDefiningOp<DestinationStyleOpInterface>()) {
      value = dps.getTiedOpOperand(cast<OpResult>(value))->get();
    } else {
      return value;
    }
  }
}

struct IsolateParallelInsertSourcesPass
    : imex::impl::IsolateParallelInsertSourcesBase<
          IsolateParallelInsertSourcesPass> {
  void runOnOperation() override {
    getOperation()->walk([](scf::ForallOp forall) {
      SmallVector<tensor::ParallelInsertSliceOp> inserts;
      for (Operation &op : forall.getTerminator().getYieldingOps())
        if (auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(op))
          inserts.push_back(insert);
      for (tensor::ParallelInsertSliceOp insert : inserts) {
        auto base = dyn_cast<BlockArgument>(storageBase(insert.getSource()));
        if (!base || !llvm::is_contained(forall.getRegionIterArgs(), base))
          continue;
        // Bufferization copies in the terminator's order: only an earlier
        // insert overwrites the tile before this one reads it.
        bool writtenBefore =
            llvm::any_of(inserts, [&](tensor::ParallelInsertSliceOp other) {
              return other.getDest() == base && other->isBeforeInBlock(insert);
            });
        if (!writtenBefore)
          continue;
        Value source = insert.getSource();
        OpBuilder builder(forall.getContext());
        builder.setInsertionPointAfterValue(source);
        Value copy = bufferization::AllocTensorOp::create(
            builder, insert.getLoc(), cast<RankedTensorType>(source.getType()),
            ValueRange{}, source);
        insert.getSourceMutable().assign(copy);
      }
    });
  }
};

} // namespace
