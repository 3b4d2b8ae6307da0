//===- PromotableRegionOpInterfaceImpl.cpp - region op models -------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How a slot's value flows through the region control flow of scf, affine
// and region ops:
//  * without stores inside, every region sees the definition reaching the
//    op and the op leaves it unchanged;
//  * ops whose regions each run at most once and then yield to the parent
//    (if, index_switch, execute_region, env_region) yield the definition at
//    the end of each region as one more result;
//  * loops carry it as one more iteration argument (and result);
//  * parallel ops (forall, parallel, reduce) accept loads only: a store in
//    one iteration has no single successor definition.
//
//===----------------------------------------------------------------------===//

#include "imex/Interfaces/PromotableRegionOpInterfaceImpl.h"
#include "imex/Interfaces/PromotableRegionOpInterface.h"

#include "imex/Dialect/Region/IR/Region.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;

namespace {

using RegionEntryDefs = llvm::SmallMapVector<Region *, Value, 2>;
using BlockEndDefs = llvm::DenseMap<Block *, Value>;

void forwardToAllRegions(Operation *op, Value def, RegionEntryDefs &out) {
  for (Region &region : op->getRegions())
    out[&region] = def;
}

/// Appends the definition at the end of every block of `region` that ends
/// in a `TermOp` (or `fallback` for blocks promotion did not reach) to that
/// terminator's operands. The terminators handled here have their forwarded
/// values as trailing operands.
template <typename TermOp>
void appendToTerminators(Region &region, const BlockEndDefs &ends,
                         Value fallback) {
  for (Block &block : region) {
    if (block.empty() || !isa<TermOp>(block.back()))
      continue;
    Operation *term = &block.back();
    term->insertOperands(term->getNumOperands(),
                         imex::reachingDefAtEnd(ends, &block, fallback));
  }
}

/// Gives an if-like op without else branch an else block that yields
/// nothing yet; it is not in `ends`, so it forwards the entry definition.
template <typename YieldOp>
void addEmptyElse(Operation *op, Region &elseRegion, OpBuilder &builder) {
  if (!elseRegion.empty())
    return;
  OpBuilder::InsertionGuard guard(builder);
  builder.createBlock(&elseRegion);
  YieldOp::create(builder, op->getLoc());
}

/// The loop-carried operands of a counted loop.
MutableOperandRange loopInits(scf::ForOp loop) {
  return loop.getInitArgsMutable();
}
MutableOperandRange loopInits(affine::AffineForOp loop) {
  return loop.getInitsMutable();
}

/// Ops with loads only inside (the parallel ones).
template <typename OpTy>
struct LoadOnlyModel
    : PromotableRegionOpInterface::ExternalModel<LoadOnlyModel<OpTy>, OpTy> {
  bool isRegionPromotable(Operation *, const MemorySlot &, Region *,
                          bool hasValueStores) const {
    return !hasValueStores;
  }
  void setupPromotion(Operation *op, const MemorySlot &, Value reachingDef,
                      bool, RegionEntryDefs &regionsToProcess) const {
    forwardToAllRegions(op, reachingDef, regionsToProcess);
  }
  Value finalizePromotion(Operation *, const MemorySlot &,
                          Value entryReachingDef, bool, BlockEndDefs &,
                          OpBuilder &) const {
    return entryReachingDef;
  }
};

/// Ops whose regions run at most once each, start from the op's entry and
/// end in a `YieldOp` back to the op. `HasElse` marks if-like ops whose
/// second region may be empty.
template <typename OpTy, typename YieldOp, bool HasElse = false>
struct YieldingModel : PromotableRegionOpInterface::ExternalModel<
                           YieldingModel<OpTy, YieldOp, HasElse>, OpTy> {
  bool isRegionPromotable(Operation *, const MemorySlot &, Region *,
                          bool) const {
    return true;
  }
  void setupPromotion(Operation *op, const MemorySlot &, Value reachingDef,
                      bool, RegionEntryDefs &regionsToProcess) const {
    forwardToAllRegions(op, reachingDef, regionsToProcess);
  }
  Value finalizePromotion(Operation *op, const MemorySlot &slot,
                          Value entryReachingDef, bool hasValueStores,
                          BlockEndDefs &reachingAtBlockEnd,
                          OpBuilder &builder) const {
    if (!hasValueStores)
      return entryReachingDef;
    if constexpr (HasElse)
      addEmptyElse<YieldOp>(op, op->getRegion(1), builder);
    for (Region &region : op->getRegions())
      appendToTerminators<YieldOp>(region, reachingAtBlockEnd,
                                   entryReachingDef);
    return imex::replaceWithExtraResult(op, slot.elemType, builder)
        ->getResults()
        .back();
  }
};

/// Counted loops with one body block: the slot becomes one more iteration
/// argument when the body stores to it.
template <typename OpTy, typename YieldOp>
struct LoopModel
    : PromotableRegionOpInterface::ExternalModel<LoopModel<OpTy, YieldOp>,
                                                 OpTy> {
  bool isRegionPromotable(Operation *, const MemorySlot &, Region *,
                          bool) const {
    return true;
  }
  void setupPromotion(Operation *op, const MemorySlot &slot, Value reachingDef,
                      bool hasValueStores,
                      RegionEntryDefs &regionsToProcess) const {
    auto loop = cast<OpTy>(op);
    if (!hasValueStores) {
      forwardToAllRegions(op, reachingDef, regionsToProcess);
      return;
    }
    loopInits(loop).append(reachingDef);
    regionsToProcess[&loop.getRegion()] =
        loop.getBody()->addArgument(slot.elemType, slot.ptr.getLoc());
  }
  Value finalizePromotion(Operation *op, const MemorySlot &slot,
                          Value entryReachingDef, bool hasValueStores,
                          BlockEndDefs &reachingAtBlockEnd,
                          OpBuilder &builder) const {
    if (!hasValueStores)
      return entryReachingDef;
    auto loop = cast<OpTy>(op);
    appendToTerminators<YieldOp>(loop.getRegion(), reachingAtBlockEnd,
                                 loop.getBody()->getArguments().back());
    return imex::replaceWithExtraResult(op, slot.elemType, builder)
        ->getResults()
        .back();
  }
};

/// scf.while: the slot is carried through both regions: into `before` as an
/// init/yielded value, into `after` as a forwarded condition argument.
struct WhileModel
    : PromotableRegionOpInterface::ExternalModel<WhileModel, scf::WhileOp> {
  bool isRegionPromotable(Operation *, const MemorySlot &, Region *,
                          bool) const {
    return true;
  }
  void setupPromotion(Operation *op, const MemorySlot &slot, Value reachingDef,
                      bool hasValueStores,
                      RegionEntryDefs &regionsToProcess) const {
    auto loop = cast<scf::WhileOp>(op);
    if (!hasValueStores) {
      forwardToAllRegions(op, reachingDef, regionsToProcess);
      return;
    }
    loop.getInitsMutable().append(reachingDef);
    regionsToProcess[&loop.getBefore()] =
        loop.getBeforeBody()->addArgument(slot.elemType, slot.ptr.getLoc());
    regionsToProcess[&loop.getAfter()] =
        loop.getAfterBody()->addArgument(slot.elemType, slot.ptr.getLoc());
  }
  Value finalizePromotion(Operation *op, const MemorySlot &slot,
                          Value entryReachingDef, bool hasValueStores,
                          BlockEndDefs &reachingAtBlockEnd,
                          OpBuilder &builder) const {
    if (!hasValueStores)
      return entryReachingDef;
    auto loop = cast<scf::WhileOp>(op);
    appendToTerminators<scf::ConditionOp>(
        loop.getBefore(), reachingAtBlockEnd,
        loop.getBeforeBody()->getArguments().back());
    appendToTerminators<scf::YieldOp>(
        loop.getAfter(), reachingAtBlockEnd,
        loop.getAfterBody()->getArguments().back());
    return imex::replaceWithExtraResult(op, slot.elemType, builder)
        ->getResults()
        .back();
  }
};

//===----------------------------------------------------------------------===//
// Pruning unused promotion results
//===----------------------------------------------------------------------===//

/// How the results of a region op with a model here are fed.
enum class ResultShape {
  /// Not handled.
  None,
  /// Result k is operand k of the yield of every region (if-like ops).
  Yielded,
  /// Result k is iteration argument k, yielded as operand k (counted loops).
  LoopCarried,
};

ResultShape shapeOf(Operation *op) {
  if (isa<scf::IfOp, scf::ExecuteRegionOp, scf::IndexSwitchOp,
          affine::AffineIfOp, imex::region::EnvironmentRegionOp>(op))
    return ResultShape::Yielded;
  if (isa<scf::ForOp, affine::AffineForOp>(op))
    return ResultShape::LoopCarried;
  return ResultShape::None;
}

bool isYieldOf(Operation *terminator, Operation *op) {
  return terminator->getParentOp() == op &&
         isa<scf::YieldOp, affine::AffineYieldOp,
             imex::region::EnvironmentRegionYieldOp>(terminator);
}

SmallVector<Operation *> yieldsOf(Operation *op) {
  SmallVector<Operation *> yields;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (!block.empty() && isYieldOf(&block.back(), op))
        yields.push_back(&block.back());
  return yields;
}

/// Iteration arguments come after the induction variable.
constexpr unsigned kInductionVars = 1;

BlockArgument iterArg(Operation *loop, unsigned index) {
  return loop->getRegion(0).front().getArgument(kInductionVars + index);
}

using ResultEntry = std::pair<Operation *, unsigned>;

} // namespace

void imex::pruneUnusedPromotionResults(ArrayRef<ResultEntry> added,
                                       RewriterBase &rewriter) {
  llvm::DenseSet<ResultEntry> candidates;
  for (ResultEntry entry : added)
    if (shapeOf(entry.first) != ResultShape::None &&
        entry.second < entry.first->getNumResults())
      candidates.insert(entry);

  // The entry whose yields `use` is one of, if any.
  auto yieldingEntry = [&](OpOperand &use) -> std::optional<ResultEntry> {
    Operation *parent = use.getOwner()->getParentOp();
    if (!parent || !isYieldOf(use.getOwner(), parent) ||
        shapeOf(parent) == ResultShape::None)
      return std::nullopt;
    ResultEntry entry{parent, use.getOperandNumber()};
    if (!candidates.contains(entry))
      return std::nullopt;
    return entry;
  };

  // An entry is needed if its result (or iteration argument) has a use
  // other than a yield feeding a candidate, or feeds a needed one.
  llvm::DenseSet<ResultEntry> needed;
  SmallVector<ResultEntry> worklist;
  llvm::DenseMap<ResultEntry, SmallVector<ResultEntry, 2>> feeds;
  auto markNeeded = [&](ResultEntry entry) {
    if (needed.insert(entry).second)
      worklist.push_back(entry);
  };
  // Visit in the given order so that the result does not depend on hashing.
  llvm::DenseSet<ResultEntry> seen;
  for (ResultEntry entry : added) {
    if (!candidates.contains(entry) || !seen.insert(entry).second)
      continue;
    SmallVector<Value, 2> values{entry.first->getResult(entry.second)};
    if (shapeOf(entry.first) == ResultShape::LoopCarried)
      values.push_back(iterArg(entry.first, entry.second));
    for (Value value : values) {
      for (OpOperand &use : value.getUses()) {
        if (std::optional<ResultEntry> user = yieldingEntry(use))
          feeds[*user].push_back(entry);
        else
          markNeeded(entry);
      }
    }
  }
  while (!worklist.empty()) {
    ResultEntry entry = worklist.pop_back_val();
    auto it = feeds.find(entry);
    if (it == feeds.end())
      continue;
    for (ResultEntry fed : it->second)
      markNeeded(fed);
  }

  // Dead positions per op, highest first, in a deterministic op order.
  SmallVector<Operation *> ops;
  llvm::DenseMap<Operation *, SmallVector<unsigned, 2>> dead;
  for (ResultEntry entry : added) {
    if (!candidates.contains(entry) || needed.contains(entry))
      continue;
    SmallVector<unsigned, 2> &positions = dead[entry.first];
    if (positions.empty())
      ops.push_back(entry.first);
    if (!llvm::is_contained(positions, entry.second))
      positions.push_back(entry.second);
  }
  for (Operation *op : ops)
    llvm::sort(dead[op], std::greater<unsigned>());

  // Yielded values first (they may be the only uses of other dead results
  // and iteration arguments), then iteration arguments and inits, then the
  // results themselves.
  for (Operation *op : ops)
    for (Operation *yield : yieldsOf(op))
      for (unsigned position : dead[op])
        yield->eraseOperand(position);
  for (Operation *op : ops) {
    if (shapeOf(op) != ResultShape::LoopCarried)
      continue;
    Block &body = op->getRegion(0).front();
    for (unsigned position : dead[op]) {
      body.eraseArgument(kInductionVars + position);
      if (auto loop = dyn_cast<scf::ForOp>(op))
        loop.getInitArgsMutable().erase(position);
      else
        cast<affine::AffineForOp>(op).getInitsMutable().erase(position);
    }
  }
  for (Operation *op : ops) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(op);
    llvm::SmallBitVector drop(op->getNumResults());
    for (unsigned position : dead[op])
      drop.set(position);
    SmallVector<Type> types;
    for (auto [index, type] : llvm::enumerate(op->getResultTypes()))
      if (!drop.test(index))
        types.push_back(type);
    Operation *newOp = Operation::create(
        op->getLoc(), op->getName(), types, op->getOperands(),
        NamedAttrList(op->getDiscardableAttrDictionary()),
        op->getPropertiesStorage(), op->getSuccessors(), op->getNumRegions());
    for (auto [from, to] : llvm::zip(op->getRegions(), newOp->getRegions()))
      to.takeBody(from);
    rewriter.insert(newOp);
    unsigned next = 0;
    for (OpResult result : op->getResults()) {
      if (drop.test(result.getResultNumber())) {
        assert(result.use_empty() && "a pruned result has no uses left");
        continue;
      }
      rewriter.replaceAllUsesWith(result, newOp->getResult(next++));
    }
    rewriter.eraseOp(op);

    // An else branch that now does nothing (often one the model added) goes.
    if (newOp->getNumResults() == 0 &&
        isa<scf::IfOp, affine::AffineIfOp>(newOp)) {
      Region &elseRegion = newOp->getRegion(1);
      if (llvm::hasSingleElement(elseRegion) &&
          llvm::hasSingleElement(elseRegion.front()) &&
          elseRegion.front().front().getNumOperands() == 0)
        rewriter.eraseBlock(&elseRegion.front());
    }
  }
}

void imex::registerPromotableRegionOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, scf::SCFDialect *) {
    scf::IfOp::attachInterface<
        YieldingModel<scf::IfOp, scf::YieldOp, /*HasElse=*/true>>(*ctx);
    scf::ExecuteRegionOp::attachInterface<
        YieldingModel<scf::ExecuteRegionOp, scf::YieldOp>>(*ctx);
    scf::IndexSwitchOp::attachInterface<
        YieldingModel<scf::IndexSwitchOp, scf::YieldOp>>(*ctx);
    scf::ForOp::attachInterface<LoopModel<scf::ForOp, scf::YieldOp>>(*ctx);
    scf::WhileOp::attachInterface<WhileModel>(*ctx);
    scf::ForallOp::attachInterface<LoadOnlyModel<scf::ForallOp>>(*ctx);
    scf::ParallelOp::attachInterface<LoadOnlyModel<scf::ParallelOp>>(*ctx);
    scf::ReduceOp::attachInterface<LoadOnlyModel<scf::ReduceOp>>(*ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, affine::AffineDialect *) {
    affine::AffineForOp::attachInterface<
        LoopModel<affine::AffineForOp, affine::AffineYieldOp>>(*ctx);
    affine::AffineIfOp::attachInterface<YieldingModel<
        affine::AffineIfOp, affine::AffineYieldOp, /*HasElse=*/true>>(*ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, region::RegionDialect *) {
    region::EnvironmentRegionOp::attachInterface<YieldingModel<
        region::EnvironmentRegionOp, region::EnvironmentRegionYieldOp>>(*ctx);
  });
}
