//===- Types.h - the .nda language's types and NumPy's rules ----*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the frontend. The element kinds, the type of a value (Ty: a
// scalar of one of the element kinds, an array with static, named or
// dynamic dimensions, a tuple), and NumPy's promotion rules with NEP 50
// weak Python literals. No MLIR here: the semantic analysis types the
// syntax tree with these.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_FRONTEND_TYPES_H
#define IMEX_FRONTEND_TYPES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace imex::nda {

using llvm::ArrayRef;
using llvm::SmallVector;

/// A dimension of unknown size (MLIR's ShapedType::kDynamic).
constexpr int64_t kDyn = std::numeric_limits<int64_t>::min();

/// Element types of the language.
enum class ScalarKind {
  Bool,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  Index,
  F16,
  F32,
  F64
};

/// Parses a type keyword ("f32", "index", ...).
std::optional<ScalarKind> scalarKindFromName(llvm::StringRef name);
const char *scalarKindName(ScalarKind kind);

inline bool isFloat(ScalarKind k) {
  return k == ScalarKind::F16 || k == ScalarKind::F32 || k == ScalarKind::F64;
}
inline bool isUnsigned(ScalarKind k) {
  return k == ScalarKind::U8 || k == ScalarKind::U16 || k == ScalarKind::U32 ||
         k == ScalarKind::U64;
}
inline bool isInt(ScalarKind k) {
  return k == ScalarKind::I8 || k == ScalarKind::I16 || k == ScalarKind::I32 ||
         k == ScalarKind::I64 || k == ScalarKind::Index || isUnsigned(k);
}
inline unsigned bits(ScalarKind k) {
  switch (k) {
  case ScalarKind::Bool:
    return 1;
  case ScalarKind::I8:
  case ScalarKind::U8:
    return 8;
  case ScalarKind::I16:
  case ScalarKind::U16:
  case ScalarKind::F16:
    return 16;
  case ScalarKind::I32:
  case ScalarKind::U32:
  case ScalarKind::F32:
    return 32;
  default:
    return 64;
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
  static Ty none() {
    Ty t;
    t.kind = None;
    return t;
  }
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
    case Error:
      return "<error>";
    case None:
      return "None";
    case Scalar:
      return scalarKindName(elem);
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

inline std::string shapeStr(const Ty &t) {
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

/// NumPy's promote_types for two non-weak kinds.
inline ScalarKind promoteKinds(ScalarKind a, ScalarKind b) {
  if (a == b)
    return a;
  if (a == ScalarKind::Bool)
    return b;
  if (b == ScalarKind::Bool)
    return a;
  if (isFloat(a) && isFloat(b))
    return bits(a) >= bits(b) ? a : b;
  if (isInt(a) && isInt(b)) {
    if (isUnsigned(a) != isUnsigned(b)) {
      // Signed and unsigned: the narrowest signed type holding both, f64
      // beyond 64 bits (index counts as i64).
      ScalarKind s = isUnsigned(a) ? b : a, u = isUnsigned(a) ? a : b;
      if (bits(s) > bits(u))
        return s;
      switch (u) {
      case ScalarKind::U8:
        return ScalarKind::I16;
      case ScalarKind::U16:
        return ScalarKind::I32;
      case ScalarKind::U32:
        return s == ScalarKind::Index ? s : ScalarKind::I64;
      default:
        return ScalarKind::F64;
      }
    }
    if (a == ScalarKind::Index || b == ScalarKind::Index)
      return ScalarKind::Index;
    return bits(a) >= bits(b) ? a : b;
  }
  ScalarKind f = isFloat(a) ? a : b, i = isFloat(a) ? b : a;
  unsigned ib = bits(i);
  if (f == ScalarKind::F16)
    return ib <= 8    ? ScalarKind::F16
           : ib <= 16 ? ScalarKind::F32
                      : ScalarKind::F64;
  if (f == ScalarKind::F32)
    return ib <= 16 ? ScalarKind::F32 : ScalarKind::F64;
  return ScalarKind::F64;
}

/// Promotion with NEP 50 weak literals.
inline ScalarKind promote(const Ty &a, const Ty &b) {
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

/// NumPy's kinds, ordered: bool < unsigned < signed integer < floating
/// point.
inline int kindOf(ScalarKind k) {
  return k == ScalarKind::Bool ? 0 : isUnsigned(k) ? 1 : isInt(k) ? 2 : 3;
}

/// NumPy's can_cast(from, to, "same_kind").
inline bool canCastSameKind(ScalarKind from, ScalarKind to) {
  return kindOf(from) <= kindOf(to);
}

/// Whether a scalar of type `v` may be stored into a `to` variable or
/// parameter: same_kind, and Python's integer literals into any integer
/// type (NEP 50).
inline bool canAssignScalar(const Ty &v, ScalarKind to) {
  return canCastSameKind(v.elem, to) || (v.weak && isInt(v.elem) && isInt(to));
}

} // namespace imex::nda

#endif
