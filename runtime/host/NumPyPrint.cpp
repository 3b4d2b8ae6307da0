//===- NumPyPrint.cpp - print() of .nda programs, in NumPy's format -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `print(a, b)` in an .nda program writes what Python's print(a, b) writes
// for NumPy values: str() of each, separated by spaces, then a newline.
// This is numpy.array2string with NumPy's default options (precision 8,
// threshold 1000 with 3 edge items, line width 75, no sign padding):
//   - floats in an array share one layout, positional or scientific, chosen
//     from the finite values (scientific when the largest magnitude is at
//     least 1e8, the smallest non-zero below 1e-4, or their ratio above
//     1000); each value uses its shortest round-trip digits in its own type
//     (f16, f32, f64), at most 8 after the point, padded so that the points
//     line up; nan and inf are right-aligned;
//   - integers are right-aligned to the widest; booleans print " True" and
//     "False" in arrays;
//   - 0-d values print like NumPy scalars: "7.0", "0.1", "1e-05", "True";
//   - rows wrap at 75 columns; arrays of more than 1000 elements show the 3
//     first and last items of each long dimension around "...".
// .mlir programs keep MLIR's runner format (printMemref*, HostSupport.cpp).
//
//===----------------------------------------------------------------------===//

#include "HostSupport.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

namespace {

using imexrt_host::Half;
using imexrt_host::MemRefView;
using imexrt_host::UnrankedMemRef;

constexpr int kPrecision = 8;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;
constexpr size_t kLineWidth = 75;

/// The shortest decimal digits that read back as the same value of type T:
/// value = 0.d1d2...dn * 10^(exponent + 1), i.e. d1.d2...dn * 10^exponent.
struct Shortest {
  std::string digits;
  int exponent = 0;
};

template <typename T> double toDouble(T v) { return double(v); }
template <> double toDouble(Half v) { return imexrt_host::halfToFloat(v.bits); }

/// Whether `x` (>= 0) reads back as the f16 value `h` (>= 0): nearer to it
/// than to its neighbours, ties going to the even one.
bool roundsToSame(Half h, double x) {
  uint16_t bits = h.bits & 0x7fff;
  double value = imexrt_host::halfToFloat(bits);
  double up = bits < 0x7bff ? imexrt_host::halfToFloat(bits + 1)
                            : 2 * value - imexrt_host::halfToFloat(bits - 1);
  double down = bits > 0 ? imexrt_host::halfToFloat(bits - 1) : -up;
  double distance = std::fabs(x - value);
  bool even = (bits & 1) == 0;
  auto within = [&](double gap) {
    return even ? distance <= gap / 2 : distance < gap / 2;
  };
  return within(up - value) && within(value - down);
}

Shortest parseScientific(const char *text) {
  // "d[.ddd]e[+-]xx"
  Shortest s;
  const char *p = text;
  for (; *p && *p != 'e'; ++p)
    if (*p >= '0' && *p <= '9')
      s.digits += *p;
  s.exponent = std::atoi(p + 1);
  while (s.digits.size() > 1 && s.digits.back() == '0')
    s.digits.pop_back();
  return s;
}

/// Shortest digits of |v| in its own type.
template <typename T> Shortest shortestDigits(T v) {
  char buffer[64];
  double magnitude = std::fabs(toDouble(v));
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    auto result =
        std::to_chars(buffer, buffer + sizeof(buffer) - 1,
                      static_cast<T>(magnitude), std::chars_format::scientific);
    *result.ptr = '\0';
  } else {
    // 16-bit floats: the fewest digits that convert back to the same bits.
    for (int precision = 0; precision < 9; ++precision) {
      std::snprintf(buffer, sizeof(buffer), "%.*e", precision, magnitude);
      if (roundsToSame(v, std::strtod(buffer, nullptr)))
        break;
    }
  }
  return parseScientific(buffer);
}

/// The pieces of one formatted float: integer part (with sign), fraction
/// digits, and for scientific form the exponent.
struct Parts {
  std::string integer, fraction;
  int exponent = 0;
};

/// The shortest digits written out around the point (no exponent).
Parts splitAtPoint(const Shortest &s) {
  Parts parts;
  if (s.exponent >= 0) {
    std::string all = s.digits;
    if (int(all.size()) < s.exponent + 1)
      all.append(s.exponent + 1 - all.size(), '0');
    parts.integer = all.substr(0, s.exponent + 1);
    parts.fraction = all.substr(s.exponent + 1);
  } else {
    parts.integer = "0";
    parts.fraction = std::string(-s.exponent - 1, '0') + s.digits;
  }
  return parts;
}

/// Positional digits of |v|: the shortest ones, or |v| rounded to
/// `kPrecision` places when those need more; trailing zeros dropped.
template <typename T> Parts positional(T v) {
  Shortest s = shortestDigits(v);
  Parts parts;
  int fractionDigits = int(s.digits.size()) - 1 - s.exponent;
  if (fractionDigits > kPrecision) {
    char buffer[400];
    std::snprintf(buffer, sizeof(buffer), "%.*f", kPrecision,
                  std::fabs(toDouble(v)));
    std::string text = buffer;
    size_t point = text.find('.');
    parts.integer = text.substr(0, point);
    parts.fraction = text.substr(point + 1);
    while (!parts.fraction.empty() && parts.fraction.back() == '0')
      parts.fraction.pop_back();
    return parts;
  }
  parts = splitAtPoint(s);
  if (s.digits == "0")
    parts.fraction.clear();
  // A whole number shows all its digits, not the shortest ones padded with
  // zeros (f32 99999992 prints as "99999992.", not "99999990.").
  if (parts.fraction.empty() && s.digits != "0") {
    char buffer[400];
    std::snprintf(buffer, sizeof(buffer), "%.0f", std::fabs(toDouble(v)));
    parts.integer = buffer;
  }
  return parts;
}

/// Scientific digits of |v|: d.ddd with at most `kPrecision` after the
/// point, trailing zeros dropped.
template <typename T> Parts scientific(T v) {
  Shortest s = shortestDigits(v);
  if (int(s.digits.size()) - 1 > kPrecision) {
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), "%.*e", kPrecision,
                  std::fabs(toDouble(v)));
    s = parseScientific(buffer);
  }
  Parts parts;
  parts.integer = s.digits.substr(0, 1);
  parts.fraction = s.digits.size() > 1 ? s.digits.substr(1) : "";
  parts.exponent = s.digits == "0" ? 0 : s.exponent;
  return parts;
}

std::string exponentText(int exponent, int minDigits) {
  std::string digits = std::to_string(std::abs(exponent));
  if (int(digits.size()) < minDigits)
    digits.insert(0, minDigits - digits.size(), '0');
  return std::string(exponent < 0 ? "e-" : "e+") + digits;
}

/// NumPy's FloatingFormat: the layout shared by the elements of one array.
template <typename T> class FloatFormat {
public:
  explicit FloatFormat(const std::vector<T> &values) {
    std::vector<double> finite;
    for (T v : values)
      if (std::isfinite(toDouble(v)))
        finite.push_back(toDouble(v));
    double largest = 0, smallest = INFINITY;
    for (double v : finite)
      if (v != 0) {
        largest = std::max(largest, std::fabs(v));
        smallest = std::min(smallest, std::fabs(v));
      }
    exp = largest != 0 &&
          (largest >= 1e8 || smallest < 1e-4 || largest / smallest > 1000.);
    for (T v : values) {
      double d = toDouble(v);
      if (!std::isfinite(d))
        continue;
      Parts p = exp ? scientific(v) : positional(v);
      size_t integer = p.integer.size() + (std::signbit(d) ? 1 : 0);
      padLeft = std::max(padLeft, integer);
      fractionDigits = std::max(fractionDigits, p.fraction.size());
      if (exp) // at least two exponent digits, as in C's %e
        expDigits = std::max(
            {expDigits, 2, int(std::to_string(std::abs(p.exponent)).size())});
    }
    padRight = exp ? size_t(expDigits) + 2 + fractionDigits : fractionDigits;
    if (finite.size() != values.size()) {
      bool negativeInf = false;
      for (T v : values)
        negativeInf |= std::isinf(toDouble(v)) && toDouble(v) < 0;
      size_t offset = padRight + 1;
      size_t nanLength = 3, infLength = 3 + (negativeInf ? 1 : 0);
      if (nanLength > offset)
        padLeft = std::max(padLeft, nanLength - offset);
      if (infLength > offset)
        padLeft = std::max(padLeft, infLength - offset);
    }
  }

  std::string operator()(T v) const {
    double d = toDouble(v);
    if (!std::isfinite(d)) {
      std::string text = std::isnan(d) ? "nan" : d < 0 ? "-inf" : "inf";
      size_t width = padLeft + padRight + 1;
      return std::string(width > text.size() ? width - text.size() : 0, ' ') +
             text;
    }
    Parts p = exp ? scientific(v) : positional(v);
    std::string integer = (std::signbit(d) ? "-" : "") + p.integer;
    std::string text(padLeft > integer.size() ? padLeft - integer.size() : 0,
                     ' ');
    text += integer + ".";
    if (exp) {
      p.fraction.append(fractionDigits - p.fraction.size(), '0');
      return text + p.fraction + exponentText(p.exponent, expDigits);
    }
    return text + p.fraction + std::string(padRight - p.fraction.size(), ' ');
  }

private:
  bool exp = false;
  size_t padLeft = 0, padRight = 0, fractionDigits = 0;
  int expDigits = 0;
};

/// str() of a NumPy float scalar: shortest digits, positional with at
/// least one fraction digit for 1e-4 <= |v| < 1e16, else scientific
/// without a trailing point ("1e-05", "1.5e+16").
template <typename T> std::string floatScalar(T v) {
  double d = toDouble(v);
  if (std::isnan(d))
    return "nan";
  if (std::isinf(d))
    return d < 0 ? "-inf" : "inf";
  std::string sign = std::signbit(d) ? "-" : "";
  double magnitude = std::fabs(d);
  Shortest s = shortestDigits(v);
  if (magnitude == 0 || (magnitude >= 1e-4 && magnitude < 1e16)) {
    Parts p = splitAtPoint(s);
    if (magnitude == 0 || p.fraction.empty())
      p.fraction = "0";
    return sign + p.integer + "." + p.fraction;
  }
  std::string mantissa = s.digits.substr(0, 1);
  if (s.digits.size() > 1)
    mantissa += "." + s.digits.substr(1);
  return sign + mantissa + exponentText(s.exponent, 2);
}

template <typename T> struct IsFloat : std::false_type {};
template <> struct IsFloat<float> : std::true_type {};
template <> struct IsFloat<double> : std::true_type {};
template <> struct IsFloat<Half> : std::true_type {};

/// An integer's decimal digits, unsigned types as unsigned.
template <typename T> std::string integerText(T v) {
  if constexpr (std::is_unsigned_v<T>)
    return std::to_string(uint64_t(v));
  else
    return std::to_string(int64_t(v));
}

/// The element formatter of one array (NumPy's format function).
template <typename T> class ElementFormat {
public:
  explicit ElementFormat(const std::vector<T> &values) {
    if constexpr (IsFloat<T>::value) {
      floats.emplace_back(values);
    } else if constexpr (!std::is_same_v<T, bool>) {
      for (T v : values)
        width = std::max(width, integerText(v).size());
    }
  }
  std::string operator()(T v) const {
    if constexpr (IsFloat<T>::value) {
      return floats.front()(v);
    } else if constexpr (std::is_same_v<T, bool>) {
      return v ? " True" : "False";
    } else {
      std::string text = integerText(v);
      return std::string(width - text.size(), ' ') + text;
    }
  }

private:
  std::vector<FloatFormat<T>> floats; // empty unless T is a float type
  size_t width = 0;
};

template <typename T> class ArrayPrinter {
public:
  explicit ArrayPrinter(const MemRefView<T> &m) : m(m) {
    int64_t size = 1;
    for (int64_t d = 0; d < m.rank; ++d)
      size *= m.sizes[d];
    summarize = size > kThreshold;
    std::vector<T> shown;
    collect(0, m.offset, shown);
    format.emplace_back(shown);
  }

  std::string str() const { return recurse(0, m.offset, " ", kLineWidth); }

private:
  bool summarized(int64_t dim) const {
    return summarize && m.sizes[dim] > 2 * kEdgeItems;
  }

  /// The values that are shown (NumPy sizes its layout from those only).
  void collect(int64_t dim, int64_t offset, std::vector<T> &out) const {
    if (dim == m.rank) {
      out.push_back(m.aligned[offset]);
      return;
    }
    for (int64_t i = 0; i < m.sizes[dim]; ++i) {
      if (summarized(dim) && i == kEdgeItems)
        i = m.sizes[dim] - kEdgeItems;
      collect(dim + 1, offset + i * m.strides[dim], out);
    }
  }

  /// numpy's _extendLine: wraps before `word` when the line would grow
  /// past `width` (unless wrapping would not help).
  static void extendLine(std::string &s, std::string &line,
                         const std::string &word, size_t width,
                         const std::string &indent) {
    if (line.size() + word.size() > width && line.size() > indent.size()) {
      size_t end = line.find_last_not_of(' ');
      s += line.substr(0, end == std::string::npos ? 0 : end + 1) + "\n";
      line = indent;
    }
    line += word;
  }

  std::string recurse(int64_t dim, int64_t offset, const std::string &indent,
                      size_t width) const {
    if (dim == m.rank)
      return format.front()(m.aligned[offset]);
    std::string nextIndent = indent + " ";
    size_t nextWidth = width - 1; // room for ']'
    int64_t size = m.sizes[dim];
    bool summary = summarized(dim);
    // NumPy's split: without a summary, every item but the last is a
    // "trailing" one.
    int64_t leading = summary ? kEdgeItems : 0;
    int64_t trailing = summary ? kEdgeItems : size;
    auto item = [&](int64_t i) {
      return recurse(dim + 1, offset + i * m.strides[dim], nextIndent,
                     nextWidth);
    };
    std::string s;
    if (m.rank - dim == 1) {
      size_t elementWidth = width - 1;
      std::string line = indent;
      for (int64_t i = 0; i < leading; ++i) {
        extendLine(s, line, item(i), elementWidth, indent);
        line += " ";
      }
      if (summary) {
        extendLine(s, line, "...", elementWidth, indent);
        line += " ";
      }
      for (int64_t i = trailing; i > 1; --i) {
        extendLine(s, line, item(size - i), elementWidth, indent);
        line += " ";
      }
      extendLine(s, line, item(size - 1), elementWidth, indent);
      s += line;
    } else {
      // Rows end with a newline, blocks of rows with a blank line.
      std::string separator(size_t(m.rank - dim - 1), '\n');
      for (int64_t i = 0; i < leading; ++i)
        s += indent + item(i) + separator;
      if (summary)
        s += indent + "..." + separator;
      for (int64_t i = trailing; i > 1; --i)
        s += indent + item(size - i) + separator;
      s += indent + item(size - 1);
    }
    return "[" + s.substr(std::min(indent.size(), s.size())) + "]";
  }

  const MemRefView<T> &m;
  bool summarize = false;
  std::vector<ElementFormat<T>> format;
};

template <typename T> std::string numpyStr(const MemRefView<T> &m) {
  if (m.rank == 0) {
    T v = m.aligned[m.offset];
    if constexpr (IsFloat<T>::value)
      return floatScalar(v);
    else if constexpr (std::is_same_v<T, bool>)
      return v ? "True" : "False";
    else
      return integerText(v);
  }
  for (int64_t d = 0; d < m.rank; ++d)
    if (m.sizes[d] == 0)
      return "[]";
  return ArrayPrinter<T>(m).str();
}

} // namespace

namespace {
// What follows a printed value: `last` is 1 for the last argument (a
// newline), 0 for the others (a space), 2 inside a tuple (nothing).
void endPrinted(int32_t last) {
  if (last == 1)
    std::cout << '\n' << std::flush;
  else if (last == 0)
    std::cout << ' ';
}
} // namespace

// print(a, b, ...) calls one of these per argument.
#define IMEXRT_PRINT_NDA(SUFFIX, TYPE)                                         \
  extern "C" __attribute__((visibility("default"))) void                       \
  imexrtPrintNda##SUFFIX(int64_t rank, void *descriptor, int32_t last) {       \
    MemRefView<TYPE> m(UnrankedMemRef{rank, descriptor});                      \
    std::cout << numpyStr(m);                                                  \
    endPrinted(last);                                                          \
  }

IMEXRT_PRINT_NDA(I1, bool)
IMEXRT_PRINT_NDA(I8, int8_t)
IMEXRT_PRINT_NDA(I16, int16_t)
IMEXRT_PRINT_NDA(I32, int32_t)
IMEXRT_PRINT_NDA(I64, int64_t)
IMEXRT_PRINT_NDA(U8, uint8_t)
IMEXRT_PRINT_NDA(U16, uint16_t)
IMEXRT_PRINT_NDA(U32, uint32_t)
IMEXRT_PRINT_NDA(U64, uint64_t)
IMEXRT_PRINT_NDA(Ind, int64_t)
IMEXRT_PRINT_NDA(F16, Half)
IMEXRT_PRINT_NDA(F32, float)
IMEXRT_PRINT_NDA(F64, double)

#undef IMEXRT_PRINT_NDA

// print() of a tuple of scalars: "(" (0), ", " (1), ",)" (2) or ")" (3)
// around its elements' printers.
extern "C" __attribute__((visibility("default"))) void
imexrtPrintNdaTuplePart(int32_t part, int32_t last) {
  static const char *const parts[] = {"(", ", ", ",)", ")"};
  if (part >= 0 && part < 4)
    std::cout << parts[part];
  endPrinted(last);
}

// print() without arguments.
extern "C" __attribute__((visibility("default"))) void imexrtPrintNdaNewline() {
  std::cout << '\n' << std::flush;
}
