//===- SinkConstantsIntoLaunches.cpp - constants built inside kernels -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"

namespace imex {
#define GEN_PASS_DEF_SINKCONSTANTSINTOLAUNCHES
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

struct SinkConstantsIntoLaunchesPass
    : imex::impl::SinkConstantsIntoLaunchesBase<SinkConstantsIntoLaunchesPass> {
  void runOnOperation() override {
    auto isConstant = [](Operation *op) {
      return op->hasTrait<OpTrait::ConstantLike>();
    };
    WalkResult result = getOperation().walk([&](gpu::LaunchOp launch) {
      return failed(sinkOperationsIntoLaunchOp(launch, isConstant))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
