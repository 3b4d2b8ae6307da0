//===- SemaExpr.cpp - .nda semantics: expressions and subscripts ----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Sema.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace imex::nda {

Ty Sema::check(Expr &e) {
  Ty ty;
  switch (e.kind) {
  case Expr::IntLit:
    ty = Ty::scalar(ScalarKind::I64, /*weak=*/true);
    break;
  case Expr::FloatLit:
    ty = Ty::scalar(ScalarKind::F64, /*weak=*/true);
    break;
  case Expr::BoolLit:
    ty = Ty::scalar(ScalarKind::Bool, /*weak=*/true);
    break;
  case Expr::StringLit:
    diags.error(e.loc, "string values are not supported here");
    break;
  case Expr::Name:
    ty = checkName(e);
    break;
  case Expr::Unary:
    ty = checkUnary(e);
    break;
  case Expr::Binary:
    ty = checkBinaryExpr(e);
    break;
  case Expr::Subscript:
    ty = checkSubscript(e);
    break;
  case Expr::Attribute:
    ty = unqualify(e) ? checkName(e) : checkAttribute(e);
    break;
  case Expr::Tuple:
    ty = checkTuple(e);
    break;
  case Expr::Conditional:
    ty = checkConditional(e);
    break;
  case Expr::Chain:
    ty = checkChain(e);
    break;
  case Expr::Slice:
    diags.error(e.loc, "a slice is only allowed inside '[...]'");
    break;
  case Expr::List:
    diags.error(e.loc, "lists are only allowed as the argument of array(); "
                       "write array([...])");
    break;
  case Expr::NoneLit:
    diags.error(e.loc, "None is only allowed in subscripts (a new axis)");
    break;
  case Expr::Ellipsis:
    diags.error(e.loc, "'...' is only allowed in subscripts");
    break;
  case Expr::Call:
    ty = checkCall(e);
    break;
  }
  e.ty = ty;
  return ty;
}

/// NumPy's constant `name` (pi, e, inf, nan), if it is one.
static std::optional<double> numpyConstant(StringRef name) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  return llvm::StringSwitch<std::optional<double>>(name)
      .Case("pi", 3.141592653589793)
      .Case("e", 2.718281828459045)
      .Case("inf", kInf)
      .Case("nan", std::numeric_limits<double>::quiet_NaN())
      .Default(std::nullopt);
}

Ty Sema::checkName(Expr &e) {
  // NumPy's constants (`np.e` whatever the program's names): Python floats,
  // so weak scalars.
  auto constant = [&]() -> std::optional<Ty> {
    std::optional<double> value = numpyConstant(e.name);
    if (!value)
      return std::nullopt;
    e.meaning = Meaning::Constant;
    e.floatValue = *value;
    return Ty::scalar(ScalarKind::F64, /*weak=*/true);
  };
  if (e.numpyName) {
    if (std::optional<Ty> ty = constant())
      return *ty;
    diags.error(e.loc, "'np." + e.name +
                           "' is not a NumPy constant the language has "
                           "(pi, e, inf, nan)");
    return Ty::error();
  }
  if (dims.count(e.name) && !vars.count(e.name)) {
    e.meaning = Meaning::Dimension;
    return Ty::scalar(ScalarKind::Index);
  }
  if (scalarKindFromName(e.name)) {
    diags.error(e.loc, "type '" + e.name + "' used as a value");
    return Ty::error();
  }
  if (functions.count(e.name) && !vars.count(e.name)) {
    diags.error(e.loc, "function '" + e.name + "' used as a value");
    return Ty::error();
  }
  // Unless a variable has the name.
  if (!vars.count(e.name))
    if (std::optional<Ty> ty = constant())
      return *ty;
  Var *var = lookupVar(e);
  if (!var)
    return Ty::error();
  e.meaning = Meaning::Variable;
  e.binding = var->id;
  return var->ty;
}

Ty Sema::checkUnary(Expr &e) {
  Ty v = check(*e.children[0]);
  if (v.isError())
    return v;
  if (!v.isScalar() && !v.isArray()) {
    diags.error(e.loc, std::string("bad operand type for unary '") +
                           (e.unaryOp == UnaryOp::Not      ? "not"
                            : e.unaryOp == UnaryOp::Invert ? "~"
                            : e.unaryOp == UnaryOp::Plus   ? "+"
                                                           : "-") +
                           "': " + v.str());
    return Ty::error();
  }
  if (e.unaryOp == UnaryOp::Invert) {
    if (v.elem != ScalarKind::Bool && !isInt(v.elem)) {
      diags.error(e.loc, "'~' needs integers or booleans, not " + v.str());
      return Ty::error();
    }
    if (v.isScalar() && v.elem == ScalarKind::Bool && v.weak) {
      diags.error(e.loc, "'~' of a Python bool is an integer in Python (~True "
                         "is -2), not its negation; use 'not'");
      return Ty::error();
    }
    e.compute = v.elem == ScalarKind::Index ? ScalarKind::I64 : v.elem;
    Ty r = v;
    r.elem = e.compute;
    return r;
  }
  if (e.unaryOp == UnaryOp::Not) {
    if (!v.isScalar()) {
      diags.error(e.loc, "the truth value of an array is ambiguous; "
                         "'not' needs a scalar");
      return Ty::error();
    }
    return Ty::scalar(ScalarKind::Bool);
  }
  if (v.elem == ScalarKind::Bool) {
    diags.error(e.loc, std::string("the numpy boolean ") +
                           (e.unaryOp == UnaryOp::Plus
                                ? "positive, the '+' operator,"
                                : "negative, the '-' operator,") +
                           " is not supported");
    return Ty::error();
  }
  if (e.unaryOp == UnaryOp::Plus)
    return v;
  // Floats are negated (-0.0 keeps NumPy's sign); integers are 0 - x.
  if (isFloat(v.elem))
    return v;
  return binaryType(BinaryOp::Sub, Ty::scalar(ScalarKind::I64, /*weak=*/true),
                    v, nullptr, e.loc, e.compute);
}

Ty Sema::checkBinaryExpr(Expr &e) {
  Ty a = check(*e.children[0]);
  if (a.isError())
    return a;
  // `and`/`or` of a scalar short-circuit: the right operand is evaluated
  // only when the left does not decide.
  if ((e.binaryOp == BinaryOp::And || e.binaryOp == BinaryOp::Or) &&
      a.isScalar()) {
    Ty b = check(*e.children[1]);
    if (b.isError())
      return b;
    if (!b.isScalar()) {
      diags.error(e.loc, "the truth value of an array is ambiguous; '" +
                             spelling(e.binaryOp) + "' needs scalar operands");
      return Ty::error();
    }
    return Ty::scalar(ScalarKind::Bool);
  }
  Ty b = check(*e.children[1]);
  if (b.isError())
    return b;
  return binaryType(e.binaryOp, a, b, e.children[1].get(), e.loc, e.compute);
}

std::optional<Sema::OpKinds> Sema::binaryKinds(BinaryOp op, const Ty &a,
                                               const Ty &b, SMLoc at) {
  ScalarKind p = promote(a, b);
  if (isComparison(op))
    return OpKinds{p, ScalarKind::Bool};
  if (isBitwise(op)) {
    if (isFloat(p)) {
      diags.error(at, "'" + spelling(op) +
                          "' needs integers or booleans, not " + a.str() +
                          " and " + b.str());
      return std::nullopt;
    }
    if (p == ScalarKind::Index)
      p = ScalarKind::I64;
    return OpKinds{p, p};
  }
  if (op == BinaryOp::Div) {
    ScalarKind r = isFloat(p) ? p : ScalarKind::F64;
    return OpKinds{r, r};
  }
  if (p == ScalarKind::Bool) {
    if (op == BinaryOp::Sub) {
      diags.error(at, "numpy boolean subtract, the '-' operator, is not "
                      "supported");
      return std::nullopt;
    }
    // NumPy's booleans add as 'or', multiply as 'and' and stay booleans
    // (as do minimum/maximum); Python's (two literals) are the integers
    // 0 and 1; //, % and ** give i8.
    bool python = a.weak && b.weak;
    bool staysBool = op == BinaryOp::Add || op == BinaryOp::Mul ||
                     op == BinaryOp::Min || op == BinaryOp::Max;
    p = staysBool && !python ? ScalarKind::Bool
        : python             ? ScalarKind::I64
                             : ScalarKind::I8;
  }
  if (op == BinaryOp::Pow && p == ScalarKind::Index)
    p = ScalarKind::I64;
  return OpKinds{p, p};
}

Ty Sema::binaryType(BinaryOp op, const Ty &a, const Ty &b, Expr *divisor,
                    SMLoc at, ScalarKind &compute) {
  if (op == BinaryOp::MatMul)
    return matmulType(a, b, at, compute);
  // (`and`/`or` with a scalar left operand short-circuit elsewhere.)
  if (op == BinaryOp::And || op == BinaryOp::Or) {
    diags.error(at, "the truth value of an array is ambiguous; '" +
                        spelling(op) + "' needs scalar operands");
    return Ty::error();
  }
  for (const Ty *v : {&a, &b})
    if (!v->isScalar() && !v->isArray()) {
      diags.error(at, "unsupported operand type " + v->str() + " for '" +
                          spelling(op) + "'");
      return Ty::error();
    }
  std::optional<OpKinds> kinds = binaryKinds(op, a, b, at);
  if (!kinds)
    return Ty::error();
  compute = kinds->compute;
  // Python's ZeroDivisionError for a constant 0 divisor (other divisors are
  // checked at run time).
  if ((op == BinaryOp::FloorDiv || op == BinaryOp::Mod) && !isFloat(compute) &&
      b.isScalar() && divisor &&
      (foldedInteger(*divisor) == 0 ||
       (divisor->kind == Expr::BoolLit && !divisor->boolValue))) {
    diags.error(at, "integer division or modulo by zero");
    return Ty::error();
  }
  if (a.isScalar() && b.isScalar())
    return Ty::scalar(kinds->result, a.weak && b.weak);
  std::optional<Ty> shape = broadcastShape({&a, &b}, at);
  if (!shape)
    return Ty::error();
  shape->elem = kinds->result;
  return *shape;
}

Ty Sema::matmulType(const Ty &a, const Ty &b, SMLoc at, ScalarKind &compute) {
  if (!a.isArray() || !b.isArray()) {
    diags.error(at, "matmul: input operand does not have enough dimensions "
                    "(scalars are not allowed with '@')");
    return Ty::error();
  }
  bool batched = a.rank() > 2 || b.rank() > 2;
  if (batched && (a.rank() < 2 || b.rank() < 2)) {
    diags.error(at, "'@' of a 1-d array supports 2-d arrays only, got " +
                        a.str() + " @ " + b.str());
    return Ty::error();
  }
  // The contracted dimensions: a's last, b's next to last (its only one
  // when 1-d).
  int64_t ka = a.shape.back(), kb = b.shape[std::max<int64_t>(b.rank() - 2, 0)];
  if (ka != kDyn && kb != kDyn && ka != kb) {
    diags.error(at, "matmul: mismatch in the contracted dimension: " + a.str() +
                        " @ " + b.str());
    return Ty::error();
  }
  ScalarKind k = promote(a, b);
  if (k == ScalarKind::Bool) {
    diags.error(at, "'@' of boolean arrays is not supported");
    return Ty::error();
  }
  compute = k;
  SmallVector<int64_t> shape;
  SmallVector<std::string> syms;
  if (batched) {
    // Stacks of matrices: the leading dimensions broadcast.
    Ty aStack = a, bStack = b;
    aStack.shape.pop_back_n(2);
    aStack.syms.pop_back_n(2);
    bStack.shape.pop_back_n(2);
    bStack.syms.pop_back_n(2);
    std::optional<Ty> stack = broadcastShape({&aStack, &bStack}, at);
    if (!stack)
      return Ty::error();
    shape = stack->shape;
    syms = stack->syms;
  }
  if (a.rank() >= 2) {
    shape.push_back(a.shape[a.rank() - 2]);
    syms.push_back(a.syms[a.rank() - 2]);
  }
  if (b.rank() >= 2) {
    shape.push_back(b.shape.back());
    syms.push_back(b.syms.back());
  }
  if (shape.empty())
    return Ty::scalar(k);
  return Ty::array(k, shape, syms);
}

std::optional<Ty> Sema::broadcastShape(ArrayRef<const Ty *> operands,
                                       SMLoc at) {
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

Ty Sema::checkAttribute(Expr &e) {
  Ty base = check(*e.children[0]);
  if (base.isError())
    return base;
  if (e.name == "T") {
    if (!base.isArray()) {
      diags.error(e.loc, "'.T' needs an array, not " + base.str());
      return Ty::error();
    }
    if (base.rank() < 2)
      return base;
    Ty transposed = base;
    std::reverse(transposed.shape.begin(), transposed.shape.end());
    std::reverse(transposed.syms.begin(), transposed.syms.end());
    return transposed;
  }
  if (e.name == "shape") {
    // A tuple of the sizes (indices, as a.shape[k]): unpacked, R, C = a.shape.
    if (!base.isArray()) {
      diags.error(e.loc, "'shape' needs an array, not " + base.str());
      return Ty::error();
    }
    Ty sizes;
    sizes.kind = Ty::Tuple;
    sizes.elems.assign(base.rank(), Ty::scalar(ScalarKind::Index));
    return sizes;
  }
  if (e.name == "ndim" || e.name == "size") {
    if (!base.isScalar() && !base.isArray()) {
      diags.error(e.loc, "'" + e.name + "' needs an array or a scalar");
      return Ty::error();
    }
    return Ty::scalar(ScalarKind::I64);
  }
  diags.error(e.keywordLocs.empty() ? e.loc : e.keywordLocs[0],
              "'" + base.str() + "' has no attribute '" + e.name + "'");
  return Ty::error();
}

Ty Sema::checkTuple(Expr &e) {
  Ty r;
  r.kind = Ty::Tuple;
  for (auto &c : e.children) {
    Ty v = check(*c);
    if (v.isError())
      return v;
    if (v.kind == Ty::Tuple || v.kind == Ty::None) {
      diags.error(c->loc, "nested tuples are not supported");
      return Ty::error();
    }
    r.elems.push_back(v);
  }
  return r;
}

Ty Sema::checkConditional(Expr &e) {
  if (!checkCondition(*e.children[1]))
    return Ty::error();
  Ty a = check(*e.children[0]), b = check(*e.children[2]);
  if (a.isError() || b.isError())
    return Ty::error();
  if (!(a.isScalar() && b.isScalar()) && !(a.isArray() && b.isArray())) {
    diags.error(e.loc, "the values of a conditional expression must both be "
                       "scalars or both arrays, not " +
                           a.str() + " and " + b.str());
    return Ty::error();
  }
  // Either value, in the type both convert to: promoted elements, and the
  // sizes they agree on.
  ScalarKind k = promote(a, b);
  if (a.isScalar())
    return Ty::scalar(k, a.weak && b.weak);
  bool compatible = a.rank() == b.rank();
  for (int64_t d = 0; compatible && d < a.rank(); ++d)
    compatible =
        a.shape[d] == kDyn || b.shape[d] == kDyn || a.shape[d] == b.shape[d];
  if (!compatible) {
    diags.error(e.loc, "the values of a conditional expression have shapes " +
                           shapeStr(a) + " and " + shapeStr(b) +
                           ", which differ");
    return Ty::error();
  }
  Ty r = Ty::array(k, a.shape);
  for (int64_t d = 0; d < a.rank(); ++d) {
    if (a.shape[d] != b.shape[d])
      r.shape[d] = kDyn;
    if (a.syms[d] == b.syms[d])
      r.syms[d] = a.syms[d];
  }
  return r;
}

Ty Sema::checkChain(Expr &e) {
  Ty left = check(*e.children[0]);
  if (left.isError())
    return left;
  e.chainCompute.clear();
  for (auto [op, operand] :
       llvm::zip(e.chainOps, llvm::drop_begin(e.children))) {
    Ty right = check(*operand);
    if (right.isError())
      return right;
    if (!left.isScalar() || !right.isScalar()) {
      diags.error(e.loc, "the truth value of an array is ambiguous; a chained "
                         "comparison needs scalar operands");
      return Ty::error();
    }
    std::optional<OpKinds> kinds = binaryKinds(op, left, right, e.loc);
    if (!kinds)
      return Ty::error();
    e.chainCompute.push_back(kinds->compute);
    left = right;
  }
  return Ty::scalar(ScalarKind::Bool);
}

std::optional<int64_t> Sema::literal(const Expr *e) const {
  if (e && e->kind == Expr::IntLit)
    return e->intValue;
  return std::nullopt;
}

std::optional<int64_t> Sema::foldedInteger(const Expr &e) const {
  if (e.kind == Expr::IntLit)
    return e.intValue;
  // A conversion of a constant to an integer kind: wrapped to its width.
  if (e.kind != Expr::Call || e.meaning != Meaning::Conversion ||
      !e.ty.isScalar() || !isInt(e.ty.elem))
    return std::nullopt;
  std::optional<int64_t> v = foldedInteger(*e.children[1]);
  unsigned width = bits(e.ty.elem);
  if (v && width < 64)
    v = llvm::SignExtend64(static_cast<uint64_t>(*v), width);
  return v;
}

bool Sema::checkIndexValue(Expr &e, StringRef rule) {
  Ty v = check(e);
  if (v.isError())
    return false;
  if (!v.isScalar() || !(isInt(v.elem) || v.elem == ScalarKind::Bool)) {
    diags.error(e.loc, rule + ", not " + v.str());
    return false;
  }
  return true;
}

bool Sema::analyzeSlice(const Ty &ty, ArrayRef<Expr *> subscripts, SMLoc at,
                        std::vector<SliceItem> &out) {
  out.clear();
  if ((int64_t)subscripts.size() > ty.rank()) {
    diags.error(at, "too many indices for array: array is " +
                        std::to_string(ty.rank()) + "-dimensional, but " +
                        std::to_string(subscripts.size()) + " were indexed");
    return false;
  }
  for (int64_t d = 0; d < ty.rank(); ++d) {
    Expr *item = d < (int64_t)subscripts.size() ? subscripts[d] : nullptr;
    int64_t dimSize = ty.shape[d];
    SliceItem slice;
    if (item && item->kind != Expr::Slice) {
      // An integer index: static when a literal.
      slice.kind = SliceItem::Index;
      if (std::optional<int64_t> lit = literal(item)) {
        int64_t v = *lit;
        if (v < 0 && dimSize != kDyn)
          v += dimSize;
        if (dimSize != kDyn && (v < 0 || v >= dimSize)) {
          diags.error(item->loc, "index " + std::to_string(*lit) +
                                     " is out of bounds for axis " +
                                     std::to_string(d) + " with size " +
                                     std::to_string(dimSize));
          return false;
        }
        item->ty = Ty::scalar(ScalarKind::I64, /*weak=*/true);
        slice.literalIndex = v;
      } else if (!checkIndexValue(*item)) {
        return false;
      } else if (item->ty.elem == ScalarKind::Bool) {
        diags.error(item->loc,
                    "a bool scalar index is a mask in NumPy (x[True] adds an "
                    "axis), not supported here; index with an integer, "
                    "e.g. int(b)");
        return false;
      }
      out.push_back(slice);
      continue;
    }
    Expr *start = item ? item->children[0].get() : nullptr;
    Expr *stop = item ? item->children[1].get() : nullptr;
    Expr *step = item ? item->children[2].get() : nullptr;
    auto sStart = start ? literal(start) : std::optional<int64_t>(0);
    auto sStop = stop ? literal(stop) : std::optional<int64_t>();
    auto sStep = step ? literal(step) : std::optional<int64_t>(1);
    if (sStep && *sStep == 0) {
      diags.error(step->loc, "slice step cannot be zero");
      return false;
    }
    if (sStep && *sStep < 0 &&
        (dimSize == kDyn || (start && !sStart) || (stop && !sStop))) {
      // Backwards, bounds at run time.
      slice.kind = SliceItem::DynamicSlice;
      slice.literalStart = start ? sStart : std::nullopt;
      slice.literalStop = sStop;
      slice.literalStep = sStep;
      if ((start && !sStart && !checkIndexValue(*start)) ||
          (stop && !sStop && !checkIndexValue(*stop)))
        return false;
      out.push_back(slice);
      continue;
    }
    if (sStep && *sStep < 0) {
      // Backwards: Python's bounds, all known here.
      auto clamp = [&](int64_t bound) {
        if (bound < 0)
          bound += dimSize;
        return std::clamp<int64_t>(bound, -1, dimSize - 1);
      };
      int64_t first = start ? clamp(*sStart) : dimSize - 1;
      int64_t last = stop ? clamp(*sStop) : -1;
      slice.kind = SliceItem::StaticSlice;
      slice.first = first;
      slice.step = *sStep;
      slice.size = first <= last ? 0 : 1 + (first - last - 1) / -*sStep;
      out.push_back(slice);
      continue;
    }
    // ceil((last - first) / stride), without overflow for any stride.
    auto count = [](int64_t first, int64_t last, int64_t stride) -> int64_t {
      return last <= first ? 0 : 1 + (last - first - 1) / stride;
    };
    if (dimSize != kDyn && (!start || sStart) && (!stop || sStop) && sStep) {
      // Python's bounds, all known here.
      auto clamp = [&](int64_t bound) {
        return bound < 0 ? std::max<int64_t>(0, bound + dimSize)
                         : std::min(bound, dimSize);
      };
      slice.kind = SliceItem::StaticSlice;
      slice.first = clamp(start ? *sStart : 0);
      slice.step = *sStep;
      slice.size = count(slice.first, clamp(stop ? *sStop : dimSize), *sStep);
    } else if ((!start || (sStart && *sStart >= 0)) && sStop && *sStop >= 0 &&
               sStep) {
      // Constant non-negative bounds on a '?' dimension give a constant
      // size (so that e.g. m[:, 0:1] broadcasts); a dimension too short
      // for them stops the program.
      slice.kind = SliceItem::ConstantSlice;
      slice.first = start ? *sStart : 0;
      slice.stop = *sStop;
      slice.step = *sStep;
      slice.size = count(slice.first, *sStop, *sStep);
    } else {
      // Bounds at run time, as in Python.
      slice.kind = SliceItem::DynamicSlice;
      slice.literalStart = start ? sStart : std::optional<int64_t>(0);
      slice.literalStop = sStop;
      slice.literalStep = sStep;
      bool ok = true;
      if (start && !sStart)
        ok &= checkIndexValue(*start);
      if (stop && !sStop)
        ok &= checkIndexValue(*stop);
      if (!sStep)
        ok &= checkIndexValue(*step);
      if (!ok)
        return false;
    }
    out.push_back(slice);
  }
  return true;
}

Ty Sema::sliceType(const Ty &ty, ArrayRef<Expr *> subscripts,
                   ArrayRef<SliceItem> items) {
  SmallVector<int64_t> shape;
  SmallVector<std::string> syms;
  for (auto [d, item] : llvm::enumerate(items)) {
    if (item.kind == SliceItem::Index)
      continue;
    shape.push_back(item.kind == SliceItem::DynamicSlice ? kDyn : item.size);
    bool whole = d >= subscripts.size() || !subscripts[d] ||
                 (!subscripts[d]->children[0] && !subscripts[d]->children[1] &&
                  !subscripts[d]->children[2]);
    syms.push_back(whole ? ty.syms[d] : "");
  }
  return Ty::array(ty.elem, shape, syms);
}

Ty Sema::checkShapeIndex(Expr &e) {
  Expr &baseExpr = *e.children[0];
  Ty arr = check(*baseExpr.children[0]);
  if (arr.isError())
    return arr;
  if (!arr.isArray()) {
    diags.error(baseExpr.loc, "'shape' needs an array, not " + arr.str());
    return Ty::error();
  }
  auto k = e.children.size() == 2 ? literal(e.children[1].get()) : std::nullopt;
  if (!k) {
    diags.error(e.loc, "'shape' must be indexed with an integer literal");
    return Ty::error();
  }
  int64_t d = *k < 0 ? *k + arr.rank() : *k;
  if (d < 0 || d >= arr.rank()) {
    diags.error(e.children[1]->loc, "shape index " + std::to_string(*k) +
                                        " is out of range for a " +
                                        std::to_string(arr.rank()) +
                                        "-d array");
    return Ty::error();
  }
  e.meaning = Meaning::ShapeIndex;
  e.axis = d;
  return Ty::scalar(ScalarKind::Index);
}

Ty Sema::checkSubscript(Expr &e) {
  Expr &baseExpr = *e.children[0];
  if (baseExpr.kind == Expr::Attribute && baseExpr.name == "shape")
    return checkShapeIndex(e);
  Ty base = check(baseExpr);
  if (base.isError())
    return base;
  if (!base.isArray()) {
    diags.error(baseExpr.loc,
                "a value of type " + base.str() + " is not subscriptable");
    return Ty::error();
  }
  // One subscript that is an array: a mask or integer indices.
  if (e.children.size() == 2 && e.children[1]->kind != Expr::Slice &&
      e.children[1]->kind != Expr::Ellipsis && !isNewAxis(*e.children[1]) &&
      !literal(e.children[1].get())) {
    Ty index = check(*e.children[1]);
    if (index.isError())
      return index;
    if (index.isArray())
      return checkArrayIndex(e, base, index);
  }
  if (!checkSubscriptForm(e, /*isTarget=*/false))
    return Ty::error();
  std::vector<Expr *> subscripts = subscriptItems(e, base.rank());
  if (!analyzeSlice(base, subscripts, e.loc, e.items))
    return Ty::error();
  // Each slice gives a dimension, each new axis one of size 1, in order
  // (`...` covers the dimensions the other items do not name).
  int64_t named = llvm::count_if(
      ArrayRef(e.children).drop_front(), [](const ExprPtr &item) {
        return !isNewAxis(*item) && item->kind != Expr::Ellipsis;
      });
  e.newAxes.clear();
  int64_t dim = 0;
  for (size_t i = 1, d = 0; i < e.children.size(); ++i) {
    Expr &item = *e.children[i];
    if (isNewAxis(item)) {
      e.newAxes.push_back(dim++);
      continue;
    }
    int64_t covers =
        item.kind == Expr::Ellipsis ? (int64_t)subscripts.size() - named : 1;
    for (int64_t k = 0; k < covers; ++k, ++d)
      if (e.items[d].kind != SliceItem::Index)
        ++dim;
  }
  bool allIndices = llvm::all_of(e.items, [](const SliceItem &item) {
    return item.kind == SliceItem::Index;
  });
  if (allIndices && (int64_t)subscripts.size() == base.rank() &&
      e.newAxes.empty())
    return Ty::scalar(base.elem);
  Ty result = sliceType(base, subscripts, e.items);
  for (int64_t axis : e.newAxes) {
    result.shape.insert(result.shape.begin() + axis, 1);
    result.syms.insert(result.syms.begin() + axis, "");
  }
  return result;
}

bool Sema::checkSubscriptForm(Expr &e, bool isTarget) {
  bool ellipsis = false;
  for (size_t i = 1; i < e.children.size(); ++i) {
    Expr &item = *e.children[i];
    if (item.kind == Expr::Ellipsis) {
      if (ellipsis) {
        diags.error(item.loc,
                    "an index can only have a single ellipsis ('...')");
        return false;
      }
      ellipsis = true;
    }
    if (isTarget && isNewAxis(item)) {
      diags.error(item.loc, "a new axis (None) cannot be assigned to");
      return false;
    }
  }
  return true;
}

Ty Sema::checkArrayIndex(Expr &e, const Ty &base, const Ty &index) {
  Expr &indexExpr = *e.children[1];
  if (index.elem == ScalarKind::Bool) {
    bool matches = index.rank() == base.rank();
    for (int64_t d = 0; matches && d < base.rank(); ++d)
      matches = index.shape[d] == kDyn || base.shape[d] == kDyn ||
                index.shape[d] == base.shape[d];
    if (!matches) {
      diags.error(indexExpr.loc, "a boolean index must have the shape of the "
                                 "array it indexes: " +
                                     shapeStr(index) + " for " +
                                     shapeStr(base));
      return Ty::error();
    }
    e.meaning = Meaning::MaskIndex;
    return Ty::array(base.elem, {kDyn});
  }
  if (!isInt(index.elem)) {
    diags.error(indexExpr.loc, "arrays used as indices must be of integer "
                               "(or boolean) type, not " +
                                   index.str());
    return Ty::error();
  }
  // Whole rows (sub-arrays along axis 0), in the indices' shape.
  e.meaning = Meaning::GatherIndex;
  Ty result = index;
  result.elem = base.elem;
  result.shape.append(base.shape.begin() + 1, base.shape.end());
  result.syms.append(base.syms.begin() + 1, base.syms.end());
  return result;
}

bool Sema::checkStoreSlice(const Ty &destTy, ArrayRef<SliceItem> items,
                           const Ty &value, SMLoc at) {
  if (value.isScalar()) {
    if (!value.weak && !canCastSameKind(value.elem, destTy.elem)) {
      diags.error(at, "cannot assign a value of type " + value.str() +
                          " to elements of type " +
                          scalarKindName(destTy.elem));
      return false;
    }
    return true;
  }
  if (!value.isArray()) {
    diags.error(at, "cannot assign a value of type " + value.str() +
                        " to an array slice");
    return false;
  }
  if (!canCastSameKind(value.elem, destTy.elem)) {
    diags.error(at, "cannot assign an array of type " + value.str() +
                        " to elements of type " + scalarKindName(destTy.elem));
    return false;
  }
  // The value must broadcast to the view (the kept dims).
  Ty view = Ty::array(destTy.elem, {});
  for (const SliceItem &item : items) {
    if (item.kind == SliceItem::Index)
      continue;
    view.shape.push_back(item.kind == SliceItem::DynamicSlice ? kDyn
                                                              : item.size);
    view.syms.push_back("");
  }
  std::string problem = "could not broadcast input array from shape " +
                        shapeStr(value) + " into shape " + shapeStr(view);
  if (value.rank() > view.rank()) {
    diags.error(at, problem);
    return false;
  }
  for (int64_t j = 0; j < value.rank(); ++j) {
    int64_t s = value.shape[j];
    int64_t v = view.shape[view.rank() - value.rank() + j];
    if (s != kDyn && v != kDyn && s != 1 && s != v) {
      diags.error(at, problem);
      return false;
    }
  }
  return true;
}

} // namespace imex::nda
