//===- SemaCall.cpp - .nda semantics: calls and builtins ------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Sema.h"

namespace imex::nda {

const Sema::Builtin *Sema::findBuiltin(StringRef name) {
  static const Builtin builtins[] = {
#define BUILTIN(NAME, CHECK, EMIT, MIN, MAX, ...)                              \
  {#NAME, &Sema::CHECK, MIN, MAX, {__VA_ARGS__}},
#define BUILTIN_CHECK_ONLY(NAME, CHECK, MIN, MAX, ...)                         \
  {#NAME, &Sema::CHECK, MIN, MAX, {__VA_ARGS__}},
#include "Builtins.def"
  };
  for (const Builtin &builtin : builtins)
    if (builtin.name == name)
      return &builtin;
  return nullptr;
}

bool Sema::checkArity(Expr &call, StringRef name, size_t min, size_t max,
                      ArrayRef<StringRef> keywords) {
  size_t n = call.children.size() - 1;
  for (size_t i = 0; i < call.keywords.size(); ++i)
    if (!llvm::is_contained(keywords, call.keywords[i].first)) {
      diags.error(call.keywordLocs[i], name +
                                           "() got an unexpected keyword "
                                           "argument '" +
                                           call.keywords[i].first + "'");
      return false;
    }
  if (n < min || n > max) {
    std::string expect =
        min == max ? std::to_string(min)
                   : std::to_string(min) + " to " + std::to_string(max);
    diags.error(call.loc, name + "() takes " + expect + " argument" +
                              (max == 1 && min == 1 ? "" : "s") + " (" +
                              std::to_string(n) + " given)");
    return false;
  }
  return true;
}

bool Sema::unqualify(Expr &e) {
  if (e.kind != Expr::Attribute || e.children[0]->kind != Expr::Name ||
      !numpyAliases.contains(e.children[0]->name) ||
      vars.count(e.children[0]->name))
    return false;
  // NumPy's names for the language's types.
  static const std::pair<StringRef, StringRef> kNumPyNames[] = {
      {"float64", "f64"}, {"float32", "f32"}, {"float16", "f16"},
      {"int64", "i64"},   {"int32", "i32"},   {"int16", "i16"},
      {"int8", "i8"},     {"uint64", "u64"},  {"uint32", "u32"},
      {"uint16", "u16"},  {"uint8", "u8"},    {"bool_", "bool"},
      {"intp", "index"},  {"amax", "max"},    {"amin", "min"},
      {"around", "round"}};
  std::string name = e.name;
  for (auto [numpy, ours] : kNumPyNames)
    if (name == numpy)
      name = ours.str();
  e.kind = Expr::Name;
  e.name = name;
  e.numpyName = true;
  e.children.clear();
  e.keywordLocs.clear();
  return true;
}

bool Sema::desugarMethod(Expr &call) {
  Expr &callee = *call.children[0];
  static const StringRef kMethods[] = {
      "sum",   "prod", "max", "min", "mean", "argmax", "argmin",  "clip",
      "round", "any",  "all", "var", "std",  "cumsum", "cumprod", "argsort"};
  if (callee.kind != Expr::Attribute ||
      !llvm::is_contained(kMethods, callee.name))
    return false;
  // f(a, args): the name where the member was written.
  auto name = std::make_unique<Expr>(Expr::Name, callee.keywordLocs.empty()
                                                     ? callee.loc
                                                     : callee.keywordLocs[0]);
  name->name = callee.name;
  ExprPtr base = std::move(callee.children[0]);
  call.children[0] = std::move(name);
  call.children.insert(call.children.begin() + 1, std::move(base));
  return true;
}

std::optional<ScalarKind> Sema::dtypeArg(Expr *e) {
  if (!e)
    return std::nullopt;
  unqualify(*e);
  if (e->kind == Expr::Name)
    if (auto k = scalarKindFromName(e->name))
      return k;
  diags.error(e->loc, "expected a type name (bool, i8, ..., f64)");
  return std::nullopt;
}

bool Sema::shapeArg(Expr &e, SmallVector<int64_t> &shape, int64_t *inferred) {
  // A tuple of sizes computed elsewhere (zeros(m.shape)): static where
  // they are m's static sizes.
  if (e.kind != Expr::Tuple && !literal(&e)) {
    Ty ty = check(e);
    if (ty.isError())
      return false;
    if (ty.kind == Ty::Tuple) {
      if (!llvm::all_of(ty.elems, [](const Ty &t) {
            return t.isScalar() && isInt(t.elem);
          })) {
        diags.error(e.loc,
                    "a shape must be a tuple of integers, not " + ty.str());
        return false;
      }
      Expr &base = *e.children[0];
      if (e.kind == Expr::Attribute && e.name == "shape" && base.ty.isArray())
        llvm::append_range(shape, base.ty.shape);
      else
        shape.append(ty.elems.size(), kDyn);
      return true;
    }
  }
  SmallVector<Expr *> items;
  if (e.kind == Expr::Tuple)
    for (auto &c : e.children)
      items.push_back(c.get());
  else
    items.push_back(&e);
  for (Expr *item : items) {
    if (std::optional<int64_t> lit = literal(item)) {
      if (*lit == -1 && inferred) {
        if (*inferred >= 0) {
          diags.error(item->loc, "can only specify one unknown dimension");
          return false;
        }
        *inferred = shape.size();
        shape.push_back(kDyn);
        continue;
      }
      if (*lit < 0) {
        diags.error(item->loc, "negative dimensions are not allowed");
        return false;
      }
      shape.push_back(*lit);
      continue;
    }
    if (!checkIndexValue(*item, "array sizes must be integers"))
      return false;
    shape.push_back(kDyn);
  }
  return true;
}

bool Sema::checkNotTwice(Expr &call, StringRef name, StringRef keyword,
                         size_t position) {
  for (auto [key, loc] : llvm::zip(call.keywords, call.keywordLocs))
    if (key.first == keyword && call.children.size() > position + 1) {
      diags.error(loc, name + "() got multiple values for argument '" +
                           keyword + "'");
      return false;
    }
  return true;
}

std::optional<int64_t> Sema::axisArg(Expr &call, StringRef name, const Ty &ty,
                                     bool &failed) {
  failed = !checkNotTwice(call, name, "axis", 1);
  if (failed)
    return std::nullopt;
  Expr *axis = findKeyword(call, "axis");
  if (call.children.size() > 2)
    axis = call.children[2].get();
  return literalAxis(axis, ty.rank(), failed);
}

std::optional<int64_t> Sema::literalAxis(Expr *axis, int64_t rank,
                                         bool &failed) {
  failed = false;
  if (!axis)
    return std::nullopt;
  std::optional<int64_t> lit = literal(axis);
  if (!lit) {
    diags.error(axis->loc, "axis must be an integer literal");
    failed = true;
    return std::nullopt;
  }
  int64_t a = *lit < 0 ? *lit + rank : *lit;
  if (a < 0 || a >= rank) {
    diags.error(axis->loc, "axis " + std::to_string(*lit) +
                               " is out of bounds for array of dimension " +
                               std::to_string(rank));
    failed = true;
    return std::nullopt;
  }
  return a;
}

/// The i-th positional argument of `call`.
static Expr &argument(Expr &call, size_t i) { return *call.children[i + 1]; }

Ty Sema::checkCall(Expr &call) {
  unqualify(*call.children[0]);
  desugarMethod(call);
  Expr &callee = *call.children[0];
  if (callee.kind == Expr::Attribute)
    return checkMethod(call);
  if (callee.kind != Expr::Name) {
    diags.error(callee.loc, "this expression is not callable");
    return Ty::error();
  }
  StringRef name = callee.name;
  if (FuncDef *def = functions.lookup(name); def && !callee.numpyName)
    return checkUserCall(call, *def);
  if (std::optional<ScalarKind> k = scalarKindFromName(name))
    return checkConversion(call, *k);
  // Python's int() and float(), of scalars.
  if (name == "int" || name == "float")
    return checkConversion(call,
                           name == "int" ? ScalarKind::I64 : ScalarKind::F64,
                           /*scalarOnly=*/true);
  const Builtin *builtin = findBuiltin(name);
  if (!builtin && brokenFunctions.contains(name))
    return Ty::error();
  if (!builtin) {
    diags.error(callee.loc,
                callee.numpyName
                    ? "'np." + name +
                          "' is not a NumPy function the language has"
                    : "name '" + name + "' is not defined");
    return Ty::error();
  }
  if (!checkArity(call, name, builtin->minArgs, builtin->maxArgs,
                  builtin->keywords))
    return Ty::error();
  call.meaning = Meaning::BuiltinCall;
  return (this->*builtin->check)(call, name);
}

Ty Sema::checkConversion(Expr &call, ScalarKind k, bool scalarOnly) {
  StringRef name = call.children[0]->name;
  if (!checkArity(call, name, 1, 1))
    return Ty::error();
  Ty v = check(argument(call, 0));
  if (v.isError())
    return v;
  if (scalarOnly && !v.isScalar()) {
    diags.error(argument(call, 0).loc, name + "() needs a scalar, not " +
                                           v.str() +
                                           " (convert arrays with .astype(" +
                                           scalarKindName(k) + "))");
    return Ty::error();
  }
  if (!v.isScalar() && !v.isArray()) {
    diags.error(argument(call, 0).loc, name + "() needs an array or a scalar");
    return Ty::error();
  }
  call.meaning = Meaning::Conversion;
  if (v.isArray()) {
    v.elem = k;
    return v;
  }
  // int() of a u64 keeps its values, which i64 does not hold (a deliberate
  // difference: Python's int has no bound).
  if (scalarOnly && k == ScalarKind::I64 && v.elem == ScalarKind::U64)
    return Ty::scalar(ScalarKind::U64);
  // Python's int() and float() give Python numbers: weak scalars.
  return Ty::scalar(k, /*weak=*/scalarOnly);
}

Ty Sema::checkPrint(Expr &call, StringRef) {
  // Each argument on its own: all their errors are reported.
  bool ok = true;
  for (size_t i = 0; i + 1 < call.children.size(); ++i) {
    Ty v = check(argument(call, i));
    bool scalars =
        v.kind == Ty::Tuple &&
        llvm::all_of(v.elems, [](const Ty &e) { return e.isScalar(); });
    if (v.isError()) {
      ok = false;
    } else if (!v.isScalar() && !v.isArray() && !scalars) {
      diags.error(argument(call, i).loc,
                  "print() needs arrays, scalars or tuples of scalars, not " +
                      v.str());
      ok = false;
    }
  }
  return ok ? Ty::none() : Ty::error();
}

Ty Sema::checkRangeOutsideFor(Expr &call, StringRef) {
  diags.error(call.loc, "range() is only allowed in 'for' loops");
  return Ty::error();
}

Ty Sema::checkLinspace(Expr &call, StringRef) {
  Ty start = check(argument(call, 0)), stop = check(argument(call, 1));
  if (start.isError() || stop.isError())
    return Ty::error();
  if (!start.isScalar() || !stop.isScalar()) {
    diags.error(call.loc, "linspace() needs scalar start and stop");
    return Ty::error();
  }
  Expr &count = argument(call, 2);
  if (!checkIndexValue(count, "the number of samples must be an integer"))
    return Ty::error();
  if (Expr *ep = findKeyword(call, "endpoint");
      ep && ep->kind != Expr::BoolLit) {
    diags.error(ep->loc, "endpoint must be True or False");
    return Ty::error();
  }
  int64_t size = kDyn;
  if (std::optional<int64_t> lit = literal(&count)) {
    if (*lit < 0) {
      diags.error(count.loc, "number of samples must be non-negative");
      return Ty::error();
    }
    size = *lit;
  }
  return Ty::array(ScalarKind::F64, {size});
}

Ty Sema::checkFilled(Expr &call, StringRef name) {
  size_t n = call.children.size() - 1;
  bool full = name == "full";
  SmallVector<int64_t> shape;
  if (!shapeArg(argument(call, 0), shape) ||
      !checkNotTwice(call, name, "dtype", full ? 2 : 1))
    return Ty::error();
  Expr *dtypeExpr = findKeyword(call, "dtype");
  if (n == (full ? 3u : 2u))
    dtypeExpr = &argument(call, n - 1);
  ScalarKind k = ScalarKind::F64;
  if (full) {
    Ty fill = check(argument(call, 1));
    if (fill.isError())
      return fill;
    if (!fill.isScalar()) {
      diags.error(argument(call, 1).loc, "full() needs a scalar fill value");
      return Ty::error();
    }
    k = fill.weak && fill.elem == ScalarKind::I64 ? ScalarKind::I64 : fill.elem;
  }
  if (dtypeExpr) {
    std::optional<ScalarKind> dk = dtypeArg(dtypeExpr);
    if (!dk)
      return Ty::error();
    k = *dk;
  }
  return Ty::array(k, shape);
}

Ty Sema::checkWhere(Expr &call, StringRef) {
  Ty c = check(argument(call, 0)), a = check(argument(call, 1)),
     b = check(argument(call, 2));
  if (c.isError() || a.isError() || b.isError())
    return Ty::error();
  for (const Ty *v : {&c, &a, &b})
    if (!v->isScalar() && !v->isArray()) {
      diags.error(call.loc, "where() needs arrays or scalars");
      return Ty::error();
    }
  ScalarKind k = promote(a, b);
  if (!c.isArray() && !a.isArray() && !b.isArray())
    return Ty::scalar(k);
  std::optional<Ty> shape = broadcastShape({&c, &a, &b}, call.loc);
  if (!shape)
    return Ty::error();
  shape->elem = k;
  return *shape;
}

Ty Sema::checkMinimumMaximum(Expr &call, StringRef name) {
  Ty a = check(argument(call, 0)), b = check(argument(call, 1));
  if (a.isError() || b.isError())
    return Ty::error();
  return binaryType(name == "minimum" ? BinaryOp::Min : BinaryOp::Max, a, b,
                    nullptr, call.loc, call.compute);
}

/// The operator of logical_and/or/xor, applied to the truth values.
static BinaryOp logicalOperator(StringRef name) {
  return name == "logical_and"  ? BinaryOp::BitAnd
         : name == "logical_or" ? BinaryOp::BitOr
                                : BinaryOp::BitXor;
}

Ty Sema::checkLogical(Expr &call, StringRef name) {
  // The truth values (x != 0) of any numbers, combined as booleans.
  SmallVector<Ty, 2> truth;
  for (size_t i = 0; i + 1 < call.children.size(); ++i) {
    Ty v = check(argument(call, i));
    if (v.isError())
      return v;
    if (!v.isScalar() && !v.isArray()) {
      diags.error(argument(call, i).loc,
                  name + "() needs arrays or scalars, not " + v.str());
      return Ty::error();
    }
    v.elem = ScalarKind::Bool;
    truth.push_back(v);
  }
  if (name == "logical_not")
    return truth[0];
  call.binaryOp = logicalOperator(name);
  return binaryType(call.binaryOp, truth[0], truth[1], nullptr, call.loc,
                    call.compute);
}

bool Sema::listShape(Expr &e, size_t depth, SmallVector<int64_t> &shape,
                     std::optional<ScalarKind> &kind) {
  bool nested = e.kind == Expr::List;
  // Every element at one depth is a list of one size, or a scalar.
  if (nested != (depth < shape.size()) ||
      (nested && (int64_t)e.children.size() != shape[depth])) {
    diags.error(e.loc, "the nested lists of array() must have the same "
                       "lengths at each depth");
    return false;
  }
  if (nested) {
    for (auto &item : e.children)
      if (!listShape(*item, depth + 1, shape, kind))
        return false;
    return true;
  }
  Ty v = check(e);
  if (v.isError())
    return false;
  if (!v.isScalar()) {
    diags.error(e.loc, "array() takes nested lists of scalars, not " + v.str());
    return false;
  }
  // Python numbers in a list are not weak: [1, 2.5] is f64, [True, 2] i64.
  v.weak = false;
  kind = kind ? promote(Ty::scalar(*kind), v) : v.elem;
  return true;
}

Ty Sema::checkArrayLiteral(Expr &call, StringRef name) {
  Expr &list = argument(call, 0);
  if (list.kind != Expr::List) {
    diags.error(list.loc, "array() takes a list of values, [...]; an array "
                          "is copied with .copy()");
    return Ty::error();
  }
  SmallVector<int64_t> shape;
  std::optional<ScalarKind> kind;
  // The first path down fixes the depth.
  for (Expr *e = &list; e->kind == Expr::List; e = e->children[0].get())
    shape.push_back(e->children.size());
  if (!listShape(list, 0, shape, kind))
    return Ty::error();
  if (Expr *dtype = findKeyword(call, "dtype")) {
    std::optional<ScalarKind> k = dtypeArg(dtype);
    if (!k)
      return Ty::error();
    kind = *k;
  }
  return Ty::array(*kind, shape);
}

Ty Sema::checkEye(Expr &call, StringRef name) {
  size_t n = call.children.size() - 1;
  if (!checkNotTwice(call, name, "M", 1) || !checkNotTwice(call, name, "k", 2))
    return Ty::error();
  SmallVector<int64_t> shape;
  if (!shapeArg(argument(call, 0), shape))
    return Ty::error();
  Expr *columns = n > 1 ? &argument(call, 1) : findKeyword(call, "M");
  if (columns && !shapeArg(*columns, shape))
    return Ty::error();
  if (!columns)
    shape.push_back(shape[0]);
  if (Expr *k = n > 2 ? &argument(call, 2) : findKeyword(call, "k"))
    if (!literal(k) && !checkIndexValue(*k, "the diagonal must be an integer"))
      return Ty::error();
  ScalarKind kind = ScalarKind::F64;
  if (Expr *dtype = findKeyword(call, "dtype")) {
    std::optional<ScalarKind> k = dtypeArg(dtype);
    if (!k)
      return Ty::error();
    kind = *k;
  }
  return Ty::array(kind, shape);
}

Ty Sema::checkJoin(Expr &call, StringRef name) {
  Expr &seq = argument(call, 0);
  if (seq.kind != Expr::Tuple && seq.kind != Expr::List) {
    diags.error(seq.loc, name + "() takes a tuple or a list of arrays");
    return Ty::error();
  }
  SmallVector<Ty> parts;
  for (auto &item : seq.children) {
    Ty v = check(*item);
    if (v.isError())
      return v;
    if (!v.isArray() || v.rank() == 0) {
      diags.error(item->loc, name + "() joins arrays, not " + v.str());
      return Ty::error();
    }
    parts.push_back(v);
  }
  bool stack = name == "stack";
  int64_t rank = parts[0].rank() + (stack ? 1 : 0);
  // The axis of the result.
  int64_t axis = 0;
  if (!checkNotTwice(call, name, "axis", 1))
    return Ty::error();
  if (Expr *a = call.children.size() > 2 ? call.children[2].get()
                                         : findKeyword(call, "axis")) {
    std::optional<int64_t> lit = literal(a);
    if (!lit) {
      diags.error(a->loc, "axis must be an integer literal");
      return Ty::error();
    }
    axis = *lit < 0 ? *lit + rank : *lit;
    if (axis < 0 || axis >= rank) {
      diags.error(a->loc, "axis " + std::to_string(*lit) +
                              " is out of bounds for array of dimension " +
                              std::to_string(rank));
      return Ty::error();
    }
  }
  call.axis = axis;
  Ty result = parts[0];
  for (auto [i, part] : llvm::enumerate(parts)) {
    if (part.rank() != parts[0].rank()) {
      diags.error(seq.children[i]->loc,
                  "all the input arrays must have the same number of "
                  "dimensions, but the array at index 0 has " +
                      std::to_string(parts[0].rank()) +
                      " dimension(s) and the array at index " +
                      std::to_string(i) + " has " +
                      std::to_string(part.rank()) + " dimension(s)");
      return Ty::error();
    }
    if (i == 0)
      continue;
    result.elem = promote(result, part);
    for (int64_t d = 0; d < part.rank(); ++d) {
      int64_t &r = result.shape[d];
      if (!stack && d == axis) {
        r = r == kDyn || part.shape[d] == kDyn ? kDyn : r + part.shape[d];
        continue;
      }
      if (r != kDyn && part.shape[d] != kDyn && r != part.shape[d]) {
        diags.error(seq.children[i]->loc,
                    stack ? std::string("all input arrays must have the same "
                                        "shape")
                          : "all the input array dimensions except for the "
                            "concatenation axis must match exactly, but "
                            "along dimension " +
                                std::to_string(d) +
                                ", the array at index 0 has size " +
                                std::to_string(r) + " and the array at index " +
                                std::to_string(i) + " has size " +
                                std::to_string(part.shape[d]));
        return Ty::error();
      }
      if (r == kDyn)
        r = part.shape[d];
    }
  }
  if (!stack && parts.size() > 1)
    result.syms[axis] = "";
  if (stack) {
    result.shape.insert(result.shape.begin() + axis, parts.size());
    result.syms.insert(result.syms.begin() + axis, "");
  }
  result.weak = false;
  return result;
}

Ty Sema::checkLen(Expr &call, StringRef) {
  Ty v = check(argument(call, 0));
  if (v.isError() || v.kind == Ty::Tuple) // len(m.shape): the rank
    return v.isError() ? v : Ty::scalar(ScalarKind::I64);
  if (!v.isArray() || v.rank() == 0) {
    diags.error(argument(call, 0).loc,
                "len() of unsized object (" + v.str() + ")");
    return Ty::error();
  }
  return Ty::scalar(ScalarKind::I64);
}

namespace {

/// What a unary math builtin computes in and returns.
struct UnaryMathSignature {
  llvm::StringLiteral name;
  bool floatDomain; ///< integers and bools are converted to a float first
  bool returnsBool;
};

constexpr UnaryMathSignature kUnaryMath[] = {
#define UNARY_MATH(NAME, FLOAT_DOMAIN, RETURNS_BOOL, BUILD)                    \
  {#NAME, FLOAT_DOMAIN, RETURNS_BOOL},
#include "UnaryMath.def"
};

} // namespace

/// The float kind that math on `k` computes in: floats stay, and integers
/// and bools become the smallest float NumPy's ufuncs pick.
static ScalarKind floatDomainKind(ScalarKind k) {
  if (isFloat(k))
    return k;
  if (k == ScalarKind::Index || k == ScalarKind::I64 || k == ScalarKind::I32)
    return ScalarKind::F64;
  return promoteKinds(k == ScalarKind::Bool ? ScalarKind::I8 : k,
                      ScalarKind::F16);
}

Ty Sema::checkUnaryMath(Expr &call, StringRef name) {
  Ty v = check(argument(call, 0));
  if (v.isError())
    return v;
  if (!v.isScalar() && !v.isArray()) {
    diags.error(argument(call, 0).loc, name + "() needs an array or a scalar");
    return Ty::error();
  }
  const UnaryMathSignature *math = llvm::find_if(
      kUnaryMath, [&](const UnaryMathSignature &m) { return m.name == name; });
  assert(math != std::end(kUnaryMath) && "a unary math builtin");
  ScalarKind to = math->floatDomain ? floatDomainKind(v.elem) : v.elem;
  call.compute = to;
  ScalarKind result = math->returnsBool ? ScalarKind::Bool : to;
  if (v.isScalar())
    return Ty::scalar(result);
  v.elem = result;
  return v;
}

Ty Sema::checkClip(Expr &call, StringRef name) {
  Ty x = check(argument(call, 0)), lo = check(argument(call, 1)),
     hi = check(argument(call, 2));
  if (x.isError() || lo.isError() || hi.isError())
    return Ty::error();
  // minimum(maximum(x, lo), hi), computed in the kind of the result.
  ScalarKind ignored;
  Ty lower = binaryType(BinaryOp::Max, x, lo, nullptr, call.loc, ignored);
  if (lower.isError())
    return lower;
  return binaryType(BinaryOp::Min, lower, hi, nullptr, call.loc, call.compute);
}

Ty Sema::checkArctan2(Expr &call, StringRef) {
  Ty y = check(argument(call, 0)), x = check(argument(call, 1));
  if (y.isError() || x.isError())
    return Ty::error();
  for (const Ty *v : {&y, &x})
    if (!v->isScalar() && !v->isArray()) {
      diags.error(call.loc, "arctan2() needs arrays or scalars");
      return Ty::error();
    }
  ScalarKind k = floatDomainKind(promote(y, x));
  call.compute = k;
  if (y.isScalar() && x.isScalar())
    return Ty::scalar(k);
  std::optional<Ty> shape = broadcastShape({&y, &x}, call.loc);
  if (!shape)
    return Ty::error();
  shape->elem = k;
  return *shape;
}

Ty Sema::checkFilledLike(Expr &call, StringRef name) {
  Ty like = check(argument(call, 0));
  if (like.isError())
    return like;
  if (!like.isArray()) {
    diags.error(argument(call, 0).loc,
                name + "() needs an array, not " + like.str());
    return Ty::error();
  }
  if (name == "full_like") {
    Ty fill = check(argument(call, 1));
    if (fill.isError())
      return fill;
    if (!fill.isScalar()) {
      diags.error(argument(call, 1).loc,
                  "full_like() needs a scalar fill value");
      return Ty::error();
    }
  }
  if (Expr *d = findKeyword(call, "dtype")) {
    std::optional<ScalarKind> k = dtypeArg(d);
    if (!k)
      return Ty::error();
    like.elem = *k;
  }
  return like;
}

Ty Sema::checkArange(Expr &call, StringRef) {
  size_t n = call.children.size() - 1;
  bool anyFloat = false;
  for (size_t i = 0; i < n; ++i) {
    Ty v = check(argument(call, i));
    if (v.isError())
      return v;
    if (!v.isScalar()) {
      diags.error(argument(call, i).loc, "arange() needs scalars");
      return Ty::error();
    }
    anyFloat |= isFloat(v.elem);
  }
  ScalarKind k = anyFloat ? ScalarKind::F64 : ScalarKind::I64;
  if (Expr *d = findKeyword(call, "dtype")) {
    std::optional<ScalarKind> dk = dtypeArg(d);
    if (!dk)
      return Ty::error();
    k = *dk;
  }
  // Computed in f64 (floats) or index (integers).
  call.compute = anyFloat ? ScalarKind::F64 : ScalarKind::Index;
  int64_t size = kDyn;
  if (!anyFloat) {
    auto lit = [&](size_t i) { return literal(&argument(call, i)); };
    std::optional<int64_t> s0 = n == 1 ? 0 : lit(0),
                           s1 = n == 1 ? lit(0) : lit(1),
                           s2 = n == 3 ? lit(2) : 1;
    if (s2 && *s2 == 0) {
      diags.error(call.loc, "arange() step must not be zero");
      return Ty::error();
    }
    if (s0 && s1 && s2) {
      // ceil((stop - start) / step), in 128 bits: no overflow.
      __int128 span = (__int128)*s1 - *s0, step = *s2;
      __int128 n =
          step > 0 ? (span + step - 1) / step : (span + step + 1) / step;
      size = n > 0 ? (int64_t)n : 0;
    }
  }
  return Ty::array(k, {size});
}

/// The type of a reduction of `v` (along `axis`, else over all of it) with
/// elements of kind `k`: the kept dimensions, or a scalar.
/// `v` reduced over `axes` (all when empty), in `k`; reduced dimensions
/// stay, of size 1, with `keepdims`.
static Ty reducedType(const Ty &v, ArrayRef<int64_t> axes, bool keepdims,
                      ScalarKind k) {
  SmallVector<int64_t> shape;
  SmallVector<std::string> syms;
  for (int64_t d = 0; d < v.rank(); ++d) {
    bool reduced = axes.empty() || llvm::is_contained(axes, d);
    if (reduced && !keepdims)
      continue;
    shape.push_back(reduced ? 1 : v.shape[d]);
    syms.push_back(reduced ? "" : v.syms[d]);
  }
  if (shape.empty())
    return Ty::scalar(k);
  return Ty::array(k, shape, syms);
}

bool Sema::reductionArgs(Expr &call, StringRef name, const Ty &ty) {
  if (!checkNotTwice(call, name, "axis", 1))
    return false;
  Expr *axis = findKeyword(call, "axis");
  if (call.children.size() > 2)
    axis = call.children[2].get();
  call.axes.clear();
  if (axis) {
    SmallVector<Expr *> items;
    if (axis->kind == Expr::Tuple)
      for (auto &c : axis->children)
        items.push_back(c.get());
    else
      items.push_back(axis);
    for (Expr *item : items) {
      std::optional<int64_t> lit = literal(item);
      if (!lit) {
        diags.error(item->loc,
                    "axis must be an integer literal or a tuple of them");
        return false;
      }
      int64_t a = *lit < 0 ? *lit + ty.rank() : *lit;
      if (a < 0 || a >= ty.rank()) {
        diags.error(item->loc, "axis " + std::to_string(*lit) +
                                   " is out of bounds for array of dimension " +
                                   std::to_string(ty.rank()));
        return false;
      }
      if (llvm::is_contained(call.axes, a)) {
        diags.error(item->loc, "duplicate value in 'axis'");
        return false;
      }
      call.axes.push_back(a);
    }
    llvm::sort(call.axes);
    // Every axis is the same as none.
    if ((int64_t)call.axes.size() == ty.rank())
      call.axes.clear();
  }
  call.keepdims = false;
  if (Expr *keep = findKeyword(call, "keepdims")) {
    if (keep->kind != Expr::BoolLit) {
      diags.error(keep->loc, "keepdims must be True or False");
      return false;
    }
    call.keepdims = keep->boolValue;
  }
  call.ddof = 0;
  if (Expr *ddof = findKeyword(call, "ddof")) {
    std::optional<int64_t> lit = literal(ddof);
    if (!lit || *lit < 0) {
      diags.error(ddof->loc, "ddof must be a non-negative integer literal");
      return false;
    }
    call.ddof = *lit;
  }
  return true;
}

Ty Sema::checkReduction(Expr &call, StringRef name) {
  Ty v = check(argument(call, 0));
  if (v.isError())
    return v;
  // With a scalar first, or a non-literal second argument, max(a, b) is
  // Python's (a scalar has no axis).
  bool twoValues = call.children.size() > 2 &&
                   (v.isScalar() || (!literal(call.children[2].get()) &&
                                     call.children[2]->kind != Expr::Tuple));
  if ((name == "max" || name == "min") && twoValues) {
    // NumPy reads the second argument as the axis, so arrays get a pointer
    // to maximum/minimum instead.
    if (!checkNotTwice(call, name, "axis", 1))
      return Ty::error();
    Ty other = check(*call.children[2]);
    if (other.isError())
      return other;
    if (!v.isScalar() || !other.isScalar()) {
      diags.error(call.children[2]->loc,
                  "the second argument of " + name +
                      "() is the axis, an integer literal; for the " +
                      (name == "max" ? "larger" : "smaller") +
                      " of two arrays elementwise, use " +
                      (name == "max" ? "maximum" : "minimum") + "(a, b)");
      return Ty::error();
    }
    call.pairwise = true;
    return binaryType(name == "max" ? BinaryOp::Max : BinaryOp::Min, v, other,
                      nullptr, call.loc, call.compute);
  }
  if (!v.isScalar() && !v.isArray()) {
    diags.error(argument(call, 0).loc,
                name + "() needs an array, not " + v.str());
    return Ty::error();
  }
  // A scalar is a 0-d array: any axis is out of bounds, as in NumPy.
  if (!reductionArgs(call, name, v))
    return Ty::error();
  bool averages = name == "mean" || name == "var" || name == "std";
  if (v.isScalar() && averages) {
    diags.error(argument(call, 0).loc,
                name + "() needs an array, not " + v.str());
    return Ty::error();
  }
  if (name == "any" || name == "all") {
    call.compute = ScalarKind::Bool;
    return v.isScalar()
               ? Ty::scalar(ScalarKind::Bool)
               : reducedType(v, call.axes, call.keepdims, ScalarKind::Bool);
  }
  if (v.isScalar())
    return v;
  if (name == "max" || name == "min")
    for (int64_t d = 0; d < v.rank(); ++d)
      if ((call.axes.empty() || llvm::is_contained(call.axes, d)) &&
          v.shape[d] == 0) {
        diags.error(call.loc, "zero-size array to reduction operation " +
                                  name.str() + " which has no identity");
        return Ty::error();
      }
  ScalarKind from = v.elem, acc = from;
  if ((name == "sum" || name == "prod") &&
      (from == ScalarKind::Bool || (isInt(from) && bits(from) < 64)))
    acc = isUnsigned(from) ? ScalarKind::U64 : ScalarKind::I64;
  if (averages)
    acc = isFloat(from) ? from : ScalarKind::F64;
  call.compute = acc;
  return reducedType(v, call.axes, call.keepdims, acc);
}

Ty Sema::checkScan(Expr &call, StringRef name) {
  Ty v = check(argument(call, 0));
  if (v.isError())
    return v;
  if (!v.isScalar() && !v.isArray()) {
    diags.error(argument(call, 0).loc,
                name + "() needs an array, not " + v.str());
    return Ty::error();
  }
  // A scalar is a 1-element array here, as NumPy makes it.
  Ty array = v.isScalar() ? Ty::array(v.elem, {1}) : v;
  bool failed;
  std::optional<int64_t> axis = axisArg(call, name, array, failed);
  if (failed)
    return Ty::error();
  call.axis = axis.value_or(-1);
  ScalarKind acc = v.elem;
  if (acc == ScalarKind::Bool || (isInt(acc) && bits(acc) < 64))
    acc = isUnsigned(acc) ? ScalarKind::U64 : ScalarKind::I64;
  call.compute = acc;
  if (axis) {
    array.elem = acc;
    return array;
  }
  int64_t count = 1;
  for (int64_t s : array.shape)
    count = s == kDyn || count == kDyn ? kDyn : count * s;
  return Ty::array(acc, {count});
}

bool Sema::checkSortKind(Expr &call) {
  // Every kind sorts stably here (a valid order for each of NumPy's).
  Expr *kind = findKeyword(call, "kind");
  static const StringRef kKinds[] = {"quicksort", "mergesort", "heapsort",
                                     "stable"};
  if (!kind ||
      (kind->kind == Expr::StringLit && llvm::is_contained(kKinds, kind->name)))
    return true;
  diags.error(kind->loc, "kind must be 'quicksort', 'mergesort', 'heapsort' "
                         "or 'stable'");
  return false;
}

Ty Sema::checkSort(Expr &call, StringRef name) {
  Ty v = check(argument(call, 0));
  if (v.isError())
    return v;
  if (!v.isArray()) {
    diags.error(argument(call, 0).loc,
                name + "() needs an array, not " + v.str());
    return Ty::error();
  }
  ScalarKind k = name == "argsort" ? ScalarKind::I64 : v.elem;
  if (!checkSortKind(call))
    return Ty::error();
  // axis=None sorts the flattened array; the default is the last axis.
  Expr *axis = call.children.size() > 2 ? call.children[2].get()
                                        : findKeyword(call, "axis");
  if (axis && axis->kind == Expr::NoneLit) {
    if (!checkNotTwice(call, name, "axis", 1))
      return Ty::error();
    call.axis = -1;
    int64_t count = 1;
    for (int64_t s : v.shape)
      count = s == kDyn || count == kDyn ? kDyn : count * s;
    return Ty::array(k, {count});
  }
  bool failed;
  std::optional<int64_t> a = axisArg(call, name, v, failed);
  if (failed)
    return Ty::error();
  call.axis = a.value_or(v.rank() - 1);
  Ty result = v;
  result.elem = k;
  return result;
}

Ty Sema::checkArgReduction(Expr &call, StringRef name) {
  Ty v = check(argument(call, 0));
  if (v.isError())
    return v;
  if (!v.isArray() || v.rank() == 0) {
    diags.error(argument(call, 0).loc,
                name + "() needs an array of rank 1 or more, got " + v.str());
    return Ty::error();
  }
  bool failed;
  std::optional<int64_t> axis = axisArg(call, name, v, failed);
  if (failed)
    return Ty::error();
  call.axis = axis.value_or(-1);
  for (int64_t d = 0; d < v.rank(); ++d)
    if (v.shape[d] == 0 && (!axis || *axis == d)) {
      diags.error(call.loc, "attempt to get " + name + " of an empty sequence");
      return Ty::error();
    }
  SmallVector<int64_t> axes;
  if (axis)
    axes.push_back(*axis);
  return reducedType(v, axes, /*keepdims=*/false, ScalarKind::I64);
}

Ty Sema::checkMethod(Expr &call) {
  Expr &callee = *call.children[0];
  SMLoc memberLoc =
      callee.keywordLocs.empty() ? callee.loc : callee.keywordLocs[0];
  Ty base = check(*callee.children[0]);
  if (base.isError())
    return base;
  auto noSuchMember = [&] {
    diags.error(memberLoc,
                "'" + base.str() + "' has no attribute '" + callee.name + "'");
    return Ty::error();
  };
  if (base.isScalar() && callee.name == "astype") {
    // Of a scalar: the conversion k(x).
    if (!checkArity(call, "astype", 1, 1))
      return Ty::error();
    std::optional<ScalarKind> k = dtypeArg(call.children[1].get());
    if (!k)
      return Ty::error();
    auto name = std::make_unique<Expr>(Expr::Name, memberLoc);
    name->name = scalarKindName(*k);
    call.children[1] = std::move(callee.children[0]);
    call.children[0] = std::move(name);
    call.meaning = Meaning::Conversion;
    return Ty::scalar(*k);
  }
  if (!base.isArray())
    return noSuchMember();
  call.meaning = Meaning::MethodCall;
  size_t n = call.children.size() - 1;
  if (callee.name == "astype") {
    if (!checkArity(call, "astype", 1, 1))
      return Ty::error();
    std::optional<ScalarKind> k = dtypeArg(call.children[1].get());
    if (!k)
      return Ty::error();
    base.elem = *k;
    return base;
  }
  if (callee.name == "sort") {
    // In place, along an axis (the last by default); gives None.
    if (!checkArity(call, "sort", 0, 1, {"axis", "kind"}) ||
        !checkNotTwice(call, "sort", "axis", 0) || !checkSortKind(call))
      return Ty::error();
    bool failed;
    std::optional<int64_t> axis =
        literalAxis(n ? call.children[1].get() : findKeyword(call, "axis"),
                    base.rank(), failed);
    if (failed)
      return Ty::error();
    call.axis = axis.value_or(base.rank() - 1);
    return Ty::none();
  }
  if (callee.name == "copy") {
    if (!checkArity(call, "copy", 0, 0))
      return Ty::error();
    return base;
  }
  auto count = [](ArrayRef<int64_t> dims) -> std::optional<int64_t> {
    int64_t total = 1;
    for (int64_t s : dims) {
      if (s == kDyn)
        return std::nullopt;
      total *= s;
    }
    return total;
  };
  if (callee.name == "flatten" || callee.name == "ravel") {
    // One dimension: a copy (flatten) or, as reshape, a view (ravel).
    if (!checkArity(call, callee.name, 0, 0))
      return Ty::error();
    return Ty::array(base.elem, {count(base.shape).value_or(kDyn)});
  }
  if (callee.name == "reshape") {
    if (n == 0) {
      diags.error(call.loc, "reshape() needs the new shape");
      return Ty::error();
    }
    if (!checkArity(call, "reshape", 1, 8))
      return Ty::error();
    SmallVector<int64_t> shape;
    int64_t inferred = -1;
    for (size_t i = 0; i < n; ++i)
      if (!shapeArg(argument(call, i), shape, &inferred))
        return Ty::error();
    call.axis = inferred;
    std::optional<int64_t> total = count(base.shape);
    if (inferred >= 0) {
      SmallVector<int64_t> others(shape);
      others.erase(others.begin() + inferred);
      std::optional<int64_t> rest = count(others);
      if (rest && total) {
        if (*rest == 0 || *total % *rest != 0) {
          std::string written;
          for (auto [i, s] : llvm::enumerate(shape))
            written += (i ? ", " : "") +
                       ((int64_t)i == inferred ? "-1" : std::to_string(s));
          diags.error(call.loc, "cannot reshape array of size " +
                                    std::to_string(*total) + " into shape (" +
                                    written + ")");
          return Ty::error();
        }
        shape[inferred] = *total / *rest;
      }
    }
    std::optional<int64_t> known = count(shape);
    if (known && total && *known != *total) {
      diags.error(call.loc, "cannot reshape array of size " +
                                std::to_string(*total) + " into shape " +
                                shapeStr(Ty::array(base.elem, shape)));
      return Ty::error();
    }
    return Ty::array(base.elem, shape);
  }
  return noSuchMember();
}

Ty Sema::checkUserCall(Expr &call, FuncDef &callee) {
  size_t n = call.children.size() - 1;
  if (!call.keywords.empty()) {
    diags.error(call.keywordLocs[0], "keyword arguments are not supported "
                                     "for '" +
                                         callee.name + "'");
    return Ty::error();
  }
  if (n != callee.paramTys.size()) {
    diags.error(call.loc, callee.name + "() takes " +
                              std::to_string(callee.paramTys.size()) +
                              " argument" +
                              (callee.paramTys.size() == 1 ? "" : "s") + " (" +
                              std::to_string(n) + " given)");
    return Ty::error();
  }
  for (size_t i = 0; i < n; ++i) {
    Expr &arg = argument(call, i);
    Ty v = check(arg);
    if (v.isError())
      return v;
    if (!convertible(v, callee.paramTys[i], arg.loc,
                     "argument " + std::to_string(i + 1) + " of '" +
                         callee.name + "'"))
      return Ty::error();
  }
  call.meaning = Meaning::UserCall;
  // Named dims of the callee are not names here.
  std::vector<Ty> results = callee.resultTys;
  for (Ty &t : results)
    for (std::string &sym : t.syms)
      sym.clear();
  if (results.empty())
    return Ty::none();
  if (results.size() == 1 && !callee.hasResultTuple)
    return results[0];
  Ty r;
  r.kind = Ty::Tuple;
  r.elems = results;
  return r;
}

} // namespace imex::nda
