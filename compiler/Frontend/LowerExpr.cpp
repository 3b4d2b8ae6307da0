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
#include "llvm/ADT/StringSwitch.h"

#include <limits>

namespace imex::nda {

Value Lowering::emitIndexValue(Expr &e) {
  TV v = emitExpr(e);
  return castScalar(v.value, v.ty.elem, ScalarKind::Index, loc(e.loc));
}

Lowering::SliceSpec Lowering::emitSlice(Value source, const Ty &ty,
                                        ArrayRef<Expr *> subscripts,
                                        ArrayRef<SliceItem> items, SMLoc at) {
  Location l = loc(at);
  SliceSpec spec;
  auto addStatic = [&](int64_t first, int64_t size, int64_t step) {
    // An empty slice may start at the end, where a view may not (nor reach
    // past it, backwards).
    spec.offsets.push_back(builder.getIndexAttr(size == 0 ? 0 : first));
    spec.strides.push_back(builder.getIndexAttr(size == 0 ? 1 : step));
    spec.sizes.push_back(builder.getIndexAttr(size));
    spec.fullShape.push_back(size);
    spec.sizeValues.push_back(constIndex(size, l));
  };
  for (auto [d, item] : llvm::enumerate(items)) {
    Expr *subscript = d < subscripts.size() ? subscripts[d] : nullptr;
    int64_t dimSize = ty.shape[d];
    auto dimValue = [&, d = d]() -> Value {
      if (dimSize != kDyn)
        return constIndex(dimSize, l);
      return tensor::DimOp::create(builder, l, source, d);
    };
    switch (item.kind) {
    case SliceItem::Index: {
      if (item.literalIndex && dimSize != kDyn) {
        spec.offsets.push_back(builder.getIndexAttr(*item.literalIndex));
        spec.indexValues.push_back(constIndex(*item.literalIndex, l));
      } else {
        Value idx = item.literalIndex ? constIndex(*item.literalIndex, l)
                                      : emitIndexValue(*subscript);
        idx = checkedIndex(idx, dimValue(), d, l);
        spec.offsets.push_back(idx);
        spec.indexValues.push_back(idx);
      }
      spec.sizes.push_back(builder.getIndexAttr(1));
      spec.strides.push_back(builder.getIndexAttr(1));
      spec.fullShape.push_back(1);
      spec.sizeValues.push_back(constIndex(1, l));
      break;
    }
    case SliceItem::StaticSlice:
      spec.keptDims.push_back(d);
      addStatic(item.first, item.size, item.step);
      break;
    case SliceItem::ConstantSlice:
      // The dimension must be long enough for the constant bounds.
      spec.keptDims.push_back(d);
      addStatic(item.first, item.size, item.step);
      if (item.size > 0)
        checkAtRunTime(arith::CmpIPredicate::sle, constIndex(item.stop, l),
                       dimValue(),
                       "slice end " + std::to_string(item.stop) +
                           " is beyond the end of axis " + std::to_string(d),
                       l);
      break;
    case SliceItem::DynamicSlice: {
      // As in Python, at run time: negative bounds count from the end, and
      // bounds are clamped to the dimension.
      spec.keptDims.push_back(d);
      Expr *start = subscript ? subscript->children[0].get() : nullptr;
      Expr *stop = subscript ? subscript->children[1].get() : nullptr;
      Expr *step = subscript ? subscript->children[2].get() : nullptr;
      Value size = dimValue();
      if (item.literalStep && *item.literalStep < 0) {
        emitBackwardSlice(spec, item, start, stop, size, l);
        break;
      }
      auto bound = [&](Expr *e, std::optional<int64_t> literal) -> Value {
        Value v = literal ? constIndex(*literal, l) : emitIndexValue(*e);
        Value zero = constIndex(0, l);
        Value negative = arith::CmpIOp::create(
            builder, l, arith::CmpIPredicate::slt, v, zero);
        Value fromEnd = arith::MaxSIOp::create(
            builder, l, arith::AddIOp::create(builder, l, v, size), zero);
        Value clamped = arith::MinSIOp::create(builder, l, v, size);
        return arith::SelectOp::create(builder, l, negative, fromEnd, clamped);
      };
      Value vStart = start ? bound(start, item.literalStart) : constIndex(0, l);
      Value vStop = stop ? bound(stop, item.literalStop) : size;
      std::optional<int64_t> constantStep = item.literalStep;
      Value vStep =
          constantStep ? constIndex(*constantStep, l) : emitIndexValue(*step);
      if (!constantStep)
        checkAtRunTime(arith::CmpIPredicate::sgt, vStep, constIndex(0, l),
                       "slice steps must be positive", loc(step->loc));
      Value diff = arith::SubIOp::create(builder, l, vStop, vStart);
      Value n = arith::CeilDivSIOp::create(builder, l, diff, vStep);
      n = arith::MaxSIOp::create(builder, l, n, constIndex(0, l));
      // An empty slice may start at the end, where a view may not.
      Value empty = arith::CmpIOp::create(builder, l, arith::CmpIPredicate::eq,
                                          n, constIndex(0, l));
      vStart =
          arith::SelectOp::create(builder, l, empty, constIndex(0, l), vStart);
      spec.offsets.push_back(vStart);
      spec.strides.push_back(
          constantStep ? OpFoldResult(builder.getIndexAttr(*constantStep))
                       : OpFoldResult(vStep));
      spec.sizes.push_back(n);
      spec.fullShape.push_back(kDyn);
      spec.sizeValues.push_back(n);
      break;
    }
    }
  }
  return spec;
}

void Lowering::emitBackwardSlice(SliceSpec &spec, const SliceItem &item,
                                 Expr *start, Expr *stop, Value size,
                                 Location l) {
  // Python's bounds for a negative step: negative ones count from the end,
  // all are clamped to [-1, size - 1]; start defaults to the last element,
  // stop to before the first.
  Value minusOne = constIndex(-1, l);
  Value last = arith::SubIOp::create(builder, l, size, constIndex(1, l));
  auto bound = [&](Expr *e, std::optional<int64_t> literal) -> Value {
    Value v = literal ? constIndex(*literal, l) : emitIndexValue(*e);
    Value negative = arith::CmpIOp::create(
        builder, l, arith::CmpIPredicate::slt, v, constIndex(0, l));
    v = arith::SelectOp::create(builder, l, negative,
                                arith::AddIOp::create(builder, l, v, size), v);
    v = arith::MaxSIOp::create(builder, l, v, minusOne);
    return arith::MinSIOp::create(builder, l, v, last);
  };
  Value first = start ? bound(start, item.literalStart) : last;
  Value end = stop ? bound(stop, item.literalStop) : minusOne;
  // ceil((first - end) / -step), at least 0.
  Value n = arith::CeilDivSIOp::create(
      builder, l, arith::SubIOp::create(builder, l, first, end),
      constIndex(-*item.literalStep, l));
  n = arith::MaxSIOp::create(builder, l, n, constIndex(0, l));
  // An empty slice may start before the first element, where a view may not
  // (nor reach past the dimension, backwards): then offset 0, stride 1.
  Value empty = arith::CmpIOp::create(builder, l, arith::CmpIPredicate::eq, n,
                                      constIndex(0, l));
  first = arith::SelectOp::create(builder, l, empty, constIndex(0, l), first);
  spec.offsets.push_back(first);
  spec.strides.push_back(
      arith::SelectOp::create(builder, l, empty, constIndex(1, l),
                              constIndex(*item.literalStep, l))
          .getResult());
  spec.sizes.push_back(n);
  spec.fullShape.push_back(kDyn);
  spec.sizeValues.push_back(n);
}

TV Lowering::emitShapeIndex(Expr &e) {
  Location l = loc(e.loc);
  TV arr = emitExpr(*e.children[0]->children[0]);
  int64_t d = e.axis;
  Value size = arr.ty.shape[d] != kDyn
                   ? constIndex(arr.ty.shape[d], l)
                   : (Value)tensor::DimOp::create(builder, l, arr.value, d);
  return TV{e.ty, size, {}};
}

TV Lowering::readSlice(Value source, const SliceSpec &spec, const Ty &ty,
                       Location l) {
  if (ty.isScalar())
    return TV{ty,
              tensor::ExtractOp::create(builder, l, source, spec.indexValues),
              {}};
  auto srcType = cast<RankedTensorType>(source.getType());
  auto resultType = RankedTensorType::get(ty.shape, srcType.getElementType(),
                                          srcType.getEncoding());
  // A selection known to be empty is a new empty array: a view at offset 0
  // of a dimension of size 0 does not verify.
  if (llvm::is_contained(ty.shape, 0)) {
    SmallVector<Value> dyn;
    for (auto [d, size] : llvm::enumerate(ty.shape))
      if (size == kDyn)
        dyn.push_back(spec.sizeValues[spec.keptDims[d]]);
    return TV{ty, tensor::EmptyOp::create(builder, l, resultType, dyn), {}};
  }
  return TV{ty,
            ndarray::SubviewOp::create(builder, l, resultType, source,
                                       spec.offsets, spec.sizes, spec.strides),
            {}};
}

TV Lowering::emitSubscript(Expr &e) {
  if (e.meaning == Meaning::ShapeIndex)
    return emitShapeIndex(e);
  TV base = emitExpr(*e.children[0]);
  if (e.meaning == Meaning::MaskIndex)
    return emitMaskRead(base, emitExpr(*e.children[1]), e.ty, loc(e.loc));
  if (e.meaning == Meaning::GatherIndex)
    return emitGather(base, emitExpr(*e.children[1]), e.ty, loc(e.loc));
  Location l = loc(e.loc);
  std::vector<Expr *> subscripts = subscriptItems(e, base.ty.rank());
  SliceSpec spec = emitSlice(base.value, base.ty, subscripts, e.items, e.loc);
  if (e.newAxes.empty())
    return readSlice(base.value, spec, e.ty, l);
  // The selection, then its dimensions with the new axes of size 1.
  Ty selected = e.ty;
  for (int64_t axis : llvm::reverse(e.newAxes)) {
    selected.shape.erase(selected.shape.begin() + axis);
    selected.syms.erase(selected.syms.begin() + axis);
  }
  bool scalar = selected.shape.empty();
  if (scalar)
    selected = Ty::scalar(e.ty.elem);
  TV view = readSlice(base.value, spec, selected, l);
  SmallVector<Value> sizes;
  for (int64_t d = 0, k = 0; d < e.ty.rank(); ++d) {
    if (llvm::is_contained(e.newAxes, d)) {
      sizes.push_back(constIndex(1, l));
      continue;
    }
    sizes.push_back(
        selected.shape[k] == kDyn
            ? (Value)tensor::DimOp::create(builder, l, view.value, k)
            : constIndex(selected.shape[k], l));
    ++k;
  }
  Value source = view.value;
  if (scalar)
    source = tensor::FromElementsOp::create(
        builder, l, tensorType(e.ty.elem, {}), ValueRange{source});
  return TV{e.ty,
            ndarray::ReshapeOp::create(builder, l,
                                       tensorType(e.ty.elem, e.ty.shape),
                                       source, sizes, BoolAttr()),
            {}};
}

void Lowering::storeSlice(Value dest, const Ty &destTy,
                          ArrayRef<Expr *> subscripts,
                          ArrayRef<SliceItem> items, TV value, SMLoc at) {
  storeSlice(dest, destTy, emitSlice(dest, destTy, subscripts, items, at),
             value, at);
}

void Lowering::storeSlice(Value dest, const Ty &destTy, const SliceSpec &spec,
                          TV value, SMLoc at) {
  Location l = loc(at);
  // Nothing to store into a selection known to be empty (and a view at
  // offset 0 of a dimension of size 0 does not verify).
  if (llvm::is_contained(spec.fullShape, 0))
    return;
  auto destType = cast<RankedTensorType>(dest.getType());
  Value source;
  if (value.ty.isScalar()) {
    Value elem = castScalar(value.value, value.ty.elem, destTy.elem, l);
    source = tensor::FromElementsOp::create(
        builder, l,
        RankedTensorType::get({}, destType.getElementType(),
                              destType.getEncoding()),
        ValueRange{elem});
  } else {
    int64_t viewRank = spec.keptDims.size();
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
    Ty full = Ty::array(destTy.elem, spec.fullShape);
    SmallVector<int64_t> map;
    for (int64_t j = 0; j < value.ty.rank(); ++j)
      map.push_back(spec.keptDims[viewRank - value.ty.rank() + j]);
    ScalarKind from = value.ty.elem, to = destTy.elem;
    source = emitElementwise(
        l, {value}, full,
        [&](OpBuilder &b, Location bl, ArrayRef<Value> e) {
          return castWith(b, e[0], from, to, bl);
        },
        {map}, spec.sizeValues);
  }
  ndarray::InsertSliceOp::create(builder, l, dest, source, spec.offsets,
                                 spec.sizes, spec.strides);
}

TV Lowering::emitName(Expr &e) {
  Location l = loc(e.loc);
  switch (e.meaning) {
  case Meaning::Dimension:
    return TV{e.ty, dims.at(e.name), {}};
  case Meaning::Constant:
    return TV{e.ty, constScalar(ScalarKind::F64, e.floatValue, 0, l), {}};
  default:
    return TV{e.ty, load(variable(e), l), {}};
  }
}

TV Lowering::emitUnary(Expr &e) {
  Location l = loc(e.loc);
  TV v = emitExpr(*e.children[0]);
  if (e.unaryOp == UnaryOp::Not) {
    Value b = castScalar(v.value, v.ty.elem, ScalarKind::Bool, l);
    Value t = arith::ConstantIntOp::create(builder, l, 1, 1);
    return TV{e.ty, arith::XOrIOp::create(builder, l, b, t), {}};
  }
  if (e.unaryOp == UnaryOp::Plus)
    return v.ty.isScalar() ? TV{e.ty, v.value, {}}
                           : TV{e.ty,
                                ndarray::CopyOp::create(
                                    builder, l, v.value.getType(), v.value),
                                {}};
  if (e.unaryOp == UnaryOp::Invert) {
    // ~x is x ^ all-ones: logical not of booleans, bitwise of integers.
    ScalarKind k = e.compute;
    auto invert = [&](OpBuilder &ob, Location bl, Value x) -> Value {
      x = castWith(ob, x, v.ty.elem, k, bl);
      Value ones =
          arith::ConstantOp::create(ob, bl, ob.getIntegerAttr(x.getType(), -1));
      return arith::XOrIOp::create(ob, bl, x, ones);
    };
    Value r = v.ty.isScalar() ? invert(builder, l, v.value)
                              : emitElementwise(l, {v}, e.ty,
                                                [&](OpBuilder &ob, Location bl,
                                                    ArrayRef<Value> x) {
                                                  return invert(ob, bl, x[0]);
                                                });
    return TV{e.ty, r, {}};
  }
  if (isFloat(v.ty.elem)) {
    // Negation, not 0 - x: -0.0 and -(0.0) keep NumPy's sign.
    Value r =
        v.ty.isScalar()
            ? arith::NegFOp::create(builder, l, v.value).getResult()
            : emitElementwise(
                  l, {v}, v.ty,
                  [](OpBuilder &ob, Location bl, ArrayRef<Value> x) -> Value {
                    return arith::NegFOp::create(ob, bl, x[0]);
                  });
    return TV{e.ty, r, {}};
  }
  TV zero{Ty::scalar(ScalarKind::I64, /*weak=*/true),
          constScalar(ScalarKind::I64, 0, 0, l),
          {}};
  return emitBinary(BinaryOp::Sub, zero, v, e.ty, e.compute, e.loc);
}

TV Lowering::emitBinaryExpr(Expr &e) {
  TV a = emitExpr(*e.children[0]);
  if ((e.binaryOp == BinaryOp::And || e.binaryOp == BinaryOp::Or) &&
      a.ty.isScalar())
    return emitShortCircuit(e, a);
  TV b = emitExpr(*e.children[1]);
  return emitBinary(e.binaryOp, a, b, e.ty, e.compute, e.loc);
}

TV Lowering::emitAttribute(Expr &e) {
  Location l = loc(e.loc);
  TV base = emitExpr(*e.children[0]);
  if (e.name == "T")
    return emitTranspose(base, e.ty, l);
  if (e.name == "shape") {
    TV sizes{e.ty, {}, {}};
    for (int64_t d = 0; d < base.ty.rank(); ++d)
      sizes.values.push_back(
          base.ty.shape[d] == kDyn
              ? (Value)tensor::DimOp::create(builder, l, base.value, d)
              : constIndex(base.ty.shape[d], l));
    return sizes;
  }
  Value r = e.name == "ndim"
                ? constScalar(ScalarKind::I64, 0, base.ty.rank(), l)
                : castScalar(elementCount(base, l), ScalarKind::Index,
                             ScalarKind::I64, l);
  return TV{e.ty, r, {}};
}

TV Lowering::emitTuple(Expr &e) {
  TV r{e.ty, {}, {}};
  for (auto &c : e.children)
    r.values.push_back(emitExpr(*c).value);
  return r;
}

TV Lowering::emitConditional(Expr &e) {
  Location l = loc(e.loc);
  Value cond = emitCondition(*e.children[1]);
  Type type = mlirType(e.ty);
  auto ifOp = scf::IfOp::create(builder, l, type, cond, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(builder);
  for (auto [block, value] :
       {std::pair(ifOp.thenBlock(), e.children[0].get()),
        std::pair(ifOp.elseBlock(), e.children[2].get())}) {
    builder.setInsertionPointToStart(block);
    TV v = convertElem(emitExpr(*value), e.ty.elem, l);
    Value result = v.value;
    if (result.getType() != type)
      result = tensor::CastOp::create(builder, l, type, result);
    scf::YieldOp::create(builder, l, ValueRange{result});
  }
  return TV{e.ty, ifOp.getResult(0), {}};
}

TV Lowering::emitChain(Expr &e) {
  Location l = loc(e.loc);
  TV left = emitExpr(*e.children[0]);
  // Compares left with the operand `i` (evaluated here) in the i-th kind.
  auto compare = [&](size_t i) -> Value {
    TV right = emitExpr(*e.children[i + 1]);
    ScalarKind k = e.chainCompute[i];
    Value r = scalarBinary(builder, l, e.chainOps[i],
                           castScalar(left.value, left.ty.elem, k, l),
                           castScalar(right.value, right.ty.elem, k, l), k);
    left = right;
    return r;
  };
  // The first comparison, then each next one only while all held.
  std::function<Value(size_t)> from = [&](size_t i) -> Value {
    Value holds = compare(i);
    if (i + 1 == e.chainOps.size())
      return holds;
    auto ifOp = scf::IfOp::create(builder, l, builder.getI1Type(), holds,
                                  /*withElse=*/true);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(builder, l, ValueRange{holds});
    builder.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(builder, l, ValueRange{from(i + 1)});
    return ifOp.getResult(0);
  };
  return TV{e.ty, from(0), {}};
}

TV Lowering::emitExpr(Expr &e) {
  Location l = loc(e.loc);
  switch (e.kind) {
  case Expr::IntLit:
    return TV{e.ty, constScalar(ScalarKind::I64, 0, e.intValue, l), {}};
  case Expr::FloatLit:
    return TV{e.ty, constScalar(ScalarKind::F64, e.floatValue, 0, l), {}};
  case Expr::BoolLit:
    return TV{
        e.ty, arith::ConstantIntOp::create(builder, l, e.boolValue, 1), {}};
  case Expr::Name:
    return emitName(e);
  case Expr::Unary:
    return emitUnary(e);
  case Expr::Binary:
    return emitBinaryExpr(e);
  case Expr::Subscript:
    return emitSubscript(e);
  case Expr::Attribute:
    return emitAttribute(e);
  case Expr::Tuple:
    return emitTuple(e);
  case Expr::Conditional:
    return emitConditional(e);
  case Expr::Chain:
    return emitChain(e);
  case Expr::Call:
    return emitCall(e);
  case Expr::StringLit:
  case Expr::Slice:
  case Expr::List:
  case Expr::NoneLit:
  case Expr::Ellipsis:
    break;
  }
  llvm_unreachable("a string, a slice outside '[...]' or a list outside "
                   "array(), refused by Sema");
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

TV Lowering::emitTranspose(const TV &v, const Ty &resultTy, Location l) {
  if (v.ty.rank() < 2)
    return v;
  SmallVector<int64_t> perm;
  SmallVector<Value> dyn;
  for (int64_t d = v.ty.rank() - 1; d >= 0; --d) {
    perm.push_back(d);
    if (v.ty.shape[d] == kDyn)
      dyn.push_back(tensor::DimOp::create(builder, l, v.value, d));
  }
  auto type = tensorType(resultTy.elem, resultTy.shape);
  Value init = tensor::EmptyOp::create(builder, l, type, dyn);
  return TV{resultTy,
            linalg::TransposeOp::create(builder, l, v.value, init, perm)
                .getResult()[0],
            {}};
}
} // namespace imex::nda
