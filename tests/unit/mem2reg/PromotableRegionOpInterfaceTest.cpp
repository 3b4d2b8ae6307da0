//===- PromotableRegionOpInterfaceTest.cpp - region models and helpers ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Interfaces/PromotableRegionOpInterface.h"
#include "imex/Interfaces/PromotableRegionOpInterfaceImpl.h"

#include "imex/Dialect/Region/IR/Region.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {

class PromotableRegionOpInterfaceTest : public ::testing::Test {
protected:
  PromotableRegionOpInterfaceTest() {
    DialectRegistry registry;
    registry.insert<arith::ArithDialect, func::FuncDialect, scf::SCFDialect,
                    affine::AffineDialect, memref::MemRefDialect,
                    imex::region::RegionDialect>();
    imex::registerPromotableRegionOpInterfaceExternalModels(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  OwningOpRef<ModuleOp> parse(StringRef source) {
    return parseSourceString<ModuleOp>(source, &context);
  }

  template <typename OpTy> OpTy first(ModuleOp module) {
    OpTy found;
    module.walk([&](OpTy op) {
      if (!found)
        found = op;
    });
    return found;
  }

  MLIRContext context;
};

/// Counts what a rewriter listener hears.
struct CountingListener : RewriterBase::Listener {
  void notifyOperationReplaced(Operation *, ValueRange) override { ++replaced; }
  void notifyOperationErased(Operation *) override { ++erased; }
  int replaced = 0;
  int erased = 0;
};

TEST_F(PromotableRegionOpInterfaceTest, ModelsAreAttached) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    func.func @f(%c: i1, %n: index, %i: index, %x: f32) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.if %c {}
      scf.for %k = %c0 to %n step %c1 {}
      scf.while : () -> () { scf.condition(%c) } do { scf.yield }
      scf.execute_region { scf.yield }
      scf.index_switch %i default {}
      scf.forall (%j) in (4) {}
      %s = scf.parallel (%j) = (%c0) to (%n) step (%c1) init (%x) -> f32 {
        scf.reduce(%x : f32) {
        ^bb0(%l: f32, %r: f32):
          scf.reduce.return %l : f32
        }
      }
      affine.for %j = 0 to 4 {
        affine.if affine_set<(d0) : (d0 >= 0)>(%j) {}
      }
      region.env_region "e" {}
      return
    })mlir");
  ASSERT_TRUE(module);
  int withInterface = 0;
  bool loadOnlyRejectsStores = true;
  bool othersAcceptStores = true;
  MemorySlot slot{Value(), Float32Type::get(&context)};
  module->walk([&](Operation *op) {
    auto promotable = dyn_cast<PromotableRegionOpInterface>(op);
    if (!promotable)
      return;
    ++withInterface;
    bool accepts = promotable.isRegionPromotable(slot, &op->getRegion(0), true);
    if (isa<scf::ForallOp, scf::ParallelOp, scf::ReduceOp>(op))
      loadOnlyRejectsStores &= !accepts;
    else
      othersAcceptStores &= accepts;
    EXPECT_TRUE(promotable.isRegionPromotable(slot, &op->getRegion(0), false))
        << op->getName().getStringRef().str();
  });
  EXPECT_EQ(withInterface, 11);
  EXPECT_TRUE(loadOnlyRejectsStores);
  EXPECT_TRUE(othersAcceptStores);
}

TEST_F(PromotableRegionOpInterfaceTest, ReplaceWithExtraResultMovesRegions) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    func.func @f(%c: i1, %x: i32) -> i32 {
      %r = scf.if %c -> i32 {
        scf.yield %x : i32
      } else {
        scf.yield %x : i32
      } {tag = 7 : i64}
      return %r : i32
    })mlir");
  ASSERT_TRUE(module);
  auto ifOp = first<scf::IfOp>(*module);
  Block *thenBlock = &ifOp.getThenRegion().front();
  auto ret = first<func::ReturnOp>(*module);

  CountingListener listener;
  IRRewriter rewriter(&context, &listener);
  Operation *newOp = imex::replaceWithExtraResult(
      ifOp, IntegerType::get(&context, 64), rewriter);
  ASSERT_EQ(newOp->getNumResults(), 2u);
  EXPECT_TRUE(newOp->getResult(1).getType().isInteger(64));
  EXPECT_EQ(ret.getOperand(0), newOp->getResult(0));
  EXPECT_EQ(&newOp->getRegion(0).front(), thenBlock);
  EXPECT_TRUE(newOp->hasAttr("tag"));
  EXPECT_EQ(listener.replaced, 1);
  EXPECT_EQ(listener.erased, 1);
}

TEST_F(PromotableRegionOpInterfaceTest, ReachingDefAtEndFallsBack) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    func.func @f(%x: i32, %y: i32) { return })mlir");
  ASSERT_TRUE(module);
  auto func = first<func::FuncOp>(*module);
  Block *block = &func.getBody().front();
  Value x = block->getArgument(0), y = block->getArgument(1);
  DenseMap<Block *, Value> ends;
  EXPECT_EQ(imex::reachingDefAtEnd(ends, block, x), x);
  ends[block] = Value();
  EXPECT_EQ(imex::reachingDefAtEnd(ends, block, x), x);
  ends[block] = y;
  EXPECT_EQ(imex::reachingDefAtEnd(ends, block, x), y);
}

TEST_F(PromotableRegionOpInterfaceTest, PruneRemovesOnlyUnneededEntries) {
  // Result #1 of the loop and result #0 of the if only feed each other;
  // result #0 of the loop is returned; the while is not handled.
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    func.func @f(%c: i1, %n: index, %x: i32) -> i32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %l:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x)
          -> (i32, i32) {
        %r = scf.if %c -> i32 {
          scf.yield %x : i32
        } else {
          scf.yield %b : i32
        }
        scf.yield %a, %r : i32, i32
      }
      %w = scf.while (%v = %x) : (i32) -> i32 {
        scf.condition(%c) %v : i32
      } do {
      ^bb0(%v: i32):
        scf.yield %v : i32
      }
      return %l#0 : i32
    })mlir");
  ASSERT_TRUE(module);
  auto forOp = first<scf::ForOp>(*module);
  auto ifOp = first<scf::IfOp>(*module);
  auto whileOp = first<scf::WhileOp>(*module);
  IRRewriter rewriter(&context);
  imex::pruneUnusedPromotionResults(
      {{forOp, 0}, {forOp, 1}, {ifOp, 0}, {whileOp, 0}}, rewriter);

  forOp = first<scf::ForOp>(*module);
  EXPECT_EQ(forOp.getNumResults(), 1u);
  EXPECT_EQ(forOp.getInitArgs().size(), 1u);
  EXPECT_EQ(forOp.getRegionIterArgs().size(), 1u);
  ifOp = first<scf::IfOp>(*module);
  EXPECT_EQ(ifOp.getNumResults(), 0u);
  EXPECT_TRUE(ifOp.getElseRegion().empty());
  EXPECT_EQ(first<scf::WhileOp>(*module).getNumResults(), 1u);
  EXPECT_TRUE(succeeded(verify(*module)));
}

} // namespace

namespace {

// The function form of mem2reg (what the .nda frontend calls) promotes a
// slot through scf.if as the pass does, and says whether it changed
// anything.
TEST_F(PromotableRegionOpInterfaceTest, PromoteMemorySlotsFunction) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
      %slot = memref.alloca() : memref<i32>
      memref.store %a, %slot[] : memref<i32>
      scf.if %c {
        memref.store %b, %slot[] : memref<i32>
      }
      %r = memref.load %slot[] : memref<i32>
      return %r : i32
    }
  )mlir");
  ASSERT_TRUE(module);
  auto func = first<func::FuncOp>(*module);
  EXPECT_TRUE(imex::promoteMemorySlots(func));
  EXPECT_FALSE(first<memref::AllocaOp>(*module));
  auto ifOp = first<scf::IfOp>(*module);
  ASSERT_TRUE(ifOp);
  EXPECT_EQ(ifOp.getNumResults(), 1u);
  EXPECT_TRUE(succeeded(verify(*module)));
  EXPECT_FALSE(imex::promoteMemorySlots(func)); // nothing left
}

} // namespace
