//===- Pipelines.h - the named pipelines, built in C++ --------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every named pipeline is a builder function that adds passes to an
// OpPassManager through their generated create functions, configured by one
// options struct. imex-opt (`--host="mcpu=native opt-level=3"`) and imexc
// (`--pipeline=host`, with its command line mapped onto the same options)
// run the same builders; `--list-pipelines` prints what they produce.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_PIPELINES_PIPELINES_H
#define IMEX_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace imex {

/// What the gpu pipeline puts on the GPU.
enum class Offload { None, Gpu };

/// How exported distributed functions take and return arrays.
enum class DistributedArrays { Local, Root };

/// Options shared by every named pipeline; each builder reads the ones that
/// concern it.
struct PipelineOptions : public mlir::PassPipelineOptions<PipelineOptions> {
  Option<unsigned> optLevel{
      *this, "opt-level",
      llvm::cl::desc("0-1: plain loops, sequential reductions; 2-3: tiling, "
                     "fusion and vectorization of linalg ops on the host"),
      llvm::cl::init(2)};
  Option<std::string> targetTriple{
      *this, "target-triple",
      llvm::cl::desc("Target triple (default: the host's)")};
  Option<std::string> cpu{
      *this, "mcpu",
      llvm::cl::desc("Target CPU; 'native' for the host's (default: generic)")};
  Option<std::string> features{
      *this, "mattr", llvm::cl::desc("Target features, e.g. '+avx2,-avx512f'")};
  Option<unsigned> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Vector register width for host code generation in "
                     "bits (default: from the target)")};
  Option<unsigned> numThreads{
      *this, "num-threads",
      llvm::cl::desc("OpenMP threads of parallel loops (0: OpenMP's "
                     "default, OMP_NUM_THREADS)"),
      llvm::cl::init(0)};
  Option<int64_t> threadChunk{
      *this, "thread-chunk",
      llvm::cl::desc("Minimum loop iterations in one thread tile"),
      llvm::cl::init(32768)};
  ListOption<int64_t> registerTile{
      *this, "register-tile",
      llvm::cl::desc("Contraction register block 'm,n' (default: from the "
                     "vector width)")};
  ListOption<int64_t> cacheTile{
      *this, "cache-tile",
      llvm::cl::desc("Contraction cache block 'n,k' (default: a 512 KiB "
                     "panel, k = 256)")};
  Option<Offload> offload{
      *this, "offload",
      llvm::cl::desc("What runs on the GPU in the gpu pipeline"),
      llvm::cl::init(Offload::None),
      llvm::cl::values(
          clEnumValN(Offload::None, "none",
                     "only work on GPU-placed data (#region.gpu_env)"),
          clEnumValN(Offload::Gpu, "gpu",
                     "also every linalg op outside an env_region, its "
                     "buffers copied to and from GPU memory as needed"))};
  Option<unsigned> workgroupSize{
      *this, "workgroup-size",
      llvm::cl::desc("Threads per GPU workgroup, a power of two up to 1024 "
                     "(a region's gpu_env workgroup_size takes precedence)"),
      llvm::cl::init(256)};
  Option<bool> gpuSubgroups{
      *this, "gpu-subgroups",
      llvm::cl::desc("Combine reductions within GPU subgroups (SPIR-V 1.3 "
                     "group operations for Vulkan; OpenCL sub-group "
                     "reductions for Level Zero); off: workgroup memory "
                     "only, for devices without subgroup arithmetic"),
      llvm::cl::init(true)};
  Option<bool> gpuVectorize{
      *this, "gpu-vectorize",
      llvm::cl::desc("Give each GPU thread of an elementwise loop, and each "
                     "step of a workgroup reduction's threads, four "
                     "consecutive 32-bit elements, moved as one 16-byte "
                     "vector where alignment allows; off: one element per "
                     "thread"),
      llvm::cl::init(true)};
  Option<bool> vulkanInt64Loads{
      *this, "vulkan-int64-loads",
      llvm::cl::desc("Vulkan kernels read the buffers they only load, where "
                     "they load vectors, as 64-bit words: one step per 8 "
                     "bytes on drivers that load lane by lane (lavapipe); "
                     "needs the device's shaderInt64; off for devices "
                     "without it"),
      llvm::cl::init(true)};
  Option<std::string> gpuRuntime{
      *this, "gpu-runtime",
      llvm::cl::desc("SPIR-V flavours embedded for GPU kernels: auto (both), "
                     "level-zero (OpenCL flavour) or vulkan"),
      llvm::cl::init("auto")};
  Option<std::string> mpi{
      *this, "mpi",
      llvm::cl::desc("MPI implementation distributed programs are lowered "
                     "for and linked with: mpich or openmpi"),
      llvm::cl::init("mpich")};
  Option<DistributedArrays> distributedArrays{
      *this, "distributed-arrays",
      llvm::cl::desc("How exported distributed functions take and return "
                     "arrays"),
      llvm::cl::init(DistributedArrays::Local),
      llvm::cl::values(
          clEnumValN(DistributedArrays::Local, "local",
                     "each process passes and gets its own part of a split "
                     "array"),
          clEnumValN(DistributedArrays::Root, "root",
                     "arrays are whole on rank 0 (broadcast to every "
                     "process), results whole on every process"))};
  Option<std::string> spirvDumpDir{
      *this, "spirv-dump-dir",
      llvm::cl::desc("Directory to write each serialized SPIR-V module to")};

  /// The vector width host code generation uses: `vector-bits`, or the
  /// widest vector registers of the target.
  unsigned resolveVectorBits() const;
};

using PipelineBuilder = void (*)(mlir::OpPassManager &,
                                 const PipelineOptions &);

struct NamedPipeline {
  llvm::StringRef name;
  llvm::StringRef summary;
  PipelineBuilder build;
};

/// All named pipelines, in the order they are listed to users.
llvm::ArrayRef<NamedPipeline> getNamedPipelines();

/// The pipeline called `name`, or null.
const NamedPipeline *lookupNamedPipeline(llvm::StringRef name);

void buildNDArrayPipeline(mlir::OpPassManager &pm, const PipelineOptions &);
void buildRegionPipeline(mlir::OpPassManager &pm, const PipelineOptions &);
void buildHostPipeline(mlir::OpPassManager &pm, const PipelineOptions &);
void buildVectorExtPipeline(mlir::OpPassManager &pm, const PipelineOptions &);
void buildMem2RegPipeline(mlir::OpPassManager &pm, const PipelineOptions &);
void buildGpuPipeline(mlir::OpPassManager &pm, const PipelineOptions &);
void buildGpuxPipeline(mlir::OpPassManager &pm, const PipelineOptions &);
void buildDistributedPipeline(mlir::OpPassManager &pm, const PipelineOptions &);
void buildDistributedGpuPipeline(mlir::OpPassManager &pm,
                                 const PipelineOptions &);

/// Registers every named pipeline as a pass pipeline with options
/// (`--<name>` / `--<name>="opt-level=3 mcpu=native"`).
void registerNamedPipelines();

} // namespace imex

#endif
