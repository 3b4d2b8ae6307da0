//===- NdaDialect.cpp - nda dialect and its mem2reg interfaces ------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/Nda/IR/Nda.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h" // used by the generated type code

using namespace mlir;
using namespace imex::nda;

#include "imex/Dialect/Nda/IR/NdaOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "imex/Dialect/Nda/IR/NdaOpsTypes.cpp.inc"

#define GET_OP_CLASSES
#include "imex/Dialect/Nda/IR/NdaOps.cpp.inc"

void NdaDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "imex/Dialect/Nda/IR/NdaOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "imex/Dialect/Nda/IR/NdaOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// VarOp: the allocation side of mem2reg
//===----------------------------------------------------------------------===//

SmallVector<MemorySlot> VarOp::getPromotableSlots() {
  return {MemorySlot{getRef(), getRef().getType().getElementType()}};
}

Value VarOp::getDefaultValue(const MemorySlot &slot, OpBuilder &builder) {
  // Ops the later pipelines lower everywhere (host and GPU), rather than
  // poison: zero for scalars; for arrays, no elements along '?' dimensions
  // and zeros otherwise.
  Location loc = getLoc();
  Type type = slot.elemType;
  if (isa<IntegerType, IndexType, FloatType>(type))
    return arith::ConstantOp::create(builder, loc, type,
                                     builder.getZeroAttr(type));
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor ||
      !isa<IntegerType, IndexType, FloatType>(tensor.getElementType()))
    return ub::PoisonOp::create(builder, loc, type);
  SmallVector<Value> dynamicSizes;
  if (tensor.getNumDynamicDims() > 0)
    dynamicSizes.assign(tensor.getNumDynamicDims(),
                        arith::ConstantIndexOp::create(builder, loc, 0));
  Value empty = tensor::EmptyOp::create(builder, loc, tensor, dynamicSizes);
  if (!tensor.hasStaticShape())
    return empty;
  Type elementType = tensor.getElementType();
  Value zero = arith::ConstantOp::create(builder, loc, elementType,
                                         builder.getZeroAttr(elementType));
  return linalg::FillOp::create(builder, loc, zero, empty).getResult(0);
}

void VarOp::handleBlockArgument(const MemorySlot &, BlockArgument,
                                OpBuilder &) {}

std::optional<PromotableAllocationOpInterface>
VarOp::handlePromotionComplete(const MemorySlot &, Value defaultValue,
                               OpBuilder &) {
  // The default value if unused, and what it was built from.
  SmallVector<Operation *> unused;
  if (defaultValue && defaultValue.use_empty())
    unused.push_back(defaultValue.getDefiningOp());
  while (!unused.empty()) {
    Operation *op = unused.pop_back_val();
    llvm::SetVector<Operation *> producers;
    for (Value operand : op->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        producers.insert(producer);
    op->erase();
    for (Operation *producer : producers)
      if (producer->use_empty())
        unused.push_back(producer);
  }
  erase();
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// LoadOp / StoreOp: the memory-access side of mem2reg
//===----------------------------------------------------------------------===//

/// Only the ref operand of loads and stores may use the slot; a slot stored
/// into another variable escapes.
static bool onlyRefUses(const SmallPtrSetImpl<OpOperand *> &blockingUses,
                        Value ref) {
  return llvm::all_of(blockingUses,
                      [&](OpOperand *use) { return use->get() == ref; });
}

bool LoadOp::loadsFrom(const MemorySlot &slot) { return getRef() == slot.ptr; }
bool LoadOp::storesTo(const MemorySlot &) { return false; }
Value LoadOp::getStored(const MemorySlot &, OpBuilder &, Value,
                        const DataLayout &) {
  llvm_unreachable("nda.load does not store");
}
bool LoadOp::canUsesBeRemoved(const MemorySlot &slot,
                              const SmallPtrSetImpl<OpOperand *> &blockingUses,
                              SmallVectorImpl<OpOperand *> &,
                              const DataLayout &) {
  return getRef() == slot.ptr && onlyRefUses(blockingUses, slot.ptr);
}
DeletionKind LoadOp::removeBlockingUses(const MemorySlot &,
                                        const SmallPtrSetImpl<OpOperand *> &,
                                        OpBuilder &, Value reachingDefinition,
                                        const DataLayout &) {
  getValue().replaceAllUsesWith(reachingDefinition);
  return DeletionKind::Delete;
}

bool StoreOp::loadsFrom(const MemorySlot &) { return false; }
bool StoreOp::storesTo(const MemorySlot &slot) { return getRef() == slot.ptr; }
Value StoreOp::getStored(const MemorySlot &, OpBuilder &, Value,
                         const DataLayout &) {
  return getValue();
}
bool StoreOp::canUsesBeRemoved(const MemorySlot &slot,
                               const SmallPtrSetImpl<OpOperand *> &blockingUses,
                               SmallVectorImpl<OpOperand *> &,
                               const DataLayout &) {
  return getRef() == slot.ptr && getValue() != slot.ptr &&
         onlyRefUses(blockingUses, slot.ptr);
}
DeletionKind StoreOp::removeBlockingUses(const MemorySlot &,
                                         const SmallPtrSetImpl<OpOperand *> &,
                                         OpBuilder &, Value,
                                         const DataLayout &) {
  return DeletionKind::Delete;
}
