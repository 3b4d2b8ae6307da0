//===- LowerArgCompareToVector.cpp - arg_compare to vector/scf/arith ------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/VectorExt/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::iree_compiler::IREE::VectorExt {
#define GEN_PASS_DEF_LOWERARGCOMPARETOVECTOR
#include "imex/Dialect/VectorExt/Transforms/Passes.h.inc"
} // namespace mlir::iree_compiler::IREE::VectorExt

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

/// Clones the comparator of `op` at the insertion point with the block
/// arguments bound to (candidate, best) and returns the cloned predicate.
static Value cloneComparator(RewriterBase &rewriter, ArgCompareOp op,
                             Value candidate, Value best) {
  Block &body = op.getRegion().front();
  IRMapping mapping;
  mapping.map(body.getArgument(0), candidate);
  mapping.map(body.getArgument(1), best);
  for (Operation &nested : body.without_terminator())
    rewriter.clone(nested, mapping);
  auto yield = cast<YieldOp>(body.getTerminator());
  return mapping.lookupOrDefault(yield.getValues().front());
}

/// The row-major position of the `linear`-th element of `shape`.
static SmallVector<int64_t> delinearize(int64_t linear,
                                        ArrayRef<int64_t> shape) {
  SmallVector<int64_t> position(shape.size());
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    position[d] = linear % shape[d];
    linear /= shape[d];
  }
  return position;
}

namespace {

struct LowerArgCompare final : OpRewritePattern<ArgCompareOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ArgCompareOp op,
                                PatternRewriter &rewriter) const override {
    auto inputType = cast<VectorType>(op.getInputValue().getType());
    if (inputType.isScalable())
      return rewriter.notifyMatchFailure(op, "scalable vectors");
    Location loc = op.getLoc();
    int64_t rank = inputType.getRank();
    int64_t dimension = op.getDimension();

    // Move the reduction dimension last.
    Value values = op.getInputValue();
    Value indices = op.getInputIndex();
    if (dimension != rank - 1) {
      SmallVector<int64_t> perm;
      for (int64_t d = 0; d < rank; ++d)
        if (d != dimension)
          perm.push_back(d);
      perm.push_back(dimension);
      values = vector::TransposeOp::create(rewriter, loc, values, perm);
      if (indices)
        indices = vector::TransposeOp::create(rewriter, loc, indices, perm);
    }
    ArrayRef<int64_t> shape = cast<VectorType>(values.getType()).getShape();
    ArrayRef<int64_t> parallelShape = shape.drop_back();
    int64_t reductionSize = shape.back();

    auto resultValueType = cast<VectorType>(op.getInitValue().getType());
    auto resultIndexType = cast<VectorType>(op.getInitIndex().getType());
    Type indexElementType = resultIndexType.getElementType();
    Value indexBase = op.getIndexBase();

    Value lower = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value upper = arith::ConstantIndexOp::create(rewriter, loc, reductionSize);
    Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);

    Value resultValue = op.getInitValue();
    Value resultIndex = op.getInitIndex();
    int64_t numParallel = ShapedType::getNumElements(parallelShape);
    for (int64_t p = 0; p < numParallel; ++p) {
      SmallVector<int64_t> position = delinearize(p, parallelShape);
      Value initValue =
          vector::ExtractOp::create(rewriter, loc, op.getInitValue(), position);
      Value initIndex =
          vector::ExtractOp::create(rewriter, loc, op.getInitIndex(), position);
      Value valueRow =
          position.empty()
              ? values
              : vector::ExtractOp::create(rewriter, loc, values, position);
      Value indexRow;
      if (indices)
        indexRow =
            position.empty()
                ? indices
                : vector::ExtractOp::create(rewriter, loc, indices, position);

      auto loop = scf::ForOp::create(
          rewriter, loc, lower, upper, step, ValueRange{initValue, initIndex},
          [&](OpBuilder &, Location bodyLoc, Value iv, ValueRange iterArgs) {
            Value best = iterArgs[0], bestIndex = iterArgs[1];
            Value candidate =
                vector::ExtractOp::create(rewriter, bodyLoc, valueRow, iv);
            Value wins = cloneComparator(rewriter, op, candidate, best);
            Value newBest = arith::SelectOp::create(rewriter, bodyLoc, wins,
                                                    candidate, best);
            Value candidateIndex;
            if (indexRow) {
              candidateIndex =
                  vector::ExtractOp::create(rewriter, bodyLoc, indexRow, iv);
            } else {
              candidateIndex = iv;
              if (indexBase)
                candidateIndex =
                    arith::AddIOp::create(rewriter, bodyLoc, indexBase, iv);
              if (!isa<IndexType>(indexElementType))
                candidateIndex = arith::IndexCastOp::create(
                    rewriter, bodyLoc, indexElementType, candidateIndex);
            }
            Value newBestIndex = arith::SelectOp::create(
                rewriter, bodyLoc, wins, candidateIndex, bestIndex);
            scf::YieldOp::create(rewriter, bodyLoc,
                                 ValueRange{newBest, newBestIndex});
          });

      if (position.empty()) {
        resultValue = vector::BroadcastOp::create(
            rewriter, loc, resultValueType, loop.getResult(0));
        resultIndex = vector::BroadcastOp::create(
            rewriter, loc, resultIndexType, loop.getResult(1));
      } else {
        resultValue = vector::InsertOp::create(rewriter, loc, loop.getResult(0),
                                               resultValue, position);
        resultIndex = vector::InsertOp::create(rewriter, loc, loop.getResult(1),
                                               resultIndex, position);
      }
    }
    rewriter.replaceOp(op, ValueRange{resultValue, resultIndex});
    return success();
  }
};

struct LowerArgCompareToVectorPass final
    : mlir::iree_compiler::IREE::VectorExt::impl::LowerArgCompareToVectorBase<
          LowerArgCompareToVectorPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateLowerArgCompareToVectorPatterns(patterns);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void mlir::iree_compiler::IREE::VectorExt::
    populateLowerArgCompareToVectorPatterns(RewritePatternSet &patterns) {
  patterns.add<LowerArgCompare>(patterns.getContext());
}
