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
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace imex::nda {

bool Lowering::checkArity(Expr &call, StringRef name, size_t min, size_t max,
                          ArrayRef<StringRef> keywords) {
  size_t n = call.children.size() - 1;
  for (size_t i = 0; i < call.keywords.size(); ++i)
    if (!llvm::is_contained(keywords, call.keywords[i].first)) {
      diags.error(call.keywordLocs[i], name +
                                           "() got an unexpected keyword "
                                           "argument '" +
                                           call.keywords[i].first + "'");
      return false;
    }
  if (n < min || n > max) {
    std::string expect =
        min == max ? std::to_string(min)
                   : std::to_string(min) + " to " + std::to_string(max);
    diags.error(call.loc, name + "() takes " + expect + " argument" +
                              (max == 1 && min == 1 ? "" : "s") + " (" +
                              std::to_string(n) + " given)");
    return false;
  }
  return true;
}

Expr *Lowering::keyword(Expr &call, StringRef name) {
  for (auto &[k, v] : call.keywords)
    if (k == name)
      return v.get();
  return nullptr;
}

std::optional<ScalarKind> Lowering::dtypeArg(Expr *e) {
  if (!e)
    return std::nullopt;
  if (e->kind == Expr::Name)
    if (auto k = scalarKindFromName(e->name))
      return k;
  diags.error(e->loc, "expected a type name (bool, i8, ..., f64)");
  return std::nullopt;
}

bool Lowering::shapeArg(Expr &e, SmallVector<int64_t> &shape,
                        SmallVector<Value> &dyn) {
  SmallVector<Expr *> items;
  if (e.kind == Expr::Tuple)
    for (auto &c : e.children)
      items.push_back(c.get());
  else
    items.push_back(&e);
  for (Expr *item : items) {
    if (auto lit = literal(item)) {
      if (*lit < 0) {
        diags.error(item->loc, "negative dimensions are not allowed");
        return false;
      }
      shape.push_back(*lit);
      continue;
    }
    Value v = emitIndexValue(*item);
    if (!v)
      return false;
    checkAtRunTime(arith::CmpIPredicate::sge, v, constIndex(0, loc(item->loc)),
                   "negative dimensions are not allowed", loc(item->loc));
    shape.push_back(kDyn);
    dyn.push_back(v);
  }
  return true;
}

const Lowering::Builtin *Lowering::findBuiltin(StringRef name) {
  static const Builtin builtins[] = {
#define BUILTIN(NAME, EMIT, MIN, MAX, ...)                                     \
  {#NAME, &Lowering::EMIT, MIN, MAX, {__VA_ARGS__}},
#include "Builtins.def"

#include <limits>
  };
  for (const Builtin &builtin : builtins)
    if (builtin.name == name)
      return &builtin;
  return nullptr;
}

TV Lowering::emitCall(Expr &call) {
  Expr &callee = *call.children[0];
  if (callee.kind == Expr::Attribute)
    return emitMethod(call);
  if (callee.kind != Expr::Name) {
    diags.error(callee.loc, "this expression is not callable");
    return TV::error();
  }
  StringRef name = callee.name;
  if (auto it = functions.find(name); it != functions.end())
    return emitUserCall(call, it->second);
  if (auto k = scalarKindFromName(name))
    return emitScalarConversion(call, *k);
  const Builtin *builtin = findBuiltin(name);
  if (!builtin) {
    diags.error(callee.loc, "name '" + name + "' is not defined");
    return TV::error();
  }
  if (!checkArity(call, name, builtin->minArgs, builtin->maxArgs,
                  builtin->keywords))
    return TV::error();
  return (this->*builtin->emit)(call, name);
}

/// The i-th positional argument of `call`.
static Expr &argument(Expr &call, size_t i) { return *call.children[i + 1]; }

TV Lowering::emitScalarConversion(Expr &call, ScalarKind k) {
  if (!checkArity(call, scalarKindName(k), 1, 1))
    return TV::error();
  TV v = emitExpr(argument(call, 0));
  if (!v.ok())
    return TV::error();
  Location l = loc(call.loc);
  if (v.ty.isArray())
    return emitAstype(v, k, l);
  TV r;
  r.ty = Ty::scalar(k);
  r.value = castScalar(v.value, v.ty.elem, k, l);
  return r;
}

TV Lowering::emitPrintCall(Expr &call, StringRef) {
  size_t n = call.children.size() - 1;
  if (n == 0)
    emitPrintNewline(loc(call.loc));
  for (size_t i = 0; i < n; ++i) {
    TV v = emitExpr(argument(call, i));
    if (!v.ok() || !emitPrint(v, /*last=*/i + 1 == n, argument(call, i).loc))
      return TV::error();
  }
  TV r;
  r.ty = Ty::none();
  return r;
}

TV Lowering::emitRangeOutsideFor(Expr &call, StringRef) {
  diags.error(call.loc, "range() is only allowed in 'for' loops");
  return TV::error();
}

TV Lowering::emitLinspace(Expr &call, StringRef) {
  Location l = loc(call.loc);
  TV start = emitExpr(argument(call, 0)), stop = emitExpr(argument(call, 1));
  if (!start.ok() || !stop.ok())
    return TV::error();
  if (!start.ty.isScalar() || !stop.ty.isScalar()) {
    diags.error(call.loc, "linspace() needs scalar start and stop");
    return TV::error();
  }
  Expr &count = argument(call, 2);
  Value num = emitIndexValue(count);
  if (!num)
    return TV::error();
  bool endpoint = true;
  if (Expr *ep = keyword(call, "endpoint")) {
    if (ep->kind != Expr::BoolLit) {
      diags.error(ep->loc, "endpoint must be True or False");
      return TV::error();
    }
    endpoint = ep->boolValue;
  }
  int64_t size = kDyn;
  if (auto lit = literal(&count)) {
    if (*lit < 0) {
      diags.error(count.loc, "number of samples must be non-negative");
      return TV::error();
    }
    size = *lit;
  } else {
    checkAtRunTime(arith::CmpIPredicate::sge, num, constIndex(0, l),
                   "number of samples must be non-negative", loc(count.loc));
  }
  Value s = castScalar(start.value, start.ty.elem, ScalarKind::F64, l);
  Value e = castScalar(stop.value, stop.ty.elem, ScalarKind::F64, l);
  auto type = tensorType(ScalarKind::F64, {size});
  auto op = ndarray::LinSpaceOp::create(builder, l, type, s, e, num,
                                        endpoint ? builder.getUnitAttr()
                                                 : UnitAttr());
  TV r;
  r.ty = Ty::array(ScalarKind::F64, {size});
  r.value = op;
  return r;
}

TV Lowering::emitFilled(Expr &call, StringRef name) {
  Location l = loc(call.loc);
  size_t n = call.children.size() - 1;
  bool full = name == "full";
  SmallVector<int64_t> shape;
  SmallVector<Value> dyn;
  if (!shapeArg(argument(call, 0), shape, dyn))
    return TV::error();
  Expr *dtypeExpr = keyword(call, "dtype");
  if (n == (full ? 3u : 2u))
    dtypeExpr = &argument(call, n - 1);
  TV fill;
  if (full) {
    fill = emitExpr(argument(call, 1));
    if (!fill.ok())
      return TV::error();
    if (!fill.ty.isScalar()) {
      diags.error(argument(call, 1).loc, "full() needs a scalar fill value");
      return TV::error();
    }
  }
  ScalarKind k =
      full ? (fill.ty.weak && fill.ty.elem == ScalarKind::I64 ? ScalarKind::I64
                                                              : fill.ty.elem)
           : ScalarKind::F64;
  if (dtypeExpr) {
    auto dk = dtypeArg(dtypeExpr);
    if (!dk)
      return TV::error();
    k = *dk;
  }
  auto type = tensorType(k, shape);
  Value init = tensor::EmptyOp::create(builder, l, type, dyn);
  TV r;
  r.ty = Ty::array(k, shape);
  if (name == "empty") {
    r.value = init;
    return r;
  }
  Value v = full ? castScalar(fill.value, fill.ty.elem, k, l)
                 : constScalar(k, name == "ones" ? 1.0 : 0.0,
                               name == "ones" ? 1 : 0, l);
  r.value = linalg::FillOp::create(builder, l, v, init).getResult(0);
  return r;
}

TV Lowering::emitWhere(Expr &call, StringRef) {
  Location l = loc(call.loc);
  TV c = emitExpr(argument(call, 0)), a = emitExpr(argument(call, 1)),
     b = emitExpr(argument(call, 2));
  if (!c.ok() || !a.ok() || !b.ok())
    return TV::error();
  for (const TV *v : {&c, &a, &b})
    if (!v->ty.isScalar() && !v->ty.isArray()) {
      diags.error(call.loc, "where() needs arrays or scalars");
      return TV::error();
    }
  ScalarKind rk = promote(a.ty, b.ty);
  ScalarKind ck = c.ty.elem, ak = a.ty.elem, bk = b.ty.elem;
  if (!c.ty.isArray() && !a.ty.isArray() && !b.ty.isArray()) {
    TV r;
    r.ty = Ty::scalar(rk);
    r.value = arith::SelectOp::create(
        builder, l, castScalar(c.value, ck, ScalarKind::Bool, l),
        castScalar(a.value, ak, rk, l), castScalar(b.value, bk, rk, l));
    return r;
  }
  auto shape = broadcastShape({&c.ty, &a.ty, &b.ty}, call.loc);
  if (!shape)
    return TV::error();
  Ty rt = *shape;
  rt.elem = rk;
  TV r;
  r.ty = rt;
  r.value = emitElementwise(
      l, {c, a, b}, rt, [&](OpBuilder &ob, Location bl, ArrayRef<Value> e) {
        Value cond = castWith(ob, e[0], ck, ScalarKind::Bool, bl);
        Value x = castWith(ob, e[1], ak, rk, bl);
        Value y = castWith(ob, e[2], bk, rk, bl);
        return arith::SelectOp::create(ob, bl, cond, x, y).getResult();
      });
  return r;
}

TV Lowering::emitMinimumMaximum(Expr &call, StringRef name) {
  TV a = emitExpr(argument(call, 0)), b = emitExpr(argument(call, 1));
  if (!a.ok() || !b.ok())
    return TV::error();
  return emitBinary(name == "minimum" ? BinaryOp::Min : BinaryOp::Max, a, b,
                    call.loc);
}

/// Python's len(): the size of an array's first dimension.
TV Lowering::emitLen(Expr &call, StringRef) {
  TV v = emitExpr(argument(call, 0));
  if (!v.ok())
    return TV::error();
  if (!v.ty.isArray() || v.ty.rank() == 0) {
    diags.error(argument(call, 0).loc,
                "len() of unsized object (" + v.ty.str() + ")");
    return TV::error();
  }
  Location l = loc(call.loc);
  Value size = v.ty.shape[0] == kDyn
                   ? (Value)tensor::DimOp::create(builder, l, v.value, 0)
                   : constIndex(v.ty.shape[0], l);
  TV r;
  r.ty = Ty::scalar(ScalarKind::I64);
  r.value = castScalar(size, ScalarKind::Index, ScalarKind::I64, l);
  return r;
}

TV Lowering::emitUnaryMathCall(Expr &call, StringRef name) {
  TV v = emitExpr(argument(call, 0));
  if (!v.ok())
    return TV::error();
  if (!v.ty.isScalar() && !v.ty.isArray()) {
    diags.error(argument(call, 0).loc, name + "() needs an array or a scalar");
    return TV::error();
  }
  return emitUnaryMath(name, v, loc(call.loc));
}

namespace {

/// A unary math builtin: what it computes in, what it returns, and how.
struct UnaryMath {
  StringLiteral name;
  enum Domain {
    Float, ///< integers and bools are converted to a float first
    Any,   ///< computed in the argument's own kind
  } domain;
  bool returnsBool;
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
    {"exp", UnaryMath::Float, false, buildOp<math::ExpOp>},
    {"log", UnaryMath::Float, false, buildOp<math::LogOp>},
    {"sqrt", UnaryMath::Float, false, buildOp<math::SqrtOp>},
    {"sin", UnaryMath::Float, false, buildOp<math::SinOp>},
    {"cos", UnaryMath::Float, false, buildOp<math::CosOp>},
    {"tan", UnaryMath::Float, false, buildOp<math::TanOp>},
    {"tanh", UnaryMath::Float, false, buildOp<math::TanhOp>},
    {"floor", UnaryMath::Float, false, buildOp<math::FloorOp>},
    {"ceil", UnaryMath::Float, false, buildOp<math::CeilOp>},
    {"abs", UnaryMath::Any, false, buildAbs},
    {"sign", UnaryMath::Any, false, buildSign},
    {"isnan", UnaryMath::Any, true, buildIsNaN},
    {"isinf", UnaryMath::Any, true, buildIsInf},
};

} // namespace

TV Lowering::emitUnaryMath(StringRef name, const TV &v, Location l) {
  const UnaryMath *math = llvm::find_if(
      kUnaryMath, [&](const UnaryMath &m) { return m.name == name; });
  assert(math != std::end(kUnaryMath) && "a unary math builtin");
  ScalarKind from = v.ty.elem;
  ScalarKind to = from;
  if (math->domain == UnaryMath::Float && !isFloat(from)) {
    to = promoteKinds(from == ScalarKind::Bool ? ScalarKind::I8 : from,
                      ScalarKind::F16);
    if (from == ScalarKind::Index || from == ScalarKind::I64 ||
        from == ScalarKind::I32)
      to = ScalarKind::F64;
  }
  ScalarKind result = math->returnsBool ? ScalarKind::Bool : to;
  auto body = [math, from, to, this](OpBuilder &b, Location bl,
                                     ArrayRef<Value> e) -> Value {
    return math->build(b, bl, castWith(b, e[0], from, to, bl));
  };
  TV r;
  if (v.ty.isScalar()) {
    r.ty = Ty::scalar(result);
    r.value = body(builder, l, {v.value});
    return r;
  }
  r.ty = v.ty;
  r.ty.elem = result;
  r.value = emitElementwise(l, {v}, r.ty, body);
  return r;
}

TV Lowering::emitAstype(const TV &v, ScalarKind k, Location l) {
  // NumPy's bool is "not zero"; ndarray.cast_elemtype converts numerically
  // (float to int truncates, int to i1 keeps the low bit).
  if (k == ScalarKind::Bool)
    return convertElem(v, k, l);
  Ty rt = v.ty;
  rt.elem = k;
  auto srcType = cast<RankedTensorType>(v.value.getType());
  auto type = RankedTensorType::get(srcType.getShape(), mlirScalar(k),
                                    srcType.getEncoding());
  TV r;
  r.ty = rt;
  r.value =
      ndarray::CastElemTypeOp::create(builder, l, type, v.value, IntegerAttr());
  return r;
}

TV Lowering::emitMethod(Expr &call) {
  Expr &callee = *call.children[0];
  Location l = loc(call.loc);
  SMLoc memberLoc =
      callee.keywordLocs.empty() ? callee.loc : callee.keywordLocs[0];
  TV base = emitExpr(*callee.children[0]);
  if (!base.ok())
    return TV::error();
  if (!base.ty.isArray()) {
    diags.error(memberLoc, "'" + base.ty.str() + "' has no attribute '" +
                               callee.name + "'");
    return TV::error();
  }
  size_t n = call.children.size() - 1;
  if (callee.name == "astype") {
    if (!checkArity(call, "astype", 1, 1))
      return TV::error();
    auto k = dtypeArg(call.children[1].get());
    if (!k)
      return TV::error();
    return emitAstype(base, *k, l);
  }
  if (callee.name == "copy") {
    if (!checkArity(call, "copy", 0, 0))
      return TV::error();
    TV r = base;
    r.value =
        ndarray::CopyOp::create(builder, l, base.value.getType(), base.value);
    return r;
  }
  if (callee.name == "reshape") {
    SmallVector<int64_t> shape;
    SmallVector<Value> dyn;
    if (n == 0) {
      diags.error(call.loc, "reshape() needs the new shape");
      return TV::error();
    }
    if (!checkArity(call, "reshape", 1, 8))
      return TV::error();
    for (size_t i = 0; i < n; ++i)
      if (!shapeArg(*call.children[i + 1], shape, dyn))
        return TV::error();
    SmallVector<Value> sizes;
    int64_t known = 1;
    bool allStatic = true;
    for (size_t i = 0, j = 0; i < shape.size(); ++i) {
      if (shape[i] == kDyn) {
        sizes.push_back(dyn[j++]);
        allStatic = false;
      } else {
        sizes.push_back(constIndex(shape[i], l));
        known *= shape[i];
      }
    }
    int64_t total = 1;
    bool srcStatic = true;
    for (int64_t s : base.ty.shape) {
      if (s == kDyn)
        srcStatic = false;
      else
        total *= s;
    }
    if (allStatic && srcStatic && known != total) {
      diags.error(call.loc, "cannot reshape array of size " +
                                std::to_string(total) + " into shape " +
                                shapeStr(Ty::array(base.ty.elem, shape)));
      return TV::error();
    }
    if (!allStatic || !srcStatic) {
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
    TV r;
    r.ty = Ty::array(base.ty.elem, shape);
    r.value = ndarray::ReshapeOp::create(builder, l, type, base.value, sizes,
                                         BoolAttr());
    return r;
  }
  diags.error(memberLoc,
              "'" + base.ty.str() + "' has no attribute '" + callee.name + "'");
  return TV::error();
}

TV Lowering::emitUserCall(Expr &call, FuncInfo &callee) {
  Location l = loc(call.loc);
  size_t n = call.children.size() - 1;
  if (!call.keywords.empty()) {
    diags.error(call.keywordLocs[0], "keyword arguments are not supported "
                                     "for '" +
                                         callee.def->name + "'");
    return TV::error();
  }
  if (n != callee.params.size()) {
    diags.error(call.loc, callee.def->name + "() takes " +
                              std::to_string(callee.params.size()) +
                              " argument" +
                              (callee.params.size() == 1 ? "" : "s") + " (" +
                              std::to_string(n) + " given)");
    return TV::error();
  }
  func::FuncOp target = callee.calleeFor(encoding);
  Attribute calleeEncoding =
      target == callee.op ? callee.encoding : Attribute();
  SmallVector<Value> operands;
  SmallVector<std::pair<Value, Value>> copiedBack;
  for (size_t i = 0; i < n; ++i) {
    Expr &arg = *call.children[i + 1];
    TV v = emitExpr(arg);
    if (!v.ok())
      return TV::error();
    Value c = convertTo(v, callee.params[i], arg.loc,
                        "argument " + std::to_string(i + 1) + " of '" +
                            callee.def->name + "'",
                        l, calleeEncoding, /*useWant=*/true);
    if (!c)
      return TV::error();
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
  std::vector<Ty> types;
  for (size_t i = 0; i < op.getNumResults(); ++i) {
    Value r = op.getResult(i);
    Ty t = callee.results[i];
    if (t.isArray() && calleeEncoding != encoding) {
      auto rt = cast<RankedTensorType>(r.getType());
      r = ndarray::CopyOp::create(
          builder, l,
          RankedTensorType::get(rt.getShape(), rt.getElementType(), encoding),
          r);
    }
    // Named dims of the callee are not names here.
    for (auto &s : t.syms)
      s.clear();
    results.push_back(r);
    types.push_back(t);
  }
  TV r;
  if (results.empty()) {
    r.ty = Ty::none();
    return r;
  }
  if (results.size() == 1 && !callee.def->hasResultTuple) {
    r.ty = types[0];
    r.value = results[0];
    return r;
  }
  r.ty.kind = Ty::Tuple;
  r.ty.elems = types;
  r.values = results;
  return r;
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

bool Lowering::emitPrint(const TV &v, bool last, SMLoc at) {
  Location l = loc(at);
  if (!v.ty.isScalar() && !v.ty.isArray()) {
    diags.error(at, "print() needs arrays or scalars, not " + v.ty.str());
    return false;
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
  Type i32 = builder.getI32Type();
  func::FuncOp fn =
      runtimeFunction("imexrtPrintNda" + suffix,
                      builder.getFunctionType({unranked, i32}, {}), l);
  fn.setArgAttr(0, "bufferization.access", builder.getStringAttr("read"));
  Value lastFlag = arith::ConstantIntOp::create(builder, l, last ? 1 : 0, 32);
  func::CallOp::create(builder, l, fn, ValueRange{t, lastFlag});
  return true;
}
} // namespace imex::nda
