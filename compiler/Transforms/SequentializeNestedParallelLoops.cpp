//===- SequentializeNestedParallelLoops.cpp - one parallel level on host --===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace imex {
#define GEN_PASS_DEF_SEQUENTIALIZENESTEDPARALLELLOOPS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// Replaces `loop` by scf.for loops over its dimensions, outermost first;
/// its reductions become values the loops carry, combined in iteration
/// order by the bodies of its scf.reduce regions.
void sequentialize(scf::ParallelOp loop) {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  IRMapping mapping;
  SmallVector<Value> accumulators(loop.getInitVals());
  SmallVector<scf::ForOp> loops;
  for (auto [iv, lower, upper, step] :
       llvm::zip(loop.getInductionVars(), loop.getLowerBound(),
                 loop.getUpperBound(), loop.getStep())) {
    // With a body builder, the loop gets no terminator: added below.
    auto forOp =
        scf::ForOp::create(builder, loc, lower, upper, step, accumulators,
                           [](OpBuilder &, Location, Value, ValueRange) {});
    mapping.map(iv, forOp.getInductionVar());
    accumulators.assign(forOp.getRegionIterArgs().begin(),
                        forOp.getRegionIterArgs().end());
    builder.setInsertionPointToStart(forOp.getBody());
    loops.push_back(forOp);
  }
  for (Operation &op : loop.getBody()->without_terminator())
    builder.clone(op, mapping);
  auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
  SmallVector<Value> combined;
  for (auto [accumulator, operand, region] :
       llvm::zip(accumulators, reduce.getOperands(), reduce.getReductions())) {
    Block &combiner = region.front();
    IRMapping combine = mapping;
    combine.map(combiner.getArgument(0), accumulator);
    combine.map(combiner.getArgument(1), mapping.lookupOrDefault(operand));
    for (Operation &op : combiner.without_terminator())
      builder.clone(op, combine);
    combined.push_back(combine.lookupOrDefault(
        cast<scf::ReduceReturnOp>(combiner.getTerminator()).getResult()));
  }
  scf::YieldOp::create(builder, loc, combined);
  for (size_t i = loops.size() - 1; i > 0; --i) {
    builder.setInsertionPointToEnd(loops[i - 1].getBody());
    scf::YieldOp::create(builder, loc, loops[i].getResults());
  }
  loop.replaceAllUsesWith(loops.front().getResults());
  loop.erase();
}

/// The processors gpu-map-parallel-loops mapped the dimensions of `loop` to
/// (none if it did not map it).
SmallVector<gpu::Processor> mappedProcessors(scf::ParallelOp loop) {
  SmallVector<gpu::Processor> processors;
  if (auto mapping = loop->getAttrOfType<ArrayAttr>(gpu::getMappingAttrName()))
    for (Attribute dim : mapping)
      if (auto map = dyn_cast<gpu::ParallelLoopDimMappingAttr>(dim))
        processors.push_back(map.getProcessor());
  return processors;
}

bool isThread(gpu::Processor processor) {
  using gpu::Processor;
  return processor == Processor::ThreadX || processor == Processor::ThreadY ||
         processor == Processor::ThreadZ;
}

bool isSequential(gpu::Processor processor) {
  return processor == gpu::Processor::Sequential;
}

/// True if `loop` runs inside one GPU thread: gpu-map-parallel-loops mapped
/// every dimension of it to `sequential`, or it left the loop unmapped (it
/// does not look into an scf.if, such as a workgroup tile's bounds guard)
/// inside a loop it mapped to threads or to `sequential` alone (a loop
/// mapped to blocks runs its body in every thread of the block).
bool runsInOneThread(scf::ParallelOp loop) {
  SmallVector<gpu::Processor> own = mappedProcessors(loop);
  if (!own.empty())
    return llvm::all_of(own, isSequential);
  for (auto outer = loop->getParentOfType<scf::ParallelOp>(); outer;
       outer = outer->getParentOfType<scf::ParallelOp>()) {
    SmallVector<gpu::Processor> processors = mappedProcessors(outer);
    if (!processors.empty())
      return llvm::any_of(processors, isThread) ||
             llvm::all_of(processors, isSequential);
  }
  return false;
}

struct SequentializeNestedParallelLoopsPass
    : imex::impl::SequentializeNestedParallelLoopsBase<
          SequentializeNestedParallelLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ParallelOp> nested;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (mappedSequential && !runsInOneThread(loop))
        return;
      if (loop->getParentOfType<scf::ParallelOp>() ||
          (inSequentialLoops && loop->getParentOfType<scf::ForOp>()))
        nested.push_back(loop);
    });
    // Post-order walk: inner loops come first, so each clone copies an
    // already sequential body.
    for (scf::ParallelOp loop : nested)
      sequentialize(loop);
  }
};

} // namespace
