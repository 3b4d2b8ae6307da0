//===- Lowering.h - MLIR emission for .nda ----------------------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the frontend. The lowering walks the syntax tree that the
// semantic analysis (Sema.h) has resolved and typed without errors, and
// emits MLIR: it reads each node's type and meaning and reports nothing
// (checks that need run-time values become run-time checks). The class is
// declared here and defined per construct, as clang's CodeGen is:
//   LowerFunctions.cpp  types, function signatures and bodies, GPU entries,
//                       which parameters a function updates, variables
//   LowerStmt.cpp       statements and structured control flow
//   LowerOperators.cpp  scalars, casts, broadcasting, operators, matmul
//   LowerExpr.cpp       expressions, subscripts and slices
//   LowerCall.cpp       calls: builtins, methods, user functions, print
//   LowerReductions.cpp arange and the reductions
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_FRONTEND_LOWERING_H
#define IMEX_FRONTEND_LOWERING_H

#include "AST.h"
#include "Types.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SourceMgr.h"

#include <functional>
#include <map>

namespace imex::nda {

// The frontend's own code reads better with MLIR's names unqualified; this
// header is not included outside compiler/Frontend.
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;

static_assert(kDyn == ShapedType::kDynamic, "kDyn is MLIR's dynamic size");

/// A typed value: `value` for scalars and arrays, `values` for tuples.
struct TV {
  Ty ty;
  Value value;
  SmallVector<Value> values;
};

/// The float or the integer form of a binary arith/math op.
template <typename FloatOp, typename IntOp>
Value floatOrInt(OpBuilder &b, Location l, bool isFloat, Value x, Value y) {
  if (isFloat)
    return FloatOp::create(b, l, x, y);
  return IntOp::create(b, l, x, y);
}

class Lowering {
public:
  /// Lowers the syntax tree of buffer `bufferId` of `sourceMgr` (analyzed
  /// without errors), which locations refer to as `fileName`.
  Lowering(MLIRContext *ctx, llvm::SourceMgr &sourceMgr, unsigned bufferId,
           StringRef fileName)
      : ctx(ctx), builder(ctx), sourceMgr(sourceMgr), bufferId(bufferId),
        fileName(fileName) {}

  OwningOpRef<ModuleOp> lower(Module &ast, Location fileLoc) {
    module = ModuleOp::create(fileLoc);
    builder.setInsertionPointToEnd(module->getBody());
    // Signatures first: functions may call each other in any order.
    for (auto &func : ast.functions)
      declare(*func);
    findUpdatedParams();
    for (auto &func : ast.functions)
      define(*func);
    for (auto &func : ast.functions)
      if (func->distributed)
        distribute(functions[func->name]);
    for (auto &func : ast.functions)
      if (functions[func->name].entry)
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

  //===--------------------------------------------------------------------===//
  // Functions
  //===--------------------------------------------------------------------===//

  /// A `def`. A @gpu def is emitted as a private function on GPU-placed
  /// arrays (`op`, named `<name>.gpu`) plus the exported `entry` on host
  /// arrays that copies its arguments to the device and back.
  struct FuncInfo {
    FuncDef *def = nullptr;
    func::FuncOp op, entry;
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

  /// Whether `e` may be (a view of) the array of a variable in `names`
  /// (either value of a conditional expression).
  static bool mayViewInto(const Expr &e, const llvm::StringSet<> &names);
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

  /// A variable: the nda.var slot holding its scalar or array, of the
  /// variable's type (Sema's).
  struct Var {
    Ty ty;
    Value slot;
  };

  /// The flags (bool slots) that `break` and `continue` set in the loop
  /// being emitted; null when its body has no such statement.
  struct LoopFlags {
    Value breakFlag, continueFlag;
  };
  void define(FuncDef &def);

  /// Binds variable `binding` (Sema's), named `name`, of type `ty`, to a new
  /// slot that holds `value` first.
  void bindNew(unsigned binding, StringRef name, const Ty &ty, const TV &value,
               Location l);

  /// A variable of the function, declared at its entry.
  Value makeSlot(Type type, StringRef name, Location l);

  /// A bool variable that starts out false where it is created.
  Value makeFlag(StringRef name, Location l);
  void setFlag(Value flag, bool value, Location l);
  static Type slotType(const Var &var);
  Value load(const Var &var, Location l);
  /// The variable a name reads.
  Var &variable(const Expr &name) { return vars.at(name.binding); }

  //===--------------------------------------------------------------------===//
  // Control flow: return, break and continue
  //===--------------------------------------------------------------------===//
  //
  // Structured control flow has no early exits. A jump sets a flag; the
  // statements after one that may have jumped run under `if not (flags)`,
  // loops that may be left early test the flags in their condition. The
  // flags are variables like any other, so mem2reg turns them into values.

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

  LoopFlags makeLoopFlags(const StmtList &body, Location l);
  void emitLoopBody(StmtList &body, LoopFlags flags, Location l);
  Value emitCondition(Expr &e);
  void emitAssign(Stmt &s);
  void emitDel(Stmt &s);
  /// `target = value`: a new or existing variable, or a slice of one.
  void assignTo(Expr &target, TV value, SMLoc at);
  void emitReturn(Stmt &s);

  /// Returns `results`: directly, or through the result variables and the
  /// "returned" flag.
  void finishReturn(ArrayRef<Value> results, Location l);

  /// Converts `v` to the declared type `want` (function results and call
  /// arguments; Sema checked that it converts): scalars are cast, sizes
  /// that `want` fixes and `v` has only at run time are checked there,
  /// placement changes become ndarray.copy.
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

  /// Emits `a op b` on scalars of kind `k` (the comparison/arith op).
  Value scalarBinary(OpBuilder &b, Location l, BinaryOp op, Value x, Value y,
                     ScalarKind k);

  /// Casts inside a linalg body (uses `b`).
  Value castWith(OpBuilder &b, Value v, ScalarKind from, ScalarKind to,
                 Location l);

  //===--------------------------------------------------------------------===//
  // Elementwise operations with broadcasting
  //===--------------------------------------------------------------------===//

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
  TV emitBinaryExpr(Expr &e);

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
  /// Python's ZeroDivisionError for an integer `//` or `%` (Sema reports a
  /// literal 0): a run-time check of the divisor, every element of an
  /// array.
  void checkIntegerDivisor(const TV &divisor, ScalarKind compute, Location l);
  /// Stops the program with `problem` unless `holds` (an i1) is true of
  /// every element of `array`.
  void checkEveryElement(
      const TV &array,
      function_ref<Value(OpBuilder &, Location, Value element)> holds,
      const std::string &problem, Location l);

  /// The number of elements of an array (1 for a scalar), as an index.
  Value elementCount(const TV &v, Location l);

  /// `a op b` of result type `resultTy`, computed in `compute` (Sema's).
  TV emitBinary(BinaryOp op, const TV &a, const TV &b, const Ty &resultTy,
                ScalarKind compute, SMLoc at);
  TV emitMatmul(const TV &a, const TV &b, const Ty &resultTy,
                ScalarKind compute, SMLoc at);
  /// `@` of stacks of matrices (a rank over 2): a contraction over the
  /// broadcast stack dimensions.
  TV emitBatchedMatmul(const TV &a, const TV &b, const Ty &resultTy,
                       ScalarKind compute, SMLoc at);

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
    SmallVector<Value> indexValues;
  };
  Value emitIndexValue(Expr &e);

  /// The offsets, sizes and strides of the slice `items` (Sema's, one per
  /// dimension; `subscripts` their expressions) of `source`.
  SliceSpec emitSlice(Value source, const Ty &ty, ArrayRef<Expr *> subscripts,
                      ArrayRef<SliceItem> items, SMLoc at);
  TV emitSubscript(Expr &e);
  /// A slice with a negative literal step whose bounds are known at run
  /// time (`size`: the dimension's), appended to `spec`.
  void emitBackwardSlice(SliceSpec &spec, const SliceItem &item, Expr *start,
                         Expr *stop, Value size, Location l);

  //===--------------------------------------------------------------------===//
  // Indexing with arrays (LowerIndexing.cpp)
  //===--------------------------------------------------------------------===//
  /// `base[mask]`: the elements where `mask` is true, in row-major order.
  TV emitMaskRead(const TV &base, const TV &mask, const Ty &ty, Location l);
  /// `dest[mask] = value` in place: a scalar, or a 1-d array with a value
  /// for each true element in row-major order.
  void emitMaskStore(Value dest, const Ty &destTy, const TV &mask, TV value,
                     SMLoc at);
  /// `base[indices]`: the rows of `base` that integer `indices` name
  /// (negative ones counting from the end), in the indices' shape.
  TV emitGather(const TV &base, const TV &indices, const Ty &ty, Location l);
  /// Runs `onTrue` for the row-major positions where `mask` is true,
  /// threading `init` through (`onFalse`, if given, runs for the others);
  /// the final values.
  using WalkBody = function_ref<SmallVector<Value>(
      OpBuilder &, Location, ValueRange ivs, ValueRange values)>;
  SmallVector<Value> walkMask(const TV &mask, ValueRange init, WalkBody onTrue,
                              Location l, WalkBody onFalse = nullptr);
  /// The number of true elements of `mask`, checked to have `array`'s
  /// shape.
  Value maskCount(const TV &array, const TV &mask, Location l);
  TV emitShapeIndex(Expr &e);

  /// dest[items] = value, in place (ndarray.insert_slice).
  void storeSlice(Value dest, const Ty &destTy, ArrayRef<Expr *> subscripts,
                  ArrayRef<SliceItem> items, TV value, SMLoc at);
  /// The same, for the slice `spec` of `dest`.
  void storeSlice(Value dest, const Ty &destTy, const SliceSpec &spec, TV value,
                  SMLoc at);
  /// The elements `spec` selects of `source`: a scalar or a view of type
  /// `ty`.
  TV readSlice(Value source, const SliceSpec &spec, const Ty &ty, Location l);

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//
  TV emitExpr(Expr &e);
  /// A name: a variable, a named dimension of a parameter, or one of
  /// NumPy's constants (pi, e, inf, nan) when no variable has the name.
  TV emitName(Expr &e);
  TV emitUnary(Expr &e);
  /// `a.T`, `a.ndim`, `a.size`.
  TV emitAttribute(Expr &e);
  TV emitTuple(Expr &e);
  /// `a if c else b`: only the chosen value is evaluated.
  TV emitConditional(Expr &e);
  /// `a < b < c`: each operand once, the later ones only while the
  /// comparisons hold.
  TV emitChain(Expr &e);
  /// `v.T`, of type `resultTy` (Sema's).
  TV emitTranspose(const TV &v, const Ty &resultTy, Location l);

  //===--------------------------------------------------------------------===//
  // Calls
  //===--------------------------------------------------------------------===//
  /// The sizes of the shape arguments `args` (integers or tuples of
  /// integers) that `shape` (Sema's) does not know statically, checked to
  /// be non-negative at run time.
  SmallVector<Value> emitShapeSizes(ArrayRef<Expr *> args,
                                    ArrayRef<int64_t> shape);
  /// A builtin function (Builtins.def).
  struct Builtin {
    StringRef name;
    TV (Lowering::*emit)(Expr &call, StringRef name);
  };
  static const Builtin &findBuiltin(StringRef name);

  TV emitCall(Expr &call);
  TV emitScalarConversion(Expr &call, ScalarKind k);
  // The builtins' emitters.
  TV emitPrintCall(Expr &call, StringRef name);
  TV emitLinspace(Expr &call, StringRef name);
  TV emitFilled(Expr &call, StringRef name);
  TV emitWhere(Expr &call, StringRef name);
  TV emitMinimumMaximum(Expr &call, StringRef name);
  TV emitLogical(Expr &call, StringRef name);
  TV emitArrayLiteral(Expr &call, StringRef name);
  TV emitEye(Expr &call, StringRef name);
  TV emitJoin(Expr &call, StringRef name);
  TV emitClip(Expr &call, StringRef name);
  TV emitArctan2(Expr &call, StringRef name);
  TV emitFilledLike(Expr &call, StringRef name);
  TV emitUnaryMathCall(Expr &call, StringRef name);
  TV emitLen(Expr &call, StringRef name);
  TV emitUnaryMath(StringRef name, const TV &v, const Ty &resultTy,
                   ScalarKind compute, Location l);
  TV emitArange(Expr &call, StringRef name);
  TV emitReduction(Expr &call, StringRef name);
  /// `v` reduced over `axes` (all when empty) by `op`, accumulating in
  /// `acc`: the kept dimensions, or a scalar.
  TV reduceAxes(const TV &v, ArrayRef<int64_t> axes, BinaryOp op,
                ScalarKind acc, Location l);
  /// The number of elements reduced over `axes`, less `ddof` (at least 0),
  /// as a scalar of kind `k`.
  TV countOver(const TV &v, ArrayRef<int64_t> axes, int64_t ddof, ScalarKind k,
               Location l);
  /// NumPy's var: the mean squared deviation, divided by count - ddof.
  TV emitVariance(const TV &v, ArrayRef<int64_t> axes, int64_t ddof,
                  ScalarKind acc, SMLoc at);
  /// cumsum/cumprod: running sums or products along call.axis (-1: of the
  /// flattened array), a sequential loop with the axis innermost.
  TV emitScan(Expr &call, StringRef name);

  //===--------------------------------------------------------------------===//
  // Sorting (LowerSort.cpp)
  //===--------------------------------------------------------------------===//
  /// sort/argsort along call.axis (-1: of the flattened array): a stable
  /// merge sort of each line (NaN last, as NumPy).
  TV emitSort(Expr &call, StringRef name);
  /// The lines of `v` along `axis` sorted (or, with `indices`, the i64
  /// positions that sort them).
  Value sortLines(const TV &v, int64_t axis, bool indices, Location l);
  /// `v` with one dimension (a reshape).
  TV flattened(const TV &v, int64_t count, Location l);

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

  /// What print() writes after a value: a space, a newline (after the
  /// last argument), or nothing (inside a tuple). The runtime's `last`.
  enum class PrintEnd : int32_t { Space = 0, Newline = 1, Nothing = 2 };

  /// One argument of print(): str() of the value as NumPy writes it (a
  /// tuple of scalars as Python does), then `end`
  /// (runtime/host/NumPyPrint.cpp).
  void emitPrint(const TV &v, PrintEnd end, SMLoc at);
  MLIRContext *ctx;
  OpBuilder builder;
  llvm::SourceMgr &sourceMgr;
  unsigned bufferId;
  StringRef fileName;
  OwningOpRef<ModuleOp> module;
  llvm::StringMap<FuncInfo> functions;
  FuncInfo *current = nullptr;
  Attribute encoding;
  /// The variables of the function being emitted, by binding.
  std::map<unsigned, Var> vars;

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
