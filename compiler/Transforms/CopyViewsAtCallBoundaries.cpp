//===- CopyViewsAtCallBoundaries.cpp - contiguous arrays across calls -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace imex {
#define GEN_PASS_DEF_COPYVIEWSATCALLBOUNDARIES
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// True if every buffer of `type` is laid out as the identity layout lays
/// out its sizes: offset 0 and row-major strides, as far as the static
/// sizes and strides tell.
bool isCertainlyIdentityLaidOut(MemRefType type) {
  if (type.getLayout().isIdentity())
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(type.getStridesAndOffset(strides, offset)) && offset == 0 &&
         type.areTrailingDimsContiguous(type.getRank());
}

/// The buffer behind `value` through its memref.cast ops.
Value throughCasts(Value value) {
  while (auto cast = value.getDefiningOp<memref::CastOp>())
    value = cast.getSource();
  return value;
}

/// Replaces `operand`, a buffer of the identity layout cast from a view
/// that may not be laid out that way, by a copy of the view.
void copyIfView(OpOperand &operand) {
  auto type = dyn_cast<MemRefType>(operand.get().getType());
  if (!type || !type.getLayout().isIdentity())
    return;
  Value view = throughCasts(operand.get());
  auto viewType = cast<MemRefType>(view.getType());
  if (isCertainlyIdentityLaidOut(viewType))
    return;
  OpBuilder builder(operand.getOwner());
  Location loc = operand.getOwner()->getLoc();
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(memref::DimOp::create(builder, loc, view, dim));
  Value copy = memref::AllocOp::create(builder, loc, type, dynamicSizes);
  memref::CopyOp::create(builder, loc, view, copy);
  operand.set(copy);
}

struct CopyViewsAtCallBoundariesPass
    : imex::impl::CopyViewsAtCallBoundariesBase<CopyViewsAtCallBoundariesPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (!isa<func::CallOp, func::ReturnOp>(op))
        return;
      for (OpOperand &operand : op->getOpOperands())
        copyIfView(operand);
    });
  }
};

} // namespace
