//===- GPUToGPUX.cpp - host-side gpu ops -> gpux ops on an explicit stream ===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every host-side gpu.alloc/dealloc/wait/memcpy/memset/launch_func inside a
// single-block func.func becomes its gpux counterpart, with the function's
// stream as the extra operand. The function's stream is the first
// gpux.create_stream directly in its block, or a new one created at the block
// start (and destroyed right before the terminator) when there is none, so
// that every buffer of a function is allocated, used and freed on one stream
// that the function owns.
//
//===----------------------------------------------------------------------===//

#include "imex/Conversion/Passes.h"
#include "imex/Dialect/GPUX/IR/GPUX.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace imex {
#define GEN_PASS_DEF_CONVERTGPUTOGPUX
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// The single-block func.func whose stream `op` should use, or null when `op`
/// must be left alone: outside a func.func, in a function with several
/// blocks, in a function nested inside a gpu.module (device code), or below
/// another isolated-from-above op inside the function.
static func::FuncOp getStreamOwner(Operation *op) {
  Operation *isolated = op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
  auto func = dyn_cast_or_null<func::FuncOp>(isolated);
  if (!func || !func.getBody().hasOneBlock())
    return {};
  if (func->getParentOfType<gpu::GPUModuleOp>())
    return {};
  return func;
}

/// Returns the stream of `func` for use by `op`, creating it when the
/// function has none yet. Returns null (and changes nothing) when the
/// function's existing stream cannot be made to dominate `op`.
static Value getOrCreateStream(func::FuncOp func, Operation *op,
                               PatternRewriter &rewriter) {
  Block &block = func.getBody().front();
  Operation *anchor = block.findAncestorOpInBlock(*op);
  if (!anchor)
    return {};

  for (Operation &candidate : block) {
    auto create = dyn_cast<imex::gpux::CreateStreamOp>(candidate);
    if (!create)
      continue;
    if (create->isBeforeInBlock(anchor))
      return create.getResult();
    // The function's stream is created after `op`. Without operands it can
    // simply be created earlier; a stream built from a device and a context
    // defined later cannot, so `op` stays as it is.
    if (create->getNumOperands() != 0)
      return {};
    rewriter.moveOpBefore(create, &block.front());
    return create.getResult();
  }

  OpBuilder::InsertionGuard guard(rewriter);
  Location unknown = rewriter.getUnknownLoc();
  rewriter.setInsertionPointToStart(&block);
  auto create = imex::gpux::CreateStreamOp::create(rewriter, unknown);
  rewriter.setInsertionPoint(block.getTerminator());
  imex::gpux::DestroyStreamOp::create(rewriter, unknown, create.getResult());
  return create.getResult();
}

/// Matches a host-side gpu op that may be converted and provides the stream.
template <typename GpuOp> struct StreamPattern : OpRewritePattern<GpuOp> {
  using OpRewritePattern<GpuOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(GpuOp op,
                                PatternRewriter &rewriter) const final {
    func::FuncOp func = getStreamOwner(op);
    if (!func)
      return rewriter.notifyMatchFailure(op, "not in a single-block func.func");
    if (failed(precondition(op)))
      return rewriter.notifyMatchFailure(op, "unsupported form");
    Value stream = getOrCreateStream(func, op, rewriter);
    if (!stream)
      return rewriter.notifyMatchFailure(op, "the function's stream is "
                                             "created after this op");
    rewriter.setInsertionPoint(op);
    rewrite(op, stream, rewriter);
    return success();
  }

  virtual LogicalResult precondition(GpuOp) const { return success(); }
  virtual void rewrite(GpuOp op, Value stream,
                       PatternRewriter &rewriter) const = 0;
};

/// Type of the optional async token result of `op` (null when synchronous).
static Type tokenType(Value token) { return token ? token.getType() : Type(); }

struct AllocPattern : StreamPattern<gpu::AllocOp> {
  using StreamPattern::StreamPattern;
  void rewrite(gpu::AllocOp op, Value stream,
               PatternRewriter &rewriter) const override {
    auto alloc = imex::gpux::AllocOp::create(
        rewriter, op.getLoc(), op.getMemref().getType(),
        tokenType(op.getAsyncToken()), op.getAsyncDependencies(), stream,
        op.getDynamicSizes(), op.getSymbolOperands(), op.getHostSharedAttr());
    rewriter.replaceOp(op, alloc->getResults());
  }
};

struct DeallocPattern : StreamPattern<gpu::DeallocOp> {
  using StreamPattern::StreamPattern;
  void rewrite(gpu::DeallocOp op, Value stream,
               PatternRewriter &rewriter) const override {
    auto dealloc = imex::gpux::DeallocOp::create(
        rewriter, op.getLoc(), tokenType(op.getAsyncToken()),
        op.getAsyncDependencies(), stream, op.getMemref());
    rewriter.replaceOp(op, dealloc->getResults());
  }
};

struct WaitPattern : StreamPattern<gpu::WaitOp> {
  using StreamPattern::StreamPattern;
  void rewrite(gpu::WaitOp op, Value stream,
               PatternRewriter &rewriter) const override {
    auto wait = imex::gpux::WaitOp::create(rewriter, op.getLoc(),
                                           tokenType(op.getAsyncToken()),
                                           op.getAsyncDependencies(), stream);
    rewriter.replaceOp(op, wait->getResults());
  }
};

struct MemcpyPattern : StreamPattern<gpu::MemcpyOp> {
  using StreamPattern::StreamPattern;
  void rewrite(gpu::MemcpyOp op, Value stream,
               PatternRewriter &rewriter) const override {
    auto copy = imex::gpux::MemcpyOp::create(
        rewriter, op.getLoc(), tokenType(op.getAsyncToken()),
        op.getAsyncDependencies(), stream, op.getDst(), op.getSrc());
    rewriter.replaceOp(op, copy->getResults());
  }
};

struct MemsetPattern : StreamPattern<gpu::MemsetOp> {
  using StreamPattern::StreamPattern;
  void rewrite(gpu::MemsetOp op, Value stream,
               PatternRewriter &rewriter) const override {
    auto set = imex::gpux::MemsetOp::create(
        rewriter, op.getLoc(), tokenType(op.getAsyncToken()),
        op.getAsyncDependencies(), stream, op.getDst(), op.getValue());
    rewriter.replaceOp(op, set->getResults());
  }
};

/// The gpu.func that `launch` calls: its gpu.module must be a direct child of
/// the nearest builtin.module around the launch.
static gpu::GPUFuncOp lookupKernel(gpu::LaunchFuncOp launch) {
  auto module = launch->getParentOfType<ModuleOp>();
  if (!module)
    return {};
  auto gpuModule = dyn_cast_or_null<gpu::GPUModuleOp>(
      SymbolTable::lookupSymbolIn(module, launch.getKernelModuleName()));
  if (!gpuModule)
    return {};
  return dyn_cast_or_null<gpu::GPUFuncOp>(
      SymbolTable::lookupSymbolIn(gpuModule, launch.getKernelName()));
}

struct LaunchFuncPattern : StreamPattern<gpu::LaunchFuncOp> {
  using StreamPattern::StreamPattern;

  LogicalResult precondition(gpu::LaunchFuncOp op) const override {
    // A launch on an explicit upstream stream object keeps that stream.
    if (op.getAsyncObject())
      return failure();
    return success(static_cast<bool>(lookupKernel(op)));
  }

  void rewrite(gpu::LaunchFuncOp op, Value stream,
               PatternRewriter &rewriter) const override {
    // gpux takes index grid and block sizes; gpu.launch_func also allows i32
    // and i64 ones.
    auto toIndex = [&](Value size) -> Value {
      if (size.getType().isIndex())
        return size;
      return arith::IndexCastUIOp::create(rewriter, op.getLoc(),
                                          rewriter.getIndexType(), size);
    };
    gpu::KernelDim3 grid{toIndex(op.getGridSizeX()), toIndex(op.getGridSizeY()),
                         toIndex(op.getGridSizeZ())};
    gpu::KernelDim3 block{toIndex(op.getBlockSizeX()),
                          toIndex(op.getBlockSizeY()),
                          toIndex(op.getBlockSizeZ())};
    auto launch = imex::gpux::LaunchFuncOp::create(
        rewriter, op.getLoc(), stream, lookupKernel(op), grid, block,
        op.getDynamicSharedMemorySize(), op.getKernelOperands(),
        tokenType(op.getAsyncToken()), op.getAsyncDependencies());
    rewriter.replaceOp(op, launch->getResults());
  }
};

struct ConvertGPUToGPUXPass
    : imex::impl::ConvertGPUToGPUXBase<ConvertGPUToGPUXPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    imex::populateGPUToGPUXPatterns(patterns);
    // The greedy driver, as IMEX runs this conversion: it also folds, so
    // constants move to the start of their function, ahead of the stream
    // (in the order IMEX users' tests expect), and unused allocations go.
    // Every pattern reaches its final form in one rewrite, so the driver
    // converges; like IMEX, a driver that stops early is not an error.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};

} // namespace

void imex::populateGPUToGPUXPatterns(RewritePatternSet &patterns) {
  patterns.add<AllocPattern, DeallocPattern, WaitPattern, MemcpyPattern,
               MemsetPattern, LaunchFuncPattern>(patterns.getContext());
}
