//===- Lowering.h - MLIR emission for .nda ----------------------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the frontend. One walk over the syntax tree per function:
// every expression is typed with NumPy's rules (Types.h) and emitted at the
// same time. The class is declared here and defined per construct, as
// clang's CodeGen is:
//   LowerFunctions.cpp  types, function signatures and bodies, GPU entries,
//                       which parameters a function updates, variables
//   LowerStmt.cpp       statements and structured control flow
//   LowerOperators.cpp  scalars, casts, broadcasting, operators, matmul
//   LowerExpr.cpp       expressions, subscripts and slices
//   LowerCall.cpp       calls: builtins, methods, user functions, print
//   LowerReductions.cpp arange and the reductions
// Type errors are reported at the offending expression; emission of that
// statement stops and the next statement is checked, so several errors are
// reported per run.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_FRONTEND_LOWERING_H
#define IMEX_FRONTEND_LOWERING_H

#include "AST.h"
#include "Diagnostics.h"
#include "Types.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <map>

namespace imex::nda {

// The frontend's own code reads better with MLIR's names unqualified; this
// header is not included outside compiler/Frontend.
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;

class Lowering {
public:
  /// Lowers the syntax tree of buffer `bufferId` of `sourceMgr`, which
  /// locations refer to as `fileName`; errors go to `diags`.
  Lowering(MLIRContext *ctx, DiagEngine &diags, llvm::SourceMgr &sourceMgr,
           unsigned bufferId, StringRef fileName)
      : ctx(ctx), diags(diags), builder(ctx), sourceMgr(sourceMgr),
        bufferId(bufferId), fileName(fileName) {}

  OwningOpRef<ModuleOp> lower(Module &ast, Location fileLoc) {
    module = ModuleOp::create(fileLoc);
    builder.setInsertionPointToEnd(module->getBody());
    // Signatures first: functions may call each other in any order.
    for (auto &func : ast.functions)
      declare(*func);
    findUpdatedParams();
    for (auto &func : ast.functions)
      if (functions.count(func->name) &&
          functions[func->name].def == func.get())
        define(*func);
    for (auto &func : ast.functions)
      if (func->distributed && functions.count(func->name) &&
          functions[func->name].def == func.get() && checkDistributable(*func))
        distribute(functions[func->name]);
    for (auto &func : ast.functions)
      if (functions.count(func->name) && functions[func->name].entry &&
          functions[func->name].def == func.get())
        defineGpuEntry(functions[func->name]);
    return std::move(module);
  }

private:
  //===--------------------------------------------------------------------===//
  // Types
  //===--------------------------------------------------------------------===//
  Type mlirScalar(ScalarKind k);
  Attribute envEncoding(bool gpu, StringRef device);
  RankedTensorType tensorType(ScalarKind k, ArrayRef<int64_t> shape);
  Type mlirType(const Ty &t);
  Ty tyFromSpec(const TypeSpec &spec);

  //===--------------------------------------------------------------------===//
  // Functions
  //===--------------------------------------------------------------------===//

  /// A `def`. A @gpu def is emitted as a private function on GPU-placed
  /// arrays (`op`, named `<name>.gpu`) plus the exported `entry` on host
  /// arrays that copies its arguments to the device and back.
  struct FuncInfo {
    FuncDef *def = nullptr;
    func::FuncOp op, entry;
    std::vector<Ty> params, results;
    Attribute encoding;
    /// Per parameter: whether the function may update the array in place.
    std::vector<bool> updatesParam;

    /// The function a caller whose arrays are placed by `callerEncoding`
    /// calls: the GPU function itself from code on the same device.
    func::FuncOp calleeFor(Attribute callerEncoding) const {
      return entry && callerEncoding != encoding ? entry : op;
    }
  };
  void declare(FuncDef &def);

  /// `type` with every array placed by `encoding`.
  FunctionType withEncoding(FunctionType type, Attribute encoding);

  /// The body of a @gpu def's exported entry: host arrays are copied to the
  /// device for the call, results copied back, and so are the arguments
  /// when the function may have updated them in place.
  void defineGpuEntry(FuncInfo &info);

  /// A @distributed def: reports (and returns false for) what it cannot
  /// hold yet, such as loops.
  bool checkDistributable(const FuncDef &def);
  /// Annotates a defined @distributed def for the distributed pipeline:
  /// array parameters whole on every process, each computing on its block
  /// of the decorator's axis; array results whole.
  void distribute(FuncInfo &info);

  //===--------------------------------------------------------------------===//
  // Which parameters a function may update in place
  //===--------------------------------------------------------------------===//
  //
  // Arrays copied for a call to another placement (host <-> GPU) are copied
  // back afterwards when the callee may have written them. Decided on the
  // syntax tree, conservatively: a parameter may be written if a slice or
  // augmented assignment gets it or a name that may hold a view of it
  // (slices and reshapes of it, transitively), or if that is passed to a
  // function that may write its parameter.

  /// The variable whose array `e` may be a view of ("" if none).
  static StringRef viewRoot(const Expr &e);
  template <typename Fn> static void forEachStmt(const StmtList &list, Fn fn) {
    for (const StmtPtr &s : list) {
      fn(*s);
      forEachStmt(s->body, fn);
      forEachStmt(s->orelse, fn);
    }
  }
  template <typename Fn> static void forEachExpr(const Expr &e, Fn fn) {
    fn(e);
    for (const ExprPtr &c : e.children)
      if (c)
        forEachExpr(*c, fn);
    for (const auto &kw : e.keywords)
      forEachExpr(*kw.second, fn);
  }

  /// Whether `e` may evaluate to a view into another array (not a whole,
  /// contiguous array): a subscript, a reshape of one, or a name that may
  /// hold one.
  bool mayBeView(const Expr &e);

  /// Adds to `names`, until nothing changes, every name that `def` assigns
  /// a value for which `holds` is true (`holds` may look at `names`).
  static void addAssignedNames(const FuncDef &def, llvm::StringSet<> &names,
                               llvm::function_ref<bool(const Expr &)> holds);

  /// The names of `def` that may hold views (`viewNames`).
  void findViews(const FuncDef &def);

  /// Sets every function's `updatesParam`, growing them together until
  /// nothing changes (a call updates what its callee updates; recursion
  /// included).
  void findUpdatedParams();
  bool mayUpdate(const FuncDef &def, StringRef param);

  /// `dest[...] = source` for arrays of the same shape.
  void writeWhole(Value dest, Value source, Location l);
  Location loc(SMLoc at);

  /// A name in scope: a variable (an nda.var slot holding a scalar or an
  /// array) or a deleted one.
  struct Var {
    enum Kind { Slot, Deleted } kind;
    Ty ty;
    Value value;            ///< the slot
    unsigned loopDepth = 0; ///< number of loops around the definition
    SMLoc deletedAt;
    Block *block = nullptr; ///< where the variable got its type
  };

  /// The flags (bool slots) that `break` and `continue` set in the loop
  /// being emitted; null when its body has no such statement.
  struct LoopFlags {
    Value breakFlag, continueFlag;
    /// Names deleted on a path that breaks: deleted after the loop.
    std::vector<std::pair<std::string, SMLoc>> deletedByBreak;
  };
  void define(FuncDef &def);

  /// Adds to `rebound` the names that `body` assigns and that are parameters
  /// or assigned elsewhere too.
  void findRebound(const StmtList &body);

  /// The type a variable promises its readers: a name bound more than once
  /// may hold arrays of other sizes, so its dimensions are `?` except those
  /// of size 1 (which broadcast), and it has no named dimensions.
  Ty variableType(StringRef name, Ty ty);

  /// Binds `name` to a new variable that holds `value` first.
  void bindNew(StringRef name, const TV &value, Location l);

  /// A variable of the function, declared at its entry.
  Value makeSlot(Type type, StringRef name, Location l);

  /// A bool variable that starts out false where it is created.
  Value makeFlag(StringRef name, Location l);
  void setFlag(Value flag, bool value, Location l);
  static Type slotType(const Var &var);
  Value load(const Var &var, Location l);

  //===--------------------------------------------------------------------===//
  // Control flow: return, break and continue
  //===--------------------------------------------------------------------===//
  //
  // Structured control flow has no early exits. A jump sets a flag; the
  // statements after one that may have jumped run under `if not (flags)`,
  // loops that may be left early test the flags in their condition. The
  // flags are variables like any other, so mem2reg turns them into values.

  /// Whether `s` is or holds a `kind` statement. Break and continue are
  /// only looked for outside nested loops: those leave the loop around `s`.
  static bool holds(const Stmt &s, Stmt::Kind kind);
  static bool listHolds(ArrayRef<StmtPtr> list, Stmt::Kind kind);

  /// Whether control may leave the statement list through `s`.
  static bool mayJump(const Stmt &s);

  /// Whether no path through `list` falls through its end: every path
  /// returns, or with `loopJumps`, may also break or continue. A
  /// `while True:` without a break never falls through.
  static bool alwaysJumps(const StmtList &list, bool loopJumps);

  /// True while no jump has happened: the condition of the statements
  /// after one that may have jumped.
  Value notJumped(Location l);

  /// `cond` evaluated only while the loop has not been left by a break or
  /// return (false otherwise): the condition of a loop that may be left
  /// early.
  Value unlessLeft(Value breakFlag, bool mayReturn, Location l,
                   llvm::function_ref<Value()> cond);
  void emitJump(Stmt &s);

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//
  void emitBlock(MutableArrayRef<StmtPtr> block);
  void emitStmt(Stmt &s);
  /// `target op= value`: computed in the promoted type, cast back with
  /// NumPy's same_kind rule.
  void emitAugAssign(Stmt &s);
  /// `for name in range(...)`: an scf.for when the step is a positive
  /// constant and nothing leaves the loop early; otherwise an scf.while on
  /// a counter that also tests the break/return flags and takes a step of
  /// either sign (a zero step is an error, at run time if not constant).
  void emitFor(Stmt &s);

  /// A name a branch deletes is deleted after it, unless the branch never
  /// falls through; then it is deleted only after the loop the branch may
  /// break out of. (What such a branch binds stays visible: after a break
  /// at the end of the loop, after a continue in later iterations.)
  void emitBranch(StmtList &body);
  LoopFlags makeLoopFlags(const StmtList &body, Location l);
  void emitLoopBody(StmtList &body, LoopFlags flags, Location l);
  Value emitCondition(Expr &e);
  void emitAssign(Stmt &s);
  void assignTo(Expr &target, TV value, SMLoc at);
  void emitReturn(Stmt &s);

  /// Returns `results` (empty after an error): directly, or through the
  /// result variables and the "returned" flag.
  void finishReturn(ArrayRef<Value> results, Location l);

  /// Converts `v` to the declared type `want` (function results and call
  /// arguments): scalars cast with 'same_kind', arrays must have the same
  /// element type and rank and compatible static sizes; placement changes
  /// become ndarray.copy.
  /// `wantDims` resolves the named dimensions of `want` (the function's
  /// own, for its results; a callee checks its parameters itself).
  Value convertTo(const TV &v, const Ty &want, SMLoc at, StringRef what,
                  Location l, Attribute wantEncoding = {}, bool useWant = false,
                  const std::map<std::string, Value> *wantDims = nullptr);

  //===--------------------------------------------------------------------===//
  // Scalars
  //===--------------------------------------------------------------------===//
  Value constIndex(int64_t v, Location l);
  Value constScalar(ScalarKind k, double f, int64_t i, Location l);
  Value castScalar(Value v, ScalarKind from, ScalarKind to, Location l);

  /// The element type an operator computes in, and the type of its result.
  struct OpTypes {
    ScalarKind compute, result;
  };
  std::optional<OpTypes> binaryTypes(BinaryOp op, const Ty &a, const Ty &b,
                                     SMLoc at);

  /// Emits `a op b` on scalars of kind `k` (the comparison/arith op).
  Value scalarBinary(OpBuilder &b, Location l, BinaryOp op, Value x, Value y,
                     ScalarKind k);

  /// Casts inside a linalg body (uses `b`).
  Value castWith(OpBuilder &b, Value v, ScalarKind from, ScalarKind to,
                 Location l);

  //===--------------------------------------------------------------------===//
  // Elementwise operations with broadcasting
  //===--------------------------------------------------------------------===//

  /// The broadcast shape of the array operands, or nullopt (reported).
  std::optional<Ty> broadcastShape(ArrayRef<const Ty *> operands, SMLoc at);
  using BodyFn = std::function<Value(OpBuilder &, Location, ArrayRef<Value>)>;

  /// A linalg.generic computing `body` over the broadcast of `operands`
  /// (scalars are used directly in the body). `resultShape` gives the
  /// iteration space; `dimMaps[k]` (optional) maps the dims of array operand
  /// k to result dims (default: right-aligned).
  Value emitElementwise(Location l, ArrayRef<TV> operands, const Ty &resultTy,
                        const BodyFn &body,
                        ArrayRef<SmallVector<int64_t>> dimMaps = {},
                        ArrayRef<Value> explicitSizes = {});

  /// `a and b`, `a or b` on scalars: `b` is evaluated only when `a` does not
  /// decide the result (it may index out of bounds or divide by zero
  /// otherwise).
  TV emitShortCircuit(Expr &e, const TV &a);

  /// Broadcasting follows the static shapes: a dimension of size 1
  /// stretches, a `?` dimension never does. Sizes that must then be equal
  /// but are only known at run time are checked there (a mismatch would
  /// read out of bounds).
  void checkBroadcastAtRunTime(Location l, ArrayRef<TV> operands,
                               const Ty &resultTy,
                               ArrayRef<SmallVector<int64_t>> dimMaps,
                               ArrayRef<Value> explicitSizes);

  /// `index` into a dimension of `size` elements, counting from the end
  /// when negative; out of bounds stops the program, as NumPy raises.
  Value checkedIndex(Value index, Value size, int64_t axis, Location l);

  /// Stops the program with "file:line:col: <problem>" at run time unless
  /// `lhs <predicate> rhs`.
  void checkAtRunTime(arith::CmpIPredicate predicate, Value lhs, Value rhs,
                      const std::string &problem, Location l);
  void checkNotEmpty(Value size, const std::string &problem, Location l);
  /// The number of values of range(lb, ub, step) (step != 0), unsigned:
  /// up to 2**64 - 1, computed without overflow.
  Value rangeTripCount(Value lb, Value ub, Value step, Location l);
  /// Python's ZeroDivisionError for an integer `//` or `%`: a compile-time
  /// error for a constant 0, else a run-time check of the divisor (every
  /// element of an array). False after a compile-time error.
  bool checkIntegerDivisor(const TV &divisor, ScalarKind compute, SMLoc at);

  /// The number of elements of an array (1 for a scalar), as an index.
  Value elementCount(const TV &v, Location l);

  TV emitBinary(BinaryOp op, const TV &a, const TV &b, SMLoc at);
  TV emitMatmul(const TV &a, const TV &b, SMLoc at);

  /// The array with elements converted to `k` (itself when equal).
  TV convertElem(const TV &v, ScalarKind k, Location l);

  //===--------------------------------------------------------------------===//
  // Slices
  //===--------------------------------------------------------------------===//
  struct SliceSpec {
    SmallVector<OpFoldResult> offsets, sizes, strides;
    SmallVector<int64_t> fullShape; ///< static sizes per source dim
    SmallVector<int64_t> keptDims;  ///< dims that are slices (not indices)
    SmallVector<Value> sizeValues;  ///< size of every source dim
    bool allIndices = true;
    SmallVector<Value> indexValues;
  };
  std::optional<int64_t> literal(Expr *e);
  Value emitIndexValue(Expr &e);

  /// Adds the slice first:last:step (in bounds) to `spec`; returns its size.
  int64_t addConstantSlice(SliceSpec &spec, int64_t first, int64_t last,
                           int64_t step, Location l);
  std::optional<SliceSpec> analyzeSlice(Value source, const Ty &ty,
                                        ArrayRef<Expr *> items, SMLoc at);
  TV emitSubscript(Expr &e);

  /// dest[items] = value, in place (ndarray.insert_slice); no items: all.
  void storeSlice(Value dest, const Ty &destTy, ArrayRef<Expr *> items,
                  TV value, SMLoc at);

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//
  Var *lookupVar(Expr &e);
  TV emitExpr(Expr &e);
  /// A name: a variable, a named dimension of a parameter, or one of
  /// NumPy's constants (pi, e, inf, nan) when no variable has the name.
  TV emitName(Expr &e);
  TV emitUnary(Expr &e);
  /// `a.T`, `a.ndim`, `a.size` (`a.shape` only indexed).
  TV emitAttribute(Expr &e);
  TV emitTuple(Expr &e);
  TV emitTranspose(const TV &v, Location l);

  //===--------------------------------------------------------------------===//
  // Calls
  //===--------------------------------------------------------------------===//
  bool checkArity(Expr &call, StringRef name, size_t min, size_t max,
                  ArrayRef<StringRef> keywords = {});
  Expr *keyword(Expr &call, StringRef name);
  std::optional<ScalarKind> dtypeArg(Expr *e);

  /// A shape argument: an integer or a tuple of integers.
  bool shapeArg(Expr &e, SmallVector<int64_t> &shape, SmallVector<Value> &dyn);
  /// A builtin function (Builtins.def).
  struct Builtin {
    StringRef name;
    TV (Lowering::*emit)(Expr &call, StringRef name);
    size_t minArgs, maxArgs;
    std::vector<StringRef> keywords;
  };
  static constexpr size_t kVariadic = ~size_t(0);
  static const Builtin *findBuiltin(StringRef name);

  TV emitCall(Expr &call);
  TV emitScalarConversion(Expr &call, ScalarKind k);
  // The builtins' emitters, called with the arguments checked.
  TV emitPrintCall(Expr &call, StringRef name);
  TV emitRangeOutsideFor(Expr &call, StringRef name);
  TV emitLinspace(Expr &call, StringRef name);
  TV emitFilled(Expr &call, StringRef name);
  TV emitWhere(Expr &call, StringRef name);
  TV emitMinimumMaximum(Expr &call, StringRef name);
  TV emitUnaryMathCall(Expr &call, StringRef name);
  TV emitLen(Expr &call, StringRef name);
  TV emitUnaryMath(StringRef name, const TV &v, Location l);
  TV emitArange(Expr &call, StringRef name);
  std::optional<int64_t> axisArg(Expr &call, const Ty &ty);
  TV emitReduction(Expr &call, StringRef name);

  /// The identity of max (the lowest value of `k`) or of min (the highest).
  Value extremeIdentity(ScalarKind k, bool forMax, Location l);

  /// argmax/argmin over the whole array (the index into the flattened,
  /// row-major array) or along `axis` (an array of indices).
  TV emitArgReduction(Expr &call, StringRef name);
  TV emitAstype(const TV &v, ScalarKind k, Location l);
  TV emitMethod(Expr &call);
  TV emitUserCall(Expr &call, FuncInfo &callee);

  /// The declaration of runtime function `name` (created on first use).
  func::FuncOp runtimeFunction(StringRef name, FunctionType type, Location l);

  /// print() without arguments: an empty line.
  void emitPrintNewline(Location l);

  /// One argument of print(): str() of the value as NumPy writes it, then
  /// a space, or a newline after the `last` one (runtime/host/NumPyPrint.cpp).
  bool emitPrint(const TV &v, bool last, SMLoc at);
  MLIRContext *ctx;
  DiagEngine &diags;
  OpBuilder builder;
  llvm::SourceMgr &sourceMgr;
  unsigned bufferId;
  StringRef fileName;
  OwningOpRef<ModuleOp> module;
  llvm::StringMap<FuncInfo> functions;
  FuncInfo *current = nullptr;
  Attribute encoding;
  std::map<std::string, Var> vars;

  /// Names bound more than once in the function being emitted.
  llvm::StringSet<> rebound, boundOnce;

  /// Names of the function being emitted that may hold views.
  llvm::StringSet<> viewNames;
  std::map<std::string, Value> dims;
  SmallVector<LoopFlags> loops;
  Value returnFlag;
  SmallVector<Value> resultSlots;
  Block *entryBlock = nullptr;
};

} // namespace imex::nda

#endif
