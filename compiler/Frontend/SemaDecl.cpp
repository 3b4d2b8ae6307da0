//===- SemaDecl.cpp - .nda semantics: functions and variables -------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Sema.h"

#include "llvm/ADT/Twine.h"

#include <functional>

namespace imex::nda {

bool Sema::analyze(Module &module) {
  unsigned before = diags.errorCount();
  for (const std::string &alias : module.numpyAliases)
    numpyAliases.insert(alias);
  for (const std::string &name : module.brokenFunctions)
    brokenFunctions.insert(name);
  // Signatures first: functions may call each other in any order.
  for (auto &func : module.functions)
    declare(*func);
  for (auto &func : module.functions)
    if (functions.lookup(func->name) == func.get())
      define(*func);
  for (auto &func : module.functions)
    if (func->distributed && functions.lookup(func->name) == func.get())
      checkDistributable(*func);
  return diags.errorCount() == before;
}

Ty Sema::tyFromSpec(const TypeSpec &spec) {
  if (!spec.isArray)
    return Ty::scalar(spec.elem);
  SmallVector<int64_t> shape;
  SmallVector<std::string> syms;
  for (const DimSpec &d : spec.dims) {
    shape.push_back(d.kind == DimSpec::Static ? d.size : kDyn);
    syms.push_back(d.kind == DimSpec::Named ? d.name : "");
  }
  return Ty::array(spec.elem, shape, syms);
}

void Sema::declare(FuncDef &def) {
  if (functions.count(def.name)) {
    diags.error(def.loc, "redefinition of function '" + def.name + "'");
    return;
  }
  if (findBuiltin(def.name)) {
    diags.error(def.loc, "function name '" + def.name + "' shadows a builtin");
    return;
  }
  llvm::StringSet<> names;
  for (const Param &p : def.params) {
    if (!names.insert(p.name).second)
      diags.error(p.loc, "duplicate parameter '" + p.name + "'");
    for (const DimSpec &d : p.type.dims)
      if (d.kind == DimSpec::Static && d.size < 0)
        diags.error(d.loc, "array dimensions must be non-negative");
    def.paramTys.push_back(tyFromSpec(p.type));
  }
  for (const TypeSpec &r : def.results) {
    for (const DimSpec &d : r.dims)
      if (d.kind == DimSpec::Named &&
          !llvm::any_of(def.params, [&](const Param &p) {
            return llvm::any_of(p.type.dims, [&](const DimSpec &pd) {
              return pd.kind == DimSpec::Named && pd.name == d.name;
            });
          }))
        diags.error(d.loc, "dimension '" + d.name +
                               "' is not a dimension of any parameter");
    def.resultTys.push_back(tyFromSpec(r));
  }
  functions[def.name] = &def;
}

void Sema::define(FuncDef &def) {
  current = &def;
  vars.clear();
  brokenVars.clear();
  dims.clear();
  loops.clear();
  rebound.clear();
  boundOnce.clear();
  block = lastBlock = 0;
  for (const Param &p : def.params)
    boundOnce.insert(p.name);
  findRebound(def.body);

  for (auto [param, ty] : llvm::zip(def.params, def.paramTys)) {
    Var &var = bindNew(param.name, ty, param.loc);
    param.binding = var.id;
    param.varTy = var.ty;
    if (ty.isArray())
      for (const DimSpec &spec : param.type.dims)
        if (spec.kind == DimSpec::Named)
          dims.insert(spec.name);
  }
  for (const std::string &name : dims)
    if (vars.count(name))
      diags.error(def.loc,
                  "'" + name + "' is both a parameter and a dimension name");

  checkBlock(def.body);
  if (!def.resultTys.empty() && !alwaysJumps(def.body, /*loopJumps=*/false))
    diags.error(def.loc, listHolds(def.body, Stmt::Return)
                             ? "function '" + def.name +
                                   "' does not return a value on every path"
                             : "function '" + def.name +
                                   "' must end with a 'return' statement");
  current = nullptr;
}

void Sema::findRebound(const StmtList &body) {
  for (const StmtPtr &s : body) {
    if (s->kind == Stmt::Assign || s->kind == Stmt::For)
      for (const ExprPtr &target : s->targets)
        if (target->kind == Expr::Name &&
            !boundOnce.insert(target->name).second)
          rebound.insert(target->name);
    findRebound(s->body);
    findRebound(s->orelse);
  }
}

Ty Sema::variableType(StringRef name, Ty ty) const {
  if (!ty.isArray() || !rebound.contains(name))
    return ty;
  for (int64_t d = 0; d < ty.rank(); ++d) {
    ty.syms[d].clear();
    if (ty.shape[d] != 1)
      ty.shape[d] = kDyn;
  }
  return ty;
}

Sema::Var &Sema::bindNew(StringRef name, const Ty &ty, SMLoc at) {
  Var var;
  var.id = ++lastBinding;
  var.ty = ty.isScalar() ? Ty::scalar(ty.elem) : variableType(name, ty);
  var.loopDepth = loops.size();
  var.boundAt = at;
  var.block = block;
  return vars[name.str()] = var;
}

Sema::Var *Sema::lookupVar(Expr &e) {
  auto it = vars.find(e.name);
  if (it == vars.end()) {
    if (!brokenVars.contains(e.name))
      diags.error(e.loc, "name '" + e.name + "' is not defined");
    return nullptr;
  }
  if (it->second.deleted) {
    diags.error(e.loc, "name '" + e.name + "' is used after 'del'");
    diags.note(it->second.deletedAt, "deleted here");
    return nullptr;
  }
  return &it->second;
}

void Sema::checkDistributable(const FuncDef &def) {
  // Control flow: upstream partitioning does not enter regions.
  for (const StmtPtr &s : def.body) {
    if (s->kind != Stmt::For && s->kind != Stmt::While && s->kind != Stmt::If)
      continue;
    const char *what = s->kind == Stmt::For     ? "'for' loops"
                       : s->kind == Stmt::While ? "'while' loops"
                                                : "'if' statements";
    diags.error(s->loc, llvm::Twine("a @distributed function cannot contain ") +
                            what +
                            " yet: write the loop or branch in the caller, "
                            "which calls the @distributed function");
    break;
  }
  // In-place updates: partitioning has no sharding for them yet.
  auto updatesInPlace = [](const ExprPtr &target) {
    return target->kind == Expr::Subscript || target->ty.isArray();
  };
  for (const StmtPtr &s : def.body)
    if ((s->kind == Stmt::AugAssign && updatesInPlace(s->targets[0])) ||
        (s->kind == Stmt::Assign &&
         llvm::any_of(s->targets, [](const ExprPtr &t) {
           return t->kind == Expr::Subscript;
         })))
      diags.error(s->loc, "a @distributed function cannot update an array in "
                          "place yet (augmented or slice assignment): compute "
                          "a new array instead");
  // Calls of other functions of the file: calls have no sharding model.
  std::function<void(const Expr &)> visit = [&](const Expr &e) {
    if (e.kind == Expr::Call && e.children[0]->kind == Expr::Name &&
        functions.count(e.children[0]->name))
      diags.error(e.loc, "a @distributed function cannot call '" +
                             e.children[0]->name +
                             "' yet: call it from the caller instead");
    for (const ExprPtr &child : e.children)
      if (child)
        visit(*child);
    for (const auto &keyword : e.keywords)
      if (keyword.second)
        visit(*keyword.second);
  };
  for (const StmtPtr &s : def.body) {
    for (const ExprPtr &target : s->targets)
      if (target)
        visit(*target);
    if (s->value)
      visit(*s->value);
  }
}

} // namespace imex::nda
