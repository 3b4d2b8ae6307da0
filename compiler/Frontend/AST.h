//===- AST.h - syntax tree of the .nda array language -----------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The parser builds these nodes; the semantic analysis (Sema.h) resolves
// their names and calls and types them with NumPy's rules, writing what it
// found into the fields marked "semantic"; the lowering (Lowering.h) reads
// those and emits MLIR. Every node keeps the source location of its first
// character for diagnostics.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_FRONTEND_AST_H
#define IMEX_FRONTEND_AST_H

#include "Types.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace imex::nda {

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
  BitAnd,
  BitOr,
  BitXor,
  Min,
  Max
};
/// `-x`, `not x` and `~x` (bitwise invert: logical not of booleans).
enum class UnaryOp { Neg, Plus, Not, Invert };

/// How an operator is written ("+", "//", "and", "minimum", ...), and back.
llvm::StringRef spelling(BinaryOp op);
std::optional<BinaryOp> binaryOpFromSpelling(llvm::StringRef text);
bool isComparison(BinaryOp op);
/// `&`, `|` and `^`: bitwise on integers, logical on booleans.
bool isBitwise(BinaryOp op);

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

/// What a name, call or subscript denotes (semantic).
enum class Meaning {
  None,
  Variable,    ///< Name: a variable
  Dimension,   ///< Name: a named dimension of a parameter (an index)
  Constant,    ///< Name: one of NumPy's constants (value in floatValue)
  UserCall,    ///< Call: a function of the module
  BuiltinCall, ///< Call: a builtin (Builtins.def)
  Conversion,  ///< Call: a scalar type name used as a function
  MethodCall,  ///< Call: a method of an array (astype, copy, reshape)
  ShapeIndex,  ///< Subscript: `a.shape[k]` (k in axis)
  MaskIndex,   ///< Subscript: `a[mask]`, a boolean array of a's shape
  GatherIndex, ///< Subscript: `a[indices]`, an integer array (along axis 0)
};

/// How one item of a subscript selects along its dimension (semantic).
struct SliceItem {
  enum Kind {
    Index,         ///< one element: dropped from the result
    StaticSlice,   ///< first/size/step known (bounds clamped at compile time)
    ConstantSlice, ///< constant bounds on a `?` dimension: size known, the
                   ///< dimension checked to be long enough at run time
    DynamicSlice,  ///< bounds computed at run time
  } kind = DynamicSlice;
  int64_t first = 0, size = kDyn, step = 1;
  int64_t stop = 0; ///< ConstantSlice: the end the dimension must reach
  std::optional<int64_t> literalIndex; ///< Index: a literal (normalized on
                                       ///< dimensions of static size)
  /// DynamicSlice: the bounds and step that are literals.
  std::optional<int64_t> literalStart, literalStop, literalStep;
};

struct Expr {
  enum Kind {
    IntLit,
    FloatLit,
    BoolLit,
    StringLit,
    Name,
    Binary,      ///< binaryOp
    Unary,       ///< unaryOp
    Call,        ///< callee(args, kw=args); callee is a Name or an Attribute
    Attribute,   ///< base.name
    Subscript,   ///< base[items]
    Slice,       ///< start:stop:step inside a subscript (children may be null)
    Tuple,       ///< (a, b) or a, b
    Conditional, ///< `then if cond else other`: children then, cond, other
    Chain,       ///< a < b <= c: the operands, and the operators in chainOps
    List,        ///< [a, b, ...]: only as array()'s argument (nested)
    NoneLit,     ///< None: only in subscripts, a new axis
    Ellipsis,    ///< `...`: only in subscripts, the dimensions not named
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
  std::vector<BinaryOp> chainOps; ///< Chain: the comparisons, in order

  // Semantic: set by the semantic analysis.
  Ty ty;                                ///< the value's type
  Meaning meaning = Meaning::None;      ///< what a name, call or subscript is
  ScalarKind compute = ScalarKind::F64; ///< the kind an operator, math
                                        ///< builtin or reduction computes in
  int64_t axis = -1; ///< a reduction's or shape index's axis; reshape: the
                     ///< dimension given as -1 (its size inferred)
  /// A reduction's axes (sorted; empty: all), whether it keeps them as
  /// size-1 dimensions, and var/std's delta degrees of freedom.
  std::vector<int64_t> axes;
  bool keepdims = false;
  int64_t ddof = 0;
  bool pairwise = false;  ///< max(a, b)/min(a, b) of two scalars
  bool numpyName = false; ///< Name: written `np.x`, NumPy's x (no variable)
  unsigned binding = 0;   ///< Name: the variable it reads
  /// Assignment target (Name): the variable it writes, a new one when
  /// `bindsNew` (of type `varTy`).
  unsigned assigned = 0;
  bool bindsNew = false;
  Ty varTy;
  /// Subscript: the dimensions of the result that None (np.newaxis) adds.
  std::vector<int64_t> newAxes;
  std::vector<SliceItem> items; ///< Subscript: per dimension of the base
  std::vector<ScalarKind> chainCompute; ///< Chain: each comparison's kind

  Expr(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}
};

/// Whether `e` is a new axis in a subscript: None or np.newaxis.
bool isNewAxis(const Expr &e);
/// The items of the subscript `e`, one per dimension of the array of
/// `rank` it indexes: `...` stands for whole slices (nullptr), new axes
/// are left out. (More items than `rank` when it has too many.)
std::vector<Expr *> subscriptItems(Expr &e, int64_t rank);

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
  bool unpack = false;            ///< Assign: targets written as a tuple
  BinaryOp op = BinaryOp::Add;    ///< AugAssign operator
  ExprPtr value;                  ///< value, condition, return value
  std::vector<ExprPtr> rangeArgs; ///< For: range(...) arguments
  StmtList body;
  StmtList orelse; ///< If: else branch (an elif is a nested If)

  // Semantic. AugAssign: the operator's result type and compute kind.
  // For: the step when constant.
  Ty resultTy;
  ScalarKind compute = ScalarKind::F64;
  std::optional<int64_t> constantStep;

  Stmt(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}
};

struct Param {
  std::string name;
  llvm::SMLoc loc;
  TypeSpec type;
  // Semantic: the variable the parameter binds, and its type.
  unsigned binding = 0;
  Ty varTy;
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

  // Semantic: the parameters' and results' types.
  std::vector<Ty> paramTys, resultTys;
};

struct Module {
  std::vector<std::unique_ptr<FuncDef>> functions;
  /// The names `import numpy [as name]` gave NumPy.
  std::vector<std::string> numpyAliases;
  /// Functions whose definition did not parse (already reported: calls of
  /// them are not reported again).
  std::vector<std::string> brokenFunctions;
};

/// The value of keyword argument `name` of `call`, or null.
Expr *findKeyword(Expr &call, llvm::StringRef name);

//===----------------------------------------------------------------------===//
// Control flow of statement lists
//===----------------------------------------------------------------------===//

/// Whether `s` is or holds a `kind` statement. Break and continue are only
/// looked for outside nested loops: those leave the loop around `s`.
bool holds(const Stmt &s, Stmt::Kind kind);
bool listHolds(llvm::ArrayRef<StmtPtr> list, Stmt::Kind kind);

/// Whether control may leave the statement list through `s`.
bool mayJump(const Stmt &s);

/// Whether no path through `list` falls through its end: every path
/// returns, or with `loopJumps`, may also break or continue. A
/// `while True:` without a break never falls through.
bool alwaysJumps(llvm::ArrayRef<StmtPtr> list, bool loopJumps);

} // namespace imex::nda

#endif
