//===- Mem2Reg.cpp - promote memory slots, also through regions -----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// SSA construction for memory slots (`mem2reg`) that follows region control
// flow as well as the CFG.
//
// A slot is handled on its own, in two steps.
//
// Analysis (no IR change):
//  * Blocking uses. Every use of the slot pointer must go away; an op asked
//    to drop a use may in turn ask the users of its results to drop theirs.
//    The closure is found with a worklist, then replayed once in
//    producer-before-user order so that every op is judged on its final set
//    of uses. Only the ops reached this way are looked at, never the whole
//    forward slice of the pointer.
//  * Regions. Every region between a load/store and the slot's own region
//    must belong to an op with PromotableRegionOpInterface that accepts it,
//    knowing whether the region (transitively) stores to the slot.
//  * Merge points. In every region, the iterated dominance frontier of the
//    blocks that redefine the slot (a store, or an op whose regions store).
//    There is no liveness analysis: every predecessor of a merge point must
//    be able to pass a value (BranchOpInterface), even if the merge point
//    turns out not to need it. Blocks not strictly dominated by the slot's
//    block never see the slot and get nothing. Dominance frontiers are
//    computed once per region for all slots (the CFG never changes).
//
// Promotion:
//  * The definition reaching a block is its merge-point argument, or the one
//    at the end of its immediate dominator. It is computed on demand for the
//    blocks that hold loads, stores or region ops using the slot (visited in
//    dominator-tree order), and for merge points and their predecessors,
//    jumping straight to the nearest dominator among those blocks; the
//    blocks in between do nothing to the slot. Merge-point arguments are
//    only created when asked for. Region ops are handed the reaching
//    definition (setupPromotion), their regions are promoted recursively,
//    and they return the definition after them (finalizePromotion).
//  * Merge-point arguments that have uses (or will replace a load) are
//    linked to their predecessors; linking may make further arguments live.
//    The others, including cycles of arguments that only feed each other,
//    are erased at the end.
//  * Blocking uses are removed last, users before producers, so that a
//    loaded value that was passed on meanwhile (stored again, yielded,
//    forwarded to a merge point) is replaced everywhere.
//
// The work per slot is proportional to its uses, the blocks between them
// and their dominators, and the merge points, not to the size of the
// function (except for nested multi-block regions, whose blocks are all
// given a definition for finalizePromotion).
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "imex/Interfaces/PromotableRegionOpInterface.h"
#include "imex/Interfaces/PromotableRegionOpInterfaceImpl.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/MemorySlotInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

namespace imex {
#define GEN_PASS_DEF_MEM2REG
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

#define DEBUG_TYPE "mem2reg"

using namespace mlir;

namespace {

using UseSet = SmallPtrSet<OpOperand *, 4>;

/// Why a slot stays in memory: the op whose use (or region) blocks it.
struct Rejection {
  Operation *blocker = nullptr;
  std::string reason;
};

/// What the analysis learned about one slot; promotion needs nothing else.
struct SlotPlan {
  /// Ops that must stop using the slot (or values derived from it), with
  /// those uses; producers come before the users of their results.
  llvm::MapVector<Operation *, UseSet> blockingUses;
  /// Regions below the slot's region that see it, and whether each stores
  /// to it (directly or in a nested region).
  llvm::MapVector<Region *, bool> regions;
  /// Per block, the blocking users and region ops the definition walk has
  /// to visit, in block order.
  DenseMap<Block *, SmallVector<Operation *, 2>> blockOps;
  /// The blocks of `blockOps`, per region.
  DenseMap<Region *, SmallVector<Block *, 4>> activeBlocks;
  /// Blocks where definitions of different predecessors meet, as a set and
  /// per region.
  DenseSet<Block *> mergePoints;
  DenseMap<Region *, SmallVector<Block *, 4>> regionMergePoints;
  /// Blocking users that need no reaching definition (PromotableOpInterface)
  /// and sit in regions the walk does not visit.
  SmallVector<Operation *> detachedUsers;
};

std::string quoted(Operation *op) {
  return ("'" + op->getName().getStringRef() + "'").str();
}

/// `file:line:col` when the location has one, the printed location else.
std::string locString(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>())
    os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
       << fileLoc.getColumn();
  else
    os << loc;
  return text;
}

std::string regionName(Region *region) {
  return ("region #" + Twine(region->getRegionNumber()) + " of " +
          quoted(region->getParentOp()))
      .str();
}

//===----------------------------------------------------------------------===//
// Dominance frontiers
//===----------------------------------------------------------------------===//

/// The dominance frontier of every block of a region, computed once per
/// region (Cooper, Harvey and Kennedy's walk from each join's predecessors
/// up to its immediate dominator) and shared by all slots: promotion never
/// changes the CFG of a region, so the frontiers stay valid. Iterated
/// frontiers are then proportional to what they contain, not to the size
/// of the region below the defining blocks.
class FrontierCache {
public:
  explicit FrontierCache(DominanceInfo &dominance) : dominance(dominance) {}

  /// The iterated dominance frontier of `definingBlocks` (all in `region`,
  /// which has several blocks), in discovery order.
  SmallVector<Block *> iteratedFrontier(Region *region,
                                        ArrayRef<Block *> definingBlocks);

  /// Forgets `region` (its op may be rebuilt around the moved blocks).
  void invalidate(Region *region) { frontiers.erase(region); }

private:
  using Frontiers = DenseMap<Block *, SmallVector<Block *, 2>>;
  const Frontiers &getFrontiers(Region *region);

  DominanceInfo &dominance;
  DenseMap<Region *, Frontiers> frontiers;
};

const FrontierCache::Frontiers &FrontierCache::getFrontiers(Region *region) {
  auto [it, inserted] = frontiers.try_emplace(region);
  if (!inserted)
    return it->second;
  Frontiers &result = it->second;
  auto &domTree = dominance.getDomTree(region);
  for (Block &join : *region) {
    auto *joinNode = domTree.getNode(&join);
    if (!joinNode || !joinNode->getIDom())
      continue;
    Block *idom = joinNode->getIDom()->getBlock();
    SmallPtrSet<Block *, 4> preds;
    for (Block *pred : join.getPredecessors()) {
      if (!preds.insert(pred).second || !domTree.getNode(pred))
        continue;
      for (Block *runner = pred; runner != idom;
           runner = domTree.getNode(runner)->getIDom()->getBlock()) {
        SmallVector<Block *, 2> &frontier = result[runner];
        if (frontier.empty() || frontier.back() != &join)
          frontier.push_back(&join);
      }
    }
  }
  return result;
}

SmallVector<Block *>
FrontierCache::iteratedFrontier(Region *region,
                                ArrayRef<Block *> definingBlocks) {
  const Frontiers &all = getFrontiers(region);
  SmallVector<Block *> result;
  SmallPtrSet<Block *, 16> inResult;
  SmallPtrSet<Block *, 16> visited(definingBlocks.begin(),
                                   definingBlocks.end());
  SmallVector<Block *> worklist(definingBlocks);
  while (!worklist.empty()) {
    Block *block = worklist.pop_back_val();
    auto it = all.find(block);
    if (it == all.end())
      continue;
    for (Block *frontier : it->second) {
      if (inResult.insert(frontier).second)
        result.push_back(frontier);
      if (visited.insert(frontier).second)
        worklist.push_back(frontier);
    }
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

class SlotAnalyzer {
public:
  SlotAnalyzer(const MemorySlot &slot, DominanceInfo &dominance,
               FrontierCache &frontiers, const DataLayout &dataLayout)
      : slot(slot), dominance(dominance), frontiers(frontiers),
        dataLayout(dataLayout), home(this->slot.ptr.getParentRegion()) {}

  /// The plan to promote the slot, or failure with `rejection` set.
  FailureOr<SlotPlan> analyze();

  Rejection rejection;

private:
  LogicalResult reject(Operation *blocker, const Twine &reason) {
    rejection = {blocker, reason.str()};
    return failure();
  }

  bool canDropUses(Operation *op, const UseSet &uses,
                   SmallVectorImpl<OpOperand *> &newUses);
  LogicalResult collectBlockingUses(SlotPlan &plan);
  LogicalResult collectRegions(SlotPlan &plan);
  LogicalResult collectMergePoints(SlotPlan &plan);
  void collectBlockOps(SlotPlan &plan);

  bool isStore(Operation *op) {
    auto memOp = dyn_cast<PromotableMemOpInterface>(op);
    return memOp && memOp.storesTo(slot);
  }

  MemorySlot slot;
  DominanceInfo &dominance;
  FrontierCache &frontiers;
  const DataLayout &dataLayout;
  Region *home;
};

bool SlotAnalyzer::canDropUses(Operation *op, const UseSet &uses,
                               SmallVectorImpl<OpOperand *> &newUses) {
  if (auto memOp = dyn_cast<PromotableMemOpInterface>(op))
    return memOp.canUsesBeRemoved(slot, uses, newUses, dataLayout);
  if (auto promotable = dyn_cast<PromotableOpInterface>(op))
    return promotable.canUsesBeRemoved(uses, newUses, dataLayout);
  return false;
}

LogicalResult SlotAnalyzer::collectBlockingUses(SlotPlan &plan) {
  auto usesSlot = [&](const UseSet &uses) {
    return llvm::any_of(uses,
                        [&](OpOperand *use) { return use->get() == slot.ptr; });
  };

  // 1. The closure of the ops asked to drop uses. An op is reconsidered
  //    whenever its set of uses grows; a refusal is only final in step 3.
  llvm::MapVector<Operation *, UseSet> candidates;
  SmallVector<Operation *> worklist;
  DenseSet<Operation *> queued;
  auto request = [&](OpOperand *use) {
    Operation *owner = use->getOwner();
    if (candidates[owner].insert(use).second && queued.insert(owner).second)
      worklist.push_back(owner);
  };
  for (OpOperand &use : slot.ptr.getUses())
    request(&use);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    queued.erase(op);
    UseSet uses = candidates[op];
    if (!isa<PromotableMemOpInterface, PromotableOpInterface>(op))
      return reject(op, quoted(op) + " uses " +
                            (usesSlot(uses) ? "the slot"
                                            : "a value derived from the slot") +
                            " and implements neither PromotableMemOpInterface "
                            "nor PromotableOpInterface");
    SmallVector<OpOperand *> newUses;
    if (canDropUses(op, uses, newUses))
      for (OpOperand *use : newUses)
        request(use);
  }

  // 2. Producers before the users of their results (Kahn's algorithm on the
  //    candidates only).
  DenseMap<Operation *, unsigned> pendingProducers;
  DenseMap<Operation *, SmallVector<Operation *, 2>> consumers;
  for (auto &entry : candidates) {
    Operation *op = entry.first;
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (producer && producer != op && candidates.count(producer)) {
        ++pendingProducers[op];
        consumers[producer].push_back(op);
      }
    }
  }
  SmallVector<Operation *> order;
  for (auto &entry : candidates)
    if (!pendingProducers.lookup(entry.first))
      order.push_back(entry.first);
  for (size_t i = 0; i < order.size(); ++i) {
    auto it = consumers.find(order[i]);
    if (it == consumers.end())
      continue;
    for (Operation *consumer : it->second)
      if (--pendingProducers[consumer] == 0)
        order.push_back(consumer);
  }
  // Only graph regions allow cycles; keep such ops in discovery order.
  for (auto &entry : candidates)
    if (pendingProducers.lookup(entry.first))
      order.push_back(entry.first);
  DenseMap<Operation *, size_t> position;
  for (auto [index, op] : llvm::enumerate(order))
    position[op] = index;

  // 3. Replay in that order: each op now sees all the uses it must drop.
  DenseMap<Operation *, UseSet> exact;
  for (OpOperand &use : slot.ptr.getUses())
    exact[use.getOwner()].insert(&use);
  for (Operation *op : order) {
    auto it = exact.find(op);
    if (it == exact.end())
      continue;
    UseSet uses = it->second;
    SmallVector<OpOperand *> newUses;
    if (!canDropUses(op, uses, newUses))
      return reject(op, quoted(op) + " cannot stop using " +
                            (usesSlot(uses) ? "the slot"
                                            : "a value derived from the slot"));
    for (OpOperand *use : newUses) {
      Operation *owner = use->getOwner();
      auto ownerPos = position.find(owner);
      if (use->get().getDefiningOp() != op || ownerPos == position.end() ||
          ownerPos->second <= position[op])
        return reject(op, quoted(op) +
                              " asked for the removal of a use that is not "
                              "one of its results' uses");
      exact[owner].insert(use);
    }
    plan.blockingUses.insert({op, std::move(uses)});
  }
  return success();
}

LogicalResult SlotAnalyzer::collectRegions(SlotPlan &plan) {
  // For the messages: one op per region that made it matter.
  DenseMap<Region *, Operation *> witness;
  // Marks the regions from `op` up to the slot's region. Stores go first so
  // that a region is known to store before it is reached by a load.
  auto climb = [&](Operation *op, bool stores) -> LogicalResult {
    for (Region *region = op->getParentRegion(); region != home;
         region = region->getParentRegion()) {
      if (!region)
        return reject(op, quoted(op) + " uses the slot outside of its region");
      auto [it, inserted] = plan.regions.insert({region, stores});
      if (!inserted) {
        if (!stores || it->second)
          break;
        it->second = true;
      }
      witness[region] = op;
    }
    return success();
  };
  for (bool stores : {true, false})
    for (auto &entry : plan.blockingUses)
      if (isa<PromotableMemOpInterface>(entry.first) &&
          isStore(entry.first) == stores)
        if (failed(climb(entry.first, stores)))
          return failure();

  for (auto [region, stores] : plan.regions) {
    Operation *parent = region->getParentOp();
    Operation *user = witness.lookup(region);
    std::string use = (stores ? ", which stores to the slot (" : " (") +
                      quoted(user) + " at " + locString(user->getLoc()) + ")";
    if (plan.blockingUses.count(parent))
      return reject(parent, quoted(parent) +
                                " uses the slot itself and also holds uses "
                                "of it in its regions");
    auto promotable = dyn_cast<PromotableRegionOpInterface>(parent);
    if (!promotable)
      return reject(parent, quoted(parent) +
                                " does not implement "
                                "PromotableRegionOpInterface and holds a use "
                                "of the slot in its region #" +
                                Twine(region->getRegionNumber()) + use);
    if (!mayHaveSSADominance(*region))
      return reject(parent, regionName(region) +
                                " is a graph region and holds a use of the "
                                "slot" +
                                use);
    if (!promotable.isRegionPromotable(slot, region, stores))
      return reject(parent, quoted(parent) + " cannot promote its region #" +
                                Twine(region->getRegionNumber()) + use);
  }
  return success();
}

LogicalResult SlotAnalyzer::collectMergePoints(SlotPlan &plan) {
  llvm::MapVector<Region *, llvm::SetVector<Block *>> definingBlocks;
  for (auto &entry : plan.blockingUses)
    if (isStore(entry.first))
      definingBlocks[entry.first->getParentRegion()].insert(
          entry.first->getBlock());
  for (auto [region, stores] : plan.regions) {
    if (!stores)
      continue;
    Operation *parent = region->getParentOp();
    definingBlocks[parent->getParentRegion()].insert(parent->getBlock());
  }

  Block *slotBlock = slot.ptr.getParentBlock();
  for (auto &[region, blocks] : definingBlocks) {
    if (region->hasOneBlock())
      continue;
    for (Block *block :
         frontiers.iteratedFrontier(region, blocks.getArrayRef())) {
      // Where the slot does not exist yet (or anew), nothing merges.
      if (region == home && !dominance.properlyDominates(slotBlock, block))
        continue;
      for (Block *pred : block->getPredecessors()) {
        Operation *terminator = pred->getTerminator();
        if (isa<BranchOpInterface>(terminator))
          continue;
        unsigned index = std::distance(region->begin(), block->getIterator());
        return reject(terminator,
                      quoted(terminator) +
                          " does not implement BranchOpInterface and cannot "
                          "pass the slot's value to the merge point ^bb" +
                          Twine(index) + " of " + regionName(region) +
                          " (merge points are not pruned by liveness)");
      }
      plan.mergePoints.insert(block);
      plan.regionMergePoints[region].push_back(block);
    }
  }
  return success();
}

void SlotAnalyzer::collectBlockOps(SlotPlan &plan) {
  auto visit = [&](Operation *op) {
    SmallVector<Operation *, 2> &ops = plan.blockOps[op->getBlock()];
    if (ops.empty())
      plan.activeBlocks[op->getParentRegion()].push_back(op->getBlock());
    ops.push_back(op);
  };
  for (auto &entry : plan.blockingUses) {
    Region *region = entry.first->getParentRegion();
    if (region == home || plan.regions.count(region))
      visit(entry.first);
    else
      plan.detachedUsers.push_back(entry.first);
  }
  DenseSet<Operation *> regionOps;
  for (auto &entry : plan.regions)
    if (regionOps.insert(entry.first->getParentOp()).second)
      visit(entry.first->getParentOp());
  for (auto &entry : plan.blockOps)
    if (entry.second.size() > 1)
      llvm::sort(entry.second, [](Operation *lhs, Operation *rhs) {
        return lhs->isBeforeInBlock(rhs);
      });
}

FailureOr<SlotPlan> SlotAnalyzer::analyze() {
  if (!mayHaveSSADominance(*home)) {
    (void)reject(slot.ptr.getParentBlock()->getParentOp(),
                 "the slot is defined in a graph region (" + regionName(home) +
                     ")");
    return failure();
  }
  SlotPlan plan;
  if (failed(collectBlockingUses(plan)) || failed(collectRegions(plan)) ||
      failed(collectMergePoints(plan)))
    return failure();
  collectBlockOps(plan);
  return plan;
}

//===----------------------------------------------------------------------===//
// Promotion
//===----------------------------------------------------------------------===//

/// What one run of the pass did. LLVM statistics are compiled out of
/// release builds of LLVM, so the pass also keeps its own counts and reports
/// them as an analysis remark.
struct PromotionCounters {
  unsigned promoted = 0;
  unsigned rejected = 0;
  unsigned newBlockArguments = 0;
  unsigned newRegionValues = 0;
};

/// Records the results that models added to region ops for promoted slots,
/// following the ops when a later slot rebuilds them.
struct AddedResultTracker : RewriterBase::Listener {
  void add(OpResult result) {
    SmallVector<unsigned, 2> &indices = added[result.getOwner()];
    if (indices.empty())
      order.push_back(result.getOwner());
    indices.push_back(result.getResultNumber());
  }
  void notifyOperationReplaced(Operation *op, ValueRange values) override {
    auto it = added.find(op);
    if (it == added.end())
      return;
    SmallVector<unsigned, 2> indices = std::move(it->second);
    added.erase(it);
    for (unsigned index : indices)
      if (auto result = dyn_cast_if_present<OpResult>(values[index]))
        add(result);
  }
  void notifyOperationErased(Operation *op) override { added.erase(op); }

  /// The live entries, in the order their ops were first seen.
  SmallVector<std::pair<Operation *, unsigned>> take() {
    SmallVector<std::pair<Operation *, unsigned>> entries;
    DenseSet<Operation *> seen;
    for (Operation *op : order) {
      auto it = added.find(op);
      if (it == added.end() || !seen.insert(op).second)
        continue;
      for (unsigned index : it->second)
        entries.push_back({op, index});
    }
    added.clear();
    order.clear();
    return entries;
  }

  DenseMap<Operation *, SmallVector<unsigned, 2>> added;
  SmallVector<Operation *> order;
};

class SlotPromoter {
public:
  SlotPromoter(const MemorySlot &slot,
               PromotableAllocationOpInterface allocator, SlotPlan &plan,
               RewriterBase &rewriter, DominanceInfo &dominance,
               FrontierCache &frontiers, const DataLayout &dataLayout,
               PromotionCounters &counters, AddedResultTracker &tracker)
      : slot(slot), allocator(allocator), plan(plan), rewriter(rewriter),
        dominance(dominance), frontiers(frontiers), dataLayout(dataLayout),
        counters(counters), tracker(tracker) {}

  /// Promotes the slot; returns the allocator's replacement, if any.
  std::optional<PromotableAllocationOpInterface> promote();

private:
  Value getDefaultValue();
  BlockArgument getMergeArgument(Block *block);
  void prepareRegion(Region *region, Block *root);
  Value definitionAtEnd(Block *block);
  Value promoteBlock(Block *block, Value def, ArrayRef<Operation *> ops);
  Value promoteRegionOp(Operation *op, Value def);
  void promoteNestedRegion(Region *region, Value entryDef);
  void visitActiveBlocks(Region *region);
  void removeBlockingUses(ArrayRef<Operation *> users);
  void linkMergePoints();

  MemorySlot slot;
  PromotableAllocationOpInterface allocator;
  SlotPlan &plan;
  RewriterBase &rewriter;
  DominanceInfo &dominance;
  FrontierCache &frontiers;
  const DataLayout &dataLayout;
  PromotionCounters &counters;
  AddedResultTracker &tracker;

  /// Created on first need, at the start of the slot's block.
  Value defaultValue;
  /// Definition after the terminator of each block seen so far (a null
  /// value stands for the default value).
  DenseMap<Block *, Value> reachingAtBlockEnd;
  /// Definition on entry to each nested region being promoted.
  DenseMap<Region *, Value> regionEntryDefs;
  /// For the blocks whose definition may be asked for, the nearest strict
  /// dominator among them (null for the walk's root).
  DenseMap<Block *, Block *> relevantDominator;
  /// Unreachable blocks among those.
  DenseSet<Block *> unreachableBlocks;
  /// Definition reaching each blocking memory op.
  DenseMap<Operation *, Value> reachingDefs;
  /// Value stored by each storing op.
  DenseMap<Operation *, Value> storedValues;
  /// Blocking users in the order they were reached (dominators first).
  SmallVector<Operation *> usersInOrder;
  /// Merge-point arguments found unneeded; erased once the uses are gone.
  DenseSet<Value> deadArguments;
  /// Merge-point arguments, in creation order.
  llvm::MapVector<Block *, BlockArgument> mergeArguments;
  SmallVector<std::pair<Operation *, Value>> replacedValues;
  SmallVector<PromotableOpInterface> toVisitReplacedValues;
  DenseSet<Operation *> toErase;
};

Value SlotPromoter::getDefaultValue() {
  if (!defaultValue) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(slot.ptr.getParentBlock());
    defaultValue = allocator.getDefaultValue(slot, rewriter);
  }
  return defaultValue;
}

BlockArgument SlotPromoter::getMergeArgument(Block *block) {
  auto [it, inserted] = mergeArguments.insert({block, BlockArgument()});
  if (inserted)
    it->second = block->addArgument(slot.elemType, slot.ptr.getLoc());
  return it->second;
}

void SlotPromoter::prepareRegion(Region *region, Block *root) {
  SmallVector<Block *> relevant;
  DenseSet<Block *> seen;
  auto add = [&](Block *block) {
    if (seen.insert(block).second)
      relevant.push_back(block);
  };
  add(root);
  if (auto it = plan.activeBlocks.find(region); it != plan.activeBlocks.end())
    for (Block *block : it->second)
      add(block);
  if (auto it = plan.regionMergePoints.find(region);
      it != plan.regionMergePoints.end()) {
    for (Block *mergePoint : it->second) {
      add(mergePoint);
      for (Block *pred : mergePoint->getPredecessors())
        add(pred);
    }
  }
  if (region->hasOneBlock()) {
    relevantDominator[root] = nullptr;
    return;
  }
  // finalizePromotion may ask for any block of a nested region.
  if (root->isEntryBlock() && region != slot.ptr.getParentRegion())
    for (Block &block : *region)
      add(&block);

  // Nearest relevant dominator of each relevant block: walk them in
  // dominator-tree preorder keeping the chain of open subtrees.
  auto &domTree = dominance.getDomTree(region);
  domTree.updateDFSNumbers();
  SmallVector<std::pair<Block *, decltype(domTree.getNode(root))>> reachable;
  for (Block *block : relevant) {
    if (auto *node = domTree.getNode(block))
      reachable.push_back({block, node});
    else
      unreachableBlocks.insert(block);
  }
  llvm::sort(reachable, [](const auto &lhs, const auto &rhs) {
    return lhs.second->getDFSNumIn() < rhs.second->getDFSNumIn();
  });
  SmallVector<std::pair<Block *, decltype(domTree.getNode(root))>> open;
  for (auto &entry : reachable) {
    while (!open.empty() &&
           open.back().second->getDFSNumOut() < entry.second->getDFSNumIn())
      open.pop_back();
    relevantDominator[entry.first] = open.empty() ? nullptr : open.back().first;
    open.push_back(entry);
  }
}

Value SlotPromoter::definitionAtEnd(Block *block) {
  // Climb to the nearest block whose start definition is known without its
  // dominators, then go back down, promoting the blocks on the way that use
  // the slot. Blocks that do not matter to the slot are skipped (see
  // prepareRegion). Iterative: dominator chains can be long.
  SmallVector<Block *, 8> chain;
  Block *slotBlock = slot.ptr.getParentBlock();
  Value def;
  for (Block *cur = block;;) {
    if (auto it = reachingAtBlockEnd.find(cur);
        it != reachingAtBlockEnd.end()) {
      def = it->second;
      break;
    }
    chain.push_back(cur);
    if (cur == slotBlock)
      break; // The default value.
    if (cur->isEntryBlock()) {
      def = regionEntryDefs.lookup(cur->getParent());
      break;
    }
    if (unreachableBlocks.contains(cur))
      break; // Nothing reaches it: the default value.
    if (plan.mergePoints.contains(cur)) {
      def = getMergeArgument(cur);
      break;
    }
    Block *dominator = relevantDominator.lookup(cur);
    assert(dominator && "a reachable block below the slot has a dominator "
                        "that matters");
    if (!dominator)
      break;
    cur = dominator;
  }
  for (Block *cur : llvm::reverse(chain)) {
    auto it = plan.blockOps.find(cur);
    if (it != plan.blockOps.end())
      def = promoteBlock(cur, def, it->second);
    reachingAtBlockEnd[cur] = def;
  }
  return def;
}

Value SlotPromoter::promoteBlock(Block *block, Value def,
                                 ArrayRef<Operation *> ops) {
  // In unreachable code every op sees the default value (as upstream
  // mem2reg has it); its stores define nothing.
  bool unreachable = unreachableBlocks.contains(block);
  for (Operation *op : ops) {
    if (unreachable)
      def = nullptr;
    if (plan.blockingUses.count(op)) {
      usersInOrder.push_back(op);
      auto memOp = dyn_cast<PromotableMemOpInterface>(op);
      if (!memOp)
        continue;
      reachingDefs[op] = def;
      if (!unreachable && memOp.storesTo(slot)) {
        if (!def)
          def = getDefaultValue();
        rewriter.setInsertionPointAfter(op);
        def = memOp.getStored(slot, rewriter, def, dataLayout);
        assert(def && "a store must provide the stored value");
        storedValues[op] = def;
      }
      // The analysis rejects blocking users that also hold promoted regions.
      continue;
    }
    def = promoteRegionOp(op, def);
  }
  return unreachable ? Value() : def;
}

Value SlotPromoter::promoteRegionOp(Operation *op, Value def) {
  if (!def)
    def = getDefaultValue();
  bool hasValueStores = false;
  for (Region &region : op->getRegions()) {
    auto it = plan.regions.find(&region);
    hasValueStores |= it != plan.regions.end() && it->second;
  }

  auto promotable = cast<PromotableRegionOpInterface>(op);
  llvm::SmallMapVector<Region *, Value, 2> regionsToProcess;
  promotable.setupPromotion(slot, def, hasValueStores, regionsToProcess);
  for (Region &region : op->getRegions()) {
    if (!plan.regions.count(&region))
      continue;
    Value entryDef = regionsToProcess.lookup(&region);
    assert(entryDef && "setupPromotion must give every promoted region an "
                       "entry definition");
    promoteNestedRegion(&region, entryDef ? entryDef : def);
  }

  // finalizePromotion may rebuild the op around its moved regions: drop the
  // dominance information keyed by the old regions.
  for (Region &region : op->getRegions()) {
    if (!region.empty() && !region.hasOneBlock()) {
      dominance.invalidate(&region);
      frontiers.invalidate(&region);
    }
  }
  rewriter.setInsertionPointAfter(op);
  Value after = promotable.finalizePromotion(slot, def, hasValueStores,
                                             reachingAtBlockEnd, rewriter);
  if (hasValueStores && after != def) {
    ++counters.newRegionValues;
    if (auto result = dyn_cast<OpResult>(after))
      tracker.add(result);
  }
  return after;
}

void SlotPromoter::visitActiveBlocks(Region *region) {
  auto it = plan.activeBlocks.find(region);
  if (it == plan.activeBlocks.end())
    return;
  SmallVector<Block *, 4> blocks(it->second);
  if (blocks.size() > 1) {
    // Dominators first, so users are promoted in dominance order.
    auto &domTree = dominance.getDomTree(region);
    domTree.updateDFSNumbers();
    auto rank = [&](Block *block) {
      auto *node = domTree.getNode(block);
      return node ? node->getDFSNumIn() : ~0u;
    };
    llvm::sort(blocks,
               [&](Block *lhs, Block *rhs) { return rank(lhs) < rank(rhs); });
  }
  for (Block *block : blocks)
    definitionAtEnd(block);
}

void SlotPromoter::promoteNestedRegion(Region *region, Value entryDef) {
  regionEntryDefs[region] = entryDef;
  prepareRegion(region, &region->front());
  visitActiveBlocks(region);
  // finalizePromotion reads the definition at the end of any block.
  if (region->hasOneBlock()) {
    definitionAtEnd(&region->front());
  } else {
    for (Block &block : *region)
      if (dominance.isReachableFromEntry(&block))
        definitionAtEnd(&block);
  }
}

void SlotPromoter::removeBlockingUses(ArrayRef<Operation *> users) {
  // Users of a definition before the op that provides it.
  for (Operation *op : llvm::reverse(users)) {
    UseSet &uses = plan.blockingUses.find(op)->second;
    rewriter.setInsertionPointAfter(op);
    DeletionKind deletion;
    if (auto memOp = dyn_cast<PromotableMemOpInterface>(op)) {
      // An op that does not read the slot cannot observe a merge argument
      // that turned out unneeded.
      Value def = reachingDefs.lookup(op);
      if (!def || deadArguments.contains(def))
        def = getDefaultValue();
      deletion =
          memOp.removeBlockingUses(slot, uses, rewriter, def, dataLayout);
      if (Value stored = storedValues.lookup(op))
        replacedValues.push_back({op, stored});
    } else {
      auto promotable = cast<PromotableOpInterface>(op);
      deletion = promotable.removeBlockingUses(uses, rewriter);
      if (promotable.requiresReplacedValues())
        toVisitReplacedValues.push_back(promotable);
    }
    if (deletion == DeletionKind::Delete)
      toErase.insert(op);
  }
}

void SlotPromoter::linkMergePoints() {
  // Blocking uses are not removed yet: an argument is needed if it has uses
  // or if a load will be replaced by it.
  DenseSet<Value> pendingReads;
  for (auto [op, def] : reachingDefs)
    if (def && cast<PromotableMemOpInterface>(op).loadsFrom(slot))
      pendingReads.insert(def);
  DenseSet<Value> live;
  SmallVector<BlockArgument> worklist;
  for (auto [block, argument] : mergeArguments)
    if ((!argument.use_empty() || pendingReads.contains(argument)) &&
        live.insert(argument).second)
      worklist.push_back(argument);

  while (!worklist.empty()) {
    BlockArgument argument = worklist.pop_back_val();
    Block *block = argument.getOwner();
    for (BlockOperand &edge : block->getUses()) {
      Operation *branch = edge.getOwner();
      Value def = definitionAtEnd(branch->getBlock());
      if (!def)
        def = getDefaultValue();
      // Passing another merge point's argument makes that one live too.
      if (auto passed = dyn_cast<BlockArgument>(def)) {
        auto it = mergeArguments.find(passed.getOwner());
        if (it != mergeArguments.end() && it->second == passed &&
            live.insert(passed).second)
          worklist.push_back(passed);
      }
      cast<BranchOpInterface>(branch)
          .getSuccessorOperands(edge.getOperandNumber())
          .append(def);
    }
    rewriter.setInsertionPointToStart(block);
    allocator.handleBlockArgument(slot, argument, rewriter);
    ++counters.newBlockArguments;
  }

  // Arguments nothing needs, including cycles that only feed each other.
  for (auto [block, argument] : mergeArguments)
    if (!live.contains(argument))
      deadArguments.insert(argument);
}

std::optional<PromotableAllocationOpInterface> SlotPromoter::promote() {
  Region *home = slot.ptr.getParentRegion();
  prepareRegion(home, slot.ptr.getParentBlock());
  visitActiveBlocks(home);
  linkMergePoints();

  // Only now, so that replacing a loaded value also reaches the places the
  // value was passed to meanwhile (yields, successor operands).
  removeBlockingUses(usersInOrder);
  removeBlockingUses(plan.detachedUsers);
  for (PromotableOpInterface op : toVisitReplacedValues) {
    rewriter.setInsertionPointAfter(op);
    op.visitReplacedValues(replacedValues, rewriter);
  }

  for (auto [block, argument] : mergeArguments) {
    if (!deadArguments.contains(argument))
      continue;
    assert(argument.use_empty() && "an unneeded merge argument has no uses");
    block->eraseArgument(argument.getArgNumber());
  }
  // Users of a result before the op that defines it.
  for (auto &entry : llvm::reverse(plan.blockingUses))
    if (toErase.contains(entry.first))
      rewriter.eraseOp(entry.first);
  assert(slot.ptr.use_empty() && "a promoted slot has no uses left");

  LLVM_DEBUG(llvm::dbgs() << "[mem2reg] promoted slot of type " << slot.elemType
                          << " at " << slot.ptr.getLoc() << "\n");
  ++counters.promoted;
  return allocator.handlePromotionComplete(slot, defaultValue, rewriter);
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// The name of the function `op` is or is in, for remarks.
StringRef functionName(Operation *op) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    func = op->getParentOfType<FunctionOpInterface>();
  return func ? func.getName() : StringRef();
}

/// A remark (and a debug line) for a slot that stays in memory.
void reportMissed(MemorySlot slot, const Rejection &rejection) {
  StringRef function = functionName(slot.ptr.getParentBlock()->getParentOp());
  std::string type;
  llvm::raw_string_ostream os(type);
  os << slot.elemType;
  std::string blocker = rejection.blocker
                            ? quoted(rejection.blocker) + " at " +
                                  locString(rejection.blocker->getLoc())
                            : std::string("-");
  remark::missed(slot.ptr.getLoc(), remark::RemarkOpts::name("SlotNotPromoted")
                                        .category("mem2reg")
                                        .function(function))
      << remark::detail::Remark::Arg("SlotType", type)
      << remark::detail::Remark::Arg("BlockedBy", blocker)
      << remark::reason("{0}", rejection.reason);
  LLVM_DEBUG(llvm::dbgs() << "[mem2reg] slot of type " << slot.elemType
                          << " at " << slot.ptr.getLoc()
                          << " not promoted: " << rejection.reason << "\n");
}

/// Promotes what it can of the slots of `allocators`, retrying the others
/// while promotions make progress. Returns whether anything changed.
bool promoteSlots(ArrayRef<PromotableAllocationOpInterface> allocators,
                  RewriterBase &rewriter, DominanceInfo &dominance,
                  FrontierCache &frontiers, const DataLayout &dataLayout,
                  AddedResultTracker &tracker, PromotionCounters &counters) {
  SmallVector<PromotableAllocationOpInterface> worklist(allocators);
  SmallVector<PromotableAllocationOpInterface> next;
  SmallVector<std::pair<MemorySlot, Rejection>> rejections;
  bool changed = false;
  while (true) {
    bool progress = false;
    rejections.clear();
    for (PromotableAllocationOpInterface allocator : worklist) {
      bool promotedOne = false;
      for (MemorySlot slot : allocator.getPromotableSlots()) {
        if (slot.ptr.use_empty())
          continue;
        SlotAnalyzer analyzer(slot, dominance, frontiers, dataLayout);
        FailureOr<SlotPlan> plan = analyzer.analyze();
        if (failed(plan)) {
          rejections.push_back({slot, std::move(analyzer.rejection)});
          continue;
        }
        std::optional<PromotableAllocationOpInterface> replacement =
            SlotPromoter(slot, allocator, *plan, rewriter, dominance, frontiers,
                         dataLayout, counters, tracker)
                .promote();
        if (replacement)
          next.push_back(*replacement);
        // The allocator's other slots may have changed: come back later.
        promotedOne = true;
        break;
      }
      if (!promotedOne)
        next.push_back(allocator);
      progress |= promotedOne;
    }
    if (!progress)
      break;
    changed = true;
    worklist.swap(next);
    next.clear();
  }
  // The last round promoted nothing: its rejections are final.
  counters.rejected += rejections.size();
  for (auto &[slot, rejection] : rejections)
    reportMissed(slot, rejection);
  return changed;
}

/// Promotes the slots in the regions of `scope`; with `simplifyRegions`,
/// drops what promotion added to region ops but nothing uses. Returns
/// whether anything changed.
bool promoteInRegions(Operation *scope, DominanceInfo &dominance,
                      const DataLayout &dataLayout, bool simplifyRegions,
                      PromotionCounters &counters) {
  FrontierCache frontiers(dominance);
  AddedResultTracker tracker;
  IRRewriter rewriter(scope->getContext(), &tracker);
  bool changed = false;
  for (Region &region : scope->getRegions()) {
    if (region.empty())
      continue;
    SmallVector<PromotableAllocationOpInterface> allocators;
    region.walk([&](PromotableAllocationOpInterface allocator) {
      allocators.push_back(allocator);
    });
    changed |= promoteSlots(allocators, rewriter, dominance, frontiers,
                            dataLayout, tracker, counters);
  }

  // Drop the results, iteration arguments and yielded values promotion
  // added but nothing needs (e.g. a slot stored in a loop and never read
  // after it).
  SmallVector<std::pair<Operation *, unsigned>> added = tracker.take();
  if (simplifyRegions && !added.empty())
    imex::pruneUnusedPromotionResults(added, rewriter);
  return changed;
}

struct Mem2RegPass : imex::impl::Mem2RegBase<Mem2RegPass> {
  using Base::Base;
  void runOnOperation() override;
};

void Mem2RegPass::runOnOperation() {
  Operation *scope = getOperation();
  PromotionCounters counters;
  bool changed =
      promoteInRegions(scope, getAnalysis<DominanceInfo>(),
                       getAnalysis<DataLayoutAnalysis>().getAtOrAbove(scope),
                       enableRegionSimplification, counters);

  promotedAmount += counters.promoted;
  rejectedAmount += counters.rejected;
  newBlockArgumentAmount += counters.newBlockArguments;
  newRegionValueAmount += counters.newRegionValues;
  if (counters.promoted + counters.rejected > 0)
    remark::analysis(
        scope->getLoc(),
        remark::RemarkOpts::name("Summary").category("mem2reg").function(
            functionName(scope)))
        << remark::metric("PromotedSlots", counters.promoted)
        << remark::metric("RejectedSlots", counters.rejected)
        << remark::metric("NewBlockArguments", counters.newBlockArguments)
        << remark::metric("NewRegionValues", counters.newRegionValues);

  if (!changed)
    markAllAnalysesPreserved();
}

} // namespace

bool imex::promoteMemorySlots(Operation *scope) {
  DominanceInfo dominance(scope);
  DataLayout dataLayout = DataLayout::closest(scope);
  PromotionCounters counters;
  return promoteInRegions(scope, dominance, dataLayout,
                          /*simplifyRegions=*/true, counters);
}
