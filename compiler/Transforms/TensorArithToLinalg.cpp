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
#include "mlir/Dialect/Tensor/IR/Tensor.h"
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

/// A ranked tensor.bitcast, which bufferization does not take, as the
/// arith.bitcast of its elements (made a linalg.generic in turn), after a
/// tensor.cast to the result's shape where the two differ in which sizes
/// are static.
struct TensorBitcastAsElementwise
    : public OpConversionPattern<tensor::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tensor::BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto source = dyn_cast<RankedTensorType>(adaptor.getSource().getType());
    auto result = dyn_cast<RankedTensorType>(op.getType());
    if (!source || !result)
      return failure();
    Value input = adaptor.getSource();
    if (source.getShape() != result.getShape())
      input = tensor::CastOp::create(
          rewriter, op.getLoc(), result.clone(source.getElementType()), input);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, result, input);
    return success();
  }
};

struct TensorArithToLinalgPass
    : imex::impl::TensorArithToLinalgBase<TensorArithToLinalgPass> {
  void runOnOperation() override {
    ConversionTarget target(getContext());
    target.markUnknownOpDynamicallyLegal(
        [](Operation *op) { return !appliesElementwiseToTensors(op); });
    target.addDynamicallyLegalOp<tensor::BitcastOp>([](tensor::BitcastOp op) {
      return !isa<RankedTensorType>(op.getSource().getType()) ||
             !isa<RankedTensorType>(op.getType());
    });
    RewritePatternSet patterns(&getContext());
    linalg::populateElementwiseToLinalgConversionPatterns(patterns);
    patterns.add<TensorBitcastAsElementwise>(&getContext());
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
