//===- RegionHelpersTest.cpp - isGpuRegion / isInGpuRegion / builder ------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/Region/IR/Region.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace imex::region;

namespace {

class RegionHelpersTest : public ::testing::Test {
protected:
  RegionHelpersTest() {
    context
        .loadDialect<RegionDialect, arith::ArithDialect, func::FuncDialect>();
  }

  OwningOpRef<ModuleOp> parse(StringRef source) {
    return parseSourceString<ModuleOp>(source, ParserConfig(&context));
  }

  /// The op carrying attribute `tag`, found by walking the module.
  Operation *findTagged(ModuleOp module, StringRef tag) {
    Operation *found = nullptr;
    module.walk([&](Operation *op) {
      if (op->hasAttr(tag))
        found = op;
    });
    return found;
  }

  MLIRContext context;
};

constexpr const char *kNestedRegions = R"mlir(
  func.func @f() {
    %outside = arith.constant {outside} 0 : i32
    region.env_region {gpu} #region.gpu_env<device = "XeGPU"> {
      %in_gpu = arith.constant {in_gpu} 1 : i32
      region.env_region {host} "protect_copy_op" {
        %in_host = arith.constant {in_host} 2 : i32
        region.env_region {inner_gpu} #region.gpu_env<device = "XeGPU"> {
          %in_inner_gpu = arith.constant {in_inner_gpu} 3 : i32
        }
      }
    }
    return
  }
)mlir";

TEST_F(RegionHelpersTest, IsGpuRegionLooksAtTheEnvironment) {
  OwningOpRef<ModuleOp> module = parse(kNestedRegions);
  ASSERT_TRUE(module);
  EXPECT_TRUE(
      isGpuRegion(cast<EnvironmentRegionOp>(findTagged(*module, "gpu"))));
  EXPECT_FALSE(
      isGpuRegion(cast<EnvironmentRegionOp>(findTagged(*module, "host"))));
  EXPECT_FALSE(isGpuRegion(EnvironmentRegionOp()));
}

TEST_F(RegionHelpersTest, IsInGpuRegionUsesTheNearestRegion) {
  OwningOpRef<ModuleOp> module = parse(kNestedRegions);
  ASSERT_TRUE(module);
  EXPECT_FALSE(isInGpuRegion(findTagged(*module, "outside")));
  EXPECT_TRUE(isInGpuRegion(findTagged(*module, "in_gpu")));
  // A non-GPU region hides the GPU region around it ...
  EXPECT_FALSE(isInGpuRegion(findTagged(*module, "in_host")));
  // ... and a GPU region inside it counts again.
  EXPECT_TRUE(isInGpuRegion(findTagged(*module, "in_inner_gpu")));
  // The region op itself is judged by the region around it.
  EXPECT_FALSE(isInGpuRegion(findTagged(*module, "gpu")));
  EXPECT_TRUE(isInGpuRegion(findTagged(*module, "host")));
  EXPECT_FALSE(isInGpuRegion(nullptr));
}

TEST_F(RegionHelpersTest, BuilderAlwaysTerminatesTheBody) {
  OpBuilder builder(&context);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());

  auto empty =
      EnvironmentRegionOp::create(builder, loc, builder.getStringAttr("e"));
  ASSERT_EQ(empty.getRegion().front().getOperations().size(), 1u);
  EXPECT_TRUE(isa<EnvironmentRegionYieldOp>(empty.getRegion().front().back()));

  auto gpuEnv = GPUEnvAttr::get(&context, builder.getStringAttr("XeGPU"));
  auto withResult = EnvironmentRegionOp::create(
      builder, loc, gpuEnv, ValueRange(), TypeRange{builder.getI32Type()},
      [](OpBuilder &b, Location l) {
        Value c = arith::ConstantIntOp::create(b, l, 5, 32);
        EnvironmentRegionYieldOp::create(b, l, c);
      });
  auto yield = cast<EnvironmentRegionYieldOp>(
      withResult.getRegion().front().getTerminator());
  EXPECT_EQ(yield.getResults().size(), 1u);
  EXPECT_TRUE(isGpuRegion(withResult));
  EXPECT_TRUE(succeeded(verify(*module)));
}

} // namespace
