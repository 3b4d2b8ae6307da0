//===- RegionDialect.cpp - region dialect implementation ------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/Region/IR/Region.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace imex::region;

#include "imex/Dialect/Region/IR/RegionOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "imex/Dialect/Region/IR/RegionOpsAttrs.cpp.inc"

void RegionDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "imex/Dialect/Region/IR/RegionOpsAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "imex/Dialect/Region/IR/RegionOps.cpp.inc"
      >();
}

LogicalResult GPUEnvAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringAttr device, unsigned workgroupSize) {
  // 0 means "not given".
  if (workgroupSize != 0 && !isValidWorkgroupSize(workgroupSize))
    return emitError() << "workgroup_size must be a power of two up to 1024, "
                          "got "
                       << workgroupSize;
  return success();
}

bool imex::region::isValidWorkgroupSize(uint64_t threads) {
  return threads >= 1 && threads <= 1024 && llvm::isPowerOf2_64(threads);
}

bool imex::region::isGpuRegion(EnvironmentRegionOp op) {
  return op && isa<GPUEnvAttr>(op.getEnvironment());
}

bool imex::region::isInGpuRegion(Operation *op) {
  return static_cast<bool>(getEnclosingGpuEnv(op));
}

GPUEnvAttr imex::region::getEnclosingGpuEnv(Operation *op) {
  if (!op)
    return {};
  auto region = op->getParentOfType<EnvironmentRegionOp>();
  return region ? dyn_cast<GPUEnvAttr>(region.getEnvironment()) : GPUEnvAttr();
}

//===----------------------------------------------------------------------===//
// EnvironmentRegionOp
//===----------------------------------------------------------------------===//

void EnvironmentRegionOp::build(
    OpBuilder &builder, OperationState &result, Attribute environment,
    ValueRange args, TypeRange resultTypes,
    function_ref<void(OpBuilder &, Location)> bodyBuilder) {
  result.addAttribute(getEnvironmentAttrName(result.name), environment);
  result.addOperands(args);
  result.addTypes(resultTypes);

  OpBuilder::InsertionGuard guard(builder);
  Region *body = result.addRegion();
  Block *block = builder.createBlock(body);
  if (bodyBuilder)
    bodyBuilder(builder, result.location);
  // Keep the single-block invariant: add the empty yield when the body
  // builder did not terminate the block itself.
  if (block->empty() || !block->back().hasTrait<OpTrait::IsTerminator>()) {
    builder.setInsertionPointToEnd(block);
    EnvironmentRegionYieldOp::create(builder, result.location);
  }
}

void EnvironmentRegionOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent()) {
    regions.emplace_back(&getRegion());
    return;
  }
  regions.emplace_back(getOperation(), getResults());
}

void EnvironmentRegionOp::inlineIntoParent(PatternRewriter &rewriter,
                                           EnvironmentRegionOp op) {
  Block *body = &op.getRegion().front();
  auto yield = cast<EnvironmentRegionYieldOp>(body->getTerminator());
  SmallVector<Value> yielded(yield.getResults());
  rewriter.eraseOp(yield);
  rewriter.inlineBlockBefore(body, op);
  rewriter.replaceOp(op, yielded);
}

namespace {

/// Merges an env_region into the env_region right before it when both have
/// the same environment and the same args.
struct MergeAdjacentRegions : OpRewritePattern<EnvironmentRegionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(EnvironmentRegionOp first,
                                PatternRewriter &rewriter) const override {
    auto second = dyn_cast_or_null<EnvironmentRegionOp>(first->getNextNode());
    if (!second || second.getEnvironment() != first.getEnvironment() ||
        second.getArgs() != first.getArgs())
      return failure();

    Block *firstBody = &first.getRegion().front();
    Block *secondBody = &second.getRegion().front();
    auto firstYield =
        cast<EnvironmentRegionYieldOp>(firstBody->getTerminator());
    auto secondYield =
        cast<EnvironmentRegionYieldOp>(secondBody->getTerminator());

    // Inside the second body, the first op's results are the values the first
    // body yields.
    for (auto [result, yielded] :
         llvm::zip(first.getResults(), firstYield.getResults()))
      rewriter.replaceUsesWithIf(result, yielded, [&](OpOperand &use) {
        return second->isProperAncestor(use.getOwner());
      });

    SmallVector<Value> yielded(firstYield.getResults());
    llvm::append_range(yielded, secondYield.getResults());
    SmallVector<Type> resultTypes(first.getResultTypes());
    llvm::append_range(resultTypes, second.getResultTypes());

    rewriter.setInsertionPoint(first);
    auto merged = EnvironmentRegionOp::create(rewriter, first.getLoc(),
                                              first.getEnvironment(),
                                              first.getArgs(), resultTypes);
    merged->setDiscardableAttrs(first->getDiscardableAttrDictionary());
    Block *mergedBody = &merged.getRegion().front();
    rewriter.eraseOp(mergedBody->getTerminator());
    rewriter.eraseOp(firstYield);
    rewriter.eraseOp(secondYield);
    rewriter.mergeBlocks(firstBody, mergedBody);
    rewriter.mergeBlocks(secondBody, mergedBody);
    rewriter.setInsertionPointToEnd(mergedBody);
    EnvironmentRegionYieldOp::create(rewriter, second.getLoc(), yielded);

    ValueRange mergedResults = merged.getResults();
    rewriter.replaceOp(first, mergedResults.take_front(first.getNumResults()));
    rewriter.replaceOp(second, mergedResults.drop_front(first.getNumResults()));
    return success();
  }
};

/// Drops unused results and yields each distinct value only once.
struct CleanupRegionYieldArgs : OpRewritePattern<EnvironmentRegionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(EnvironmentRegionOp op,
                                PatternRewriter &rewriter) const override {
    Block *body = &op.getRegion().front();
    auto yield = cast<EnvironmentRegionYieldOp>(body->getTerminator());

    // For every old result, the position of its value in the new yield list,
    // or -1 when the result is unused.
    llvm::MapVector<Value, int64_t> newPositions;
    SmallVector<int64_t> oldToNew;
    for (auto [result, yielded] :
         llvm::zip(op.getResults(), yield.getResults())) {
      if (result.use_empty()) {
        oldToNew.push_back(-1);
        continue;
      }
      auto [it, inserted] =
          newPositions.try_emplace(yielded, int64_t(newPositions.size()));
      oldToNew.push_back(it->second);
    }
    if (newPositions.size() == op.getNumResults())
      return failure();

    SmallVector<Value> newYielded;
    SmallVector<Type> newTypes;
    for (auto &entry : newPositions) {
      newYielded.push_back(entry.first);
      newTypes.push_back(entry.first.getType());
    }

    rewriter.setInsertionPoint(op);
    auto newOp = EnvironmentRegionOp::create(
        rewriter, op.getLoc(), op.getEnvironment(), op.getArgs(), newTypes);
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    Block *newBody = &newOp.getRegion().front();
    rewriter.eraseOp(newBody->getTerminator());
    rewriter.mergeBlocks(body, newBody);
    rewriter.modifyOpInPlace(
        yield, [&] { yield.getResultsMutable().assign(newYielded); });

    SmallVector<Value> replacements;
    for (int64_t pos : oldToNew)
      replacements.push_back(pos < 0 ? Value() : newOp.getResult(pos));
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

} // namespace

void EnvironmentRegionOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<MergeAdjacentRegions, CleanupRegionYieldArgs>(context);
}

#define GET_OP_CLASSES
#include "imex/Dialect/Region/IR/RegionOps.cpp.inc"
