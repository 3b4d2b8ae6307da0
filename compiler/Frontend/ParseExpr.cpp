//===- ParseExpr.cpp - parser of the .nda array language: expressions -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The parser (ParserImpl.h): expressions, by Python's precedence.
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

namespace imex::nda {

ExprPtr Parser::parseExprList() {
  SMLoc loc = cur().loc;
  ExprPtr first = parseExpr();
  if (!first || !isOp(","))
    return first;
  auto tuple = std::make_unique<Expr>(Expr::Tuple, loc);
  tuple->children.push_back(std::move(first));
  while (isOp(",")) {
    ++pos;
    if (at(Token::Newline) || isOp("=") || isOp(")"))
      break;
    ExprPtr next = parseExpr();
    if (!next)
      return nullptr;
    tuple->children.push_back(std::move(next));
  }
  return tuple;
}

ExprPtr Parser::binary(StringRef op, SMLoc, ExprPtr lhs, ExprPtr rhs) {
  auto e = std::make_unique<Expr>(Expr::Binary, lhs->loc);
  e->binaryOp = *binaryOpFromSpelling(op);
  e->children.push_back(std::move(lhs));
  e->children.push_back(std::move(rhs));
  return e;
}

ExprPtr Parser::parseExpr() {
  NestingGuard nested(*this, expressionDepth, kMaxExpressionDepth,
                      "expression nested too deeply");
  return nested.tooDeep() ? nullptr : parseConditional();
}

ExprPtr Parser::parseConditional() {
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

ExprPtr Parser::parseOr() {
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

ExprPtr Parser::parseAnd() {
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

ExprPtr Parser::parseNot() {
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

bool Parser::atCompare() const {
  return isOp("<") || isOp("<=") || isOp(">") || isOp(">=") || isOp("==") ||
         isOp("!=");
}

ExprPtr Parser::parseComparison() {
  ExprPtr lhs = parseBitwise();
  if (!lhs || !atCompare())
    return lhs;
  SMLoc loc = cur().loc;
  std::string op = cur().text.str();
  ++pos;
  ExprPtr rhs = parseBitwise();
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
    ExprPtr next = parseBitwise();
    if (!next)
      return nullptr;
    chain->children.push_back(std::move(next));
  }
  return chain;
}

ExprPtr Parser::parseBitwise(unsigned level) {
  static const char *const kOperators[] = {"|", "^", "&"};
  if (level == std::size(kOperators))
    return parseArith();
  ExprPtr lhs = parseBitwise(level + 1);
  while (lhs && isOp(kOperators[level])) {
    SMLoc loc = cur().loc;
    ++pos;
    ExprPtr rhs = parseBitwise(level + 1);
    if (!rhs)
      return nullptr;
    lhs = binary(kOperators[level], loc, std::move(lhs), std::move(rhs));
  }
  return lhs;
}

ExprPtr Parser::parseArith() {
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

ExprPtr Parser::parseTerm() {
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

ExprPtr Parser::parseFactor() {
  if (isOp("-") || isOp("+") || isOp("~")) {
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
    // +x of a literal is the literal; of an array a new array (np.positive).
    if (op == "+" &&
        (operand->kind == Expr::IntLit || operand->kind == Expr::FloatLit))
      return operand;
    if (op == "+") {
      auto e = std::make_unique<Expr>(Expr::Unary, loc);
      e->unaryOp = UnaryOp::Plus;
      e->children.push_back(std::move(operand));
      return e;
    }
    if (op == "~") {
      auto e = std::make_unique<Expr>(Expr::Unary, loc);
      e->unaryOp = UnaryOp::Invert;
      e->children.push_back(std::move(operand));
      return e;
    }
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

ExprPtr Parser::parsePostfix() {
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

ExprPtr Parser::parseSubscriptItem() {
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

ExprPtr Parser::parseAtom() {
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
    if (t.text == "None") {
      ++pos;
      return std::make_unique<Expr>(Expr::NoneLit, t.loc);
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
    if (t.text == "...") {
      ++pos;
      return std::make_unique<Expr>(Expr::Ellipsis, t.loc);
    }
    if (t.text == "[") {
      auto list = std::make_unique<Expr>(Expr::List, t.loc);
      ++pos;
      if (isOp("]")) {
        diags.error(list->loc, "empty lists are not supported");
        return nullptr;
      }
      while (!isOp("]")) {
        ExprPtr item = parseExpr();
        if (!item)
          return nullptr;
        list->children.push_back(std::move(item));
        if (!isOp(","))
          break;
        ++pos;
      }
      if (!expectOp("]"))
        return nullptr;
      return list;
    }
    break;
  default:
    break;
  }
  diags.error(t.loc, "expected an expression, found " + describe(t));
  return nullptr;
}

} // namespace imex::nda
