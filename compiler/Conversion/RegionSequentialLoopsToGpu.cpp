//===- RegionSequentialLoopsToGpu.cpp - serial loops in GPU regions -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Reductions to a scalar (linalg.dot, a full linalg.reduce) become plain
// scf.for nests with no parallel dimension, so the parallel-loop conversion
// leaves them on the host even though their data lives on the GPU. Running
// such a loop nest as one GPU thread keeps compute with the data.
//
//===----------------------------------------------------------------------===//

#include "imex/Conversion/Passes.h"
#include "imex/Dialect/Region/IR/Region.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/CallInterfaces.h"

namespace imex {
#define GEN_PASS_DEF_CONVERTREGIONSEQUENTIALLOOPSTOGPU
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// A loop nest that can run as device code: it has no results (it works
/// through memory), makes no calls, and contains nothing that already
/// targets the GPU.
bool isDeviceLoopNest(scf::ForOp loop) {
  if (loop.getNumResults() != 0)
    return false;
  WalkResult nested = loop.getBody()->walk([](Operation *op) {
    return isa<gpu::LaunchOp, gpu::LaunchFuncOp, scf::ParallelOp,
               CallOpInterface>(op)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return !nested.wasInterrupted();
}

struct ConvertRegionSequentialLoopsToGpuPass
    : imex::impl::ConvertRegionSequentialLoopsToGpuBase<
          ConvertRegionSequentialLoopsToGpuPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::LaunchOp>(op))
        return WalkResult::skip();
      auto loop = dyn_cast<scf::ForOp>(op);
      if (!loop)
        return WalkResult::advance();
      if (imex::region::isInGpuRegion(loop) && isDeviceLoopNest(loop))
        loops.push_back(loop);
      return WalkResult::skip(); // only outermost loops
    });

    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops) {
      Location loc = loop.getLoc();
      rewriter.setInsertionPoint(loop);
      Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      auto launch =
          gpu::LaunchOp::create(rewriter, loc, one, one, one, one, one, one);
      Block &body = launch.getBody().front();
      rewriter.setInsertionPointToEnd(&body);
      auto terminator = gpu::TerminatorOp::create(rewriter, loc);
      rewriter.moveOpBefore(loop, terminator);
    }
  }
};

} // namespace
