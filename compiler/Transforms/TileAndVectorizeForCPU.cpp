//===- TileAndVectorizeForCPU.cpp - linalg to vector code for the host ---===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Three levels, all on tensors so that tiles of producers are fused rather
// than stored: thread tiles (scf.forall, later OpenMP), register tiles
// (scf.for, peeled so full tiles are static) and vectors. The strategy is
// chosen per op from its iterator types and indexing maps, not its name.
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace imex {
#define GEN_PASS_DEF_TILEANDVECTORIZEFORCPU
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// Trip count assumed for a dynamic dimension when sizing thread tiles.
constexpr int64_t kAssumedDynamicExtent = 1024;

/// What the register-level strategy does with an op.
enum class OpKind {
  /// Matmul-like: one m, one n and one k dimension (batch dims allowed).
  Contraction,
  /// The vector loop (see getVectorDim) is a reduction: row sums, matvec,
  /// full reductions; partial results accumulate in vectors.
  InnerReduction,
  /// The vector loop is parallel: elementwise ops, column sums, vecmat;
  /// reduction loops run inside it, so its results stay in registers.
  InnerParallel,
};

struct ContractionLayout {
  unsigned m, n, k;
  SmallVector<unsigned> batch;
};

/// The m/n/k dimensions of `op` if it is a contraction that register
/// blocking handles: float elements, a single m, n and k dimension.
std::optional<ContractionLayout> getContractionLayout(linalg::LinalgOp op) {
  if (!linalg::isaContractionOpInterface(op) || op.getNumDpsInits() != 1 ||
      !isa<FloatType>(getElementTypeOrSelf(op.getDpsInits()[0].getType())))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1)
    return std::nullopt;
  return ContractionLayout{
      dims->m[0], dims->n[0], dims->k[0],
      SmallVector<unsigned>(dims->batch.begin(), dims->batch.end())};
}

/// The loop vectors run along: the one along which the fewest elements
/// are walked with a stride (an operand indexed by the loop in any but its
/// last dimension), then the most with unit stride, then the innermost.
/// Elementwise ops, row sums and matvec vectorize along rows; column sums,
/// vecmat and convolutions (output channels) along the output, with the
/// reductions inside so results stay in registers.
unsigned getVectorDim(linalg::LinalgOp op) {
  unsigned numLoops = op.getNumLoops();
  SmallVector<int64_t> strided(numLoops, 0), unitStride(numLoops, 0);
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!type || type.getRank() == 0 || !map.isProjectedPermutation())
      continue;
    int64_t elements = 1;
    for (int64_t size : type.getShape())
      elements *= ShapedType::isDynamic(size) ? kAssumedDynamicExtent : size;
    for (unsigned r = 0; r < map.getNumResults(); ++r) {
      unsigned loop = map.getDimPosition(r);
      (r + 1 == map.getNumResults() ? unitStride : strided)[loop] += elements;
    }
  }
  unsigned best = numLoops - 1;
  for (unsigned d = numLoops; d-- > 0;)
    if (std::make_pair(strided[d], -unitStride[d]) <
        std::make_pair(strided[best], -unitStride[best]))
      best = d;
  return best;
}

OpKind classify(linalg::LinalgOp op) {
  if (getContractionLayout(op))
    return OpKind::Contraction;
  return op.getIteratorTypesArray()[getVectorDim(op)] ==
                 utils::IteratorType::reduction
             ? OpKind::InnerReduction
             : OpKind::InnerParallel;
}

/// True if `op` computes one result by combining elements with a single
/// op (add, max, ...): what partial-result tiling can split. Argmax-style
/// ops with several results are not, nor are ops whose output is indexed by
/// anything but loop dimensions (PlaidML's `(d0, d1) -> (d0, 0)`): upstream
/// builds the partial results from the output's dimensions and crashes on a
/// constant.
bool isSplittableReduction(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 1 || op.getNumReductionLoops() == 0 ||
      op.hasIndexSemantics() ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0))
           .isProjectedPermutation(/*allowZeroInResults=*/false))
    return false;
  SmallVector<Operation *, 4> combiners;
  return matchReduction(op.getRegionOutputArgs(), 0, combiners) &&
         combiners.size() == 1;
}

/// Ops the vectorizer gets wrong (found by tests/stress): reductions that
/// read loop indices or combine nothing read from an input (counting), and
/// ops with an empty static dimension.
bool isVectorizable(linalg::LinalgOp op) {
  if (op.getNumReductionLoops() > 0 &&
      (op.hasIndexSemantics() ||
       llvm::none_of(op.getDpsInputOperands(), [&](OpOperand *input) {
         return op.payloadUsesValueFromOperand(input);
       })))
    return false;
  return true;
}

bool hasPureTensorSemantics(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && linalgOp.hasPureTensorSemantics() &&
         isa<TilingInterface>(op) && !imex::hasEmptyDimension(linalgOp);
}

/// Bits an element takes in memory (index: 64), 0 for types vectors do not
/// hold.
unsigned storageBits(Type type) {
  if (type.isIndex())
    return 64;
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  return 0;
}

/// Vector loads and stores of `op`'s tensors match their memory layout:
/// every element is a whole number of bytes (i1 tensors hold one byte per
/// element, an i1 vector one bit).
bool hasByteSizedElements(linalg::LinalgOp op) {
  return llvm::all_of(op->getOperandTypes(), [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped)
      return true;
    unsigned bits = storageBits(shaped.getElementType());
    return bits >= 8 && bits % 8 == 0;
  });
}

SmallVector<OpFoldResult> asFoldResults(OpBuilder &b, ArrayRef<int64_t> v) {
  return llvm::map_to_vector(
      v, [&](int64_t x) -> OpFoldResult { return b.getIndexAttr(x); });
}

/// Unrolled shape of a vector op for the `rows` stage (see initialize()):
/// one row of its result
/// (reduction dimensions of a contraction kept whole).
std::optional<SmallVector<int64_t>> rowShape(Operation *op) {
  if (auto contract = dyn_cast<vector::ContractionOp>(op)) {
    SmallVector<int64_t> shape;
    contract.getIterationBounds(shape);
    AffineMap resultMap = contract.getIndexingMapsArray().back();
    if (resultMap.getNumResults() < 2)
      return std::nullopt;
    unsigned rowDim = resultMap.getDimPosition(resultMap.getNumResults() - 1);
    for (auto [d, iterator] : llvm::enumerate(contract.getIteratorTypesArray()))
      if (d != rowDim && iterator == vector::IteratorType::parallel)
        shape[d] = 1;
    return shape;
  }
  // Transposes stay whole: they are lowered to shuffles of full registers.
  auto unrollable = dyn_cast<VectorUnrollOpInterface>(op);
  if (!unrollable || isa<vector::TransposeOp>(op))
    return std::nullopt;
  std::optional<SmallVector<int64_t>> shape = unrollable.getShapeForUnroll();
  if (!shape || shape->size() < 2)
    return std::nullopt;
  std::fill(shape->begin(), shape->end() - 1, 1);
  return shape;
}

class TileAndVectorizeForCPU
    : public imex::impl::TileAndVectorizeForCPUBase<TileAndVectorizeForCPU> {
public:
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if ((!registerTile.empty() && registerTile.size() != 2) ||
        (!cacheTile.empty() && cacheTile.size() != 2) ||
        llvm::any_of(registerTile, [](int64_t t) { return t < 1; }) ||
        llvm::any_of(cacheTile, [](int64_t t) { return t < 1; })) {
      func.emitError("tile-and-vectorize-for-cpu: register-tile and "
                     "cache-tile take two positive sizes ('m,n', 'n,k')");
      return signalPassFailure();
    }
    // Everything below relies on tensors being values.
    if (imex::writesTensorsInPlace(func))
      return;
    protectReadOnlyArguments(func);
    imex::fuseElementwiseOps(func);
    if (threadChunk > 0)
      tileForThreads(func);
    tileForRegisters(func);
    cleanUpTiles(func);
    if (vectorBits > 0)
      vectorize(func);
  }

private:
  /// Lanes of one vector register for `elementType` (at least 1).
  int64_t lanes(Type elementType) const {
    unsigned bits = storageBits(elementType);
    return bits ? std::max<int64_t>(1, vectorBits / bits) : 1;
  }

  /// Elements of one register tile along the vector loop: `unroll`
  /// vectors (1 without vectors).
  int64_t registerTileWidth(linalg::LinalgOp op) const {
    return vectorBits ? lanes(computeType(op)) * unroll : 1;
  }

  /// Element type the op computes in (that of its first result).
  static Type computeType(linalg::LinalgOp op) {
    return getElementTypeOrSelf(op.getDpsInits()[0].getType());
  }

  std::pair<int64_t, int64_t> contractionBlock(Type elementType) const {
    if (registerTile.size() == 2)
      return {registerTile[0], registerTile[1]};
    int64_t width = lanes(elementType);
    // Accumulators plus one broadcast of A and the B vectors must fit the
    // register file: 16 registers for SSE/AVX2, 32 for AVX-512.
    int64_t rows = vectorBits >= 512 ? 8 : vectorBits >= 256 ? 6 : 4;
    return {rows, 2 * width};
  }

  /// Tensor arguments that no op takes as a destination are the caller's
  /// inputs: bufferization must not write into them. (Partial-result
  /// tiling of a max reduction, for one, starts from a slice of its input
  /// and updates it, which is fine for values but not for the caller's
  /// buffer, which one-shot bufferization would otherwise reuse.)
  static void protectReadOnlyArguments(func::FuncOp func) {
    if (func.isExternal())
      return;
    constexpr StringLiteral kWritable = "bufferization.writable";
    for (BlockArgument arg : func.getArguments()) {
      if (!isa<TensorType>(arg.getType()) ||
          func.getArgAttr(arg.getArgNumber(), kWritable))
        continue;
      // Uses other than shape queries and destination-style inputs may
      // write (a call, a slice that becomes a destination): left alone.
      bool isDestination = llvm::any_of(arg.getUses(), [](OpOperand &use) {
        if (isa<tensor::DimOp>(use.getOwner()))
          return false;
        auto dps = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
        return !dps || dps.isDpsInit(&use);
      });
      if (!isDestination)
        func.setArgAttr(arg.getArgNumber(), kWritable,
                        BoolAttr::get(func.getContext(), false));
    }
  }

  //===--------------------------------------------------------------------===//
  // Thread level
  //===--------------------------------------------------------------------===//

  /// Ops at the end of a chain: no linalg op in the same block uses them.
  static SmallVector<linalg::LinalgOp> chainEnds(func::FuncOp func) {
    SmallVector<linalg::LinalgOp> ends;
    func.walk([&](linalg::LinalgOp op) {
      if (!hasPureTensorSemantics(op) || op->getParentOfType<scf::ForallOp>())
        return;
      bool usedByLinalg = llvm::any_of(op->getUsers(), [&](Operation *user) {
        return isa<linalg::LinalgOp>(user) &&
               user->getBlock() == op->getBlock();
      });
      if (!usedByLinalg)
        ends.push_back(op);
    });
    return ends;
  }

  void tileForThreads(func::FuncOp func) {
    IRRewriter rewriter(func.getContext());
    for (linalg::LinalgOp op : chainEnds(func)) {
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      if (llvm::any_of(ranges, [](int64_t r) { return r == 0; }))
        continue;
      SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
      // Saturated: dynamic extents are guesses, and their product would
      // overflow.
      constexpr int64_t kMaxWork = int64_t(1) << 40;
      auto extentOf = [&](unsigned d) {
        return ShapedType::isDynamic(ranges[d]) ? kAssumedDynamicExtent
                                                : ranges[d];
      };
      int64_t work = 1;
      for (unsigned d = 0; d < ranges.size(); ++d)
        work = extentOf(d) > kMaxWork / work ? kMaxWork : work * extentOf(d);
      if (!llvm::any_of(ranges, ShapedType::isDynamic) && work < threadChunk)
        continue;
      auto isSplitDim = [&](unsigned d) {
        return iterators[d] == utils::IteratorType::parallel && ranges[d] != 1;
      };
      auto parallelDim =
          llvm::find_if(llvm::seq<unsigned>(0, ranges.size()), isSplitDim);
      if (parallelDim == llvm::seq<unsigned>(0, ranges.size()).end()) {
        splitReductionForThreads(rewriter, op, iterators);
        continue;
      }
      // Tile size along `d` for tiles of about threadChunk iterations when
      // one iteration of `d` does `perIteration`; 0 when one tile would
      // hold the whole extent.
      auto threadTile = [&](unsigned d, int64_t perIteration) -> int64_t {
        int64_t tile = std::max<int64_t>(1, threadChunk / perIteration);
        // Thread tiles are whole register tiles: blocks of rows of a
        // contraction, whole vectors (cache lines) along the vector loop.
        if (auto layout = getContractionLayout(op); layout && d == layout->m) {
          int64_t rows = contractionBlock(computeType(op)).first;
          tile = llvm::alignTo(std::max<int64_t>(tile, 4 * rows), rows);
        } else if (vectorBits && d == getVectorDim(op)) {
          tile = llvm::alignTo(tile, registerTileWidth(op));
        }
        return !ShapedType::isDynamic(ranges[d]) && tile >= ranges[d] ? 0
                                                                      : tile;
      };
      unsigned dim = *parallelDim;
      int64_t perIteration = std::max<int64_t>(1, work / extentOf(dim));
      SmallVector<OpFoldResult> tileSizes(ranges.size(),
                                          rewriter.getIndexAttr(0));
      int64_t tile = threadTile(dim, perIteration);
      if (tile == 0)
        continue;
      tileSizes[dim] = rewriter.getIndexAttr(tile);
      // Wider tiles where every tile passes over a whole operand: the
      // right-hand side of a contraction (a 2048 x 2048 matmul in 32-row
      // tiles reads B 64 times), the rows a column reduction walks (each
      // tile reads rows in pieces of its width: 64 columns are 256 bytes
      // in each 16 KiB row of a 4096-wide matrix, a page apart).
      if (auto layout = getContractionLayout(op); layout && dim == layout->m)
        tileSizes[dim] = shareOfExtent(
            rewriter, op, dim, contractionBlock(computeType(op)).first, tile,
            /*maxUnits=*/32);
      else if (vectorBits && dim == getVectorDim(op) &&
               reductionAcrossRows(op, dim))
        tileSizes[dim] =
            shareOfExtent(rewriter, op, dim, registerTileWidth(op), tile,
                          /*maxUnits=*/16);
      // A dynamic outer loop split one iteration per tile may have one
      // iteration only (a batch of 1): split the next parallel loop too.
      if (ShapedType::isDynamic(ranges[dim]) && tile == 1) {
        auto next = llvm::find_if(llvm::seq<unsigned>(dim + 1, ranges.size()),
                                  isSplitDim);
        if (next != llvm::seq<unsigned>(dim + 1, ranges.size()).end())
          tileSizes[*next] = rewriter.getIndexAttr(threadTile(
              *next, std::max<int64_t>(1, perIteration / extentOf(*next))));
      }
      std::optional<FusedTile> fused = tileAndFuse(
          rewriter, op, tileSizes, scf::SCFTilingOptions::LoopType::ForallOp);
      // A chain through row reductions (softmax, layer norm) passes over
      // each row several times: one row at a time, the row stays in L1
      // from one pass to the next, where a thread tile's rows would not.
      if (fused && fused->fusedReduction && tile > 1 &&
          !getContractionLayout(fused->consumer)) {
        SmallVector<OpFoldResult> rowTiles(ranges.size(),
                                           rewriter.getIndexAttr(0));
        rowTiles[dim] = rewriter.getIndexAttr(1);
        (void)tileAndFuse(rewriter, fused->consumer, rowTiles,
                          scf::SCFTilingOptions::LoopType::ForOp);
      }
    }
  }

  /// A thread tile along `dim` of about an eighth of its extent (enough
  /// tiles to balance up to eight threads) in whole `unit`s, at least
  /// `minTile` and at most `maxUnits` units; computed at run time for a
  /// dynamic extent.
  static OpFoldResult shareOfExtent(RewriterBase &rewriter, linalg::LinalgOp op,
                                    unsigned dim, int64_t unit, int64_t minTile,
                                    int64_t maxUnits) {
    constexpr int64_t kShares = 8;
    rewriter.setInsertionPoint(op);
    Location loc = op.getLoc();
    OpFoldResult extent = op.createLoopRanges(rewriter, loc)[dim].size;
    MLIRContext *ctx = rewriter.getContext();
    AffineExpr s0 = getAffineSymbolExpr(0, ctx);
    OpFoldResult share = affine::makeComposedFoldedAffineApply(
        rewriter, loc, s0.ceilDiv(kShares * unit) * unit, {extent});
    auto boundedBy = [&](int64_t bound) {
      return AffineMap::get(0, 1, {getAffineConstantExpr(bound, ctx), s0}, ctx);
    };
    OpFoldResult capped = affine::makeComposedFoldedAffineMin(
        rewriter, loc, boundedBy(std::max(minTile, maxUnits * unit)), {share});
    return affine::makeComposedFoldedAffineMax(rewriter, loc,
                                               boundedBy(minTile), {capped});
  }

  /// Whether every tile takes the same `slice` (its offsets and sizes are
  /// fixed outside the tile loop): the operand does not vary with the
  /// tiled loops.
  static bool isSameInEveryTile(tensor::ExtractSliceOp slice) {
    auto loop = slice->getParentOfType<LoopLikeOpInterface>();
    if (!loop)
      return true;
    auto fixed = [&](OpFoldResult bound) {
      auto value = dyn_cast<Value>(bound);
      return !value || loop.isDefinedOutsideOfLoop(value);
    };
    return llvm::all_of(slice.getMixedOffsets(), fixed) &&
           llvm::all_of(slice.getMixedSizes(), fixed);
  }

  /// The tile of a consumer with its producers fused in.
  struct FusedTile {
    linalg::LinalgOp consumer;
    /// Whether a producer with reduction loops was fused.
    bool fusedReduction;
  };

  /// Tiles `op` with loops of `loopType` and fuses its linalg producers in
  /// the same block into the tile.
  static std::optional<FusedTile>
  tileAndFuse(RewriterBase &rewriter, linalg::LinalgOp op,
              ArrayRef<OpFoldResult> tileSizes,
              scf::SCFTilingOptions::LoopType loopType) {
    scf::SCFTilingOptions tiling;
    tiling.setLoopType(loopType);
    tiling.setTileSizes(tileSizes);
    scf::SCFTileAndFuseOptions options;
    options.setTilingOptions(tiling);
    Block *block = op->getBlock();
    options.setFusionControlFn(
        [block](tensor::ExtractSliceOp slice, OpResult producer, bool)
            -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          // Fusion recomputes the producer per tile: only sound when no op
          // other than linalg ones sees its result (an in-place update such
          // as ndarray.insert_slice writes into its buffer), and only worth
          // it when each tile needs its own part of it (a column sum that
          // every row tile reads whole would be recomputed by every tile).
          Operation *def = producer.getOwner();
          auto linalgDef = dyn_cast<linalg::LinalgOp>(def);
          if (!linalgDef || imex::hasEmptyDimension(linalgDef) ||
              def->getBlock() != block || isSameInEveryTile(slice) ||
              !llvm::all_of(def->getUsers(), [](Operation *user) {
                return isa<linalg::LinalgOp, tensor::DimOp,
                           tensor::ExtractSliceOp>(user);
              }))
            return std::nullopt;
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        });
    rewriter.setInsertionPoint(op);
    FailureOr<scf::SCFTileAndFuseResult> result =
        scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(op.getOperation()), options);
    if (failed(result))
      return std::nullopt;
    for (OpResult res : op->getResults())
      if (Value replacement = result->replacements.lookup(res))
        rewriter.replaceAllUsesWith(res, replacement);
    bool fusedReduction =
        llvm::any_of(result->fusedProducers, [](Operation *producer) {
          auto linalgOp = dyn_cast<linalg::LinalgOp>(producer);
          return linalgOp && linalgOp.getNumReductionLoops() > 0;
        });
    // Producers fused into the loop are dead unless something else uses
    // them; the consumer is dead now.
    rewriter.eraseOp(op);
    for (Operation *producer : llvm::reverse(result->fusedProducers))
      if (producer->use_empty())
        rewriter.eraseOp(producer);
    auto consumer =
        dyn_cast<linalg::LinalgOp>(result->tiledAndFusedOps.front());
    if (!consumer)
      return std::nullopt;
    return FusedTile{consumer, fusedReduction};
  }

  /// A reduction without parallel dimensions: `reductionChunks` partial
  /// results in parallel along its outermost reduction dimension, merged
  /// after the loop.
  void splitReductionForThreads(RewriterBase &rewriter, linalg::LinalgOp op,
                                ArrayRef<utils::IteratorType> iterators) {
    auto partial = dyn_cast<PartialReductionOpInterface>(op.getOperation());
    if (!partial || !isSplittableReduction(op) || reductionChunks <= 1)
      return;
    // Upstream's split mishandles parallel loops of one iteration (the
    // partial results get a zero-sized dimension): only plain reductions.
    if (!llvm::all_of(iterators, [](utils::IteratorType it) {
          return it == utils::IteratorType::reduction;
        }))
      return;
    SmallVector<int64_t> numThreads(iterators.size(), 0);
    numThreads[0] = reductionChunks;
    rewriter.setInsertionPoint(op);
    // Replaces `op` by the merged partial results on success.
    (void)linalg::tileReductionUsingForall(rewriter, partial,
                                           asFoldResults(rewriter, numThreads));
  }

  //===--------------------------------------------------------------------===//
  // Register level
  //===--------------------------------------------------------------------===//

  void tileForRegisters(func::FuncOp func) {
    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) {
      if (hasPureTensorSemantics(op) && !isa<linalg::FillOp>(op) &&
          hasByteSizedElements(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(func.getContext());
    for (linalg::LinalgOp op : ops) {
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      if (ranges.empty() ||
          llvm::any_of(ranges, [](int64_t r) { return r == 0; }))
        continue;
      switch (classify(op)) {
      case OpKind::Contraction:
        tileContraction(rewriter, op);
        break;
      case OpKind::InnerReduction:
        tileInnerReduction(rewriter, op);
        break;
      case OpKind::InnerParallel:
        tileInnerParallel(rewriter, op);
        break;
      }
    }
  }

  /// Loops and tiled op of tileWithFor.
  struct ForTiling {
    /// Outermost first, in the tiling order; untiled dimensions have none.
    SmallVector<scf::ForOp> loops;
    linalg::LinalgOp tiled;
  };

  /// Tiles `op` with scf.for loops over its dimensions in `order` (default:
  /// as they are) and replaces it by the loops' results.
  static FailureOr<ForTiling> tileWithFor(RewriterBase &rewriter,
                                          linalg::LinalgOp op,
                                          ArrayRef<int64_t> tileSizes,
                                          ArrayRef<int64_t> order = {}) {
    scf::SCFTilingOptions options;
    options.setTileSizes(asFoldResults(rewriter, tileSizes));
    options.setInterchange(order);
    rewriter.setInsertionPoint(op);
    FailureOr<scf::SCFTilingResult> result = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(op.getOperation()), options);
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, result->replacements);
    return ForTiling{llvm::map_to_vector(result->loops,
                                         [](LoopLikeOpInterface loop) {
                                           return cast<scf::ForOp>(
                                               loop.getOperation());
                                         }),
                     cast<linalg::LinalgOp>(result->tiledOps.back())};
  }

  /// `first`, then the other of `numLoops` dimensions in their order.
  static SmallVector<int64_t> loopOrder(unsigned numLoops,
                                        ArrayRef<int64_t> first) {
    SmallVector<int64_t> order(first);
    for (unsigned d = 0; d < numLoops; ++d)
      if (!llvm::is_contained(first, d))
        order.push_back(d);
    return order;
  }

  /// Peels the last partial iteration off `loop`, so that its main part
  /// works on full (static) tiles.
  static void peel(RewriterBase &rewriter, scf::ForOp loop) {
    scf::ForOp partial;
    (void)scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial);
  }

  /// Loop ranges tiled to 1, except `dim`, tiled to `size`; ranges of 1
  /// are not tiled.
  static SmallVector<int64_t> unitTilesExcept(ArrayRef<int64_t> ranges,
                                              unsigned dim, int64_t size) {
    SmallVector<int64_t> tiles;
    for (auto [d, range] : llvm::enumerate(ranges))
      tiles.push_back(range == 1 ? 0 : d == dim ? size : 1);
    return tiles;
  }

  /// For an op that walks an operand across its rows along the vector loop
  /// (a transpose), the parallel loop of that operand's last dimension,
  /// provided that every operand indexed by both loops has one of them as
  /// its last dimension: a square tile is then read or written with unit
  /// stride by each operand. (An operand contiguous along a third loop would
  /// move the tile one element at a time: hundreds of single-element
  /// accesses per tile, whose analysis in bufferization is quadratic.)
  static std::optional<unsigned> transposedLoop(linalg::LinalgOp op,
                                                unsigned vdim) {
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    MLIRContext *ctx = op.getContext();
    auto indexes = [&](AffineMap map, unsigned loop) {
      return llvm::is_contained(map.getResults(), getAffineDimExpr(loop, ctx));
    };
    std::optional<unsigned> across;
    for (OpOperand &operand : op->getOpOperands()) {
      AffineMap map = op.getMatchingIndexingMap(&operand);
      if (!isa<RankedTensorType>(operand.get().getType()) ||
          map.getNumResults() < 2 || !map.isProjectedPermutation())
        continue;
      unsigned last = map.getDimPosition(map.getNumResults() - 1);
      if (last != vdim && iterators[last] == utils::IteratorType::parallel &&
          indexes(map, vdim)) {
        across = last;
        break;
      }
    }
    if (!across)
      return std::nullopt;
    for (OpOperand &operand : op->getOpOperands()) {
      AffineMap map = op.getMatchingIndexingMap(&operand);
      if (!isa<RankedTensorType>(operand.get().getType()) ||
          map.getNumResults() == 0)
        continue;
      if (!map.isProjectedPermutation())
        return std::nullopt;
      unsigned last = map.getDimPosition(map.getNumResults() - 1);
      if (indexes(map, vdim) && indexes(map, *across) && last != vdim &&
          last != *across)
        return std::nullopt;
    }
    return across;
  }

  /// The reduction loop of an op with only one, if an input walks it
  /// across rows while its rows run along the vector loop `vdim` (a column
  /// sum, vecmat).
  static std::optional<unsigned> reductionAcrossRows(linalg::LinalgOp op,
                                                     unsigned vdim) {
    SmallVector<unsigned> reductions;
    op.getReductionDims(reductions);
    if (reductions.size() != 1)
      return std::nullopt;
    unsigned r = reductions.front();
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(input);
      if (map.getNumResults() >= 2 && map.isProjectedPermutation() &&
          map.getDimPosition(map.getNumResults() - 1) == vdim &&
          llvm::is_contained(map.getResults(),
                             getAffineDimExpr(r, op.getContext())))
        return r;
    }
    return std::nullopt;
  }

  /// True if a result of `op` is indexed by `vdim` in another dimension
  /// than its last.
  static bool writesAcrossRows(linalg::LinalgOp op, unsigned vdim) {
    return llvm::any_of(op.getDpsInitsMutable(), [&](OpOperand &init) {
      AffineMap map = op.getMatchingIndexingMap(&init);
      return map.getNumResults() > 0 && map.isProjectedPermutation() &&
             map.getDimPosition(map.getNumResults() - 1) != vdim &&
             llvm::is_contained(map.getResults(),
                                getAffineDimExpr(vdim, op.getContext()));
    });
  }

  void tileInnerParallel(RewriterBase &rewriter, linalg::LinalgOp op) {
    unsigned vdim = getVectorDim(op);
    // A reduction across rows first takes blocks of a few rows, and each
    // register tile accumulates its block: the rows are read a block at a
    // time from one end to the other (a few streams, a few pages) rather
    // than one register tile's columns down the whole matrix at a time.
    constexpr int64_t kRowBlock = 16;
    if (std::optional<unsigned> r = reductionAcrossRows(op, vdim)) {
      int64_t rows = op.getStaticLoopRanges()[*r];
      if (ShapedType::isDynamic(rows) || rows > 2 * kRowBlock) {
        SmallVector<int64_t> blocks(op.getNumLoops(), 0);
        blocks[*r] = kRowBlock;
        FailureOr<ForTiling> tiling = tileWithFor(rewriter, op, blocks);
        if (failed(tiling))
          return;
        op = tiling->tiled;
      }
    }
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    int64_t width = vectorBits ? lanes(computeType(op)) : 1;
    // A transpose gets square tiles of one vector per row, transposed in
    // registers, so both operands are walked with unit stride.
    std::optional<unsigned> across =
        width > 1 ? transposedLoop(op, vdim) : std::nullopt;
    // Strided results are stored one element at a time: one vector each.
    int64_t size =
        across || writesAcrossRows(op, vdim) ? width : registerTileWidth(op);
    SmallVector<int64_t> tiles = unitTilesExcept(ranges, vdim, size);
    if (across && ranges[*across] != 1)
      tiles[*across] = width;
    if (!ShapedType::isDynamic(ranges[vdim]) && ranges[vdim] <= size)
      tiles[vdim] = 0; // one tile already
    if (llvm::all_of(tiles, [](int64_t t) { return t == 0; }))
      return;
    // Loop order: other parallel loops, the transposed one, the vector
    // loop, then reductions.
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    SmallVector<int64_t> order;
    for (unsigned d = 0; d < ranges.size(); ++d)
      if (d != vdim && d != across &&
          iterators[d] == utils::IteratorType::parallel)
        order.push_back(d);
    if (across)
      order.push_back(*across);
    order.push_back(vdim);
    for (unsigned d = 0; d < ranges.size(); ++d)
      if (iterators[d] == utils::IteratorType::reduction)
        order.push_back(d);
    FailureOr<ForTiling> tiling = tileWithFor(rewriter, op, tiles, order);
    if (failed(tiling))
      return;
    // Loops come in `order`, untiled dimensions left out. Peel outer loops
    // first: their main part holds the inner loop that is peeled next.
    auto loopOf = [&](unsigned dim) -> std::optional<scf::ForOp> {
      if (tiles[dim] == 0)
        return std::nullopt;
      unsigned at = llvm::count_if(
          ArrayRef(order).take_until([&](int64_t d) { return d == dim; }),
          [&](int64_t d) { return tiles[d] != 0; });
      if (at >= tiling->loops.size())
        return std::nullopt;
      return tiling->loops[at];
    };
    std::optional<scf::ForOp> vectorLoop = loopOf(vdim);
    if (across)
      if (std::optional<scf::ForOp> loop = loopOf(*across))
        peel(rewriter, *loop);
    if (vectorLoop)
      peel(rewriter, *vectorLoop);
  }

  void tileInnerReduction(RewriterBase &rewriter, linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    unsigned vdim = getVectorDim(op);
    bool splittable = isSplittableReduction(op);
    // Every other loop (parallel, or another reduction) one at a time.
    SmallVector<int64_t> outerTiles = unitTilesExcept(ranges, vdim, 0);
    linalg::LinalgOp tiled = op;
    if (llvm::any_of(outerTiles, [](int64_t t) { return t != 0; })) {
      FailureOr<ForTiling> tiling = tileWithFor(rewriter, op, outerTiles);
      if (failed(tiling))
        return;
      tiled = tiling->tiled; // `op` is gone
    }
    int64_t size = registerTileWidth(tiled);
    if (size <= 1 ||
        (!ShapedType::isDynamic(ranges[vdim]) && ranges[vdim] <= size))
      return;
    auto partial = dyn_cast<PartialReductionOpInterface>(tiled.getOperation());
    if (!partial || !splittable)
      return;
    SmallVector<int64_t> innerTiles(ranges.size(), 0);
    innerTiles[vdim] = size;
    rewriter.setInsertionPoint(tiled);
    FailureOr<scf::SCFTilingResult> result = scf::tileReductionUsingScf(
        rewriter, partial, asFoldResults(rewriter, innerTiles));
    if (failed(result))
      return;
    rewriter.replaceOp(tiled, result->replacements);
    if (!result->loops.empty())
      peel(rewriter, cast<scf::ForOp>(result->loops.back().getOperation()));
  }

  /// Cache blocks of a contraction, n x k: a k x n panel of the right-hand
  /// side stays in L2 (512 KiB) while every register block of rows of the
  /// thread tile passes over it, and each block's rows of the left-hand side
  /// (m x k) stay in L1.
  std::pair<int64_t, int64_t> cacheBlock(Type elementType) const {
    if (cacheTile.size() == 2)
      return {cacheTile[0], cacheTile[1]};
    int64_t bytes = std::max(1u, storageBits(elementType) / 8);
    constexpr int64_t kDepth = 256, kPanelBytes = 512 * 1024;
    return {std::max<int64_t>(1, kPanelBytes / (kDepth * bytes)), kDepth};
  }

  /// Copies the k x n panel of the right-hand side that a cache block of
  /// `op` reads into a contiguous buffer, when the panel's rows are a row
  /// of a wider matrix apart: strided rows compete for the same cache sets
  /// (at 2048 columns, 16 rows of a 512 KiB panel share each L2 set), a
  /// contiguous panel spreads evenly. Pays when many register blocks of
  /// rows pass over the panel; left out for few rows.
  void packRightHandSide(RewriterBase &rewriter, linalg::LinalgOp op,
                         const ContractionLayout &layout) {
    int64_t rows = contractionBlock(computeType(op)).first;
    int64_t mExtent = op.getStaticLoopRanges()[layout.m];
    if (!ShapedType::isDynamic(mExtent) && mExtent < 4 * rows)
      return;
    OpOperand *rhs = nullptr;
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(input);
      if (map.isProjectedPermutation() && map.getNumResults() >= 2 &&
          map.getDimPosition(map.getNumResults() - 1) == layout.n &&
          map.getDimPosition(map.getNumResults() - 2) == layout.k)
        rhs = input;
    }
    if (!rhs)
      return;
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    Value panel = rhs->get();
    Value contiguous = tensor::EmptyOp::create(
        rewriter, loc, tensor::getMixedSizes(rewriter, loc, panel),
        getElementTypeOrSelf(panel.getType()));
    auto copy = linalg::CopyOp::create(rewriter, loc, panel, contiguous);
    rewriter.modifyOpInPlace(op, [&] { rhs->set(copy.getResult(0)); });
    tileInnerParallel(rewriter, cast<linalg::LinalgOp>(copy.getOperation()));
  }

  void tileContraction(RewriterBase &rewriter, linalg::LinalgOp op) {
    ContractionLayout layout = *getContractionLayout(op);
    Type elementType = computeType(op);
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    auto exceeds = [&](unsigned d, int64_t size) {
      return ShapedType::isDynamic(ranges[d]) || ranges[d] > size;
    };
    // Cache blocks (n outer, then k), where the operands are large.
    auto [panelCols, depth] = cacheBlock(elementType);
    SmallVector<int64_t> cacheTiles(ranges.size(), 0);
    if (exceeds(layout.n, panelCols))
      cacheTiles[layout.n] = panelCols;
    if (exceeds(layout.k, depth))
      cacheTiles[layout.k] = depth;
    if (llvm::any_of(cacheTiles, [](int64_t t) { return t != 0; })) {
      FailureOr<ForTiling> tiling =
          tileWithFor(rewriter, op, cacheTiles,
                      loopOrder(ranges.size(), {layout.n, layout.k}));
      if (failed(tiling))
        return;
      op = tiling->tiled;
      if (cacheTiles[layout.n] != 0)
        packRightHandSide(rewriter, op, layout);
    }

    // Register blocks: rows x cols accumulators, k one step at a time.
    auto [rows, cols] = contractionBlock(elementType);
    SmallVector<int64_t> tiles(ranges.size(), 0);
    for (unsigned b : layout.batch)
      tiles[b] = 1;
    tiles[layout.m] = rows;
    tiles[layout.n] = cols;
    tiles[layout.k] = 1;
    // Loops in the order batch, m, n, k: k innermost keeps the block of
    // accumulators in registers across it.
    SmallVector<int64_t> first(layout.batch.begin(), layout.batch.end());
    first.append({layout.m, layout.n, layout.k});
    FailureOr<ForTiling> tiling =
        tileWithFor(rewriter, op, tiles, loopOrder(ranges.size(), first));
    // loops: [batch..., m, n, k]; peel m first, then n inside its main part.
    size_t nb = layout.batch.size();
    if (failed(tiling) || tiling->loops.size() < nb + 3)
      return;
    peel(rewriter, tiling->loops[nb]);
    peel(rewriter, tiling->loops[nb + 1]);
  }

  //===--------------------------------------------------------------------===//
  // Vectors
  //===--------------------------------------------------------------------===//

  /// Folds the constants that peeling leaves in tile sizes, so that full
  /// tiles get static shapes.
  static void cleanUpTiles(func::FuncOp func) {
    MLIRContext *ctx = func.getContext();
    RewritePatternSet patterns =
        linalg::getLinalgTilingCanonicalizationPatterns(ctx);
    scf::populateSCFForLoopCanonicalizationPatterns(patterns);
    tensor::populateFoldTensorEmptyPatterns(patterns);
    (void)applyPatternsGreedily(
        func, FrozenRewritePatternSet(std::move(patterns),
                                      imex::unsoundCanonicalizations()));
  }

  void vectorize(func::FuncOp func) {
    MLIRContext *ctx = func.getContext();
    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) {
      if (hasPureTensorSemantics(op) && !op.hasDynamicShape() &&
          hasByteSizedElements(op) && isVectorizable(op))
        ops.push_back(op);
    });
    // Only the vector code made here is rewritten further: vector ops the
    // program already had are left as they are.
    NewOpCollector created;
    IRRewriter rewriter(ctx, &created);
    for (linalg::LinalgOp op : ops) {
      // Vectors of more than a few registers would spill: such ops (whole
      // static arrays left untiled) stay loops.
      int64_t elements = 1;
      for (int64_t r : op.getStaticLoopRanges())
        elements *= r;
      int64_t budget = lanes(computeType(op)) * 64;
      if (elements > budget)
        continue;
      rewriter.setInsertionPoint(op);
      // A convolution tile is a small contraction: as a generic, the
      // vectorizer turns it into multiply-adds like any other op (upstream's
      // convolution vectorizer wants 1-D convolutions).
      // Its windows of one element (unit filter taps after tiling) are
      // dropped, so every indexing map is a plain projection.
      if (linalg::isaConvolutionOpInterface(op)) {
        FailureOr<linalg::GenericOp> generic =
            isa<linalg::GenericOp>(op)
                ? FailureOr<linalg::GenericOp>(cast<linalg::GenericOp>(op))
                : linalg::generalizeNamedOp(rewriter, op);
        if (failed(generic))
          continue;
        linalg::ControlDropUnitDims control;
        control.rankReductionStrategy = linalg::ControlDropUnitDims::
            RankReductionStrategy::ExtractInsertSlice;
        FailureOr<linalg::DropUnitDimsResult> dropped =
            linalg::dropUnitDims(rewriter, *generic, control);
        if (failed(dropped))
          continue;
        rewriter.replaceOp(*generic, dropped->replacements);
        op = cast<linalg::LinalgOp>(dropped->resultOp.getOperation());
        rewriter.setInsertionPoint(op);
      }
      // Contractions straight to vector.contract, in the operands' layout.
      FailureOr<linalg::VectorizationResult> result = linalg::vectorize(
          rewriter, op, /*inputVectorSizes=*/{}, /*inputScalableVecDims=*/{},
          /*vectorizeNDExtract=*/false, /*flatten1DDepthwiseConv=*/false,
          /*assumeDynamicDimsMatchVecSizes=*/false,
          /*createNamedContraction=*/getContractionLayout(op).has_value());
      if (succeeded(result))
        rewriter.replaceOp(op, result->replacements);
    }
    if (created.ops.empty())
      return;

    // Stages as upstream's vectorization strategies do: reductions of
    // products become contractions before contractions are lowered, and
    // contractions before the remaining reductions.
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    config.setListener(&created);
    for (const FrozenRewritePatternSet &stage : vectorStages)
      (void)applyOpPatternsGreedily(
          SmallVector<Operation *>(created.ops.getArrayRef()), stage, config);
    hoistAccumulators(created.loops);
  }

  /// Records the ops a rewrite creates (and forgets erased ones), and the
  /// scf.for loops they are in.
  struct NewOpCollector : public RewriterBase::Listener {
    void notifyOperationInserted(Operation *op,
                                 OpBuilder::InsertPoint) override {
      ops.insert(op);
      if (auto loop = op->getParentOfType<scf::ForOp>())
        loops.insert(loop);
    }
    void notifyOperationErased(Operation *op) override {
      ops.remove(op);
      if (auto loop = dyn_cast<scf::ForOp>(op))
        loops.remove(loop);
    }
    llvm::SetVector<Operation *> ops;
    llvm::SetVector<scf::ForOp> loops;
  };

  /// Accumulators read and written back in every iteration of a register
  /// tile loop (the block of a contraction, partial sums) become values the
  /// loop carries, i.e. registers. Only the tile loops holding vector code
  /// are touched; thread loops (scf.forall) are left alone, what they write
  /// must stay private to each thread.
  static void hoistAccumulators(llvm::SetVector<scf::ForOp> &loops) {
    if (loops.empty())
      return;
    // Innermost loops first, so accumulators move out level by level.
    SmallVector<scf::ForOp> order = loops.takeVector();
    IRRewriter rewriter(order.front().getContext());
    llvm::sort(order, [](scf::ForOp a, scf::ForOp b) {
      return a->isProperAncestor(b)   ? false
             : b->isProperAncestor(a) ? true
                                      : a < b;
    });
    for (scf::ForOp loop : order) {
      moveLoopInvariantCode(loop);
      (void)hoistLoopInvariantSubsets(rewriter, loop);
    }
  }

  LogicalResult initialize(MLIRContext *ctx) override {
    auto withCanonicalization = [ctx](RewritePatternSet patterns) {
      for (Dialect *dialect : ctx->getLoadedDialects())
        dialect->getCanonicalizationPatterns(patterns);
      for (RegisteredOperationName op : ctx->getRegisteredOperations())
        op.getCanonicalizationPatterns(patterns, ctx);
      return FrozenRewritePatternSet(std::move(patterns));
    };
    RewritePatternSet toContract(ctx);
    vector::populateVectorReductionToContractPatterns(toContract);
    vector::populateVectorTransferPermutationMapLoweringPatterns(toContract);
    vector::populateCastAwayVectorLeadingOneDimPatterns(toContract);
    vector::populateSinkVectorOpsPatterns(toContract);
    // Vectorized f32 exp, log and tanh as polynomials instead of a libm
    // call per lane: within 1, 1 and 5 ulp of glibc (docs/benchmarks.md).
    populateMathPolynomialApproximationPatterns(toContract, [](StringRef name) {
      name.consume_front("math.");
      return llvm::is_contained({"exp", "log", "tanh"}, name);
    });
    // Blocks of accumulators become one vector per row, so each row is a
    // register the loops carry.
    RewritePatternSet rows(ctx);
    vector::populateVectorUnrollPatterns(
        rows, vector::UnrollVectorOptions().setNativeShapeFn(rowShape));
    RewritePatternSet contractions(ctx);
    vector::populateVectorContractLoweringPatterns(
        contractions, vector::VectorContractLowering::OuterProduct);
    vector::populateVectorOuterProductLoweringPatterns(contractions);
    RewritePatternSet reductions(ctx);
    vector::populateVectorMultiReductionLoweringPatterns(
        reductions, vector::VectorMultiReductionLowering::InnerReduction);
    vectorStages = {withCanonicalization(std::move(toContract)),
                    withCanonicalization(std::move(rows)),
                    withCanonicalization(std::move(contractions)),
                    withCanonicalization(std::move(reductions))};
    return success();
  }

  SmallVector<FrozenRewritePatternSet, 4> vectorStages;
};

} // namespace
