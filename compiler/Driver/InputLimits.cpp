//===- InputLimits.cpp - what inputs imexc refuses up front ---------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "InputLimits.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/ShapedOpInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

namespace {

/// More results than any operation has; MLIR's parser reserves a slot per
/// result number it sees.
constexpr uint64_t kMaxResultNumber = 1 << 20;

/// Operations nested more deeply than this are refused (50,000 nested
/// scf.if take minutes to compile).
constexpr unsigned kMaxRegionNesting = 1000;

bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

} // namespace

LogicalResult imex::checkResultNumbers(llvm::SourceMgr &sourceMgr,
                                       unsigned bufferId,
                                       MLIRContext *context) {
  StringRef text = sourceMgr.getMemoryBuffer(bufferId)->getBuffer();
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '/' && text.substr(i).starts_with("//")) {
      i = text.find('\n', i);
      if (i == StringRef::npos)
        break;
      continue;
    }
    if (c == '"') {
      // Skip the string, escapes included.
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (c != '%')
      continue;
    size_t end = i + 1;
    while (end < text.size() && isIdentifierChar(text[end]))
      ++end;
    if (end == i + 1 || end >= text.size() || text[end] != '#')
      continue;
    size_t digits = end + 1;
    size_t last = digits;
    while (last < text.size() && llvm::isDigit(text[last]))
      ++last;
    uint64_t number = 0;
    StringRef spelled = text.slice(digits, last);
    if (spelled.empty() ||
        (!spelled.getAsInteger(10, number) && number <= kMaxResultNumber)) {
      i = last - 1;
      continue;
    }
    auto [line, column] = sourceMgr.getLineAndColumn(
        llvm::SMLoc::getFromPointer(text.data() + digits), bufferId);
    StringRef file = sourceMgr.getMemoryBuffer(bufferId)->getBufferIdentifier();
    return emitError(FileLineColLoc::get(context, file, line, column))
           << "result number " << spelled << " is larger than any operation "
           << "has (imexc accepts up to " << kMaxResultNumber << ")";
  }
  return success();
}

LogicalResult imex::checkNestingDepth(ModuleOp module) {
  llvm::DenseMap<Operation *, unsigned> depth;
  Operation *deepest = nullptr;
  unsigned maxDepth = 0;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    unsigned d = op == module ? 0 : depth.lookup(op->getParentOp()) + 1;
    depth[op] = d;
    if (d > maxDepth) {
      maxDepth = d;
      deepest = op;
    }
    return d > kMaxRegionNesting ? WalkResult::interrupt()
                                 : WalkResult::advance();
  });
  if (maxDepth <= kMaxRegionNesting)
    return success();
  return deepest->emitError()
         << "operations nested more than " << kMaxRegionNesting
         << " regions deep; imexc accepts at most " << kMaxRegionNesting
         << " levels";
}

LogicalResult imex::checkDimensionIndices(ModuleOp module) {
  WalkResult result = module->walk([](ShapedDimOpInterface dimOp) {
    auto type = dyn_cast<ShapedType>(dimOp.getShapedValue().getType());
    std::optional<int64_t> index = getConstantIntValue(dimOp.getDimension());
    if (!type || !type.hasRank() || !index ||
        (*index >= 0 && *index < type.getRank()))
      return WalkResult::advance();
    dimOp->emitOpError("dimension index ")
        << *index << " is out of range for " << type << " (rank "
        << type.getRank() << ")";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}
