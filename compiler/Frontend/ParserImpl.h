//===- ParserImpl.h - the .nda parser's class -------------------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the parser: the recursive-descent parser over the lexer's
// tokens (Lexer.h), following Python's grammar for the supported subset.
// Parser.cpp parses the module, functions and statements; ParseExpr.cpp
// the expressions.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_FRONTEND_PARSERIMPL_H
#define IMEX_FRONTEND_PARSERIMPL_H

#include "AST.h"
#include "Diagnostics.h"
#include "Lexer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <cerrno>
#include <cstdlib>

namespace imex::nda {

using llvm::SMLoc;
using llvm::StringRef;

/// Thrown-free error propagation: a failed parse returns null and has
/// reported one error; the statement loop then resynchronizes.
class Parser {
public:
  Parser(std::vector<Token> tokens, DiagEngine &diags)
      : tokens(std::move(tokens)), diags(diags) {}

  std::unique_ptr<Module> parseModule();

private:
  /// `import numpy` or `import numpy as <alias>`: NumPy's functions and
  /// constants, named `<alias>.x`, are the language's builtins (so that
  /// NumPy code needs fewer edits). Nothing else can be imported.
  void parseImport(Module &module);

  /// What a decorator line says.
  struct Decorator {
    bool gpu = false;
    std::string device = "XeGPU";
    bool distributed = false;
    int64_t axis = 0;
  };

  /// `@gpu`, `@gpu(device="name")`, `@distributed` or
  /// `@distributed(axis=k)`; reports an error and returns false otherwise.
  bool parseDecorator(Decorator &decorator);

  const Token &cur() const { return tokens[pos]; }
  bool at(Token::Kind kind) const { return cur().kind == kind; }
  bool isOp(StringRef op, unsigned ahead = 0) const {
    const Token &t = tokens[std::min(pos + ahead, (unsigned)tokens.size() - 1)];
    return t.kind == Token::Op && t.text == op;
  }
  bool atName(StringRef name) const {
    return at(Token::Name) && cur().text == name;
  }
  std::string describe(const Token &t) const;
  bool expectOp(StringRef op) {
    if (isOp(op)) {
      ++pos;
      return true;
    }
    diags.error(cur().loc, "expected '" + op + "', found " + describe(cur()));
    return false;
  }
  bool expect(Token::Kind kind, StringRef what) {
    if (at(kind)) {
      ++pos;
      return true;
    }
    diags.error(cur().loc, "expected " + what + ", found " + describe(cur()));
    return false;
  }
  /// Skips to the token after the next NEWLINE.
  void skipLine() {
    while (!at(Token::End) && !at(Token::Newline)) {
      if (at(Token::Indent)) // a nested block belongs to the broken line
        return;
      ++pos;
    }
    if (at(Token::Newline))
      ++pos;
  }
  /// Skips an INDENT ... DEDENT block (nested blocks included).
  void skipBlock() {
    int level = 0;
    do {
      if (at(Token::Indent))
        ++level;
      else if (at(Token::Dedent))
        --level;
      ++pos;
    } while (level > 0 && !at(Token::End));
  }

  std::optional<std::string> parseName(StringRef what) {
    if (!at(Token::Name) || isKeyword(cur().text)) {
      diags.error(cur().loc, "expected " + what + ", found " + describe(cur()));
      return std::nullopt;
    }
    return tokens[pos++].text.str();
  }

  std::optional<TypeSpec> parseType();

  std::unique_ptr<FuncDef> parseFunction();

  /// `: NEWLINE INDENT stmts DEDENT` (the ':' is already consumed) or a
  /// simple statement on the same line.
  bool parseSuite(StmtList &block);

  StmtPtr parseStatement();

  /// Recovery inside a compound statement header: skip the line and its
  /// block.
  void skipCompound() {
    skipLine();
    if (at(Token::Indent))
      skipBlock();
  }

  StmtPtr parseIf();

  /// Python's `for ...: ... else:` is not part of the language.
  void rejectLoopElse() {
    if (!atName("else"))
      return;
    diags.error(cur().loc, "'else' after a loop is not supported");
    skipCompound();
  }

  StmtPtr parseSimpleStatement();

  StmtPtr parseSimpleStatementBody();

  /// expr (',' expr)* [','] -- a tuple when there is a comma.
  ExprPtr parseExprList();

  /// A binary node is located at its left operand (errors point at the
  /// start of the expression).
  ExprPtr binary(StringRef op, SMLoc, ExprPtr lhs, ExprPtr rhs);

  ExprPtr parseExpr();

  /// `then if cond else other` (right-associative, below `or`).
  ExprPtr parseConditional();

  ExprPtr parseOr();

  ExprPtr parseAnd();

  ExprPtr parseNot();

  bool atCompare() const;

  ExprPtr parseComparison();

  /// `|`, then `^`, then `&` (Python's precedence, between the comparisons
  /// and `+`): `level` is the operator's index in that order.
  ExprPtr parseBitwise(unsigned level = 0);

  ExprPtr parseArith();

  ExprPtr parseTerm();

  ExprPtr parseFactor();

  ExprPtr parsePostfix();

  ExprPtr parseSubscriptItem();

  ExprPtr parseAtom();

  /// Limits that keep the parser's and the lowering's recursion within
  /// the stack (documented in docs/array-language.md): Python allows fewer.
  static constexpr unsigned kMaxExpressionDepth = 1000, kMaxBlockDepth = 100;

  /// Counts one level of `depth` for its lifetime; past `limit` it reports
  /// `problem` (once per statement) and tooDeep() is true.
  class NestingGuard {
  public:
    NestingGuard(Parser &parser, unsigned &depth, unsigned limit,
                 const char *problem)
        : depth(depth), exceeded(++depth > limit) {
      if (exceeded && !parser.reportedDepth) {
        parser.reportedDepth = true;
        parser.diags.error(parser.cur().loc,
                           std::string(problem) + " (more than " +
                               std::to_string(limit) + " levels)");
      }
    }
    ~NestingGuard() { --depth; }
    bool tooDeep() const { return exceeded; }

  private:
    unsigned &depth;
    bool exceeded;
  };

  std::vector<Token> tokens;
  DiagEngine &diags;
  unsigned pos = 0;
  unsigned expressionDepth = 0, blockDepth = 0;
  /// Set once a nesting limit was reported in a statement, so one error
  /// stands for it.
  bool reportedDepth = false;
};

} // namespace imex::nda

#endif
