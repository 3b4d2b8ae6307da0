//===- SetSPIRVCapabilities.cpp - IMEX's SPIR-V target environment --------===//
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
#define GEN_PASS_DEF_SETSPIRVCAPABILITIES
#include "imex/CodeGen/Passes.h.inc"
} // namespace imex

using namespace mlir;
using imex::codegen::SPIRVFlavour;

namespace {

/// IMEX's target environment for `flavour`, capabilities and extensions in
/// IMEX's order (its users' tests print them).
spirv::TargetEnvAttr imexTargetEnv(MLIRContext *ctx, SPIRVFlavour flavour) {
  using spirv::Capability;
  using spirv::Extension;
  SmallVector<Capability> caps;
  SmallVector<Extension> exts;
  spirv::ClientAPI api;
  if (flavour == SPIRVFlavour::OpenCL) {
    caps = {Capability::Addresses,
            Capability::Bfloat16ConversionINTEL,
            Capability::BFloat16TypeKHR,
            Capability::Float16Buffer,
            Capability::Int64,
            Capability::Int16,
            Capability::Int8,
            Capability::Kernel,
            Capability::Linkage,
            Capability::Vector16,
            Capability::GenericPointer,
            Capability::Groups,
            Capability::Float16,
            Capability::Float64,
            Capability::AtomicFloat32AddEXT,
            Capability::ExpectAssumeKHR,
            Capability::VectorAnyINTEL,
            Capability::VectorComputeINTEL};
    exts = {Extension::SPV_EXT_shader_atomic_float_add,
            Extension::SPV_KHR_bfloat16, Extension::SPV_KHR_expect_assume,
            Extension::SPV_INTEL_bfloat16_conversion,
            Extension::SPV_INTEL_vector_compute};
    api = spirv::ClientAPI::OpenCL;
  } else {
    caps = {Capability::Shader};
    exts = {Extension::SPV_KHR_storage_buffer_storage_class};
    api = spirv::ClientAPI::Vulkan;
  }
  auto triple =
      spirv::VerCapExtAttr::get(spirv::Version::V_1_4, caps, exts, ctx);
  return spirv::TargetEnvAttr::get(triple, spirv::getDefaultResourceLimits(ctx),
                                   api);
}

struct SetSPIRVCapabilitiesPass
    : imex::impl::SetSPIRVCapabilitiesBase<SetSPIRVCapabilitiesPass> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<SPIRVFlavour> flavour =
        imex::codegen::flavourOfClientAPI(getOperation(), clientAPI);
    if (!flavour)
      return signalPassFailure();
    spirv::TargetEnvAttr env = imexTargetEnv(&getContext(), *flavour);
    getOperation()->walk([&](gpu::GPUModuleOp module) {
      if (!module->hasAttrOfType<spirv::TargetEnvAttr>(
              spirv::getTargetEnvAttrName()))
        module->setAttr(spirv::getTargetEnvAttrName(), env);
    });
  }
};

} // namespace
