//===- Lower.cpp - type checking and MLIR emission for .nda ---------------===//
//
// One walk over the syntax tree per function: every expression is typed with
// NumPy's rules (promotion with weak Python literals, true and floor
// division, bool comparisons, broadcasting) and emitted at the same time.
// Type errors are reported at the offending expression; emission of that
// statement stops and the next statement is checked, so several errors are
// reported per run. Nothing is returned when any error was reported.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Frontend.h"
#include "Frontend/Parser.h"

#include "Transforms/Passes.h"
#include "nda/IR/Nda.h"
#include "ndarray/IR/NDArray.h"
#include "region/IR/Region.h"

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

#include <functional>

using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;

namespace imex::nda {
namespace {

constexpr int64_t kDyn = ShapedType::kDynamic;

bool isFloat(ScalarKind k) {
  return k == ScalarKind::F16 || k == ScalarKind::F32 || k == ScalarKind::F64;
}
bool isInt(ScalarKind k) {
  return k == ScalarKind::I8 || k == ScalarKind::I16 || k == ScalarKind::I32 ||
         k == ScalarKind::I64 || k == ScalarKind::Index;
}
unsigned bits(ScalarKind k) {
  switch (k) {
  case ScalarKind::Bool: return 1;
  case ScalarKind::I8: return 8;
  case ScalarKind::I16: case ScalarKind::F16: return 16;
  case ScalarKind::I32: case ScalarKind::F32: return 32;
  default: return 64;
  }
}

/// The type of a value in the language.
struct Ty {
  enum Kind { Error, None, Scalar, Array, Tuple } kind = Error;
  ScalarKind elem = ScalarKind::F64;
  bool weak = false; ///< a Python literal (NEP 50 weak scalar)
  SmallVector<int64_t> shape;
  SmallVector<std::string> syms; ///< named dimensions ("" when none)
  std::vector<Ty> elems;

  static Ty error() { return Ty(); }
  static Ty none() { Ty t; t.kind = None; return t; }
  static Ty scalar(ScalarKind k, bool weak = false) {
    Ty t;
    t.kind = Scalar;
    t.elem = k;
    t.weak = weak;
    return t;
  }
  static Ty array(ScalarKind k, ArrayRef<int64_t> shape,
                  ArrayRef<std::string> syms = {}) {
    Ty t;
    t.kind = Array;
    t.elem = k;
    t.shape.assign(shape.begin(), shape.end());
    t.syms.assign(shape.size(), "");
    for (size_t i = 0; i < syms.size() && i < shape.size(); ++i)
      t.syms[i] = syms[i];
    return t;
  }
  bool isError() const { return kind == Error; }
  bool isScalar() const { return kind == Scalar; }
  bool isArray() const { return kind == Array; }
  int64_t rank() const { return shape.size(); }

  std::string str() const {
    switch (kind) {
    case Error: return "<error>";
    case None: return "None";
    case Scalar: return scalarKindName(elem);
    case Tuple: {
      std::string s = "(";
      for (size_t i = 0; i < elems.size(); ++i)
        s += (i ? ", " : "") + elems[i].str();
      return s + ")";
    }
    case Array: {
      std::string s = std::string(scalarKindName(elem)) + "[";
      for (size_t i = 0; i < shape.size(); ++i) {
        if (i)
          s += ", ";
        if (!syms[i].empty())
          s += syms[i];
        else if (shape[i] == kDyn)
          s += "?";
        else
          s += std::to_string(shape[i]);
      }
      return s + "]";
    }
    }
    return "?";
  }
};

std::string shapeStr(const Ty &t) {
  std::string s = "(";
  for (size_t i = 0; i < t.shape.size(); ++i) {
    if (i)
      s += ",";
    if (!t.syms[i].empty())
      s += t.syms[i];
    else if (t.shape[i] == kDyn)
      s += "?";
    else
      s += std::to_string(t.shape[i]);
  }
  if (t.shape.size() == 1)
    s += ",";
  return s + ")";
}

/// A typed value: `value` for scalars and arrays, `values` for tuples.
struct TV {
  Ty ty;
  Value value;
  SmallVector<Value> values;
  static TV error() { return TV(); }
  bool ok() const { return !ty.isError(); }
};

/// NumPy's promote_types for two non-weak kinds.
ScalarKind promoteKinds(ScalarKind a, ScalarKind b) {
  if (a == b)
    return a;
  if (a == ScalarKind::Bool)
    return b;
  if (b == ScalarKind::Bool)
    return a;
  if (isFloat(a) && isFloat(b))
    return bits(a) >= bits(b) ? a : b;
  if (isInt(a) && isInt(b)) {
    if (a == ScalarKind::Index || b == ScalarKind::Index)
      return ScalarKind::Index;
    return bits(a) >= bits(b) ? a : b;
  }
  ScalarKind f = isFloat(a) ? a : b, i = isFloat(a) ? b : a;
  unsigned ib = bits(i);
  if (f == ScalarKind::F16)
    return ib <= 8 ? ScalarKind::F16 : ib <= 16 ? ScalarKind::F32
                                                : ScalarKind::F64;
  if (f == ScalarKind::F32)
    return ib <= 16 ? ScalarKind::F32 : ScalarKind::F64;
  return ScalarKind::F64;
}

/// Promotion with NEP 50 weak literals.
ScalarKind promote(const Ty &a, const Ty &b) {
  if (a.weak && !b.weak) {
    if (isFloat(a.elem))
      return isFloat(b.elem) ? b.elem : ScalarKind::F64;
    if (isInt(a.elem))
      return b.elem == ScalarKind::Bool ? ScalarKind::I64 : b.elem;
    return b.elem;
  }
  if (b.weak && !a.weak)
    return promote(b, a);
  return promoteKinds(a.elem, b.elem);
}

/// The float or the integer form of a binary arith/math op.
template <typename FloatOp, typename IntOp>
Value floatOrInt(OpBuilder &b, Location l, bool isFloat, Value x, Value y) {
  if (isFloat)
    return FloatOp::create(b, l, x, y);
  return IntOp::create(b, l, x, y);
}

/// NumPy's kinds, ordered: bool < integer < floating point.
int kindOf(ScalarKind k) { return k == ScalarKind::Bool ? 0 : isInt(k) ? 1 : 2; }

/// NumPy's can_cast(from, to, "same_kind").
bool canCastSameKind(ScalarKind from, ScalarKind to) {
  return kindOf(from) <= kindOf(to);
}

class Lowering {
public:
  Lowering(MLIRContext *ctx, DiagEngine &diags)
      : ctx(ctx), diags(diags), builder(ctx) {}

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
      if (functions.count(func->name) && functions[func->name].entry &&
          functions[func->name].def == func.get())
        defineGpuEntry(functions[func->name]);
    return std::move(module);
  }

private:
  //===--------------------------------------------------------------------===//
  // Types
  //===--------------------------------------------------------------------===//

  Type mlirScalar(ScalarKind k) {
    switch (k) {
    case ScalarKind::Bool: return builder.getI1Type();
    case ScalarKind::I8: return builder.getI8Type();
    case ScalarKind::I16: return builder.getI16Type();
    case ScalarKind::I32: return builder.getI32Type();
    case ScalarKind::I64: return builder.getI64Type();
    case ScalarKind::Index: return builder.getIndexType();
    case ScalarKind::F16: return builder.getF16Type();
    case ScalarKind::F32: return builder.getF32Type();
    case ScalarKind::F64: return builder.getF64Type();
    }
    return {};
  }

  Attribute envEncoding(bool gpu, StringRef device) {
    if (!gpu)
      return {};
    Attribute env = region::GPUEnvAttr::get(ctx, StringAttr::get(ctx, device));
    return ndarray::EnvsAttr::get(ctx, {env});
  }

  RankedTensorType tensorType(ScalarKind k, ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, mlirScalar(k), encoding);
  }
  Type mlirType(const Ty &t) {
    if (t.isArray())
      return tensorType(t.elem, t.shape);
    return mlirScalar(t.elem);
  }

  Ty tyFromSpec(const TypeSpec &spec) {
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

  void declare(FuncDef &def) {
    if (functions.count(def.name)) {
      diags.error(def.loc, "redefinition of function '" + def.name + "'");
      return;
    }
    static const llvm::StringSet<> reserved = {
        "linspace", "arange", "zeros", "ones", "empty", "full", "sum",
        "prod", "max", "min", "mean", "argmax", "argmin", "where", "exp",
        "log", "sqrt", "sin", "cos", "tanh", "abs", "floor", "minimum",
        "maximum", "print", "range"};
    if (reserved.contains(def.name)) {
      diags.error(def.loc, "function name '" + def.name +
                               "' shadows a builtin");
      return;
    }
    FuncInfo info;
    info.def = &def;
    info.encoding = envEncoding(def.gpu, def.device);
    Attribute saved = encoding;
    encoding = info.encoding;
    SmallVector<Type> argTypes, resultTypes;
    llvm::StringSet<> names;
    for (const Param &p : def.params) {
      if (!names.insert(p.name).second)
        diags.error(p.loc, "duplicate parameter '" + p.name + "'");
      for (const DimSpec &d : p.type.dims)
        if (d.kind == DimSpec::Static && d.size < 0)
          diags.error(d.loc, "array dimensions must be non-negative");
      info.params.push_back(tyFromSpec(p.type));
      argTypes.push_back(mlirType(info.params.back()));
    }
    for (const TypeSpec &r : def.results) {
      for (const DimSpec &d : r.dims)
        if (d.kind == DimSpec::Named && !llvm::any_of(def.params, [&](const Param &p) {
              return llvm::any_of(p.type.dims, [&](const DimSpec &pd) {
                return pd.kind == DimSpec::Named && pd.name == d.name;
              });
            }))
          diags.error(d.loc, "dimension '" + d.name +
                                 "' is not a dimension of any parameter");
      info.results.push_back(tyFromSpec(r));
      resultTypes.push_back(mlirType(info.results.back()));
    }
    encoding = saved;
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(module->getBody());
    FunctionType type = builder.getFunctionType(argTypes, resultTypes);
    if (def.gpu) {
      info.entry = func::FuncOp::create(builder, loc(def.loc), def.name,
                                        withEncoding(type, {}));
      info.op =
          func::FuncOp::create(builder, loc(def.loc), def.name + ".gpu", type);
      info.op.setPrivate();
    } else {
      info.op = func::FuncOp::create(builder, loc(def.loc), def.name, type);
    }
    functions[def.name] = std::move(info);
  }

  /// `type` with every array placed by `encoding`.
  FunctionType withEncoding(FunctionType type, Attribute encoding) {
    auto convert = [&](TypeRange types) {
      SmallVector<Type> converted;
      for (Type t : types) {
        auto tensor = dyn_cast<RankedTensorType>(t);
        converted.push_back(
            tensor ? RankedTensorType::get(tensor.getShape(),
                                           tensor.getElementType(), encoding)
                   : t);
      }
      return converted;
    };
    return builder.getFunctionType(convert(type.getInputs()),
                                   convert(type.getResults()));
  }

  /// The body of a @gpu def's exported entry: host arrays are copied to the
  /// device for the call, results copied back, and so are the arguments
  /// when the function may have updated them in place.
  void defineGpuEntry(FuncInfo &info) {
    Location l = info.entry.getLoc();
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(info.entry.addEntryBlock());
    SmallVector<Value> operands;
    for (auto [arg, type] :
         llvm::zip(info.entry.getArguments(), info.op.getArgumentTypes()))
      operands.push_back(arg.getType() == type
                             ? (Value)arg
                             : ndarray::CopyOp::create(builder, l, type, arg));
    auto call = func::CallOp::create(builder, l, info.op, operands);
    for (auto [arg, onDevice, updated] :
         llvm::zip(info.entry.getArguments(), operands, info.updatesParam))
      if (updated && arg != onDevice)
        writeWhole(arg, onDevice, l);
    SmallVector<Value> results;
    for (auto [result, type] :
         llvm::zip(call.getResults(), info.entry.getResultTypes()))
      results.push_back(
          result.getType() == type
              ? (Value)result
              : ndarray::CopyOp::create(builder, l, type, result));
    func::ReturnOp::create(builder, l, results);
  }

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
  static StringRef viewRoot(const Expr &e) {
    switch (e.kind) {
    case Expr::Name:
      return e.name;
    case Expr::Subscript:
      return viewRoot(*e.children[0]);
    case Expr::Call:
      if (e.children[0]->kind == Expr::Attribute &&
          e.children[0]->name == "reshape")
        return viewRoot(*e.children[0]->children[0]);
      return "";
    default:
      return "";
    }
  }

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
  bool mayBeView(const Expr &e) {
    switch (e.kind) {
    case Expr::Name:
      return viewNames.contains(e.name);
    case Expr::Subscript:
      return true;
    case Expr::Call:
      return e.children[0]->kind == Expr::Attribute &&
             e.children[0]->name == "reshape" &&
             mayBeView(*e.children[0]->children[0]);
    default:
      return false;
    }
  }

  /// Adds to `names`, until nothing changes, every name that `def` assigns
  /// a value for which `holds` is true (`holds` may look at `names`).
  static void addAssignedNames(const FuncDef &def, llvm::StringSet<> &names,
                               llvm::function_ref<bool(const Expr &)> holds) {
    for (bool grew = true; grew;) {
      grew = false;
      forEachStmt(def.body, [&](const Stmt &s) {
        if (s.kind != Stmt::Assign)
          return;
        const Expr &value = *s.value;
        bool unpacked = s.targets.size() > 1 && value.kind == Expr::Tuple &&
                        value.children.size() == s.targets.size();
        for (size_t i = 0; i < s.targets.size(); ++i)
          if (s.targets[i]->kind == Expr::Name &&
              holds(unpacked ? *value.children[i] : value))
            grew |= names.insert(s.targets[i]->name).second;
      });
    }
  }

  /// The names of `def` that may hold views (`viewNames`).
  void findViews(const FuncDef &def) {
    viewNames.clear();
    addAssignedNames(def, viewNames,
                     [&](const Expr &e) { return mayBeView(e); });
  }

  /// Sets every function's `updatesParam`, growing them together until
  /// nothing changes (a call updates what its callee updates; recursion
  /// included).
  void findUpdatedParams() {
    for (auto &[name, info] : functions)
      info.updatesParam.assign(info.def->params.size(), false);
    for (bool grew = true; grew;) {
      grew = false;
      for (auto &[name, info] : functions)
        for (auto [updated, param] :
             llvm::zip(info.updatesParam, info.def->params))
          if (!updated && mayUpdate(*info.def, param.name))
            grew = updated = true;
    }
  }

  bool mayUpdate(const FuncDef &def, StringRef param) {
    llvm::StringSet<> aliases;
    aliases.insert(param);
    auto aliasing = [&](const Expr &e) {
      StringRef root = viewRoot(e);
      return !root.empty() && aliases.contains(root);
    };
    addAssignedNames(def, aliases, aliasing);
    bool updated = false;
    auto passedToCalls = [&](const Expr &e) {
      forEachExpr(e, [&](const Expr &c) {
        if (c.kind != Expr::Call || c.children[0]->kind != Expr::Name)
          return;
        auto callee = functions.find(c.children[0]->name);
        if (callee == functions.end())
          return;
        const std::vector<bool> &calleeUpdates = callee->second.updatesParam;
        for (size_t i = 1; i < c.children.size(); ++i)
          updated |= i - 1 < calleeUpdates.size() && calleeUpdates[i - 1] &&
                     aliasing(*c.children[i]);
      });
    };
    forEachStmt(def.body, [&](const Stmt &s) {
      for (const ExprPtr &target : s.targets) {
        if (s.kind == Stmt::AugAssign ||
            (s.kind == Stmt::Assign && target->kind == Expr::Subscript))
          updated |= aliasing(*target);
        passedToCalls(*target);
      }
      if (s.value)
        passedToCalls(*s.value);
      for (const ExprPtr &arg : s.rangeArgs)
        passedToCalls(*arg);
    });
    return updated;
  }

  /// `dest[...] = source` for arrays of the same shape.
  void writeWhole(Value dest, Value source, Location l) {
    auto type = cast<RankedTensorType>(dest.getType());
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      offsets.push_back(builder.getIndexAttr(0));
      sizes.push_back(tensor::getMixedSize(builder, l, dest, d));
      strides.push_back(builder.getIndexAttr(1));
    }
    ndarray::InsertSliceOp::create(builder, l, dest, source, offsets, sizes,
                                   strides);
  }

  Location loc(SMLoc at) {
    // Line/column locations inside the source file.
    auto &sm = *sourceMgr;
    auto lc = sm.getLineAndColumn(at, bufferId);
    return FileLineColLoc::get(ctx, fileName, lc.first, lc.second);
  }

public:
  llvm::SourceMgr *sourceMgr = nullptr;
  unsigned bufferId = 0;
  StringRef fileName;

private:
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

  void define(FuncDef &def) {
    FuncInfo &info = functions[def.name];
    current = &info;
    encoding = info.encoding;
    vars.clear();
    dims.clear();
    loops.clear();
    rebound.clear();
    boundOnce.clear();
    findViews(def);
    for (const Param &p : def.params)
      boundOnce.insert(p.name);
    findRebound(def.body);
    returnFlag = {};
    resultSlots.clear();
    Block *entry = info.op.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    entryBlock = entry;
    Location fl = loc(def.loc);

    // Parameters; named dimensions are bound to their first occurrence and
    // checked for equality at entry.
    for (size_t i = 0; i < def.params.size(); ++i) {
      const Param &p = def.params[i];
      Value arg = entry->getArgument(i);
      const Ty &ty = info.params[i];
      TV value;
      value.ty = ty;
      value.value = arg;
      bindNew(p.name, value, fl);
      if (ty.isArray()) {
        for (size_t d = 0; d < p.type.dims.size(); ++d) {
          const DimSpec &spec = p.type.dims[d];
          if (spec.kind != DimSpec::Named)
            continue;
          Value size = tensor::DimOp::create(builder, loc(spec.loc), arg, d);
          auto it = dims.find(spec.name);
          if (it == dims.end()) {
            dims[spec.name] = size;
            continue;
          }
          checkAtRunTime(arith::CmpIPredicate::eq, it->second, size,
                         "dimension '" + spec.name + "' of '" + p.name +
                             "' differs from an earlier parameter's",
                         loc(spec.loc));
        }
      }
    }
    for (auto &[name, value] : dims)
      if (vars.count(name))
        diags.error(def.loc, "'" + name +
                                 "' is both a parameter and a dimension name");

    // A function that returns only at its end returns directly; one with
    // other returns records the values and a "returned" flag that stops the
    // rest of the function, and returns at its end.
    // (A body that never ends, e.g. `while True:` that only returns, also
    // returns through the variables: its end needs a terminator.)
    ArrayRef<StmtPtr> body(def.body);
    bool endsInReturn = !body.empty() && body.back()->kind == Stmt::Return;
    bool returnsAtEnd = alwaysJumps(def.body, /*loopJumps=*/false);
    bool onlyFinalReturn =
        endsInReturn ? !listHolds(body.drop_back(), Stmt::Return)
                     : !listHolds(body, Stmt::Return) && !returnsAtEnd;
    if (!onlyFinalReturn) {
      returnFlag = makeFlag("returned", fl);
      for (auto [i, type] : llvm::enumerate(info.op.getResultTypes()))
        resultSlots.push_back(makeSlot(type, "result" + std::to_string(i), fl));
    }
    emitBlock(def.body);
    if (!info.results.empty() && !returnsAtEnd) {
      diags.error(def.loc, listHolds(def.body, Stmt::Return)
                               ? "function '" + def.name +
                                     "' does not return a value on every path"
                               : "function '" + def.name +
                                     "' must end with a 'return' statement");
    }
    if (!onlyFinalReturn) {
      SmallVector<Value> results;
      for (Value slot : resultSlots)
        results.push_back(nda::LoadOp::create(builder, fl, slot));
      func::ReturnOp::create(builder, fl, results);
    } else if (!returnsAtEnd) {
      func::ReturnOp::create(builder, fl);
    }
    current = nullptr;
  }

  /// Adds to `rebound` the names that `body` assigns and that are parameters
  /// or assigned elsewhere too.
  void findRebound(const StmtList &body) {
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

  /// The type a variable promises its readers: a name bound more than once
  /// may hold arrays of other sizes, so its dimensions are `?` except those
  /// of size 1 (which broadcast), and it has no named dimensions.
  Ty variableType(StringRef name, Ty ty) {
    if (!ty.isArray() || !rebound.contains(name))
      return ty;
    for (int64_t d = 0; d < ty.rank(); ++d) {
      ty.syms[d].clear();
      if (ty.shape[d] != 1)
        ty.shape[d] = kDyn;
    }
    return ty;
  }

  /// Binds `name` to a new variable that holds `value` first.
  void bindNew(StringRef name, const TV &value, Location l) {
    Ty ty = value.ty.isScalar() ? Ty::scalar(value.ty.elem)
                                : variableType(name, value.ty);
    Value stored = value.value;
    if (ty.isArray()) {
      auto valueType = cast<RankedTensorType>(stored.getType());
      auto type = RankedTensorType::get(ty.shape, valueType.getElementType(),
                                        valueType.getEncoding());
      if (type != valueType)
        stored = tensor::CastOp::create(builder, l, type, stored);
    }
    Value slot = makeSlot(stored.getType(), name, l);
    vars[name.str()] = {Var::Slot, ty,
                        slot,      (unsigned)loops.size(),
                        {},        builder.getInsertionBlock()};
    nda::StoreOp::create(builder, l, stored, slot);
  }

  /// A variable of the function, declared at its entry.
  Value makeSlot(Type type, StringRef name, Location l) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(entryBlock);
    return nda::VarOp::create(builder, l, nda::RefType::get(type),
                              builder.getStringAttr(name));
  }
  /// A bool variable that starts out false where it is created.
  Value makeFlag(StringRef name, Location l) {
    Value flag = makeSlot(builder.getI1Type(), name, l);
    setFlag(flag, false, l);
    return flag;
  }
  void setFlag(Value flag, bool value, Location l) {
    nda::StoreOp::create(
        builder, l, arith::ConstantIntOp::create(builder, l, value, 1), flag);
  }
  static Type slotType(const Var &var) {
    return cast<nda::RefType>(var.value.getType()).getElementType();
  }
  Value load(const Var &var, Location l) {
    return nda::LoadOp::create(builder, l, var.value);
  }

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
  static bool holds(const Stmt &s, Stmt::Kind kind) {
    if (s.kind == kind)
      return true;
    if (kind != Stmt::Return && s.kind != Stmt::If)
      return false;
    return listHolds(s.body, kind) || listHolds(s.orelse, kind);
  }
  static bool listHolds(ArrayRef<StmtPtr> list, Stmt::Kind kind) {
    return llvm::any_of(list,
                        [kind](const StmtPtr &s) { return holds(*s, kind); });
  }
  /// Whether control may leave the statement list through `s`.
  static bool mayJump(const Stmt &s) {
    return holds(s, Stmt::Return) || holds(s, Stmt::Break) ||
           holds(s, Stmt::Continue);
  }
  /// Whether no path through `list` falls through its end: every path
  /// returns, or with `loopJumps`, may also break or continue. A
  /// `while True:` without a break never falls through.
  static bool alwaysJumps(const StmtList &list, bool loopJumps) {
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

  /// True while no jump has happened: the condition of the statements
  /// after one that may have jumped.
  Value notJumped(Location l) {
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

  /// `cond` evaluated only while the loop has not been left by a break or
  /// return (false otherwise): the condition of a loop that may be left
  /// early.
  Value unlessLeft(Value breakFlag, bool mayReturn, Location l,
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

  void emitJump(Stmt &s) {
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

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//

  void emitBlock(MutableArrayRef<StmtPtr> block) {
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

  void emitStmt(Stmt &s) {
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
    case Stmt::AugAssign: {
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
        diags.error(s.loc, "cannot cast the result of '" + s.op + "=' from " +
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
      builder.setInsertionPointToStart(
          builder.createBlock(&whileOp.getBefore()));
      Value cond = unlessLeft(flags.breakFlag, listHolds(s.body, Stmt::Return),
                              l, [&] { return emitCondition(*s.value); });
      scf::ConditionOp::create(builder, l, cond, ValueRange{});
      builder.setInsertionPointToStart(
          builder.createBlock(&whileOp.getAfter()));
      builder.setInsertionPoint(scf::YieldOp::create(builder, l));
      emitLoopBody(s.body, flags, l);
      return;
    }
    case Stmt::For: {
      const std::string &name = s.targets[0]->name;
      SmallVector<Value> bounds;
      for (auto &arg : s.rangeArgs) {
        TV v = emitExpr(*arg);
        if (!v.ok())
          return;
        if (!v.ty.isScalar() || !(isInt(v.ty.elem) || v.ty.elem == ScalarKind::Bool)) {
          diags.error(arg->loc, "range() arguments must be integer scalars, "
                                "not " + v.ty.str());
          return;
        }
        bounds.push_back(castScalar(v.value, v.ty.elem, ScalarKind::Index,
                                    loc(arg->loc)));
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
      if (!flags.breakFlag && !mayReturn && constantStep > 0) {
        auto forOp = scf::ForOp::create(builder, l, lb, ub, step);
        builder.setInsertionPoint(forOp.getBody()->getTerminator());
        assignLoopVariable(forOp.getInductionVar());
        emitLoopBody(s.body, flags, l);
        return;
      }
      // A loop that may be left early, or whose step may be negative,
      // counts in a variable and tests the exit flags in its condition.
      Value zero = constIndex(0, l);
      if (!constantStep)
        checkAtRunTime(arith::CmpIPredicate::ne, step, zero,
                       "range() arg 3 must not be zero", l);
      Value counter = makeSlot(builder.getIndexType(), name + ".counter", l);
      nda::StoreOp::create(builder, l, lb, counter);
      auto whileOp =
          scf::WhileOp::create(builder, l, TypeRange{}, ValueRange{});
      builder.setInsertionPointToStart(
          builder.createBlock(&whileOp.getBefore()));
      Value cond = unlessLeft(flags.breakFlag, mayReturn, l, [&]() -> Value {
        Value i = nda::LoadOp::create(builder, l, counter);
        Value below =
            arith::CmpIOp::create(builder, l, arith::CmpIPredicate::slt, i, ub);
        if (constantStep > 0)
          return below;
        Value above =
            arith::CmpIOp::create(builder, l, arith::CmpIPredicate::sgt, i, ub);
        if (constantStep)
          return above;
        Value upward = arith::CmpIOp::create(
            builder, l, arith::CmpIPredicate::sgt, step, zero);
        return arith::SelectOp::create(builder, l, upward, below, above);
      });
      scf::ConditionOp::create(builder, l, cond, ValueRange{});
      builder.setInsertionPointToStart(
          builder.createBlock(&whileOp.getAfter()));
      builder.setInsertionPoint(scf::YieldOp::create(builder, l));
      Value i = nda::LoadOp::create(builder, l, counter);
      assignLoopVariable(i);
      emitLoopBody(s.body, flags, l);
      nda::StoreOp::create(builder, l,
                           arith::AddIOp::create(builder, l, i, step), counter);
      return;
    }
    case Stmt::Return:
    case Stmt::Break:
    case Stmt::Continue:
      return emitJump(s);
    }
  }

  /// A name a branch deletes is deleted after it, unless the branch never
  /// falls through; then it is deleted only after the loop the branch may
  /// break out of. (What such a branch binds stays visible: after a break
  /// at the end of the loop, after a continue in later iterations.)
  void emitBranch(StmtList &body) {
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

  LoopFlags makeLoopFlags(const StmtList &body, Location l) {
    LoopFlags flags;
    if (listHolds(body, Stmt::Break))
      flags.breakFlag = makeFlag("break", l);
    if (listHolds(body, Stmt::Continue))
      flags.continueFlag = makeSlot(builder.getI1Type(), "continue", l);
    return flags;
  }
  void emitLoopBody(StmtList &body, LoopFlags flags, Location l) {
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

  Value emitCondition(Expr &e) {
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

  void emitAssign(Stmt &s) {
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

  void assignTo(Expr &target, TV value, SMLoc at) {
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
      diags.error(target.loc, "cannot assign to '" + name +
                                  "': it names a function");
      return;
    }
    auto it = vars.find(name);
    bool fresh = it == vars.end() || it->second.kind == Var::Deleted;
    if (!fresh && value.ty.isScalar() != it->second.ty.isScalar()) {
      diags.error(target.loc,
                  std::string("cannot assign ") +
                      (value.ty.isScalar() ? "a scalar" : "an array") +
                      " to '" + name + "', which holds " +
                      (value.ty.isScalar() ? "an array" : "a scalar"));
      return;
    }
    // Straight-line code may give a name a new array type; a variable bound
    // outside the current block (before a loop, branch or jump guard) keeps
    // its type, so that the paths can merge.
    if (!fresh && it->second.block == builder.getInsertionBlock() &&
        (value.ty.isArray() ? value.value.getType() != slotType(it->second)
         : value.ty.weak ? kindOf(value.ty.elem) != kindOf(it->second.ty.elem)
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
                         "cannot assign an array of shape " +
                             shapeStr(value.ty) + " to '" + name +
                             "', of shape " + shapeStr(var.ty),
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

  void emitReturn(Stmt &s) {
    FuncInfo &info = *current;
    Location l = loc(s.loc);
    SmallVector<Value> results;
    if (!s.value) {
      if (!info.results.empty())
        diags.error(s.loc, "return type mismatch: '" + info.def->name +
                               "' returns " + std::to_string(info.results.size()) +
                               " value(s)");
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
      diags.error(s.value->loc, "return type mismatch: '" + info.def->name +
                                    "' returns " +
                                    std::to_string(info.results.size()) +
                                    " value(s), got " +
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

  /// Returns `results` (empty after an error): directly, or through the
  /// result variables and the "returned" flag.
  void finishReturn(ArrayRef<Value> results, Location l) {
    if (!returnFlag) {
      func::ReturnOp::create(builder, l, results);
      return;
    }
    if (results.size() == resultSlots.size())
      for (auto [value, slot] : llvm::zip(results, resultSlots))
        nda::StoreOp::create(builder, l, value, slot);
    setFlag(returnFlag, true, l);
  }

  /// Converts `v` to the declared type `want` (function results and call
  /// arguments): scalars cast with 'same_kind', arrays must have the same
  /// element type and rank and compatible static sizes; placement changes
  /// become ndarray.copy.
  /// `wantDims` resolves the named dimensions of `want` (the function's
  /// own, for its results; a callee checks its parameters itself).
  Value convertTo(const TV &v, const Ty &want, SMLoc at, StringRef what,
                  Location l, Attribute wantEncoding = {}, bool useWant = false,
                  const std::map<std::string, Value> *wantDims = nullptr) {
    if (want.isScalar()) {
      if (!v.ty.isScalar() || !canCastSameKind(v.ty.elem, want.elem)) {
        diags.error(at, what + ": expected " + want.str() + ", got " +
                            v.ty.str());
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

  //===--------------------------------------------------------------------===//
  // Scalars
  //===--------------------------------------------------------------------===//

  Value constIndex(int64_t v, Location l) {
    return arith::ConstantIndexOp::create(builder, l, v);
  }

  Value constScalar(ScalarKind k, double f, int64_t i, Location l) {
    Type t = mlirScalar(k);
    if (isFloat(k))
      return arith::ConstantOp::create(builder, l, builder.getFloatAttr(t, f));
    if (k == ScalarKind::Index)
      return constIndex(i, l);
    return arith::ConstantOp::create(builder, l, builder.getIntegerAttr(t, i));
  }

  Value castScalar(Value v, ScalarKind from, ScalarKind to, Location l) {
    if (from == to)
      return v;
    // Literals are emitted directly in the type they are used at.
    if (auto constant = v.getDefiningOp<arith::ConstantOp>()) {
      if (auto i = dyn_cast<IntegerAttr>(constant.getValue());
          i && from != ScalarKind::Bool && to != ScalarKind::Bool)
        return constScalar(to, (double)i.getInt(), i.getInt(), l);
      if (auto f = dyn_cast<FloatAttr>(constant.getValue());
          f && isFloat(to))
        return constScalar(to, f.getValueAsDouble(), 0, l);
    }
    Type target = mlirScalar(to);
    if (to == ScalarKind::Bool) {
      if (isFloat(from)) {
        Value zero = constScalar(from, 0, 0, l);
        return arith::CmpFOp::create(builder, l, arith::CmpFPredicate::UNE, v,
                                     zero);
      }
      Value zero = constScalar(from, 0, 0, l);
      return arith::CmpIOp::create(builder, l, arith::CmpIPredicate::ne, v,
                                   zero);
    }
    if (from == ScalarKind::Bool) {
      if (isFloat(to))
        return arith::UIToFPOp::create(builder, l, target, v);
      if (to == ScalarKind::Index)
        return arith::IndexCastUIOp::create(builder, l, target, v);
      return arith::ExtUIOp::create(builder, l, target, v);
    }
    if (from == ScalarKind::Index) {
      Value wide = arith::IndexCastOp::create(builder, l, builder.getI64Type(), v);
      return castScalar(wide, ScalarKind::I64, to, l);
    }
    if (to == ScalarKind::Index) {
      Value wide = castScalar(v, from, ScalarKind::I64, l);
      return arith::IndexCastOp::create(builder, l, target, wide);
    }
    if (isFloat(from) && isFloat(to))
      return bits(to) > bits(from)
                 ? (Value)arith::ExtFOp::create(builder, l, target, v)
                 : (Value)arith::TruncFOp::create(builder, l, target, v);
    if (isInt(from) && isInt(to))
      return bits(to) > bits(from)
                 ? (Value)arith::ExtSIOp::create(builder, l, target, v)
                 : (Value)arith::TruncIOp::create(builder, l, target, v);
    if (isInt(from))
      return arith::SIToFPOp::create(builder, l, target, v);
    return arith::FPToSIOp::create(builder, l, target, v);
  }

  /// The element type an operator computes in, and the type of its result.
  struct OpTypes {
    ScalarKind compute, result;
  };
  std::optional<OpTypes> binaryTypes(StringRef op, const Ty &a, const Ty &b,
                                     SMLoc at) {
    ScalarKind p = promote(a, b);
    if (op == "<" || op == "<=" || op == ">" || op == ">=" || op == "==" ||
        op == "!=")
      return OpTypes{p, ScalarKind::Bool};
    if (op == "/") {
      ScalarKind r = isFloat(p) ? p : ScalarKind::F64;
      return OpTypes{r, r};
    }
    if (p == ScalarKind::Bool) {
      if (op == "-") {
        diags.error(at, "numpy boolean subtract, the '-' operator, is not "
                        "supported");
        return std::nullopt;
      }
      p = ScalarKind::I64;
    }
    if (op == "**" && p == ScalarKind::Index)
      p = ScalarKind::I64;
    return OpTypes{p, p};
  }

  /// Emits `a op b` on scalars of kind `k` (the comparison/arith op).
  Value scalarBinary(OpBuilder &b, Location l, StringRef op, Value x, Value y,
                     ScalarKind k) {
    bool f = isFloat(k);
    if (op == "+")
      return floatOrInt<arith::AddFOp, arith::AddIOp>(b, l, f, x, y);
    if (op == "-")
      return floatOrInt<arith::SubFOp, arith::SubIOp>(b, l, f, x, y);
    if (op == "*")
      return floatOrInt<arith::MulFOp, arith::MulIOp>(b, l, f, x, y);
    if (op == "/")
      return arith::DivFOp::create(b, l, x, y);
    if (op == "//") {
      if (f)
        return math::FloorOp::create(b, l, arith::DivFOp::create(b, l, x, y));
      return arith::FloorDivSIOp::create(b, l, x, y);
    }
    if (op == "%") {
      // Python's modulo: the result has the sign of the divisor.
      Value r = floatOrInt<arith::RemFOp, arith::RemSIOp>(b, l, f, x, y);
      Value zero = arith::ConstantOp::create(
          b, l, cast<TypedAttr>(b.getZeroAttr(x.getType())));
      auto compare = [&](arith::CmpFPredicate fp, arith::CmpIPredicate ip,
                         Value lhs) -> Value {
        if (f)
          return arith::CmpFOp::create(b, l, fp, lhs, zero);
        return arith::CmpIOp::create(b, l, ip, lhs, zero);
      };
      Value rNonZero =
          compare(arith::CmpFPredicate::ONE, arith::CmpIPredicate::ne, r);
      Value rNeg =
          compare(arith::CmpFPredicate::OLT, arith::CmpIPredicate::slt, r);
      Value yNeg =
          compare(arith::CmpFPredicate::OLT, arith::CmpIPredicate::slt, y);
      Value differ = arith::XOrIOp::create(b, l, rNeg, yNeg);
      Value fix = arith::AndIOp::create(b, l, rNonZero, differ);
      Value adjusted = floatOrInt<arith::AddFOp, arith::AddIOp>(b, l, f, r, y);
      return arith::SelectOp::create(b, l, fix, adjusted, r);
    }
    if (op == "**")
      return floatOrInt<math::PowFOp, math::IPowIOp>(b, l, f, x, y);
    if (op == "min")
      return floatOrInt<arith::MinimumFOp, arith::MinSIOp>(b, l, f, x, y);
    if (op == "max")
      return floatOrInt<arith::MaximumFOp, arith::MaxSIOp>(b, l, f, x, y);
    // Comparisons.
    if (f) {
      auto pred = llvm::StringSwitch<arith::CmpFPredicate>(op)
                      .Case("<", arith::CmpFPredicate::OLT)
                      .Case("<=", arith::CmpFPredicate::OLE)
                      .Case(">", arith::CmpFPredicate::OGT)
                      .Case(">=", arith::CmpFPredicate::OGE)
                      .Case("==", arith::CmpFPredicate::OEQ)
                      .Default(arith::CmpFPredicate::UNE);
      return arith::CmpFOp::create(b, l, pred, x, y);
    }
    bool boolean = k == ScalarKind::Bool;
    auto pred = llvm::StringSwitch<arith::CmpIPredicate>(op)
                    .Case("<", boolean ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt)
                    .Case("<=", boolean ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle)
                    .Case(">", boolean ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt)
                    .Case(">=", boolean ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge)
                    .Case("==", arith::CmpIPredicate::eq)
                    .Default(arith::CmpIPredicate::ne);
    return arith::CmpIOp::create(b, l, pred, x, y);
  }

  /// Casts inside a linalg body (uses `b`).
  Value castWith(OpBuilder &b, Value v, ScalarKind from, ScalarKind to,
                 Location l) {
    OpBuilder saved = builder;
    builder = b;
    Value r = castScalar(v, from, to, l);
    b = builder;
    builder = saved;
    return r;
  }

  //===--------------------------------------------------------------------===//
  // Elementwise operations with broadcasting
  //===--------------------------------------------------------------------===//

  /// The broadcast shape of the array operands, or nullopt (reported).
  std::optional<Ty> broadcastShape(ArrayRef<const Ty *> operands, SMLoc at) {
    int64_t rank = 0;
    for (const Ty *t : operands)
      if (t->isArray())
        rank = std::max(rank, t->rank());
    Ty result = Ty::array(ScalarKind::F64, SmallVector<int64_t>(rank, 1));
    SmallVector<bool> seen(rank, false);
    for (const Ty *t : operands) {
      if (!t->isArray())
        continue;
      for (int64_t j = 0; j < t->rank(); ++j) {
        int64_t i = rank - t->rank() + j;
        int64_t s = t->shape[j];
        const std::string &sym = t->syms[j];
        if (s == 1)
          continue;
        if (!seen[i]) {
          seen[i] = true;
          result.shape[i] = s;
          result.syms[i] = sym;
          continue;
        }
        int64_t r = result.shape[i];
        if (r != kDyn && s != kDyn && r != s) {
          std::string msg = "operands could not be broadcast together with "
                            "shapes";
          for (const Ty *o : operands)
            if (o->isArray())
              msg += " " + shapeStr(*o);
          diags.error(at, msg);
          return std::nullopt;
        }
        if (r == kDyn && s != kDyn) {
          result.shape[i] = s;
          result.syms[i] = sym;
        }
      }
    }
    return result;
  }

  using BodyFn = std::function<Value(OpBuilder &, Location, ArrayRef<Value>)>;

  /// A linalg.generic computing `body` over the broadcast of `operands`
  /// (scalars are used directly in the body). `resultShape` gives the
  /// iteration space; `dimMaps[k]` (optional) maps the dims of array operand
  /// k to result dims (default: right-aligned).
  Value emitElementwise(Location l, ArrayRef<TV> operands, const Ty &resultTy,
                        const BodyFn &body,
                        ArrayRef<SmallVector<int64_t>> dimMaps = {},
                        ArrayRef<Value> explicitSizes = {}) {
    int64_t rank = resultTy.rank();
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    SmallVector<int> arrayIndex(operands.size(), -1);
    SmallVector<Value> dynSizes;
    for (int64_t i = 0; i < rank; ++i) {
      if (resultTy.shape[i] != kDyn)
        continue;
      if (!explicitSizes.empty()) {
        dynSizes.push_back(explicitSizes[i]);
        continue;
      }
      Value size;
      for (size_t k = 0; k < operands.size() && !size; ++k) {
        const TV &o = operands[k];
        if (!o.ty.isArray())
          continue;
        for (int64_t j = 0; j < o.ty.rank(); ++j) {
          int64_t target = dimMaps.empty() ? rank - o.ty.rank() + j : dimMaps[k][j];
          if (target == i && o.ty.shape[j] != 1) {
            size = tensor::DimOp::create(builder, l, o.value, j);
            break;
          }
        }
      }
      if (!size)
        size = constIndex(1, l);
      dynSizes.push_back(size);
    }
    checkBroadcastAtRunTime(l, operands, resultTy, dimMaps, explicitSizes);
    for (size_t k = 0; k < operands.size(); ++k) {
      const TV &o = operands[k];
      if (!o.ty.isArray())
        continue;
      SmallVector<AffineExpr> exprs;
      for (int64_t j = 0; j < o.ty.rank(); ++j) {
        int64_t target = dimMaps.empty() ? rank - o.ty.rank() + j : dimMaps[k][j];
        if (o.ty.shape[j] == 1 && resultTy.shape[target] != 1)
          exprs.push_back(builder.getAffineConstantExpr(0));
        else
          exprs.push_back(builder.getAffineDimExpr(target));
      }
      arrayIndex[k] = inputs.size();
      inputs.push_back(o.value);
      maps.push_back(AffineMap::get(rank, 0, exprs, ctx));
    }
    auto outType = tensorType(resultTy.elem, resultTy.shape);
    Value init = tensor::EmptyOp::create(builder, l, outType, dynSizes);
    maps.push_back(builder.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        builder, l, TypeRange{outType}, inputs, ValueRange{init}, maps, iters,
        [&](OpBuilder &b, Location bl, ValueRange args) {
          SmallVector<Value> elems;
          for (size_t k = 0; k < operands.size(); ++k)
            elems.push_back(arrayIndex[k] >= 0 ? args[arrayIndex[k]]
                                               : operands[k].value);
          Value r = body(b, bl, elems);
          linalg::YieldOp::create(b, bl, r);
        });
    return generic.getResult(0);
  }

  /// `a and b`, `a or b` on scalars: `b` is evaluated only when `a` does not
  /// decide the result (it may index out of bounds or divide by zero
  /// otherwise).
  TV emitShortCircuit(Expr &e, const TV &a) {
    Location l = loc(e.loc);
    bool isAnd = e.op == "and";
    Value first = castScalar(a.value, a.ty.elem, ScalarKind::Bool, l);
    auto ifOp = scf::IfOp::create(builder, l, builder.getI1Type(), first,
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(isAnd ? ifOp.elseBlock()
                                           : ifOp.thenBlock());
    scf::YieldOp::create(builder, l, ValueRange{first});
    builder.setInsertionPointToStart(isAnd ? ifOp.thenBlock()
                                           : ifOp.elseBlock());
    TV b = emitExpr(*e.children[1]);
    if (!b.ok())
      return TV::error();
    if (!b.ty.isScalar()) {
      diags.error(e.loc, "the truth value of an array is ambiguous; '" + e.op +
                             "' needs scalar operands");
      return TV::error();
    }
    scf::YieldOp::create(
        builder, l,
        ValueRange{castScalar(b.value, b.ty.elem, ScalarKind::Bool, l)});
    TV r;
    r.ty = Ty::scalar(ScalarKind::Bool);
    r.value = ifOp.getResult(0);
    return r;
  }

  /// Broadcasting follows the static shapes: a dimension of size 1
  /// stretches, a `?` dimension never does. Sizes that must then be equal
  /// but are only known at run time are checked there (a mismatch would
  /// read out of bounds).
  void checkBroadcastAtRunTime(Location l, ArrayRef<TV> operands,
                               const Ty &resultTy,
                               ArrayRef<SmallVector<int64_t>> dimMaps,
                               ArrayRef<Value> explicitSizes) {
    struct Extent {
      const Ty *ty = nullptr; ///< null for an explicit size
      int64_t dim = 0, size = kDyn;
      Value value;
    };
    for (int64_t i = 0; i < resultTy.rank(); ++i) {
      std::optional<Extent> first;
      if (!explicitSizes.empty())
        first = Extent{nullptr, i, resultTy.shape[i], explicitSizes[i]};
      for (size_t k = 0; k < operands.size(); ++k) {
        const TV &o = operands[k];
        if (!o.ty.isArray())
          continue;
        for (int64_t j = 0; j < o.ty.rank(); ++j) {
          int64_t target = dimMaps.empty() ? resultTy.rank() - o.ty.rank() + j
                                           : dimMaps[k][j];
          if (target != i || o.ty.shape[j] == 1)
            continue;
          Extent here{&o.ty, j, o.ty.shape[j], {}};
          if (!first) {
            here.value = tensor::DimOp::create(builder, l, o.value, j);
            first = here;
            continue;
          }
          bool bothStatic = first->size != kDyn && here.size != kDyn;
          bool sameName = first->ty && !first->ty->syms[first->dim].empty() &&
                          first->ty->syms[first->dim] == o.ty.syms[j];
          if (bothStatic || sameName)
            continue;
          std::string problem =
              first->ty ? "operands could not be broadcast together with "
                          "shapes " +
                              shapeStr(*first->ty) + " " + shapeStr(o.ty)
                        : "could not broadcast input array from shape " +
                              shapeStr(o.ty) + " into the slice";
          checkAtRunTime(arith::CmpIPredicate::eq, first->value,
                         tensor::DimOp::create(builder, l, o.value, j),
                         problem + ": sizes differ at run time", l);
        }
      }
    }
  }

  /// `index` into a dimension of `size` elements, counting from the end
  /// when negative; out of bounds stops the program, as NumPy raises.
  Value checkedIndex(Value index, Value size, int64_t axis, Location l) {
    Value zero = constIndex(0, l);
    Value negative = arith::CmpIOp::create(builder, l,
                                           arith::CmpIPredicate::slt, index,
                                           zero);
    Value normalized = arith::SelectOp::create(
        builder, l, negative, arith::AddIOp::create(builder, l, index, size),
        index);
    // One unsigned comparison checks both 0 <= i and i < size.
    checkAtRunTime(arith::CmpIPredicate::ult, normalized, size,
                   "index out of bounds for axis " + std::to_string(axis), l);
    return normalized;
  }

  /// Stops the program with "file:line:col: <problem>" at run time unless
  /// `lhs <predicate> rhs`.
  void checkAtRunTime(arith::CmpIPredicate predicate, Value lhs, Value rhs,
                      const std::string &problem, Location l) {
    Value holds = arith::CmpIOp::create(builder, l, predicate, lhs, rhs);
    cf::AssertOp::create(builder, l, holds, locationPrefix(l) + problem);
  }
  void checkNotEmpty(Value size, const std::string &problem, Location l) {
    checkAtRunTime(arith::CmpIPredicate::ne, size, constIndex(0, l), problem,
                   l);
  }

  /// "file:line:col: " for messages printed at run time.
  static std::string locationPrefix(Location l) {
    auto fileLoc = dyn_cast<FileLineColLoc>(l);
    if (!fileLoc)
      return "";
    return (fileLoc.getFilename().getValue() + ":" + Twine(fileLoc.getLine()) +
            ":" + Twine(fileLoc.getColumn()) + ": ")
        .str();
  }

  TV emitBinary(StringRef op, const TV &a, const TV &b, SMLoc at) {
    Location l = loc(at);
    if (op == "@")
      return emitMatmul(a, b, at);
    // (`and`/`or` with a scalar left operand short-circuit elsewhere.)
    if (op == "and" || op == "or") {
      diags.error(at, "the truth value of an array is ambiguous; '" + op +
                          "' needs scalar operands");
      return TV::error();
    }
    for (const TV *v : {&a, &b})
      if (!v->ty.isScalar() && !v->ty.isArray()) {
        diags.error(at, "unsupported operand type " + v->ty.str() + " for '" +
                            op + "'");
        return TV::error();
      }
    auto types = binaryTypes(op, a.ty, b.ty, at);
    if (!types)
      return TV::error();
    ScalarKind ck = types->compute, rk = types->result;
    ScalarKind ak = a.ty.elem, bk = b.ty.elem;
    if (a.ty.isScalar() && b.ty.isScalar()) {
      Value x = castScalar(a.value, ak, ck, l);
      Value y = castScalar(b.value, bk, ck, l);
      TV r;
      r.ty = Ty::scalar(rk, a.ty.weak && b.ty.weak);
      r.value = scalarBinary(builder, l, op, x, y, ck);
      return r;
    }
    auto shape = broadcastShape({&a.ty, &b.ty}, at);
    if (!shape)
      return TV::error();
    Ty rt = *shape;
    rt.elem = rk;
    TV r;
    r.ty = rt;
    r.value = emitElementwise(
        l, {a, b}, rt, [&](OpBuilder &ob, Location bl, ArrayRef<Value> e) {
          Value x = castWith(ob, e[0], ak, ck, bl);
          Value y = castWith(ob, e[1], bk, ck, bl);
          return scalarBinary(ob, bl, op, x, y, ck);
        });
    return r;
  }

  TV emitMatmul(const TV &a, const TV &b, SMLoc at) {
    Location l = loc(at);
    if (!a.ty.isArray() || !b.ty.isArray()) {
      diags.error(at, "matmul: input operand does not have enough dimensions "
                      "(scalars are not allowed with '@')");
      return TV::error();
    }
    if (a.ty.rank() > 2 || b.ty.rank() > 2 || a.ty.rank() == 0 ||
        b.ty.rank() == 0) {
      diags.error(at, "'@' supports 1-d and 2-d arrays only, got " +
                          a.ty.str() + " @ " + b.ty.str());
      return TV::error();
    }
    int64_t ka = a.ty.shape.back();
    int64_t kb = b.ty.shape[0];
    std::string mismatch =
        "matmul: mismatch in the contracted dimension: " + a.ty.str() + " @ " +
        b.ty.str();
    if (ka != kDyn && kb != kDyn && ka != kb) {
      diags.error(at, mismatch);
      return TV::error();
    }
    const std::string &symA = a.ty.syms.back(), &symB = b.ty.syms[0];
    if ((ka == kDyn || kb == kDyn) && (symA.empty() || symA != symB)) {
      checkAtRunTime(
          arith::CmpIPredicate::eq,
          tensor::DimOp::create(builder, l, a.value, a.ty.rank() - 1),
          tensor::DimOp::create(builder, l, b.value, 0), mismatch, l);
    }
    ScalarKind k = promote(a.ty, b.ty);
    if (k == ScalarKind::Bool) {
      diags.error(at, "'@' of boolean arrays is not supported");
      return TV::error();
    }
    TV x = convertElem(a, k, l), y = convertElem(b, k, l);
    SmallVector<int64_t> shape;
    SmallVector<std::string> syms;
    SmallVector<Value> dynSizes;
    auto addDim = [&](const TV &v, int64_t d) {
      shape.push_back(v.ty.shape[d]);
      syms.push_back(v.ty.syms[d]);
      if (v.ty.shape[d] == kDyn)
        dynSizes.push_back(tensor::DimOp::create(builder, l, v.value, d));
    };
    if (x.ty.rank() == 2)
      addDim(x, 0);
    if (y.ty.rank() == 2)
      addDim(y, 1);
    auto outType = tensorType(k, shape);
    Value init = tensor::EmptyOp::create(builder, l, outType, dynSizes);
    Value zero = constScalar(k, 0, 0, l);
    init = linalg::FillOp::create(builder, l, zero, init).getResult(0);
    Value r;
    if (x.ty.rank() == 2 && y.ty.rank() == 2)
      r = linalg::MatmulOp::create(builder, l, TypeRange{outType},
                                   ValueRange{x.value, y.value}, ValueRange{init})
              .getResult(0);
    else if (x.ty.rank() == 2)
      r = linalg::MatvecOp::create(builder, l, TypeRange{outType},
                                   ValueRange{x.value, y.value}, ValueRange{init})
              .getResult(0);
    else if (y.ty.rank() == 2)
      r = linalg::VecmatOp::create(builder, l, TypeRange{outType},
                                   ValueRange{x.value, y.value}, ValueRange{init})
              .getResult(0);
    else {
      r = linalg::DotOp::create(builder, l, TypeRange{outType},
                                ValueRange{x.value, y.value}, ValueRange{init})
              .getResult(0);
      TV s;
      s.ty = Ty::scalar(k);
      s.value = tensor::ExtractOp::create(builder, l, r, ValueRange{});
      return s;
    }
    TV out;
    out.ty = Ty::array(k, shape, syms);
    out.value = r;
    return out;
  }

  /// The array with elements converted to `k` (itself when equal).
  TV convertElem(const TV &v, ScalarKind k, Location l) {
    if (v.ty.elem == k)
      return v;
    if (v.ty.isScalar()) {
      TV r;
      r.ty = Ty::scalar(k);
      r.value = castScalar(v.value, v.ty.elem, k, l);
      return r;
    }
    Ty rt = v.ty;
    rt.elem = k;
    ScalarKind from = v.ty.elem;
    TV r;
    r.ty = rt;
    r.value = emitElementwise(l, {v}, rt,
                              [&](OpBuilder &b, Location bl, ArrayRef<Value> e) {
                                return castWith(b, e[0], from, k, bl);
                              });
    return r;
  }

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

  std::optional<int64_t> literal(Expr *e) {
    if (e && e->kind == Expr::IntLit)
      return e->intValue;
    return std::nullopt;
  }

  Value emitIndexValue(Expr &e) {
    TV v = emitExpr(e);
    if (!v.ok())
      return {};
    if (!v.ty.isScalar() || !(isInt(v.ty.elem) || v.ty.elem == ScalarKind::Bool)) {
      diags.error(e.loc, "array indices must be integers, not " + v.ty.str());
      return {};
    }
    return castScalar(v.value, v.ty.elem, ScalarKind::Index, loc(e.loc));
  }

  /// Adds the slice first:last:step (in bounds) to `spec`; returns its size.
  int64_t addConstantSlice(SliceSpec &spec, int64_t first, int64_t last,
                           int64_t step, Location l) {
    int64_t n = std::max<int64_t>(0, (last - first + step - 1) / step);
    // An empty slice may start at the end, where a view may not.
    spec.offsets.push_back(builder.getIndexAttr(n == 0 ? 0 : first));
    spec.strides.push_back(builder.getIndexAttr(step));
    spec.sizes.push_back(builder.getIndexAttr(n));
    spec.fullShape.push_back(n);
    spec.sizeValues.push_back(constIndex(n, l));
    return n;
  }

  std::optional<SliceSpec> analyzeSlice(Value source, const Ty &ty,
                                        ArrayRef<Expr *> items, SMLoc at) {
    Location l = loc(at);
    SliceSpec spec;
    if ((int64_t)items.size() > ty.rank()) {
      diags.error(at, "too many indices for array: array is " +
                          std::to_string(ty.rank()) + "-dimensional, but " +
                          std::to_string(items.size()) + " were indexed");
      return std::nullopt;
    }
    for (int64_t d = 0; d < ty.rank(); ++d) {
      Expr *item = d < (int64_t)items.size() ? items[d] : nullptr;
      int64_t dimSize = ty.shape[d];
      auto dimValue = [&]() -> Value {
        if (dimSize != kDyn)
          return constIndex(dimSize, l);
        return tensor::DimOp::create(builder, l, source, d);
      };
      if (item && item->kind != Expr::Slice) {
        // An integer index: static when a literal.
        if (auto lit = literal(item)) {
          int64_t v = *lit;
          if (v < 0 && dimSize != kDyn)
            v += dimSize;
          if (dimSize != kDyn && (v < 0 || v >= dimSize)) {
            diags.error(item->loc, "index " + std::to_string(*lit) +
                                       " is out of bounds for axis " +
                                       std::to_string(d) + " with size " +
                                       std::to_string(dimSize));
            return std::nullopt;
          }
          if (dimSize == kDyn) {
            Value idx = checkedIndex(constIndex(v, l), dimValue(), d, l);
            spec.offsets.push_back(idx);
            spec.indexValues.push_back(idx);
          } else {
            spec.offsets.push_back(builder.getIndexAttr(v));
            spec.indexValues.push_back(constIndex(v, l));
          }
        } else {
          Value idx = emitIndexValue(*item);
          if (!idx)
            return std::nullopt;
          idx = checkedIndex(idx, dimValue(), d, l);
          spec.offsets.push_back(idx);
          spec.indexValues.push_back(idx);
        }
        spec.sizes.push_back(builder.getIndexAttr(1));
        spec.strides.push_back(builder.getIndexAttr(1));
        spec.fullShape.push_back(1);
        spec.sizeValues.push_back(constIndex(1, l));
        continue;
      }
      spec.allIndices = false;
      spec.keptDims.push_back(d);
      Expr *start = item ? item->children[0].get() : nullptr;
      Expr *stop = item ? item->children[1].get() : nullptr;
      Expr *step = item ? item->children[2].get() : nullptr;
      auto sStart = start ? literal(start) : std::optional<int64_t>(0);
      auto sStop = stop ? literal(stop) : std::optional<int64_t>();
      auto sStep = step ? literal(step) : std::optional<int64_t>(1);
      if (sStep && *sStep <= 0) {
        diags.error(step->loc, "slice steps must be positive");
        return std::nullopt;
      }
      if (dimSize != kDyn && (!start || sStart) && (!stop || sStop) &&
          sStep) {
        // Python's bounds, all known here.
        int64_t first = start ? *sStart : 0, last = stop ? *sStop : dimSize;
        auto clamp = [&](int64_t bound) {
          return bound < 0 ? std::max<int64_t>(0, bound + dimSize)
                           : std::min(bound, dimSize);
        };
        first = clamp(first);
        last = clamp(last);
        addConstantSlice(spec, first, last, *sStep, l);
        continue;
      }
      if ((!start || (sStart && *sStart >= 0)) && sStop && *sStop >= 0 &&
          sStep) {
        // Constant non-negative bounds on a '?' dimension give a constant
        // size (so that e.g. m[:, 0:1] broadcasts): instead of clamping, a
        // dimension too short for them stops the program.
        int64_t first = start ? *sStart : 0;
        if (addConstantSlice(spec, first, *sStop, *sStep, l) > 0)
          checkAtRunTime(arith::CmpIPredicate::sle, constIndex(*sStop, l),
                         dimValue(),
                         "slice end " + std::to_string(*sStop) +
                             " is beyond the end of axis " + std::to_string(d),
                         l);
        continue;
      }
      // Otherwise as in Python, at run time: negative bounds count from the
      // end, and bounds are clamped to the dimension.
      Value size = dimValue();
      auto bound = [&](Expr *e, std::optional<int64_t> lit) -> Value {
        Value v = lit ? constIndex(*lit, l) : emitIndexValue(*e);
        if (!v)
          return {};
        Value zero = constIndex(0, l);
        Value negative =
            arith::CmpIOp::create(builder, l, arith::CmpIPredicate::slt, v, zero);
        Value fromEnd = arith::MaxSIOp::create(
            builder, l, arith::AddIOp::create(builder, l, v, size), zero);
        Value clamped = arith::MinSIOp::create(builder, l, v, size);
        return arith::SelectOp::create(builder, l, negative, fromEnd, clamped);
      };
      Value vStart = start ? bound(start, sStart) : constIndex(0, l);
      Value vStop = stop ? bound(stop, sStop) : size;
      Value vStep = sStep ? constIndex(*sStep, l) : emitIndexValue(*step);
      if (!vStart || !vStop || !vStep)
        return std::nullopt;
      if (!sStep)
        checkAtRunTime(arith::CmpIPredicate::sgt, vStep, constIndex(0, l),
                       "slice steps must be positive", loc(step->loc));
      Value diff = arith::SubIOp::create(builder, l, vStop, vStart);
      Value n = arith::CeilDivSIOp::create(builder, l, diff, vStep);
      n = arith::MaxSIOp::create(builder, l, n, constIndex(0, l));
      // An empty slice may start at the end, where a view may not.
      Value empty = arith::CmpIOp::create(builder, l, arith::CmpIPredicate::eq,
                                          n, constIndex(0, l));
      vStart = arith::SelectOp::create(builder, l, empty, constIndex(0, l),
                                       vStart);
      spec.offsets.push_back(vStart);
      spec.strides.push_back(sStep ? OpFoldResult(builder.getIndexAttr(*sStep))
                                   : OpFoldResult(vStep));
      spec.sizes.push_back(n);
      spec.fullShape.push_back(kDyn);
      spec.sizeValues.push_back(n);
    }
    return spec;
  }

  TV emitSubscript(Expr &e) {
    Expr &baseExpr = *e.children[0];
    Location l = loc(e.loc);
    // a.shape[k]
    if (baseExpr.kind == Expr::Attribute && baseExpr.name == "shape") {
      TV arr = emitExpr(*baseExpr.children[0]);
      if (!arr.ok())
        return TV::error();
      if (!arr.ty.isArray()) {
        diags.error(baseExpr.loc, "'shape' needs an array, not " + arr.ty.str());
        return TV::error();
      }
      auto k = e.children.size() == 2 ? literal(e.children[1].get())
                                      : std::nullopt;
      if (!k) {
        diags.error(e.loc, "'shape' must be indexed with an integer literal");
        return TV::error();
      }
      int64_t d = *k < 0 ? *k + arr.ty.rank() : *k;
      if (d < 0 || d >= arr.ty.rank()) {
        diags.error(e.children[1]->loc,
                    "shape index " + std::to_string(*k) +
                        " is out of range for a " +
                        std::to_string(arr.ty.rank()) + "-d array");
        return TV::error();
      }
      TV r;
      r.ty = Ty::scalar(ScalarKind::Index);
      r.value = arr.ty.shape[d] != kDyn
                    ? constIndex(arr.ty.shape[d], l)
                    : (Value)tensor::DimOp::create(builder, l, arr.value, d);
      return r;
    }
    TV base = emitExpr(baseExpr);
    if (!base.ok())
      return TV::error();
    if (!base.ty.isArray()) {
      diags.error(baseExpr.loc, "a value of type " + base.ty.str() +
                                    " is not subscriptable");
      return TV::error();
    }
    SmallVector<Expr *> items;
    for (size_t i = 1; i < e.children.size(); ++i)
      items.push_back(e.children[i].get());
    auto spec = analyzeSlice(base.value, base.ty, items, e.loc);
    if (!spec)
      return TV::error();
    if (spec->allIndices && (int64_t)items.size() == base.ty.rank()) {
      TV r;
      r.ty = Ty::scalar(base.ty.elem);
      r.value = tensor::ExtractOp::create(builder, l, base.value,
                                          spec->indexValues);
      return r;
    }
    SmallVector<int64_t> shape;
    SmallVector<std::string> syms;
    for (int64_t d : spec->keptDims) {
      shape.push_back(spec->fullShape[d]);
      bool whole = d >= (int64_t)items.size() ||
                   (!items[d]->children[0] && !items[d]->children[1] &&
                    !items[d]->children[2]);
      syms.push_back(whole ? base.ty.syms[d] : "");
    }
    auto resultType = tensorType(base.ty.elem, shape);
    auto srcType = cast<RankedTensorType>(base.value.getType());
    resultType = RankedTensorType::get(shape, srcType.getElementType(),
                                       srcType.getEncoding());
    TV r;
    r.ty = Ty::array(base.ty.elem, shape, syms);
    r.value = ndarray::SubviewOp::create(builder, l, resultType, base.value,
                                         spec->offsets, spec->sizes,
                                         spec->strides);
    return r;
  }

  /// dest[items] = value, in place (ndarray.insert_slice); no items: all.
  void storeSlice(Value dest, const Ty &destTy, ArrayRef<Expr *> items,
                  TV value, SMLoc at) {
    Location l = loc(at);
    auto spec = analyzeSlice(dest, destTy, items, at);
    if (!spec)
      return;
    auto destType = cast<RankedTensorType>(dest.getType());
    Value source;
    if (value.ty.isScalar()) {
      if (!value.ty.weak && !canCastSameKind(value.ty.elem, destTy.elem)) {
        diags.error(at, "cannot assign a value of type " + value.ty.str() +
                            " to elements of type " +
                            scalarKindName(destTy.elem));
        return;
      }
      Value elem = castScalar(value.value, value.ty.elem, destTy.elem, l);
      source = tensor::FromElementsOp::create(
          builder, l,
          RankedTensorType::get({}, destType.getElementType(),
                                destType.getEncoding()),
          ValueRange{elem});
    } else if (value.ty.isArray()) {
      if (!canCastSameKind(value.ty.elem, destTy.elem)) {
        diags.error(at, "cannot assign an array of type " + value.ty.str() +
                            " to elements of type " +
                            scalarKindName(destTy.elem));
        return;
      }
      // The value must broadcast to the view (the kept dims).
      Ty view = Ty::array(destTy.elem, {});
      for (int64_t d : spec->keptDims) {
        view.shape.push_back(spec->fullShape[d]);
        view.syms.push_back("");
      }
      if (value.ty.rank() > view.rank()) {
        diags.error(at, "could not broadcast input array from shape " +
                            shapeStr(value.ty) + " into shape " +
                            shapeStr(view));
        return;
      }
      for (int64_t j = 0; j < value.ty.rank(); ++j) {
        int64_t s = value.ty.shape[j];
        int64_t v = view.shape[view.rank() - value.ty.rank() + j];
        if (s != kDyn && v != kDyn && s != 1 && s != v) {
          diags.error(at, "could not broadcast input array from shape " +
                              shapeStr(value.ty) + " into shape " +
                              shapeStr(view));
          return;
        }
      }
      Value v = value.value;
      auto vType = cast<RankedTensorType>(v.getType());
      if (vType.getEncoding() != destType.getEncoding()) {
        v = ndarray::CopyOp::create(
            builder, l,
            RankedTensorType::get(vType.getShape(), vType.getElementType(),
                                  destType.getEncoding()),
            v);
        value.value = v;
      }
      // Materialize the full-rank source of the slice's shape.
      Ty full = Ty::array(destTy.elem, spec->fullShape);
      SmallVector<int64_t> map;
      for (int64_t j = 0; j < value.ty.rank(); ++j)
        map.push_back(spec->keptDims[view.rank() - value.ty.rank() + j]);
      ScalarKind from = value.ty.elem, to = destTy.elem;
      SmallVector<Value> sizes;
      for (int64_t d = 0; d < full.rank(); ++d)
        sizes.push_back(spec->sizeValues[d]);
      source = emitElementwise(
          l, {value}, full,
          [&](OpBuilder &b, Location bl, ArrayRef<Value> e) {
            return castWith(b, e[0], from, to, bl);
          },
          {map}, sizes);
    } else {
      diags.error(at, "cannot assign a value of type " + value.ty.str() +
                          " to an array slice");
      return;
    }
    ndarray::InsertSliceOp::create(builder, l, dest, source, spec->offsets,
                                   spec->sizes, spec->strides);
  }

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  Var *lookupVar(Expr &e) {
    auto it = vars.find(e.name);
    if (it == vars.end()) {
      diags.error(e.loc, "name '" + e.name + "' is not defined");
      return nullptr;
    }
    if (it->second.kind == Var::Deleted) {
      diags.error(e.loc, "name '" + e.name + "' is used after 'del'");
      diags.note(it->second.deletedAt, "deleted here");
      return nullptr;
    }
    return &it->second;
  }

  TV emitExpr(Expr &e) {
    Location l = loc(e.loc);
    switch (e.kind) {
    case Expr::IntLit: {
      TV r;
      r.ty = Ty::scalar(ScalarKind::I64, /*weak=*/true);
      r.value = constScalar(ScalarKind::I64, 0, e.intValue, l);
      return r;
    }
    case Expr::FloatLit: {
      TV r;
      r.ty = Ty::scalar(ScalarKind::F64, true);
      r.value = constScalar(ScalarKind::F64, e.floatValue, 0, l);
      return r;
    }
    case Expr::BoolLit: {
      TV r;
      r.ty = Ty::scalar(ScalarKind::Bool, true);
      r.value = arith::ConstantIntOp::create(builder, l, e.boolValue, 1);
      return r;
    }
    case Expr::StringLit:
      diags.error(e.loc, "string values are not supported here");
      return TV::error();
    case Expr::Name: {
      if (auto it = dims.find(e.name); it != dims.end() && !vars.count(e.name)) {
        TV r;
        r.ty = Ty::scalar(ScalarKind::Index);
        r.value = it->second;
        return r;
      }
      if (scalarKindFromName(e.name)) {
        diags.error(e.loc, "type '" + e.name + "' used as a value");
        return TV::error();
      }
      if (functions.count(e.name) && !vars.count(e.name)) {
        diags.error(e.loc, "function '" + e.name + "' used as a value");
        return TV::error();
      }
      Var *var = lookupVar(e);
      if (!var)
        return TV::error();
      TV r;
      r.ty = var->ty;
      r.value = load(*var, l);
      return r;
    }
    case Expr::Unary: {
      TV v = emitExpr(*e.children[0]);
      if (!v.ok())
        return TV::error();
      if (e.op == "not") {
        if (!v.ty.isScalar()) {
          diags.error(e.loc, "the truth value of an array is ambiguous; "
                             "'not' needs a scalar");
          return TV::error();
        }
        Value b = castScalar(v.value, v.ty.elem, ScalarKind::Bool, l);
        Value t = arith::ConstantIntOp::create(builder, l, 1, 1);
        TV r;
        r.ty = Ty::scalar(ScalarKind::Bool);
        r.value = arith::XOrIOp::create(builder, l, b, t);
        return r;
      }
      if (v.ty.elem == ScalarKind::Bool) {
        diags.error(e.loc, "the numpy boolean negative, the '-' operator, is "
                           "not supported");
        return TV::error();
      }
      TV zero;
      zero.ty = Ty::scalar(ScalarKind::I64, true);
      zero.value = constScalar(ScalarKind::I64, 0, 0, l);
      return emitBinary("-", zero, v, e.loc);
    }
    case Expr::Binary: {
      TV a = emitExpr(*e.children[0]);
      if (!a.ok())
        return TV::error();
      if ((e.op == "and" || e.op == "or") && a.ty.isScalar())
        return emitShortCircuit(e, a);
      TV b = emitExpr(*e.children[1]);
      if (!b.ok())
        return TV::error();
      return emitBinary(e.op, a, b, e.loc);
    }
    case Expr::Subscript:
      return emitSubscript(e);
    case Expr::Attribute: {
      TV base = emitExpr(*e.children[0]);
      if (!base.ok())
        return TV::error();
      if (e.name == "T") {
        if (!base.ty.isArray()) {
          diags.error(e.loc, "'.T' needs an array, not " + base.ty.str());
          return TV::error();
        }
        return emitTranspose(base, l);
      }
      if (e.name == "shape") {
        diags.error(e.loc, "'shape' must be indexed, e.g. 'a.shape[0]'");
        return TV::error();
      }
      diags.error(e.keywordLocs.empty() ? e.loc : e.keywordLocs[0],
                  "'" + base.ty.str() + "' has no attribute '" + e.name + "'");
      return TV::error();
    }
    case Expr::Tuple: {
      TV r;
      r.ty.kind = Ty::Tuple;
      for (auto &c : e.children) {
        TV v = emitExpr(*c);
        if (!v.ok())
          return TV::error();
        if (v.ty.kind == Ty::Tuple || v.ty.kind == Ty::None) {
          diags.error(c->loc, "nested tuples are not supported");
          return TV::error();
        }
        r.ty.elems.push_back(v.ty);
        r.values.push_back(v.value);
      }
      return r;
    }
    case Expr::Slice:
      diags.error(e.loc, "a slice is only allowed inside '[...]'");
      return TV::error();
    case Expr::Call:
      return emitCall(e);
    }
    return TV::error();
  }

  TV emitTranspose(const TV &v, Location l) {
    if (v.ty.rank() < 2)
      return v;
    SmallVector<int64_t> perm, shape;
    SmallVector<std::string> syms;
    SmallVector<Value> dyn;
    for (int64_t d = v.ty.rank() - 1; d >= 0; --d) {
      perm.push_back(d);
      shape.push_back(v.ty.shape[d]);
      syms.push_back(v.ty.syms[d]);
      if (v.ty.shape[d] == kDyn)
        dyn.push_back(tensor::DimOp::create(builder, l, v.value, d));
    }
    auto type = tensorType(v.ty.elem, shape);
    Value init = tensor::EmptyOp::create(builder, l, type, dyn);
    TV r;
    r.ty = Ty::array(v.ty.elem, shape, syms);
    r.value = linalg::TransposeOp::create(builder, l, v.value, init, perm)
                  .getResult()[0];
    return r;
  }

  //===--------------------------------------------------------------------===//
  // Calls
  //===--------------------------------------------------------------------===//

  bool checkArity(Expr &call, StringRef name, size_t min, size_t max,
                  ArrayRef<StringRef> keywords = {}) {
    size_t n = call.children.size() - 1;
    for (size_t i = 0; i < call.keywords.size(); ++i)
      if (!llvm::is_contained(keywords, call.keywords[i].first)) {
        diags.error(call.keywordLocs[i], name + "() got an unexpected keyword "
                                                "argument '" +
                                             call.keywords[i].first + "'");
        return false;
      }
    if (n < min || n > max) {
      std::string expect = min == max ? std::to_string(min)
                                      : std::to_string(min) + " to " +
                                            std::to_string(max);
      diags.error(call.loc, name + "() takes " + expect + " argument" +
                                (max == 1 && min == 1 ? "" : "s") + " (" +
                                std::to_string(n) + " given)");
      return false;
    }
    return true;
  }

  Expr *keyword(Expr &call, StringRef name) {
    for (auto &[k, v] : call.keywords)
      if (k == name)
        return v.get();
    return nullptr;
  }

  std::optional<ScalarKind> dtypeArg(Expr *e) {
    if (!e)
      return std::nullopt;
    if (e->kind == Expr::Name)
      if (auto k = scalarKindFromName(e->name))
        return k;
    diags.error(e->loc, "expected a type name (bool, i8, ..., f64)");
    return std::nullopt;
  }

  /// A shape argument: an integer or a tuple of integers.
  bool shapeArg(Expr &e, SmallVector<int64_t> &shape, SmallVector<Value> &dyn) {
    SmallVector<Expr *> items;
    if (e.kind == Expr::Tuple)
      for (auto &c : e.children)
        items.push_back(c.get());
    else
      items.push_back(&e);
    for (Expr *item : items) {
      if (auto lit = literal(item)) {
        if (*lit < 0) {
          diags.error(item->loc, "negative dimensions are not allowed");
          return false;
        }
        shape.push_back(*lit);
        continue;
      }
      Value v = emitIndexValue(*item);
      if (!v)
        return false;
      shape.push_back(kDyn);
      dyn.push_back(v);
    }
    return true;
  }

  TV emitCall(Expr &call) {
    Expr &callee = *call.children[0];
    Location l = loc(call.loc);
    if (callee.kind == Expr::Attribute)
      return emitMethod(call);
    if (callee.kind != Expr::Name) {
      diags.error(callee.loc, "this expression is not callable");
      return TV::error();
    }
    StringRef name = callee.name;
    auto args = [&](size_t i) -> Expr & { return *call.children[i + 1]; };
    size_t n = call.children.size() - 1;

    if (auto it = functions.find(name); it != functions.end())
      return emitUserCall(call, it->second);

    if (auto k = scalarKindFromName(name)) { // f32(x): scalar conversion
      if (!checkArity(call, name, 1, 1))
        return TV::error();
      TV v = emitExpr(args(0));
      if (!v.ok())
        return TV::error();
      if (v.ty.isArray())
        return emitAstype(v, *k, l);
      TV r;
      r.ty = Ty::scalar(*k);
      r.value = castScalar(v.value, v.ty.elem, *k, l);
      return r;
    }
    if (name == "print") {
      if (n == 0)
        emitPrintNewline(loc(call.loc));
      for (size_t i = 0; i < n; ++i) {
        TV v = emitExpr(args(i));
        if (!v.ok())
          return TV::error();
        if (!emitPrint(v, /*last=*/i + 1 == n, args(i).loc))
          return TV::error();
      }
      TV r;
      r.ty = Ty::none();
      return r;
    }
    if (name == "linspace") {
      if (!checkArity(call, name, 3, 3, {"endpoint"}))
        return TV::error();
      TV start = emitExpr(args(0)), stop = emitExpr(args(1));
      if (!start.ok() || !stop.ok())
        return TV::error();
      if (!start.ty.isScalar() || !stop.ty.isScalar()) {
        diags.error(call.loc, "linspace() needs scalar start and stop");
        return TV::error();
      }
      Value num = emitIndexValue(args(2));
      if (!num)
        return TV::error();
      bool endpoint = true;
      if (Expr *ep = keyword(call, "endpoint")) {
        if (ep->kind != Expr::BoolLit) {
          diags.error(ep->loc, "endpoint must be True or False");
          return TV::error();
        }
        endpoint = ep->boolValue;
      }
      int64_t size = kDyn;
      if (auto lit = literal(&args(2))) {
        if (*lit < 0) {
          diags.error(args(2).loc, "number of samples must be non-negative");
          return TV::error();
        }
        size = *lit;
      }
      Value s = castScalar(start.value, start.ty.elem, ScalarKind::F64, l);
      Value e = castScalar(stop.value, stop.ty.elem, ScalarKind::F64, l);
      auto type = tensorType(ScalarKind::F64, {size});
      auto op = ndarray::LinSpaceOp::create(builder, l, type, s, e, num,
                                            endpoint ? builder.getUnitAttr()
                                                     : UnitAttr());
      TV r;
      r.ty = Ty::array(ScalarKind::F64, {size});
      r.value = op;
      return r;
    }
    if (name == "arange")
      return emitArange(call);
    if (name == "zeros" || name == "ones" || name == "empty" || name == "full") {
      bool full = name == "full";
      if (!checkArity(call, name, full ? 2 : 1, full ? 3 : 2, {"dtype"}))
        return TV::error();
      SmallVector<int64_t> shape;
      SmallVector<Value> dyn;
      if (!shapeArg(args(0), shape, dyn))
        return TV::error();
      Expr *dtypeExpr = keyword(call, "dtype");
      if (n == (full ? 3u : 2u))
        dtypeExpr = &args(n - 1);
      TV fill;
      if (full) {
        fill = emitExpr(args(1));
        if (!fill.ok())
          return TV::error();
        if (!fill.ty.isScalar()) {
          diags.error(args(1).loc, "full() needs a scalar fill value");
          return TV::error();
        }
      }
      ScalarKind k = full ? (fill.ty.weak && fill.ty.elem == ScalarKind::I64
                                 ? ScalarKind::I64
                                 : fill.ty.elem)
                          : ScalarKind::F64;
      if (dtypeExpr) {
        auto dk = dtypeArg(dtypeExpr);
        if (!dk)
          return TV::error();
        k = *dk;
      }
      auto type = tensorType(k, shape);
      Value init = tensor::EmptyOp::create(builder, l, type, dyn);
      TV r;
      r.ty = Ty::array(k, shape);
      if (name == "empty") {
        r.value = init;
        return r;
      }
      Value v = full ? castScalar(fill.value, fill.ty.elem, k, l)
                     : constScalar(k, name == "ones" ? 1.0 : 0.0,
                                   name == "ones" ? 1 : 0, l);
      r.value = linalg::FillOp::create(builder, l, v, init).getResult(0);
      return r;
    }
    if (name == "sum" || name == "prod" || name == "max" || name == "min" ||
        name == "mean")
      return emitReduction(call, name);
    if (name == "argmax" || name == "argmin")
      return emitArgReduction(call, name == "argmax");
    if (name == "where") {
      if (!checkArity(call, name, 3, 3))
        return TV::error();
      TV c = emitExpr(args(0)), a = emitExpr(args(1)), b = emitExpr(args(2));
      if (!c.ok() || !a.ok() || !b.ok())
        return TV::error();
      for (const TV *v : {&c, &a, &b})
        if (!v->ty.isScalar() && !v->ty.isArray()) {
          diags.error(call.loc, "where() needs arrays or scalars");
          return TV::error();
        }
      ScalarKind rk = promote(a.ty, b.ty);
      ScalarKind ck = c.ty.elem, ak = a.ty.elem, bk = b.ty.elem;
      if (!c.ty.isArray() && !a.ty.isArray() && !b.ty.isArray()) {
        TV r;
        r.ty = Ty::scalar(rk);
        r.value = arith::SelectOp::create(
            builder, l, castScalar(c.value, ck, ScalarKind::Bool, l),
            castScalar(a.value, ak, rk, l), castScalar(b.value, bk, rk, l));
        return r;
      }
      auto shape = broadcastShape({&c.ty, &a.ty, &b.ty}, call.loc);
      if (!shape)
        return TV::error();
      Ty rt = *shape;
      rt.elem = rk;
      TV r;
      r.ty = rt;
      r.value = emitElementwise(
          l, {c, a, b}, rt, [&](OpBuilder &ob, Location bl, ArrayRef<Value> e) {
            Value cond = castWith(ob, e[0], ck, ScalarKind::Bool, bl);
            Value x = castWith(ob, e[1], ak, rk, bl);
            Value y = castWith(ob, e[2], bk, rk, bl);
            return arith::SelectOp::create(ob, bl, cond, x, y).getResult();
          });
      return r;
    }
    if (name == "minimum" || name == "maximum") {
      if (!checkArity(call, name, 2, 2))
        return TV::error();
      TV a = emitExpr(args(0)), b = emitExpr(args(1));
      if (!a.ok() || !b.ok())
        return TV::error();
      return emitBinary(name == "minimum" ? "min" : "max", a, b, call.loc);
    }
    static const char *const unary[] = {"exp", "log", "sqrt", "sin", "cos",
                                        "tanh", "abs", "floor"};
    if (llvm::is_contained(unary, name)) {
      if (!checkArity(call, name, 1, 1))
        return TV::error();
      TV v = emitExpr(args(0));
      if (!v.ok())
        return TV::error();
      if (!v.ty.isScalar() && !v.ty.isArray()) {
        diags.error(args(0).loc, name + "() needs an array or a scalar");
        return TV::error();
      }
      return emitUnaryMath(name, v, l);
    }
    if (name == "range") {
      diags.error(call.loc, "range() is only allowed in 'for' loops");
      return TV::error();
    }
    diags.error(callee.loc, "name '" + name + "' is not defined");
    return TV::error();
  }

  TV emitUnaryMath(StringRef name, const TV &v, Location l) {
    ScalarKind from = v.ty.elem;
    ScalarKind to = from;
    if (name == "abs") {
      if (from == ScalarKind::Bool)
        to = ScalarKind::Bool;
    } else if (!isFloat(from)) {
      to = promoteKinds(from == ScalarKind::Bool ? ScalarKind::I8 : from,
                        ScalarKind::F16);
      if (from == ScalarKind::Index || from == ScalarKind::I64 ||
          from == ScalarKind::I32)
        to = ScalarKind::F64;
    }
    std::string op = name.str();
    auto body = [op, from, to, this](OpBuilder &b, Location bl,
                                     ArrayRef<Value> e) -> Value {
      Value x = castWith(b, e[0], from, to, bl);
      if (op == "exp") return math::ExpOp::create(b, bl, x);
      if (op == "log") return math::LogOp::create(b, bl, x);
      if (op == "sqrt") return math::SqrtOp::create(b, bl, x);
      if (op == "sin") return math::SinOp::create(b, bl, x);
      if (op == "cos") return math::CosOp::create(b, bl, x);
      if (op == "tanh") return math::TanhOp::create(b, bl, x);
      if (op == "floor") return math::FloorOp::create(b, bl, x);
      if (to == ScalarKind::Bool)
        return x;
      if (isFloat(to))
        return math::AbsFOp::create(b, bl, x);
      return math::AbsIOp::create(b, bl, x);
    };
    TV r;
    if (v.ty.isScalar()) {
      r.ty = Ty::scalar(to);
      r.value = body(builder, l, {v.value});
      return r;
    }
    r.ty = v.ty;
    r.ty.elem = to;
    r.value = emitElementwise(l, {v}, r.ty, body);
    return r;
  }

  TV emitArange(Expr &call) {
    Location l = loc(call.loc);
    if (!checkArity(call, "arange", 1, 3, {"dtype"}))
      return TV::error();
    size_t n = call.children.size() - 1;
    std::vector<TV> vals;
    bool anyFloat = false;
    for (size_t i = 0; i < n; ++i) {
      TV v = emitExpr(*call.children[i + 1]);
      if (!v.ok())
        return TV::error();
      if (!v.ty.isScalar()) {
        diags.error(call.children[i + 1]->loc, "arange() needs scalars");
        return TV::error();
      }
      anyFloat |= isFloat(v.ty.elem);
      vals.push_back(v);
    }
    ScalarKind k = anyFloat ? ScalarKind::F64 : ScalarKind::I64;
    if (Expr *d = keyword(call, "dtype")) {
      auto dk = dtypeArg(d);
      if (!dk)
        return TV::error();
      k = *dk;
    }
    // Computed in f64 (floats) or index (integers).
    ScalarKind ck = anyFloat ? ScalarKind::F64 : ScalarKind::Index;
    auto get = [&](size_t i, int64_t dflt) {
      return i < vals.size() ? castScalar(vals[i].value, vals[i].ty.elem, ck, l)
                             : constScalar(ck, (double)dflt, dflt, l);
    };
    Value start = n == 1 ? constScalar(ck, 0, 0, l) : get(0, 0);
    Value stop = n == 1 ? get(0, 0) : get(1, 0);
    Value step = n == 3 ? get(2, 1) : constScalar(ck, 1, 1, l);
    int64_t size = kDyn;
    auto lit = [&](size_t i) { return literal(call.children[i + 1].get()); };
    if (!anyFloat) {
      std::optional<int64_t> s0 = n == 1 ? 0 : lit(0), s1 = n == 1 ? lit(0) : lit(1),
                             s2 = n == 3 ? lit(2) : 1;
      if (s2 && *s2 == 0) {
        diags.error(call.loc, "arange() step must not be zero");
        return TV::error();
      }
      if (s0 && s1 && s2)
        size = std::max<int64_t>(0, (*s1 - *s0 + *s2 - (*s2 > 0 ? 1 : -1)) / *s2);
    }
    Value count;
    if (size != kDyn) {
      count = constIndex(size, l);
    } else if (anyFloat) {
      Value q = arith::DivFOp::create(builder, l,
                                      arith::SubFOp::create(builder, l, stop, start), step);
      q = math::CeilOp::create(builder, l, q);
      q = arith::MaximumFOp::create(builder, l, q, constScalar(ck, 0, 0, l));
      count = castScalar(q, ScalarKind::F64, ScalarKind::Index, l);
    } else {
      Value q = arith::CeilDivSIOp::create(builder, l,
                                           arith::SubIOp::create(builder, l, stop, start), step);
      count = arith::MaxSIOp::create(builder, l, q, constIndex(0, l));
    }
    auto type = tensorType(k, {size});
    SmallVector<Value> dyn;
    if (size == kDyn)
      dyn.push_back(count);
    Value init = tensor::EmptyOp::create(builder, l, type, dyn);
    SmallVector<AffineMap> maps = {builder.getMultiDimIdentityMap(1)};
    auto generic = linalg::GenericOp::create(
        builder, l, TypeRange{type}, ValueRange{}, ValueRange{init}, maps,
        {utils::IteratorType::parallel},
        [&](OpBuilder &b, Location bl, ValueRange) {
          Value i = linalg::IndexOp::create(b, bl, 0);
          Value x = castWith(b, i, ScalarKind::Index, ck, bl);
          Value v = isFloat(ck)
                        ? (Value)arith::AddFOp::create(
                              b, bl, start, arith::MulFOp::create(b, bl, x, step))
                        : (Value)arith::AddIOp::create(
                              b, bl, start, arith::MulIOp::create(b, bl, x, step));
          linalg::YieldOp::create(b, bl, castWith(b, v, ck, k, bl));
        });
    TV r;
    r.ty = Ty::array(k, {size});
    r.value = generic.getResult(0);
    return r;
  }

  std::optional<int64_t> axisArg(Expr &call, const Ty &ty) {
    Expr *axis = keyword(call, "axis");
    if (call.children.size() > 2)
      axis = call.children[2].get();
    if (!axis)
      return std::nullopt;
    auto lit = literal(axis);
    if (!lit) {
      diags.error(axis->loc, "axis must be an integer literal");
      return -1000;
    }
    int64_t a = *lit < 0 ? *lit + ty.rank() : *lit;
    if (a < 0 || a >= ty.rank()) {
      diags.error(axis->loc, "axis " + std::to_string(*lit) +
                                 " is out of bounds for array of dimension " +
                                 std::to_string(ty.rank()));
      return -1000;
    }
    return a;
  }

  TV emitReduction(Expr &call, StringRef name) {
    Location l = loc(call.loc);
    if (!checkArity(call, name, 1, 2, {"axis"}))
      return TV::error();
    TV v = emitExpr(*call.children[1]);
    if (!v.ok())
      return TV::error();
    if (!v.ty.isArray()) {
      if (v.ty.isScalar() && name != "mean")
        return v;
      diags.error(call.children[1]->loc, name + "() needs an array, not " +
                                             v.ty.str());
      return TV::error();
    }
    auto axis = axisArg(call, v.ty);
    if (axis && *axis == -1000)
      return TV::error();
    if (name == "max" || name == "min") {
      std::string problem = "zero-size array to reduction operation " +
                            name.str() + " which has no identity";
      for (int64_t d = 0; d < v.ty.rank(); ++d) {
        if (axis && *axis != d)
          continue;
        if (v.ty.shape[d] == 0) {
          diags.error(call.loc, problem);
          return TV::error();
        }
        if (v.ty.shape[d] == kDyn)
          checkNotEmpty(tensor::DimOp::create(builder, l, v.value, d), problem,
                        l);
      }
    }
    ScalarKind from = v.ty.elem;
    ScalarKind acc = from;
    if ((name == "sum" || name == "prod") &&
        (from == ScalarKind::Bool || (isInt(from) && bits(from) < 64)))
      acc = ScalarKind::I64;
    if (name == "mean")
      acc = isFloat(from) ? from : ScalarKind::F64;
    SmallVector<int64_t> reduced, shape;
    SmallVector<std::string> syms;
    SmallVector<Value> dyn;
    for (int64_t d = 0; d < v.ty.rank(); ++d) {
      if (!axis || *axis == d) {
        reduced.push_back(d);
        continue;
      }
      shape.push_back(v.ty.shape[d]);
      syms.push_back(v.ty.syms[d]);
      if (v.ty.shape[d] == kDyn)
        dyn.push_back(tensor::DimOp::create(builder, l, v.value, d));
    }
    auto type = tensorType(acc, shape);
    Value init = tensor::EmptyOp::create(builder, l, type, dyn);
    Value identity;
    if (name == "sum" || name == "mean")
      identity = constScalar(acc, 0, 0, l);
    else if (name == "prod")
      identity = constScalar(acc, 1, 1, l);
    else
      identity = extremeIdentity(acc, name == "max", l);
    init = linalg::FillOp::create(builder, l, identity, init).getResult(0);
    std::string op = name == "sum" || name == "mean" ? "+"
                     : name == "prod"                ? "*"
                                                     : name.str();
    bool boolMinMax = acc == ScalarKind::Bool;
    auto reduce = linalg::ReduceOp::create(
        builder, l, ValueRange{v.value}, ValueRange{init}, reduced,
        [&](OpBuilder &b, Location bl, ValueRange args) {
          Value x = castWith(b, args[0], from, acc, bl);
          Value r;
          if (boolMinMax)
            r = op == "max" ? (Value)arith::OrIOp::create(b, bl, x, args[1])
                            : (Value)arith::AndIOp::create(b, bl, x, args[1]);
          else
            r = scalarBinary(b, bl, op, x, args[1], acc);
          linalg::YieldOp::create(b, bl, r);
        });
    Value result = reduce.getResult(0);
    TV r;
    if (name == "mean") {
      Value count = constIndex(1, l);
      for (int64_t d : reduced) {
        Value size = v.ty.shape[d] != kDyn
                         ? constIndex(v.ty.shape[d], l)
                         : (Value)tensor::DimOp::create(builder, l, v.value, d);
        count = arith::MulIOp::create(builder, l, count, size);
      }
      Value countF = castScalar(count, ScalarKind::Index, acc, l);
      if (shape.empty()) {
        Value s = tensor::ExtractOp::create(builder, l, result, ValueRange{});
        r.ty = Ty::scalar(acc);
        r.value = arith::DivFOp::create(builder, l, s, countF);
        return r;
      }
      TV sumTV;
      sumTV.ty = Ty::array(acc, shape, syms);
      sumTV.value = result;
      r.ty = sumTV.ty;
      r.value = emitElementwise(l, {sumTV}, r.ty,
                                [&](OpBuilder &b, Location bl, ArrayRef<Value> e) {
                                  return arith::DivFOp::create(b, bl, e[0], countF)
                                      .getResult();
                                });
      return r;
    }
    if (shape.empty()) {
      r.ty = Ty::scalar(acc);
      r.value = tensor::ExtractOp::create(builder, l, result, ValueRange{});
      return r;
    }
    r.ty = Ty::array(acc, shape, syms);
    r.value = result;
    return r;
  }

  /// The identity of max (the lowest value of `k`) or of min (the highest).
  Value extremeIdentity(ScalarKind k, bool forMax, Location l) {
    Type type = mlirScalar(k);
    if (isFloat(k)) {
      auto &sem = cast<FloatType>(type).getFloatSemantics();
      return arith::ConstantOp::create(
          builder, l,
          builder.getFloatAttr(type, llvm::APFloat::getInf(sem, forMax)));
    }
    if (k == ScalarKind::Bool)
      return arith::ConstantIntOp::create(builder, l, !forMax, 1);
    unsigned w = k == ScalarKind::Index ? 64 : bits(k);
    llvm::APInt value = forMax ? llvm::APInt::getSignedMinValue(w)
                               : llvm::APInt::getSignedMaxValue(w);
    if (k == ScalarKind::Index)
      return constIndex(value.getSExtValue(), l);
    return arith::ConstantOp::create(builder, l,
                                     builder.getIntegerAttr(type, value));
  }

  /// argmax/argmin over the whole array (the index into the flattened,
  /// row-major array) or along `axis` (an array of indices).
  TV emitArgReduction(Expr &call, bool isMax) {
    Location l = loc(call.loc);
    StringRef name = isMax ? "argmax" : "argmin";
    if (!checkArity(call, name, 1, 2, {"axis"}))
      return TV::error();
    TV v = emitExpr(*call.children[1]);
    if (!v.ok())
      return TV::error();
    if (!v.ty.isArray() || v.ty.rank() == 0) {
      diags.error(call.children[1]->loc,
                  name + "() needs an array of rank 1 or more, got " +
                      v.ty.str());
      return TV::error();
    }
    auto axis = axisArg(call, v.ty);
    if (axis && *axis == -1000)
      return TV::error();
    int64_t rank = v.ty.rank();
    for (int64_t d = 0; d < rank; ++d)
      if (v.ty.shape[d] == 0 && (!axis || *axis == d)) {
        diags.error(call.loc,
                    "attempt to get " + name + " of an empty sequence");
        return TV::error();
      }

    // Kept dims index the result; reduced dims are combined row-major into
    // the index the result holds.
    SmallVector<int64_t> shape, reduced;
    SmallVector<std::string> syms;
    SmallVector<Value> dynSizes, reducedSizes;
    SmallVector<AffineExpr> kept;
    SmallVector<utils::IteratorType> iterators;
    for (int64_t d = 0; d < rank; ++d) {
      bool isReduced = !axis || *axis == d;
      iterators.push_back(isReduced ? utils::IteratorType::reduction
                                    : utils::IteratorType::parallel);
      if (isReduced) {
        reduced.push_back(d);
        reducedSizes.push_back(
            v.ty.shape[d] == kDyn
                ? (Value)tensor::DimOp::create(builder, l, v.value, d)
                : constIndex(v.ty.shape[d], l));
        if (v.ty.shape[d] == kDyn)
          checkNotEmpty(
              reducedSizes.back(),
              "attempt to get " + name.str() + " of an empty sequence", l);
        continue;
      }
      kept.push_back(builder.getAffineDimExpr(d));
      shape.push_back(v.ty.shape[d]);
      syms.push_back(v.ty.syms[d]);
      if (v.ty.shape[d] == kDyn)
        dynSizes.push_back(tensor::DimOp::create(builder, l, v.value, d));
    }
    ScalarKind k = v.ty.elem;
    auto fill = [&](ScalarKind kind, Value value) {
      Value empty = tensor::EmptyOp::create(builder, l, tensorType(kind, shape),
                                            dynSizes);
      return linalg::FillOp::create(builder, l, value, empty).getResult(0);
    };
    Value bestInit = fill(k, extremeIdentity(k, isMax, l));
    Value indexInit =
        fill(ScalarKind::I64, constScalar(ScalarKind::I64, 0, 0, l));
    AffineMap in = builder.getMultiDimIdentityMap(rank);
    AffineMap out = AffineMap::get(rank, 0, kept, ctx);
    auto generic = linalg::GenericOp::create(
        builder, l, TypeRange{bestInit.getType(), indexInit.getType()},
        ValueRange{v.value}, ValueRange{bestInit, indexInit},
        ArrayRef<AffineMap>{in, out, out}, iterators,
        [&](OpBuilder &b, Location bl, ValueRange args) {
          Value flat;
          for (auto [d, size] : llvm::zip(reduced, reducedSizes)) {
            Value i = linalg::IndexOp::create(b, bl, d);
            flat = flat
                       ? (Value)arith::AddIOp::create(
                             b, bl, arith::MulIOp::create(b, bl, flat, size), i)
                       : i;
          }
          Value index = arith::IndexCastOp::create(b, bl, b.getI64Type(), flat);
          Value x = args[0], best = args[1], bestIndex = args[2];
          Value better, same;
          if (isFloat(k)) {
            // NaN is the extreme of both, as in NumPy.
            auto isNaN = [&](Value f) {
              return arith::CmpFOp::create(b, bl, arith::CmpFPredicate::UNO, f,
                                           f);
            };
            Value xNaN = isNaN(x), bestNaN = isNaN(best);
            Value trueValue = arith::ConstantIntOp::create(b, bl, 1, 1);
            better = arith::OrIOp::create(
                b, bl,
                arith::CmpFOp::create(b, bl,
                                      isMax ? arith::CmpFPredicate::OGT
                                            : arith::CmpFPredicate::OLT,
                                      x, best),
                arith::AndIOp::create(
                    b, bl, xNaN,
                    arith::XOrIOp::create(b, bl, bestNaN, trueValue)));
            same = arith::OrIOp::create(
                b, bl,
                arith::CmpFOp::create(b, bl, arith::CmpFPredicate::OEQ, x,
                                      best),
                arith::AndIOp::create(b, bl, xNaN, bestNaN));
          } else {
            bool u = k == ScalarKind::Bool;
            better =
                arith::CmpIOp::create(b, bl,
                                      isMax ? (u ? arith::CmpIPredicate::ugt
                                                 : arith::CmpIPredicate::sgt)
                                            : (u ? arith::CmpIPredicate::ult
                                                 : arith::CmpIPredicate::slt),
                                      x, best);
            same =
                arith::CmpIOp::create(b, bl, arith::CmpIPredicate::eq, x, best);
          }
          // Ties go to the lower index, so the first extreme wins in any
          // iteration order, as in NumPy.
          Value earlier = arith::CmpIOp::create(
              b, bl, arith::CmpIPredicate::slt, index, bestIndex);
          Value take = arith::OrIOp::create(
              b, bl, better, arith::AndIOp::create(b, bl, same, earlier));
          linalg::YieldOp::create(
              b, bl,
              ValueRange{
                  arith::SelectOp::create(b, bl, take, x, best),
                  arith::SelectOp::create(b, bl, take, index, bestIndex)});
        });
    TV r;
    if (!shape.empty()) {
      r.ty = Ty::array(ScalarKind::I64, shape, syms);
      r.value = generic.getResult(1);
      return r;
    }
    r.ty = Ty::scalar(ScalarKind::I64);
    r.value = tensor::ExtractOp::create(builder, l, generic.getResult(1),
                                        ValueRange{});
    return r;
  }

  TV emitAstype(const TV &v, ScalarKind k, Location l) {
    Ty rt = v.ty;
    rt.elem = k;
    auto srcType = cast<RankedTensorType>(v.value.getType());
    auto type = RankedTensorType::get(srcType.getShape(), mlirScalar(k),
                                      srcType.getEncoding());
    TV r;
    r.ty = rt;
    r.value = ndarray::CastElemTypeOp::create(builder, l, type, v.value,
                                              IntegerAttr());
    return r;
  }

  TV emitMethod(Expr &call) {
    Expr &callee = *call.children[0];
    Location l = loc(call.loc);
    SMLoc memberLoc = callee.keywordLocs.empty() ? callee.loc
                                                 : callee.keywordLocs[0];
    TV base = emitExpr(*callee.children[0]);
    if (!base.ok())
      return TV::error();
    if (!base.ty.isArray()) {
      diags.error(memberLoc, "'" + base.ty.str() + "' has no attribute '" +
                                 callee.name + "'");
      return TV::error();
    }
    size_t n = call.children.size() - 1;
    if (callee.name == "astype") {
      if (!checkArity(call, "astype", 1, 1))
        return TV::error();
      auto k = dtypeArg(call.children[1].get());
      if (!k)
        return TV::error();
      return emitAstype(base, *k, l);
    }
    if (callee.name == "copy") {
      if (!checkArity(call, "copy", 0, 0))
        return TV::error();
      TV r = base;
      r.value = ndarray::CopyOp::create(builder, l, base.value.getType(),
                                        base.value);
      return r;
    }
    if (callee.name == "reshape") {
      SmallVector<int64_t> shape;
      SmallVector<Value> dyn;
      if (n == 0) {
        diags.error(call.loc, "reshape() needs the new shape");
        return TV::error();
      }
      if (!checkArity(call, "reshape", 1, 8))
        return TV::error();
      for (size_t i = 0; i < n; ++i)
        if (!shapeArg(*call.children[i + 1], shape, dyn))
          return TV::error();
      SmallVector<Value> sizes;
      int64_t known = 1;
      bool allStatic = true;
      for (size_t i = 0, j = 0; i < shape.size(); ++i) {
        if (shape[i] == kDyn) {
          sizes.push_back(dyn[j++]);
          allStatic = false;
        } else {
          sizes.push_back(constIndex(shape[i], l));
          known *= shape[i];
        }
      }
      int64_t total = 1;
      bool srcStatic = true;
      for (int64_t s : base.ty.shape) {
        if (s == kDyn)
          srcStatic = false;
        else
          total *= s;
      }
      if (allStatic && srcStatic && known != total) {
        diags.error(call.loc, "cannot reshape array of size " +
                                  std::to_string(total) + " into shape " +
                                  shapeStr(Ty::array(base.ty.elem, shape)));
        return TV::error();
      }
      auto srcType = cast<RankedTensorType>(base.value.getType());
      auto type = RankedTensorType::get(shape, srcType.getElementType(),
                                        srcType.getEncoding());
      TV r;
      r.ty = Ty::array(base.ty.elem, shape);
      r.value = ndarray::ReshapeOp::create(builder, l, type, base.value, sizes,
                                           BoolAttr());
      return r;
    }
    diags.error(memberLoc, "'" + base.ty.str() + "' has no attribute '" +
                               callee.name + "'");
    return TV::error();
  }

  TV emitUserCall(Expr &call, FuncInfo &callee) {
    Location l = loc(call.loc);
    size_t n = call.children.size() - 1;
    if (!call.keywords.empty()) {
      diags.error(call.keywordLocs[0], "keyword arguments are not supported "
                                       "for '" + callee.def->name + "'");
      return TV::error();
    }
    if (n != callee.params.size()) {
      diags.error(call.loc, callee.def->name + "() takes " +
                                std::to_string(callee.params.size()) +
                                " argument" +
                                (callee.params.size() == 1 ? "" : "s") + " (" +
                                std::to_string(n) + " given)");
      return TV::error();
    }
    func::FuncOp target = callee.calleeFor(encoding);
    Attribute calleeEncoding =
        target == callee.op ? callee.encoding : Attribute();
    SmallVector<Value> operands;
    SmallVector<std::pair<Value, Value>> copiedBack;
    for (size_t i = 0; i < n; ++i) {
      Expr &arg = *call.children[i + 1];
      TV v = emitExpr(arg);
      if (!v.ok())
        return TV::error();
      Value c = convertTo(v, callee.params[i], arg.loc,
                          "argument " + std::to_string(i + 1) + " of '" +
                              callee.def->name + "'",
                          l, calleeEncoding, /*useWant=*/true);
      if (!c)
        return TV::error();
      // Functions take whole arrays: a view the callee may update is passed
      // as a copy, like an array copied to the callee's placement, and
      // copied back after the call.
      if (callee.updatesParam[i] && v.ty.isArray()) {
        if (!c.getDefiningOp<ndarray::CopyOp>() && mayBeView(arg))
          c = ndarray::CopyOp::create(builder, l, c.getType(), c);
        if (c.getDefiningOp<ndarray::CopyOp>())
          copiedBack.push_back({v.value, c});
      }
      operands.push_back(c);
    }
    auto op = func::CallOp::create(builder, l, target, operands);
    for (auto [original, copy] : copiedBack)
      writeWhole(original, copy, l);
    // Results come back into this function's placement.
    SmallVector<Value> results;
    std::vector<Ty> types;
    for (size_t i = 0; i < op.getNumResults(); ++i) {
      Value r = op.getResult(i);
      Ty t = callee.results[i];
      if (t.isArray() && calleeEncoding != encoding) {
        auto rt = cast<RankedTensorType>(r.getType());
        r = ndarray::CopyOp::create(
            builder, l,
            RankedTensorType::get(rt.getShape(), rt.getElementType(), encoding),
            r);
      }
      // Named dims of the callee are not names here.
      for (auto &s : t.syms)
        s.clear();
      results.push_back(r);
      types.push_back(t);
    }
    TV r;
    if (results.empty()) {
      r.ty = Ty::none();
      return r;
    }
    if (results.size() == 1 && !callee.def->hasResultTuple) {
      r.ty = types[0];
      r.value = results[0];
      return r;
    }
    r.ty.kind = Ty::Tuple;
    r.ty.elems = types;
    r.values = results;
    return r;
  }

  /// The declaration of runtime function `name` (created on first use).
  func::FuncOp runtimeFunction(StringRef name, FunctionType type, Location l) {
    auto fn = module->lookupSymbol<func::FuncOp>(name);
    if (fn)
      return fn;
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module->getBody());
    fn = func::FuncOp::create(builder, l, name, type);
    fn.setPrivate();
    return fn;
  }

  /// print() without arguments: an empty line.
  void emitPrintNewline(Location l) {
    func::CallOp::create(
        builder, l,
        runtimeFunction("imexrtPrintNdaNewline",
                        builder.getFunctionType({}, {}), l),
        ValueRange{});
  }

  /// One argument of print(): str() of the value as NumPy writes it, then
  /// a space, or a newline after the `last` one (runtime/host/NumPyPrint.cpp).
  bool emitPrint(const TV &v, bool last, SMLoc at) {
    Location l = loc(at);
    if (!v.ty.isScalar() && !v.ty.isArray()) {
      diags.error(at, "print() needs arrays or scalars, not " + v.ty.str());
      return false;
    }
    Value t = v.value;
    Type et = mlirScalar(v.ty.elem);
    if (v.ty.isScalar()) {
      // A 0-d array, which prints like a NumPy scalar.
      t = tensor::FromElementsOp::create(
          builder, l, RankedTensorType::get({}, et), ValueRange{t});
    } else {
      auto tt = cast<RankedTensorType>(t.getType());
      if (tt.getEncoding())
        t = ndarray::CopyOp::create(
            builder, l, RankedTensorType::get(tt.getShape(), et), t);
    }
    auto unranked = UnrankedTensorType::get(et);
    t = tensor::CastOp::create(builder, l, unranked, t);
    std::string suffix;
    switch (v.ty.elem) {
    case ScalarKind::Bool: suffix = "I1"; break;
    case ScalarKind::I8: suffix = "I8"; break;
    case ScalarKind::I16: suffix = "I16"; break;
    case ScalarKind::I32: suffix = "I32"; break;
    case ScalarKind::I64: suffix = "I64"; break;
    case ScalarKind::Index: suffix = "Ind"; break;
    case ScalarKind::F16: suffix = "F16"; break;
    case ScalarKind::F32: suffix = "F32"; break;
    case ScalarKind::F64: suffix = "F64"; break;
    }
    Type i32 = builder.getI32Type();
    func::FuncOp fn =
        runtimeFunction("imexrtPrintNda" + suffix,
                        builder.getFunctionType({unranked, i32}, {}), l);
    fn.setArgAttr(0, "bufferization.access", builder.getStringAttr("read"));
    Value lastFlag = arith::ConstantIntOp::create(builder, l, last ? 1 : 0, 32);
    func::CallOp::create(builder, l, fn, ValueRange{t, lastFlag});
    return true;
  }

  MLIRContext *ctx;
  DiagEngine &diags;
  OpBuilder builder;
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

} // namespace

OwningOpRef<ModuleOp> importNdaSource(llvm::SourceMgr &sourceMgr,
                                      unsigned bufferId, MLIRContext *context,
                                      llvm::raw_ostream &errs) {
  context
      ->loadDialect<func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                    tensor::TensorDialect, linalg::LinalgDialect,
                    math::MathDialect, cf::ControlFlowDialect, nda::NdaDialect,
                    ndarray::NDArrayDialect, region::RegionDialect>();
  DiagEngine diags(sourceMgr, errs);
  std::unique_ptr<Module> ast = parseModule(sourceMgr, bufferId, diags);
  StringRef name = sourceMgr.getMemoryBuffer(bufferId)->getBufferIdentifier();
  Lowering lowering(context, diags);
  lowering.sourceMgr = &sourceMgr;
  lowering.bufferId = bufferId;
  lowering.fileName = name;
  OwningOpRef<ModuleOp> module =
      lowering.lower(*ast, FileLineColLoc::get(context, name, 1, 1));
  if (diags.errorCount() > 0)
    return nullptr;
  if (failed(verify(*module))) {
    errs << name << ": error: internal error: the emitted IR does not verify\n";
    return nullptr;
  }
  // Variables become SSA values.
  PassManager pm(context);
  pm.addNestedPass<func::FuncOp>(createMem2Reg());
  if (failed(pm.run(*module)))
    return nullptr;
  // Variables are only ever loaded and stored, so all of them promote.
  WalkResult leftover = module->walk([&](Operation *op) {
    if (!isa<nda::NdaDialect>(op->getDialect()))
      return WalkResult::advance();
    op->emitError("internal error: variable not promoted to a value");
    return WalkResult::interrupt();
  });
  if (leftover.wasInterrupted())
    return nullptr;

  return module;
}

} // namespace imex::nda
