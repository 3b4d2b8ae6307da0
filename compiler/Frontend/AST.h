//===- AST.h - syntax tree of the .nda array language -----------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The parser builds these nodes; the lowering (Lower.cpp) type-checks them
// with NumPy's rules and emits MLIR. Every node keeps the source location of
// its first character for diagnostics.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_FRONTEND_AST_H
#define IMEX_FRONTEND_AST_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace imex::nda {

/// Element types of the language.
enum class ScalarKind { Bool, I8, I16, I32, I64, Index, F16, F32, F64 };

/// Parses a type keyword ("f32", "index", ...).
std::optional<ScalarKind> scalarKindFromName(llvm::StringRef name);
const char *scalarKindName(ScalarKind kind);

/// Binary operators. Min and Max are NumPy's minimum and maximum, which
/// have no symbol (the builtins and max/min of two scalars use them).
enum class BinaryOp {
  Add,
  Sub,
  Mul,
  Div,
  FloorDiv,
  Mod,
  Pow,
  MatMul,
  Lt,
  Le,
  Gt,
  Ge,
  Eq,
  Ne,
  And,
  Or,
  Min,
  Max
};
enum class UnaryOp { Neg, Not };

/// How an operator is written ("+", "//", "and", "minimum", ...), and back.
llvm::StringRef spelling(BinaryOp op);
std::optional<BinaryOp> binaryOpFromSpelling(llvm::StringRef text);
bool isComparison(BinaryOp op);

/// One dimension of an array type as written: `8`, `N` or `?`.
struct DimSpec {
  enum Kind { Static, Named, Dynamic } kind = Dynamic;
  int64_t size = -1;
  std::string name;
  llvm::SMLoc loc;
};

/// A scalar type `T` or an array type `T[d0, ...]`.
struct TypeSpec {
  llvm::SMLoc loc;
  ScalarKind elem = ScalarKind::F64;
  bool isArray = false;
  std::vector<DimSpec> dims;
};

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct Expr {
  enum Kind {
    IntLit,
    FloatLit,
    BoolLit,
    StringLit,
    Name,
    Binary,    ///< binaryOp
    Unary,     ///< unaryOp
    Call,      ///< callee(args, kw=args); callee is a Name or an Attribute
    Attribute, ///< base.name
    Subscript, ///< base[items]
    Slice,     ///< start:stop:step inside a subscript (children may be null)
    Tuple,     ///< (a, b) or a, b
  };
  Kind kind;
  llvm::SMLoc loc;
  BinaryOp binaryOp = BinaryOp::Add;
  UnaryOp unaryOp = UnaryOp::Neg;
  std::string name; ///< Name, Attribute member, StringLit text
  int64_t intValue = 0;
  double floatValue = 0;
  bool boolValue = false;
  std::vector<ExprPtr> children; ///< operands, base first, call args, items
  std::vector<std::pair<std::string, ExprPtr>> keywords; ///< call keywords
  std::vector<llvm::SMLoc> keywordLocs;

  Expr(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using StmtList = std::vector<StmtPtr>;

struct Stmt {
  enum Kind {
    Assign,
    AugAssign,
    For,
    While,
    If,
    Return,
    Break,
    Continue,
    Del,
    Pass,
    ExprStmt
  };
  Kind kind;
  llvm::SMLoc loc;
  std::vector<ExprPtr> targets;   ///< Assign/AugAssign/Del targets; For var
  BinaryOp op = BinaryOp::Add;    ///< AugAssign operator
  ExprPtr value;                  ///< value, condition, return value
  std::vector<ExprPtr> rangeArgs; ///< For: range(...) arguments
  StmtList body;
  StmtList orelse; ///< If: else branch (an elif is a nested If)

  Stmt(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}
};

struct Param {
  std::string name;
  llvm::SMLoc loc;
  TypeSpec type;
};

struct FuncDef {
  std::string name;
  llvm::SMLoc loc;
  bool gpu = false;
  std::string device = "XeGPU";
  /// @distributed: array parameters split along `distributedAxis` over all
  /// MPI processes.
  bool distributed = false;
  int64_t distributedAxis = 0;
  std::vector<Param> params;
  std::vector<TypeSpec> results;
  bool hasResultTuple = false;
  StmtList body;
};

struct Module {
  std::vector<std::unique_ptr<FuncDef>> functions;
};

} // namespace imex::nda

#endif
