//===- Lexer.h - tokens of the .nda array language --------------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the frontend. The lexer turns the source into tokens with
// Python-style NEWLINE, INDENT and DEDENT tokens (newlines inside brackets
// are ignored).
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_FRONTEND_LEXER_H
#define IMEX_FRONTEND_LEXER_H

#include "Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <vector>

namespace imex::nda {

using llvm::SMLoc;
using llvm::StringRef;

struct Token {
  enum Kind { Name, Int, Float, String, Op, Newline, Indent, Dedent, End };
  Kind kind;
  StringRef text;
  SMLoc loc;
  int64_t intValue = 0;
  double floatValue = 0;
};

inline bool isKeyword(StringRef s) {
  static const char *const keywords[] = {
      "def",    "return", "if",     "elif", "else",  "for",
      "in",     "while",  "pass",   "del",  "and",   "or",
      "not",    "True",   "False",  "None", "break", "continue",
      "lambda", "class",  "import", "from"};
  for (const char *k : keywords)
    if (s == k)
      return true;
  return false;
}

class Lexer {
public:
  Lexer(StringRef text, DiagEngine &diags) : text(text), diags(diags) {}

  std::vector<Token> lex() {
    const char *p = text.begin(), *end = text.end();
    // A UTF-8 byte-order mark, as some editors write, is not text.
    if (text.starts_with("\xEF\xBB\xBF"))
      p += 3;
    std::vector<unsigned> indents = {0};
    int depth = 0;
    bool lineStart = true;
    auto loc = [](const char *at) { return SMLoc::getFromPointer(at); };
    auto push = [&](Token::Kind kind, const char *begin, const char *stop) {
      tokens.push_back({kind, StringRef(begin, stop - begin), loc(begin)});
    };
    while (p < end) {
      if (lineStart && depth == 0) {
        const char *q = p;
        unsigned column = 0;
        bool tab = false;
        while (q < end && (*q == ' ' || *q == '\t')) {
          if (*q == '\t') {
            tab = true;
            column = (column / 8 + 1) * 8;
          } else {
            ++column;
          }
          ++q;
        }
        if (q == end)
          break;
        if (*q == '\n' || *q == '\r' || *q == '#') { // blank/comment line
          while (q < end && *q != '\n')
            ++q;
          p = q < end ? q + 1 : q;
          continue;
        }
        lineStart = false;
        if (tab)
          diags.error(loc(p), "tab characters are not allowed in indentation");
        if (column > indents.back()) {
          indents.push_back(column);
          push(Token::Indent, q, q);
        } else {
          while (column < indents.back()) {
            indents.pop_back();
            push(Token::Dedent, q, q);
          }
          if (column != indents.back()) {
            diags.error(loc(q), "unindent does not match any outer "
                                "indentation level");
            indents.push_back(column);
          }
        }
        p = q;
        continue;
      }
      char c = *p;
      if (c == '\n') {
        if (depth == 0) {
          push(Token::Newline, p, p);
          lineStart = true;
        }
        ++p;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
        ++p;
        continue;
      }
      if (c == '#') {
        while (p < end && *p != '\n')
          ++p;
        continue;
      }
      if (c == '\\' && p + 1 < end && p[1] == '\n') {
        p += 2;
        continue;
      }
      if (llvm::isDigit(c) ||
          (c == '.' && p + 1 < end && llvm::isDigit(p[1]))) {
        lexNumber(p, end);
        continue;
      }
      if (llvm::isAlpha(c) || c == '_') {
        const char *q = p;
        while (q < end && (llvm::isAlnum(*q) || *q == '_'))
          ++q;
        push(Token::Name, p, q);
        p = q;
        continue;
      }
      if (c == '"' || c == '\'') {
        const char *q = p + 1;
        while (q < end && *q != c && *q != '\n')
          ++q;
        if (q == end || *q != c) {
          diags.error(loc(p), "unterminated string literal");
          p = q;
          continue;
        }
        tokens.push_back({Token::String, StringRef(p + 1, q - p - 1), loc(p)});
        p = q + 1;
        continue;
      }
      static const char *const ops[] = {
          "**=", "//=", "->", "**", "//", "<=", ">=", "==",  "!=", "+=",
          "-=",  "*=",  "/=", "%=", "@=", "&=", "|=", "^=",  "+",  "-",
          "*",   "/",   "%",  "@",  "&",  "|",  "^",  "~",   "<",  ">",
          "=",   "(",   ")",  "[",  "]",  ",",  ":",  "...", ".",  "?"};
      bool matched = false;
      for (const char *op : ops) {
        size_t n = strlen(op);
        if (StringRef(p, end - p).starts_with(op)) {
          if (*op == '(' || *op == '[')
            ++depth;
          else if ((*op == ')' || *op == ']') && depth > 0)
            --depth;
          push(Token::Op, p, p + n);
          p += n;
          matched = true;
          break;
        }
      }
      if (!matched) {
        if ((unsigned char)c >= 0x80) {
          p += reportNonASCII(p, end);
          continue;
        }
        if (!llvm::isPrint(c))
          diags.error(loc(p), "invalid character in source");
        else
          diags.error(loc(p), "invalid character '" + std::string(1, c) + "'");
        ++p;
      }
    }
    const char *last = end;
    if (!tokens.empty() && tokens.back().kind != Token::Newline &&
        tokens.back().kind != Token::Dedent)
      push(Token::Newline, last, last);
    while (indents.size() > 1) {
      indents.pop_back();
      push(Token::Dedent, last, last);
    }
    push(Token::End, last, last);
    return std::move(tokens);
  }

private:
  /// One error for the UTF-8 character at `p` (names and operators are
  /// ASCII; comments may hold any text); returns its length in bytes.
  size_t reportNonASCII(const char *p, const char *end) {
    unsigned char lead = *p;
    size_t length = lead >= 0xF0 && lead < 0xF8   ? 4
                    : lead >= 0xE0 && lead < 0xF0 ? 3
                    : lead >= 0xC2 && lead < 0xE0 ? 2
                                                  : 0;
    bool valid = length != 0 && size_t(end - p) >= length;
    for (size_t i = 1; valid && i < length; ++i)
      valid = (static_cast<unsigned char>(p[i]) & 0xC0) == 0x80;
    if (!valid) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", lead);
      diags.error(SMLoc::getFromPointer(p),
                  std::string("invalid UTF-8 byte ") + hex + " in source");
      return 1;
    }
    uint32_t code = lead & (0x7F >> length);
    for (size_t i = 1; i < length; ++i)
      code = (code << 6) | (p[i] & 0x3F);
    char point[16];
    std::snprintf(point, sizeof point, "U+%04X", unsigned(code));
    diags.error(SMLoc::getFromPointer(p),
                "non-ASCII character '" + std::string(p, length) + "' (" +
                    point + "): names and operators are ASCII");
    return length;
  }

  void lexNumber(const char *&p, const char *end) {
    const char *q = p;
    bool isFloat = false;
    while (q < end && (llvm::isDigit(*q) || *q == '_'))
      ++q;
    if (q < end && *q == '.') {
      isFloat = true;
      ++q;
      while (q < end && (llvm::isDigit(*q) || *q == '_'))
        ++q;
    }
    if (q < end && (*q == 'e' || *q == 'E')) {
      const char *r = q + 1;
      if (r < end && (*r == '+' || *r == '-'))
        ++r;
      if (r < end && llvm::isDigit(*r)) {
        isFloat = true;
        q = r;
        while (q < end && llvm::isDigit(*q))
          ++q;
      }
    }
    if (q < end && (llvm::isAlpha(*q) || *q == '_')) {
      diags.error(SMLoc::getFromPointer(p), "invalid numeric literal");
      while (q < end && (llvm::isAlnum(*q) || *q == '_'))
        ++q;
      p = q;
      return;
    }
    std::string digits;
    for (const char *r = p; r < q; ++r)
      if (*r != '_')
        digits += *r;
    Token token{isFloat ? Token::Float : Token::Int, StringRef(p, q - p),
                SMLoc::getFromPointer(p)};
    if (isFloat) {
      token.floatValue = std::strtod(digits.c_str(), nullptr);
    } else {
      errno = 0;
      unsigned long long v = std::strtoull(digits.c_str(), nullptr, 10);
      if (errno == ERANGE || v > (unsigned long long)INT64_MAX)
        diags.error(token.loc, "integer literal is too large for i64");
      token.intValue = (int64_t)v;
    }
    tokens.push_back(token);
    p = q;
  }

  StringRef text;
  DiagEngine &diags;
  std::vector<Token> tokens;
};

} // namespace imex::nda

#endif
