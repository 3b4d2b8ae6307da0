//===- Pipelines.cpp - the named pipelines, built in C++ ------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Pipelines/Pipelines.h"

#include "imex/CodeGen/Passes.h"
#include "imex/Conversion/Passes.h"
#include "imex/Dialect/Region/Transforms/Passes.h"
#include "imex/Dialect/VectorExt/Transforms/Passes.h"
#include "imex/Target/TargetInfo.h"
#include "imex/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
namespace VectorExt = mlir::iree_compiler::IREE::VectorExt;

unsigned imex::PipelineOptions::resolveVectorBits() const {
  if (vectorBits.hasValue())
    return vectorBits;
  return getVectorRegisterBits(resolveTarget(targetTriple, cpu, features));
}

namespace {

/// Whole-program bufferization with identity layouts at function boundaries,
/// so exported functions take plain memref descriptors (views passed or
/// returned across them are copied); loops may carry
/// newly allocated arrays (an .nda variable rebound in a loop). Printing a
/// tensor does not write it. With `eliminateEmptyTensors`, results computed
/// into tensor.empty are written straight into the buffer they are
/// materialized in (an output argument), not copied there.
void addBufferization(OpPassManager &pm, bool eliminateEmptyTensors = false) {
  pm.addPass(imex::createMarkReadOnlyRuntimeArguments());
  if (eliminateEmptyTensors)
    pm.addPass(bufferization::createEmptyTensorEliminationPass());
  bufferization::OneShotBufferizePassOptions options;
  options.bufferizeFunctionBoundaries = true;
  options.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  options.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(options));
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  // Views passed to or returned from functions as contiguous arrays.
  funcPm.addPass(imex::createCopyViewsAtCallBoundaries());
  // Arrays copied to get storage of their own, from a result nothing else
  // uses, keep that result's buffer.
  funcPm.addPass(imex::createForwardCopiedTemporaries());
}

/// Buffers are freed by ownership-based deallocation, which subsumes (and
/// does not accept) explicit frees. On the GPU path it runs before buffers
/// in GPU regions become gpu.alloc, whose deallocs there become
/// gpu.dealloc.
void addHostDeallocation(OpPassManager &pm) {
  pm.addPass(imex::createDropExplicitDeallocs());
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createConvertBufferizationToMemRefPass());
}

/// Single-iteration loops inlined (e.g. the copy of one element, which
/// would otherwise fork threads) and one-element heap buffers turned into
/// values.
void addHostScalarCleanup(OpPassManager &funcPm) {
  funcPm.addPass(imex::createSoundCanonicalizer());
  funcPm.addPass(imex::createPromoteScalarBuffers());
  funcPm.addPass(imex::createMem2Reg());
}

/// At -O2 and above, on tensors: elementwise fusion, thread tiles, register
/// tiles and vectors (tile-and-vectorize-for-cpu).
void addHostCodeGeneration(OpPassManager &pm,
                           const imex::PipelineOptions &options) {
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  imex::TileAndVectorizeForCPUOptions tiling;
  tiling.vectorBits = options.resolveVectorBits();
  tiling.threadChunk = options.threadChunk;
  tiling.registerTile.assign(options.registerTile.begin(),
                             options.registerTile.end());
  tiling.cacheTile.assign(options.cacheTile.begin(), options.cacheTile.end());
  funcPm.addPass(imex::createTileAndVectorizeForCPU(tiling));
  funcPm.addPass(imex::createSoundCanonicalizer());
}

/// Host loops: linalg ops left after tiling become loop nests whose
/// innermost loop walks memory with unit stride, and the outermost parallel
/// loop alone (the thread tiles where there are some) runs on OpenMP
/// threads.
void addHostLoops(OpPassManager &pm, const imex::PipelineOptions &options) {
  pm.addPass(createForallToParallelLoopPass());
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  funcPm.addPass(imex::createInterchangeForContiguousInnerLoop());
  funcPm.addPass(createConvertLinalgToParallelLoopsPass());
  imex::SequentializeNestedParallelLoopsOptions sequential;
  sequential.inSequentialLoops = options.optLevel >= 2;
  funcPm.addPass(imex::createSequentializeNestedParallelLoops(sequential));
  addHostScalarCleanup(funcPm);
  ConvertSCFToOpenMPPassOptions openmp;
  openmp.numThreads = options.numThreads;
  pm.addPass(createConvertSCFToOpenMPPass(openmp));
  // canonicalize inlines the memref.alloca_scope that scf-to-openmp puts
  // around loop bodies where nothing in them may allocate on the stack
  // (convert-alloca-scopes-to-llvm takes the others before scf-to-cf).
  pm.addPass(imex::createSoundCanonicalizer());
}

/// Vector ops (from host code generation or the input) to the LLVM
/// dialect. Reductions are reassociated at -O2 and above.
void addVectorToLLVM(OpPassManager &pm, const imex::PipelineOptions &options) {
  pm.nest<func::FuncOp>().addPass(createConvertVectorToSCFPass());
  ConvertVectorToLLVMPassOptions vectorOptions;
  vectorOptions.reassociateFPReductions = options.optLevel >= 2;
  vectorOptions.vectorContractLowering =
      vector::VectorContractLowering::OuterProduct;
  // Square tiles of transposes (tile-and-vectorize-for-cpu) as shuffles.
  vectorOptions.vectorTransposeLowering =
      vector::VectorTransposeLowering::Shuffle1D;
  pm.addPass(createConvertVectorToLLVMPass(vectorOptions));
}

/// From memrefs, scf, affine, arith, math, func and cf to the LLVM dialect,
/// bf16 conversions on integer bits (no C runtime helpers), failed
/// run-time checks reported by the runtime; with `gpux`, gpux ops
/// become runtime calls and memrefs are allocated through the runtime's
/// generic functions when `genericAllocation` is set.
void addToLLVM(OpPassManager &pm, bool gpux, bool genericAllocation = false) {
  pm.addNestedPass<func::FuncOp>(imex::createCheckAllocationSizes());
  pm.addPass(imex::createConvertAssertsToImexrt());
  pm.addPass(imex::createLinearizeSignedStrides());
  // (Which crashes on some expand_shape ops in MLIR 22: those go first.)
  pm.addPass(imex::createExpandShapesWithDynamicGroups());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // OpenMP loop bodies out of their alloca scopes, which hold one block.
  pm.nest<func::FuncOp>().addPass(imex::createConvertAllocaScopesToLLVM());
  pm.addPass(createSCFToControlFlowPass());
  if (gpux)
    pm.addPass(imex::createConvertGPUXToLLVM());
  FinalizeMemRefToLLVMConversionPassOptions memrefOptions;
  memrefOptions.useGenericFunctions = genericAllocation;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefOptions));
  // Integer powers (math.ipowi), which have no LLVM intrinsic, as calls of
  // generated functions (gpu.modules are gone by now).
  pm.addPass(createConvertMathToFuncs());
  // Math ops with an LLVM intrinsic become it; the others (erf, erfc,
  // cbrt, acosh, asinh, atanh, ...) become calls of the C library's.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  // bf16 arithmetic as f32 between conversions, the conversions on integer
  // bits.
  arith::ArithEmulateUnsupportedFloatsOptions emulateBF16;
  emulateBF16.sourceTypeStrs = {"bf16"};
  pm.addPass(arith::createArithEmulateUnsupportedFloats(emulateBF16));
  pm.addPass(imex::createExpandBF16Conversions());
  pm.addPass(createConvertToLLVMPass());
  // Upstream names Open MPI's reduction ops wrongly (LLVM 22).
  pm.addPass(imex::createCorrectOpenMPIOpSymbols());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

/// Linalg on tensors (ndarray already lowered) to the LLVM dialect on the
/// host.
void addHostLowering(OpPassManager &pm, const imex::PipelineOptions &options) {
  if (options.optLevel >= 2)
    addHostCodeGeneration(pm, options);
  addBufferization(pm, /*eliminateEmptyTensors=*/true);
  pm.nest<func::FuncOp>().addPass(imex::createElideTemporaryCopies());
  pm.addPass(imex::region::createDropRegions());
  addHostDeallocation(pm);
  addHostLoops(pm, options);
  addVectorToLLVM(pm, options);
  addToLLVM(pm, /*gpux=*/false);
}

const imex::NamedPipeline kPipelines[] = {
    {"ndarray",
     "lower ndarray ops to linalg/tensor, wrapping work on GPU-placed arrays "
     "in GPU regions",
     imex::buildNDArrayPipeline},
    {"region",
     "bufferize, map parallel loops in GPU regions to gpu.launch, place their "
     "buffers in GPU memory, then drop the regions",
     imex::buildRegionPipeline},
    {"host",
     "lower array code (ndarray, linalg, tensor) without GPU placement to the "
     "LLVM dialect: at -O2+ fused, tiled for threads and registers and "
     "vectorized; parallel loops multithreaded with OpenMP",
     imex::buildHostPipeline},
    {"vector-ext",
     "lower iree_vector_ext transfer_gather/transfer_scatter (unrolled to rank "
     "1, then vector.gather/scatter or transfers) and arg_compare (scf loops) "
     "to vector/scf/arith, report what cannot be lowered, then take the "
     "program to the LLVM dialect on the host path",
     imex::buildVectorExtPipeline},
    {"mem2reg",
     "promote memory slots (memref.alloca, llvm.alloca, nda.var) to SSA "
     "values, also through scf/affine/region control flow",
     imex::buildMem2RegPipeline},
    {"gpu",
     "end to end for GPU-placed array code: ndarray and GPU regions to "
     "gpu.launch kernels, kernels to SPIR-V (OpenCL and Vulkan flavours), "
     "host code to the LLVM dialect with runtime calls and OpenMP loops",
     imex::buildGpuPipeline},
    {"gpux",
     "put host-side gpu ops on explicit gpux streams and lower the host code "
     "to the LLVM dialect with calls into the imexrt runtime, embedding each "
     "gpu.module's gpu.binary",
     imex::buildGpuxPipeline},
    {"distributed",
     "SPMD programs on MPI: propagate shard.sharding annotations, partition "
     "sharded functions into their per-process form, lower the "
     "communication to MPI (MPI setup in main, output from rank 0), then "
     "the host path",
     imex::buildDistributedPipeline},
    {"distributed-gpu",
     "the distributed pipeline with the GPU path after it: each process "
     "runs its part of GPU-placed array code (or, with offload=gpu, of all "
     "array code) as kernels on its device; MPI moves host-shared buffers",
     imex::buildDistributedGpuPipeline},
};

} // namespace

/// Copies where an in-place update could reach an array that a fold made
/// share storage; printing an array does not update it (the
/// isolate-updated-arrays analysis counts every declaration's tensor
/// arguments as updated unless they are marked read-only). Also the
/// copies of forall tiles that bufferization would read after another
/// insert overwrote them.
static void addIsolateUpdatedArrays(OpPassManager &pm) {
  pm.addPass(imex::createMarkReadOnlyRuntimeArguments());
  pm.addPass(imex::createIsolateUpdatedArrays());
  pm.nest<func::FuncOp>().addPass(imex::createIsolateParallelInsertSources());
}

/// arith and math ops applied to whole tensors, which bufferization cannot
/// take, and aggregated linalg ops (softmax), which nothing lowers, as
/// structured linalg ops; first, so that fusion and GPU placement see them
/// too.
static void addTensorOpsToLinalg(OpPassManager &pm) {
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  funcPm.addPass(imex::createTensorArithToLinalg());
  funcPm.addPass(imex::createDecomposeAggregatedOps());
}

/// ndarray to linalg, and the elementwise TOSA ops that IMEX's ndarray
/// programs mix in.
static void addArraysToLinalg(OpPassManager &pm) {
  pm.addPass(imex::createConvertNDArrayToLinalg());
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  funcPm.addPass(tosa::createTosaToLinalgNamed());
  funcPm.addPass(tosa::createTosaToLinalg());
  funcPm.addPass(createTosaToArithPass());
  funcPm.addPass(createTosaToTensorPass());
}

void imex::buildNDArrayPipeline(OpPassManager &pm,
                                const PipelineOptions &options) {
  // GPU placement works on structured control flow: branches written as
  // blocks (cf.cond_br, early returns) become scf ops. (The host takes
  // them as they are.)
  if (options.offload == Offload::Gpu)
    pm.addPass(createLiftControlFlowToSCFPass());
  addTensorOpsToLinalg(pm);
  addIsolateUpdatedArrays(pm);
  AddGPURegionsOptions regions;
  if (options.offload == Offload::Gpu) {
    // Each elementwise chain becomes one op, so one kernel.
    pm.nest<func::FuncOp>().addPass(createFuseElementwiseOps());
    regions.offloadDevice = "gpu";
  }
  pm.addPass(createAddGPURegions(regions));
  addArraysToLinalg(pm);
}

/// Reductions in GPU regions become workgroup tree reductions or one thread
/// per output; parallel loops in GPU regions become gpu.launch ops with
/// workgroups of many threads, the innermost loop dimension on consecutive
/// threads.
static void addGpuLaunches(OpPassManager &pm,
                           const imex::PipelineOptions &options) {
  OpPassManager &loops = pm.nest<func::FuncOp>();
  imex::ConvertRegionReductionsToGpuOptions reductions;
  reductions.workgroupSize = options.workgroupSize;
  reductions.subgroups = options.gpuSubgroups;
  reductions.vectorize = options.gpuVectorize;
  loops.addPass(imex::createConvertRegionReductionsToGpu(reductions));
  // A gpu.launch written by hand may hold gpu.all_reduce.
  loops.addPass(imex::createLowerGpuAllReduce());
  loops.addPass(imex::createGpuRegionForallsToParallel());
  loops.addPass(createConvertLinalgToParallelLoopsPass());
  if (options.gpuVectorize)
    loops.addPass(imex::createVectorizeGpuParallelLoops());
  imex::TileParallelLoopsForWorkgroupsOptions workgroups;
  workgroups.workgroupSize = options.workgroupSize;
  loops.addPass(imex::createTileParallelLoopsForWorkgroups(workgroups));
  GpuMapParallelLoopsPassOptions mapping;
  mapping.mappingPolicyStr = "innermost-first";
  loops.addPass(createGpuMapParallelLoopsPass(mapping));
  imex::SequentializeNestedParallelLoopsOptions inThreads;
  inThreads.mappedSequential = true;
  loops.addPass(imex::createSequentializeNestedParallelLoops(inThreads));
  pm.addPass(imex::createConvertRegionParallelLoopToGpu());
}

/// Buffers allocated in GPU regions become GPU allocations, then the
/// regions go. With whole-program offload, every buffer a kernel uses
/// (function arguments, host allocations, globals) gets GPU memory, with
/// copies in and out where the host reads or writes it; that analysis
/// follows buffers through the whole function, so the regions go first.
static void addGpuAllocation(OpPassManager &pm,
                             const imex::PipelineOptions &options) {
  imex::InsertGPUAllocsOptions allocs;
  // Callers' device arrays are used in place; host arrays are copied, into
  // device memory where the copies are single blocks.
  allocs.argumentsInPlace = true;
  allocs.deviceCopies = true;
  if (options.offload == imex::Offload::Gpu) {
    pm.addPass(imex::region::createDropRegions());
    // Folds the branches on ownership that inlined regions leave constant:
    // a result returned through one looks like a buffer the host keeps.
    pm.addPass(imex::createSoundCanonicalizer());
    pm.nest<func::FuncOp>().addPass(imex::createInsertGPUAllocs(allocs));
    return;
  }
  allocs.inRegions = true;
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  funcPm.addPass(imex::createInsertGPUAllocs(allocs));
  funcPm.addPass(imex::createInsertGPUCopy());
  pm.addPass(imex::region::createDropRegions());
}

void imex::buildRegionPipeline(OpPassManager &pm,
                               const PipelineOptions &options) {
  addBufferization(pm);
  addGpuLaunches(pm, options);
  addGpuAllocation(pm, options);
  pm.addPass(imex::createSoundCanonicalizer());
}

void imex::buildHostPipeline(OpPassManager &pm,
                             const PipelineOptions &options) {
  addTensorOpsToLinalg(pm);
  addIsolateUpdatedArrays(pm);
  addArraysToLinalg(pm);
  addHostLowering(pm, options);
}

void imex::buildVectorExtPipeline(OpPassManager &pm,
                                  const PipelineOptions &options) {
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  funcPm.addPass(VectorExt::createUnrollTransferGatherScatter());
  funcPm.addPass(VectorExt::createLowerTransferGatherScatterToVector());
  funcPm.addPass(VectorExt::createLowerArgCompareToVector());
  pm.addPass(VectorExt::createCheckVectorExtLowered());
  pm.addPass(imex::createSoundCanonicalizer());
  buildHostPipeline(pm, options);
}

void imex::buildMem2RegPipeline(OpPassManager &pm, const PipelineOptions &) {
  pm.addPass(createMem2Reg());
}

void imex::buildGpuPipeline(OpPassManager &pm, const PipelineOptions &options) {
  buildNDArrayPipeline(pm, options);
  // Argmax-like reductions as parts that workgroups can share.
  pm.nest<func::FuncOp>().addPass(imex::createSplitArgReductions());
  addBufferization(pm, /*eliminateEmptyTensors=*/true);
  addHostDeallocation(pm);
  addGpuLaunches(pm, options);
  pm.addPass(createConvertRegionSequentialLoopsToGpu());
  addGpuAllocation(pm, options);
  pm.addPass(imex::createSoundCanonicalizer());
  pm.addPass(createLinearizeLaunchMemrefs());
  // Static sizes and strides fold to constants, which are copied into the
  // kernel instead of being passed as arguments (a Vulkan kernel has 128
  // bytes of push constants for scalars; past them each takes one of the
  // 32 buffer bindings many devices allow).
  pm.addPass(imex::createSoundCanonicalizer());
  pm.addPass(createCSEPass());
  pm.nest<func::FuncOp>().addPass(imex::createSinkConstantsIntoLaunches());
  pm.addPass(createInlineCallsInGpuLaunches());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createLowerAffinePass());

  GpuKernelsToSPIRVBinaryOptions kernels;
  if (options.gpuRuntime != "auto")
    kernels.flavours = {options.gpuRuntime == "vulkan" ? "vulkan" : "opencl"};
  kernels.dumpDir = options.spirvDumpDir;
  kernels.vulkanInt64Loads = options.vulkanInt64Loads;
  pm.addPass(createGpuKernelsToSPIRVBinary(kernels));

  OpPassManager &host = pm.nest<func::FuncOp>();
  host.addPass(createSequentializeNestedParallelLoops());
  addHostScalarCleanup(host);
  ConvertSCFToOpenMPPassOptions openmp;
  openmp.numThreads = options.numThreads;
  pm.addPass(createConvertSCFToOpenMPPass(openmp));
  pm.addPass(imex::createSoundCanonicalizer());
  // Allocation through the runtime's generic functions: their free also
  // releases the GPU buffers that host-side deallocation reaches.
  pm.addPass(createConvertGPUToGPUX());
  addToLLVM(pm, /*gpux=*/true, /*genericAllocation=*/true);
}

/// Partitioning and MPI: what the distributed pipelines share.
static void addDistributedLowering(OpPassManager &pm,
                                   const imex::PipelineOptions &options) {
  if (options.distributedArrays == imex::DistributedArrays::Root)
    pm.addPass(imex::createWholeArraysOnRoot());
  // TOSA's named ops (matmul, convolutions, pooling) are partitioned as
  // linalg: upstream's model of tosa.matmul leaves its result whole. (Its
  // elementwise ops keep their own models: their linalg forms broadcast
  // zero points in ways linalg's models refuse.)
  pm.nest<func::FuncOp>().addPass(tosa::createTosaToLinalgNamed());
  pm.addPass(imex::createPlaceGpuWorkByFunction());
  pm.addPass(imex::createPartitionShardedFunctions());
  // Before the canonicalization of the partitioned functions (the copies
  // it adds have no sharding to partition).
  addIsolateUpdatedArrays(pm);
  pm.addPass(imex::createLowerShardCollectives());
  pm.addPass(createConvertShardToMPIPass());
  imex::FinishShardToMPIOptions finish;
  finish.implementation = options.mpi;
  pm.addPass(imex::createFinishShardToMPI(finish));
  pm.addPass(imex::createSoundCanonicalizer());
}

void imex::buildDistributedPipeline(OpPassManager &pm,
                                    const PipelineOptions &options) {
  addDistributedLowering(pm, options);
  buildHostPipeline(pm, options);
}

void imex::buildDistributedGpuPipeline(OpPassManager &pm,
                                       const PipelineOptions &options) {
  addDistributedLowering(pm, options);
  buildGpuPipeline(pm, options);
}

void imex::buildGpuxPipeline(OpPassManager &pm, const PipelineOptions &) {
  pm.addPass(createConvertGPUToGPUX());
  addToLLVM(pm, /*gpux=*/true);
}

ArrayRef<imex::NamedPipeline> imex::getNamedPipelines() { return kPipelines; }

const imex::NamedPipeline *imex::lookupNamedPipeline(StringRef name) {
  for (const NamedPipeline &pipeline : kPipelines)
    if (pipeline.name == name)
      return &pipeline;
  return nullptr;
}

void imex::registerNamedPipelines() {
  for (const NamedPipeline &pipeline : kPipelines) {
    // A pipeline that is a single pass of the same name (mem2reg) is already
    // `--<name>`; registering it again would clash.
    if (PassInfo::lookup(pipeline.name))
      continue;
    PassPipelineRegistration<PipelineOptions>(pipeline.name, pipeline.summary,
                                              pipeline.build);
  }
}
