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

/// The reduction operator of a reduction builtin (var and std sum).
static BinaryOp reductionOperator(StringRef name) {
  return llvm::StringSwitch<BinaryOp>(name)
      .Case("prod", BinaryOp::Mul)
      .Case("max", BinaryOp::Max)
      .Case("min", BinaryOp::Min)
      .Case("any", BinaryOp::BitOr)
      .Case("all", BinaryOp::BitAnd)
      .Default(BinaryOp::Add);
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
  ArrayRef<int64_t> axes = call.axes;
  if (name == "max" || name == "min") {
    std::string problem = "zero-size array to reduction operation " +
                          name.str() + " which has no identity";
    for (int64_t d = 0; d < v.ty.rank(); ++d)
      if ((axes.empty() || llvm::is_contained(axes, d)) &&
          v.ty.shape[d] == kDyn)
        checkNotEmpty(tensor::DimOp::create(builder, l, v.value, d), problem,
                      l);
  }
  ScalarKind acc = call.compute;
  TV result;
  if (name == "var" || name == "std") {
    result = emitVariance(v, axes, call.ddof, acc, call.loc);
    if (name == "std") {
      auto root = [](OpBuilder &b, Location bl, ArrayRef<Value> e) -> Value {
        return math::SqrtOp::create(b, bl, e[0]);
      };
      result.value = result.ty.isScalar()
                         ? root(builder, l, {result.value})
                         : emitElementwise(l, {result}, result.ty, root);
    }
  } else {
    result = reduceAxes(v, axes, reductionOperator(name), acc, l);
    if (name == "mean")
      result = emitBinary(BinaryOp::Div, result,
                          countOver(v, axes, /*ddof=*/0, acc, l), result.ty,
                          acc, call.loc);
  }
  if (!call.keepdims)
    return result;
  // The reduced dimensions stay, of size 1.
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < v.ty.rank(); ++d)
    sizes.push_back(axes.empty() || llvm::is_contained(axes, d)
                        ? constIndex(1, l)
                    : v.ty.shape[d] == kDyn
                        ? (Value)tensor::DimOp::create(builder, l, v.value, d)
                        : constIndex(v.ty.shape[d], l));
  Value reduced = result.value;
  if (result.ty.isScalar())
    reduced = tensor::FromElementsOp::create(builder, l, tensorType(acc, {}),
                                             ValueRange{reduced});
  return TV{call.ty,
            ndarray::ReshapeOp::create(builder, l,
                                       tensorType(acc, call.ty.shape), reduced,
                                       sizes, BoolAttr()),
            {}};
}

TV Lowering::reduceAxes(const TV &v, ArrayRef<int64_t> axes, BinaryOp op,
                        ScalarKind acc, Location l) {
  ScalarKind from = v.ty.elem;
  SmallVector<int64_t> reduced, shape;
  SmallVector<std::string> syms;
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < v.ty.rank(); ++d) {
    if (axes.empty() || llvm::is_contained(axes, d)) {
      reduced.push_back(d);
      continue;
    }
    shape.push_back(v.ty.shape[d]);
    syms.push_back(v.ty.syms[d]);
    if (v.ty.shape[d] == kDyn)
      dyn.push_back(tensor::DimOp::create(builder, l, v.value, d));
  }
  Value init = tensor::EmptyOp::create(builder, l, tensorType(acc, shape), dyn);
  Value identity;
  if (op == BinaryOp::Max || op == BinaryOp::Min)
    identity = extremeIdentity(acc, op == BinaryOp::Max, l);
  else
    identity =
        constScalar(acc, op == BinaryOp::Mul || op == BinaryOp::BitAnd ? 1 : 0,
                    op == BinaryOp::Mul || op == BinaryOp::BitAnd ? 1 : 0, l);
  init = linalg::FillOp::create(builder, l, identity, init).getResult(0);
  // max/min of booleans: or/and.
  if (acc == ScalarKind::Bool && op == BinaryOp::Max)
    op = BinaryOp::BitOr;
  if (acc == ScalarKind::Bool && op == BinaryOp::Min)
    op = BinaryOp::BitAnd;
  auto reduce = linalg::ReduceOp::create(
      builder, l, ValueRange{v.value}, ValueRange{init}, reduced,
      [&](OpBuilder &b, Location bl, ValueRange args) {
        Value x = castWith(b, args[0], from, acc, bl);
        linalg::YieldOp::create(b, bl,
                                scalarBinary(b, bl, op, x, args[1], acc));
      });
  Value r = reduce.getResult(0);
  if (shape.empty())
    return TV{Ty::scalar(acc),
              tensor::ExtractOp::create(builder, l, r, ValueRange{}),
              {}};
  return TV{Ty::array(acc, shape, syms), r, {}};
}

TV Lowering::countOver(const TV &v, ArrayRef<int64_t> axes, int64_t ddof,
                       ScalarKind k, Location l) {
  Value count = constIndex(1, l);
  for (int64_t d = 0; d < v.ty.rank(); ++d)
    if (axes.empty() || llvm::is_contained(axes, d))
      count = arith::MulIOp::create(
          builder, l, count,
          v.ty.shape[d] != kDyn
              ? constIndex(v.ty.shape[d], l)
              : (Value)tensor::DimOp::create(builder, l, v.value, d));
  if (ddof) {
    // NumPy divides by max(count - ddof, 0).
    count = arith::SubIOp::create(builder, l, count, constIndex(ddof, l));
    count = arith::MaxSIOp::create(builder, l, count, constIndex(0, l));
  }
  return TV{Ty::scalar(k), castScalar(count, ScalarKind::Index, k, l), {}};
}

TV Lowering::emitVariance(const TV &v, ArrayRef<int64_t> axes, int64_t ddof,
                          ScalarKind acc, SMLoc at) {
  Location l = loc(at);
  // mean(|x - mean(x)|**2), the mean broadcast back over the reduced axes,
  // and the sum divided by count - ddof.
  TV sum = reduceAxes(v, axes, BinaryOp::Add, acc, l);
  TV mean = emitBinary(BinaryOp::Div, sum, countOver(v, axes, 0, acc, l),
                       sum.ty, acc, at);
  Ty full = v.ty;
  full.elem = acc;
  SmallVector<int64_t> identity =
      llvm::to_vector(llvm::seq<int64_t>(0, v.ty.rank()));
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < v.ty.rank(); ++d)
    if (!axes.empty() && !llvm::is_contained(axes, d))
      kept.push_back(d);
  ScalarKind from = v.ty.elem;
  Value squares = emitElementwise(
      l, {v, mean}, full,
      [&](OpBuilder &b, Location bl, ArrayRef<Value> e) -> Value {
        Value deviation = arith::SubFOp::create(
            b, bl, castWith(b, e[0], from, acc, bl), e[1]);
        return arith::MulFOp::create(b, bl, deviation, deviation);
      },
      {identity, kept});
  TV squareSum = reduceAxes(TV{full, squares, {}}, axes, BinaryOp::Add, acc, l);
  return emitBinary(BinaryOp::Div, squareSum, countOver(v, axes, ddof, acc, l),
                    squareSum.ty, acc, at);
}

TV Lowering::emitScan(Expr &call, StringRef name) {
  Location l = loc(call.loc);
  TV v = emitExpr(*call.children[1]);
  ScalarKind acc = call.compute, from = v.ty.elem;
  if (v.ty.isScalar())
    v = TV{Ty::array(from, {1}),
           tensor::FromElementsOp::create(builder, l, tensorType(from, {1}),
                                          ValueRange{v.value}),
           {}};
  int64_t axis = call.axis;
  if (axis < 0) {
    // Of the flattened array.
    axis = 0;
    v = flattened(v, call.ty.shape[0], l);
  }
  int64_t rank = v.ty.rank();
  SmallVector<Value> sizes, dyn;
  for (int64_t d = 0; d < rank; ++d) {
    sizes.push_back(v.ty.shape[d] == kDyn
                        ? (Value)tensor::DimOp::create(builder, l, v.value, d)
                        : constIndex(v.ty.shape[d], l));
    if (v.ty.shape[d] == kDyn)
      dyn.push_back(sizes.back());
  }
  // The loops: the other dimensions, then the axis innermost, so that the
  // running value restarts where the axis does.
  SmallVector<int64_t> order;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis)
      order.push_back(d);
  order.push_back(axis);
  SmallVector<Value> ubs;
  for (int64_t d : order)
    ubs.push_back(sizes[d]);
  BinaryOp op = name == "cumsum" ? BinaryOp::Add : BinaryOp::Mul;
  Value out =
      tensor::EmptyOp::create(builder, l, tensorType(acc, call.ty.shape), dyn);
  Value identity =
      constScalar(acc, op == BinaryOp::Mul, op == BinaryOp::Mul, l);
  scf::LoopNest nest = scf::buildLoopNest(
      builder, l, SmallVector<Value>(rank, constIndex(0, l)), ubs,
      SmallVector<Value>(rank, constIndex(1, l)), ValueRange{out, identity},
      [&](OpBuilder &b, Location bl, ValueRange ivs,
          ValueRange values) -> scf::ValueVector {
        SmallVector<Value> at(rank);
        for (auto [i, d] : llvm::enumerate(order))
          at[d] = ivs[i];
        Value x = castWith(b, tensor::ExtractOp::create(b, bl, v.value, at),
                           from, acc, bl);
        Value restart =
            arith::CmpIOp::create(b, bl, arith::CmpIPredicate::eq, ivs.back(),
                                  arith::ConstantIndexOp::create(b, bl, 0));
        Value running = arith::SelectOp::create(
            b, bl, restart, x, scalarBinary(b, bl, op, values[1], x, acc));
        return {tensor::InsertOp::create(b, bl, running, values[0], at),
                running};
      });
  return TV{call.ty, nest.results[0], {}};
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
  llvm::APInt value = isUnsigned(k) ? (forMax ? llvm::APInt::getMinValue(w)
                                              : llvm::APInt::getMaxValue(w))
                      : forMax      ? llvm::APInt::getSignedMinValue(w)
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
          bool u = k == ScalarKind::Bool || isUnsigned(k);
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
