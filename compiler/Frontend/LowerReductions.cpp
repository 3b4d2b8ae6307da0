//===- LowerReductions.cpp - .nda to MLIR: arange and reductions ----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "imex/Dialect/Nda/IR/Nda.h"
#include "imex/Dialect/Region/IR/Region.h"
#include "imex/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace imex::nda {

TV Lowering::emitArange(Expr &call, StringRef) {
  Location l = loc(call.loc);
  size_t n = call.children.size() - 1;
  std::vector<TV> vals;
  for (size_t i = 0; i < n; ++i)
    vals.push_back(emitExpr(*call.children[i + 1]));
  ScalarKind k = call.ty.elem;
  // Computed in f64 (floats) or index (integers).
  ScalarKind ck = call.compute;
  bool anyFloat = isFloat(ck);
  auto get = [&](size_t i, int64_t dflt) {
    return i < vals.size() ? castScalar(vals[i].value, vals[i].ty.elem, ck, l)
                           : constScalar(ck, (double)dflt, dflt, l);
  };
  Value start = n == 1 ? constScalar(ck, 0, 0, l) : get(0, 0);
  Value stop = n == 1 ? get(0, 0) : get(1, 0);
  Value step = n == 3 ? get(2, 1) : constScalar(ck, 1, 1, l);
  int64_t size = call.ty.shape[0];
  // A step known only at run time must not be zero (NumPy raises).
  if (n == 3 && size == kDyn) {
    Value zero = constScalar(ck, 0, 0, l);
    Value nonZero = anyFloat
                        ? (Value)arith::CmpFOp::create(
                              builder, l, arith::CmpFPredicate::UNE, step, zero)
                        : (Value)arith::CmpIOp::create(
                              builder, l, arith::CmpIPredicate::ne, step, zero);
    cf::AssertOp::create(builder, l, nonZero,
                         imex::runTimeCheckPrefix(l) +
                             "arange() step must not be zero");
  }
  Value count;
  if (size != kDyn) {
    count = constIndex(size, l);
  } else if (anyFloat) {
    Value q = arith::DivFOp::create(
        builder, l, arith::SubFOp::create(builder, l, stop, start), step);
    q = math::CeilOp::create(builder, l, q);
    q = arith::MaximumFOp::create(builder, l, q, constScalar(ck, 0, 0, l));
    count = castScalar(q, ScalarKind::F64, ScalarKind::Index, l);
  } else {
    Value q = arith::CeilDivSIOp::create(
        builder, l, arith::SubIOp::create(builder, l, stop, start), step);
    count = arith::MaxSIOp::create(builder, l, q, constIndex(0, l));
  }
  auto type = tensorType(k, {size});
  SmallVector<Value> dyn;
  if (size == kDyn)
    dyn.push_back(count);
  Value init = tensor::EmptyOp::create(builder, l, type, dyn);
  SmallVector<AffineMap> maps = {builder.getMultiDimIdentityMap(1)};
  auto generic = linalg::GenericOp::create(
      builder, l, TypeRange{type}, ValueRange{}, ValueRange{init}, maps,
      {utils::IteratorType::parallel},
      [&](OpBuilder &b, Location bl, ValueRange) {
        Value i = linalg::IndexOp::create(b, bl, 0);
        Value x = castWith(b, i, ScalarKind::Index, ck, bl);
        Value v =
            isFloat(ck)
                ? (Value)arith::AddFOp::create(
                      b, bl, start, arith::MulFOp::create(b, bl, x, step))
                : (Value)arith::AddIOp::create(
                      b, bl, start, arith::MulIOp::create(b, bl, x, step));
        linalg::YieldOp::create(b, bl, castWith(b, v, ck, k, bl));
      });
  return TV{call.ty, generic.getResult(0), {}};
}

TV Lowering::emitReduction(Expr &call, StringRef name) {
  Location l = loc(call.loc);
  TV v = emitExpr(*call.children[1]);
  if (call.pairwise) {
    // Python's max(a, b) of two scalars.
    TV other = emitExpr(*call.children[2]);
    return emitBinary(name == "max" ? BinaryOp::Max : BinaryOp::Min, v, other,
                      call.ty, call.compute, call.loc);
  }
  // A scalar is a 0-d array: its own sum, max, ... (any and all: its truth).
  if (v.ty.isScalar())
    return convertElem(v, call.ty.elem, l);
  std::optional<int64_t> axis;
  if (call.axis >= 0)
    axis = call.axis;
  if (name == "max" || name == "min") {
    std::string problem = "zero-size array to reduction operation " +
                          name.str() + " which has no identity";
    for (int64_t d = 0; d < v.ty.rank(); ++d)
      if ((!axis || *axis == d) && v.ty.shape[d] == kDyn)
        checkNotEmpty(tensor::DimOp::create(builder, l, v.value, d), problem,
                      l);
  }
  ScalarKind from = v.ty.elem;
  ScalarKind acc = call.compute;
  SmallVector<int64_t> reduced, shape;
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < v.ty.rank(); ++d) {
    if (!axis || *axis == d) {
      reduced.push_back(d);
      continue;
    }
    shape.push_back(v.ty.shape[d]);
    if (v.ty.shape[d] == kDyn)
      dyn.push_back(tensor::DimOp::create(builder, l, v.value, d));
  }
  auto type = tensorType(acc, shape);
  Value init = tensor::EmptyOp::create(builder, l, type, dyn);
  Value identity;
  if (name == "sum" || name == "mean" || name == "any")
    identity = constScalar(acc, 0, 0, l);
  else if (name == "all")
    identity = constScalar(acc, 1, 1, l);
  else if (name == "prod")
    identity = constScalar(acc, 1, 1, l);
  else
    identity = extremeIdentity(acc, name == "max", l);
  init = linalg::FillOp::create(builder, l, identity, init).getResult(0);
  BinaryOp op = name == "sum" || name == "mean" ? BinaryOp::Add
                : name == "prod"                ? BinaryOp::Mul
                : name == "max"                 ? BinaryOp::Max
                : name == "min"                 ? BinaryOp::Min
                : name == "any"                 ? BinaryOp::BitOr
                                                : BinaryOp::BitAnd;
  bool boolMinMax =
      acc == ScalarKind::Bool && (op == BinaryOp::Max || op == BinaryOp::Min);
  auto reduce = linalg::ReduceOp::create(
      builder, l, ValueRange{v.value}, ValueRange{init}, reduced,
      [&](OpBuilder &b, Location bl, ValueRange args) {
        Value x = castWith(b, args[0], from, acc, bl);
        Value r;
        if (boolMinMax)
          r = op == BinaryOp::Max
                  ? (Value)arith::OrIOp::create(b, bl, x, args[1])
                  : (Value)arith::AndIOp::create(b, bl, x, args[1]);
        else
          r = scalarBinary(b, bl, op, x, args[1], acc);
        linalg::YieldOp::create(b, bl, r);
      });
  Value result = reduce.getResult(0);
  if (name == "mean") {
    Value count = constIndex(1, l);
    for (int64_t d : reduced) {
      Value size = v.ty.shape[d] != kDyn
                       ? constIndex(v.ty.shape[d], l)
                       : (Value)tensor::DimOp::create(builder, l, v.value, d);
      count = arith::MulIOp::create(builder, l, count, size);
    }
    Value countF = castScalar(count, ScalarKind::Index, acc, l);
    if (shape.empty()) {
      Value s = tensor::ExtractOp::create(builder, l, result, ValueRange{});
      return TV{call.ty, arith::DivFOp::create(builder, l, s, countF), {}};
    }
    TV sum{call.ty, result, {}};
    return TV{
        call.ty,
        emitElementwise(
            l, {sum}, call.ty,
            [&](OpBuilder &b, Location bl, ArrayRef<Value> e) {
              return arith::DivFOp::create(b, bl, e[0], countF).getResult();
            }),
        {}};
  }
  if (shape.empty())
    return TV{call.ty,
              tensor::ExtractOp::create(builder, l, result, ValueRange{}),
              {}};
  return TV{call.ty, result, {}};
}

Value Lowering::extremeIdentity(ScalarKind k, bool forMax, Location l) {
  Type type = mlirScalar(k);
  if (isFloat(k)) {
    auto &sem = cast<FloatType>(type).getFloatSemantics();
    return arith::ConstantOp::create(
        builder, l,
        builder.getFloatAttr(type, llvm::APFloat::getInf(sem, forMax)));
  }
  if (k == ScalarKind::Bool)
    return arith::ConstantIntOp::create(builder, l, !forMax, 1);
  unsigned w = k == ScalarKind::Index ? 64 : bits(k);
  llvm::APInt value = forMax ? llvm::APInt::getSignedMinValue(w)
                             : llvm::APInt::getSignedMaxValue(w);
  if (k == ScalarKind::Index)
    return constIndex(value.getSExtValue(), l);
  return arith::ConstantOp::create(builder, l,
                                   builder.getIntegerAttr(type, value));
}

TV Lowering::emitArgReduction(Expr &call, StringRef name) {
  bool isMax = name == "argmax";
  Location l = loc(call.loc);
  TV v = emitExpr(*call.children[1]);
  std::optional<int64_t> axis;
  if (call.axis >= 0)
    axis = call.axis;
  int64_t rank = v.ty.rank();

  // Kept dims index the result; reduced dims are combined row-major into
  // the index the result holds.
  SmallVector<int64_t> shape, reduced;
  SmallVector<Value> dynSizes, reducedSizes;
  SmallVector<AffineExpr> kept;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t d = 0; d < rank; ++d) {
    bool isReduced = !axis || *axis == d;
    iterators.push_back(isReduced ? utils::IteratorType::reduction
                                  : utils::IteratorType::parallel);
    if (isReduced) {
      reduced.push_back(d);
      reducedSizes.push_back(
          v.ty.shape[d] == kDyn
              ? (Value)tensor::DimOp::create(builder, l, v.value, d)
              : constIndex(v.ty.shape[d], l));
      if (v.ty.shape[d] == kDyn)
        checkNotEmpty(reducedSizes.back(),
                      "attempt to get " + name.str() + " of an empty sequence",
                      l);
      continue;
    }
    kept.push_back(builder.getAffineDimExpr(d));
    shape.push_back(v.ty.shape[d]);
    if (v.ty.shape[d] == kDyn)
      dynSizes.push_back(tensor::DimOp::create(builder, l, v.value, d));
  }
  ScalarKind k = v.ty.elem;
  auto fill = [&](ScalarKind kind, Value value) {
    Value empty =
        tensor::EmptyOp::create(builder, l, tensorType(kind, shape), dynSizes);
    return linalg::FillOp::create(builder, l, value, empty).getResult(0);
  };
  Value bestInit = fill(k, extremeIdentity(k, isMax, l));
  Value indexInit =
      fill(ScalarKind::I64, constScalar(ScalarKind::I64, 0, 0, l));
  AffineMap in = builder.getMultiDimIdentityMap(rank);
  AffineMap out = AffineMap::get(rank, 0, kept, ctx);
  auto generic = linalg::GenericOp::create(
      builder, l, TypeRange{bestInit.getType(), indexInit.getType()},
      ValueRange{v.value}, ValueRange{bestInit, indexInit},
      ArrayRef<AffineMap>{in, out, out}, iterators,
      [&](OpBuilder &b, Location bl, ValueRange args) {
        Value flat;
        for (auto [d, size] : llvm::zip(reduced, reducedSizes)) {
          Value i = linalg::IndexOp::create(b, bl, d);
          flat = flat ? (Value)arith::AddIOp::create(
                            b, bl, arith::MulIOp::create(b, bl, flat, size), i)
                      : i;
        }
        Value index = arith::IndexCastOp::create(b, bl, b.getI64Type(), flat);
        Value x = args[0], best = args[1], bestIndex = args[2];
        Value better, same;
        if (isFloat(k)) {
          // NaN is the extreme of both, as in NumPy.
          auto isNaN = [&](Value f) {
            return arith::CmpFOp::create(b, bl, arith::CmpFPredicate::UNO, f,
                                         f);
          };
          Value xNaN = isNaN(x), bestNaN = isNaN(best);
          Value trueValue = arith::ConstantIntOp::create(b, bl, 1, 1);
          better = arith::OrIOp::create(
              b, bl,
              arith::CmpFOp::create(b, bl,
                                    isMax ? arith::CmpFPredicate::OGT
                                          : arith::CmpFPredicate::OLT,
                                    x, best),
              arith::AndIOp::create(
                  b, bl, xNaN,
                  arith::XOrIOp::create(b, bl, bestNaN, trueValue)));
          same = arith::OrIOp::create(
              b, bl,
              arith::CmpFOp::create(b, bl, arith::CmpFPredicate::OEQ, x, best),
              arith::AndIOp::create(b, bl, xNaN, bestNaN));
        } else {
          bool u = k == ScalarKind::Bool;
          better = arith::CmpIOp::create(
              b, bl,
              isMax
                  ? (u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt)
                  : (u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt),
              x, best);
          same =
              arith::CmpIOp::create(b, bl, arith::CmpIPredicate::eq, x, best);
        }
        // Ties go to the lower index, so the first extreme wins in any
        // iteration order, as in NumPy.
        Value earlier = arith::CmpIOp::create(b, bl, arith::CmpIPredicate::slt,
                                              index, bestIndex);
        Value take = arith::OrIOp::create(
            b, bl, better, arith::AndIOp::create(b, bl, same, earlier));
        linalg::YieldOp::create(
            b, bl,
            ValueRange{arith::SelectOp::create(b, bl, take, x, best),
                       arith::SelectOp::create(b, bl, take, index, bestIndex)});
      });
  if (!shape.empty())
    return TV{call.ty, generic.getResult(1), {}};
  return TV{
      call.ty,
      tensor::ExtractOp::create(builder, l, generic.getResult(1), ValueRange{}),
      {}};
}
} // namespace imex::nda
