//===- InitImex.cpp - register everything imexc provides ------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/InitImex.h"

#include "imex/CodeGen/Passes.h"
#include "imex/Conversion/Passes.h"
#include "imex/Pipelines/Pipelines.h"
#include "imex/Transforms/Passes.h"

#include "imex/Interfaces/GPUMemoryEffects.h"
#include "imex/Interfaces/MPIMemoryEffects.h"
#include "imex/Interfaces/PromotableRegionOpInterfaceImpl.h"
#include "imex/Interfaces/UpstreamShardingModels.h"

#include "imex/Dialect/GPUX/IR/GPUX.h"
#include "imex/Dialect/IREEGPU/IR/IREEGPU.h"
#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "imex/Dialect/NDArray/Transforms/BufferizableOpInterfaceImpl.h"
#include "imex/Dialect/NDArray/Transforms/ShardingInterfaceImpl.h"
#include "imex/Dialect/Nda/IR/Nda.h"
#include "imex/Dialect/Region/IR/Region.h"
#include "imex/Dialect/Region/Transforms/BufferizableOpInterfaceImpl.h"
#include "imex/Dialect/Region/Transforms/Passes.h"
#include "imex/Dialect/VectorExt/IR/VectorExt.h"
#include "imex/Dialect/VectorExt/Transforms/BufferizableOpInterfaceImpl.h"
#include "imex/Dialect/VectorExt/Transforms/Passes.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"

// Upstream pass groups, for registerUpstreamPasses() below.
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/AMDGPU/Transforms/Passes.h"
#include "mlir/Dialect/Affine/Transforms/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/ArmSME/Transforms/Passes.h"
#include "mlir/Dialect/ArmSVE/Transforms/Passes.h"
#include "mlir/Dialect/Async/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/EmitC/Transforms/Passes.h"
#include "mlir/Dialect/Func/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MLProgram/Transforms/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/NVGPU/Transforms/Passes.h"
#include "mlir/Dialect/OpenACC/Transforms/Passes.h"
#include "mlir/Dialect/OpenMP/Transforms/Passes.h"
#include "mlir/Dialect/Quant/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Dialect/Shape/Transforms/Passes.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Dialect/SparseTensor/Pipelines/Passes.h"
#include "mlir/Dialect/SparseTensor/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/Transforms/Passes.h"
#include "mlir/Dialect/Tosa/Transforms/Passes.h"
#include "mlir/Dialect/Transform/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Dialect/XeGPU/Transforms/Passes.h"
#include "mlir/Target/LLVMIR/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/thread.h"

void imex::registerImexDialects(mlir::DialectRegistry &registry) {
  registry.insert<region::RegionDialect, ndarray::NDArrayDialect,
                  gpux::GPUXDialect, nda::NdaDialect,
                  mlir::iree_compiler::IREE::VectorExt::IREEVectorExtDialect,
                  iree_gpu::IREEGPUDialect>();
  region::registerBufferizableOpInterfaceExternalModels(registry);
  ndarray::registerBufferizableOpInterfaceExternalModels(registry);
  ndarray::registerShardingInterfaceExternalModels(registry);
  mlir::iree_compiler::IREE::VectorExt::
      registerBufferizableOpInterfaceExternalModels(registry);
  registerPromotableRegionOpInterfaceExternalModels(registry);
  registerMPIMemoryEffectsExternalModels(registry);
  registerGPUMemoryEffectsExternalModels(registry);
}

void imex::registerAllDialectsAndExtensions(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  // Before upstream's extensions, whose tensor.empty model these replace.
  registerUpstreamShardingExternalModels(registry);
  mlir::registerAllExtensions(registry);
  registerScalarShardingExternalModels(registry);
  registerImexDialects(registry);
}

/// What mlir::registerAllPasses() registers in LLVM 22
/// (mlir/lib/RegisterAllPasses.cpp), except upstream `mem2reg`: our
/// region-aware Mem2Reg takes that name, and registering two passes under
/// one name aborts. The core group is therefore listed pass by pass;
/// tests/tools/registered-passes.mlir checks that nothing upstream registers
/// is missing.
static void registerUpstreamPasses() {
  using namespace mlir;
  // registerTransformsPasses() without registerMem2Reg().
  registerBubbleDownMemorySpaceCasts();
  registerCSE();
  registerCanonicalizer();
  registerCompositeFixedPointPass();
  registerControlFlowSink();
  registerGenerateRuntimeVerification();
  registerInliner();
  registerLocationSnapshot();
  registerLoopInvariantCodeMotion();
  registerLoopInvariantSubsetHoisting();
  registerPrintIRPass();
  registerPrintOpStats();
  registerRemoveDeadValues();
  registerSCCP();
  registerSROA();
  registerStripDebugInfo();
  registerSymbolDCE();
  registerSymbolPrivatize();
  registerTopologicalSort();
  registerViewOpGraph();

  registerConversionPasses();

  acc::registerOpenACCPasses();
  affine::registerAffinePasses();
  amdgpu::registerAMDGPUPasses();
  registerAsyncPasses();
  arith::registerArithPasses();
  bufferization::registerBufferizationPasses();
  func::registerFuncPasses();
  registerGPUPasses();
  registerLinalgPasses();
  registerNVGPUPasses();
  registerSparseTensorPasses();
  LLVM::registerLLVMPasses();
  LLVM::registerTargetLLVMIRTransformsPasses();
  math::registerMathPasses();
  memref::registerMemRefPasses();
  shard::registerShardPasses();
  ml_program::registerMLProgramPasses();
  omp::registerOpenMPPasses();
  quant::registerQuantPasses();
  registerSCFPasses();
  registerShapePasses();
  spirv::registerSPIRVPasses();
  tensor::registerTensorPasses();
  tosa::registerTosaPasses();
  transform::registerTransformPasses();
  vector::registerVectorPasses();
  arm_sme::registerArmSMEPasses();
  arm_sve::registerArmSVEPasses();
  emitc::registerEmitCPasses();
  xegpu::registerXeGPUPasses();

  bufferization::registerBufferizationPipelines();
  sparse_tensor::registerSparseTensorPipelines();
  tosa::registerTosaToLinalgPipelines();
  gpu::registerGPUToNVVMPipeline();
  gpu::registerGPUToXeVMPipeline();
}

void imex::registerAllPassesAndPipelines() {
  registerUpstreamPasses();
  region::registerRegionPasses();
  mlir::iree_compiler::IREE::VectorExt::registerVectorExtPasses();
  registerImexConversionPasses();
  registerImexTransformsPasses();
  registerImexCodeGenPasses();
  registerNamedPipelines();
}

void imex::registerMLIROptions() {
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
}

int imex::runWithLargeStack(llvm::function_ref<int()> body) {
  constexpr unsigned kStackBytes = 1u << 30;
  int status = 1;
  llvm::thread worker(std::optional<unsigned>(kStackBytes),
                      [&] { status = body(); });
  worker.join();
  return status;
}
