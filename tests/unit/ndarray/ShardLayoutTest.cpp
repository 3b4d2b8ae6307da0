//===- ShardLayoutTest.cpp - static shard layout helpers ------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The layout arithmetic shared by the ndarray sharding models and
// coalesce-shard-ops: shard cores of balanced / explicit splits, halos, and
// how a strided slice falls onto the shards.
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/NDArray/Transforms/ShardingInterfaceImpl.h"

#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::shard;
namespace sh = imex::ndarray::sharding;

namespace {

class ShardLayoutTest : public ::testing::Test {
protected:
  ShardLayoutTest() {
    context.loadDialect<ShardDialect>();
    module = parseSourceString<ModuleOp>(R"mlir(
      shard.grid @g4(shape = 4)
      shard.grid @g2x3(shape = 2x3)
      shard.grid @gdyn(shape = ?)
    )mlir",
                                         ParserConfig(&context));
  }

  GridOp grid(StringRef name) { return module->lookupSymbol<GridOp>(name); }

  Sharding sharding(StringRef name, ArrayRef<SmallVector<GridAxis>> axes,
                    ArrayRef<int64_t> halos = {},
                    ArrayRef<int64_t> offsets = {}) {
    SmallVector<GridAxesAttr> attrs;
    for (const auto &a : axes)
      attrs.push_back(GridAxesAttr::get(&context, a));
    return Sharding::get(FlatSymbolRefAttr::get(&context, name), attrs, halos,
                         offsets);
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(ShardLayoutTest, SplitAxesAndReplication) {
  Sharding s = sharding("g2x3", {{}, {1, 0}});
  EXPECT_TRUE(sh::splitAxesOf(s, 0).empty());
  EXPECT_EQ(sh::splitAxesOf(s, 1).vec(), (std::vector<GridAxis>{1, 0}));
  EXPECT_TRUE(sh::splitAxesOf(s, 5).empty());
  EXPECT_FALSE(sh::isReplicated(s));
  EXPECT_TRUE(sh::isReplicated(sharding("g4", {{}})));
  EXPECT_TRUE(sh::isReplicated(Sharding()));
}

// Uneven blocks as imex::blockStart places them everywhere: the first
// size % count shards one longer.
TEST_F(ShardLayoutTest, BalancedSplitGivesLeadingShardsTheRest) {
  auto layout = sh::getStaticDimLayout(sharding("g4", {{0}}), grid("g4"),
                                       /*dim=*/0, /*dimSize=*/10);
  ASSERT_TRUE(succeeded(layout));
  ASSERT_TRUE(layout->has_value());
  EXPECT_EQ((*layout)->axis, 0);
  EXPECT_EQ((*layout)->numShards(), 4);
  EXPECT_EQ((*layout)->bounds, (SmallVector<int64_t>{0, 3, 6, 8, 10}));
  EXPECT_EQ((*layout)->localStart(2), 6);
  EXPECT_EQ((*layout)->localEnd(2), 8);
}

TEST_F(ShardLayoutTest, UnsplitDimensionHasNoLayout) {
  auto layout = sh::getStaticDimLayout(sharding("g4", {{}, {0}}), grid("g4"),
                                       /*dim=*/0, /*dimSize=*/10);
  ASSERT_TRUE(succeeded(layout));
  EXPECT_FALSE(layout->has_value());
}

TEST_F(ShardLayoutTest, HalosWidenTheLocalRange) {
  Sharding s = sharding("g2x3", {{0}, {1}}, /*halos=*/{1, 2, 3, 0});
  auto rows = sh::getStaticDimLayout(s, grid("g2x3"), 0, 8);
  auto cols = sh::getStaticDimLayout(s, grid("g2x3"), 1, 9);
  ASSERT_TRUE(succeeded(rows) && rows->has_value());
  ASSERT_TRUE(succeeded(cols) && cols->has_value());
  EXPECT_EQ((*rows)->bounds, (SmallVector<int64_t>{0, 4, 8}));
  EXPECT_EQ((*rows)->localStart(1), 3);
  EXPECT_EQ((*rows)->localEnd(0), 6);
  EXPECT_EQ((*cols)->axis, 1);
  EXPECT_EQ((*cols)->bounds, (SmallVector<int64_t>{0, 3, 6, 9}));
  EXPECT_EQ((*cols)->localStart(1), 0);
  EXPECT_EQ((*cols)->localEnd(1), 6);
}

TEST_F(ShardLayoutTest, ExplicitOffsetsOfTheSecondSplitDimension) {
  // Dim 0 takes 2 + 1 entries, dim 1 the next 3 + 1.
  Sharding s = sharding("g2x3", {{0}, {1}}, {},
                        /*offsets=*/{0, 5, 8, 0, 0, 4, 9});
  auto positions = sh::getShardedDimsOffsetsPositions(s, grid("g2x3"));
  ASSERT_TRUE(succeeded(positions));
  EXPECT_EQ(*positions, (SmallVector<int64_t>{0, 3}));
  auto cols = sh::getStaticDimLayout(s, grid("g2x3"), 1, ShapedType::kDynamic);
  ASSERT_TRUE(succeeded(cols) && cols->has_value());
  EXPECT_EQ((*cols)->bounds, (SmallVector<int64_t>{0, 0, 4, 9}));
}

TEST_F(ShardLayoutTest, UnsupportedLayoutsFail) {
  // Two grid axes on one dimension, a dynamic grid, a dynamic size.
  EXPECT_TRUE(failed(
      sh::getStaticDimLayout(sharding("g2x3", {{0, 1}}), grid("g2x3"), 0, 12)));
  EXPECT_TRUE(failed(
      sh::getStaticDimLayout(sharding("gdyn", {{0}}), grid("gdyn"), 0, 12)));
  EXPECT_TRUE(failed(sh::getStaticDimLayout(sharding("g4", {{0}}), grid("g4"),
                                            0, ShapedType::kDynamic)));
  EXPECT_TRUE(failed(sh::getShardedDimsOffsetsPositions(sharding("gdyn", {{0}}),
                                                        grid("gdyn"))));
}

TEST_F(ShardLayoutTest, SliceBounds) {
  SmallVector<int64_t> cores{0, 256, 512, 768, 1024};
  // Rows 511..513.
  EXPECT_EQ(sh::sliceBounds(cores, 511, 3, 1),
            (SmallVector<int64_t>{0, 0, 1, 3, 3}));
  // Rows 255, 512, 769.
  EXPECT_EQ(sh::sliceBounds(cores, 255, 3, 257),
            (SmallVector<int64_t>{0, 1, 1, 2, 3}));
  // Rows 100..699.
  EXPECT_EQ(sh::sliceBounds(cores, 100, 600, 1),
            (SmallVector<int64_t>{0, 156, 412, 600, 600}));
  // An empty slice.
  EXPECT_EQ(sh::sliceBounds(cores, 7, 0, 3),
            (SmallVector<int64_t>{0, 0, 0, 0, 0}));
}

} // namespace
