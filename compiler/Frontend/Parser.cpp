//===- Parser.cpp - parser of the .nda array language ---------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A recursive-descent parser over the lexer's tokens (Lexer.h) following
// Python's grammar for the supported subset.
//
//===----------------------------------------------------------------------===//

#include "Parser.h"
#include "Lexer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <cerrno>
#include <cstdlib>

using llvm::SMLoc;
using llvm::StringRef;

namespace imex::nda {

namespace {

//===----------------------------------------------------------------------===//
// Parser
//===----------------------------------------------------------------------===//

/// Thrown-free error propagation: a failed parse returns null and has
/// reported one error; the statement loop then resynchronizes.
class Parser {
public:
  Parser(std::vector<Token> tokens, DiagEngine &diags)
      : tokens(std::move(tokens)), diags(diags) {}

  std::unique_ptr<Module> parseModule() {
    auto module = std::make_unique<Module>();
    while (!at(Token::End) && !diags.tooMany()) {
      if (at(Token::Newline)) {
        ++pos;
        continue;
      }
      if (at(Token::Indent)) {
        diags.error(cur().loc, "unexpected indent");
        skipBlock();
        continue;
      }
      if (at(Token::Dedent)) {
        ++pos;
        continue;
      }
      if (atName("import")) {
        parseImport(*module);
        continue;
      }
      Decorator decorator;
      SMLoc decoratorLoc = cur().loc;
      if (isOp("@")) {
        if (!parseDecorator(decorator)) {
          skipLine();
          continue;
        }
        if (!expect(Token::Newline, "a newline after the decorator")) {
          skipLine();
          continue;
        }
        while (at(Token::Newline))
          ++pos;
      }
      bool decorated = decorator.gpu || decorator.distributed;
      if (!atName("def")) {
        diags.error(decorated ? decoratorLoc : cur().loc,
                    decorated ? "a decorator must be followed by a function "
                                "definition"
                              : "expected a function definition ('def') at "
                                "the top level");
        skipLine();
        if (at(Token::Indent))
          skipBlock();
        continue;
      }
      if (auto func = parseFunction()) {
        func->gpu = decorator.gpu;
        func->device = decorator.device;
        func->distributed = decorator.distributed;
        func->distributedAxis = decorator.axis;
        module->functions.push_back(std::move(func));
      }
    }
    return module;
  }

private:
  /// `import numpy` or `import numpy as <alias>`: NumPy's functions and
  /// constants, named `<alias>.x`, are the language's builtins (so that
  /// NumPy code needs fewer edits). Nothing else can be imported.
  void parseImport(Module &module) {
    SMLoc importLoc = cur().loc;
    ++pos;
    std::optional<std::string> name = parseName("a module name after 'import'");
    if (!name) {
      skipLine();
      return;
    }
    std::string alias = *name;
    if (atName("as")) {
      ++pos;
      std::optional<std::string> as = parseName("a name after 'as'");
      if (!as) {
        skipLine();
        return;
      }
      alias = *as;
    }
    if (*name != "numpy") {
      diags.error(importLoc, "only 'import numpy' (as np) is supported: the "
                             "language's builtins are NumPy's");
      skipLine();
      return;
    }
    module.numpyAliases.push_back(alias);
    if (!at(Token::Newline) && !at(Token::End)) {
      diags.error(cur().loc, "expected end of line after the import");
      skipLine();
    }
  }

  /// What a decorator line says.
  struct Decorator {
    bool gpu = false;
    std::string device = "XeGPU";
    bool distributed = false;
    int64_t axis = 0;
  };

  /// `@gpu`, `@gpu(device="name")`, `@distributed` or
  /// `@distributed(axis=k)`; reports an error and returns false otherwise.
  bool parseDecorator(Decorator &decorator) {
    ++pos; // @
    bool gpu = atName("gpu");
    if (!gpu && !atName("distributed")) {
      diags.error(cur().loc,
                  "unknown decorator (expected '@gpu' or '@distributed')");
      return false;
    }
    ++pos;
    decorator.gpu = gpu;
    decorator.distributed = !gpu;
    if (!isOp("("))
      return true;
    ++pos;
    StringRef key = gpu ? "device" : "axis";
    Token::Kind valueKind = gpu ? Token::String : Token::Int;
    if (!atName(key) || !isOp("=", 1) || tokens[pos + 2].kind != valueKind) {
      diags.error(cur().loc, gpu ? "expected device=\"name\" in '@gpu(...)'"
                                 : "expected axis=<integer> in "
                                   "'@distributed(...)'");
      return false;
    }
    if (gpu)
      decorator.device = tokens[pos + 2].text.str();
    else
      decorator.axis = tokens[pos + 2].intValue;
    pos += 3;
    return expectOp(")");
  }

  const Token &cur() const { return tokens[pos]; }
  bool at(Token::Kind kind) const { return cur().kind == kind; }
  bool isOp(StringRef op, unsigned ahead = 0) const {
    const Token &t = tokens[std::min(pos + ahead, (unsigned)tokens.size() - 1)];
    return t.kind == Token::Op && t.text == op;
  }
  bool atName(StringRef name) const {
    return at(Token::Name) && cur().text == name;
  }
  std::string describe(const Token &t) const {
    switch (t.kind) {
    case Token::Newline:
      return "end of line";
    case Token::Indent:
      return "indent";
    case Token::Dedent:
      return "dedent";
    case Token::End:
      return "end of file";
    case Token::String:
      return "string literal";
    default:
      return ("'" + t.text + "'").str();
    }
  }
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

  std::optional<TypeSpec> parseType() {
    TypeSpec type;
    type.loc = cur().loc;
    if (!at(Token::Name)) {
      diags.error(cur().loc, "expected a type, found " + describe(cur()));
      return std::nullopt;
    }
    auto kind = scalarKindFromName(cur().text);
    if (!kind) {
      diags.error(cur().loc, "unknown type '" + cur().text + "'");
      return std::nullopt;
    }
    ++pos;
    type.elem = *kind;
    if (!isOp("["))
      return type;
    ++pos;
    type.isArray = true;
    while (true) {
      DimSpec dim;
      dim.loc = cur().loc;
      if (at(Token::Int)) {
        dim.kind = DimSpec::Static;
        dim.size = cur().intValue;
        ++pos;
      } else if (isOp("?")) {
        dim.kind = DimSpec::Dynamic;
        ++pos;
      } else if (at(Token::Name) && !isKeyword(cur().text)) {
        dim.kind = DimSpec::Named;
        dim.name = cur().text.str();
        ++pos;
      } else {
        diags.error(cur().loc, "expected a dimension (integer, name or '?'), "
                               "found " +
                                   describe(cur()));
        return std::nullopt;
      }
      type.dims.push_back(std::move(dim));
      if (isOp(",")) {
        ++pos;
        continue;
      }
      if (!expectOp("]"))
        return std::nullopt;
      break;
    }
    return type;
  }

  std::unique_ptr<FuncDef> parseFunction() {
    auto func = std::make_unique<FuncDef>();
    func->loc = cur().loc;
    ++pos; // def
    auto fail = [&]() -> std::unique_ptr<FuncDef> {
      skipLine();
      if (at(Token::Indent))
        skipBlock();
      return nullptr;
    };
    auto name = parseName("a function name");
    if (!name)
      return fail();
    func->name = *name;
    func->loc = tokens[pos - 1].loc;
    if (!expectOp("("))
      return fail();
    while (!isOp(")")) {
      Param param;
      param.loc = cur().loc;
      auto pname = parseName("a parameter name");
      if (!pname)
        return fail();
      param.name = *pname;
      if (!isOp(":")) {
        diags.error(cur().loc,
                    "parameter '" + param.name + "' needs a type annotation");
        return fail();
      }
      ++pos;
      auto type = parseType();
      if (!type)
        return fail();
      param.type = *type;
      func->params.push_back(std::move(param));
      if (isOp(","))
        ++pos;
      else if (!isOp(")")) {
        diags.error(cur().loc, "expected ',' or ')' in the parameter list, "
                               "found " +
                                   describe(cur()));
        return fail();
      }
    }
    ++pos;
    if (isOp("->")) {
      ++pos;
      if (isOp("(")) {
        ++pos;
        func->hasResultTuple = true;
        while (true) {
          auto type = parseType();
          if (!type)
            return fail();
          func->results.push_back(*type);
          if (isOp(",")) {
            ++pos;
            continue;
          }
          if (!expectOp(")"))
            return fail();
          break;
        }
      } else {
        auto type = parseType();
        if (!type)
          return fail();
        func->results.push_back(*type);
      }
    }
    if (!expectOp(":"))
      return fail();
    if (!parseSuite(func->body))
      return nullptr;
    return func;
  }

  /// `: NEWLINE INDENT stmts DEDENT` (the ':' is already consumed) or a
  /// simple statement on the same line.
  bool parseSuite(StmtList &block) {
    NestingGuard nested(*this, blockDepth, kMaxBlockDepth,
                        "blocks nested too deeply");
    if (nested.tooDeep())
      return false;
    if (!at(Token::Newline)) {
      if (auto stmt = parseSimpleStatement())
        block.push_back(std::move(stmt));
      return true;
    }
    ++pos;
    if (!at(Token::Indent)) {
      diags.error(cur().loc, "expected an indented block");
      return false;
    }
    ++pos;
    while (!at(Token::Dedent) && !at(Token::End) && !diags.tooMany()) {
      if (at(Token::Indent)) {
        diags.error(cur().loc, "unexpected indent");
        skipBlock();
        continue;
      }
      if (auto stmt = parseStatement())
        block.push_back(std::move(stmt));
    }
    if (at(Token::Dedent))
      ++pos;
    return true;
  }

  StmtPtr parseStatement() {
    reportedDepth = false;
    if (atName("if"))
      return parseIf();
    if (atName("for")) {
      auto stmt = std::make_unique<Stmt>(Stmt::For, cur().loc);
      ++pos;
      SMLoc varLoc = cur().loc;
      auto var = parseName("a loop variable");
      if (!var) {
        skipCompound();
        return nullptr;
      }
      auto target = std::make_unique<Expr>(Expr::Name, varLoc);
      target->name = *var;
      stmt->targets.push_back(std::move(target));
      if (!atName("in")) {
        diags.error(cur().loc, "expected 'in', found " + describe(cur()));
        skipCompound();
        return nullptr;
      }
      ++pos;
      if (!atName("range")) {
        diags.error(cur().loc, "for loops iterate over 'range(...)' only");
        skipCompound();
        return nullptr;
      }
      ++pos;
      if (!expectOp("(")) {
        skipCompound();
        return nullptr;
      }
      while (!isOp(")")) {
        auto arg = parseExpr();
        if (!arg) {
          skipCompound();
          return nullptr;
        }
        stmt->rangeArgs.push_back(std::move(arg));
        if (isOp(","))
          ++pos;
        else if (!isOp(")")) {
          diags.error(cur().loc,
                      "expected ',' or ')', found " + describe(cur()));
          skipCompound();
          return nullptr;
        }
      }
      ++pos;
      if (stmt->rangeArgs.empty() || stmt->rangeArgs.size() > 3) {
        diags.error(stmt->loc, "range() takes 1 to 3 arguments");
      }
      if (!expectOp(":") || !parseSuite(stmt->body)) {
        skipCompound();
        return nullptr;
      }
      rejectLoopElse();
      return stmt;
    }
    if (atName("while")) {
      auto stmt = std::make_unique<Stmt>(Stmt::While, cur().loc);
      ++pos;
      stmt->value = parseExpr();
      if (!stmt->value || !expectOp(":") || !parseSuite(stmt->body)) {
        skipCompound();
        return nullptr;
      }
      rejectLoopElse();
      return stmt;
    }
    if (atName("def")) {
      diags.error(cur().loc, "nested function definitions are not supported");
      skipCompound();
      return nullptr;
    }
    if (atName("elif") || atName("else")) {
      diags.error(cur().loc, "'" + cur().text + "' without a matching 'if'");
      skipCompound();
      return nullptr;
    }
    return parseSimpleStatement();
  }

  /// Recovery inside a compound statement header: skip the line and its
  /// block.
  void skipCompound() {
    skipLine();
    if (at(Token::Indent))
      skipBlock();
  }

  StmtPtr parseIf() {
    auto stmt = std::make_unique<Stmt>(Stmt::If, cur().loc);
    ++pos; // if / elif
    stmt->value = parseExpr();
    if (!stmt->value || !expectOp(":") || !parseSuite(stmt->body)) {
      skipCompound();
      return nullptr;
    }
    if (atName("elif")) {
      if (auto nested = parseIf())
        stmt->orelse.push_back(std::move(nested));
    } else if (atName("else")) {
      ++pos;
      if (!expectOp(":") || !parseSuite(stmt->orelse)) {
        skipCompound();
        return nullptr;
      }
    }
    return stmt;
  }

  /// Python's `for ...: ... else:` is not part of the language.
  void rejectLoopElse() {
    if (!atName("else"))
      return;
    diags.error(cur().loc, "'else' after a loop is not supported");
    skipCompound();
  }

  StmtPtr parseSimpleStatement() {
    StmtPtr stmt = parseSimpleStatementBody();
    if (!stmt) {
      skipLine();
      return nullptr;
    }
    if (!at(Token::Newline)) {
      diags.error(cur().loc, "expected end of line, found " + describe(cur()));
      skipLine();
      return nullptr;
    }
    ++pos;
    return stmt;
  }

  StmtPtr parseSimpleStatementBody() {
    SMLoc loc = cur().loc;
    for (auto [keyword, kind] :
         {std::pair{"pass", Stmt::Pass}, std::pair{"break", Stmt::Break},
          std::pair{"continue", Stmt::Continue}})
      if (atName(keyword)) {
        ++pos;
        return std::make_unique<Stmt>(kind, loc);
      }
    if (atName("return")) {
      ++pos;
      auto stmt = std::make_unique<Stmt>(Stmt::Return, loc);
      if (!at(Token::Newline)) {
        stmt->value = parseExprList();
        if (!stmt->value)
          return nullptr;
      }
      return stmt;
    }
    if (atName("del")) {
      ++pos;
      auto stmt = std::make_unique<Stmt>(Stmt::Del, loc);
      while (true) {
        SMLoc nameLoc = cur().loc;
        auto name = parseName("a variable name after 'del'");
        if (!name)
          return nullptr;
        auto target = std::make_unique<Expr>(Expr::Name, nameLoc);
        target->name = *name;
        stmt->targets.push_back(std::move(target));
        if (!isOp(","))
          break;
        ++pos;
      }
      return stmt;
    }
    if (at(Token::Name) && isKeyword(cur().text) && !atName("not") &&
        !atName("True") && !atName("False")) {
      diags.error(cur().loc, "unsupported statement '" + cur().text + "'");
      return nullptr;
    }
    ExprPtr lhs = parseExprList();
    if (!lhs)
      return nullptr;
    if (isOp("=")) {
      ++pos;
      auto stmt = std::make_unique<Stmt>(Stmt::Assign, loc);
      ExprPtr value = parseExprList();
      if (!value)
        return nullptr;
      if (isOp("=")) {
        diags.error(cur().loc, "chained assignment is not supported");
        return nullptr;
      }
      if (lhs->kind == Expr::Tuple) {
        for (auto &t : lhs->children)
          stmt->targets.push_back(std::move(t));
      } else {
        stmt->targets.push_back(std::move(lhs));
      }
      for (auto &t : stmt->targets)
        if (t->kind != Expr::Name && t->kind != Expr::Subscript) {
          diags.error(t->loc, "cannot assign to this expression");
          return nullptr;
        }
      stmt->value = std::move(value);
      return stmt;
    }
    static const char *const augOps[] = {
        "+=", "-=", "*=", "/=", "//=", "%=", "**=", "@="};
    for (const char *op : augOps) {
      if (!isOp(op))
        continue;
      ++pos;
      auto stmt = std::make_unique<Stmt>(Stmt::AugAssign, loc);
      if (lhs->kind != Expr::Name && lhs->kind != Expr::Subscript) {
        diags.error(lhs->loc, "illegal target for augmented assignment");
        return nullptr;
      }
      stmt->op = *binaryOpFromSpelling(StringRef(op).drop_back());
      stmt->targets.push_back(std::move(lhs));
      stmt->value = parseExpr();
      if (!stmt->value)
        return nullptr;
      return stmt;
    }
    auto stmt = std::make_unique<Stmt>(Stmt::ExprStmt, loc);
    stmt->value = std::move(lhs);
    return stmt;
  }

  /// expr (',' expr)* [','] -- a tuple when there is a comma.
  ExprPtr parseExprList() {
    SMLoc loc = cur().loc;
    ExprPtr first = parseExpr();
    if (!first || !isOp(","))
      return first;
    auto tuple = std::make_unique<Expr>(Expr::Tuple, loc);
    tuple->children.push_back(std::move(first));
    while (isOp(",")) {
      ++pos;
      if (at(Token::Newline) || isOp("="))
        break;
      ExprPtr next = parseExpr();
      if (!next)
        return nullptr;
      tuple->children.push_back(std::move(next));
    }
    return tuple;
  }

  /// A binary node is located at its left operand (errors point at the
  /// start of the expression).
  ExprPtr binary(StringRef op, SMLoc, ExprPtr lhs, ExprPtr rhs) {
    auto e = std::make_unique<Expr>(Expr::Binary, lhs->loc);
    e->binaryOp = *binaryOpFromSpelling(op);
    e->children.push_back(std::move(lhs));
    e->children.push_back(std::move(rhs));
    return e;
  }

  ExprPtr parseExpr() {
    NestingGuard nested(*this, expressionDepth, kMaxExpressionDepth,
                        "expression nested too deeply");
    return nested.tooDeep() ? nullptr : parseConditional();
  }

  /// `then if cond else other` (right-associative, below `or`).
  ExprPtr parseConditional() {
    ExprPtr then = parseOr();
    if (!then || !atName("if"))
      return then;
    ++pos;
    ExprPtr cond = parseOr();
    if (!cond)
      return nullptr;
    if (!atName("else")) {
      diags.error(cur().loc, "expected 'else' in a conditional expression");
      return nullptr;
    }
    ++pos;
    ExprPtr other = parseExpr();
    if (!other)
      return nullptr;
    auto e = std::make_unique<Expr>(Expr::Conditional, then->loc);
    e->children.push_back(std::move(then));
    e->children.push_back(std::move(cond));
    e->children.push_back(std::move(other));
    return e;
  }

  ExprPtr parseOr() {
    ExprPtr lhs = parseAnd();
    while (lhs && atName("or")) {
      SMLoc loc = cur().loc;
      ++pos;
      ExprPtr rhs = parseAnd();
      if (!rhs)
        return nullptr;
      lhs = binary("or", loc, std::move(lhs), std::move(rhs));
    }
    return lhs;
  }

  ExprPtr parseAnd() {
    ExprPtr lhs = parseNot();
    while (lhs && atName("and")) {
      SMLoc loc = cur().loc;
      ++pos;
      ExprPtr rhs = parseNot();
      if (!rhs)
        return nullptr;
      lhs = binary("and", loc, std::move(lhs), std::move(rhs));
    }
    return lhs;
  }

  ExprPtr parseNot() {
    if (atName("not")) {
      NestingGuard nested(*this, expressionDepth, kMaxExpressionDepth,
                          "expression nested too deeply");
      if (nested.tooDeep())
        return nullptr;
      auto e = std::make_unique<Expr>(Expr::Unary, cur().loc);
      ++pos;
      e->unaryOp = UnaryOp::Not;
      ExprPtr operand = parseNot();
      if (!operand)
        return nullptr;
      e->children.push_back(std::move(operand));
      return e;
    }
    return parseComparison();
  }

  bool atCompare() const {
    return isOp("<") || isOp("<=") || isOp(">") || isOp(">=") || isOp("==") ||
           isOp("!=");
  }

  ExprPtr parseComparison() {
    ExprPtr lhs = parseArith();
    if (!lhs || !atCompare())
      return lhs;
    SMLoc loc = cur().loc;
    std::string op = cur().text.str();
    ++pos;
    ExprPtr rhs = parseArith();
    if (!rhs)
      return nullptr;
    if (!atCompare())
      return binary(op, loc, std::move(lhs), std::move(rhs));
    // a < b < c: each operand evaluated once, left to right, and the
    // comparisons and-ed with short-circuit (Python's chain).
    auto chain = std::make_unique<Expr>(Expr::Chain, lhs->loc);
    chain->chainOps.push_back(*binaryOpFromSpelling(op));
    chain->children.push_back(std::move(lhs));
    chain->children.push_back(std::move(rhs));
    while (atCompare()) {
      chain->chainOps.push_back(*binaryOpFromSpelling(cur().text));
      ++pos;
      ExprPtr next = parseArith();
      if (!next)
        return nullptr;
      chain->children.push_back(std::move(next));
    }
    return chain;
  }

  ExprPtr parseArith() {
    ExprPtr lhs = parseTerm();
    while (lhs && (isOp("+") || isOp("-"))) {
      SMLoc loc = cur().loc;
      std::string op = cur().text.str();
      ++pos;
      ExprPtr rhs = parseTerm();
      if (!rhs)
        return nullptr;
      lhs = binary(op, loc, std::move(lhs), std::move(rhs));
    }
    return lhs;
  }

  ExprPtr parseTerm() {
    ExprPtr lhs = parseFactor();
    while (lhs &&
           (isOp("*") || isOp("/") || isOp("//") || isOp("%") || isOp("@"))) {
      SMLoc loc = cur().loc;
      std::string op = cur().text.str();
      ++pos;
      ExprPtr rhs = parseFactor();
      if (!rhs)
        return nullptr;
      lhs = binary(op, loc, std::move(lhs), std::move(rhs));
    }
    return lhs;
  }

  ExprPtr parseFactor() {
    if (isOp("-") || isOp("+")) {
      SMLoc loc = cur().loc;
      std::string op = cur().text.str();
      ++pos;
      NestingGuard nested(*this, expressionDepth, kMaxExpressionDepth,
                          "expression nested too deeply");
      if (nested.tooDeep())
        return nullptr;
      ExprPtr operand = parseFactor();
      if (!operand)
        return nullptr;
      if (op == "+")
        return operand;
      if (operand->kind == Expr::IntLit) {
        operand->intValue = -operand->intValue;
        operand->loc = loc;
        return operand;
      }
      if (operand->kind == Expr::FloatLit) {
        operand->floatValue = -operand->floatValue;
        operand->loc = loc;
        return operand;
      }
      auto e = std::make_unique<Expr>(Expr::Unary, loc);
      e->unaryOp = UnaryOp::Neg;
      e->children.push_back(std::move(operand));
      return e;
    }
    ExprPtr base = parsePostfix();
    if (base && isOp("**")) {
      SMLoc loc = cur().loc;
      ++pos;
      NestingGuard nested(*this, expressionDepth, kMaxExpressionDepth,
                          "expression nested too deeply");
      if (nested.tooDeep())
        return nullptr;
      ExprPtr exponent = parseFactor();
      if (!exponent)
        return nullptr;
      return binary("**", loc, std::move(base), std::move(exponent));
    }
    return base;
  }

  ExprPtr parsePostfix() {
    ExprPtr e = parseAtom();
    while (e) {
      if (isOp("(")) {
        auto call = std::make_unique<Expr>(Expr::Call, e->loc);
        ++pos;
        call->children.push_back(std::move(e));
        while (!isOp(")")) {
          if (at(Token::Name) && isOp("=", 1)) {
            call->keywordLocs.push_back(cur().loc);
            std::string key = cur().text.str();
            pos += 2;
            ExprPtr value = parseExpr();
            if (!value)
              return nullptr;
            call->keywords.emplace_back(key, std::move(value));
          } else {
            if (!call->keywords.empty()) {
              diags.error(cur().loc,
                          "positional argument follows keyword argument");
              return nullptr;
            }
            ExprPtr arg = parseExpr();
            if (!arg)
              return nullptr;
            call->children.push_back(std::move(arg));
          }
          if (isOp(","))
            ++pos;
          else if (!isOp(")")) {
            diags.error(cur().loc, "expected ',' or ')' in the argument "
                                   "list, found " +
                                       describe(cur()));
            return nullptr;
          }
        }
        ++pos;
        e = std::move(call);
      } else if (isOp("[")) {
        auto sub = std::make_unique<Expr>(Expr::Subscript, e->loc);
        ++pos;
        sub->children.push_back(std::move(e));
        while (true) {
          ExprPtr item = parseSubscriptItem();
          if (!item)
            return nullptr;
          sub->children.push_back(std::move(item));
          if (isOp(",")) {
            ++pos;
            if (isOp("]"))
              break;
            continue;
          }
          break;
        }
        if (!expectOp("]"))
          return nullptr;
        e = std::move(sub);
      } else if (isOp(".")) {
        ++pos;
        auto attr = std::make_unique<Expr>(Expr::Attribute, e->loc);
        SMLoc memberLoc = cur().loc;
        auto member = parseName("an attribute name after '.'");
        if (!member)
          return nullptr;
        attr->name = *member;
        attr->keywordLocs.push_back(memberLoc);
        attr->children.push_back(std::move(e));
        e = std::move(attr);
      } else {
        break;
      }
    }
    return e;
  }

  ExprPtr parseSubscriptItem() {
    SMLoc loc = cur().loc;
    ExprPtr start;
    if (!isOp(":")) {
      start = parseExpr();
      if (!start || !isOp(":"))
        return start;
    }
    auto slice = std::make_unique<Expr>(Expr::Slice, loc);
    ++pos; // ':'
    ExprPtr stop, step;
    if (!isOp(":") && !isOp(",") && !isOp("]")) {
      stop = parseExpr();
      if (!stop)
        return nullptr;
    }
    if (isOp(":")) {
      ++pos;
      if (!isOp(",") && !isOp("]")) {
        step = parseExpr();
        if (!step)
          return nullptr;
      }
    }
    slice->children.push_back(std::move(start));
    slice->children.push_back(std::move(stop));
    slice->children.push_back(std::move(step));
    return slice;
  }

  ExprPtr parseAtom() {
    const Token &t = cur();
    switch (t.kind) {
    case Token::Int: {
      auto e = std::make_unique<Expr>(Expr::IntLit, t.loc);
      e->intValue = t.intValue;
      ++pos;
      return e;
    }
    case Token::Float: {
      auto e = std::make_unique<Expr>(Expr::FloatLit, t.loc);
      e->floatValue = t.floatValue;
      ++pos;
      return e;
    }
    case Token::String: {
      auto e = std::make_unique<Expr>(Expr::StringLit, t.loc);
      e->name = t.text.str();
      ++pos;
      return e;
    }
    case Token::Name: {
      if (t.text == "True" || t.text == "False") {
        auto e = std::make_unique<Expr>(Expr::BoolLit, t.loc);
        e->boolValue = t.text == "True";
        ++pos;
        return e;
      }
      if (isKeyword(t.text)) {
        diags.error(t.loc,
                    "expected an expression, found keyword '" + t.text + "'");
        return nullptr;
      }
      auto e = std::make_unique<Expr>(Expr::Name, t.loc);
      e->name = t.text.str();
      ++pos;
      return e;
    }
    case Token::Op:
      if (t.text == "(") {
        SMLoc loc = t.loc;
        ++pos;
        if (isOp(")")) {
          diags.error(loc, "empty tuples are not supported");
          return nullptr;
        }
        ExprPtr inner = parseExprList();
        if (!inner || !expectOp(")"))
          return nullptr;
        return inner;
      }
      break;
    default:
      break;
    }
    diags.error(t.loc, "expected an expression, found " + describe(t));
    return nullptr;
  }

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

} // namespace

std::unique_ptr<Module> parseModule(llvm::SourceMgr &sourceMgr,
                                    unsigned bufferId, DiagEngine &diags) {
  StringRef text = sourceMgr.getMemoryBuffer(bufferId)->getBuffer();
  Lexer lexer(text, diags);
  Parser parser(lexer.lex(), diags);
  return parser.parseModule();
}

} // namespace imex::nda
