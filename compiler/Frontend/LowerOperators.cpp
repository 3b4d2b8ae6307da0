//===- LowerOperators.cpp - .nda to MLIR: operators and broadcasting ------===//
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
#include "mlir/IR/Matchers.h"

namespace imex::nda {

Value Lowering::constIndex(int64_t v, Location l) {
  return arith::ConstantIndexOp::create(builder, l, v);
}

Value Lowering::constScalar(ScalarKind k, double f, int64_t i, Location l) {
  Type t = mlirScalar(k);
  if (isFloat(k))
    return arith::ConstantOp::create(builder, l, builder.getFloatAttr(t, f));
  if (k == ScalarKind::Index)
    return constIndex(i, l);
  return arith::ConstantOp::create(builder, l, builder.getIntegerAttr(t, i));
}

Value Lowering::castScalar(Value v, ScalarKind from, ScalarKind to,
                           Location l) {
  if (from == to)
    return v;
  // Literals are emitted directly in the type they are used at.
  if (auto constant = v.getDefiningOp<arith::ConstantOp>()) {
    if (auto i = dyn_cast<IntegerAttr>(constant.getValue());
        i && from != ScalarKind::Bool && to != ScalarKind::Bool) {
      if (isUnsigned(from))
        return constScalar(to, (double)i.getValue().getZExtValue(),
                           i.getValue().getZExtValue(), l);
      return constScalar(to, (double)i.getInt(), i.getInt(), l);
    }
    if (auto f = dyn_cast<FloatAttr>(constant.getValue()); f && isFloat(to))
      return constScalar(to, f.getValueAsDouble(), 0, l);
  }
  Type target = mlirScalar(to);
  if (to == ScalarKind::Bool) {
    if (isFloat(from)) {
      Value zero = constScalar(from, 0, 0, l);
      return arith::CmpFOp::create(builder, l, arith::CmpFPredicate::UNE, v,
                                   zero);
    }
    Value zero = constScalar(from, 0, 0, l);
    return arith::CmpIOp::create(builder, l, arith::CmpIPredicate::ne, v, zero);
  }
  // Booleans and unsigned integers widen with zeros.
  if (from == ScalarKind::Bool || isUnsigned(from)) {
    if (isFloat(to))
      return arith::UIToFPOp::create(builder, l, target, v);
    if (to == ScalarKind::Index)
      return arith::IndexCastUIOp::create(builder, l, target, v);
    if (bits(to) < bits(from))
      return arith::TruncIOp::create(builder, l, target, v);
    if (bits(to) == bits(from))
      return v;
    return arith::ExtUIOp::create(builder, l, target, v);
  }
  if (from == ScalarKind::Index) {
    Value wide =
        arith::IndexCastOp::create(builder, l, builder.getI64Type(), v);
    return castScalar(wide, ScalarKind::I64, to, l);
  }
  if (to == ScalarKind::Index) {
    Value wide = castScalar(v, from, ScalarKind::I64, l);
    return arith::IndexCastOp::create(builder, l, target, wide);
  }
  if (isFloat(from) && isFloat(to))
    return bits(to) > bits(from)
               ? (Value)arith::ExtFOp::create(builder, l, target, v)
               : (Value)arith::TruncFOp::create(builder, l, target, v);
  if (isInt(from) && isInt(to)) {
    if (bits(to) == bits(from))
      return v;
    return bits(to) > bits(from)
               ? (Value)arith::ExtSIOp::create(builder, l, target, v)
               : (Value)arith::TruncIOp::create(builder, l, target, v);
  }
  if (isInt(from))
    return arith::SIToFPOp::create(builder, l, target, v);
  if (isUnsigned(to))
    return arith::FPToUIOp::create(builder, l, target, v);
  return arith::FPToSIOp::create(builder, l, target, v);
}

/// An integer divisor that cannot trap: 1 where it is 0 (checked before
/// the division) or -1 (x / -1 of the most negative x overflows; x % -1
/// is 0 = x % 1, and callers take x // -1 as -x).
static Value safeIntegerDivisor(OpBuilder &b, Location l, Value y) {
  Value zero = arith::ConstantOp::create(
      b, l, cast<TypedAttr>(b.getZeroAttr(y.getType())));
  Value one = arith::ConstantOp::create(
      b, l, cast<TypedAttr>(b.getIntegerAttr(y.getType(), 1)));
  Value minusOne = arith::ConstantOp::create(
      b, l, cast<TypedAttr>(b.getIntegerAttr(y.getType(), -1)));
  Value isZero = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, y, zero);
  Value isMinusOne =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, y, minusOne);
  Value replace = arith::OrIOp::create(b, l, isZero, isMinusOne);
  return arith::SelectOp::create(b, l, replace, one, y);
}

/// An unsigned divisor that cannot trap: 1 where it is 0 (checked before
/// the division).
static Value unsignedDivisor(OpBuilder &b, Location l, Value y) {
  Value zero = arith::ConstantOp::create(
      b, l, cast<TypedAttr>(b.getZeroAttr(y.getType())));
  Value one = arith::ConstantOp::create(
      b, l, cast<TypedAttr>(b.getIntegerAttr(y.getType(), 1)));
  Value isZero = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, y, zero);
  return arith::SelectOp::create(b, l, isZero, one, y);
}

void Lowering::checkIntegerDivisor(const TV &divisor, ScalarKind compute,
                                   Location l) {
  const std::string problem = "integer division or modulo by zero";
  if (divisor.ty.isScalar()) {
    Value y = castScalar(divisor.value, divisor.ty.elem, compute, l);
    checkAtRunTime(arith::CmpIPredicate::ne, y, constScalar(compute, 0, 0, l),
                   problem, l);
    return;
  }
  ScalarKind from = divisor.ty.elem;
  checkEveryElement(
      divisor,
      [&](OpBuilder &b, Location bl, Value element) -> Value {
        Value x = castWith(b, element, from, compute, bl);
        Value zero = arith::ConstantOp::create(
            b, bl, cast<TypedAttr>(b.getZeroAttr(x.getType())));
        return arith::CmpIOp::create(b, bl, arith::CmpIPredicate::ne, x, zero);
      },
      problem, l);
}

void Lowering::checkEveryElement(
    const TV &array,
    function_ref<Value(OpBuilder &, Location, Value element)> holds,
    const std::string &problem, Location l) {
  // Whether it holds for all, reduced over the whole array.
  SmallVector<int64_t> dims =
      llvm::to_vector(llvm::seq<int64_t>(0, array.ty.rank()));
  Value all = arith::ConstantIntOp::create(builder, l, 1, 1);
  Value init = tensor::EmptyOp::create(
      builder, l, tensorType(ScalarKind::Bool, {}), ValueRange{});
  init = linalg::FillOp::create(builder, l, all, init).getResult(0);
  auto reduced = linalg::ReduceOp::create(
      builder, l, ValueRange{array.value}, ValueRange{init}, dims,
      [&](OpBuilder &b, Location bl, ValueRange args) {
        Value ok = holds(b, bl, args[0]);
        linalg::YieldOp::create(
            b, bl, arith::AndIOp::create(b, bl, ok, args[1]).getResult());
      });
  Value held =
      tensor::ExtractOp::create(builder, l, reduced.getResult(0), ValueRange{});
  checkAtRunTime(arith::CmpIPredicate::eq, held, all, problem, l);
}

Value Lowering::scalarBinary(OpBuilder &b, Location l, BinaryOp op, Value x,
                             Value y, ScalarKind k) {
  bool f = isFloat(k);
  switch (op) {
  case BinaryOp::Add:
    if (k == ScalarKind::Bool) // NumPy: logical or
      return arith::OrIOp::create(b, l, x, y);
    return floatOrInt<arith::AddFOp, arith::AddIOp>(b, l, f, x, y);
  case BinaryOp::Sub:
    return floatOrInt<arith::SubFOp, arith::SubIOp>(b, l, f, x, y);
  case BinaryOp::Mul:
    return floatOrInt<arith::MulFOp, arith::MulIOp>(b, l, f, x, y);
  case BinaryOp::Div:
    return arith::DivFOp::create(b, l, x, y);
  case BinaryOp::FloorDiv: {
    if (f)
      return math::FloorOp::create(b, l, arith::DivFOp::create(b, l, x, y));
    if (isUnsigned(k))
      return arith::DivUIOp::create(b, l, x, unsignedDivisor(b, l, y));
    // x // -1 is -x, wrapping for the most negative x as NumPy does (the
    // division would trap); a 0 divisor was checked before (any result).
    Value minusOne = arith::ConstantOp::create(
        b, l, cast<TypedAttr>(b.getIntegerAttr(x.getType(), -1)));
    Value byMinusOne =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, y, minusOne);
    Value quotient =
        arith::FloorDivSIOp::create(b, l, x, safeIntegerDivisor(b, l, y));
    Value zero = arith::ConstantOp::create(
        b, l, cast<TypedAttr>(b.getZeroAttr(x.getType())));
    Value negated = arith::SubIOp::create(b, l, zero, x);
    return arith::SelectOp::create(b, l, byMinusOne, negated, quotient);
  }
  case BinaryOp::Mod: {
    if (isUnsigned(k))
      return arith::RemUIOp::create(b, l, x, unsignedDivisor(b, l, y));
    // Python's modulo: the result has the sign of the divisor.
    Value r = f ? arith::RemFOp::create(b, l, x, y).getResult()
                : arith::RemSIOp::create(b, l, x, safeIntegerDivisor(b, l, y))
                      .getResult();
    Value zero = arith::ConstantOp::create(
        b, l, cast<TypedAttr>(b.getZeroAttr(x.getType())));
    auto compare = [&](arith::CmpFPredicate fp, arith::CmpIPredicate ip,
                       Value lhs) -> Value {
      if (f)
        return arith::CmpFOp::create(b, l, fp, lhs, zero);
      return arith::CmpIOp::create(b, l, ip, lhs, zero);
    };
    Value rNonZero =
        compare(arith::CmpFPredicate::ONE, arith::CmpIPredicate::ne, r);
    Value rNeg =
        compare(arith::CmpFPredicate::OLT, arith::CmpIPredicate::slt, r);
    Value yNeg =
        compare(arith::CmpFPredicate::OLT, arith::CmpIPredicate::slt, y);
    Value differ = arith::XOrIOp::create(b, l, rNeg, yNeg);
    Value fix = arith::AndIOp::create(b, l, rNonZero, differ);
    Value adjusted = floatOrInt<arith::AddFOp, arith::AddIOp>(b, l, f, r, y);
    return arith::SelectOp::create(b, l, fix, adjusted, r);
  }
  case BinaryOp::Pow:
    return floatOrInt<math::PowFOp, math::IPowIOp>(b, l, f, x, y);
  case BinaryOp::Min:
    if (isUnsigned(k) || k == ScalarKind::Bool)
      return arith::MinUIOp::create(b, l, x, y);
    return floatOrInt<arith::MinimumFOp, arith::MinSIOp>(b, l, f, x, y);
  case BinaryOp::Max:
    if (isUnsigned(k) || k == ScalarKind::Bool)
      return arith::MaxUIOp::create(b, l, x, y);
    return floatOrInt<arith::MaximumFOp, arith::MaxSIOp>(b, l, f, x, y);
  case BinaryOp::BitAnd:
    return arith::AndIOp::create(b, l, x, y);
  case BinaryOp::BitOr:
    return arith::OrIOp::create(b, l, x, y);
  case BinaryOp::BitXor:
    return arith::XOrIOp::create(b, l, x, y);
  case BinaryOp::MatMul:
  case BinaryOp::And:
  case BinaryOp::Or:
    llvm_unreachable("not an elementwise scalar operator");
  default:
    break;
  }
  // Comparisons.
  bool unsignedOrder = k == ScalarKind::Bool || isUnsigned(k);
  struct Predicates {
    arith::CmpFPredicate f;
    arith::CmpIPredicate i, u; // signed, and for bool and unsigned
  };
  Predicates p = [&]() -> Predicates {
    switch (op) {
    case BinaryOp::Lt:
      return {arith::CmpFPredicate::OLT, arith::CmpIPredicate::slt,
              arith::CmpIPredicate::ult};
    case BinaryOp::Le:
      return {arith::CmpFPredicate::OLE, arith::CmpIPredicate::sle,
              arith::CmpIPredicate::ule};
    case BinaryOp::Gt:
      return {arith::CmpFPredicate::OGT, arith::CmpIPredicate::sgt,
              arith::CmpIPredicate::ugt};
    case BinaryOp::Ge:
      return {arith::CmpFPredicate::OGE, arith::CmpIPredicate::sge,
              arith::CmpIPredicate::uge};
    case BinaryOp::Eq:
      return {arith::CmpFPredicate::OEQ, arith::CmpIPredicate::eq,
              arith::CmpIPredicate::eq};
    default:
      return {arith::CmpFPredicate::UNE, arith::CmpIPredicate::ne,
              arith::CmpIPredicate::ne};
    }
  }();
  if (f)
    return arith::CmpFOp::create(b, l, p.f, x, y);
  return arith::CmpIOp::create(b, l, unsignedOrder ? p.u : p.i, x, y);
}

Value Lowering::castWith(OpBuilder &b, Value v, ScalarKind from, ScalarKind to,
                         Location l) {
  OpBuilder saved = builder;
  builder = b;
  Value r = castScalar(v, from, to, l);
  b = builder;
  builder = saved;
  return r;
}

Value Lowering::emitElementwise(Location l, ArrayRef<TV> operands,
                                const Ty &resultTy, const BodyFn &body,
                                ArrayRef<SmallVector<int64_t>> dimMaps,
                                ArrayRef<Value> explicitSizes) {
  int64_t rank = resultTy.rank();
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  SmallVector<int> arrayIndex(operands.size(), -1);
  SmallVector<Value> dynSizes;
  for (int64_t i = 0; i < rank; ++i) {
    if (resultTy.shape[i] != kDyn)
      continue;
    if (!explicitSizes.empty()) {
      dynSizes.push_back(explicitSizes[i]);
      continue;
    }
    Value size;
    for (size_t k = 0; k < operands.size() && !size; ++k) {
      const TV &o = operands[k];
      if (!o.ty.isArray())
        continue;
      for (int64_t j = 0; j < o.ty.rank(); ++j) {
        int64_t target =
            dimMaps.empty() ? rank - o.ty.rank() + j : dimMaps[k][j];
        if (target == i && o.ty.shape[j] != 1) {
          size = tensor::DimOp::create(builder, l, o.value, j);
          break;
        }
      }
    }
    if (!size)
      size = constIndex(1, l);
    dynSizes.push_back(size);
  }
  checkBroadcastAtRunTime(l, operands, resultTy, dimMaps, explicitSizes);
  for (size_t k = 0; k < operands.size(); ++k) {
    const TV &o = operands[k];
    if (!o.ty.isArray())
      continue;
    SmallVector<AffineExpr> exprs;
    for (int64_t j = 0; j < o.ty.rank(); ++j) {
      int64_t target = dimMaps.empty() ? rank - o.ty.rank() + j : dimMaps[k][j];
      if (o.ty.shape[j] == 1 && resultTy.shape[target] != 1)
        exprs.push_back(builder.getAffineConstantExpr(0));
      else
        exprs.push_back(builder.getAffineDimExpr(target));
    }
    arrayIndex[k] = inputs.size();
    inputs.push_back(o.value);
    maps.push_back(AffineMap::get(rank, 0, exprs, ctx));
  }
  auto outType = tensorType(resultTy.elem, resultTy.shape);
  Value init = tensor::EmptyOp::create(builder, l, outType, dynSizes);
  maps.push_back(builder.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, l, TypeRange{outType}, inputs, ValueRange{init}, maps, iters,
      [&](OpBuilder &b, Location bl, ValueRange args) {
        SmallVector<Value> elems;
        for (size_t k = 0; k < operands.size(); ++k)
          elems.push_back(arrayIndex[k] >= 0 ? args[arrayIndex[k]]
                                             : operands[k].value);
        Value r = body(b, bl, elems);
        linalg::YieldOp::create(b, bl, r);
      });
  return generic.getResult(0);
}

TV Lowering::emitShortCircuit(Expr &e, const TV &a) {
  Location l = loc(e.loc);
  bool isAnd = e.binaryOp == BinaryOp::And;
  Value first = castScalar(a.value, a.ty.elem, ScalarKind::Bool, l);
  auto ifOp = scf::IfOp::create(builder, l, builder.getI1Type(), first,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(isAnd ? ifOp.elseBlock() : ifOp.thenBlock());
  scf::YieldOp::create(builder, l, ValueRange{first});
  builder.setInsertionPointToStart(isAnd ? ifOp.thenBlock() : ifOp.elseBlock());
  TV b = emitExpr(*e.children[1]);
  scf::YieldOp::create(
      builder, l,
      ValueRange{castScalar(b.value, b.ty.elem, ScalarKind::Bool, l)});
  return TV{e.ty, ifOp.getResult(0), {}};
}

void Lowering::checkBroadcastAtRunTime(Location l, ArrayRef<TV> operands,
                                       const Ty &resultTy,
                                       ArrayRef<SmallVector<int64_t>> dimMaps,
                                       ArrayRef<Value> explicitSizes) {
  struct Extent {
    const Ty *ty = nullptr; ///< null for an explicit size
    int64_t dim = 0, size = kDyn;
    Value value;
  };
  for (int64_t i = 0; i < resultTy.rank(); ++i) {
    std::optional<Extent> first;
    if (!explicitSizes.empty())
      first = Extent{nullptr, i, resultTy.shape[i], explicitSizes[i]};
    for (size_t k = 0; k < operands.size(); ++k) {
      const TV &o = operands[k];
      if (!o.ty.isArray())
        continue;
      for (int64_t j = 0; j < o.ty.rank(); ++j) {
        int64_t target =
            dimMaps.empty() ? resultTy.rank() - o.ty.rank() + j : dimMaps[k][j];
        if (target != i || o.ty.shape[j] == 1)
          continue;
        Extent here{&o.ty, j, o.ty.shape[j], {}};
        if (!first) {
          here.value = tensor::DimOp::create(builder, l, o.value, j);
          first = here;
          continue;
        }
        bool bothStatic = first->size != kDyn && here.size != kDyn;
        bool sameName = first->ty && !first->ty->syms[first->dim].empty() &&
                        first->ty->syms[first->dim] == o.ty.syms[j];
        if (bothStatic || sameName)
          continue;
        std::string problem =
            first->ty ? "operands could not be broadcast together with "
                        "shapes " +
                            shapeStr(*first->ty) + " " + shapeStr(o.ty)
                      : "could not broadcast input array from shape " +
                            shapeStr(o.ty) + " into the slice";
        checkAtRunTime(arith::CmpIPredicate::eq, first->value,
                       tensor::DimOp::create(builder, l, o.value, j),
                       problem + ": sizes differ at run time", l);
      }
    }
  }
}

Value Lowering::checkedIndex(Value index, Value size, int64_t axis,
                             Location l) {
  Value zero = constIndex(0, l);
  Value negative =
      arith::CmpIOp::create(builder, l, arith::CmpIPredicate::slt, index, zero);
  Value normalized = arith::SelectOp::create(
      builder, l, negative, arith::AddIOp::create(builder, l, index, size),
      index);
  // One unsigned comparison checks both 0 <= i and i < size.
  checkAtRunTime(arith::CmpIPredicate::ult, normalized, size,
                 "index out of bounds for axis " + std::to_string(axis), l);
  return normalized;
}

void Lowering::checkAtRunTime(arith::CmpIPredicate predicate, Value lhs,
                              Value rhs, const std::string &problem,
                              Location l) {
  Value holds = arith::CmpIOp::create(builder, l, predicate, lhs, rhs);
  cf::AssertOp::create(builder, l, holds,
                       imex::runTimeCheckPrefix(l) + problem);
}

void Lowering::checkNotEmpty(Value size, const std::string &problem,
                             Location l) {
  checkAtRunTime(arith::CmpIPredicate::ne, size, constIndex(0, l), problem, l);
}

TV Lowering::emitBinary(BinaryOp op, const TV &a, const TV &b,
                        const Ty &resultTy, ScalarKind compute, SMLoc at) {
  Location l = loc(at);
  if (op == BinaryOp::MatMul)
    return emitMatmul(a, b, resultTy, compute, at);
  ScalarKind ck = compute, ak = a.ty.elem, bk = b.ty.elem;
  if ((op == BinaryOp::FloorDiv || op == BinaryOp::Mod) && !isFloat(ck))
    checkIntegerDivisor(b, ck, l);
  if (a.ty.isScalar() && b.ty.isScalar()) {
    Value x = castScalar(a.value, ak, ck, l);
    Value y = castScalar(b.value, bk, ck, l);
    return TV{resultTy, scalarBinary(builder, l, op, x, y, ck), {}};
  }
  Value r = emitElementwise(l, {a, b}, resultTy,
                            [&](OpBuilder &ob, Location bl, ArrayRef<Value> e) {
                              Value x = castWith(ob, e[0], ak, ck, bl);
                              Value y = castWith(ob, e[1], bk, ck, bl);
                              return scalarBinary(ob, bl, op, x, y, ck);
                            });
  return TV{resultTy, r, {}};
}

TV Lowering::emitMatmul(const TV &a, const TV &b, const Ty &resultTy,
                        ScalarKind compute, SMLoc at) {
  if (a.ty.rank() > 2 || b.ty.rank() > 2)
    return emitBatchedMatmul(a, b, resultTy, compute, at);
  Location l = loc(at);
  int64_t ka = a.ty.shape.back();
  int64_t kb = b.ty.shape[0];
  const std::string &symA = a.ty.syms.back(), &symB = b.ty.syms[0];
  if ((ka == kDyn || kb == kDyn) && (symA.empty() || symA != symB))
    checkAtRunTime(arith::CmpIPredicate::eq,
                   tensor::DimOp::create(builder, l, a.value, a.ty.rank() - 1),
                   tensor::DimOp::create(builder, l, b.value, 0),
                   "matmul: mismatch in the contracted dimension: " +
                       a.ty.str() + " @ " + b.ty.str(),
                   l);
  ScalarKind k = compute;
  TV x = convertElem(a, k, l), y = convertElem(b, k, l);
  SmallVector<Value> dynSizes;
  if (x.ty.rank() == 2 && x.ty.shape[0] == kDyn)
    dynSizes.push_back(tensor::DimOp::create(builder, l, x.value, 0));
  if (y.ty.rank() == 2 && y.ty.shape[1] == kDyn)
    dynSizes.push_back(tensor::DimOp::create(builder, l, y.value, 1));
  SmallVector<int64_t> shape(resultTy.isArray() ? resultTy.shape
                                                : SmallVector<int64_t>{});
  auto outType = tensorType(k, shape);
  Value init = tensor::EmptyOp::create(builder, l, outType, dynSizes);
  Value zero = constScalar(k, 0, 0, l);
  init = linalg::FillOp::create(builder, l, zero, init).getResult(0);
  Value r;
  if (x.ty.rank() == 2 && y.ty.rank() == 2)
    r = linalg::MatmulOp::create(builder, l, TypeRange{outType},
                                 ValueRange{x.value, y.value}, ValueRange{init})
            .getResult(0);
  else if (x.ty.rank() == 2)
    r = linalg::MatvecOp::create(builder, l, TypeRange{outType},
                                 ValueRange{x.value, y.value}, ValueRange{init})
            .getResult(0);
  else if (y.ty.rank() == 2)
    r = linalg::VecmatOp::create(builder, l, TypeRange{outType},
                                 ValueRange{x.value, y.value}, ValueRange{init})
            .getResult(0);
  else
    return TV{resultTy,
              tensor::ExtractOp::create(
                  builder, l,
                  linalg::DotOp::create(builder, l, TypeRange{outType},
                                        ValueRange{x.value, y.value},
                                        ValueRange{init})
                      .getResult(0),
                  ValueRange{}),
              {}};
  return TV{resultTy, r, {}};
}

TV Lowering::emitBatchedMatmul(const TV &a, const TV &b, const Ty &resultTy,
                               ScalarKind compute, SMLoc at) {
  Location l = loc(at);
  TV x = convertElem(a, compute, l), y = convertElem(b, compute, l);
  int64_t rank = resultTy.rank(), stack = rank - 2;
  auto dimOf = [&](const TV &v, int64_t d) -> Value {
    return v.ty.shape[d] == kDyn
               ? (Value)tensor::DimOp::create(builder, l, v.value, d)
               : constIndex(v.ty.shape[d], l);
  };
  int64_t ra = x.ty.rank(), rb = y.ty.rank();
  checkAtRunTime(arith::CmpIPredicate::eq, dimOf(x, ra - 1), dimOf(y, rb - 2),
                 "matmul: mismatch in the contracted dimension: " + a.ty.str() +
                     " @ " + b.ty.str(),
                 l);
  // The result's sizes: the stack's from an operand that has the dimension
  // (not of size 1), then a's rows and b's columns. Stack dimensions both
  // operands have must agree.
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < stack; ++d) {
    int64_t ja = d - (stack - (ra - 2)), jb = d - (stack - (rb - 2));
    bool inA = ja >= 0 && x.ty.shape[ja] != 1;
    bool inB = jb >= 0 && y.ty.shape[jb] != 1;
    if (inA && inB && (x.ty.shape[ja] == kDyn || y.ty.shape[jb] == kDyn))
      checkAtRunTime(arith::CmpIPredicate::eq, dimOf(x, ja), dimOf(y, jb),
                     "operands could not be broadcast together: " + a.ty.str() +
                         " @ " + b.ty.str(),
                     l);
    sizes.push_back(inA ? dimOf(x, ja) : inB ? dimOf(y, jb) : constIndex(1, l));
  }
  sizes.push_back(dimOf(x, ra - 2));
  sizes.push_back(dimOf(y, rb - 1));
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < rank; ++d)
    if (resultTy.shape[d] == kDyn)
      dyn.push_back(sizes[d]);
  auto outType = tensorType(compute, resultTy.shape);
  Value init = tensor::EmptyOp::create(builder, l, outType, dyn);
  init = linalg::FillOp::create(builder, l, constScalar(compute, 0, 0, l), init)
             .getResult(0);
  // out[s..., m, n] += x[s..., m, k] * y[s..., k, n], with d(rank) = k; a
  // stack dimension of size 1 broadcasts.
  MLIRContext *ctx = builder.getContext();
  auto operandMap = [&](const TV &v, int64_t inner0, int64_t inner1) {
    int64_t r = v.ty.rank();
    SmallVector<AffineExpr> exprs;
    for (int64_t j = 0; j < r - 2; ++j) {
      int64_t d = stack - (r - 2) + j;
      exprs.push_back(v.ty.shape[j] == 1 && resultTy.shape[d] != 1
                          ? builder.getAffineConstantExpr(0)
                          : builder.getAffineDimExpr(d));
    }
    exprs.push_back(builder.getAffineDimExpr(inner0));
    exprs.push_back(builder.getAffineDimExpr(inner1));
    return AffineMap::get(rank + 1, 0, exprs, ctx);
  };
  SmallVector<AffineExpr> outExprs;
  for (int64_t d = 0; d < rank; ++d)
    outExprs.push_back(builder.getAffineDimExpr(d));
  SmallVector<AffineMap> maps = {operandMap(x, stack, rank),
                                 operandMap(y, rank, stack + 1),
                                 AffineMap::get(rank + 1, 0, outExprs, ctx)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  bool f = isFloat(compute);
  auto generic = linalg::GenericOp::create(
      builder, l, TypeRange{outType}, ValueRange{x.value, y.value},
      ValueRange{init}, maps, iterators,
      [&](OpBuilder &ob, Location bl, ValueRange args) {
        Value product = floatOrInt<arith::MulFOp, arith::MulIOp>(
            ob, bl, f, args[0], args[1]);
        linalg::YieldOp::create(ob, bl,
                                floatOrInt<arith::AddFOp, arith::AddIOp>(
                                    ob, bl, f, args[2], product));
      });
  return TV{resultTy, generic.getResult(0), {}};
}

TV Lowering::convertElem(const TV &v, ScalarKind k, Location l) {
  if (v.ty.elem == k)
    return v;
  if (v.ty.isScalar())
    return TV{Ty::scalar(k), castScalar(v.value, v.ty.elem, k, l), {}};
  Ty rt = v.ty;
  rt.elem = k;
  ScalarKind from = v.ty.elem;
  Value r = emitElementwise(l, {v}, rt,
                            [&](OpBuilder &b, Location bl, ArrayRef<Value> e) {
                              return castWith(b, e[0], from, k, bl);
                            });
  return TV{rt, r, {}};
}
} // namespace imex::nda
