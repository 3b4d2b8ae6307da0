//===- VectorExtAttrs.cpp - nested_layout and VectorLayoutInterface -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/VectorExt/IR/VectorExt.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <array>
#include <optional>
#include <tuple>

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

#include "imex/Dialect/VectorExt/IR/VectorExtAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "imex/Dialect/VectorExt/IR/VectorExtAttrs.cpp.inc"

void IREEVectorExtDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "imex/Dialect/VectorExt/IR/VectorExtAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Layouts as lists of per-dimension entries
//===----------------------------------------------------------------------===//

namespace {

/// Positions inside a LayoutEntry, in the parameter order of the attribute.
/// The five tiles go from the outermost level (subgroup) to the innermost
/// (element).
enum EntryField : unsigned {
  kSubgroup = 0,
  kBatch,
  kOuter,
  kThread,
  kElement,
  kSubgroupStride,
  kThreadStride,
  kNumFields
};

/// Everything a nested layout says about one dimension. Most transformations
/// only move, drop or combine whole dimensions, so they work on these.
using LayoutEntry = std::array<int64_t, kNumFields>;

/// A dimension of length 1 that is not distributed.
constexpr LayoutEntry kUnitEntry = {1, 1, 1, 1, 1, 0, 0};

} // namespace

static LayoutEntry getEntry(NestedLayoutAttr layout, int64_t dim) {
  return {layout.getSubgroupTile()[dim], layout.getBatchTile()[dim],
          layout.getOuterTile()[dim],    layout.getThreadTile()[dim],
          layout.getElementTile()[dim],  layout.getSubgroupStrides()[dim],
          layout.getThreadStrides()[dim]};
}

static NestedLayoutAttr buildLayout(MLIRContext *context,
                                    ArrayRef<LayoutEntry> entries) {
  std::array<SmallVector<int64_t>, kNumFields> lists;
  for (const LayoutEntry &entry : entries)
    for (auto [list, value] : llvm::zip_equal(lists, entry))
      list.push_back(value);
  return NestedLayoutAttr::get(context, lists[kSubgroup], lists[kBatch],
                               lists[kOuter], lists[kThread], lists[kElement],
                               lists[kSubgroupStride], lists[kThreadStride]);
}

static int64_t getDimLength(const LayoutEntry &entry) {
  return entry[kSubgroup] * entry[kBatch] * entry[kOuter] * entry[kThread] *
         entry[kElement];
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

/// A tile of 1 has a single position, so its stride says nothing; making it 0
/// lets equivalent layouts compare equal.
static SmallVector<int64_t> normalizeStrides(ArrayRef<int64_t> tile,
                                             ArrayRef<int64_t> strides) {
  SmallVector<int64_t> normalized(strides);
  for (auto [size, stride] : llvm::zip(tile, normalized))
    if (size == 1)
      stride = 0;
  return normalized;
}

NestedLayoutAttr NestedLayoutAttr::get(
    MLIRContext *context, ArrayRef<int64_t> subgroupTile,
    ArrayRef<int64_t> batchTile, ArrayRef<int64_t> outerTile,
    ArrayRef<int64_t> threadTile, ArrayRef<int64_t> elementTile,
    ArrayRef<int64_t> subgroupStrides, ArrayRef<int64_t> threadStrides) {
  return Base::get(context, subgroupTile, batchTile, outerTile, threadTile,
                   elementTile, normalizeStrides(subgroupTile, subgroupStrides),
                   normalizeStrides(threadTile, threadStrides));
}

NestedLayoutAttr NestedLayoutAttr::getChecked(
    function_ref<InFlightDiagnostic()> emitError, MLIRContext *context,
    ArrayRef<int64_t> subgroupTile, ArrayRef<int64_t> batchTile,
    ArrayRef<int64_t> outerTile, ArrayRef<int64_t> threadTile,
    ArrayRef<int64_t> elementTile, ArrayRef<int64_t> subgroupStrides,
    ArrayRef<int64_t> threadStrides) {
  if (failed(verify(emitError, subgroupTile, batchTile, outerTile, threadTile,
                    elementTile, subgroupStrides, threadStrides)))
    return {};
  return get(context, subgroupTile, batchTile, outerTile, threadTile,
             elementTile, subgroupStrides, threadStrides);
}

static SmallVector<int64_t> concat(ArrayRef<int64_t> front,
                                   ArrayRef<int64_t> back) {
  SmallVector<int64_t> result(front);
  llvm::append_range(result, back);
  return result;
}

NestedLayoutAttr NestedLayoutAttr::get(NestedLayoutAttr source,
                                       ArrayRef<int64_t> appendSubgroupTile,
                                       ArrayRef<int64_t> appendBatchTile,
                                       ArrayRef<int64_t> appendOuterTile,
                                       ArrayRef<int64_t> appendThreadTile,
                                       ArrayRef<int64_t> appendElementTile,
                                       ArrayRef<int64_t> appendSubgroupStrides,
                                       ArrayRef<int64_t> appendThreadStrides) {
  return get(source.getContext(),
             concat(source.getSubgroupTile(), appendSubgroupTile),
             concat(source.getBatchTile(), appendBatchTile),
             concat(source.getOuterTile(), appendOuterTile),
             concat(source.getThreadTile(), appendThreadTile),
             concat(source.getElementTile(), appendElementTile),
             concat(source.getSubgroupStrides(), appendSubgroupStrides),
             concat(source.getThreadStrides(), appendThreadStrides));
}

NestedLayoutAttr NestedLayoutAttr::getChecked(
    function_ref<InFlightDiagnostic()> emitError, NestedLayoutAttr source,
    ArrayRef<int64_t> appendSubgroupTile, ArrayRef<int64_t> appendBatchTile,
    ArrayRef<int64_t> appendOuterTile, ArrayRef<int64_t> appendThreadTile,
    ArrayRef<int64_t> appendElementTile,
    ArrayRef<int64_t> appendSubgroupStrides,
    ArrayRef<int64_t> appendThreadStrides) {
  return getChecked(emitError, source.getContext(),
                    concat(source.getSubgroupTile(), appendSubgroupTile),
                    concat(source.getBatchTile(), appendBatchTile),
                    concat(source.getOuterTile(), appendOuterTile),
                    concat(source.getThreadTile(), appendThreadTile),
                    concat(source.getElementTile(), appendElementTile),
                    concat(source.getSubgroupStrides(), appendSubgroupStrides),
                    concat(source.getThreadStrides(), appendThreadStrides));
}

LogicalResult NestedLayoutAttr::verify(
    function_ref<InFlightDiagnostic()> emitError,
    ArrayRef<int64_t> subgroupTile, ArrayRef<int64_t> batchTile,
    ArrayRef<int64_t> outerTile, ArrayRef<int64_t> threadTile,
    ArrayRef<int64_t> elementTile, ArrayRef<int64_t> subgroupStrides,
    ArrayRef<int64_t> threadStrides) {
  for (ArrayRef<int64_t> list : {batchTile, outerTile, threadTile, elementTile,
                                 subgroupStrides, threadStrides})
    if (list.size() != subgroupTile.size())
      return emitError() << "all fields must have the same rank as the layout";
  return success();
}

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

int64_t NestedLayoutAttr::getRank() const { return getBatchTile().size(); }

SmallVector<int64_t> NestedLayoutAttr::getUndistributedShape() const {
  return llvm::map_to_vector(llvm::seq<int64_t>(getRank()), [&](int64_t dim) {
    return getDimLength(getEntry(*this, dim));
  });
}

SmallVector<int64_t> NestedLayoutAttr::getDistributedShape() const {
  SmallVector<int64_t> shape(getBatchTile());
  llvm::append_range(shape, getOuterTile());
  llvm::append_range(shape, getElementTile());
  return shape;
}

SmallVector<int64_t> NestedLayoutAttr::getUndistributedPackedShape() const {
  SmallVector<int64_t> shape(getSubgroupTile());
  llvm::append_range(shape, getBatchTile());
  llvm::append_range(shape, getOuterTile());
  llvm::append_range(shape, getThreadTile());
  llvm::append_range(shape, getElementTile());
  return shape;
}

SmallVector<int64_t>
NestedLayoutAttr::getPackedShapeForUndistributedDim(int64_t dim) const {
  LayoutEntry entry = getEntry(*this, dim);
  return {entry[kSubgroup], entry[kBatch], entry[kOuter], entry[kThread],
          entry[kElement]};
}

SmallVector<int64_t> NestedLayoutAttr::getDistributedUnpackedShape() const {
  return llvm::map_to_vector(
      llvm::zip_equal(getBatchTile(), getOuterTile(), getElementTile()),
      [](auto tiles) {
        auto [batch, outer, element] = tiles;
        return batch * outer * element;
      });
}

LogicalResult NestedLayoutAttr::isValidLayout(ShapedType shapeType,
                                              Location loc) const {
  if (!shapeType.hasRank())
    return emitError(loc, "a layout needs a ranked shaped type, got ")
           << shapeType;
  int64_t rank = getRank();
  ArrayRef<int64_t> shape = shapeType.getShape();
  if (shapeType.getRank() != rank)
    return emitError(loc, "Rank of vector (")
           << shape.size() << ") does not match rank of layout (" << rank
           << ").";
  // Tensors are only tied to the layout by their rank: their dims may still
  // change (e.g. unit dims folded away) before the layout is used.
  if (isa<RankedTensorType>(shapeType))
    return success();

  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t expected = getDimLength(getEntry(*this, dim));
    if (ShapedType::isDynamic(shape[dim]) || shape[dim] == expected)
      continue;
    std::string shapeStr = "[";
    llvm::raw_string_ostream shapeOs(shapeStr);
    llvm::interleaveComma(shape, shapeOs, [&](int64_t size) {
      if (ShapedType::isDynamic(size))
        shapeOs << "?";
      else
        shapeOs << size;
    });
    shapeOs << "]";
    std::string layoutStr;
    llvm::raw_string_ostream layoutOs(layoutStr);
    printStripped(layoutOs);
    return emitError(loc, "Vector shape: ")
           << shapeStr << " does not match the layout (" << layoutStr
           << ") at dim " << dim
           << ". Dimension expected by layout: " << expected
           << " actual: " << shape[dim];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Layout transformations
//===----------------------------------------------------------------------===//

VectorLayoutInterface
NestedLayoutAttr::permute(ArrayRef<int64_t> permutation) const {
  int64_t rank = getRank();
  if (static_cast<int64_t>(permutation.size()) != rank)
    return {};
  SmallVector<bool> seen(rank, false);
  SmallVector<LayoutEntry> entries;
  for (int64_t source : permutation) {
    if (source < 0 || source >= rank || seen[source])
      return {};
    seen[source] = true;
    entries.push_back(getEntry(*this, source));
  }
  return buildLayout(getContext(), entries);
}

VectorLayoutInterface
NestedLayoutAttr::project(ArrayRef<bool> droppedDims) const {
  if (static_cast<int64_t>(droppedDims.size()) != getRank())
    return {};
  SmallVector<LayoutEntry> entries;
  for (auto [dim, dropped] : llvm::enumerate(droppedDims))
    if (!dropped)
      entries.push_back(getEntry(*this, dim));
  return buildLayout(getContext(), entries);
}

VectorLayoutInterface NestedLayoutAttr::apply(AffineMap map) const {
  if (static_cast<int64_t>(map.getNumDims()) != getRank())
    return {};
  SmallVector<LayoutEntry> entries;
  for (AffineExpr result : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(result))
      entries.push_back(getEntry(*this, dim.getPosition()));
    else
      entries.push_back(kUnitEntry);
  }
  return buildLayout(getContext(), entries);
}

namespace {
/// A non-unit level of one source dimension during reshape, with the part of
/// it that is not handed out yet.
struct LevelPiece {
  EntryField level;
  /// Positions of the level not handed out yet.
  int64_t size;
  /// Id stride of the next position handed out (thread and subgroup only).
  int64_t stride;
};
} // namespace

// In a row-major vector, the position along a dimension varies fastest in the
// element level, then thread, outer, batch and subgroup, and dimension d+1
// varies faster than dimension d. Reshaping keeps that order of elements, so
// the non-unit levels of the source, listed innermost first, are cut into
// consecutive runs, one per target dim (innermost target dim first). A run
// becomes a valid target dim when its levels never go back down (a lower
// level that is reached after a higher one would vary slower than it) and
// when positions merged into a thread or subgroup level continue the ids of
// the ones already there.
VectorLayoutInterface
NestedLayoutAttr::reshape(ArrayRef<int64_t> newShape) const {
  SmallVector<LevelPiece> pieces;
  for (int64_t dim = getRank() - 1; dim >= 0; --dim) {
    LayoutEntry entry = getEntry(*this, dim);
    for (EntryField level : {kElement, kThread, kOuter, kBatch, kSubgroup}) {
      int64_t size = entry[level];
      if (size <= 0)
        return {};
      if (size == 1)
        continue;
      int64_t stride = level == kThread     ? entry[kThreadStride]
                       : level == kSubgroup ? entry[kSubgroupStride]
                                            : 0;
      pieces.push_back({level, size, stride});
    }
  }

  SmallVector<LayoutEntry> entries(newShape.size(), kUnitEntry);
  LevelPiece *piece = pieces.begin();
  for (int64_t targetDim = newShape.size() - 1; targetDim >= 0; --targetDim) {
    LayoutEntry &entry = entries[targetDim];
    int64_t remaining = newShape[targetDim];
    if (remaining <= 0)
      return {};
    // Levels move up from the element level, i.e. towards smaller fields.
    EntryField lowestAllowed = kElement;
    while (remaining > 1) {
      if (piece == pieces.end() || piece->level > lowestAllowed)
        return {};
      int64_t take = std::min(remaining, piece->size);
      if (remaining % take != 0 || piece->size % take != 0)
        return {};
      if (piece->level == kThread || piece->level == kSubgroup) {
        int64_t &stride =
            entry[piece->level == kThread ? kThreadStride : kSubgroupStride];
        if (stride != 0 && stride * entry[piece->level] != piece->stride)
          return {};
        if (stride == 0)
          stride = piece->stride;
        piece->stride *= take;
      }
      entry[piece->level] *= take;
      remaining /= take;
      piece->size /= take;
      lowestAllowed = piece->level;
      if (piece->size == 1)
        ++piece;
    }
  }
  // Some of the layout was not handed out: the shapes have different sizes.
  if (piece != pieces.end())
    return {};
  return buildLayout(getContext(), entries);
}

bool NestedLayoutAttr::needsSharedMemoryForConversion(
    VectorLayoutInterface targetLayout) const {
  auto target = dyn_cast_or_null<NestedLayoutAttr>(targetLayout);
  if (!target)
    return true;
  // Batch and outer tiles only reorder data inside a thread; everything else
  // moves data between threads or subgroups.
  return getSubgroupTile() != target.getSubgroupTile() ||
         getThreadTile() != target.getThreadTile() ||
         getElementTile() != target.getElementTile() ||
         getSubgroupStrides() != target.getSubgroupStrides() ||
         getThreadStrides() != target.getThreadStrides();
}

VectorLayoutInterface
NestedLayoutAttr::getRecombinedLayout(ArrayRef<VectorLayoutInterface> layouts,
                                      ArrayRef<AffineMap> maps,
                                      AffineMap resultMap) {
  if (layouts.size() != maps.size())
    return {};
  SmallVector<std::optional<LayoutEntry>> entries(resultMap.getNumResults());
  for (auto [layout, map] : llvm::zip_equal(layouts, maps)) {
    auto nested = dyn_cast_or_null<NestedLayoutAttr>(layout);
    if (!nested || nested.getRank() != map.getNumResults())
      return {};
    for (auto [operandDim, expr] : llvm::enumerate(map.getResults())) {
      if (!isa<AffineDimExpr>(expr))
        return {};
      std::optional<unsigned> resultDim = resultMap.getResultPosition(expr);
      if (!resultDim)
        continue;
      LayoutEntry entry = getEntry(nested, operandDim);
      std::optional<LayoutEntry> &known = entries[*resultDim];
      if (known && *known != entry)
        return {};
      known = entry;
    }
  }

  SmallVector<LayoutEntry> resultEntries;
  for (const std::optional<LayoutEntry> &entry : entries) {
    if (!entry)
      return {};
    resultEntries.push_back(*entry);
  }
  return buildLayout(resultMap.getContext(), resultEntries);
}

//===----------------------------------------------------------------------===//
// Thread ids
//===----------------------------------------------------------------------===//

/// Computes the basis of an affine.delinearize_index without outer bound whose
/// result `resultOfDim[i]` is `(id floordiv strides[i]) mod sizes[i]`. A
/// stride of 0 (not distributed) gets a basis entry of 1, whose result folds
/// to 0. Fails when the dims overlap or leave gaps that are not a multiple of
/// the positions below them (e.g. sizes [4, 4] with strides [3, 1]).
static LogicalResult
getDelinearizationBasis(ArrayRef<int64_t> sizes, ArrayRef<int64_t> strides,
                        SmallVectorImpl<int64_t> &basis,
                        SmallVectorImpl<size_t> &resultOfDim) {
  SmallVector<size_t> order = llvm::to_vector(llvm::seq<size_t>(sizes.size()));
  llvm::sort(order, [&](size_t lhs, size_t rhs) {
    return std::make_tuple(strides[lhs], sizes[lhs], lhs) <
           std::make_tuple(strides[rhs], sizes[rhs], rhs);
  });

  // Basis entries from the innermost out; gap entries have no dim.
  SmallVector<std::pair<int64_t, std::optional<size_t>>> innerFirst;
  // The id stride at which the next basis entry starts.
  int64_t covered = 1;
  for (size_t dim : order) {
    int64_t size = sizes[dim], stride = strides[dim];
    if (size <= 0 || stride < 0)
      return failure();
    if (stride == 0)
      size = stride = 1;
    if (stride % covered != 0)
      return failure();
    if (stride != covered) {
      innerFirst.push_back({stride / covered, std::nullopt});
      covered = stride;
    }
    innerFirst.push_back({size, dim});
    covered *= size;
  }

  basis.clear();
  resultOfDim.assign(sizes.size(), 0);
  for (auto [size, dim] : llvm::reverse(innerFirst)) {
    basis.push_back(size);
    // Result 0 is the unbounded outermost part of the id.
    if (dim)
      resultOfDim[*dim] = basis.size();
  }
  return success();
}

SmallVector<Value>
NestedLayoutAttr::computeThreadIds(Value threadId, int64_t subgroupSize,
                                   RewriterBase &rewriter) const {
  SmallVector<int64_t> subgroupBasis, threadBasis;
  SmallVector<size_t> subgroupResults, threadResults;
  if (failed(getDelinearizationBasis(getSubgroupTile(), getSubgroupStrides(),
                                     subgroupBasis, subgroupResults)) ||
      failed(getDelinearizationBasis(getThreadTile(), getThreadStrides(),
                                     threadBasis, threadResults)))
    return {};
  // Subgroup ids count whole subgroups, so the lane id is split off first.
  subgroupBasis.push_back(subgroupSize);

  Location loc = threadId.getLoc();
  auto subgroupSplit = affine::AffineDelinearizeIndexOp::create(
      rewriter, loc, threadId, subgroupBasis, /*hasOuterBound=*/false);
  auto threadSplit = affine::AffineDelinearizeIndexOp::create(
      rewriter, loc, threadId, threadBasis, /*hasOuterBound=*/false);

  SmallVector<Value> ids;
  for (size_t result : subgroupResults)
    ids.push_back(subgroupSplit.getResult(result));
  for (size_t result : threadResults)
    ids.push_back(threadSplit.getResult(result));
  return ids;
}
