//===- PromotableRegionOpInterface.cpp - Mem2Reg through regions ----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Interfaces/PromotableRegionOpInterface.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

#include "imex/Interfaces/PromotableRegionOpInterface.cpp.inc"

Operation *imex::replaceWithExtraResult(Operation *op, Type type,
                                        OpBuilder &builder) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(op);

  SmallVector<Type> resultTypes(op->getResultTypes());
  resultTypes.push_back(type);
  // Inherent attributes live in the properties, which Operation::create
  // copies; only the discardable ones go through the attribute list.
  Operation *newOp = Operation::create(
      op->getLoc(), op->getName(), resultTypes, op->getOperands(),
      NamedAttrList(op->getDiscardableAttrDictionary()),
      op->getPropertiesStorage(), op->getSuccessors(), op->getNumRegions());
  for (auto [from, to] : llvm::zip(op->getRegions(), newOp->getRegions()))
    to.takeBody(from);
  builder.insert(newOp);

  ValueRange oldResults = newOp->getResults().take_front(op->getNumResults());
  // A rewriter's listener (if any) hears about the replacement as if
  // RewriterBase::replaceOp had done it.
  auto *listener =
      dyn_cast_if_present<RewriterBase::Listener>(builder.getListener());
  if (listener)
    listener->notifyOperationReplaced(op, oldResults);
  op->replaceAllUsesWith(oldResults);
  if (listener)
    listener->notifyOperationErased(op);
  op->erase();
  return newOp;
}

Value imex::reachingDefAtEnd(
    const llvm::DenseMap<Block *, Value> &reachingAtBlockEnd, Block *block,
    Value fallback) {
  auto it = reachingAtBlockEnd.find(block);
  if (it == reachingAtBlockEnd.end() || !it->second)
    return fallback;
  return it->second;
}
