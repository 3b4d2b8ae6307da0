//===- LowerExpr.cpp - .nda to MLIR: expressions and slices ---------------===//
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
#include "llvm/ADT/StringSwitch.h"

#include <limits>

namespace imex::nda {

std::optional<int64_t> Lowering::literal(Expr *e) {
  if (e && e->kind == Expr::IntLit)
    return e->intValue;
  return std::nullopt;
}

Value Lowering::emitIndexValue(Expr &e) {
  TV v = emitExpr(e);
  if (!v.ok())
    return {};
  if (!v.ty.isScalar() ||
      !(isInt(v.ty.elem) || v.ty.elem == ScalarKind::Bool)) {
    diags.error(e.loc, "array indices must be integers, not " + v.ty.str());
    return {};
  }
  return castScalar(v.value, v.ty.elem, ScalarKind::Index, loc(e.loc));
}

int64_t Lowering::addConstantSlice(SliceSpec &spec, int64_t first, int64_t last,
                                   int64_t step, Location l) {
  int64_t n = std::max<int64_t>(0, (last - first + step - 1) / step);
  // An empty slice may start at the end, where a view may not.
  spec.offsets.push_back(builder.getIndexAttr(n == 0 ? 0 : first));
  spec.strides.push_back(builder.getIndexAttr(step));
  spec.sizes.push_back(builder.getIndexAttr(n));
  spec.fullShape.push_back(n);
  spec.sizeValues.push_back(constIndex(n, l));
  return n;
}

std::optional<Lowering::SliceSpec>
Lowering::analyzeSlice(Value source, const Ty &ty, ArrayRef<Expr *> items,
                       SMLoc at) {
  Location l = loc(at);
  SliceSpec spec;
  if ((int64_t)items.size() > ty.rank()) {
    diags.error(at, "too many indices for array: array is " +
                        std::to_string(ty.rank()) + "-dimensional, but " +
                        std::to_string(items.size()) + " were indexed");
    return std::nullopt;
  }
  for (int64_t d = 0; d < ty.rank(); ++d) {
    Expr *item = d < (int64_t)items.size() ? items[d] : nullptr;
    int64_t dimSize = ty.shape[d];
    auto dimValue = [&]() -> Value {
      if (dimSize != kDyn)
        return constIndex(dimSize, l);
      return tensor::DimOp::create(builder, l, source, d);
    };
    if (item && item->kind != Expr::Slice) {
      // An integer index: static when a literal.
      if (auto lit = literal(item)) {
        int64_t v = *lit;
        if (v < 0 && dimSize != kDyn)
          v += dimSize;
        if (dimSize != kDyn && (v < 0 || v >= dimSize)) {
          diags.error(item->loc, "index " + std::to_string(*lit) +
                                     " is out of bounds for axis " +
                                     std::to_string(d) + " with size " +
                                     std::to_string(dimSize));
          return std::nullopt;
        }
        if (dimSize == kDyn) {
          Value idx = checkedIndex(constIndex(v, l), dimValue(), d, l);
          spec.offsets.push_back(idx);
          spec.indexValues.push_back(idx);
        } else {
          spec.offsets.push_back(builder.getIndexAttr(v));
          spec.indexValues.push_back(constIndex(v, l));
        }
      } else {
        Value idx = emitIndexValue(*item);
        if (!idx)
          return std::nullopt;
        idx = checkedIndex(idx, dimValue(), d, l);
        spec.offsets.push_back(idx);
        spec.indexValues.push_back(idx);
      }
      spec.sizes.push_back(builder.getIndexAttr(1));
      spec.strides.push_back(builder.getIndexAttr(1));
      spec.fullShape.push_back(1);
      spec.sizeValues.push_back(constIndex(1, l));
      continue;
    }
    spec.allIndices = false;
    spec.keptDims.push_back(d);
    Expr *start = item ? item->children[0].get() : nullptr;
    Expr *stop = item ? item->children[1].get() : nullptr;
    Expr *step = item ? item->children[2].get() : nullptr;
    auto sStart = start ? literal(start) : std::optional<int64_t>(0);
    auto sStop = stop ? literal(stop) : std::optional<int64_t>();
    auto sStep = step ? literal(step) : std::optional<int64_t>(1);
    if (sStep && *sStep <= 0) {
      diags.error(step->loc, "slice steps must be positive");
      return std::nullopt;
    }
    if (dimSize != kDyn && (!start || sStart) && (!stop || sStop) && sStep) {
      // Python's bounds, all known here.
      int64_t first = start ? *sStart : 0, last = stop ? *sStop : dimSize;
      auto clamp = [&](int64_t bound) {
        return bound < 0 ? std::max<int64_t>(0, bound + dimSize)
                         : std::min(bound, dimSize);
      };
      first = clamp(first);
      last = clamp(last);
      addConstantSlice(spec, first, last, *sStep, l);
      continue;
    }
    if ((!start || (sStart && *sStart >= 0)) && sStop && *sStop >= 0 && sStep) {
      // Constant non-negative bounds on a '?' dimension give a constant
      // size (so that e.g. m[:, 0:1] broadcasts): instead of clamping, a
      // dimension too short for them stops the program.
      int64_t first = start ? *sStart : 0;
      if (addConstantSlice(spec, first, *sStop, *sStep, l) > 0)
        checkAtRunTime(arith::CmpIPredicate::sle, constIndex(*sStop, l),
                       dimValue(),
                       "slice end " + std::to_string(*sStop) +
                           " is beyond the end of axis " + std::to_string(d),
                       l);
      continue;
    }
    // Otherwise as in Python, at run time: negative bounds count from the
    // end, and bounds are clamped to the dimension.
    Value size = dimValue();
    auto bound = [&](Expr *e, std::optional<int64_t> lit) -> Value {
      Value v = lit ? constIndex(*lit, l) : emitIndexValue(*e);
      if (!v)
        return {};
      Value zero = constIndex(0, l);
      Value negative =
          arith::CmpIOp::create(builder, l, arith::CmpIPredicate::slt, v, zero);
      Value fromEnd = arith::MaxSIOp::create(
          builder, l, arith::AddIOp::create(builder, l, v, size), zero);
      Value clamped = arith::MinSIOp::create(builder, l, v, size);
      return arith::SelectOp::create(builder, l, negative, fromEnd, clamped);
    };
    Value vStart = start ? bound(start, sStart) : constIndex(0, l);
    Value vStop = stop ? bound(stop, sStop) : size;
    Value vStep = sStep ? constIndex(*sStep, l) : emitIndexValue(*step);
    if (!vStart || !vStop || !vStep)
      return std::nullopt;
    if (!sStep)
      checkAtRunTime(arith::CmpIPredicate::sgt, vStep, constIndex(0, l),
                     "slice steps must be positive", loc(step->loc));
    Value diff = arith::SubIOp::create(builder, l, vStop, vStart);
    Value n = arith::CeilDivSIOp::create(builder, l, diff, vStep);
    n = arith::MaxSIOp::create(builder, l, n, constIndex(0, l));
    // An empty slice may start at the end, where a view may not.
    Value empty = arith::CmpIOp::create(builder, l, arith::CmpIPredicate::eq, n,
                                        constIndex(0, l));
    vStart =
        arith::SelectOp::create(builder, l, empty, constIndex(0, l), vStart);
    spec.offsets.push_back(vStart);
    spec.strides.push_back(sStep ? OpFoldResult(builder.getIndexAttr(*sStep))
                                 : OpFoldResult(vStep));
    spec.sizes.push_back(n);
    spec.fullShape.push_back(kDyn);
    spec.sizeValues.push_back(n);
  }
  return spec;
}

TV Lowering::emitSubscript(Expr &e) {
  Expr &baseExpr = *e.children[0];
  Location l = loc(e.loc);
  // a.shape[k]
  if (baseExpr.kind == Expr::Attribute && baseExpr.name == "shape") {
    TV arr = emitExpr(*baseExpr.children[0]);
    if (!arr.ok())
      return TV::error();
    if (!arr.ty.isArray()) {
      diags.error(baseExpr.loc, "'shape' needs an array, not " + arr.ty.str());
      return TV::error();
    }
    auto k =
        e.children.size() == 2 ? literal(e.children[1].get()) : std::nullopt;
    if (!k) {
      diags.error(e.loc, "'shape' must be indexed with an integer literal");
      return TV::error();
    }
    int64_t d = *k < 0 ? *k + arr.ty.rank() : *k;
    if (d < 0 || d >= arr.ty.rank()) {
      diags.error(e.children[1]->loc, "shape index " + std::to_string(*k) +
                                          " is out of range for a " +
                                          std::to_string(arr.ty.rank()) +
                                          "-d array");
      return TV::error();
    }
    TV r;
    r.ty = Ty::scalar(ScalarKind::Index);
    r.value = arr.ty.shape[d] != kDyn
                  ? constIndex(arr.ty.shape[d], l)
                  : (Value)tensor::DimOp::create(builder, l, arr.value, d);
    return r;
  }
  TV base = emitExpr(baseExpr);
  if (!base.ok())
    return TV::error();
  if (!base.ty.isArray()) {
    diags.error(baseExpr.loc,
                "a value of type " + base.ty.str() + " is not subscriptable");
    return TV::error();
  }
  SmallVector<Expr *> items;
  for (size_t i = 1; i < e.children.size(); ++i)
    items.push_back(e.children[i].get());
  auto spec = analyzeSlice(base.value, base.ty, items, e.loc);
  if (!spec)
    return TV::error();
  if (spec->allIndices && (int64_t)items.size() == base.ty.rank()) {
    TV r;
    r.ty = Ty::scalar(base.ty.elem);
    r.value =
        tensor::ExtractOp::create(builder, l, base.value, spec->indexValues);
    return r;
  }
  SmallVector<int64_t> shape;
  SmallVector<std::string> syms;
  for (int64_t d : spec->keptDims) {
    shape.push_back(spec->fullShape[d]);
    bool whole = d >= (int64_t)items.size() ||
                 (!items[d]->children[0] && !items[d]->children[1] &&
                  !items[d]->children[2]);
    syms.push_back(whole ? base.ty.syms[d] : "");
  }
  auto resultType = tensorType(base.ty.elem, shape);
  auto srcType = cast<RankedTensorType>(base.value.getType());
  resultType = RankedTensorType::get(shape, srcType.getElementType(),
                                     srcType.getEncoding());
  TV r;
  r.ty = Ty::array(base.ty.elem, shape, syms);
  r.value =
      ndarray::SubviewOp::create(builder, l, resultType, base.value,
                                 spec->offsets, spec->sizes, spec->strides);
  return r;
}

void Lowering::storeSlice(Value dest, const Ty &destTy, ArrayRef<Expr *> items,
                          TV value, SMLoc at) {
  Location l = loc(at);
  auto spec = analyzeSlice(dest, destTy, items, at);
  if (!spec)
    return;
  auto destType = cast<RankedTensorType>(dest.getType());
  Value source;
  if (value.ty.isScalar()) {
    if (!value.ty.weak && !canCastSameKind(value.ty.elem, destTy.elem)) {
      diags.error(at, "cannot assign a value of type " + value.ty.str() +
                          " to elements of type " +
                          scalarKindName(destTy.elem));
      return;
    }
    Value elem = castScalar(value.value, value.ty.elem, destTy.elem, l);
    source = tensor::FromElementsOp::create(
        builder, l,
        RankedTensorType::get({}, destType.getElementType(),
                              destType.getEncoding()),
        ValueRange{elem});
  } else if (value.ty.isArray()) {
    if (!canCastSameKind(value.ty.elem, destTy.elem)) {
      diags.error(at, "cannot assign an array of type " + value.ty.str() +
                          " to elements of type " +
                          scalarKindName(destTy.elem));
      return;
    }
    // The value must broadcast to the view (the kept dims).
    Ty view = Ty::array(destTy.elem, {});
    for (int64_t d : spec->keptDims) {
      view.shape.push_back(spec->fullShape[d]);
      view.syms.push_back("");
    }
    if (value.ty.rank() > view.rank()) {
      diags.error(at, "could not broadcast input array from shape " +
                          shapeStr(value.ty) + " into shape " + shapeStr(view));
      return;
    }
    for (int64_t j = 0; j < value.ty.rank(); ++j) {
      int64_t s = value.ty.shape[j];
      int64_t v = view.shape[view.rank() - value.ty.rank() + j];
      if (s != kDyn && v != kDyn && s != 1 && s != v) {
        diags.error(at, "could not broadcast input array from shape " +
                            shapeStr(value.ty) + " into shape " +
                            shapeStr(view));
        return;
      }
    }
    Value v = value.value;
    auto vType = cast<RankedTensorType>(v.getType());
    if (vType.getEncoding() != destType.getEncoding()) {
      v = ndarray::CopyOp::create(builder, l,
                                  RankedTensorType::get(vType.getShape(),
                                                        vType.getElementType(),
                                                        destType.getEncoding()),
                                  v);
      value.value = v;
    }
    // Materialize the full-rank source of the slice's shape.
    Ty full = Ty::array(destTy.elem, spec->fullShape);
    SmallVector<int64_t> map;
    for (int64_t j = 0; j < value.ty.rank(); ++j)
      map.push_back(spec->keptDims[view.rank() - value.ty.rank() + j]);
    ScalarKind from = value.ty.elem, to = destTy.elem;
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < full.rank(); ++d)
      sizes.push_back(spec->sizeValues[d]);
    source = emitElementwise(
        l, {value}, full,
        [&](OpBuilder &b, Location bl, ArrayRef<Value> e) {
          return castWith(b, e[0], from, to, bl);
        },
        {map}, sizes);
  } else {
    diags.error(at, "cannot assign a value of type " + value.ty.str() +
                        " to an array slice");
    return;
  }
  ndarray::InsertSliceOp::create(builder, l, dest, source, spec->offsets,
                                 spec->sizes, spec->strides);
}

Lowering::Var *Lowering::lookupVar(Expr &e) {
  auto it = vars.find(e.name);
  if (it == vars.end()) {
    diags.error(e.loc, "name '" + e.name + "' is not defined");
    return nullptr;
  }
  if (it->second.kind == Var::Deleted) {
    diags.error(e.loc, "name '" + e.name + "' is used after 'del'");
    diags.note(it->second.deletedAt, "deleted here");
    return nullptr;
  }
  return &it->second;
}

TV Lowering::emitName(Expr &e) {
  Location l = loc(e.loc);
  if (auto it = dims.find(e.name); it != dims.end() && !vars.count(e.name)) {
    TV r;
    r.ty = Ty::scalar(ScalarKind::Index);
    r.value = it->second;
    return r;
  }
  if (scalarKindFromName(e.name)) {
    diags.error(e.loc, "type '" + e.name + "' used as a value");
    return TV::error();
  }
  if (functions.count(e.name) && !vars.count(e.name)) {
    diags.error(e.loc, "function '" + e.name + "' used as a value");
    return TV::error();
  }
  // NumPy's constants, unless a variable has the name: Python floats, so
  // weak scalars.
  if (!vars.count(e.name)) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    std::optional<double> constant =
        llvm::StringSwitch<std::optional<double>>(e.name)
            .Case("pi", 3.141592653589793)
            .Case("e", 2.718281828459045)
            .Case("inf", kInf)
            .Case("nan", std::numeric_limits<double>::quiet_NaN())
            .Default(std::nullopt);
    if (constant) {
      TV r;
      r.ty = Ty::scalar(ScalarKind::F64, /*weak=*/true);
      r.value = constScalar(ScalarKind::F64, *constant, 0, l);
      return r;
    }
  }
  Var *var = lookupVar(e);
  if (!var)
    return TV::error();
  TV r;
  r.ty = var->ty;
  r.value = load(*var, l);
  return r;
}

TV Lowering::emitUnary(Expr &e) {
  Location l = loc(e.loc);
  TV v = emitExpr(*e.children[0]);
  if (!v.ok())
    return TV::error();
  if (e.unaryOp == UnaryOp::Not) {
    if (!v.ty.isScalar()) {
      diags.error(e.loc, "the truth value of an array is ambiguous; "
                         "'not' needs a scalar");
      return TV::error();
    }
    Value b = castScalar(v.value, v.ty.elem, ScalarKind::Bool, l);
    Value t = arith::ConstantIntOp::create(builder, l, 1, 1);
    TV r;
    r.ty = Ty::scalar(ScalarKind::Bool);
    r.value = arith::XOrIOp::create(builder, l, b, t);
    return r;
  }
  if (v.ty.elem == ScalarKind::Bool) {
    diags.error(e.loc, "the numpy boolean negative, the '-' operator, is "
                       "not supported");
    return TV::error();
  }
  if (isFloat(v.ty.elem)) {
    // Negation, not 0 - x: -0.0 and -(0.0) keep NumPy's sign.
    TV r;
    r.ty = v.ty;
    r.value =
        v.ty.isScalar()
            ? arith::NegFOp::create(builder, l, v.value).getResult()
            : emitElementwise(
                  l, {v}, v.ty,
                  [](OpBuilder &ob, Location bl, ArrayRef<Value> x) -> Value {
                    return arith::NegFOp::create(ob, bl, x[0]);
                  });
    return r;
  }
  TV zero;
  zero.ty = Ty::scalar(ScalarKind::I64, true);
  zero.value = constScalar(ScalarKind::I64, 0, 0, l);
  return emitBinary(BinaryOp::Sub, zero, v, e.loc);
}

TV Lowering::emitAttribute(Expr &e) {
  Location l = loc(e.loc);
  TV base = emitExpr(*e.children[0]);
  if (!base.ok())
    return TV::error();
  if (e.name == "T") {
    if (!base.ty.isArray()) {
      diags.error(e.loc, "'.T' needs an array, not " + base.ty.str());
      return TV::error();
    }
    return emitTranspose(base, l);
  }
  if (e.name == "shape") {
    diags.error(e.loc, "'shape' must be indexed, e.g. 'a.shape[0]'");
    return TV::error();
  }
  if (e.name == "ndim" || e.name == "size") {
    if (!base.ty.isScalar() && !base.ty.isArray()) {
      diags.error(e.loc, "'" + e.name + "' needs an array or a scalar");
      return TV::error();
    }
    TV r;
    r.ty = Ty::scalar(ScalarKind::I64);
    r.value = e.name == "ndim"
                  ? constScalar(ScalarKind::I64, 0, base.ty.rank(), l)
                  : castScalar(elementCount(base, l), ScalarKind::Index,
                               ScalarKind::I64, l);
    return r;
  }
  diags.error(e.keywordLocs.empty() ? e.loc : e.keywordLocs[0],
              "'" + base.ty.str() + "' has no attribute '" + e.name + "'");
  return TV::error();
}

TV Lowering::emitTuple(Expr &e) {
  TV r;
  r.ty.kind = Ty::Tuple;
  for (auto &c : e.children) {
    TV v = emitExpr(*c);
    if (!v.ok())
      return TV::error();
    if (v.ty.kind == Ty::Tuple || v.ty.kind == Ty::None) {
      diags.error(c->loc, "nested tuples are not supported");
      return TV::error();
    }
    r.ty.elems.push_back(v.ty);
    r.values.push_back(v.value);
  }
  return r;
}

TV Lowering::emitExpr(Expr &e) {
  Location l = loc(e.loc);
  switch (e.kind) {
  case Expr::IntLit: {
    TV r;
    r.ty = Ty::scalar(ScalarKind::I64, /*weak=*/true);
    r.value = constScalar(ScalarKind::I64, 0, e.intValue, l);
    return r;
  }
  case Expr::FloatLit: {
    TV r;
    r.ty = Ty::scalar(ScalarKind::F64, true);
    r.value = constScalar(ScalarKind::F64, e.floatValue, 0, l);
    return r;
  }
  case Expr::BoolLit: {
    TV r;
    r.ty = Ty::scalar(ScalarKind::Bool, true);
    r.value = arith::ConstantIntOp::create(builder, l, e.boolValue, 1);
    return r;
  }
  case Expr::StringLit:
    diags.error(e.loc, "string values are not supported here");
    return TV::error();
  case Expr::Name:
    return emitName(e);
  case Expr::Unary:
    return emitUnary(e);
  case Expr::Binary: {
    TV a = emitExpr(*e.children[0]);
    if (!a.ok())
      return TV::error();
    if ((e.binaryOp == BinaryOp::And || e.binaryOp == BinaryOp::Or) &&
        a.ty.isScalar())
      return emitShortCircuit(e, a);
    TV b = emitExpr(*e.children[1]);
    if (!b.ok())
      return TV::error();
    return emitBinary(e.binaryOp, a, b, e.loc);
  }
  case Expr::Subscript:
    return emitSubscript(e);
  case Expr::Attribute:
    return emitAttribute(e);
  case Expr::Tuple:
    return emitTuple(e);
  case Expr::Slice:
    diags.error(e.loc, "a slice is only allowed inside '[...]'");
    return TV::error();
  case Expr::Call:
    return emitCall(e);
  }
  return TV::error();
}

Value Lowering::elementCount(const TV &v, Location l) {
  Value count = constIndex(1, l);
  for (int64_t d = 0; d < v.ty.rank(); ++d)
    count = arith::MulIOp::create(
        builder, l, count,
        v.ty.shape[d] == kDyn
            ? (Value)tensor::DimOp::create(builder, l, v.value, d)
            : constIndex(v.ty.shape[d], l));
  return count;
}

TV Lowering::emitTranspose(const TV &v, Location l) {
  if (v.ty.rank() < 2)
    return v;
  SmallVector<int64_t> perm, shape;
  SmallVector<std::string> syms;
  SmallVector<Value> dyn;
  for (int64_t d = v.ty.rank() - 1; d >= 0; --d) {
    perm.push_back(d);
    shape.push_back(v.ty.shape[d]);
    syms.push_back(v.ty.syms[d]);
    if (v.ty.shape[d] == kDyn)
      dyn.push_back(tensor::DimOp::create(builder, l, v.value, d));
  }
  auto type = tensorType(v.ty.elem, shape);
  Value init = tensor::EmptyOp::create(builder, l, type, dyn);
  TV r;
  r.ty = Ty::array(v.ty.elem, shape, syms);
  r.value = linalg::TransposeOp::create(builder, l, v.value, init, perm)
                .getResult()[0];
  return r;
}
} // namespace imex::nda
