//===- SequentializeNestedParallelLoops.cpp - one parallel level on host --===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace imex {
#define GEN_PASS_DEF_SEQUENTIALIZENESTEDPARALLELLOOPS
#include "Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// Replaces `loop` (no reductions) by scf.for loops over its dimensions,
/// outermost first.
void sequentialize(scf::ParallelOp loop) {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  IRMapping mapping;
  for (auto [iv, lower, upper, step] :
       llvm::zip(loop.getInductionVars(), loop.getLowerBound(),
                 loop.getUpperBound(), loop.getStep())) {
    auto forOp = scf::ForOp::create(builder, loc, lower, upper, step);
    mapping.map(iv, forOp.getInductionVar());
    builder.setInsertionPoint(forOp.getBody()->getTerminator());
  }
  for (Operation &op : loop.getBody()->without_terminator())
    builder.clone(op, mapping);
  loop.erase();
}

struct SequentializeNestedParallelLoopsPass
    : imex::impl::SequentializeNestedParallelLoopsBase<
          SequentializeNestedParallelLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ParallelOp> nested;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (loop.getNumReductions() == 0 &&
          loop->getParentOfType<scf::ParallelOp>())
        nested.push_back(loop);
    });
    // Post-order walk: inner loops come first, so each clone copies an
    // already sequential body.
    for (scf::ParallelOp loop : nested)
      sequentialize(loop);
  }
};

} // namespace
