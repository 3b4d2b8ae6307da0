//===- ExpandShapesWithDynamicGroups.cpp - expand_shape as reinterpret ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace imex {
#define GEN_PASS_DEF_EXPANDSHAPESWITHDYNAMICGROUPS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// Whether some reassociation group of `op` has several dynamic sizes,
/// which upstream's expand-strided-metadata cannot take.
bool hasGroupWithDynamicSizes(memref::ExpandShapeOp op) {
  MemRefType type = op.getResultType();
  return llvm::any_of(op.getReassociationIndices(), [&](const auto &group) {
    return llvm::count_if(
               group, [&](int64_t dim) { return type.isDynamicDim(dim); }) > 1;
  });
}

void rewriteAsReinterpretCast(RewriterBase &rewriter,
                              memref::ExpandShapeOp op) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto source =
      memref::ExtractStridedMetadataOp::create(rewriter, loc, op.getSrc());
  SmallVector<OpFoldResult> sizes = op.getMixedOutputShape();
  SmallVector<OpFoldResult> strides(sizes.size());
  for (auto [sourceDim, group] :
       llvm::enumerate(op.getReassociationIndices())) {
    // Innermost first: the source dimension's stride, then outwards each
    // stride times the size inside it.
    strides[group.back()] = source.getConstifiedMixedStrides()[sourceDim];
    for (size_t i = group.size() - 1; i > 0; --i)
      strides[group[i - 1]] =
          getAsOpFoldResult(rewriter.createOrFold<arith::MulIOp>(
              loc,
              getValueOrCreateConstantIndexOp(rewriter, loc, strides[group[i]]),
              getValueOrCreateConstantIndexOp(rewriter, loc, sizes[group[i]])));
  }
  rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
      op, op.getResultType(), source.getBaseBuffer(),
      source.getConstifiedMixedOffset(), sizes, strides);
}

struct ExpandShapesWithDynamicGroupsPass
    : imex::impl::ExpandShapesWithDynamicGroupsBase<
          ExpandShapesWithDynamicGroupsPass> {
  void runOnOperation() override {
    SmallVector<memref::ExpandShapeOp> found;
    getOperation()->walk([&](memref::ExpandShapeOp op) {
      if (hasGroupWithDynamicSizes(op))
        found.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (memref::ExpandShapeOp op : found)
      rewriteAsReinterpretCast(rewriter, op);
  }
};

} // namespace
