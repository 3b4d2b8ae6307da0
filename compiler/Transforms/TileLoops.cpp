//===- TileLoops.cpp - IMEX's tiling of linalg ops into scf.forall --------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/Region/IR/Region.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace imex {
#define GEN_PASS_DEF_TILELOOPS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// `sizes` for the loops of `op`, outermost first and padded with zeros;
/// nullopt when they do not fit its loops, or would tile a reduction loop
/// (the parallel tiles of an scf.forall would race on its partial results).
std::optional<SmallVector<OpFoldResult>>
tileSizesFor(linalg::LinalgOp op, ArrayRef<int64_t> sizes, Builder &b) {
  unsigned loops = op.getNumLoops();
  if (sizes.empty() || sizes.size() > loops)
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (auto [size, iterator] : llvm::zip_first(sizes, iterators))
    if (size != 0 && iterator != utils::IteratorType::parallel)
      return std::nullopt;
  SmallVector<OpFoldResult> result;
  for (unsigned i = 0; i < loops; ++i)
    result.push_back(b.getIndexAttr(i < sizes.size() ? sizes[i] : 0));
  return result;
}

struct TileLoopsPass : imex::impl::TileLoopsBase<TileLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    // Collected first: the ops tiling creates are not tiled in this run.
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!inRegions || imex::region::isInGpuRegion(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      std::optional<SmallVector<OpFoldResult>> sizes =
          tileSizesFor(op, tileSizes, rewriter);
      if (!sizes)
        continue;
      scf::SCFTilingOptions options;
      options.setTileSizes(*sizes).setLoopType(
          scf::SCFTilingOptions::LoopType::ForallOp);
      rewriter.setInsertionPoint(op);
      FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), options);
      if (failed(tiled))
        continue;
      rewriter.replaceOp(op, tiled->replacements);
    }
  }
};

} // namespace
