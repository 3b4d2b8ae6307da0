//===- AllocaScopesToLLVM.cpp - alloca scopes inlined before scf-to-cf ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace imex {
#define GEN_PASS_DEF_CONVERTALLOCASCOPESTOLLVM
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// Moves the body of `scope` in front of it, between a stack save and
/// restore, and gives its results the values the body returns.
void inlineScope(IRRewriter &rewriter, memref::AllocaScopeOp scope) {
  Location loc = scope.getLoc();
  Block &body = scope.getBodyRegion().front();
  rewriter.setInsertionPoint(scope);
  Value stack = LLVM::StackSaveOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()));
  auto ret = cast<memref::AllocaScopeReturnOp>(body.getTerminator());
  SmallVector<Value> results(ret.getResults());
  rewriter.eraseOp(ret);
  rewriter.inlineBlockBefore(&body, scope);
  LLVM::StackRestoreOp::create(rewriter, loc, stack);
  rewriter.replaceOp(scope, results);
}

struct ConvertAllocaScopesToLLVMPass
    : imex::impl::ConvertAllocaScopesToLLVMBase<ConvertAllocaScopesToLLVMPass> {
  void runOnOperation() override {
    // Innermost first, so that each body is one block when it moves.
    SmallVector<memref::AllocaScopeOp> scopes;
    getOperation().walk(
        [&](memref::AllocaScopeOp scope) { scopes.push_back(scope); });
    IRRewriter rewriter(&getContext());
    for (memref::AllocaScopeOp scope : scopes)
      inlineScope(rewriter, scope);
  }
};

} // namespace
