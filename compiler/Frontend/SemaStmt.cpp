//===- SemaStmt.cpp - .nda semantics: statements --------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Sema.h"

namespace imex::nda {

static const char *jumpName(Stmt::Kind kind) {
  return kind == Stmt::Return  ? "return"
         : kind == Stmt::Break ? "break"
                               : "continue";
}

void Sema::checkBlock(llvm::MutableArrayRef<StmtPtr> list) {
  for (size_t i = 0; i < list.size(); ++i) {
    Stmt &s = *list[i];
    if (s.kind == Stmt::Return || s.kind == Stmt::Break ||
        s.kind == Stmt::Continue) {
      checkJump(s);
      if (i + 1 != list.size())
        diags.error(list[i + 1]->loc, std::string("unreachable code after '") +
                                          jumpName(s.kind) + "'");
      return;
    }
    checkStmt(s);
    // The statements after one that may jump run under a guard: a block of
    // their own.
    if (i + 1 != list.size() && mayJump(s)) {
      inNewBlock([&] { checkBlock(list.drop_front(i + 1)); });
      return;
    }
  }
}

void Sema::checkJump(Stmt &s) {
  if (s.kind == Stmt::Return) {
    checkReturn(s);
    return;
  }
  if (loops.empty())
    diags.error(s.loc,
                std::string("'") + jumpName(s.kind) + "' outside a loop");
}

void Sema::checkStmt(Stmt &s) {
  if (diags.tooMany())
    return;
  switch (s.kind) {
  case Stmt::Pass:
    return;
  case Stmt::ExprStmt:
    check(*s.value);
    return;
  case Stmt::Assign:
    return checkAssign(s);
  case Stmt::AugAssign:
    return checkAugAssign(s);
  case Stmt::Del:
    return checkDel(s);
  case Stmt::If:
    if (!checkCondition(*s.value))
      return;
    inNewBlock([&] { checkBranch(s.body); });
    if (!s.orelse.empty())
      inNewBlock([&] { checkBranch(s.orelse); });
    return;
  case Stmt::While:
    // A condition that fails to check still has a body to check.
    checkCondition(*s.value);
    inNewBlock([&] { checkLoopBody(s.body); });
    return;
  case Stmt::For:
    return checkFor(s);
  case Stmt::Return:
  case Stmt::Break:
  case Stmt::Continue:
    return checkJump(s);
  }
}

void Sema::checkDel(Stmt &s) {
  for (auto &t : s.targets) {
    auto it = vars.find(t->name);
    if (it == vars.end() || it->second.deleted) {
      diags.error(t->loc, "name '" + t->name + "' is not defined");
      continue;
    }
    // A later iteration would use the deleted variable.
    if (it->second.loopDepth != loops.size()) {
      diags.error(t->loc, "'del' of a variable defined outside this "
                          "loop is not supported");
      continue;
    }
    t->ty = it->second.ty;
    t->binding = it->second.id;
    it->second.deleted = true;
    it->second.deletedAt = t->loc;
  }
}

void Sema::checkAugAssign(Stmt &s) {
  Expr &target = *s.targets[0];
  Ty cur = check(target);
  if (cur.isError())
    return;
  Ty rhs = check(*s.value);
  if (rhs.isError())
    return;
  Ty result = binaryType(s.op, cur, rhs, s.value.get(), s.loc, s.compute);
  if (result.isError())
    return;
  if (!canCastSameKind(result.elem, cur.elem)) {
    diags.error(
        s.loc, "cannot cast the result of '" + spelling(s.op) + "=' from " +
                   std::string(scalarKindName(result.elem)) + " to " +
                   scalarKindName(cur.elem) + " with casting rule 'same_kind'");
    return;
  }
  s.resultTy = result;
  if (target.kind == Expr::Name && cur.isArray()) {
    // In place, like NumPy: views of the array see the update.
    if (analyzeSlice(cur, {}, s.loc, target.items))
      checkStoreSlice(cur, target.items, result, s.loc);
    return;
  }
  assignTo(target, result, s.loc);
}

void Sema::checkArrayIndexStore(Expr &target, const Ty &dest, const Ty &index,
                                const Ty &value, SMLoc at) {
  if (checkArrayIndex(target, dest, index).isError())
    return;
  if (target.meaning == Meaning::GatherIndex) {
    diags.error(target.children[1]->loc,
                "assignment through integer-array indices is not supported; "
                "assign through a boolean mask or a slice");
    return;
  }
  // The selected elements, in order, take a scalar or a 1-d array's
  // values (its size checked at run time).
  if (value.isArray() && value.rank() != 1) {
    diags.error(at, "a masked assignment takes a scalar or a 1-d array of "
                    "values, not " +
                        value.str());
    return;
  }
  Ty selected = Ty::array(dest.elem, {kDyn});
  checkStoreSlice(selected, {SliceItem{}}, value, at);
}

void Sema::checkFor(Stmt &s) {
  for (auto &arg : s.rangeArgs) {
    Ty v = check(*arg);
    if (v.isError())
      return;
    if (!v.isScalar() || !(isInt(v.elem) || v.elem == ScalarKind::Bool)) {
      diags.error(arg->loc, "range() arguments must be integer scalars, "
                            "not " +
                                v.str());
      return;
    }
  }
  s.constantStep = s.rangeArgs.size() == 3 ? foldedInteger(*s.rangeArgs[2]) : 1;
  if (s.constantStep == 0) {
    diags.error(s.rangeArgs[2]->loc, "range() arg 3 must not be zero");
    return;
  }
  // As in Python, the loop variable is an ordinary variable that each
  // iteration assigns, in the loop's body.
  inNewBlock([&] {
    assignTo(*s.targets[0], Ty::scalar(ScalarKind::Index), s.targets[0]->loc);
    checkLoopBody(s.body);
  });
}

void Sema::checkBranch(StmtList &body) {
  auto before = vars;
  if (!alwaysJumps(body, /*loopJumps=*/!loops.empty())) {
    checkBlock(body);
    // A name the branch deletes and binds again would be another variable
    // after the branch than on the paths around it.
    for (auto &[name, var] : vars)
      if (auto it = before.find(name); it != before.end() &&
                                       !it->second.deleted && !var.deleted &&
                                       var.id != it->second.id)
        diags.error(var.boundAt,
                    "'" + name +
                        "' is deleted and bound again in a branch, so after "
                        "the branch it would be a different variable on each "
                        "path; bind it again after the branch instead");
    return;
  }
  checkBlock(body);
  // A branch that never falls through leaves the names it deletes or binds
  // again as they were for the statements after it; a deletion takes effect
  // after the loop it may break out of. (What it binds anew stays visible:
  // after a break at the end of the loop, after a continue in later
  // iterations.)
  bool mayBreak = !loops.empty() && listHolds(body, Stmt::Break);
  for (auto &[name, var] : vars) {
    auto it = before.find(name);
    if (it == before.end() || it->second.deleted ||
        (!var.deleted && var.id == it->second.id))
      continue;
    if (var.deleted && mayBreak)
      loops.back().deletedByBreak.push_back({name, var.deletedAt});
    else if (!var.deleted && mayBreak)
      diags.error(var.boundAt,
                  "'" + name +
                      "' is deleted and bound again in a branch that may "
                      "break, so after the loop it would be a different "
                      "variable on each path; bind it again after the loop "
                      "instead");
    var = it->second;
  }
}

void Sema::checkLoopBody(StmtList &body) {
  loops.emplace_back();
  checkBlock(body);
  for (auto &[name, at] : loops.pop_back_val().deletedByBreak)
    if (auto it = vars.find(name); it != vars.end()) {
      it->second.deleted = true;
      it->second.deletedAt = at;
    }
}

bool Sema::checkCondition(Expr &e) {
  Ty c = check(e);
  if (c.isError())
    return false;
  if (!c.isScalar()) {
    diags.error(e.loc, "the truth value of an array is ambiguous; use a "
                       "scalar condition");
    return false;
  }
  return true;
}

void Sema::checkAssign(Stmt &s) {
  // After an error (already reported), later uses of the names are not
  // reported again.
  auto failed = [&] {
    for (const ExprPtr &target : s.targets)
      if (target->kind == Expr::Name && !vars.count(target->name))
        brokenVars.insert(target->name);
  };
  Ty value = check(*s.value);
  if (value.isError())
    return failed();
  auto plural = [](size_t n, StringRef noun) {
    return std::to_string(n) + " " + noun.str() + (n == 1 ? "" : "s");
  };
  if (s.unpack) {
    if (value.kind != Ty::Tuple) {
      diags.error(s.value->loc, "cannot unpack " + value.str() + " into " +
                                    plural(s.targets.size(), "variable"));
      return failed();
    }
    if (value.elems.size() != s.targets.size()) {
      diags.error(s.value->loc,
                  "cannot unpack " + plural(value.elems.size(), "value") +
                      " into " + plural(s.targets.size(), "variable"));
      return failed();
    }
    for (size_t i = 0; i < s.targets.size(); ++i)
      assignTo(*s.targets[i], value.elems[i], s.targets[i]->loc);
    return;
  }
  if (value.kind == Ty::Tuple) {
    diags.error(s.value->loc, "cannot assign a tuple to a single variable; "
                              "unpack it with 'a, b = ...'");
    return failed();
  }
  if (value.kind == Ty::None) {
    diags.error(s.value->loc, "the expression has no value");
    return failed();
  }
  assignTo(*s.targets[0], value, s.loc);
}

void Sema::assignTo(Expr &target, const Ty &value, SMLoc at) {
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
    base.binding = var->id;
    if (target.children.size() == 2 &&
        target.children[1]->kind != Expr::Slice &&
        target.children[1]->kind != Expr::Ellipsis &&
        !isNewAxis(*target.children[1]) && !literal(target.children[1].get())) {
      Ty index = check(*target.children[1]);
      if (index.isError())
        return;
      if (index.isArray()) {
        checkArrayIndexStore(target, var->ty, index, value, at);
        return;
      }
    }
    if (!checkSubscriptForm(target, /*isTarget=*/true))
      return;
    std::vector<Expr *> items = subscriptItems(target, var->ty.rank());
    if (analyzeSlice(var->ty, items, at, target.items))
      checkStoreSlice(var->ty, target.items, value, at);
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
  bool fresh = it == vars.end() || it->second.deleted;
  if (!fresh && value.isScalar() != it->second.ty.isScalar()) {
    diags.error(target.loc, std::string("cannot assign ") +
                                (value.isScalar() ? "a scalar" : "an array") +
                                " to '" + name + "', which holds " +
                                (value.isScalar() ? "an array" : "a scalar"));
    return;
  }
  // Straight-line code may give a name a new array type; a variable bound
  // outside the current block (before a loop, branch or jump guard) keeps
  // its type, so that the paths can merge.
  if (!fresh && it->second.block == block) {
    const Ty &held = it->second.ty;
    fresh = value.isArray()
                ? value.elem != held.elem || value.shape != held.shape
            : value.weak ? kindOf(value.elem) != kindOf(held.elem)
                         : value.elem != held.elem;
  }
  if (fresh) {
    Var &var = bindNew(name, value, target.loc);
    target.assigned = var.id;
    target.bindsNew = true;
    target.varTy = var.ty;
    return;
  }
  Var &var = it->second;
  std::string keepsType = " here: a variable bound before a loop, a branch "
                          "or a possible break, continue or return keeps its "
                          "type";
  if (value.isScalar()) {
    if (!canAssignScalar(value, var.ty.elem)) {
      diags.error(at, "cannot assign a value of type " + value.str() + " to '" +
                          name + "' of type " + var.ty.str() + keepsType);
      return;
    }
  } else {
    bool fits = value.elem == var.ty.elem && value.rank() == var.ty.rank();
    for (int64_t d = 0; fits && d < var.ty.rank(); ++d)
      fits = var.ty.shape[d] == kDyn || value.shape[d] == kDyn ||
             value.shape[d] == var.ty.shape[d];
    if (!fits) {
      diags.error(at, "cannot assign a value of type " + value.str() +
                          " to array '" + name + "' of type " + var.ty.str() +
                          keepsType);
      return;
    }
  }
  target.assigned = var.id;
}

void Sema::checkReturn(Stmt &s) {
  FuncDef &def = *current;
  size_t expected = def.resultTys.size();
  if (!s.value) {
    if (expected != 0)
      diags.error(s.loc, "return type mismatch: '" + def.name + "' returns " +
                             std::to_string(expected) + " value(s)");
    return;
  }
  Ty v = check(*s.value);
  if (v.isError())
    return;
  std::vector<Ty> parts = v.kind == Ty::Tuple ? v.elems : std::vector<Ty>{v};
  if (parts.size() != expected) {
    diags.error(s.value->loc, "return type mismatch: '" + def.name +
                                  "' returns " + std::to_string(expected) +
                                  " value(s), got " +
                                  std::to_string(parts.size()));
    return;
  }
  for (auto [part, want] : llvm::zip(parts, def.resultTys))
    if (!convertible(part, want, s.value->loc, "return type mismatch"))
      return;
}

bool Sema::convertible(const Ty &v, const Ty &want, SMLoc at, StringRef what) {
  std::string mismatch =
      (what + ": expected " + want.str() + ", got " + v.str()).str();
  if (want.isScalar()) {
    if (!v.isScalar() || !canAssignScalar(v, want.elem)) {
      diags.error(at, mismatch);
      return false;
    }
    return true;
  }
  if (!v.isArray() || v.elem != want.elem || v.rank() != want.rank()) {
    diags.error(at, mismatch);
    return false;
  }
  for (int64_t d = 0; d < want.rank(); ++d)
    if (want.shape[d] != kDyn && v.shape[d] != kDyn &&
        want.shape[d] != v.shape[d]) {
      diags.error(at, mismatch);
      return false;
    }
  return true;
}

} // namespace imex::nda
