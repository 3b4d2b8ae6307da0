//===- AddGPURegions.cpp - wrap GPU-typed ops in env_regions --------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace imex {
#define GEN_PASS_DEF_ADDGPUREGIONS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;
using namespace imex;

namespace {

/// The first GPU environment in `types`' encodings, or null.
region::GPUEnvAttr findGpuEnv(TypeRange types) {
  for (Type type : types)
    if (region::GPUEnvAttr env = ndarray::getGPUEnv(type))
      return env;
  return {};
}

/// The GPU environment `op` works in: from its results, else (except for
/// ndarray.copy, whose source may live anywhere) from its operands.
region::GPUEnvAttr gpuEnvOf(Operation *op) {
  if (region::GPUEnvAttr env = findGpuEnv(op->getResultTypes()))
    return env;
  if (isa<ndarray::CopyOp>(op))
    return {};
  return findGpuEnv(op->getOperandTypes());
}

bool needsWrapping(Operation *op) {
  Operation *parent = op->getParentOp();
  if (!parent || op->hasTrait<OpTrait::IsTerminator>() ||
      isa<region::EnvironmentRegionOp>(op))
    return false;
  auto parentRegion = dyn_cast<region::EnvironmentRegionOp>(parent);
  return !(parentRegion && region::isGpuRegion(parentRegion));
}

/// True if `forall`'s iterations can run as GPU threads: its body slices
/// tensors and computes on them with linalg, arith and math ops and index
/// arithmetic only (as tiled code, IREE's for one, is written), so it holds
/// no host call, no loop or branch, and no copy that bufferization would
/// give a buffer of its own inside the kernel.
bool isOffloadableForall(scf::ForallOp forall) {
  WalkResult result = forall.getBody()->walk([](Operation *op) {
    Dialect *dialect = op->getDialect();
    bool allowed =
        isa<linalg::LinalgOp, linalg::YieldOp, linalg::IndexOp,
            tensor::ExtractSliceOp, tensor::InsertSliceOp,
            tensor::ParallelInsertSliceOp, tensor::EmptyOp, tensor::DimOp,
            tensor::ExtractOp, tensor::CastOp, scf::InParallelOp,
            affine::AffineApplyOp, affine::AffineMinOp, affine::AffineMaxOp>(
            op) ||
        (dialect && isa<arith::ArithDialect, math::MathDialect>(dialect));
    return allowed ? WalkResult::advance() : WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

struct AddGPURegionsPass : imex::impl::AddGPURegionsBase<AddGPURegionsPass> {
  using Base::Base;

  /// The environment that `op`'s linalg work is offloaded to: the whole
  /// program's, or its function's (kOffloadDeviceAttr: an environment or
  /// a device name); null if none.
  static region::GPUEnvAttr offloadEnvOf(Operation *op,
                                         region::GPUEnvAttr programEnv) {
    if (programEnv)
      return programEnv;
    auto func = op->getParentOfType<func::FuncOp>();
    Attribute offload =
        func ? func->getAttr(imex::kOffloadDeviceAttr) : Attribute();
    if (auto env = dyn_cast_or_null<region::GPUEnvAttr>(offload))
      return env;
    if (auto device = dyn_cast_or_null<StringAttr>(offload))
      return region::GPUEnvAttr::get(op->getContext(), device);
    return {};
  }

  void runOnOperation() override {
    region::GPUEnvAttr offloadEnv;
    if (!offloadDevice.empty())
      offloadEnv = region::GPUEnvAttr::get(
          &getContext(), StringAttr::get(&getContext(), offloadDevice));
    // Under offload, an scf.forall whose iterations can be GPU threads goes
    // to the GPU whole (one kernel, instead of a host loop launching its
    // body), and the ops inside it with it.
    llvm::SmallPtrSet<Operation *, 4> wholeForalls;
    getOperation()->walk<WalkOrder::PreOrder>([&](scf::ForallOp forall) {
      if (!offloadEnvOf(forall, offloadEnv) ||
          forall->getParentOfType<region::EnvironmentRegionOp>() ||
          !isOffloadableForall(forall))
        return WalkResult::advance();
      wholeForalls.insert(forall);
      return WalkResult::skip();
    });
    auto inWholeForall = [&](Operation *op) {
      for (auto forall = op->getParentOfType<scf::ForallOp>(); forall;
           forall = forall->getParentOfType<scf::ForallOp>())
        if (wholeForalls.contains(forall))
          return true;
      return false;
    };
    SmallVector<std::pair<Operation *, region::GPUEnvAttr>> toWrap;
    getOperation()->walk<WalkOrder::PostOrder>([&](Operation *op) {
      if (op == getOperation() || !needsWrapping(op) || inWholeForall(op))
        return;
      if (region::GPUEnvAttr env = gpuEnvOf(op))
        toWrap.emplace_back(op, env);
      else if (region::GPUEnvAttr env = offloadEnvOf(op, offloadEnv);
               env &&
               (isa<linalg::LinalgOp>(op) || wholeForalls.contains(op)) &&
               !op->getParentOfType<region::EnvironmentRegionOp>())
        toWrap.emplace_back(op, env);
    });

    IRRewriter rewriter(&getContext());
    for (auto [wrapped, env] : toWrap) {
      Operation *op = wrapped;
      rewriter.setInsertionPoint(op);
      auto wrapper = region::EnvironmentRegionOp::create(
          rewriter, op->getLoc(), env, ValueRange(), op->getResultTypes());
      Block *body = &wrapper.getRegion().front();
      Operation *yield = body->getTerminator();
      rewriter.replaceAllUsesWith(op->getResults(), wrapper.getResults());
      rewriter.moveOpBefore(op, yield);
      rewriter.modifyOpInPlace(yield,
                               [&] { yield->setOperands(op->getResults()); });
    }
  }
};

} // namespace
