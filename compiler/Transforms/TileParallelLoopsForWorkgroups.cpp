//===- TileParallelLoopsForWorkgroups.cpp - threads per GPU workgroup -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parallel loops in GPU regions become workgroup loops around thread loops,
// so that each GPU workgroup runs many threads instead of one.
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/MathExtras.h"

namespace imex {
#define GEN_PASS_DEF_TILEPARALLELLOOPSFORWORKGROUPS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// Threads along the innermost dimension of a multi-dimensional workgroup:
/// one coalesced 128-byte line of f32 per row of threads.
constexpr int64_t kInnermostThreads = 32;
/// The smallest limit Vulkan allows for a workgroup's third dimension.
constexpr int64_t kMaxThirdDimThreads = 64;
/// Hardware workgroups have three dimensions.
constexpr unsigned kWorkgroupDims = 3;

/// The trip count of dimension `dim`, or INT64_MAX when it is not static.
int64_t staticExtent(scf::ParallelOp loop, unsigned dim) {
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound()[dim]);
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound()[dim]);
  std::optional<int64_t> step = getConstantIntValue(loop.getStep()[dim]);
  if (!lower || !upper || !step || *step <= 0)
    return INT64_MAX;
  return std::max<int64_t>(1, llvm::divideCeil(*upper - *lower, *step));
}

/// Threads per dimension of `loop`'s workgroups (1 for the dimensions that
/// are not spread over threads), `threads` in all at most.
SmallVector<int64_t> chooseWorkgroupShape(scf::ParallelOp loop,
                                          int64_t threads) {
  unsigned rank = loop.getNumLoops();
  unsigned spread = std::min(rank, kWorkgroupDims);
  SmallVector<int64_t> shape(rank, 1);
  SmallVector<int64_t> caps(rank, 1);
  for (unsigned k = 0; k < spread; ++k) {
    unsigned dim = rank - 1 - k;
    caps[dim] = staticExtent(loop, dim);
    if (k == 2)
      caps[dim] = std::min(caps[dim], kMaxThirdDimThreads);
  }
  int64_t remaining = threads;
  // First pass: the innermost dimension of a nest gets one row of threads,
  // the others what is left, innermost first.
  for (unsigned k = 0; k < spread; ++k) {
    unsigned dim = rank - 1 - k;
    int64_t want = (k == 0 && rank > 1) ? kInnermostThreads : remaining;
    shape[dim] = std::max<int64_t>(1, std::min({want, remaining, caps[dim]}));
    remaining /= shape[dim];
  }
  // Second pass: threads that small dimensions left over widen the others.
  for (unsigned k = 0; k < spread && remaining > 1; ++k) {
    unsigned dim = rank - 1 - k;
    int64_t grow = std::min(remaining, caps[dim] / shape[dim]);
    shape[dim] *= grow;
    remaining /= grow;
  }
  return shape;
}

/// Makes every dimension of `loop` count from 0 in steps of 1, the original
/// index computed in the body. Upstream's tileParallelLoop without min/max
/// bounds guards each thread with inner_iv * step + outer_iv < upper, which
/// is right for unit steps only: its inner induction variable already
/// counts in steps (an scf.forall with step 4 lost three tiles in four).
void normalizeSteps(IRRewriter &rewriter, scf::ParallelOp loop) {
  Location loc = loop.getLoc();
  SmallVector<Value> lowers(loop.getLowerBound());
  SmallVector<Value> uppers(loop.getUpperBound());
  SmallVector<Value> steps(loop.getStep());
  bool changed = false;
  for (unsigned dim = 0; dim < loop.getNumLoops(); ++dim) {
    if (isConstantIntValue(steps[dim], 1))
      continue;
    changed = true;
    rewriter.setInsertionPoint(loop);
    Range unit = emitNormalizedLoopBounds(rewriter, loc, lowers[dim],
                                          uppers[dim], steps[dim]);
    rewriter.setInsertionPointToStart(loop.getBody());
    denormalizeInductionVariable(rewriter, loc, loop.getInductionVars()[dim],
                                 lowers[dim], steps[dim]);
    rewriter.setInsertionPoint(loop);
    lowers[dim] = getValueOrCreateConstantIndexOp(rewriter, loc, unit.offset);
    uppers[dim] = getValueOrCreateConstantIndexOp(rewriter, loc, unit.size);
    steps[dim] = getValueOrCreateConstantIndexOp(rewriter, loc, unit.stride);
  }
  if (!changed)
    return;
  loop.getLowerBoundMutable().assign(lowers);
  loop.getUpperBoundMutable().assign(uppers);
  loop.getStepMutable().assign(steps);
}

struct TileParallelLoopsForWorkgroupsPass
    : imex::impl::TileParallelLoopsForWorkgroupsBase<
          TileParallelLoopsForWorkgroupsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (!imex::region::isValidWorkgroupSize(workgroupSize)) {
      getOperation().emitError()
          << "workgroup-size must be a power of two up to 1024, got "
          << workgroupSize.getValue();
      return signalPassFailure();
    }
    SmallVector<scf::ParallelOp> loops;
    getOperation().walk<WalkOrder::PreOrder>([&](scf::ParallelOp loop) {
      if (loop.getNumReductions() == 0 && imex::region::isInGpuRegion(loop))
        loops.push_back(loop);
      return WalkResult::skip(); // only outermost parallel loops
    });
    IRRewriter rewriter(&getContext());
    for (scf::ParallelOp loop : loops) {
      int64_t threads = workgroupSize;
      if (unsigned own =
              imex::region::getEnclosingGpuEnv(loop).getWorkgroupSize())
        threads = own;
      SmallVector<int64_t> shape = chooseWorkgroupShape(loop, threads);
      if (llvm::all_of(shape, [](int64_t n) { return n == 1; }))
        continue; // a single iteration: nothing to spread
      normalizeSteps(rewriter, loop);
      scf::tileParallelLoop(loop, shape, /*noMinMaxBounds=*/true);
    }
  }
};

} // namespace
