//===- ImexConvertGPUToSPIRV.cpp - IMEX's gpu.module to spirv.module ------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Conversion/Passes.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Conversion/ArithToSPIRV/ArithToSPIRV.h"
#include "mlir/Conversion/ControlFlowToSPIRV/ControlFlowToSPIRV.h"
#include "mlir/Conversion/FuncToSPIRV/FuncToSPIRV.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h"
#include "mlir/Conversion/IndexToSPIRV/IndexToSPIRV.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRV.h"
#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Conversion/SCFToSPIRV/SCFToSPIRV.h"
#include "mlir/Conversion/UBToSPIRV/UBToSPIRV.h"
#include "mlir/Conversion/VectorToSPIRV/VectorToSPIRV.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace imex {
#define GEN_PASS_DEF_IMEXCONVERTGPUTOSPIRV
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

struct ImexConvertGPUToSPIRVPass
    : imex::impl::ImexConvertGPUToSPIRVBase<ImexConvertGPUToSPIRVPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // The clones are converted; the originals stay for the launches.
    SmallVector<gpu::GPUModuleOp> clones;
    module.walk([&](gpu::GPUModuleOp gpuModule) {
      OpBuilder b(gpuModule);
      clones.push_back(cast<gpu::GPUModuleOp>(b.clone(*gpuModule)));
    });
    spirv::MemorySpaceToStorageClassConverter storage(
        spirv::mapMemorySpaceToOpenCLStorageClass);
    for (gpu::GPUModuleOp clone : clones) {
      // See for-results-to-while and exact-float-min-max.
      RewritePatternSet exact(ctx);
      imex::populateForResultsToWhilePatterns(exact);
      imex::populateExactFloatMinMaxPatterns(exact);
      walkAndApplyPatterns(clone, std::move(exact));
      spirv::convertMemRefTypesAndAttrs(clone, storage);
      spirv::TargetEnvAttr env = spirv::lookupTargetEnvOrDefault(clone);
      std::unique_ptr<ConversionTarget> target =
          SPIRVConversionTarget::get(env);
      SPIRVConversionOptions options;
      options.use64bitIndex = true;
      SPIRVTypeConverter converter(env, options);
      ScfToSPIRVContext scfContext;
      RewritePatternSet patterns(ctx);
      populateGPUToSPIRVPatterns(converter, patterns);
      arith::populateArithToSPIRVPatterns(converter, patterns);
      populateBuiltinFuncToSPIRVPatterns(converter, patterns);
      populateFuncToSPIRVPatterns(converter, patterns);
      populateVectorToSPIRVPatterns(converter, patterns);
      populateMathToSPIRVPatterns(converter, patterns);
      index::populateIndexToSPIRVPatterns(converter, patterns);
      populateMemRefToSPIRVPatterns(converter, patterns);
      ub::populateUBToSPIRVConversionPatterns(converter, patterns);
      populateSCFToSPIRVPatterns(converter, scfContext, patterns);
      cf::populateControlFlowToSPIRVPatterns(converter, patterns);
      if (failed(applyFullConversion(clone, *target, std::move(patterns))))
        return signalPassFailure();
    }
  }
};

} // namespace
