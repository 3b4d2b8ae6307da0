//===- LinearizeLaunchMemrefs.cpp - flat buffers for gpu.launch bodies ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// SPIR-V kernels receive a buffer as a bare pointer, so a kernel can only
// index memrefs whose layout it knows statically: a multi-dimensional array
// with dynamic sizes, or a strided view, has strides and an offset that the
// pointer does not carry. Before outlining, every such memref used in a
// gpu.launch is replaced there by a 1-D memref over its whole allocation;
// the offset and strides are taken on the host
// (memref.extract_strided_metadata) and become kernel arguments through
// outlining, and each load/store computes its linear index from them.
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace imex {
#define GEN_PASS_DEF_LINEARIZELAUNCHMEMREFS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// Memrefs a kernel can index without help: rank 0 or 1 with the identity
/// layout (a 0-d view at an offset, such as a reduction's init chosen by a
/// branch, needs its offset).
bool needsLinearization(MemRefType type) {
  return type.getRank() > 1 || !type.getLayout().isIdentity();
}

/// True if every use of `memref` inside `launch` is a load, store or dim
/// (scalar or vector), the accesses this pass knows how to rewrite.
bool onlySimpleAccesses(Value memref, gpu::LaunchOp launch) {
  return llvm::all_of(memref.getUses(), [&](OpOperand &use) {
    Operation *user = use.getOwner();
    if (!launch->isProperAncestor(user))
      return true;
    if (auto store = dyn_cast<memref::StoreOp>(user))
      return store.getMemRef() == memref;
    // A vector of one dimension, along the innermost one (whose stride the
    // verifier makes 1).
    if (auto store = dyn_cast<vector::StoreOp>(user))
      return store.getBase() == memref && store.getVectorType().getRank() == 1;
    if (auto load = dyn_cast<vector::LoadOp>(user))
      return load.getVectorType().getRank() == 1;
    return isa<memref::LoadOp, memref::DimOp>(user);
  });
}

/// The flat view and layout values of one memref, built before the launch.
struct FlatBuffer {
  Value flat;
  Value offset;
  SmallVector<Value> sizes;
  SmallVector<Value> strides;

  Value linearIndex(OpBuilder &builder, Location loc,
                    ValueRange indices) const {
    return imex::buildLinearIndex(builder, loc, offset, indices, strides);
  }
};

FlatBuffer flatten(OpBuilder &builder, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  auto metadata =
      memref::ExtractStridedMetadataOp::create(builder, loc, memref);
  FlatBuffer buffer;
  buffer.offset = metadata.getOffset();
  llvm::append_range(buffer.sizes, metadata.getSizes());
  llvm::append_range(buffer.strides, metadata.getStrides());
  // The flat view spans the allocation up to the last element the memref
  // can reach.
  Value extent = imex::buildLayoutExtent(builder, loc, buffer.offset,
                                         buffer.sizes, buffer.strides);
  auto flatType =
      MemRefType::get({ShapedType::kDynamic}, type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  buffer.flat = memref::ReinterpretCastOp::create(
      builder, loc, flatType, metadata.getBaseBuffer(),
      /*offset=*/OpFoldResult(builder.getIndexAttr(0)),
      /*sizes=*/ArrayRef<OpFoldResult>{extent},
      /*strides=*/ArrayRef<OpFoldResult>{builder.getIndexAttr(1)});
  return buffer;
}

/// The linear index of a vector access; for one known to be aligned
/// (imex::kAlignedVectorAttr), with its low bits cleared, which changes
/// nothing there and shows the SPIR-V conversion that the vector is one
/// element of a vector array (Vulkan cannot access it otherwise).
Value alignedIfKnown(OpBuilder &builder, Operation *access, Value index,
                     VectorType vector) {
  if (!access->hasAttr(imex::kAlignedVectorAttr) ||
      !llvm::isPowerOf2_64(vector.getNumElements()))
    return index;
  Value mask = arith::ConstantIndexOp::create(builder, access->getLoc(),
                                              -vector.getNumElements());
  return arith::AndIOp::create(builder, access->getLoc(), index, mask);
}

void linearize(gpu::LaunchOp launch, Value memref, IRRewriter &rewriter) {
  rewriter.setInsertionPoint(launch);
  FlatBuffer buffer = flatten(rewriter, launch.getLoc(), memref);

  for (OpOperand &use : llvm::make_early_inc_range(memref.getUses())) {
    Operation *user = use.getOwner();
    if (!launch->isProperAncestor(user))
      continue;
    rewriter.setInsertionPoint(user);
    Location loc = user->getLoc();
    if (auto load = dyn_cast<memref::LoadOp>(user)) {
      Value index = buffer.linearIndex(rewriter, loc, load.getIndices());
      rewriter.replaceOpWithNewOp<memref::LoadOp>(load, buffer.flat, index);
    } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
      Value index = buffer.linearIndex(rewriter, loc, store.getIndices());
      rewriter.replaceOpWithNewOp<memref::StoreOp>(store, store.getValue(),
                                                   buffer.flat, index);
    } else if (isa<vector::LoadOp, vector::StoreOp>(user)) {
      // A vector runs along the innermost dimension, whose stride is 1.
      auto moveToFlat = [&](auto access) {
        Value index = alignedIfKnown(
            rewriter, access,
            buffer.linearIndex(rewriter, loc, access.getIndices()),
            access.getVectorType());
        rewriter.modifyOpInPlace(access, [&] {
          access.getBaseMutable().assign(buffer.flat);
          access.getIndicesMutable().assign(index);
        });
      };
      if (auto load = dyn_cast<vector::LoadOp>(user))
        moveToFlat(load);
      else
        moveToFlat(cast<vector::StoreOp>(user));
    } else {
      auto dim = cast<memref::DimOp>(user);
      std::optional<int64_t> constant = dim.getConstantIndex();
      if (!constant)
        continue; // a dynamic dim index stays on the original memref
      rewriter.replaceOp(dim, buffer.sizes[*constant]);
    }
  }
}

struct LinearizeLaunchMemrefsPass
    : imex::impl::LinearizeLaunchMemrefsBase<LinearizeLaunchMemrefsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // Views taken inside launches (the rows of an offloaded forall's
    // iterations) first fold into the accesses through them, which then
    // index the captured memrefs; views from outside stay captured.
    RewritePatternSet patterns(&getContext());
    memref::populateFoldMemRefAliasOpPatterns(patterns);
    FrozenRewritePatternSet folds(std::move(patterns));
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    getOperation()->walk([&](gpu::LaunchOp launch) {
      SmallVector<Operation *> views, accesses;
      launch.getBody().walk([&](ViewLikeOpInterface view) {
        views.push_back(view);
        llvm::append_range(accesses, view->getUsers());
      });
      if (views.empty())
        return;
      (void)applyOpPatternsGreedily(accesses, folds, config);
      for (Operation *view : llvm::reverse(views))
        if (isOpTriviallyDead(view))
          view->erase();
    });
    getOperation()->walk([&](gpu::LaunchOp launch) {
      // Memrefs defined outside the launch and used inside it.
      llvm::SetVector<Value> captured;
      launch.getBody().walk([&](Operation *op) {
        for (Value operand : op->getOperands()) {
          auto type = dyn_cast<MemRefType>(operand.getType());
          if (type && needsLinearization(type) &&
              !launch->isAncestor(operand.getParentBlock()->getParentOp()))
            captured.insert(operand);
        }
      });
      for (Value memref : captured)
        if (onlySimpleAccesses(memref, launch))
          linearize(launch, memref, rewriter);
    });
  }
};

} // namespace
