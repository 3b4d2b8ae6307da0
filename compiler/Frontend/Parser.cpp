//===- Parser.cpp - parser of the .nda array language ---------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The parser (ParserImpl.h): the module, functions and statements.
//
//===----------------------------------------------------------------------===//

#include "Parser.h"
#include "ParserImpl.h"

namespace imex::nda {

std::unique_ptr<Module> Parser::parseModule() {
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
    // Decorators, one per line: @gpu and @distributed may be stacked.
    Decorator decorator;
    SMLoc decoratorLoc = cur().loc;
    bool decoratorsParsed = true;
    while (decoratorsParsed && isOp("@")) {
      if (!parseDecorator(decorator) ||
          !expect(Token::Newline, "a newline after the decorator")) {
        skipLine();
        decoratorsParsed = false;
        break;
      }
      while (at(Token::Newline))
        ++pos;
    }
    if (!decoratorsParsed)
      continue;
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
    const Token &nameToken = tokens[pos + 1];
    if (auto func = parseFunction()) {
      func->gpu = decorator.gpu;
      func->device = decorator.device;
      func->distributed = decorator.distributed;
      func->distributedAxis = decorator.axis;
      module->functions.push_back(std::move(func));
    } else if (nameToken.kind == Token::Name) {
      module->brokenFunctions.push_back(nameToken.text.str());
    }
  }
  return module;
}

void Parser::parseImport(Module &module) {
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

bool Parser::parseDecorator(Decorator &decorator) {
  ++pos; // @
  bool gpu = atName("gpu");
  if (!gpu && !atName("distributed")) {
    diags.error(cur().loc,
                "unknown decorator (expected '@gpu' or '@distributed')");
    return false;
  }
  ++pos;
  if ((gpu && decorator.gpu) || (!gpu && decorator.distributed)) {
    diags.error(tokens[pos - 1].loc, gpu ? "'@gpu' is given twice"
                                         : "'@distributed' is given twice");
    return false;
  }
  (gpu ? decorator.gpu : decorator.distributed) = true;
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

std::string Parser::describe(const Token &t) const {
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

std::optional<TypeSpec> Parser::parseType() {
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

std::unique_ptr<FuncDef> Parser::parseFunction() {
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

bool Parser::parseSuite(StmtList &block) {
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

StmtPtr Parser::parseStatement() {
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
        diags.error(cur().loc, "expected ',' or ')', found " + describe(cur()));
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

StmtPtr Parser::parseIf() {
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

StmtPtr Parser::parseSimpleStatement() {
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

StmtPtr Parser::parseSimpleStatementBody() {
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
      stmt->unpack = true;
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
      "+=", "-=", "*=", "/=", "//=", "%=", "**=", "@=", "&=", "|=", "^="};
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

std::unique_ptr<Module> parseModule(llvm::SourceMgr &sourceMgr,
                                    unsigned bufferId, DiagEngine &diags) {
  StringRef text = sourceMgr.getMemoryBuffer(bufferId)->getBuffer();
  Lexer lexer(text, diags);
  Parser parser(lexer.lex(), diags);
  return parser.parseModule();
}

} // namespace imex::nda
