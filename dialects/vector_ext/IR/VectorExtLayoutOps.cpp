//===- VectorExtLayoutOps.cpp - to_layout, to_simd, to_simt ---------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/VectorExt/IR/VectorExt.h"

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

#define GET_OP_CLASSES
#include "imex/Dialect/VectorExt/IR/VectorExtLayoutOps.cpp.inc"

//===----------------------------------------------------------------------===//
// ToLayoutOp
//===----------------------------------------------------------------------===//

LogicalResult ToLayoutOp::verify() {
  return getLayout().isValidLayout(getInput().getType(), getLoc());
}

void ToLayoutOp::populateBoundsForShapedValueDim(
    Value value, int64_t dim, ValueBoundsConstraintSet &cstr) {
  // The op only annotates its input: every dim is the input's dim.
  cstr.bound(value)[dim] == cstr.getExpr(getInput(), dim);
}

//===----------------------------------------------------------------------===//
// ToSIMDOp / ToSIMTOp
//===----------------------------------------------------------------------===//

// A conversion undone by its inverse is the original value. The types are
// deliberately not compared, as in the original dialect.

OpFoldResult ToSIMDOp::fold(FoldAdaptor) {
  if (auto toSimt = getInput().getDefiningOp<ToSIMTOp>())
    return toSimt.getInput();
  return {};
}

OpFoldResult ToSIMTOp::fold(FoldAdaptor) {
  if (auto toSimd = getInput().getDefiningOp<ToSIMDOp>())
    return toSimd.getInput();
  return {};
}
