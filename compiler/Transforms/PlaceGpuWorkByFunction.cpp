//===- PlaceGpuWorkByFunction.cpp - GPU placement per function ------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Upstream partitioning drops tensor encodings where it builds tensors
// (inits, neutral elements), so in a distributed program GPU placement does
// not survive it as `#region.gpu_env` encodings. This pass moves the
// placement from the tensors to the functions that have them, which
// add-gpu-regions and insert-gpu-allocs honour.
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "imex/Dialect/Region/IR/Region.h"
#include "imex/Support/DialectUse.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace imex {
#define GEN_PASS_DEF_PLACEGPUWORKBYFUNCTION
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// `type` without its encoding, if it is a GPU-placed tensor.
Type withoutGpuPlacement(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !imex::ndarray::hasGPUEnv(tensor))
    return type;
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType());
}

/// The GPU environment of a tensor in `func`'s signature or body, if any.
imex::region::GPUEnvAttr findGpuEnv(func::FuncOp func) {
  imex::region::GPUEnvAttr env;
  FunctionType type = func.getFunctionType();
  for (Type t : llvm::concat<const Type>(type.getInputs(), type.getResults()))
    if (auto found = imex::ndarray::getGPUEnv(t))
      env = found;
  if (env)
    return env;
  func.walk([&](Operation *op) {
    for (Type t :
         llvm::concat<const Type>(llvm::to_vector(op->getResultTypes()),
                                  llvm::to_vector(op->getOperandTypes())))
      if (auto found = imex::ndarray::getGPUEnv(t))
        env = found;
    return env ? WalkResult::interrupt() : WalkResult::advance();
  });
  return env;
}

/// A function with GPU-placed tensors loses the encodings and, if it has a
/// body, has its array work offloaded to that environment (device and
/// workgroup size) as a whole: each process runs its part there.
void placeByFunction(func::FuncOp func) {
  imex::region::GPUEnvAttr env = findGpuEnv(func);
  if (!env)
    return;
  func.walk([](Operation *op) {
    for (OpResult result : op->getResults())
      result.setType(withoutGpuPlacement(result.getType()));
    for (Region &region : op->getRegions())
      for (BlockArgument arg : region.getArguments())
        arg.setType(withoutGpuPlacement(arg.getType()));
    // A constant's value has its result's type.
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      if (auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
          value && value.getType() != constant.getType())
        constant.setValueAttr(
            value.reshape(cast<ShapedType>(constant.getType())));
  });
  FunctionType type = func.getFunctionType();
  auto strip = [](TypeRange types) {
    return llvm::map_to_vector(types, withoutGpuPlacement);
  };
  func.setFunctionType(FunctionType::get(
      func.getContext(), strip(type.getInputs()), strip(type.getResults())));
  if (!func.isExternal())
    func->setAttr(imex::kOffloadDeviceAttr, env);
}

struct PlaceGpuWorkByFunctionPass
    : imex::impl::PlaceGpuWorkByFunctionBase<PlaceGpuWorkByFunctionPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Without shardings nothing is partitioned: encodings survive.
    if (!imex::usesDialect(module, "shard"))
      return;
    // Every function, so that calls keep agreeing on types.
    for (auto func : module.getOps<func::FuncOp>())
      placeByFunction(func);
  }
};

} // namespace
