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
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace imex::nda {

bool Lowering::holds(const Stmt &s, Stmt::Kind kind) {
  if (s.kind == kind)
    return true;
  if (kind != Stmt::Return && s.kind != Stmt::If)
    return false;
  return listHolds(s.body, kind) || listHolds(s.orelse, kind);
}

bool Lowering::listHolds(ArrayRef<StmtPtr> list, Stmt::Kind kind) {
  return llvm::any_of(list,
                      [kind](const StmtPtr &s) { return holds(*s, kind); });
}

bool Lowering::mayJump(const Stmt &s) {
  return holds(s, Stmt::Return) || holds(s, Stmt::Break) ||
         holds(s, Stmt::Continue);
}

bool Lowering::alwaysJumps(const StmtList &list, bool loopJumps) {
  return llvm::any_of(list, [&](const StmtPtr &s) {
    switch (s->kind) {
    case Stmt::Return:
      return true;
    case Stmt::Break:
    case Stmt::Continue:
      return loopJumps;
    case Stmt::If:
      return !s->orelse.empty() && alwaysJumps(s->body, loopJumps) &&
             alwaysJumps(s->orelse, loopJumps);
    case Stmt::While:
      return s->value->kind == Expr::BoolLit && s->value->boolValue &&
             !listHolds(s->body, Stmt::Break);
    default:
      return false;
    }
  });
}

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
  Location l = loc(s.loc);
  if (s.kind == Stmt::Return) {
    emitReturn(s);
    return;
  }
  const char *what = s.kind == Stmt::Break ? "break" : "continue";
  if (loops.empty()) {
    diags.error(s.loc, "'" + std::string(what) + "' outside a loop");
    return;
  }
  setFlag(s.kind == Stmt::Break ? loops.back().breakFlag
                                : loops.back().continueFlag,
          true, l);
}

void Lowering::emitBlock(MutableArrayRef<StmtPtr> block) {
  for (size_t i = 0; i < block.size(); ++i) {
    Stmt &s = *block[i];
    if (s.kind == Stmt::Return || s.kind == Stmt::Break ||
        s.kind == Stmt::Continue) {
      emitJump(s);
      if (i + 1 != block.size())
        diags.error(block[i + 1]->loc,
                    std::string("unreachable code after '") +
                        (s.kind == Stmt::Return  ? "return"
                         : s.kind == Stmt::Break ? "break"
                                                 : "continue") +
                        "'");
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
  if (diags.tooMany())
    return;
  Location l = loc(s.loc);
  switch (s.kind) {
  case Stmt::Pass:
    return;
  case Stmt::ExprStmt: {
    TV v = emitExpr(*s.value);
    (void)v;
    return;
  }
  case Stmt::Assign:
    return emitAssign(s);
  case Stmt::AugAssign:
    return emitAugAssign(s);
  case Stmt::Del:
    for (auto &t : s.targets) {
      auto it = vars.find(t->name);
      if (it == vars.end() || it->second.kind == Var::Deleted) {
        diags.error(t->loc, "name '" + t->name + "' is not defined");
        continue;
      }
      // A later iteration would use the deleted variable.
      if (it->second.loopDepth != loops.size()) {
        diags.error(t->loc, "'del' of a variable defined outside this "
                            "loop is not supported");
        continue;
      }
      if (it->second.ty.isArray())
        ndarray::DeleteOp::create(builder, loc(t->loc),
                                  load(it->second, loc(t->loc)));
      it->second.kind = Var::Deleted;
      it->second.deletedAt = t->loc;
    }
    return;
  case Stmt::If: {
    Value cond = emitCondition(*s.value);
    if (!cond)
      return;
    auto ifOp = scf::IfOp::create(builder, l, cond, !s.orelse.empty());
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    emitBranch(s.body);
    if (!s.orelse.empty()) {
      builder.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      emitBranch(s.orelse);
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

void Lowering::emitAugAssign(Stmt &s) {
  Location l = loc(s.loc);
  Expr &target = *s.targets[0];
  TV cur = emitExpr(target);
  if (!cur.ok())
    return;
  TV rhs = emitExpr(*s.value);
  if (!rhs.ok())
    return;
  TV result = emitBinary(s.op, cur, rhs, s.loc);
  if (!result.ok())
    return;
  if (!canCastSameKind(result.ty.elem, cur.ty.elem)) {
    diags.error(s.loc, "cannot cast the result of '" + spelling(s.op) +
                           "=' from " +
                           std::string(scalarKindName(result.ty.elem)) +
                           " to " + scalarKindName(cur.ty.elem) +
                           " with casting rule 'same_kind'");
    return;
  }
  if (target.kind == Expr::Name && cur.ty.isArray()) {
    // In place, like NumPy: views of the array see the update.
    Var &var = vars[target.name];
    storeSlice(load(var, l), var.ty, {}, result, s.loc);
    return;
  }
  assignTo(target, result, s.loc);
  return;
}

void Lowering::emitFor(Stmt &s) {
  Location l = loc(s.loc);
  const std::string &name = s.targets[0]->name;
  SmallVector<Value> bounds;
  for (auto &arg : s.rangeArgs) {
    TV v = emitExpr(*arg);
    if (!v.ok())
      return;
    if (!v.ty.isScalar() ||
        !(isInt(v.ty.elem) || v.ty.elem == ScalarKind::Bool)) {
      diags.error(arg->loc, "range() arguments must be integer scalars, "
                            "not " +
                                v.ty.str());
      return;
    }
    bounds.push_back(
        castScalar(v.value, v.ty.elem, ScalarKind::Index, loc(arg->loc)));
  }
  if (bounds.empty() || bounds.size() > 3)
    return;
  std::optional<int64_t> constantStep =
      bounds.size() == 3 ? getConstantIntValue(bounds[2]) : 1;
  if (constantStep == 0) {
    diags.error(s.rangeArgs[2]->loc, "range() arg 3 must not be zero");
    return;
  }
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

void Lowering::emitBranch(StmtList &body) {
  if (!alwaysJumps(body, /*loopJumps=*/!loops.empty()))
    return emitBlock(body);
  auto before = vars;
  emitBlock(body);
  bool mayBreak = !loops.empty() && listHolds(body, Stmt::Break);
  for (auto &[name, var] : vars)
    if (var.kind == Var::Deleted)
      if (auto it = before.find(name);
          it != before.end() && it->second.kind != Var::Deleted) {
        if (mayBreak)
          loops.back().deletedByBreak.push_back({name, var.deletedAt});
        var = it->second;
      }
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
  for (auto &[name, at] : loops.pop_back_val().deletedByBreak)
    if (auto it = vars.find(name); it != vars.end()) {
      it->second.kind = Var::Deleted;
      it->second.deletedAt = at;
    }
}

Value Lowering::emitCondition(Expr &e) {
  TV c = emitExpr(e);
  if (!c.ok())
    return {};
  if (!c.ty.isScalar()) {
    diags.error(e.loc, "the truth value of an array is ambiguous; use a "
                       "scalar condition");
    return {};
  }
  return castScalar(c.value, c.ty.elem, ScalarKind::Bool, loc(e.loc));
}

void Lowering::emitAssign(Stmt &s) {
  TV value = emitExpr(*s.value);
  if (!value.ok())
    return;
  if (s.targets.size() > 1) {
    if (value.ty.kind != Ty::Tuple) {
      diags.error(s.value->loc, "cannot unpack " + value.ty.str() + " into " +
                                    std::to_string(s.targets.size()) +
                                    " variables");
      return;
    }
    if (value.ty.elems.size() != s.targets.size()) {
      diags.error(s.value->loc,
                  "cannot unpack " + std::to_string(value.ty.elems.size()) +
                      " values into " + std::to_string(s.targets.size()) +
                      " variables");
      return;
    }
    for (size_t i = 0; i < s.targets.size(); ++i) {
      TV part;
      part.ty = value.ty.elems[i];
      part.value = value.values[i];
      assignTo(*s.targets[i], part, s.targets[i]->loc);
    }
    return;
  }
  if (value.ty.kind == Ty::Tuple) {
    diags.error(s.value->loc, "cannot assign a tuple to a single variable; "
                              "unpack it with 'a, b = ...'");
    return;
  }
  if (value.ty.kind == Ty::None) {
    diags.error(s.value->loc, "the expression has no value");
    return;
  }
  assignTo(*s.targets[0], value, s.loc);
}

void Lowering::assignTo(Expr &target, TV value, SMLoc at) {
  Location l = loc(at);
  if (target.kind == Expr::Subscript) {
    Expr &base = *target.children[0];
    if (base.kind == Expr::Attribute && base.name == "shape") {
      diags.error(target.loc, "cannot assign to an array's shape");
      return;
    }
    if (base.kind != Expr::Name) {
      diags.error(base.loc, "slice assignment needs an array variable");
      return;
    }
    Var *var = lookupVar(base);
    if (!var)
      return;
    if (!var->ty.isArray()) {
      diags.error(base.loc, "'" + base.name + "' is not an array");
      return;
    }
    SmallVector<Expr *> items;
    for (size_t i = 1; i < target.children.size(); ++i)
      items.push_back(target.children[i].get());
    storeSlice(load(*var, l), var->ty, items, value, at);
    return;
  }
  const std::string &name = target.name;
  if (dims.count(name)) {
    diags.error(target.loc, "cannot assign to '" + name +
                                "': it names a dimension of a parameter");
    return;
  }
  if (functions.count(name)) {
    diags.error(target.loc,
                "cannot assign to '" + name + "': it names a function");
    return;
  }
  auto it = vars.find(name);
  bool fresh = it == vars.end() || it->second.kind == Var::Deleted;
  if (!fresh && value.ty.isScalar() != it->second.ty.isScalar()) {
    diags.error(target.loc,
                std::string("cannot assign ") +
                    (value.ty.isScalar() ? "a scalar" : "an array") + " to '" +
                    name + "', which holds " +
                    (value.ty.isScalar() ? "an array" : "a scalar"));
    return;
  }
  // Straight-line code may give a name a new array type; a variable bound
  // outside the current block (before a loop, branch or jump guard) keeps
  // its type, so that the paths can merge.
  if (!fresh && it->second.block == builder.getInsertionBlock() &&
      (value.ty.isArray() ? value.value.getType() != slotType(it->second)
       : value.ty.weak    ? kindOf(value.ty.elem) != kindOf(it->second.ty.elem)
                          : value.ty.elem != it->second.ty.elem))
    fresh = true;
  if (fresh) {
    bindNew(name, value, l);
    return;
  }
  Var &var = it->second;
  Value stored;
  if (value.ty.isScalar()) {
    if (!canCastSameKind(value.ty.elem, var.ty.elem)) {
      diags.error(at, "cannot assign a value of type " + value.ty.str() +
                          " to '" + name + "' of type " + var.ty.str() +
                          " here: a variable bound before a loop, a "
                          "branch or a possible break, continue or "
                          "return keeps its type");
      return;
    }
    stored = castScalar(value.value, value.ty.elem, var.ty.elem, l);
  } else {
    auto varType = cast<RankedTensorType>(slotType(var));
    auto valueType = cast<RankedTensorType>(value.value.getType());
    bool fits = valueType.getElementType() == varType.getElementType() &&
                valueType.getRank() == varType.getRank();
    for (int64_t d = 0; fits && d < varType.getRank(); ++d)
      fits = varType.isDynamicDim(d) || valueType.isDynamicDim(d) ||
             valueType.getDimSize(d) == varType.getDimSize(d);
    if (!fits) {
      diags.error(at, "cannot assign a value of type " + value.ty.str() +
                          " to array '" + name + "' of type " + var.ty.str() +
                          " here: a variable bound before a loop, a "
                          "branch or a possible break, continue or return "
                          "keeps its type");
      return;
    }
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
  nda::StoreOp::create(builder, l, stored, var.value);
}

void Lowering::emitReturn(Stmt &s) {
  FuncInfo &info = *current;
  Location l = loc(s.loc);
  SmallVector<Value> results;
  if (!s.value) {
    if (!info.results.empty())
      diags.error(s.loc, "return type mismatch: '" + info.def->name +
                             "' returns " +
                             std::to_string(info.results.size()) + " value(s)");
    finishReturn({}, l);
    return;
  }
  TV v = emitExpr(*s.value);
  if (!v.ok()) {
    finishReturn({}, l);
    return;
  }
  std::vector<TV> parts;
  if (v.ty.kind == Ty::Tuple) {
    for (size_t i = 0; i < v.ty.elems.size(); ++i) {
      TV p;
      p.ty = v.ty.elems[i];
      p.value = v.values[i];
      parts.push_back(p);
    }
  } else {
    parts.push_back(v);
  }
  if (parts.size() != info.results.size()) {
    diags.error(s.value->loc,
                "return type mismatch: '" + info.def->name + "' returns " +
                    std::to_string(info.results.size()) + " value(s), got " +
                    std::to_string(parts.size()));
    finishReturn({}, l);
    return;
  }
  for (size_t i = 0; i < parts.size(); ++i) {
    Value r = convertTo(parts[i], info.results[i], s.value->loc,
                        "return type mismatch", l, {}, false, &dims);
    if (!r) {
      finishReturn({}, l);
      return;
    }
    results.push_back(r);
  }
  finishReturn(results, l);
}

void Lowering::finishReturn(ArrayRef<Value> results, Location l) {
  if (!returnFlag) {
    func::ReturnOp::create(builder, l, results);
    return;
  }
  if (results.size() == resultSlots.size())
    for (auto [value, slot] : llvm::zip(results, resultSlots))
      nda::StoreOp::create(builder, l, value, slot);
  setFlag(returnFlag, true, l);
}

Value Lowering::convertTo(const TV &v, const Ty &want, SMLoc at, StringRef what,
                          Location l, Attribute wantEncoding, bool useWant,
                          const std::map<std::string, Value> *wantDims) {
  if (want.isScalar()) {
    if (!v.ty.isScalar() || !canCastSameKind(v.ty.elem, want.elem)) {
      diags.error(at,
                  what + ": expected " + want.str() + ", got " + v.ty.str());
      return {};
    }
    return castScalar(v.value, v.ty.elem, want.elem, l);
  }
  if (!v.ty.isArray() || v.ty.elem != want.elem || v.ty.rank() != want.rank()) {
    diags.error(at, what + ": expected " + want.str() + ", got " + v.ty.str());
    return {};
  }
  std::string mismatch =
      (what + ": expected " + want.str() + ", got " + v.ty.str()).str();
  for (int64_t d = 0; d < want.rank(); ++d)
    if (want.shape[d] != kDyn && v.ty.shape[d] != kDyn &&
        want.shape[d] != v.ty.shape[d]) {
      diags.error(at, mismatch);
      return {};
    }
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
