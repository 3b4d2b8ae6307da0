//===- LowerSort.cpp - .nda to MLIR: sort and argsort ---------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A bottom-up merge sort of every line along the axis: stable (ties keep
// their order, as NumPy's kind='stable'), O(n log n), and NaN after every
// number, as NumPy sorts them. Each pass merges runs of `width` elements
// from one array into another; the first pass reads the input, which is
// never written.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace imex::nda {

namespace {
/// One line of the arrays being sorted: the position of its elements.
struct Line {
  int64_t axis;
  ValueRange outer; ///< the indices of the other dimensions, in order
  SmallVector<Value> at(Value position) const {
    SmallVector<Value> index(outer.begin(), outer.end());
    index.insert(index.begin() + axis, position);
    return index;
  }
};

/// a < b in NumPy's sort order: NaN after every number.
Value sortsBefore(OpBuilder &b, Location l, Value x, Value y, ScalarKind k) {
  if (isFloat(k)) {
    Value less = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, x, y);
    Value xNaN = arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x);
    Value yNaN = arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, y, y);
    Value xNumber = arith::XOrIOp::create(
        b, l, xNaN, arith::ConstantIntOp::create(b, l, 1, 1));
    return arith::OrIOp::create(b, l, less,
                                arith::AndIOp::create(b, l, yNaN, xNumber));
  }
  return arith::CmpIOp::create(b, l,
                               k == ScalarKind::Bool || isUnsigned(k)
                                   ? arith::CmpIPredicate::ult
                                   : arith::CmpIPredicate::slt,
                               x, y);
}

/// Merges the runs of `width` elements of `keys` (and their `indices`: a
/// tensor, or null for the identity) into `outKeys` (and `outIndices`, when
/// sorting indices): the values after the pass.
SmallVector<Value> mergePass(OpBuilder &b, Location l, const Line &line,
                             Value count, Value width, Value keys,
                             Value indices, Value outKeys, Value outIndices,
                             ScalarKind k) {
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value one = arith::ConstantIndexOp::create(b, l, 1);
  Value last = arith::SubIOp::create(b, l, count, one);
  SmallVector<Value> init = {outKeys};
  if (outIndices)
    init.push_back(outIndices);
  auto runs = scf::ForOp::create(
      b, l, zero, count,
      arith::MulIOp::create(b, l, width,
                            arith::ConstantIndexOp::create(b, l, 2)),
      init, [&](OpBuilder &rb, Location rl, Value low, ValueRange outs) {
        Value mid = arith::MinSIOp::create(
            rb, rl, arith::AddIOp::create(rb, rl, low, width), count);
        Value high = arith::MinSIOp::create(
            rb, rl, arith::AddIOp::create(rb, rl, mid, width), count);
        SmallVector<Value> mergeInit = {low, mid};
        mergeInit.append(outs.begin(), outs.end());
        auto merge = scf::ForOp::create(
            rb, rl, low, high, one, mergeInit,
            [&](OpBuilder &mb, Location ml, Value position, ValueRange state) {
              Value left = state[0], right = state[1];
              // Both heads, clamped in bounds for the reads.
              Value leftAt = arith::MinSIOp::create(mb, ml, left, last);
              Value rightAt = arith::MinSIOp::create(mb, ml, right, last);
              Value a =
                  tensor::ExtractOp::create(mb, ml, keys, line.at(leftAt));
              Value c =
                  tensor::ExtractOp::create(mb, ml, keys, line.at(rightAt));
              Value leftHas = arith::CmpIOp::create(
                  mb, ml, arith::CmpIPredicate::slt, left, mid);
              Value rightHas = arith::CmpIOp::create(
                  mb, ml, arith::CmpIPredicate::slt, right, high);
              // The left head unless the right one sorts strictly before it
              // (stable).
              Value rightFirst = arith::AndIOp::create(
                  mb, ml, rightHas, sortsBefore(mb, ml, c, a, k));
              Value takeLeft = arith::AndIOp::create(
                  mb, ml, leftHas,
                  arith::XOrIOp::create(
                      mb, ml, rightFirst,
                      arith::ConstantIntOp::create(mb, ml, 1, 1)));
              Value from =
                  arith::SelectOp::create(mb, ml, takeLeft, leftAt, rightAt);
              SmallVector<Value> next = {
                  arith::SelectOp::create(
                      mb, ml, takeLeft,
                      arith::AddIOp::create(mb, ml, left, one), left),
                  arith::SelectOp::create(
                      mb, ml, takeLeft, right,
                      arith::AddIOp::create(mb, ml, right, one)),
                  tensor::InsertOp::create(
                      mb, ml, arith::SelectOp::create(mb, ml, takeLeft, a, c),
                      state[2], line.at(position))};
              if (outIndices) {
                Value index = indices ? (Value)tensor::ExtractOp::create(
                                            mb, ml, indices, line.at(from))
                                      : (Value)arith::IndexCastOp::create(
                                            mb, ml, mb.getI64Type(), from);
                next.push_back(tensor::InsertOp::create(mb, ml, index, state[3],
                                                        line.at(position)));
              }
              scf::YieldOp::create(mb, ml, next);
            });
        scf::YieldOp::create(rb, rl, merge.getResults().drop_front(2));
      });
  return SmallVector<Value>(runs.getResults());
}
} // namespace

TV Lowering::flattened(const TV &v, int64_t count, Location l) {
  if (v.ty.rank() == 1)
    return v;
  Ty flat = Ty::array(v.ty.elem, {count});
  return TV{flat,
            ndarray::ReshapeOp::create(
                builder, l, tensorType(v.ty.elem, flat.shape), v.value,
                ValueRange{elementCount(v, l)}, BoolAttr()),
            {}};
}

TV Lowering::emitSort(Expr &call, StringRef name) {
  Location l = loc(call.loc);
  TV v = emitExpr(*call.children[1]);
  int64_t axis = call.axis;
  if (axis < 0) {
    v = flattened(v, call.ty.shape[0], l);
    axis = 0;
  }
  return TV{call.ty, sortLines(v, axis, name == "argsort", l), {}};
}

Value Lowering::sortLines(const TV &v, int64_t axis, bool indices, Location l) {
  ScalarKind k = v.ty.elem;
  int64_t rank = v.ty.rank();
  SmallVector<Value> sizes, dyn, outer;
  for (int64_t d = 0; d < rank; ++d) {
    sizes.push_back(v.ty.shape[d] == kDyn
                        ? (Value)tensor::DimOp::create(builder, l, v.value, d)
                        : constIndex(v.ty.shape[d], l));
    if (v.ty.shape[d] == kDyn)
      dyn.push_back(sizes.back());
    if (d != axis)
      outer.push_back(sizes[d]);
  }
  Value count = sizes[axis];
  auto fresh = [&](ScalarKind kind) -> Value {
    return tensor::EmptyOp::create(builder, l, tensorType(kind, v.ty.shape),
                                   dyn);
  };
  // Two arrays of keys (and of indices), merged from one into the other.
  SmallVector<Value> init = {fresh(k), fresh(k)};
  if (indices)
    init.append({fresh(ScalarKind::I64), fresh(ScalarKind::I64)});
  scf::LoopNest nest = scf::buildLoopNest(
      builder, l, SmallVector<Value>(outer.size(), constIndex(0, l)), outer,
      SmallVector<Value>(outer.size(), constIndex(1, l)), init,
      [&](OpBuilder &b, Location bl, ValueRange ivs,
          ValueRange arrays) -> scf::ValueVector {
        Line line{axis, ivs};
        Value one = arith::ConstantIndexOp::create(b, bl, 1);
        Value two = arith::ConstantIndexOp::create(b, bl, 2);
        Value four = arith::ConstantIndexOp::create(b, bl, 4);
        Value noIndices = indices ? arrays[2] : Value();
        // Runs of 1 from the input into the first arrays, then pairs of
        // passes back and forth until a run covers the line.
        SmallVector<Value> first = mergePass(b, bl, line, count, one, v.value,
                                             Value(), arrays[0], noIndices, k);
        SmallVector<Value> whileInit = {two, first[0], arrays[1]};
        if (indices)
          whileInit.append({first[1], arrays[3]});
        auto loop = scf::WhileOp::create(
            b, bl, ValueRange(whileInit).getTypes(), whileInit,
            [&](OpBuilder &cb, Location cl, ValueRange state) {
              Value more = arith::CmpIOp::create(
                  cb, cl, arith::CmpIPredicate::slt, state[0], count);
              scf::ConditionOp::create(cb, cl, more, state);
            },
            [&](OpBuilder &wb, Location wl, ValueRange state) {
              Value width = state[0];
              Value keys = state[1], spare = state[2];
              Value index = indices ? state[3] : Value();
              Value spareIndex = indices ? state[4] : Value();
              SmallVector<Value> there =
                  mergePass(wb, wl, line, count, width, keys, index, spare,
                            spareIndex, k);
              SmallVector<Value> back =
                  mergePass(wb, wl, line, count,
                            arith::MulIOp::create(wb, wl, width, two), there[0],
                            indices ? there[1] : Value(), keys, index, k);
              SmallVector<Value> next = {
                  arith::MulIOp::create(wb, wl, width, four), back[0],
                  there[0]};
              if (indices)
                next.append({back[1], there[1]});
              scf::YieldOp::create(wb, wl, next);
            });
        SmallVector<Value> result = {loop.getResult(1), loop.getResult(2)};
        if (indices)
          result.append({loop.getResult(3), loop.getResult(4)});
        return result;
      });
  return nest.results[indices ? 2 : 0];
}

} // namespace imex::nda
