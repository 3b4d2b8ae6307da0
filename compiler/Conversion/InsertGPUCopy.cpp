//===- InsertGPUCopy.cpp - memref.copy in env regions -> gpu.memcpy -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Conversion/Passes.h"
#include "imex/Dialect/Region/IR/Region.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/PatternMatch.h"

namespace imex {
#define GEN_PASS_DEF_INSERTGPUCOPY
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

struct InsertGPUCopyPass : imex::impl::InsertGPUCopyBase<InsertGPUCopyPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    if (!func.getBody().hasOneBlock()) {
      func.emitError("Function must have exactly one block");
      return signalPassFailure();
    }

    // gpu.memcpy moves one contiguous block; copies between strided views
    // stay memref.copy, which the host runs on host-visible memory.
    auto contiguous = [](Value memref) {
      auto type = cast<MemRefType>(memref.getType());
      return type.getLayout().isIdentity() ||
             memref::isStaticShapeAndContiguousRowMajor(type);
    };
    SmallVector<memref::CopyOp> copies;
    func.walk([&](memref::CopyOp copy) {
      if (copy->getParentOfType<imex::region::EnvironmentRegionOp>() &&
          contiguous(copy.getSource()) && contiguous(copy.getTarget()))
        copies.push_back(copy);
    });

    IRRewriter rewriter(&getContext());
    for (memref::CopyOp copy : copies) {
      rewriter.setInsertionPoint(copy);
      gpu::MemcpyOp::create(rewriter, copy.getLoc(), /*asyncToken=*/Type(),
                            /*asyncDependencies=*/ValueRange(),
                            copy.getTarget(), copy.getSource());
      rewriter.eraseOp(copy);
    }
  }
};

} // namespace
