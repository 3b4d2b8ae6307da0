//===- NestedLayoutIRTest.cpp - computeThreadIds and to_layout bounds -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/VectorExt/IR/VectorExt.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

namespace {

class NestedLayoutIRTest : public ::testing::Test {
protected:
  NestedLayoutIRTest() {
    ctx.loadDialect<func::FuncDialect, IREEVectorExtDialect>();
    module = parseSourceString<ModuleOp>("func.func @f(%tid: index) { return }",
                                         &ctx);
    func = cast<func::FuncOp>(module->getBody()->front());
  }

  Value threadId() { return func.getArgument(0); }

  /// Creates the ids at the start of @f.
  SmallVector<Value> computeIds(NestedLayoutAttr layout, int64_t subgroupSize) {
    IRRewriter rewriter(&ctx);
    rewriter.setInsertionPointToStart(&func.getBody().front());
    return layout.computeThreadIds(threadId(), subgroupSize, rewriter);
  }

  /// Evaluates result `result` of a delinearization without outer bound.
  static int64_t evaluate(affine::AffineDelinearizeIndexOp op, int64_t result,
                          int64_t id) {
    // Result 0 is the unbounded rest; result i >= 1 belongs to basis[i - 1].
    ArrayRef<int64_t> basis = op.getStaticBasis();
    for (int64_t i = basis.size(); i >= 1; --i) {
      if (i == result)
        return id % basis[i - 1];
      id /= basis[i - 1];
    }
    return id;
  }

  static std::string str(Operation *op) {
    std::string result;
    llvm::raw_string_ostream os(result);
    op->print(os);
    return result;
  }

  size_t numOpsInBody() {
    return func.getBody().front().getOperations().size();
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  func::FuncOp func;
};

TEST_F(NestedLayoutIRTest, ComputeThreadIdsOps) {
  NestedLayoutAttr layout = NestedLayoutAttr::get(
      &ctx, {2, 1}, {2, 4}, {1, 1}, {16, 4}, {1, 4}, {1, 0}, {1, 16});
  SmallVector<Value> ids = computeIds(layout, 64);
  ASSERT_EQ(ids.size(), 4u);

  // Two delinearizations of the thread id, subgroups first.
  Block &body = func.getBody().front();
  ASSERT_EQ(body.getOperations().size(), 3u);
  auto subgroupSplit = cast<affine::AffineDelinearizeIndexOp>(body.front());
  auto threadSplit =
      cast<affine::AffineDelinearizeIndexOp>(*std::next(body.begin()));
  // Subgroup dim 1 is not distributed (basis entry 1); the lane id (64) is
  // split off first.
  EXPECT_EQ(str(subgroupSplit),
            "%0:4 = affine.delinearize_index %arg0 into (2, 1, 64) : index, "
            "index, index, index");
  EXPECT_EQ(str(threadSplit),
            "%1:3 = affine.delinearize_index %arg0 into (4, 16) : index, "
            "index, index");
  EXPECT_EQ(ids[0], subgroupSplit.getResult(1));
  EXPECT_EQ(ids[1], subgroupSplit.getResult(2));
  EXPECT_EQ(ids[2], threadSplit.getResult(2));
  EXPECT_EQ(ids[3], threadSplit.getResult(1));
}

TEST_F(NestedLayoutIRTest, ComputeThreadIdsSemantics) {
  // Thread strides with a gap (4 threads, then 8 threads at stride 16) and
  // subgroups interleaved the other way round.
  NestedLayoutAttr layout = NestedLayoutAttr::get(
      &ctx, {2, 3}, {1, 1}, {1, 1}, {4, 8}, {1, 1}, {3, 1}, {1, 16});
  constexpr int64_t subgroupSize = 128;
  SmallVector<Value> ids = computeIds(layout, subgroupSize);
  ASSERT_EQ(ids.size(), 4u);

  auto valueOf = [&](Value id, int64_t tid) {
    auto result = cast<OpResult>(id);
    return evaluate(cast<affine::AffineDelinearizeIndexOp>(result.getOwner()),
                    result.getResultNumber(), tid);
  };
  for (int64_t tid = 0; tid < 4 * 6 * subgroupSize; ++tid) {
    int64_t subgroup = tid / subgroupSize;
    EXPECT_EQ(valueOf(ids[0], tid), (subgroup / 3) % 2) << tid;
    EXPECT_EQ(valueOf(ids[1], tid), (subgroup / 1) % 3) << tid;
    EXPECT_EQ(valueOf(ids[2], tid), (tid / 1) % 4) << tid;
    EXPECT_EQ(valueOf(ids[3], tid), (tid / 16) % 8) << tid;
  }
}

TEST_F(NestedLayoutIRTest, ComputeThreadIdsUndistributedDimIsZero) {
  // thread_tile 4 with stride 0 is replicated over all threads.
  NestedLayoutAttr layout = NestedLayoutAttr::get(
      &ctx, {1, 1}, {1, 1}, {1, 1}, {4, 8}, {1, 1}, {0, 0}, {0, 1});
  SmallVector<Value> ids = computeIds(layout, 32);
  ASSERT_EQ(ids.size(), 4u);
  auto valueOf = [&](Value id, int64_t tid) {
    auto result = cast<OpResult>(id);
    return evaluate(cast<affine::AffineDelinearizeIndexOp>(result.getOwner()),
                    result.getResultNumber(), tid);
  };
  for (int64_t tid = 0; tid < 256; ++tid) {
    EXPECT_EQ(valueOf(ids[0], tid), 0);
    EXPECT_EQ(valueOf(ids[1], tid), 0);
    EXPECT_EQ(valueOf(ids[2], tid), 0);
    EXPECT_EQ(valueOf(ids[3], tid), tid % 8);
  }
}

TEST_F(NestedLayoutIRTest, ComputeThreadIdsFailsWithoutOps) {
  size_t before = numOpsInBody();
  // Thread ids at strides 1 and 3 overlap.
  NestedLayoutAttr overlapping = NestedLayoutAttr::get(
      &ctx, {1, 1}, {1, 1}, {1, 1}, {4, 4}, {1, 1}, {0, 0}, {3, 1});
  EXPECT_TRUE(computeIds(overlapping, 64).empty());
  // The same for subgroups.
  NestedLayoutAttr overlappingSubgroups = NestedLayoutAttr::get(
      &ctx, {4, 2}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 2}, {0, 0});
  EXPECT_TRUE(computeIds(overlappingSubgroups, 64).empty());
  EXPECT_EQ(numOpsInBody(), before);
}

TEST_F(NestedLayoutIRTest, ComputeThreadIdsRankZero) {
  NestedLayoutAttr scalar =
      NestedLayoutAttr::get(&ctx, {}, {}, {}, {}, {}, {}, {});
  EXPECT_TRUE(computeIds(scalar, 64).empty());
}

TEST_F(NestedLayoutIRTest, ToLayoutBuilderAndValueBounds) {
  OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(R"mlir(
    func.func @g(%t: tensor<?x4xf16>, %u: tensor<?x4xf16>) -> tensor<?x4xf16> {
      return %t : tensor<?x4xf16>
    })mlir",
                                                        &ctx);
  ASSERT_TRUE(m);
  auto g = cast<func::FuncOp>(m->getBody()->front());
  Value input = g.getArgument(0), other = g.getArgument(1);
  auto layout = NestedLayoutAttr::get(&ctx, {1, 1}, {1, 1}, {1, 1}, {1, 1},
                                      {1, 4}, {0, 0}, {0, 0});

  OpBuilder builder(&ctx);
  builder.setInsertionPointToStart(&g.getBody().front());
  auto op = ToLayoutOp::create(builder, g.getLoc(), input, layout);
  EXPECT_EQ(op.getType(), input.getType());
  EXPECT_TRUE(op.hasTensorSemantics());
  EXPECT_FALSE(op.getSharedMemoryConversion());
  EXPECT_TRUE(succeeded(verify(op)));

  // The dynamic dim of the result is the one of the input, and nothing is
  // known about its relation to an unrelated value.
  FailureOr<bool> same =
      ValueBoundsConstraintSet::areEqual({op.getResult(), 0}, {input, 0});
  ASSERT_TRUE(succeeded(same));
  EXPECT_TRUE(*same);
  EXPECT_TRUE(failed(
      ValueBoundsConstraintSet::areEqual({op.getResult(), 0}, {other, 0})));
}

} // namespace
