//===- AST.cpp - names of the .nda syntax tree's kinds and operators ------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "AST.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using llvm::StringRef;

namespace imex::nda {

std::optional<ScalarKind> scalarKindFromName(StringRef name) {
  return llvm::StringSwitch<std::optional<ScalarKind>>(name)
      .Case("bool", ScalarKind::Bool)
      .Case("i8", ScalarKind::I8)
      .Case("i16", ScalarKind::I16)
      .Case("i32", ScalarKind::I32)
      .Case("i64", ScalarKind::I64)
      .Case("u8", ScalarKind::U8)
      .Case("u16", ScalarKind::U16)
      .Case("u32", ScalarKind::U32)
      .Case("u64", ScalarKind::U64)
      .Case("index", ScalarKind::Index)
      .Case("f16", ScalarKind::F16)
      .Case("f32", ScalarKind::F32)
      .Case("f64", ScalarKind::F64)
      .Default(std::nullopt);
}

namespace {
constexpr std::pair<BinaryOp, const char *> kBinarySpellings[] = {
    {BinaryOp::Add, "+"},       {BinaryOp::Sub, "-"},
    {BinaryOp::Mul, "*"},       {BinaryOp::Div, "/"},
    {BinaryOp::FloorDiv, "//"}, {BinaryOp::Mod, "%"},
    {BinaryOp::Pow, "**"},      {BinaryOp::MatMul, "@"},
    {BinaryOp::Lt, "<"},        {BinaryOp::Le, "<="},
    {BinaryOp::Gt, ">"},        {BinaryOp::Ge, ">="},
    {BinaryOp::Eq, "=="},       {BinaryOp::Ne, "!="},
    {BinaryOp::And, "and"},     {BinaryOp::Or, "or"},
    {BinaryOp::BitAnd, "&"},    {BinaryOp::BitOr, "|"},
    {BinaryOp::BitXor, "^"},    {BinaryOp::Min, "minimum"},
    {BinaryOp::Max, "maximum"}};
} // namespace

StringRef spelling(BinaryOp op) {
  for (auto [candidate, text] : kBinarySpellings)
    if (candidate == op)
      return text;
  return "?";
}

std::optional<BinaryOp> binaryOpFromSpelling(StringRef text) {
  for (auto [op, candidate] : kBinarySpellings)
    if (text == candidate)
      return op;
  return std::nullopt;
}

bool isNewAxis(const Expr &e) {
  return e.kind == Expr::NoneLit ||
         (e.kind == Expr::Attribute && e.name == "newaxis" &&
          e.children[0]->kind == Expr::Name);
}

std::vector<Expr *> subscriptItems(Expr &e, int64_t rank) {
  int64_t named = 0;
  for (size_t i = 1; i < e.children.size(); ++i)
    if (!isNewAxis(*e.children[i]) && e.children[i]->kind != Expr::Ellipsis)
      ++named;
  std::vector<Expr *> items;
  for (size_t i = 1; i < e.children.size(); ++i) {
    Expr *item = e.children[i].get();
    if (isNewAxis(*item))
      continue;
    if (item->kind == Expr::Ellipsis)
      items.insert(items.end(), std::max<int64_t>(0, rank - named), nullptr);
    else
      items.push_back(item);
  }
  return items;
}

bool isBitwise(BinaryOp op) {
  return op == BinaryOp::BitAnd || op == BinaryOp::BitOr ||
         op == BinaryOp::BitXor;
}

bool isComparison(BinaryOp op) {
  return op == BinaryOp::Lt || op == BinaryOp::Le || op == BinaryOp::Gt ||
         op == BinaryOp::Ge || op == BinaryOp::Eq || op == BinaryOp::Ne;
}

const char *scalarKindName(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::Bool:
    return "bool";
  case ScalarKind::I8:
    return "i8";
  case ScalarKind::I16:
    return "i16";
  case ScalarKind::I32:
    return "i32";
  case ScalarKind::I64:
    return "i64";
  case ScalarKind::U8:
    return "u8";
  case ScalarKind::U16:
    return "u16";
  case ScalarKind::U32:
    return "u32";
  case ScalarKind::U64:
    return "u64";
  case ScalarKind::Index:
    return "index";
  case ScalarKind::F16:
    return "f16";
  case ScalarKind::F32:
    return "f32";
  case ScalarKind::F64:
    return "f64";
  }
  return "?";
}

Expr *findKeyword(Expr &call, StringRef name) {
  for (auto &[k, v] : call.keywords)
    if (k == name)
      return v.get();
  return nullptr;
}

bool holds(const Stmt &s, Stmt::Kind kind) {
  if (s.kind == kind)
    return true;
  if (kind != Stmt::Return && s.kind != Stmt::If)
    return false;
  return listHolds(s.body, kind) || listHolds(s.orelse, kind);
}

bool listHolds(llvm::ArrayRef<StmtPtr> list, Stmt::Kind kind) {
  return llvm::any_of(list,
                      [kind](const StmtPtr &s) { return holds(*s, kind); });
}

bool mayJump(const Stmt &s) {
  return holds(s, Stmt::Return) || holds(s, Stmt::Break) ||
         holds(s, Stmt::Continue);
}

bool alwaysJumps(llvm::ArrayRef<StmtPtr> list, bool loopJumps) {
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

} // namespace imex::nda
