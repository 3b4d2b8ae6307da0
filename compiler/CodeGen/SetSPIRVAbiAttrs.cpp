//===- SetSPIRVAbiAttrs.cpp - IMEX's SPIR-V entry point ABI ---------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ClientAPIOption.h"
#include "imex/CodeGen/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"

namespace imex {
#define GEN_PASS_DEF_SETSPIRVABIATTRS
#include "imex/CodeGen/Passes.h.inc"
} // namespace imex

using namespace mlir;
using imex::codegen::SPIRVFlavour;

namespace {

struct SetSPIRVAbiAttrsPass
    : imex::impl::SetSPIRVAbiAttrsBase<SetSPIRVAbiAttrsPass> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<SPIRVFlavour> flavour =
        imex::codegen::flavourOfClientAPI(getOperation(), clientAPI);
    if (!flavour)
      return signalPassFailure();
    MLIRContext *ctx = &getContext();
    // IMEX's Vulkan kernels run one invocation per workgroup.
    SmallVector<int32_t> workgroup;
    if (*flavour == SPIRVFlavour::Vulkan)
      workgroup = {1, 1, 1};
    spirv::EntryPointABIAttr abi = spirv::getEntryPointABIAttr(ctx, workgroup);
    getOperation()->walk([&](gpu::GPUModuleOp module) {
      for (auto func : module.getOps<gpu::GPUFuncOp>())
        if (func.isKernel() &&
            !func->hasAttr(spirv::getEntryPointABIAttrName()))
          func->setAttr(spirv::getEntryPointABIAttrName(), abi);
    });
  }
};

} // namespace
