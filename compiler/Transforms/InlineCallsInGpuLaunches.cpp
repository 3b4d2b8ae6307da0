//===- InlineCallsInGpuLaunches.cpp - kernels without calls ---------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/Inliner.h"
#include "mlir/Transforms/InliningUtils.h"

namespace imex {
#define GEN_PASS_DEF_INLINECALLSINGPULAUNCHES
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// Rounds of nested calls inlined at most: a deeper chain is taken for
/// recursion.
constexpr int kMaxInliningDepth = 32;

/// The dialects' rules, but that the regions of a launch body (where this
/// pass inlines, and only there) may take a callee's body: the GPU
/// dialect's interface refuses regions, so that upstream's inliner leaves
/// launches alone.
struct LaunchBodyInliner : InlinerInterface {
  using InlinerInterface::InlinerInterface;
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const override {
    return true;
  }
};

struct InlineCallsInGpuLaunchesPass
    : imex::impl::InlineCallsInGpuLaunchesBase<InlineCallsInGpuLaunchesPass> {
  void runOnOperation() override {
    SymbolTableCollection symbols;
    LaunchBodyInliner interface(&getContext());
    // Upstream's cloning: callees stay as they are for the host's calls.
    InlinerConfig config;
    // Each round inlines the calls in launches, which may bring in calls of
    // their own.
    for (int depth = 0;; ++depth) {
      SmallVector<func::CallOp> calls;
      getOperation().walk([&](gpu::LaunchOp launch) {
        launch.walk([&](func::CallOp call) { calls.push_back(call); });
      });
      if (calls.empty())
        return;
      for (func::CallOp call : calls) {
        auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
            call, call.getCalleeAttr());
        if (!callee || callee.isExternal()) {
          call.emitError() << "a GPU kernel cannot call '" << call.getCallee()
                           << "', which has no body here";
          return signalPassFailure();
        }
        if (depth == kMaxInliningDepth) {
          call.emitError() << "a GPU kernel cannot call '" << call.getCallee()
                           << "': its calls nest deeper than "
                           << kMaxInliningDepth << " (recursion?)";
          return signalPassFailure();
        }
        if (failed(inlineCall(interface, config.getCloneCallback(), call,
                              callee, &callee.getBody()))) {
          call.emitError() << "could not inline '" << call.getCallee()
                           << "' into a GPU kernel";
          return signalPassFailure();
        }
        call.erase();
      }
    }
  }
};

} // namespace
