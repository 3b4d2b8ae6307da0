//===- RegionParallelLoopToGpu.cpp - scf.parallel -> gpu.launch in GPU regions
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
////

#include "imex/Conversion/Passes.h"
#include "imex/Dialect/Region/IR/Region.h"

#include "mlir/Conversion/SCFToGPU/SCFToGPU.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace imex {
#define GEN_PASS_DEF_CONVERTREGIONPARALLELLOOPTOGPU
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// The attribute upstream's parallel-loop-to-GPU patterns put on ops they
/// have processed (not exported by the upstream headers).
constexpr StringLiteral kVisitedMarker = "SCFToGPU_visited";

/// Collects the outermost GPU env_regions below `root`; non-GPU regions are
/// walked through, GPU regions are not entered again.
void collectOutermostGpuRegions(Operation *root,
                                SmallVectorImpl<Operation *> &regions) {
  root->walk<WalkOrder::PreOrder>([&](imex::region::EnvironmentRegionOp op) {
    if (!imex::region::isGpuRegion(op))
      return WalkResult::advance();
    regions.push_back(op);
    return WalkResult::skip();
  });
}

struct ConvertRegionParallelLoopToGpuPass
    : imex::impl::ConvertRegionParallelLoopToGpuBase<
          ConvertRegionParallelLoopToGpuPass> {
  void runOnOperation() override {
    SmallVector<Operation *> gpuRegions;
    collectOutermostGpuRegions(getOperation(), gpuRegions);

    if (!gpuRegions.empty()) {
      RewritePatternSet patterns(&getContext());
      populateParallelLoopToGPUPatterns(patterns);
      ConversionTarget target(getContext());
      target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      configureParallelLoopToGPULegality(target);
      if (failed(
              applyPartialConversion(gpuRegions, target, std::move(patterns))))
        return signalPassFailure();
    }
    finalizeParallelLoopToGPUConversion(getOperation());
    // Upstream leaves its marker on the gpu.launch ops it created (MLIR 22);
    // the marker means nothing outside the conversion.
    getOperation()->walk(
        [](gpu::LaunchOp launch) { launch->removeAttr(kVisitedMarker); });
  }
};

} // namespace
