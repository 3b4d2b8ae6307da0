//===- NestedLayoutAttrTest.cpp - nested_layout and VectorLayoutInterface -===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/VectorExt/IR/VectorExt.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

namespace {

class NestedLayoutTest : public ::testing::Test {
protected:
  NestedLayoutTest() { ctx.loadDialect<IREEVectorExtDialect>(); }

  NestedLayoutAttr
  layout(ArrayRef<int64_t> subgroupTile, ArrayRef<int64_t> batchTile,
         ArrayRef<int64_t> outerTile, ArrayRef<int64_t> threadTile,
         ArrayRef<int64_t> elementTile, ArrayRef<int64_t> subgroupStrides,
         ArrayRef<int64_t> threadStrides) {
    return NestedLayoutAttr::get(&ctx, subgroupTile, batchTile, outerTile,
                                 threadTile, elementTile, subgroupStrides,
                                 threadStrides);
  }

  /// A layout that only uses the element level.
  NestedLayoutAttr elementsOnly(ArrayRef<int64_t> elementTile) {
    SmallVector<int64_t> ones(elementTile.size(), 1);
    SmallVector<int64_t> zeros(elementTile.size(), 0);
    return layout(ones, ones, ones, ones, elementTile, zeros, zeros);
  }

  /// Printed form, so that failures show the layouts involved.
  static std::string str(Attribute attr) {
    if (!attr)
      return "<null>";
    std::string result;
    llvm::raw_string_ostream os(result);
    attr.print(os);
    return result;
  }

  MLIRContext ctx;
};

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

TEST_F(NestedLayoutTest, UnitTilesGetZeroStrides) {
  NestedLayoutAttr l =
      layout({1, 2}, {1, 1}, {1, 1}, {1, 8}, {1, 1}, {5, 3}, {7, 2});
  EXPECT_EQ(l.getSubgroupStrides(), ArrayRef<int64_t>({0, 3}));
  EXPECT_EQ(l.getThreadStrides(), ArrayRef<int64_t>({0, 2}));
  // The normalized and the written form are the same attribute.
  EXPECT_EQ(l, layout({1, 2}, {1, 1}, {1, 1}, {1, 8}, {1, 1}, {0, 3}, {0, 2}));
}

TEST_F(NestedLayoutTest, ParserNormalizes) {
  Attribute parsed = parseAttribute(
      "#iree_vector_ext.nested_layout<subgroup_tile = [1, 2], "
      "batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [1, 8], "
      "element_tile = [1, 1], subgroup_strides = [5, 3], "
      "thread_strides = [7, 2]>",
      &ctx);
  EXPECT_EQ(str(parsed), str(layout({1, 2}, {1, 1}, {1, 1}, {1, 8}, {1, 1},
                                    {0, 3}, {0, 2})));
}

TEST_F(NestedLayoutTest, EmptyLayout) {
  NestedLayoutAttr l = layout({}, {}, {}, {}, {}, {}, {});
  EXPECT_EQ(l.getRank(), 0);
  EXPECT_TRUE(l.getUndistributedShape().empty());
  EXPECT_TRUE(l.getDistributedShape().empty());
  EXPECT_EQ(str(l), "#iree_vector_ext.nested_layout<subgroup_tile = [], "
                    "batch_tile = [], outer_tile = [], thread_tile = [], "
                    "element_tile = [], subgroup_strides = [], "
                    "thread_strides = []>");
}

TEST_F(NestedLayoutTest, GetCheckedRejectsRankMismatch) {
  std::string message;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  auto emitError = [&] { return mlir::emitError(UnknownLoc::get(&ctx)); };
  // ArrayRefs select the normalizing overload, not the generic one of the
  // storage base class.
  const int64_t oneStorage[] = {1}, twoStorage[] = {1, 1};
  ArrayRef<int64_t> one(oneStorage), two(twoStorage);
  EXPECT_FALSE(NestedLayoutAttr::getChecked(emitError, &ctx, one, one, one, one,
                                            one, two, one));
  EXPECT_EQ(message, "all fields must have the same rank as the layout");

  message.clear();
  EXPECT_TRUE(NestedLayoutAttr::getChecked(emitError, &ctx, two, two, two, two,
                                           two, two, two));
  EXPECT_TRUE(message.empty());
}

TEST_F(NestedLayoutTest, AppendDims) {
  NestedLayoutAttr source = layout({2}, {3}, {1}, {4}, {5}, {1}, {2});
  NestedLayoutAttr appended =
      NestedLayoutAttr::get(source, {1}, {6}, {7}, {8}, {9}, {4}, {1});
  EXPECT_EQ(appended,
            layout({2, 1}, {3, 6}, {1, 7}, {4, 8}, {5, 9}, {1, 0}, {2, 1}));

  std::string message;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  auto emitError = [&] { return mlir::emitError(UnknownLoc::get(&ctx)); };
  EXPECT_FALSE(NestedLayoutAttr::getChecked(emitError, source, {1}, {6}, {7},
                                            {8}, {9}, {4, 4}, {1}));
  EXPECT_EQ(message, "all fields must have the same rank as the layout");
}

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

TEST_F(NestedLayoutTest, Shapes) {
  NestedLayoutAttr l =
      layout({2, 1}, {2, 4}, {1, 3}, {16, 4}, {1, 4}, {1, 0}, {1, 16});
  EXPECT_EQ(l.getRank(), 2);
  EXPECT_EQ(l.getUndistributedShape(), SmallVector<int64_t>({64, 192}));
  EXPECT_EQ(l.getDistributedShape(), SmallVector<int64_t>({2, 4, 1, 3, 1, 4}));
  EXPECT_EQ(l.getUndistributedPackedShape(),
            SmallVector<int64_t>({2, 1, 2, 4, 1, 3, 16, 4, 1, 4}));
  EXPECT_EQ(l.getPackedShapeForUndistributedDim(0),
            SmallVector<int64_t>({2, 2, 1, 16, 1}));
  EXPECT_EQ(l.getPackedShapeForUndistributedDim(1),
            SmallVector<int64_t>({1, 4, 3, 4, 4}));
  EXPECT_EQ(l.getDistributedUnpackedShape(), SmallVector<int64_t>({2, 48}));
}

TEST_F(NestedLayoutTest, InterfaceDispatch) {
  NestedLayoutAttr l =
      layout({2, 1}, {2, 4}, {1, 1}, {16, 4}, {1, 4}, {1, 0}, {1, 16});
  auto iface = dyn_cast<VectorLayoutInterface>(Attribute(l));
  ASSERT_TRUE(iface);
  EXPECT_EQ(iface.getRank(), 2);
  EXPECT_EQ(iface.getUndistributedShape(), SmallVector<int64_t>({64, 64}));
  EXPECT_EQ(iface.getDistributedShape(),
            SmallVector<int64_t>({2, 4, 1, 1, 1, 4}));
  EXPECT_EQ(iface.permute({1, 0}), l.permute({1, 0}));
  EXPECT_EQ(iface.project({true, false}), l.project({true, false}));
  AffineMap transpose =
      AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, &ctx);
  EXPECT_EQ(iface.apply(transpose), l.permute({1, 0}));
  EXPECT_EQ(iface.reshape({4096}), l.reshape({4096}));
  EXPECT_FALSE(iface.needsSharedMemoryForConversion(l));
  EXPECT_TRUE(succeeded(
      iface.isValidLayout(VectorType::get({64, 64}, Float16Type::get(&ctx)),
                          UnknownLoc::get(&ctx))));
  AffineMap identity = AffineMap::getMultiDimIdentityMap(2, &ctx);
  EXPECT_EQ(iface.getRecombinedLayout({iface}, {identity}, identity), l);
}

//===----------------------------------------------------------------------===//
// isValidLayout
//===----------------------------------------------------------------------===//

class IsValidLayoutTest : public NestedLayoutTest {
protected:
  /// Runs isValidLayout and returns the diagnostic, or "" on success.
  std::string check(NestedLayoutAttr l, ShapedType type) {
    std::string message;
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
      message = diag.str();
      return success();
    });
    LogicalResult result = l.isValidLayout(type, UnknownLoc::get(&ctx));
    EXPECT_EQ(succeeded(result), message.empty());
    return message;
  }

  Type f16 = Float16Type::get(&ctx);
  NestedLayoutAttr l =
      layout({2, 1}, {2, 4}, {1, 1}, {16, 4}, {1, 4}, {1, 0}, {1, 16});
};

TEST_F(IsValidLayoutTest, MatchingVector) {
  EXPECT_EQ(check(l, VectorType::get({64, 64}, f16)), "");
}

TEST_F(IsValidLayoutTest, RankMismatch) {
  EXPECT_EQ(check(l, VectorType::get({64}, f16)),
            "Rank of vector (1) does not match rank of layout (2).");
  EXPECT_EQ(check(l, RankedTensorType::get({64, 64, 1}, f16)),
            "Rank of vector (3) does not match rank of layout (2).");
}

TEST_F(IsValidLayoutTest, DimMismatch) {
  EXPECT_EQ(check(l, VectorType::get({64, 32}, f16)),
            "Vector shape: [64, 32] does not match the layout "
            "(nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], "
            "outer_tile = [1, 1], thread_tile = [16, 4], element_tile = [1, "
            "4], subgroup_strides = [1, 0], thread_strides = [1, 16]>) at dim "
            "1. Dimension expected by layout: 64 actual: 32");
}

TEST_F(IsValidLayoutTest, TensorsOnlyCheckRank) {
  EXPECT_EQ(check(l, RankedTensorType::get({3, 5}, f16)), "");
  EXPECT_EQ(check(l, RankedTensorType::get({ShapedType::kDynamic, 5}, f16)),
            "");
}

TEST_F(IsValidLayoutTest, MemrefDynamicDimsAreNotChecked) {
  EXPECT_EQ(check(l, MemRefType::get({ShapedType::kDynamic, 64}, f16)), "");
  EXPECT_EQ(check(l, MemRefType::get({ShapedType::kDynamic, 8}, f16)),
            "Vector shape: [?, 8] does not match the layout "
            "(nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], "
            "outer_tile = [1, 1], thread_tile = [16, 4], element_tile = [1, "
            "4], subgroup_strides = [1, 0], thread_strides = [1, 16]>) at dim "
            "1. Dimension expected by layout: 64 actual: 8");
}

TEST_F(IsValidLayoutTest, UnrankedIsRejected) {
  EXPECT_EQ(check(l, UnrankedTensorType::get(f16)),
            "a layout needs a ranked shaped type, got 'tensor<*xf16>'");
}

//===----------------------------------------------------------------------===//
// permute / project / apply
//===----------------------------------------------------------------------===//

TEST_F(NestedLayoutTest, Permute) {
  NestedLayoutAttr l = layout({2, 1, 4}, {2, 4, 1}, {1, 3, 1}, {16, 4, 2},
                              {1, 4, 8}, {1, 0, 2}, {1, 16, 64});
  EXPECT_EQ(str(l.permute({2, 0, 1})),
            str(layout({4, 2, 1}, {1, 2, 4}, {1, 1, 3}, {2, 16, 4}, {8, 1, 4},
                       {2, 1, 0}, {64, 1, 16})));
  EXPECT_EQ(l.permute({0, 1, 2}), l);
}

TEST_F(NestedLayoutTest, PermuteRejectsNonPermutations) {
  NestedLayoutAttr l = elementsOnly({2, 4});
  EXPECT_FALSE(l.permute({0}));
  EXPECT_FALSE(l.permute({0, 0}));
  EXPECT_FALSE(l.permute({0, 2}));
  EXPECT_FALSE(l.permute({-1, 0}));
}

TEST_F(NestedLayoutTest, Project) {
  NestedLayoutAttr l = layout({2, 1, 4}, {2, 4, 1}, {1, 3, 1}, {16, 4, 2},
                              {1, 4, 8}, {1, 0, 2}, {1, 16, 64});
  EXPECT_EQ(
      str(l.project({false, true, false})),
      str(layout({2, 4}, {2, 1}, {1, 1}, {16, 2}, {1, 8}, {1, 2}, {1, 64})));
  EXPECT_EQ(str(l.project({true, true, true})),
            str(layout({}, {}, {}, {}, {}, {}, {})));
  EXPECT_EQ(l.project({false, false, false}), l);
  EXPECT_FALSE(l.project({true}));
}

TEST_F(NestedLayoutTest, Apply) {
  NestedLayoutAttr l =
      layout({2, 1}, {2, 4}, {1, 3}, {16, 4}, {1, 4}, {1, 0}, {1, 16});
  AffineExpr d0 = getAffineDimExpr(0, &ctx), d1 = getAffineDimExpr(1, &ctx);
  AffineExpr zero = getAffineConstantExpr(0, &ctx);
  // (d0, d1) -> (d1, 0, d0 + d1, d0): non-dim results are undistributed
  // unit dims.
  AffineMap map = AffineMap::get(2, 0, {d1, zero, d0 + d1, d0}, &ctx);
  EXPECT_EQ(str(l.apply(map)),
            str(layout({1, 1, 1, 2}, {4, 1, 1, 2}, {3, 1, 1, 1}, {4, 1, 1, 16},
                       {4, 1, 1, 1}, {0, 0, 0, 1}, {16, 0, 0, 1})));
  EXPECT_FALSE(l.apply(AffineMap::get(3, 0, {d0}, &ctx)));
}

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

TEST_F(NestedLayoutTest, ReshapeExpand) {
  // 64x64 -> 16x4x16x4.
  NestedLayoutAttr l =
      layout({1, 1}, {4, 4}, {1, 1}, {16, 4}, {1, 4}, {0, 0}, {1, 16});
  NestedLayoutAttr expanded =
      layout({1, 1, 1, 1}, {4, 1, 4, 1}, {1, 1, 1, 1}, {4, 4, 4, 1},
             {1, 1, 1, 4}, {0, 0, 0, 0}, {4, 1, 16, 0});
  EXPECT_EQ(str(l.reshape({16, 4, 16, 4})), str(expanded));
  // And back.
  EXPECT_EQ(str(expanded.reshape({64, 64})), str(l));
}

TEST_F(NestedLayoutTest, ReshapeSplitsSubgroups) {
  // 8 = subgroup 2 x thread 4 -> 2x4, and back.
  NestedLayoutAttr l = layout({2}, {1}, {1}, {4}, {1}, {4}, {1});
  NestedLayoutAttr split =
      layout({2, 1}, {1, 1}, {1, 1}, {1, 4}, {1, 1}, {4, 0}, {0, 1});
  EXPECT_EQ(str(l.reshape({2, 4})), str(split));
  EXPECT_EQ(str(split.reshape({8})), str(l));
}

TEST_F(NestedLayoutTest, ReshapeSplitsOneLevel) {
  // thread 16 with stride 2 -> 4x4: the outer part strides over 4 threads.
  NestedLayoutAttr l = layout({1}, {1}, {1}, {16}, {2}, {0}, {2});
  EXPECT_EQ(str(l.reshape({4, 8})), str(layout({1, 1}, {1, 1}, {1, 1}, {4, 4},
                                               {1, 2}, {0, 0}, {8, 2})));
}

TEST_F(NestedLayoutTest, ReshapeCollapseMergesStrides) {
  NestedLayoutAttr subgroups =
      layout({2, 2}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {2, 1}, {0, 0});
  EXPECT_EQ(str(subgroups.reshape({4})),
            str(layout({4}, {1}, {1}, {1}, {1}, {1}, {0})));
  NestedLayoutAttr threads =
      layout({1, 1}, {1, 1}, {1, 1}, {4, 4}, {1, 1}, {0, 0}, {4, 1});
  EXPECT_EQ(str(threads.reshape({16})),
            str(layout({1}, {1}, {1}, {16}, {1}, {0}, {1})));
}

TEST_F(NestedLayoutTest, ReshapeMergesSameLevelAcrossDims) {
  // The inner dim only has elements, so the outer dim's elements continue
  // them.
  EXPECT_EQ(str(elementsOnly({2, 4}).reshape({8})), str(elementsOnly({8})));
  // Element level, then the thread level of the outer dim.
  NestedLayoutAttr l =
      layout({1, 1}, {1, 1}, {1, 1}, {4, 1}, {1, 2}, {0, 0}, {1, 0});
  EXPECT_EQ(str(l.reshape({8})),
            str(layout({1}, {1}, {1}, {4}, {2}, {0}, {1})));
}

TEST_F(NestedLayoutTest, ReshapeUnitDims) {
  EXPECT_EQ(str(elementsOnly({4}).reshape({1, 4, 1})),
            str(elementsOnly({1, 4, 1})));
  EXPECT_EQ(str(elementsOnly({1, 4, 1}).reshape({4})), str(elementsOnly({4})));
  NestedLayoutAttr scalar = layout({}, {}, {}, {}, {}, {}, {});
  EXPECT_EQ(str(scalar.reshape({1, 1})), str(elementsOnly({1, 1})));
  EXPECT_EQ(str(elementsOnly({1, 1}).reshape({})), str(scalar));
}

TEST_F(NestedLayoutTest, ReshapeNonDividingSplit) {
  // element 4 x thread 3 = 12: 3x4 splits along the levels, 4x3 would cut
  // the element level into 3 and a third of a position.
  NestedLayoutAttr l = layout({1}, {1}, {1}, {3}, {4}, {0}, {1});
  EXPECT_EQ(str(l.reshape({3, 4})), str(layout({1, 1}, {1, 1}, {1, 1}, {3, 1},
                                               {1, 4}, {0, 0}, {1, 0})));
  EXPECT_FALSE(l.reshape({4, 3}));
  // element 2 x thread 3 = 6 -> 2x3: 3 is not a multiple of the element 2.
  EXPECT_FALSE(layout({1}, {1}, {1}, {3}, {2}, {0}, {1}).reshape({2, 3}));
}

TEST_F(NestedLayoutTest, ReshapeRejectsDownwardLevels) {
  // Inner dim: 4 threads; outer dim: 2 elements. In the collapsed dim the
  // outer elements would have to vary slower than the threads.
  NestedLayoutAttr l =
      layout({1, 1}, {1, 1}, {1, 1}, {1, 4}, {2, 1}, {0, 0}, {0, 1});
  EXPECT_FALSE(l.reshape({8}));
  // Outer positions of the inner dim followed by batch positions of the
  // outer dim keep the levels going up.
  NestedLayoutAttr ok =
      layout({1, 1}, {2, 1}, {1, 4}, {1, 1}, {1, 1}, {0, 0}, {0, 0});
  EXPECT_EQ(str(ok.reshape({8})),
            str(layout({1}, {2}, {4}, {1}, {1}, {0}, {0})));
}

TEST_F(NestedLayoutTest, ReshapeRejectsUncomposableStrides) {
  // Inner thread ids stride 8, outer ones 1: no single stride covers both.
  EXPECT_FALSE(layout({1, 1}, {1, 1}, {1, 1}, {4, 4}, {1, 1}, {0, 0}, {1, 8})
                   .reshape({16}));
  // Outer stride 8 instead of 1 * 4.
  EXPECT_FALSE(layout({1, 1}, {1, 1}, {1, 1}, {4, 4}, {1, 1}, {0, 0}, {8, 1})
                   .reshape({16}));
  // The same for subgroups.
  EXPECT_FALSE(layout({2, 2}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 2}, {0, 0})
                   .reshape({4}));
  EXPECT_FALSE(layout({2, 2}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {4, 1}, {0, 0})
                   .reshape({4}));
}

TEST_F(NestedLayoutTest, ReshapeRejectsSizeMismatch) {
  NestedLayoutAttr l = elementsOnly({4});
  EXPECT_FALSE(l.reshape({8}));
  EXPECT_FALSE(l.reshape({2}));
  EXPECT_FALSE(l.reshape({}));
  EXPECT_FALSE(l.reshape({0, 4}));
  EXPECT_FALSE(l.reshape({-4}));
}

//===----------------------------------------------------------------------===//
// needsSharedMemoryForConversion
//===----------------------------------------------------------------------===//

TEST_F(NestedLayoutTest, NeedsSharedMemoryForConversion) {
  NestedLayoutAttr base =
      layout({2, 1}, {2, 4}, {1, 1}, {16, 4}, {1, 4}, {1, 0}, {1, 16});
  EXPECT_FALSE(base.needsSharedMemoryForConversion(base));
  // Batch and outer tiles stay within a thread.
  EXPECT_FALSE(base.needsSharedMemoryForConversion(
      layout({2, 1}, {1, 2}, {2, 2}, {16, 4}, {1, 4}, {1, 0}, {1, 16})));

  NestedLayoutAttr differentSubgroupTile =
      layout({1, 2}, {2, 4}, {1, 1}, {16, 4}, {1, 4}, {0, 1}, {1, 16});
  NestedLayoutAttr differentThreadTile =
      layout({2, 1}, {2, 4}, {1, 1}, {8, 8}, {1, 4}, {1, 0}, {1, 8});
  NestedLayoutAttr differentElementTile =
      layout({2, 1}, {2, 2}, {1, 1}, {16, 4}, {1, 8}, {1, 0}, {1, 16});
  NestedLayoutAttr differentSubgroupStrides =
      layout({2, 1}, {2, 4}, {1, 1}, {16, 4}, {1, 4}, {2, 0}, {1, 16});
  NestedLayoutAttr differentThreadStrides =
      layout({2, 1}, {2, 4}, {1, 1}, {16, 4}, {1, 4}, {1, 0}, {4, 1});
  for (NestedLayoutAttr target :
       {differentSubgroupTile, differentThreadTile, differentElementTile,
        differentSubgroupStrides, differentThreadStrides}) {
    EXPECT_TRUE(base.needsSharedMemoryForConversion(target)) << str(target);
    EXPECT_TRUE(target.needsSharedMemoryForConversion(base)) << str(target);
  }
  // Without a known target layout, stay safe.
  EXPECT_TRUE(base.needsSharedMemoryForConversion(VectorLayoutInterface()));
}

//===----------------------------------------------------------------------===//
// getRecombinedLayout
//===----------------------------------------------------------------------===//

class RecombineTest : public NestedLayoutTest {
protected:
  AffineMap map(ArrayRef<unsigned> dims, unsigned numDims = 3) {
    SmallVector<AffineExpr> results;
    for (unsigned dim : dims)
      results.push_back(getAffineDimExpr(dim, &ctx));
    return AffineMap::get(numDims, 0, results, &ctx);
  }

  VectorLayoutInterface recombine(ArrayRef<VectorLayoutInterface> layouts,
                                  ArrayRef<AffineMap> maps,
                                  AffineMap resultMap) {
    return NestedLayoutAttr::getRecombinedLayout(layouts, maps, resultMap);
  }

  // A matmul: lhs (m, k), rhs (k, n), acc (m, n) over (d0, d1, d2) = (m, n, k).
  NestedLayoutAttr lhs =
      layout({2, 1}, {2, 4}, {1, 1}, {16, 4}, {1, 4}, {1, 0}, {1, 16});
  NestedLayoutAttr rhs =
      layout({1, 2}, {4, 8}, {1, 2}, {4, 16}, {4, 1}, {0, 2}, {16, 1});
};

TEST_F(RecombineTest, Matmul) {
  // m comes from lhs dim 0, n from rhs dim 1; k is not in the result.
  EXPECT_EQ(
      str(recombine({lhs, rhs}, {map({0, 2}), map({2, 1})}, map({0, 1}))),
      str(layout({2, 2}, {2, 8}, {1, 2}, {16, 16}, {1, 1}, {1, 2}, {1, 1})));
  // The result map decides where each dim goes.
  EXPECT_EQ(
      str(recombine({lhs, rhs}, {map({0, 2}), map({2, 1})}, map({1, 0}))),
      str(layout({2, 2}, {8, 2}, {2, 1}, {16, 16}, {1, 1}, {2, 1}, {1, 1})));
}

TEST_F(RecombineTest, AgreeingOperands) {
  EXPECT_EQ(str(recombine({lhs, lhs}, {map({0, 1}), map({0, 1})}, map({0, 1}))),
            str(lhs));
}

TEST_F(RecombineTest, ConflictIsNull) {
  // Both operands determine result dim 0, differently.
  EXPECT_FALSE(recombine({lhs, rhs}, {map({0, 1}), map({0, 1})}, map({0, 1})));
  // A conflict in a single field (thread strides) is enough.
  NestedLayoutAttr otherStrides =
      layout({2, 1}, {2, 4}, {1, 1}, {16, 4}, {1, 4}, {1, 0}, {4, 1});
  EXPECT_FALSE(
      recombine({lhs, otherStrides}, {map({0, 1}), map({0, 1})}, map({0, 1})));
}

TEST_F(RecombineTest, UnassignedIsNull) {
  // No operand covers d2.
  EXPECT_FALSE(recombine({lhs}, {map({0, 1})}, map({0, 2})));
  EXPECT_FALSE(recombine({}, {}, map({0})));
}

TEST_F(RecombineTest, MalformedInputsAreNull) {
  EXPECT_FALSE(recombine({lhs, VectorLayoutInterface()},
                         {map({0, 1}), map({0, 1})}, map({0, 1})));
  EXPECT_FALSE(recombine({lhs}, {map({0, 1}), map({0, 1})}, map({0, 1})));
  EXPECT_FALSE(recombine({lhs}, {map({0, 1, 2})}, map({0, 1})));
  AffineMap notADim = AffineMap::get(
      3, 0, {getAffineDimExpr(0, &ctx), getAffineConstantExpr(0, &ctx)}, &ctx);
  EXPECT_FALSE(recombine({lhs}, {notADim}, map({0})));
}

} // namespace
