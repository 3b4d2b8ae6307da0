//===- LowerIndexing.cpp - .nda to MLIR: indexing with arrays -------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Boolean masks (`a[m]`, `a[m] = v`) and integer-array indices (`a[idx]`).
// A mask selects a number of elements known only at run time, in row-major
// order, so it is walked by a sequential loop nest; a gather is a parallel
// linalg.generic reading the indexed rows.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace imex::nda {

/// The size of every dimension of `v`, as index values.
static SmallVector<Value> dimSizes(OpBuilder &b, const TV &v, Location l) {
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < v.ty.rank(); ++d)
    sizes.push_back(
        v.ty.shape[d] == kDyn
            ? (Value)tensor::DimOp::create(b, l, v.value, d)
            : (Value)arith::ConstantIndexOp::create(b, l, v.ty.shape[d]));
  return sizes;
}

SmallVector<Value> Lowering::walkMask(const TV &mask, ValueRange init,
                                      Lowering::WalkBody onTrue, Location l,
                                      Lowering::WalkBody onFalse) {
  int64_t rank = mask.ty.rank();
  SmallVector<Value> lbs(rank, constIndex(0, l)), steps(rank, constIndex(1, l));
  scf::LoopNest nest = scf::buildLoopNest(
      builder, l, lbs, dimSizes(builder, mask, l), steps, init,
      [&](OpBuilder &b, Location bl, ValueRange ivs,
          ValueRange values) -> scf::ValueVector {
        Value selected = tensor::ExtractOp::create(b, bl, mask.value, ivs);
        auto branch = scf::IfOp::create(
            b, bl, selected,
            [&](OpBuilder &tb, Location tl) {
              scf::YieldOp::create(tb, tl, onTrue(tb, tl, ivs, values));
            },
            [&](OpBuilder &eb, Location el) {
              scf::YieldOp::create(eb, el,
                                   onFalse ? onFalse(eb, el, ivs, values)
                                           : SmallVector<Value>(values));
            });
        return scf::ValueVector(branch.getResults().begin(),
                                branch.getResults().end());
      });
  return nest.results;
}

Value Lowering::maskCount(const TV &array, const TV &mask, Location l) {
  for (int64_t d = 0; d < array.ty.rank(); ++d)
    if (array.ty.shape[d] == kDyn || mask.ty.shape[d] == kDyn)
      checkAtRunTime(arith::CmpIPredicate::eq,
                     tensor::DimOp::create(builder, l, array.value, d),
                     tensor::DimOp::create(builder, l, mask.value, d),
                     "boolean index did not match indexed array along axis " +
                         std::to_string(d),
                     l);
  return walkMask(
      mask, {constIndex(0, l)},
      [](OpBuilder &b, Location bl, ValueRange, ValueRange values) {
        Value one = arith::ConstantIndexOp::create(b, bl, 1);
        return SmallVector<Value>{arith::AddIOp::create(b, bl, values[0], one)};
      },
      l)[0];
}

TV Lowering::emitMaskRead(const TV &base, const TV &mask, const Ty &ty,
                          Location l) {
  Value count = maskCount(base, mask, l);
  Value out = tensor::EmptyOp::create(builder, l, tensorType(ty.elem, {kDyn}),
                                      ValueRange{count});
  SmallVector<Value> filled = walkMask(
      mask, {out, constIndex(0, l)},
      [&](OpBuilder &b, Location bl, ValueRange ivs, ValueRange values) {
        Value x = tensor::ExtractOp::create(b, bl, base.value, ivs);
        Value into = tensor::InsertOp::create(b, bl, x, values[0],
                                              ValueRange{values[1]});
        Value one = arith::ConstantIndexOp::create(b, bl, 1);
        return SmallVector<Value>{into,
                                  arith::AddIOp::create(b, bl, values[1], one)};
      },
      l);
  return TV{ty, filled[0], {}};
}

void Lowering::emitMaskStore(Value dest, const Ty &destTy, const TV &mask,
                             TV value, SMLoc at) {
  Location l = loc(at);
  TV array{destTy, dest, {}};
  Value count = maskCount(array, mask, l);
  // An array gives one value per selected element (one value: to all).
  bool perElement = value.ty.isArray() && value.ty.shape[0] != 1;
  if (perElement)
    checkAtRunTime(arith::CmpIPredicate::eq,
                   tensor::DimOp::create(builder, l, value.value, 0), count,
                   "boolean index assignment: the number of values differs "
                   "from the number of true elements of the mask",
                   l);
  ScalarKind from = value.ty.elem, to = destTy.elem;
  // The loop fills a new array, the unselected elements from `dest`:
  // updating `dest` itself (which may be a view) would let bufferization
  // copy the view instead, and lose the update.
  SmallVector<Value> sizes = dimSizes(builder, array, l), dynamic;
  for (int64_t d = 0; d < destTy.rank(); ++d)
    if (destTy.shape[d] == kDyn)
      dynamic.push_back(sizes[d]);
  Value fresh = tensor::EmptyOp::create(
      builder, l, cast<RankedTensorType>(dest.getType()), dynamic);
  auto keep = [&](OpBuilder &b, Location bl, ValueRange ivs,
                  ValueRange values) {
    Value x = tensor::ExtractOp::create(b, bl, dest, ivs);
    return SmallVector<Value>{
        tensor::InsertOp::create(b, bl, x, values[0], ivs), values[1]};
  };
  SmallVector<Value> stored = walkMask(
      mask, {fresh, constIndex(0, l)},
      [&](OpBuilder &b, Location bl, ValueRange ivs, ValueRange values) {
        Value x = value.value;
        if (value.ty.isArray()) {
          Value at = perElement
                         ? values[1]
                         : (Value)arith::ConstantIndexOp::create(b, bl, 0);
          x = tensor::ExtractOp::create(b, bl, value.value, ValueRange{at});
        }
        x = castWith(b, x, from, to, bl);
        Value into = tensor::InsertOp::create(b, bl, x, values[0], ivs);
        Value one = arith::ConstantIndexOp::create(b, bl, 1);
        return SmallVector<Value>{into,
                                  arith::AddIOp::create(b, bl, values[1], one)};
      },
      l, keep);
  // In place, as NumPy: views of the array see the update.
  writeWhole(dest, stored[0], l);
}

TV Lowering::emitGather(const TV &base, const TV &indices, const Ty &ty,
                        Location l) {
  Value rows = base.ty.shape[0] == kDyn
                   ? (Value)tensor::DimOp::create(builder, l, base.value, 0)
                   : constIndex(base.ty.shape[0], l);
  ScalarKind from = indices.ty.elem;
  auto normalized = [&](OpBuilder &b, Location bl, Value element) {
    Value i = castWith(b, element, from, ScalarKind::Index, bl);
    Value zero = arith::ConstantIndexOp::create(b, bl, 0);
    Value negative =
        arith::CmpIOp::create(b, bl, arith::CmpIPredicate::slt, i, zero);
    return (Value)arith::SelectOp::create(
        b, bl, negative, arith::AddIOp::create(b, bl, i, rows), i);
  };
  // One unsigned comparison checks both 0 <= i and i < rows.
  checkEveryElement(
      indices,
      [&](OpBuilder &b, Location bl, Value element) -> Value {
        return arith::CmpIOp::create(b, bl, arith::CmpIPredicate::ult,
                                     normalized(b, bl, element), rows);
      },
      "index out of bounds for axis 0", l);
  // The result's dims: the indices', then the base's after the first.
  int64_t indexRank = indices.ty.rank();
  SmallVector<Value> sizes = dimSizes(builder, indices, l);
  SmallVector<Value> baseSizes = dimSizes(builder, base, l);
  sizes.append(baseSizes.begin() + 1, baseSizes.end());
  SmallVector<int64_t> indexDims =
      llvm::to_vector(llvm::seq<int64_t>(0, indexRank));
  Value r = emitElementwise(
      l, {indices}, ty,
      [&](OpBuilder &b, Location bl, ArrayRef<Value> e) -> Value {
        SmallVector<Value> at = {normalized(b, bl, e[0])};
        for (int64_t d = indexRank; d < ty.rank(); ++d)
          at.push_back(linalg::IndexOp::create(b, bl, d));
        return tensor::ExtractOp::create(b, bl, base.value, at);
      },
      {indexDims}, sizes);
  return TV{ty, r, {}};
}

} // namespace imex::nda
