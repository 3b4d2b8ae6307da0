//===- LowerStmt.cpp - .nda to MLIR: statements ---------------------------===//
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

Value Lowering::notJumped(Location l) {
  Value jumped;
  auto add = [&](Value flag) {
    if (!flag)
      return;
    Value set = nda::LoadOp::create(builder, l, flag);
    jumped =
        jumped ? (Value)arith::OrIOp::create(builder, l, jumped, set) : set;
  };
  add(returnFlag);
  if (!loops.empty()) {
    add(loops.back().breakFlag);
    add(loops.back().continueFlag);
  }
  Value trueValue = arith::ConstantIntOp::create(builder, l, 1, 1);
  return jumped ? (Value)arith::XOrIOp::create(builder, l, jumped, trueValue)
                : trueValue;
}

Value Lowering::unlessLeft(Value breakFlag, bool mayReturn, Location l,
                           llvm::function_ref<Value()> cond) {
  Value left;
  for (Value flag : {breakFlag, mayReturn ? returnFlag : Value()}) {
    if (!flag)
      continue;
    Value set = nda::LoadOp::create(builder, l, flag);
    left = left ? (Value)arith::OrIOp::create(builder, l, left, set) : set;
  }
  if (!left) {
    Value c = cond();
    return c ? c : arith::ConstantIntOp::create(builder, l, 0, 1);
  }
  auto ifOp = scf::IfOp::create(builder, l, builder.getI1Type(), left,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(ifOp.thenBlock());
  scf::YieldOp::create(
      builder, l, ValueRange{arith::ConstantIntOp::create(builder, l, 0, 1)});
  builder.setInsertionPointToStart(ifOp.elseBlock());
  Value c = cond();
  if (!c)
    c = arith::ConstantIntOp::create(builder, l, 0, 1);
  scf::YieldOp::create(builder, l, ValueRange{c});
  return ifOp.getResult(0);
}

void Lowering::emitJump(Stmt &s) {
  if (s.kind == Stmt::Return) {
    emitReturn(s);
    return;
  }
  setFlag(s.kind == Stmt::Break ? loops.back().breakFlag
                                : loops.back().continueFlag,
          true, loc(s.loc));
}

void Lowering::emitBlock(MutableArrayRef<StmtPtr> block) {
  for (size_t i = 0; i < block.size(); ++i) {
    Stmt &s = *block[i];
    if (s.kind == Stmt::Return || s.kind == Stmt::Break ||
        s.kind == Stmt::Continue) {
      emitJump(s);
      return;
    }
    emitStmt(s);
    if (i + 1 != block.size() && mayJump(s)) {
      Location l = loc(block[i + 1]->loc);
      auto guard = scf::IfOp::create(builder, l, notJumped(l));
      OpBuilder::InsertionGuard insertion(builder);
      builder.setInsertionPoint(guard.thenBlock()->getTerminator());
      emitBlock(block.drop_front(i + 1));
      return;
    }
  }
}

void Lowering::emitStmt(Stmt &s) {
  Location l = loc(s.loc);
  switch (s.kind) {
  case Stmt::Pass:
    return;
  case Stmt::ExprStmt:
    emitExpr(*s.value);
    return;
  case Stmt::Assign:
    return emitAssign(s);
  case Stmt::AugAssign:
    return emitAugAssign(s);
  case Stmt::Del:
    return emitDel(s);
  case Stmt::If: {
    Value cond = emitCondition(*s.value);
    auto ifOp = scf::IfOp::create(builder, l, cond, !s.orelse.empty());
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    emitBlock(s.body);
    if (!s.orelse.empty()) {
      builder.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      emitBlock(s.orelse);
    }
    return;
  }
  case Stmt::While: {
    LoopFlags flags = makeLoopFlags(s.body, l);
    auto whileOp = scf::WhileOp::create(builder, l, TypeRange{}, ValueRange{});
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(builder.createBlock(&whileOp.getBefore()));
    Value cond = unlessLeft(flags.breakFlag, listHolds(s.body, Stmt::Return), l,
                            [&] { return emitCondition(*s.value); });
    scf::ConditionOp::create(builder, l, cond, ValueRange{});
    builder.setInsertionPointToStart(builder.createBlock(&whileOp.getAfter()));
    builder.setInsertionPoint(scf::YieldOp::create(builder, l));
    emitLoopBody(s.body, flags, l);
    return;
  }
  case Stmt::For:
    return emitFor(s);
  case Stmt::Return:
  case Stmt::Break:
  case Stmt::Continue:
    return emitJump(s);
  }
}

void Lowering::emitDel(Stmt &s) {
  for (auto &t : s.targets)
    if (t->ty.isArray()) {
      Location l = loc(t->loc);
      ndarray::DeleteOp::create(builder, l, load(variable(*t), l));
    }
}

void Lowering::emitAugAssign(Stmt &s) {
  Location l = loc(s.loc);
  Expr &target = *s.targets[0];
  if (target.kind == Expr::Subscript) {
    // `a[i] op= v` evaluates the subscript once, as Python does.
    Var &var = variable(*target.children[0]);
    if (target.meaning == Meaning::MaskIndex) {
      Value array = load(var, l);
      TV mask = emitExpr(*target.children[1]);
      TV cur = emitMaskRead(TV{var.ty, array, {}}, mask, target.ty, l);
      TV rhs = emitExpr(*s.value);
      TV result = emitBinary(s.op, cur, rhs, s.resultTy, s.compute, s.loc);
      emitMaskStore(array, var.ty, mask, result, s.loc);
      return;
    }
    std::vector<Expr *> subscripts = subscriptItems(target, var.ty.rank());
    Value array = load(var, l);
    SliceSpec spec =
        emitSlice(array, var.ty, subscripts, target.items, target.loc);
    TV cur = readSlice(array, spec, target.ty, loc(target.loc));
    TV rhs = emitExpr(*s.value);
    TV result = emitBinary(s.op, cur, rhs, s.resultTy, s.compute, s.loc);
    storeSlice(array, var.ty, spec, result, s.loc);
    return;
  }
  TV cur = emitExpr(target);
  TV rhs = emitExpr(*s.value);
  TV result = emitBinary(s.op, cur, rhs, s.resultTy, s.compute, s.loc);
  if (cur.ty.isArray()) {
    // In place, like NumPy: views of the array see the update.
    Var &var = variable(target);
    storeSlice(load(var, l), var.ty, {}, target.items, result, s.loc);
    return;
  }
  assignTo(target, result, s.loc);
}

void Lowering::emitFor(Stmt &s) {
  Location l = loc(s.loc);
  const std::string &name = s.targets[0]->name;
  SmallVector<Value> bounds;
  for (auto &arg : s.rangeArgs) {
    TV v = emitExpr(*arg);
    bounds.push_back(
        castScalar(v.value, v.ty.elem, ScalarKind::Index, loc(arg->loc)));
  }
  std::optional<int64_t> constantStep = s.constantStep;
  Value lb = bounds.size() == 1 ? constIndex(0, l) : bounds[0];
  Value ub = bounds.size() == 1 ? bounds[0] : bounds[1];
  Value step = bounds.size() == 3 ? bounds[2] : constIndex(1, l);
  // As in Python, the loop variable is an ordinary variable that each
  // iteration assigns: the body may change it, and it keeps the last
  // value after the loop.
  auto assignLoopVariable = [&](Value value) {
    TV next;
    next.ty = Ty::scalar(ScalarKind::Index);
    next.value = value;
    assignTo(*s.targets[0], next, s.targets[0]->loc);
  };
  OpBuilder::InsertionGuard guard(builder);
  bool mayReturn = listHolds(s.body, Stmt::Return);
  LoopFlags flags = makeLoopFlags(s.body, l);
  Value zero = constIndex(0, l), one = constIndex(1, l);
  if (!constantStep)
    checkAtRunTime(arith::CmpIPredicate::ne, step, zero,
                   "range() arg 3 must not be zero", l);
  // The i-th value, lb + i * step: exact, as it lies in [lb, ub).
  auto valueAt = [&](Value i) -> Value {
    return arith::AddIOp::create(builder, l, lb,
                                 arith::MulIOp::create(builder, l, i, step));
  };
  if (!flags.breakFlag && !mayReturn && constantStep == 1) {
    auto forOp = scf::ForOp::create(builder, l, lb, ub, step);
    builder.setInsertionPoint(forOp.getBody()->getTerminator());
    assignLoopVariable(forOp.getInductionVar());
    emitLoopBody(s.body, flags, l);
    return;
  }
  // Other steps count iterations, so that no value past the end is ever
  // computed: lb + step could overflow (range(0, 2**63 - 1, 2**62)).
  Value count = rangeTripCount(lb, ub, step, l);
  if (!flags.breakFlag && !mayReturn && constantStep > 0) {
    // At most 2**63 / 2 iterations: a signed count.
    auto forOp = scf::ForOp::create(builder, l, zero, count, one);
    builder.setInsertionPoint(forOp.getBody()->getTerminator());
    assignLoopVariable(valueAt(forOp.getInductionVar()));
    emitLoopBody(s.body, flags, l);
    return;
  }
  // A loop that may be left early, or whose step may be negative, counts
  // in a variable and tests the exit flags in its condition.
  Value counter = makeSlot(builder.getIndexType(), name + ".counter", l);
  nda::StoreOp::create(builder, l, zero, counter);
  auto whileOp = scf::WhileOp::create(builder, l, TypeRange{}, ValueRange{});
  builder.setInsertionPointToStart(builder.createBlock(&whileOp.getBefore()));
  Value cond = unlessLeft(flags.breakFlag, mayReturn, l, [&]() -> Value {
    Value i = nda::LoadOp::create(builder, l, counter);
    // Unsigned: range(2**63 - 1, -2**63 - 1, -1) has 2**64 - 1 values.
    return arith::CmpIOp::create(builder, l, arith::CmpIPredicate::ult, i,
                                 count);
  });
  scf::ConditionOp::create(builder, l, cond, ValueRange{});
  builder.setInsertionPointToStart(builder.createBlock(&whileOp.getAfter()));
  builder.setInsertionPoint(scf::YieldOp::create(builder, l));
  Value i = nda::LoadOp::create(builder, l, counter);
  assignLoopVariable(valueAt(i));
  emitLoopBody(s.body, flags, l);
  nda::StoreOp::create(builder, l, arith::AddIOp::create(builder, l, i, one),
                       counter);
  return;
}

Value Lowering::rangeTripCount(Value lb, Value ub, Value step, Location l) {
  // Distances in unsigned arithmetic are exact for any two i64 values.
  Value zero = constIndex(0, l), one = constIndex(1, l);
  auto sub = [&](Value a, Value b) -> Value {
    return arith::SubIOp::create(builder, l, a, b);
  };
  auto cmp = [&](arith::CmpIPredicate p, Value a, Value b) -> Value {
    return arith::CmpIOp::create(builder, l, p, a, b);
  };
  auto select = [&](Value c, Value a, Value b) -> Value {
    return arith::SelectOp::create(builder, l, c, a, b);
  };
  Value upward = cmp(arith::CmpIPredicate::sgt, step, zero);
  Value span = select(upward, sub(ub, lb), sub(lb, ub));
  Value stride = select(upward, step, sub(zero, step));
  Value nonEmpty = select(upward, cmp(arith::CmpIPredicate::slt, lb, ub),
                          cmp(arith::CmpIPredicate::sgt, lb, ub));
  Value count = arith::AddIOp::create(
      builder, l, arith::DivUIOp::create(builder, l, sub(span, one), stride),
      one);
  return select(nonEmpty, count, zero);
}

Lowering::LoopFlags Lowering::makeLoopFlags(const StmtList &body, Location l) {
  LoopFlags flags;
  if (listHolds(body, Stmt::Break))
    flags.breakFlag = makeFlag("break", l);
  if (listHolds(body, Stmt::Continue))
    flags.continueFlag = makeSlot(builder.getI1Type(), "continue", l);
  return flags;
}

void Lowering::emitLoopBody(StmtList &body, LoopFlags flags, Location l) {
  loops.push_back(flags);
  if (flags.continueFlag)
    setFlag(flags.continueFlag, false, l);
  emitBlock(body);
  loops.pop_back();
}

Value Lowering::emitCondition(Expr &e) {
  TV c = emitExpr(e);
  return castScalar(c.value, c.ty.elem, ScalarKind::Bool, loc(e.loc));
}

/// Whether the array `e` evaluates to may share memory with a variable's:
/// a name, a view, or what a call or a conditional gives (a fresh result
/// of an operator or a builtin does not).
static bool mayShareMemory(const Expr *e) {
  if (!e)
    return true;
  switch (e->kind) {
  case Expr::Name:
  case Expr::Subscript:
  case Expr::Tuple:
    return true;
  case Expr::Call:
    return e->meaning == Meaning::UserCall || e->meaning == Meaning::MethodCall;
  case Expr::Conditional:
    return mayShareMemory(e->children[0].get()) ||
           mayShareMemory(e->children[2].get());
  default:
    return false;
  }
}

void Lowering::emitAssign(Stmt &s) {
  TV value = emitExpr(*s.value);
  // Stored into a slice, an array that may overlap it is copied first (the
  // store would read what it has already written: x[::-1] = x).
  auto stored = [&](Expr &target, TV v, const Expr *source) {
    if (target.kind == Expr::Subscript && v.ty.isArray() &&
        mayShareMemory(source))
      v.value = ndarray::CopyOp::create(builder, loc(target.loc),
                                        v.value.getType(), v.value);
    return v;
  };
  if (!s.unpack) {
    assignTo(*s.targets[0], stored(*s.targets[0], value, s.value.get()), s.loc);
    return;
  }
  for (auto [i, target] : llvm::enumerate(s.targets)) {
    const Expr *source =
        s.value->kind == Expr::Tuple ? s.value->children[i].get() : nullptr;
    assignTo(
        *target,
        stored(*target, TV{value.ty.elems[i], value.values[i], {}}, source),
        target->loc);
  }
}

void Lowering::assignTo(Expr &target, TV value, SMLoc at) {
  Location l = loc(at);
  if (target.kind == Expr::Subscript) {
    Var &var = variable(*target.children[0]);
    if (target.meaning == Meaning::MaskIndex) {
      emitMaskStore(load(var, l), var.ty, emitExpr(*target.children[1]), value,
                    at);
      return;
    }
    std::vector<Expr *> subscripts = subscriptItems(target, var.ty.rank());
    storeSlice(load(var, l), var.ty, subscripts, target.items, value, at);
    return;
  }
  const std::string &name = target.name;
  if (target.bindsNew) {
    bindNew(target.assigned, name, target.varTy, value, l);
    return;
  }
  Var &var = vars.at(target.assigned);
  Value stored;
  if (value.ty.isScalar()) {
    stored = castScalar(value.value, value.ty.elem, var.ty.elem, l);
  } else {
    auto varType = cast<RankedTensorType>(slotType(var));
    auto valueType = cast<RankedTensorType>(value.value.getType());
    stored = value.value;
    // A size the variable fixes (1) that the value has only at run time.
    for (int64_t d = 0; d < varType.getRank(); ++d)
      if (!varType.isDynamicDim(d) && valueType.isDynamicDim(d))
        checkAtRunTime(arith::CmpIPredicate::eq,
                       tensor::DimOp::create(builder, l, stored, d),
                       constIndex(varType.getDimSize(d), l),
                       "cannot assign an array of shape " + shapeStr(value.ty) +
                           " to '" + name + "', of shape " + shapeStr(var.ty),
                       l);
    if (valueType.getEncoding() != varType.getEncoding())
      stored = ndarray::CopyOp::create(
          builder, l,
          RankedTensorType::get(valueType.getShape(),
                                valueType.getElementType(),
                                varType.getEncoding()),
          stored);
    if (stored.getType() != varType)
      stored = tensor::CastOp::create(builder, l, varType, stored);
  }
  nda::StoreOp::create(builder, l, stored, var.slot);
}

void Lowering::emitReturn(Stmt &s) {
  FuncDef &def = *current->def;
  Location l = loc(s.loc);
  SmallVector<Value> results;
  if (s.value) {
    TV v = emitExpr(*s.value);
    std::vector<TV> parts;
    if (v.ty.kind == Ty::Tuple)
      for (auto [ty, value] : llvm::zip(v.ty.elems, v.values))
        parts.push_back(TV{ty, value, {}});
    else
      parts.push_back(v);
    for (auto [part, want] : llvm::zip(parts, def.resultTys))
      results.push_back(convertTo(part, want, s.value->loc,
                                  "return type mismatch", l, {}, false, &dims));
  }
  finishReturn(results, l);
}

void Lowering::finishReturn(ArrayRef<Value> results, Location l) {
  if (!returnFlag) {
    func::ReturnOp::create(builder, l, results);
    return;
  }
  for (auto [value, slot] : llvm::zip(results, resultSlots))
    nda::StoreOp::create(builder, l, value, slot);
  setFlag(returnFlag, true, l);
}

Value Lowering::convertTo(const TV &v, const Ty &want, SMLoc at, StringRef what,
                          Location l, Attribute wantEncoding, bool useWant,
                          const std::map<std::string, Value> *wantDims) {
  if (want.isScalar())
    return castScalar(v.value, v.ty.elem, want.elem, l);
  std::string mismatch =
      (what + ": expected " + want.str() + ", got " + v.ty.str()).str();
  // Sizes the declared type fixes that the value has only at run time;
  // named dimensions of the function's own parameters (for results).
  for (int64_t d = 0; d < want.rank(); ++d) {
    Value expected;
    if (want.shape[d] != kDyn && v.ty.shape[d] == kDyn)
      expected = constIndex(want.shape[d], l);
    else if (wantDims && !want.syms[d].empty() &&
             want.syms[d] != v.ty.syms[d] && want.shape[d] == kDyn)
      if (auto it = wantDims->find(want.syms[d]); it != wantDims->end())
        expected = it->second;
    if (!expected)
      continue;
    checkAtRunTime(arith::CmpIPredicate::eq,
                   tensor::DimOp::create(builder, l, v.value, d), expected,
                   mismatch + ": sizes differ at run time", loc(at));
  }
  auto srcType = cast<RankedTensorType>(v.value.getType());
  Attribute enc = useWant ? wantEncoding : encoding;
  auto shaped = RankedTensorType::get(want.shape, srcType.getElementType(),
                                      srcType.getEncoding());
  Value r = v.value;
  if (shaped != srcType)
    r = tensor::CastOp::create(builder, l, shaped, r);
  if (enc != srcType.getEncoding())
    r = ndarray::CopyOp::create(
        builder, l,
        RankedTensorType::get(want.shape, srcType.getElementType(), enc), r);
  return r;
}
} // namespace imex::nda
