//===- TensorArithToLinalg.cpp - whole-tensor arith as linalg ops ---------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/DialectConversion.h"

namespace imex {
#define GEN_PASS_DEF_TENSORARITHTOLINALG
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// An elementwise op on ranked tensors, but a select between whole tensors
/// (a scalar condition), which is not elementwise: its tensors may differ
/// in shape, and only the chosen one may be read.
bool appliesElementwiseToTensors(Operation *op) {
  if (!OpTrait::hasElementwiseMappableTraits(op) ||
      !llvm::any_of(op->getOperandTypes(), llvm::IsaPred<RankedTensorType>))
    return false;
  auto select = dyn_cast<arith::SelectOp>(op);
  return !select || isa<ShapedType>(select.getCondition().getType());
}

struct TensorArithToLinalgPass
    : imex::impl::TensorArithToLinalgBase<TensorArithToLinalgPass> {
  void runOnOperation() override {
    ConversionTarget target(getContext());
    target.markUnknownOpDynamicallyLegal(
        [](Operation *op) { return !appliesElementwiseToTensors(op); });
    RewritePatternSet patterns(&getContext());
    linalg::populateElementwiseToLinalgConversionPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
