//===- LowerCall.cpp - .nda to MLIR: calls and builtins -------------------===//
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

/// The positional arguments' expressions, or the items of the tuples they
/// are, in order.
static SmallVector<Expr *> shapeItems(ArrayRef<Expr *> args) {
  SmallVector<Expr *> items;
  for (Expr *arg : args) {
    if (arg->kind != Expr::Tuple) {
      items.push_back(arg);
      continue;
    }
    for (auto &c : arg->children)
      items.push_back(c.get());
  }
  return items;
}

SmallVector<Value> Lowering::emitShapeSizes(ArrayRef<Expr *> args,
                                            ArrayRef<int64_t> shape) {
  SmallVector<Value> sizes;
  // A tuple of sizes computed elsewhere (zeros(m.shape)).
  if (args.size() == 1 && args[0]->kind != Expr::Tuple &&
      args[0]->ty.kind == Ty::Tuple) {
    TV tuple = emitExpr(*args[0]);
    Location l = loc(args[0]->loc);
    for (auto [value, elem, size] :
         llvm::zip(tuple.values, args[0]->ty.elems, shape))
      if (size == kDyn) {
        Value v = castScalar(value, elem.elem, ScalarKind::Index, l);
        checkAtRunTime(arith::CmpIPredicate::sge, v, constIndex(0, l),
                       "negative dimensions are not allowed", l);
        sizes.push_back(v);
      }
    return sizes;
  }
  for (auto [item, size] : llvm::zip(shapeItems(args), shape)) {
    if (size != kDyn)
      continue;
    Location l = loc(item->loc);
    Value v = emitIndexValue(*item);
    checkAtRunTime(arith::CmpIPredicate::sge, v, constIndex(0, l),
                   "negative dimensions are not allowed", l);
    sizes.push_back(v);
  }
  return sizes;
}

const Lowering::Builtin &Lowering::findBuiltin(StringRef name) {
  static const Builtin builtins[] = {
#define BUILTIN(NAME, CHECK, EMIT, ...) {#NAME, &Lowering::EMIT},
#include "Builtins.def"
  };
  const Builtin *builtin =
      llvm::find_if(builtins, [&](const Builtin &b) { return b.name == name; });
  assert(builtin != std::end(builtins) && "a builtin Sema accepted");
  return *builtin;
}

TV Lowering::emitCall(Expr &call) {
  Expr &callee = *call.children[0];
  switch (call.meaning) {
  case Meaning::MethodCall:
    return emitMethod(call);
  case Meaning::UserCall:
    return emitUserCall(call, functions[callee.name]);
  case Meaning::Conversion:
    return emitScalarConversion(call, call.ty.elem);
  default:
    return (this->*findBuiltin(callee.name).emit)(call, callee.name);
  }
}

/// The i-th positional argument of `call`.
static Expr &argument(Expr &call, size_t i) { return *call.children[i + 1]; }

TV Lowering::emitScalarConversion(Expr &call, ScalarKind k) {
  TV v = emitExpr(argument(call, 0));
  Location l = loc(call.loc);
  if (v.ty.isArray())
    return emitAstype(v, k, l);
  return TV{call.ty, castScalar(v.value, v.ty.elem, k, l), {}};
}

TV Lowering::emitPrintCall(Expr &call, StringRef) {
  size_t n = call.children.size() - 1;
  if (n == 0)
    emitPrintNewline(loc(call.loc));
  for (size_t i = 0; i < n; ++i)
    emitPrint(emitExpr(argument(call, i)),
              i + 1 == n ? PrintEnd::Newline : PrintEnd::Space,
              argument(call, i).loc);
  return TV{call.ty, {}, {}};
}

TV Lowering::emitLinspace(Expr &call, StringRef) {
  Location l = loc(call.loc);
  TV start = emitExpr(argument(call, 0)), stop = emitExpr(argument(call, 1));
  Expr &count = argument(call, 2);
  Value num = emitIndexValue(count);
  Expr *endpoint = findKeyword(call, "endpoint");
  if (call.ty.shape[0] == kDyn)
    checkAtRunTime(arith::CmpIPredicate::sge, num, constIndex(0, l),
                   "number of samples must be non-negative", loc(count.loc));
  Value s = castScalar(start.value, start.ty.elem, ScalarKind::F64, l);
  Value e = castScalar(stop.value, stop.ty.elem, ScalarKind::F64, l);
  auto type = tensorType(ScalarKind::F64, call.ty.shape);
  auto op = ndarray::LinSpaceOp::create(
      builder, l, type, s, e, num,
      !endpoint || endpoint->boolValue ? builder.getUnitAttr() : UnitAttr());
  return TV{call.ty, op, {}};
}

TV Lowering::emitFilled(Expr &call, StringRef name) {
  Location l = loc(call.loc);
  bool full = name == "full";
  SmallVector<Value> dyn = emitShapeSizes({&argument(call, 0)}, call.ty.shape);
  ScalarKind k = call.ty.elem;
  TV fill;
  if (full)
    fill = emitExpr(argument(call, 1));
  auto type = tensorType(k, call.ty.shape);
  Value init = tensor::EmptyOp::create(builder, l, type, dyn);
  if (name == "empty")
    return TV{call.ty, init, {}};
  Value v = full ? castScalar(fill.value, fill.ty.elem, k, l)
                 : constScalar(k, name == "ones" ? 1.0 : 0.0,
                               name == "ones" ? 1 : 0, l);
  return TV{
      call.ty, linalg::FillOp::create(builder, l, v, init).getResult(0), {}};
}

TV Lowering::emitWhere(Expr &call, StringRef) {
  Location l = loc(call.loc);
  TV c = emitExpr(argument(call, 0)), a = emitExpr(argument(call, 1)),
     b = emitExpr(argument(call, 2));
  ScalarKind rk = call.ty.elem;
  ScalarKind ck = c.ty.elem, ak = a.ty.elem, bk = b.ty.elem;
  if (call.ty.isScalar())
    return TV{call.ty,
              arith::SelectOp::create(
                  builder, l, castScalar(c.value, ck, ScalarKind::Bool, l),
                  castScalar(a.value, ak, rk, l),
                  castScalar(b.value, bk, rk, l)),
              {}};
  Value r = emitElementwise(
      l, {c, a, b}, call.ty,
      [&](OpBuilder &ob, Location bl, ArrayRef<Value> e) {
        Value cond = castWith(ob, e[0], ck, ScalarKind::Bool, bl);
        Value x = castWith(ob, e[1], ak, rk, bl);
        Value y = castWith(ob, e[2], bk, rk, bl);
        return arith::SelectOp::create(ob, bl, cond, x, y).getResult();
      });
  return TV{call.ty, r, {}};
}

TV Lowering::emitLogical(Expr &call, StringRef name) {
  Location l = loc(call.loc);
  SmallVector<TV, 2> truth;
  for (size_t i = 0; i + 1 < call.children.size(); ++i)
    truth.push_back(
        convertElem(emitExpr(argument(call, i)), ScalarKind::Bool, l));
  if (truth.size() == 2)
    return emitBinary(call.binaryOp, truth[0], truth[1], call.ty,
                      ScalarKind::Bool, call.loc);
  // logical_not: x ^ true.
  TV yes{
      Ty::scalar(ScalarKind::Bool), constScalar(ScalarKind::Bool, 1, 1, l), {}};
  return emitBinary(BinaryOp::BitXor, truth[0], yes, call.ty, ScalarKind::Bool,
                    call.loc);
}

TV Lowering::emitArrayLiteral(Expr &call, StringRef) {
  Location l = loc(call.loc);
  ScalarKind k = call.ty.elem;
  SmallVector<Value> elements;
  std::function<void(Expr &)> collect = [&](Expr &e) {
    if (e.kind != Expr::List) {
      TV v = emitExpr(e);
      elements.push_back(castScalar(v.value, v.ty.elem, k, loc(e.loc)));
      return;
    }
    for (auto &item : e.children)
      collect(*item);
  };
  collect(argument(call, 0));
  auto type = tensorType(k, call.ty.shape);
  Value values = tensor::FromElementsOp::create(builder, l, type, elements);
  // A new array the program may update in place: constant elements would
  // otherwise fold into read-only constant memory.
  return TV{call.ty, ndarray::CopyOp::create(builder, l, type, values), {}};
}

TV Lowering::emitEye(Expr &call, StringRef) {
  Location l = loc(call.loc);
  size_t n = call.children.size() - 1;
  SmallVector<Expr *> dims = {&argument(call, 0)};
  if (Expr *columns = n > 1 ? &argument(call, 1) : findKeyword(call, "M"))
    dims.push_back(columns);
  SmallVector<Value> dyn = emitShapeSizes(dims, call.ty.shape);
  if (dims.size() == 1 && call.ty.shape[1] == kDyn)
    dyn.push_back(dyn[0]);
  Value diagonal = constIndex(0, l);
  if (Expr *k = n > 2 ? &argument(call, 2) : findKeyword(call, "k"))
    diagonal = emitIndexValue(*k);
  ScalarKind kind = call.ty.elem;
  auto type = tensorType(kind, call.ty.shape);
  Value init = tensor::EmptyOp::create(builder, l, type, dyn);
  auto generic = linalg::GenericOp::create(
      builder, l, TypeRange{type}, ValueRange{}, ValueRange{init},
      SmallVector<AffineMap>{builder.getMultiDimIdentityMap(2)},
      {utils::IteratorType::parallel, utils::IteratorType::parallel},
      [&](OpBuilder &b, Location bl, ValueRange) {
        // 1 where j - i == k.
        Value i = linalg::IndexOp::create(b, bl, 0);
        Value j = linalg::IndexOp::create(b, bl, 1);
        Value onDiagonal =
            arith::CmpIOp::create(b, bl, arith::CmpIPredicate::eq,
                                  arith::SubIOp::create(b, bl, j, i), diagonal);
        Value one = castWith(b, onDiagonal, ScalarKind::Bool, kind, bl);
        linalg::YieldOp::create(b, bl, one);
      });
  return TV{call.ty, generic.getResult(0), {}};
}

TV Lowering::emitJoin(Expr &call, StringRef name) {
  Location l = loc(call.loc);
  bool stack = name == "stack";
  int64_t axis = call.axis, rank = call.ty.rank();
  ScalarKind k = call.ty.elem;
  SmallVector<TV> parts;
  for (auto &item : argument(call, 0).children)
    parts.push_back(convertElem(emitExpr(*item), k, loc(item->loc)));
  auto dimOf = [&](const TV &v, int64_t d) -> Value {
    return v.ty.shape[d] == kDyn
               ? (Value)tensor::DimOp::create(builder, l, v.value, d)
               : constIndex(v.ty.shape[d], l);
  };
  // The result's sizes: the first part's, and along the axis the sum
  // (concatenate) or the count (stack). The other parts must agree.
  SmallVector<Value> sizes;
  for (int64_t d = 0, p = 0; d < rank; ++d) {
    if (stack && d == axis) {
      sizes.push_back(constIndex(parts.size(), l));
      continue;
    }
    Value size = dimOf(parts[0], p);
    if (!stack && d == axis)
      for (const TV &part : ArrayRef(parts).drop_front())
        size = arith::AddIOp::create(builder, l, size, dimOf(part, p));
    else
      for (const TV &part : ArrayRef(parts).drop_front())
        if (part.ty.shape[p] == kDyn || parts[0].ty.shape[p] == kDyn)
          checkAtRunTime(arith::CmpIPredicate::eq, dimOf(part, p), size,
                         "all the input array dimensions" +
                             std::string(stack ? ""
                                               : " except for the "
                                                 "concatenation axis") +
                             " must match exactly",
                         l);
    sizes.push_back(size);
    ++p;
  }
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < rank; ++d)
    if (call.ty.shape[d] == kDyn)
      dyn.push_back(sizes[d]);
  Value result =
      tensor::EmptyOp::create(builder, l, tensorType(k, call.ty.shape), dyn);
  // Each part into its place: stacked parts lose the axis (a rank-reducing
  // insert of size 1 there).
  Value offset = constIndex(0, l);
  for (const TV &part : parts) {
    SmallVector<OpFoldResult> offsets(rank, builder.getIndexAttr(0)), partSizes,
        strides(rank, builder.getIndexAttr(1));
    offsets[axis] = offset;
    for (int64_t d = 0, p = 0; d < rank; ++d) {
      if (stack && d == axis) {
        partSizes.push_back(builder.getIndexAttr(1));
        continue;
      }
      partSizes.push_back(part.ty.shape[p] == kDyn
                              ? OpFoldResult(dimOf(part, p))
                              : builder.getIndexAttr(part.ty.shape[p]));
      ++p;
    }
    result = tensor::InsertSliceOp::create(builder, l, part.value, result,
                                           offsets, partSizes, strides);
    offset = arith::AddIOp::create(
        builder, l, offset, stack ? constIndex(1, l) : dimOf(part, axis));
  }
  return TV{call.ty, result, {}};
}

TV Lowering::emitMinimumMaximum(Expr &call, StringRef name) {
  TV a = emitExpr(argument(call, 0)), b = emitExpr(argument(call, 1));
  return emitBinary(name == "minimum" ? BinaryOp::Min : BinaryOp::Max, a, b,
                    call.ty, call.compute, call.loc);
}

TV Lowering::emitClip(Expr &call, StringRef) {
  Location l = loc(call.loc);
  TV x = emitExpr(argument(call, 0)), lo = emitExpr(argument(call, 1)),
     hi = emitExpr(argument(call, 2));
  ScalarKind k = call.compute;
  ScalarKind xk = x.ty.elem, lok = lo.ty.elem, hik = hi.ty.elem;
  auto body = [&](OpBuilder &b, Location bl, ArrayRef<Value> e) -> Value {
    Value lower =
        scalarBinary(b, bl, BinaryOp::Max, castWith(b, e[0], xk, k, bl),
                     castWith(b, e[1], lok, k, bl), k);
    return scalarBinary(b, bl, BinaryOp::Min, lower,
                        castWith(b, e[2], hik, k, bl), k);
  };
  if (call.ty.isScalar())
    return TV{call.ty, body(builder, l, {x.value, lo.value, hi.value}), {}};
  return TV{call.ty, emitElementwise(l, {x, lo, hi}, call.ty, body), {}};
}

TV Lowering::emitArctan2(Expr &call, StringRef) {
  Location l = loc(call.loc);
  TV y = emitExpr(argument(call, 0)), x = emitExpr(argument(call, 1));
  ScalarKind k = call.compute, yk = y.ty.elem, xk = x.ty.elem;
  auto body = [&](OpBuilder &b, Location bl, ArrayRef<Value> e) -> Value {
    return math::Atan2Op::create(b, bl, castWith(b, e[0], yk, k, bl),
                                 castWith(b, e[1], xk, k, bl));
  };
  if (call.ty.isScalar())
    return TV{call.ty, body(builder, l, {y.value, x.value}), {}};
  return TV{call.ty, emitElementwise(l, {y, x}, call.ty, body), {}};
}

TV Lowering::emitFilledLike(Expr &call, StringRef name) {
  Location l = loc(call.loc);
  TV like = emitExpr(argument(call, 0));
  ScalarKind k = call.ty.elem;
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < like.ty.rank(); ++d)
    if (like.ty.shape[d] == kDyn)
      dyn.push_back(tensor::DimOp::create(builder, l, like.value, d));
  Value init =
      tensor::EmptyOp::create(builder, l, tensorType(k, call.ty.shape), dyn);
  Value v;
  if (name == "full_like") {
    TV fill = emitExpr(argument(call, 1));
    v = castScalar(fill.value, fill.ty.elem, k, l);
  } else {
    bool one = name == "ones_like";
    v = constScalar(k, one ? 1.0 : 0.0, one ? 1 : 0, l);
  }
  return TV{
      call.ty, linalg::FillOp::create(builder, l, v, init).getResult(0), {}};
}

/// Python's len(): the size of an array's first dimension.
TV Lowering::emitLen(Expr &call, StringRef) {
  Location l = loc(call.loc);
  TV v = emitExpr(argument(call, 0));
  if (v.ty.kind == Ty::Tuple)
    return TV{
        call.ty, constScalar(ScalarKind::I64, 0, v.ty.elems.size(), l), {}};
  Value size = v.ty.shape[0] == kDyn
                   ? (Value)tensor::DimOp::create(builder, l, v.value, 0)
                   : constIndex(v.ty.shape[0], l);
  return TV{
      call.ty, castScalar(size, ScalarKind::Index, ScalarKind::I64, l), {}};
}

TV Lowering::emitUnaryMathCall(Expr &call, StringRef name) {
  TV v = emitExpr(argument(call, 0));
  return emitUnaryMath(name, v, call.ty, call.compute, loc(call.loc));
}

namespace {

/// How a unary math builtin computes (Sema decides in what).
struct UnaryMath {
  StringLiteral name;
  /// The value for one element `x`, already of the kind it computes in.
  Value (*build)(OpBuilder &b, Location l, Value x);
};

Value constantLike(OpBuilder &b, Location l, Value x, double value) {
  Type type = x.getType();
  if (isa<FloatType>(type))
    return arith::ConstantOp::create(b, l, b.getFloatAttr(type, value));
  return arith::ConstantOp::create(b, l,
                                   b.getIntegerAttr(type, int64_t(value)));
}

Value compareWithZero(OpBuilder &b, Location l, Value x, arith::CmpFPredicate f,
                      arith::CmpIPredicate i) {
  Value zero = constantLike(b, l, x, 0);
  if (isa<FloatType>(x.getType()))
    return arith::CmpFOp::create(b, l, f, x, zero);
  return arith::CmpIOp::create(b, l, i, x, zero);
}

/// NumPy's sign: -1, 0 (also for -0.0) or 1; NaN stays NaN.
Value buildSign(OpBuilder &b, Location l, Value x) {
  Value negative = compareWithZero(b, l, x, arith::CmpFPredicate::OLT,
                                   arith::CmpIPredicate::slt);
  Value positive = compareWithZero(b, l, x, arith::CmpFPredicate::OGT,
                                   arith::CmpIPredicate::sgt);
  Value zero = compareWithZero(b, l, x, arith::CmpFPredicate::OEQ,
                               arith::CmpIPredicate::eq);
  Value r = arith::SelectOp::create(b, l, zero, constantLike(b, l, x, 0), x);
  r = arith::SelectOp::create(b, l, positive, constantLike(b, l, x, 1), r);
  return arith::SelectOp::create(b, l, negative, constantLike(b, l, x, -1), r);
}

Value buildAbs(OpBuilder &b, Location l, Value x) {
  if (x.getType().isInteger(1))
    return x;
  if (isa<FloatType>(x.getType()))
    return math::AbsFOp::create(b, l, x);
  return math::AbsIOp::create(b, l, x);
}

/// NumPy's round: halves to even; integers and bools unchanged.
Value buildRound(OpBuilder &b, Location l, Value x) {
  if (!isa<FloatType>(x.getType()))
    return x;
  return math::RoundEvenOp::create(b, l, x);
}

/// isnan/isinf: integers and bools are never NaN or infinite.
Value buildIsNaN(OpBuilder &b, Location l, Value x) {
  if (!isa<FloatType>(x.getType()))
    return arith::ConstantIntOp::create(b, l, 0, 1);
  return arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x);
}

Value buildIsInf(OpBuilder &b, Location l, Value x) {
  if (!isa<FloatType>(x.getType()))
    return arith::ConstantIntOp::create(b, l, 0, 1);
  Value magnitude = math::AbsFOp::create(b, l, x);
  Value inf = arith::ConstantOp::create(
      b, l,
      b.getFloatAttr(x.getType(), std::numeric_limits<double>::infinity()));
  return arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, magnitude, inf);
}

template <typename Op> Value buildOp(OpBuilder &b, Location l, Value x) {
  return Op::create(b, l, x);
}

const UnaryMath kUnaryMath[] = {
#define UNARY_MATH(NAME, FLOAT_DOMAIN, RETURNS_BOOL, BUILD) {#NAME, BUILD},
#include "UnaryMath.def"
};

} // namespace

TV Lowering::emitUnaryMath(StringRef name, const TV &v, const Ty &resultTy,
                           ScalarKind compute, Location l) {
  const UnaryMath *math = llvm::find_if(
      kUnaryMath, [&](const UnaryMath &m) { return m.name == name; });
  assert(math != std::end(kUnaryMath) && "a unary math builtin");
  ScalarKind from = v.ty.elem;
  auto body = [math, from, compute, this](OpBuilder &b, Location bl,
                                          ArrayRef<Value> e) -> Value {
    Value x = castWith(b, e[0], from, compute, bl);
    // Unsigned integers: abs is the value itself, sign is 0 or 1.
    if (isUnsigned(compute) && math->name == "abs")
      return x;
    if (isUnsigned(compute) && math->name == "sign")
      return arith::ExtUIOp::create(b, bl, x.getType(),
                                    compareWithZero(b, bl, x,
                                                    arith::CmpFPredicate::UNE,
                                                    arith::CmpIPredicate::ne));
    return math->build(b, bl, x);
  };
  if (v.ty.isScalar())
    return TV{resultTy, body(builder, l, {v.value}), {}};
  return TV{resultTy, emitElementwise(l, {v}, resultTy, body), {}};
}

TV Lowering::emitAstype(const TV &v, ScalarKind k, Location l) {
  // NumPy's bool is "not zero"; ndarray.cast_elemtype converts numerically
  // (float to int truncates, int to i1 keeps the low bit) and as signed.
  if (k == v.ty.elem && v.ty.isArray())
    return TV{v.ty,
              ndarray::CopyOp::create(builder, l, v.value.getType(), v.value),
              {}};
  if (k == ScalarKind::Bool || isUnsigned(k) || isUnsigned(v.ty.elem))
    return convertElem(v, k, l);
  Ty rt = v.ty;
  rt.elem = k;
  auto srcType = cast<RankedTensorType>(v.value.getType());
  auto type = RankedTensorType::get(srcType.getShape(), mlirScalar(k),
                                    srcType.getEncoding());
  // A new array, as NumPy's astype, also to the same type.
  TV r;
  r.ty = rt;
  r.value = ndarray::CastElemTypeOp::create(
      builder, l, type, v.value,
      builder.getIntegerAttr(builder.getI1Type(), 1));
  return r;
}

TV Lowering::emitMethod(Expr &call) {
  Expr &callee = *call.children[0];
  Location l = loc(call.loc);
  TV base = emitExpr(*callee.children[0]);
  if (callee.name == "astype")
    return emitAstype(base, call.ty.elem, l);
  if (callee.name == "sort") {
    // In place: views of the array see the update.
    writeWhole(base.value, sortLines(base, call.axis, /*indices=*/false, l), l);
    return TV{call.ty, {}, {}};
  }
  if (callee.name == "copy")
    return TV{
        call.ty,
        ndarray::CopyOp::create(builder, l, base.value.getType(), base.value),
        {}};
  ArrayRef<int64_t> shape = call.ty.shape;
  SmallVector<Value> sizes;
  if (callee.name == "flatten" || callee.name == "ravel") {
    if (callee.name == "flatten")
      base.value =
          ndarray::CopyOp::create(builder, l, base.value.getType(), base.value);
    sizes.push_back(elementCount(base, l));
  } else {
    // reshape; a -1 (its position in call.axis) is the rest of the count.
    SmallVector<Expr *> args;
    for (size_t i = 1; i < call.children.size(); ++i)
      args.push_back(call.children[i].get());
    SmallVector<int64_t> given(shape);
    if (call.axis >= 0)
      given[call.axis] = 1; // not emitted: no argument gives it
    SmallVector<Value> dyn = emitShapeSizes(args, given);
    for (size_t i = 0, j = 0; i < shape.size(); ++i)
      sizes.push_back(given[i] == kDyn ? dyn[j++] : constIndex(shape[i], l));
    if (call.axis >= 0 && shape[call.axis] == kDyn) {
      // count / (the others, at least 1): a count they do not divide is
      // caught by the check below.
      Value others = constIndex(1, l);
      for (auto [i, size] : llvm::enumerate(sizes))
        if ((int64_t)i != call.axis)
          others = arith::MulIOp::create(builder, l, others, size);
      others = arith::MaxUIOp::create(builder, l, others, constIndex(1, l));
      sizes[call.axis] =
          arith::DivUIOp::create(builder, l, elementCount(base, l), others);
    }
  }
  if (llvm::is_contained(shape, kDyn) ||
      llvm::is_contained(base.ty.shape, kDyn)) {
    // The element counts must agree at run time: a view of the wrong
    // size would read and write past the array.
    Value newCount = constIndex(1, l);
    for (Value size : sizes)
      newCount = arith::MulIOp::create(builder, l, newCount, size);
    checkAtRunTime(arith::CmpIPredicate::eq, newCount, elementCount(base, l),
                   "cannot reshape the array into a shape with a different "
                   "number of elements",
                   l);
  }
  auto srcType = cast<RankedTensorType>(base.value.getType());
  auto type = RankedTensorType::get(shape, srcType.getElementType(),
                                    srcType.getEncoding());
  return TV{call.ty,
            ndarray::ReshapeOp::create(builder, l, type, base.value, sizes,
                                       BoolAttr()),
            {}};
}

TV Lowering::emitUserCall(Expr &call, FuncInfo &callee) {
  Location l = loc(call.loc);
  FuncDef &def = *callee.def;
  func::FuncOp target = callee.calleeFor(encoding);
  Attribute calleeEncoding =
      target == callee.op ? callee.encoding : Attribute();
  SmallVector<Value> operands;
  SmallVector<std::pair<Value, Value>> copiedBack;
  for (auto [i, want] : llvm::enumerate(def.paramTys)) {
    Expr &arg = argument(call, i);
    TV v = emitExpr(arg);
    Value c = convertTo(v, want, arg.loc,
                        "argument " + std::to_string(i + 1) + " of '" +
                            def.name + "'",
                        l, calleeEncoding, /*useWant=*/true);
    // Functions take whole arrays: a view the callee may update is passed
    // as a copy, like an array copied to the callee's placement, and
    // copied back after the call.
    if (callee.updatesParam[i] && v.ty.isArray()) {
      if (!c.getDefiningOp<ndarray::CopyOp>() && mayBeView(arg))
        c = ndarray::CopyOp::create(builder, l, c.getType(), c);
      if (c.getDefiningOp<ndarray::CopyOp>())
        copiedBack.push_back({v.value, c});
    }
    operands.push_back(c);
  }
  auto op = func::CallOp::create(builder, l, target, operands);
  for (auto [original, copy] : copiedBack)
    writeWhole(original, copy, l);
  // Results come back into this function's placement.
  SmallVector<Value> results;
  for (auto [r, t] : llvm::zip(op.getResults(), def.resultTys)) {
    Value result = r;
    if (t.isArray() && calleeEncoding != encoding) {
      auto rt = cast<RankedTensorType>(r.getType());
      result = ndarray::CopyOp::create(
          builder, l,
          RankedTensorType::get(rt.getShape(), rt.getElementType(), encoding),
          r);
    }
    results.push_back(result);
  }
  if (call.ty.kind == Ty::Tuple)
    return TV{call.ty, {}, results};
  return TV{call.ty, results.empty() ? Value() : results[0], {}};
}

func::FuncOp Lowering::runtimeFunction(StringRef name, FunctionType type,
                                       Location l) {
  auto fn = module->lookupSymbol<func::FuncOp>(name);
  if (fn)
    return fn;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module->getBody());
  fn = func::FuncOp::create(builder, l, name, type);
  fn.setPrivate();
  return fn;
}

void Lowering::emitPrintNewline(Location l) {
  func::CallOp::create(builder, l,
                       runtimeFunction("imexrtPrintNdaNewline",
                                       builder.getFunctionType({}, {}), l),
                       ValueRange{});
}

void Lowering::emitPrint(const TV &v, PrintEnd end, SMLoc at) {
  Location l = loc(at);
  Type i32 = builder.getI32Type();
  auto endFlag = [&](PrintEnd e) {
    return arith::ConstantIntOp::create(builder, l, int64_t(e), 32);
  };
  if (v.ty.kind == Ty::Tuple) {
    // (a, b) and (a,): the punctuation between the elements' printers.
    func::FuncOp part = runtimeFunction(
        "imexrtPrintNdaTuplePart", builder.getFunctionType({i32, i32}, {}), l);
    auto punctuation = [&](int32_t which, PrintEnd e) {
      func::CallOp::create(
          builder, l, part,
          ValueRange{arith::ConstantIntOp::create(builder, l, which, 32),
                     endFlag(e)});
    };
    size_t n = v.ty.elems.size();
    punctuation(/*"("*/ 0, PrintEnd::Nothing);
    for (size_t i = 0; i < n; ++i) {
      emitPrint(TV{v.ty.elems[i], v.values[i], {}}, PrintEnd::Nothing, at);
      if (i + 1 < n)
        punctuation(/*", "*/ 1, PrintEnd::Nothing);
    }
    punctuation(n == 1 ? /*",)"*/ 2 : /*")"*/ 3, end);
    return;
  }
  Value t = v.value;
  Type et = mlirScalar(v.ty.elem);
  if (v.ty.isScalar()) {
    // A 0-d array, which prints like a NumPy scalar.
    t = tensor::FromElementsOp::create(
        builder, l, RankedTensorType::get({}, et), ValueRange{t});
  } else {
    auto tt = cast<RankedTensorType>(t.getType());
    if (tt.getEncoding())
      t = ndarray::CopyOp::create(builder, l,
                                  RankedTensorType::get(tt.getShape(), et), t);
  }
  auto unranked = UnrankedTensorType::get(et);
  t = tensor::CastOp::create(builder, l, unranked, t);
  std::string suffix;
  switch (v.ty.elem) {
  case ScalarKind::Bool:
    suffix = "I1";
    break;
  case ScalarKind::I8:
    suffix = "I8";
    break;
  case ScalarKind::I16:
    suffix = "I16";
    break;
  case ScalarKind::I32:
    suffix = "I32";
    break;
  case ScalarKind::I64:
    suffix = "I64";
    break;
  case ScalarKind::U8:
    suffix = "U8";
    break;
  case ScalarKind::U16:
    suffix = "U16";
    break;
  case ScalarKind::U32:
    suffix = "U32";
    break;
  case ScalarKind::U64:
    suffix = "U64";
    break;
  case ScalarKind::Index:
    suffix = "Ind";
    break;
  case ScalarKind::F16:
    suffix = "F16";
    break;
  case ScalarKind::F32:
    suffix = "F32";
    break;
  case ScalarKind::F64:
    suffix = "F64";
    break;
  }
  func::FuncOp fn =
      runtimeFunction("imexrtPrintNda" + suffix,
                      builder.getFunctionType({unranked, i32}, {}), l);
  fn.setArgAttr(0, "bufferization.access", builder.getStringAttr("read"));
  func::CallOp::create(builder, l, fn, ValueRange{t, endFlag(end)});
}
} // namespace imex::nda
