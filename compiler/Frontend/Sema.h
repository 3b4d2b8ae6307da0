//===- Sema.h - semantic analysis of .nda -----------------------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the frontend. The semantic analysis walks the syntax tree the
// parser built, in the order the lowering will emit it:
//   SemaDecl.cpp   signatures, function bodies, variables and their scopes,
//                  @distributed defs
//   SemaStmt.cpp   statements: assignment, control flow, return
//   SemaExpr.cpp   names, operators and broadcasting, subscripts, slices
//   SemaCall.cpp   calls: builtins (Builtins.def), methods, user functions
// It resolves every name and call, types every expression with NumPy's
// rules (Types.h) and reports every error there is, writing its results
// into the tree (the "semantic" fields of AST.h). The lowering runs only
// when it found no error, and reads those fields instead of deciding again.
// An error stops the analysis of its statement and the next statement is
// checked, so several errors are reported per run.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_FRONTEND_SEMA_H
#define IMEX_FRONTEND_SEMA_H

#include "AST.h"
#include "Diagnostics.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <set>

namespace imex::nda {

using llvm::SMLoc;
using llvm::StringRef;

class Sema {
public:
  explicit Sema(DiagEngine &diags) : diags(diags) {}

  /// Analyzes `module`; false if it reported an error.
  bool analyze(Module &module);

private:
  //===--------------------------------------------------------------------===//
  // Functions and variables (SemaDecl.cpp)
  //===--------------------------------------------------------------------===//
  static Ty tyFromSpec(const TypeSpec &spec);
  void declare(FuncDef &def);
  void define(FuncDef &def);
  /// The things a @distributed def cannot hold yet, reported.
  void checkDistributable(const FuncDef &def);

  /// A name in scope: a variable, or one `del` removed.
  struct Var {
    unsigned id = 0; ///< the binding (Expr::binding) it is
    bool deleted = false;
    Ty ty;
    unsigned loopDepth = 0; ///< number of loops around the definition
    SMLoc boundAt, deletedAt;
    unsigned block = 0; ///< the block where the variable got its type
  };

  /// The loop being analyzed: names deleted on a path that breaks, which
  /// are deleted after the loop.
  struct Loop {
    std::vector<std::pair<std::string, SMLoc>> deletedByBreak;
  };

  /// Adds to `rebound` the names that `body` assigns and that are
  /// parameters or assigned elsewhere too.
  void findRebound(const StmtList &body);

  /// The type a variable promises its readers: a name bound more than once
  /// may hold arrays of other sizes, so its dimensions are `?` except those
  /// of size 1 (which broadcast), and it has no named dimensions.
  Ty variableType(StringRef name, Ty ty) const;

  /// Binds `name` (at `at`) to a new variable holding values of type `ty`;
  /// the new variable.
  Var &bindNew(StringRef name, const Ty &ty, SMLoc at);

  /// The variable `e` names, or null (reported).
  Var *lookupVar(Expr &e);

  //===--------------------------------------------------------------------===//
  // Statements (SemaStmt.cpp)
  //===--------------------------------------------------------------------===//
  void checkBlock(llvm::MutableArrayRef<StmtPtr> block);
  void checkStmt(Stmt &s);
  void checkJump(Stmt &s);
  void checkDel(Stmt &s);
  void checkAugAssign(Stmt &s);
  void checkFor(Stmt &s);
  void checkAssign(Stmt &s);
  /// `target = value`: binds or rebinds a variable, or stores into a slice.
  void assignTo(Expr &target, const Ty &value, SMLoc at);
  void checkReturn(Stmt &s);
  /// A branch, in a new block: names it deletes are deleted after it unless
  /// it never falls through; then only after the loop it may break out of.
  void checkBranch(StmtList &body);
  void checkLoopBody(StmtList &body);
  bool checkCondition(Expr &e);

  /// Whether a value of type `v` converts to the declared type `want`
  /// (function results, call arguments): scalars with 'same_kind', arrays
  /// of the same element type and rank and compatible static sizes.
  /// Reports "<what>: expected ..., got ..." otherwise.
  bool convertible(const Ty &v, const Ty &want, SMLoc at, StringRef what);

  /// Enters a new block (a branch, a loop body, the statements after one
  /// that may jump) for the statements `fn` checks.
  template <typename Fn> void inNewBlock(Fn fn) {
    unsigned saved = block;
    block = ++lastBlock;
    fn();
    block = saved;
  }

  //===--------------------------------------------------------------------===//
  // Expressions (SemaExpr.cpp)
  //===--------------------------------------------------------------------===//
  /// Types `e` (and sets e.ty); an error type after reporting.
  Ty check(Expr &e);
  Ty checkName(Expr &e);
  Ty checkUnary(Expr &e);
  Ty checkBinaryExpr(Expr &e);
  Ty checkAttribute(Expr &e);
  Ty checkTuple(Expr &e);
  Ty checkConditional(Expr &e);
  Ty checkChain(Expr &e);
  Ty checkSubscript(Expr &e);
  /// At most one `...` in the subscript `e`, and no new axis in a target.
  bool checkSubscriptForm(Expr &e, bool isTarget);
  /// `a[m]` with `m` an array (of type `index`): a boolean mask of a's
  /// shape, or integer indices along a's first axis. Sets e.meaning; the
  /// type of the elements it selects.
  Ty checkArrayIndex(Expr &e, const Ty &base, const Ty &index);
  /// `target = value` for such a subscript: masks only.
  void checkArrayIndexStore(Expr &target, const Ty &dest, const Ty &index,
                            const Ty &value, SMLoc at);
  /// `a.shape[k]`.
  Ty checkShapeIndex(Expr &e);

  /// The compute and result kinds of `a op b`, or nullopt (reported).
  struct OpKinds {
    ScalarKind compute, result;
  };
  std::optional<OpKinds> binaryKinds(BinaryOp op, const Ty &a, const Ty &b,
                                     SMLoc at);
  /// The type of `a op b` (its compute kind in `compute`), checking the
  /// operands: elementwise with broadcasting, or matmul.
  Ty binaryType(BinaryOp op, const Ty &a, const Ty &b, Expr *divisor, SMLoc at,
                ScalarKind &compute);
  Ty matmulType(const Ty &a, const Ty &b, SMLoc at, ScalarKind &compute);
  /// The broadcast shape of the array operands, or nullopt (reported).
  std::optional<Ty> broadcastShape(ArrayRef<const Ty *> operands, SMLoc at);

  std::optional<int64_t> literal(const Expr *e) const;
  /// The value of an integer expression that the lowering emits as a
  /// constant: a literal, or conversions of one to integer kinds.
  std::optional<int64_t> foldedInteger(const Expr &e) const;
  /// An index operand: an integer or bool scalar.
  /// An integer (or bool) scalar; otherwise the error "<rule>, not <type>".
  bool checkIndexValue(Expr &e,
                       StringRef rule = "array indices must be integers");
  /// Resolves the items of a subscript of an array of type `ty` into
  /// `items` (one per dimension); false after an error.
  bool analyzeSlice(const Ty &ty, ArrayRef<Expr *> items, SMLoc at,
                    std::vector<SliceItem> &out);
  /// The shape a subscript with `items` leaves of `ty`.
  static Ty sliceType(const Ty &ty, ArrayRef<Expr *> subscripts,
                      ArrayRef<SliceItem> items);
  /// `dest[items] = value`: the value's castability and broadcast.
  bool checkStoreSlice(const Ty &destTy, ArrayRef<SliceItem> items,
                       const Ty &value, SMLoc at);

  //===--------------------------------------------------------------------===//
  // Calls (SemaCall.cpp)
  //===--------------------------------------------------------------------===//
  /// A builtin function (Builtins.def) and how its calls are checked.
  struct Builtin {
    StringRef name;
    Ty (Sema::*check)(Expr &call, StringRef name);
    size_t minArgs, maxArgs;
    std::vector<StringRef> keywords;
  };
  static constexpr size_t kVariadic = ~size_t(0);
  static const Builtin *findBuiltin(StringRef name);

  bool checkArity(Expr &call, StringRef name, size_t min, size_t max,
                  ArrayRef<StringRef> keywords = {});
  std::optional<ScalarKind> dtypeArg(Expr *e);
  /// A shape argument: an integer or a tuple of integers; its static
  /// sizes (kDyn where computed) are added to `shape`.
  /// The sizes `e` gives (an integer or a tuple of them), appended to
  /// `shape` (kDyn for those known at run time). With `inferred`, one may be
  /// -1 (reshape's "the rest"): its position goes there, its size is kDyn.
  bool shapeArg(Expr &e, SmallVector<int64_t> &shape,
                int64_t *inferred = nullptr);
  /// A reduction's `axis` (an integer or a tuple of them, literals) into
  /// call.axes, its `keepdims` (a bool literal) and, for var/std, `ddof`.
  bool reductionArgs(Expr &call, StringRef name, const Ty &ty);
  /// The axis argument of reduction `name` of an array of type `ty`
  /// (positional or keyword); `failed` after an error.
  std::optional<int64_t> axisArg(Expr &call, StringRef name, const Ty &ty,
                                 bool &failed);
  /// `axis` (if given), an integer literal, normalized for an array of
  /// `rank`; `failed` after an error.
  std::optional<int64_t> literalAxis(Expr *axis, int64_t rank, bool &failed);
  /// sort's `kind`, if given: one of NumPy's names.
  bool checkSortKind(Expr &call);
  /// False (reported) if `keyword` is given both by keyword and as the
  /// positional argument at `position`.
  bool checkNotTwice(Expr &call, StringRef name, StringRef keyword,
                     size_t position);

  /// Rewrites `np.x` (a NumPy alias imported, not a variable) into the name
  /// `x` of the language (NumPy's dtype names into its type names); false
  /// if `e` is not such a name.
  bool unqualify(Expr &e);
  /// Rewrites a method call `a.f(args)` of a builtin that is also a method
  /// in NumPy (a.sum(axis=0), ...) into `f(a, args)`; false if it is not one.
  bool desugarMethod(Expr &call);

  Ty checkCall(Expr &call);
  /// `k(x)`: a conversion; `scalarOnly` for Python's int() and float().
  Ty checkConversion(Expr &call, ScalarKind k, bool scalarOnly = false);
  Ty checkMethod(Expr &call);
  Ty checkUserCall(Expr &call, FuncDef &callee);
  // The builtins' checkers, called with the arity checked.
  Ty checkPrint(Expr &call, StringRef name);
  Ty checkRangeOutsideFor(Expr &call, StringRef name);
  Ty checkLinspace(Expr &call, StringRef name);
  Ty checkFilled(Expr &call, StringRef name);
  Ty checkWhere(Expr &call, StringRef name);
  Ty checkMinimumMaximum(Expr &call, StringRef name);
  Ty checkLogical(Expr &call, StringRef name);
  Ty checkArrayLiteral(Expr &call, StringRef name);
  /// Whether the nested list `e`, at `depth`, has `shape` (the lengths
  /// along its first path) everywhere; its leaves, scalars, are checked and
  /// promoted into `kind`.
  bool listShape(Expr &e, size_t depth, SmallVector<int64_t> &shape,
                 std::optional<ScalarKind> &kind);
  Ty checkEye(Expr &call, StringRef name);
  Ty checkScan(Expr &call, StringRef name);
  Ty checkSort(Expr &call, StringRef name);
  Ty checkJoin(Expr &call, StringRef name);
  Ty checkUnaryMath(Expr &call, StringRef name);
  Ty checkLen(Expr &call, StringRef name);
  Ty checkArange(Expr &call, StringRef name);
  Ty checkReduction(Expr &call, StringRef name);
  Ty checkArgReduction(Expr &call, StringRef name);
  Ty checkClip(Expr &call, StringRef name);
  Ty checkArctan2(Expr &call, StringRef name);
  Ty checkFilledLike(Expr &call, StringRef name);

  DiagEngine &diags;
  llvm::StringSet<> numpyAliases;
  llvm::StringMap<FuncDef *> functions;
  /// Names whose definition failed with an error already reported: uses of
  /// them are not reported again. Functions that did not parse, and the
  /// current function's variables whose value had an error.
  llvm::StringSet<> brokenFunctions, brokenVars;
  FuncDef *current = nullptr;
  std::map<std::string, Var> vars;
  /// Named dimensions of the parameters of the function being analyzed.
  std::set<std::string> dims;
  /// Names bound more than once in the function being analyzed.
  llvm::StringSet<> rebound, boundOnce;
  SmallVector<Loop> loops;
  unsigned block = 0, lastBlock = 0;
  unsigned lastBinding = 0;
};

} // namespace imex::nda

#endif
