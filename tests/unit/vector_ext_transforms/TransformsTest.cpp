//===- TransformsTest.cpp - iree_vector_ext pattern sets and checks -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The public pattern sets compose in a driver of one's own, and
// canLowerToVectorGatherScatter / explainUnloweredVectorExtOp give the
// documented verdicts.
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/VectorExt/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

namespace {

class VectorExtTransformsTest : public ::testing::Test {
protected:
  VectorExtTransformsTest() {
    ctx.loadDialect<arith::ArithDialect, func::FuncDialect, scf::SCFDialect,
                    ub::UBDialect, vector::VectorDialect,
                    IREEVectorExtDialect>();
  }

  /// Parses `body` as the body of `func.func @f(<args>)`.
  OwningOpRef<ModuleOp> parse(StringRef args, StringRef body) {
    std::string text =
        ("func.func @f(" + args + ") {\n" + body + "\n  return\n}").str();
    return parseSourceString<ModuleOp>(text, &ctx);
  }

  template <typename OpTy> static SmallVector<OpTy> collect(Operation *root) {
    SmallVector<OpTy> ops;
    root->walk([&](OpTy op) { ops.push_back(op); });
    return ops;
  }

  /// The verdict of canLowerToVectorGatherScatter on the only indexed
  /// transfer of `module`: "" when it can be lowered, else the reason.
  static std::string verdict(ModuleOp module) {
    SmallVector<IndexedVectorOpInterface> ops =
        collect<IndexedVectorOpInterface>(module);
    EXPECT_EQ(ops.size(), 1u);
    std::string reason;
    if (succeeded(canLowerToVectorGatherScatter(ops.front(), &reason)))
      return "";
    EXPECT_FALSE(reason.empty());
    return reason;
  }

  MLIRContext ctx;
};

constexpr const char *kGatherArgs =
    "%src: memref<8x16xf32>, %idx: vector<4xindex>, %i0: vector<4xindex>";

TEST_F(VectorExtTransformsTest, LowerableGather) {
  OwningOpRef<ModuleOp> module = parse(kGatherArgs, R"mlir(
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %g = iree_vector_ext.transfer_gather %src[%c0, %c0] [%idx : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : memref<8x16xf32>, vector<4xf32>)mlir");
  ASSERT_TRUE(module);
  EXPECT_EQ(verdict(*module), "");
}

TEST_F(VectorExtTransformsTest, Verdicts) {
  struct Case {
    const char *body;
    const char *reason;
  } cases[] = {
      {R"mlir(
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %g = iree_vector_ext.transfer_gather %src[%c0, %c0] [%idx, %i0 : vector<4xindex>, vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0, s1] -> (s1, s0)>, affine_map<(d0)[s0, s1] -> (d0)>,
                     affine_map<(d0)[s0, s1] -> (d0)>]
  } : memref<8x16xf32>, vector<4xf32>)mlir",
       "expected exactly one index vector, found 2"},
      {R"mlir(
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %g = iree_vector_ext.transfer_gather %src[%c0, %c0] [%idx : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (d0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : memref<8x16xf32>, vector<4xf32>)mlir",
       "leading base dimension 0 is indexed by 'd0', not a constant; "
       "vector.gather/scatter only vary the innermost base dimension"},
      {R"mlir(
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %g = iree_vector_ext.transfer_gather %src[%c0] [%idx : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : memref<8x16xf32>, vector<4xf32>)mlir",
       "the base has rank 2 but there are 1 offsets and 2 base map results"},
  };
  for (const Case &c : cases) {
    OwningOpRef<ModuleOp> module = parse(kGatherArgs, c.body);
    ASSERT_TRUE(module);
    EXPECT_EQ(verdict(*module), c.reason);
  }
}

TEST_F(VectorExtTransformsTest, UnrollAndLowerInOneDriver) {
  // The unrolling and the vector.gather/scatter lowering compose without the
  // passes: a rank-3 gather and a rank-2 memref scatter become rank-1
  // vector.gather / vector.scatter ops.
  OwningOpRef<ModuleOp> module = parse(
      "%src: tensor<4x4x16xf32>, %idx: vector<2x3x8xindex>, "
      "%dst: memref<4x16xf32>, %v: vector<2x8xf32>, %sidx: vector<2x8xindex>",
      R"mlir(
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %g = iree_vector_ext.transfer_gather %src[%c0, %c0, %c0] [%idx : vector<2x3x8xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1, d2)[s0] -> (d0, d1, s0)>,
                     affine_map<(d0, d1, d2)[s0] -> (d0, d1, d2)>]
  } : tensor<4x4x16xf32>, vector<2x3x8xf32>
  iree_vector_ext.transfer_scatter %v into %dst[%c0, %c0] [%sidx : vector<2x8xindex>] {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : vector<2x8xf32>, memref<4x16xf32>
  vector.print %g : vector<2x3x8xf32>)mlir");
  ASSERT_TRUE(module);

  RewritePatternSet patterns(&ctx);
  populateVectorTransferGatherScatterLoweringPatterns(patterns);
  populateLowerTransferGatherScatterToVectorPatterns(patterns);
  ASSERT_TRUE(succeeded(applyPatternsGreedily(*module, std::move(patterns))));
  ASSERT_TRUE(succeeded(verify(*module)));

  EXPECT_TRUE(collect<IndexedVectorOpInterface>(*module).empty());
  SmallVector<vector::GatherOp> gathers = collect<vector::GatherOp>(*module);
  SmallVector<vector::ScatterOp> scatters = collect<vector::ScatterOp>(*module);
  EXPECT_EQ(gathers.size(), 6u);
  EXPECT_EQ(scatters.size(), 2u);
  for (vector::GatherOp gather : gathers)
    EXPECT_EQ(gather.getVectorType().getRank(), 1);
}

TEST_F(VectorExtTransformsTest, ArgCompareWithGreedyDriver) {
  OwningOpRef<ModuleOp> module =
      parse("%in: vector<3x4xf32>, %iv: vector<4xf32>, %ii: vector<4xi32>",
            R"mlir(
  %r:2 = iree_vector_ext.arg_compare dimension(0) ins(%in : vector<3x4xf32>)
      inits(%iv, %ii : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  vector.print %r#1 : vector<4xi32>)mlir");
  ASSERT_TRUE(module);
  RewritePatternSet patterns(&ctx);
  populateLowerArgCompareToVectorPatterns(patterns);
  ASSERT_TRUE(succeeded(applyPatternsGreedily(*module, std::move(patterns))));
  ASSERT_TRUE(succeeded(verify(*module)));
  EXPECT_TRUE(collect<ArgCompareOp>(*module).empty());
  EXPECT_EQ(collect<scf::ForOp>(*module).size(), 4u);
  EXPECT_EQ(collect<vector::TransposeOp>(*module).size(), 1u);
}

TEST_F(VectorExtTransformsTest, ExplainsSimdSimtOps) {
  OwningOpRef<ModuleOp> module = parse("%v: vector<4x2xf32>", R"mlir(
  %s = iree_vector_ext.to_simd %v : vector<4x2xf32> -> vector<8xf32>
  %t = iree_vector_ext.to_simt %s : vector<8xf32> -> vector<4x2xf32>
  vector.print %t : vector<4x2xf32>)mlir");
  ASSERT_TRUE(module);
  SmallVector<ToSIMDOp> simd = collect<ToSIMDOp>(*module);
  ASSERT_EQ(simd.size(), 1u);
  std::string reason = explainUnloweredVectorExtOp(simd.front());
  EXPECT_NE(reason.find("GPU vector distribution"), std::string::npos);
}

} // namespace
