//===- GpuVectorAccess.cpp - 16-byte accesses in GPU kernels --------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/GpuVectorAccess.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {

constexpr unsigned kElementBits = 32;

VectorType groupTypeOf(Type element) {
  return VectorType::get({imex::kGpuVectorLanes}, element);
}

/// The element alignment is all a vector access can promise (a view may
/// start anywhere); it keeps the OpenCL flavour from assuming 16 bytes.
llvm::MaybeAlign elementAlignment(Value memref) {
  return llvm::MaybeAlign(
      cast<MemRefType>(memref.getType()).getElementTypeBitWidth() / 8);
}

} // namespace

bool imex::isGpuVectorizableMemRef(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  Type element = type.getElementType();
  return type.getRank() != 0 && element.isIntOrFloat() &&
         element.getIntOrFloatBitWidth() == kElementBits &&
         type.isLastDimUnitStride();
}

Value imex::buildLinearIndexInRow(OpBuilder &builder, Location loc,
                                  const GpuVectorAccess &access) {
  SmallVector<Value> strides(access.strides);
  strides.back() = arith::ConstantIndexOp::create(builder, loc, 1);
  return buildLinearIndex(builder, loc, access.offset, access.indices, strides);
}

Value imex::buildStartsVectorGroup(OpBuilder &builder, Location loc,
                                   ArrayRef<GpuVectorAccess> accesses) {
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value laneMask =
      arith::ConstantIndexOp::create(builder, loc, kGpuVectorLanes - 1);
  Value misaligned = zero;
  for (const GpuVectorAccess &access : accesses)
    misaligned = arith::OrIOp::create(
        builder, loc, misaligned, buildLinearIndexInRow(builder, loc, access));
  Value low = arith::AndIOp::create(builder, loc, misaligned, laneMask);
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, low,
                               zero);
}

Value imex::buildGroupLoad(OpBuilder &builder, Location loc, Value memref,
                           ValueRange indices) {
  auto load = vector::LoadOp::create(
      builder, loc,
      groupTypeOf(cast<MemRefType>(memref.getType()).getElementType()), memref,
      indices, /*nontemporal=*/false, elementAlignment(memref));
  load->setAttr(kAlignedVectorAttr, builder.getUnitAttr());
  return load;
}

void imex::buildGroupStore(OpBuilder &builder, Location loc, Value vector,
                           Value memref, ValueRange indices) {
  auto store =
      vector::StoreOp::create(builder, loc, vector, memref, indices,
                              /*nontemporal=*/false, elementAlignment(memref));
  store->setAttr(kAlignedVectorAttr, builder.getUnitAttr());
}

bool imex::isElementwiseOnNumbers(Operation *op) {
  auto isNumber = [](Type type) { return type.isIntOrFloat(); };
  return OpTrait::hasElementwiseMappableTraits(op) && isPure(op) &&
         op->getNumRegions() == 0 &&
         llvm::all_of(op->getOperandTypes(), isNumber) &&
         llvm::all_of(op->getResultTypes(), isNumber);
}

Value imex::lookupOrBroadcast(OpBuilder &builder, Location loc, Value value,
                              IRMapping &vectors, IRMapping &scalars) {
  if (Value vector = vectors.lookupOrNull(value))
    return vector;
  Value scalar = scalars.lookupOrDefault(value);
  Value broadcast = vector::BroadcastOp::create(
      builder, loc, groupTypeOf(scalar.getType()), scalar);
  vectors.map(value, broadcast);
  return broadcast;
}

void imex::buildElementwiseOnVectors(OpBuilder &builder, Operation &op,
                                     IRMapping &vectors, IRMapping &scalars) {
  Location loc = op.getLoc();
  OperationState state(loc, op.getName());
  state.addAttributes(op.getAttrs());
  for (Value v : op.getOperands())
    state.addOperands(lookupOrBroadcast(builder, loc, v, vectors, scalars));
  for (Type type : op.getResultTypes())
    state.addTypes(groupTypeOf(type));
  Operation *vectorOp = builder.create(state);
  for (auto [old, vector] : llvm::zip(op.getResults(), vectorOp->getResults()))
    vectors.map(old, vector);
}
