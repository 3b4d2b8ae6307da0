//===- GpuRegionForallsToParallel.cpp - GPU foralls as parallel loops -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/Region/IR/Region.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace imex {
#define GEN_PASS_DEF_GPUREGIONFORALLSTOPARALLEL
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

struct GpuRegionForallsToParallelPass
    : imex::impl::GpuRegionForallsToParallelBase<
          GpuRegionForallsToParallelPass> {
  void runOnOperation() override {
    SmallVector<scf::ForallOp> foralls;
    getOperation()->walk([&](scf::ForallOp forall) {
      auto region =
          forall->getParentOfType<imex::region::EnvironmentRegionOp>();
      if (region && imex::region::isGpuRegion(region))
        foralls.push_back(forall);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForallOp forall : foralls) {
      rewriter.setInsertionPoint(forall);
      if (!forall.getOutputs().empty()) {
        forall.emitOpError("in a GPU region still has outputs after "
                           "bufferization; it cannot become threads");
        return signalPassFailure();
      }
      // A slice moved whole (a parallel_insert_slice of an extract_slice)
      // bufferizes to a memref.copy, which kernels cannot run: as a
      // linalg.copy it becomes the thread's loops, as other linalg ops do.
      forall.getBody()->walk([&](memref::CopyOp copy) {
        rewriter.setInsertionPoint(copy);
        rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                    copy.getTarget());
      });
      rewriter.setInsertionPoint(forall);
      if (failed(scf::forallToParallelLoop(rewriter, forall)))
        return signalPassFailure();
    }
  }
};

} // namespace
