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

namespace imex {
#define GEN_PASS_DEF_ISOLATEPARALLELINSERTSOURCES
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// The tensor `value` is a slice of, through tensor.extract_slice ops.
Value sliceBase(Value value) {
  while (auto slice = value.getDefiningOp<tensor::ExtractSliceOp>())
    value = slice.getSource();
  return value;
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
        auto base = dyn_cast<BlockArgument>(sliceBase(insert.getSource()));
        if (!base || base.getOwner() != forall.getBody() ||
            !llvm::is_contained(forall.getRegionIterArgs(), base))
          continue;
        bool writtenByAnother =
            llvm::any_of(inserts, [&](tensor::ParallelInsertSliceOp other) {
              return other != insert && other.getDest() == base;
            });
        if (!writtenByAnother)
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
