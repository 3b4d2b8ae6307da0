//===- LowerGpuAllReduce.cpp - gpu.all_reduce through workgroup memory ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace imex {
#define GEN_PASS_DEF_LOWERGPUALLREDUCE
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// Threads a workgroup has at most (Vulkan and OpenCL devices allow 1024 or
/// fewer): the scratch size where the launch's block size is not constant.
constexpr int64_t kMaxWorkgroupSize = 1024;

/// `a` combined with `b` as `op` combines: by its operation, or by its
/// body (one block ending in gpu.yield) with `a` and `b` for arguments.
Value combine(OpBuilder &b, Location loc, gpu::AllReduceOp op, Value a,
              Value c) {
  if (std::optional<gpu::AllReduceOperation> kind = op.getOp()) {
    bool isFloat = isa<FloatType>(a.getType());
    using Kind = gpu::AllReduceOperation;
    switch (*kind) {
    case Kind::ADD:
      return isFloat ? arith::AddFOp::create(b, loc, a, c).getResult()
                     : arith::AddIOp::create(b, loc, a, c).getResult();
    case Kind::MUL:
      return isFloat ? arith::MulFOp::create(b, loc, a, c).getResult()
                     : arith::MulIOp::create(b, loc, a, c).getResult();
    case Kind::MINUI:
      return arith::MinUIOp::create(b, loc, a, c);
    case Kind::MINSI:
      return arith::MinSIOp::create(b, loc, a, c);
    case Kind::MINNUMF:
      return arith::MinNumFOp::create(b, loc, a, c);
    case Kind::MAXUI:
      return arith::MaxUIOp::create(b, loc, a, c);
    case Kind::MAXSI:
      return arith::MaxSIOp::create(b, loc, a, c);
    case Kind::MAXNUMF:
      return arith::MaxNumFOp::create(b, loc, a, c);
    case Kind::AND:
      return arith::AndIOp::create(b, loc, a, c);
    case Kind::OR:
      return arith::OrIOp::create(b, loc, a, c);
    case Kind::XOR:
      return arith::XOrIOp::create(b, loc, a, c);
    case Kind::MINIMUMF:
      return arith::MinimumFOp::create(b, loc, a, c);
    case Kind::MAXIMUMF:
      return arith::MaximumFOp::create(b, loc, a, c);
    }
  }
  Block &body = op.getBody().front();
  IRMapping mapping;
  mapping.map(body.getArgument(0), a);
  mapping.map(body.getArgument(1), c);
  for (Operation &nested : body.without_terminator())
    b.clone(nested, mapping);
  return mapping.lookup(body.getTerminator()->getOperand(0));
}

/// Replaces `op` in `launch` with a tree in workgroup memory: every thread
/// stores its value at its linear id; then, for strides halving from the
/// largest power of two below the workgroup size, each thread below the
/// stride whose partner exists folds the partner's value into its own; all
/// threads read the result from slot 0. Barriers separate the steps, and a
/// last one keeps a later reduction by this op (in a loop) from
/// overwriting slot 0 before every thread has read it.
void lowerToTree(gpu::AllReduceOp op, gpu::LaunchOp launch) {
  IRRewriter rewriter(op.getContext());
  Location loc = op.getLoc();
  Type type = op.getType();
  gpu::KernelDim3 threads = launch.getBlockSizeOperandValues();
  int64_t maxThreads = kMaxWorkgroupSize;
  if (auto x = getConstantIntValue(threads.x))
    if (auto y = getConstantIntValue(threads.y))
      if (auto z = getConstantIntValue(threads.z))
        maxThreads = *x * *y * *z;

  // Workgroup memory (space 3) is allocated where the kernel starts.
  rewriter.setInsertionPointToStart(&launch.getBody().front());
  Value scratch = memref::AllocOp::create(
      rewriter, loc,
      MemRefType::get({maxThreads}, type, MemRefLayoutAttrInterface(),
                      rewriter.getI64IntegerAttr(3)));

  rewriter.setInsertionPoint(op);
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  gpu::KernelDim3 tid = launch.getThreadIds();
  gpu::KernelDim3 size = launch.getBlockSize();
  // The linear thread id and workgroup size, as the launch's block
  // arguments give them.
  Value linear = arith::AddIOp::create(
      rewriter, loc, tid.x,
      arith::MulIOp::create(
          rewriter, loc, size.x,
          arith::AddIOp::create(
              rewriter, loc, tid.y,
              arith::MulIOp::create(rewriter, loc, size.y, tid.z))));
  Value count = arith::MulIOp::create(
      rewriter, loc, size.x,
      arith::MulIOp::create(rewriter, loc, size.y, size.z));
  memref::StoreOp::create(rewriter, loc, op.getValue(), scratch, linear);
  gpu::BarrierOp::create(rewriter, loc);
  for (int64_t stride = llvm::PowerOf2Ceil(maxThreads) / 2; stride > 0;
       stride /= 2) {
    Value partner = arith::AddIOp::create(rewriter, loc, linear, cst(stride));
    Value folds = arith::AndIOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, linear,
                              cst(stride)),
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, partner,
                              count));
    scf::IfOp::create(rewriter, loc, folds, [&](OpBuilder &b, Location l) {
      Value mine = memref::LoadOp::create(b, l, scratch, linear);
      Value theirs = memref::LoadOp::create(b, l, scratch, partner);
      memref::StoreOp::create(b, l, combine(b, l, op, mine, theirs), scratch,
                              linear);
      scf::YieldOp::create(b, l);
    });
    gpu::BarrierOp::create(rewriter, loc);
  }
  Value total = memref::LoadOp::create(rewriter, loc, scratch, cst(0));
  gpu::BarrierOp::create(rewriter, loc);
  rewriter.replaceOp(op, total);
}

struct LowerGpuAllReducePass
    : imex::impl::LowerGpuAllReduceBase<LowerGpuAllReducePass> {
  void runOnOperation() override {
    SmallVector<std::pair<gpu::AllReduceOp, gpu::LaunchOp>> reductions;
    WalkResult result = getOperation().walk([&](gpu::AllReduceOp op) {
      auto launch = op->getParentOfType<gpu::LaunchOp>();
      if (!launch)
        return WalkResult::advance();
      if (!op.getOp() && !op.getBody().hasOneBlock()) {
        op.emitError("gpu.all_reduce with a body of more than one block "
                     "cannot be lowered");
        return WalkResult::interrupt();
      }
      reductions.push_back({op, launch});
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    for (auto [op, launch] : reductions)
      lowerToTree(op, launch);
  }
};

} // namespace
