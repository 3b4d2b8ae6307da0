//===- Pipelines.cpp - the registry of named pipelines --------------------===//

#include "Pipelines.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

namespace {

// Bufferization used by every pipeline that leaves tensors: whole-program,
// identity layouts at function boundaries so exported functions take plain
// memref descriptors; loops may carry newly allocated arrays (an .nda
// variable rebound in a loop).
#define IMEX_BUFFERIZE                                                         \
  "one-shot-bufferize{bufferize-function-boundaries "                          \
  "function-boundary-type-conversion=identity-layout-map "                     \
  "allow-return-allocs-from-loops}"

// Buffers are freed by ownership-based deallocation, which subsumes (and
// does not accept) explicit frees. On the GPU path it runs before buffers in
// GPU regions become gpu.alloc, whose deallocs there become gpu.dealloc.
#define IMEX_HOST_DEALLOC                                                      \
  "drop-explicit-deallocs,buffer-deallocation-pipeline,"                       \
  "convert-bufferization-to-memref"

// Host loops: linalg ops become loop nests whose innermost loop walks
// memory with unit stride, and whose outermost parallel loop alone runs on
// OpenMP threads. IMEX_HOST_SCALARS first inlines single-iteration loops
// (e.g. the copy of one element, which would otherwise fork threads) and
// turns one-element heap buffers into values.
#define IMEX_HOST_SCALARS                                                      \
  "canonicalize,promote-scalar-buffers,mem2reg"
#define IMEX_HOST_LOOPS                                                        \
  "func.func(interchange-for-contiguous-inner-loop,"                          \
  "convert-linalg-to-parallel-loops,sequentialize-nested-parallel-loops,"     \
  IMEX_HOST_SCALARS "),convert-scf-to-openmp"

// From memrefs, scf, affine, arith, math, func and cf to the LLVM dialect,
// failed run-time checks reported by the runtime; the second form also
// lowers gpux ops to runtime calls, with the given memref-to-LLVM pass.
#define IMEX_TO_LLVM                                                           \
  "convert-asserts-to-imexrt,"                                                 \
  "expand-strided-metadata,lower-affine,convert-scf-to-cf,"                    \
  "finalize-memref-to-llvm,"                                                   \
  "convert-to-llvm,reconcile-unrealized-casts"
#define IMEX_TO_LLVM_WITH_GPUX(MEMREF_TO_LLVM)                                 \
  "convert-asserts-to-imexrt,"                                                 \
  "expand-strided-metadata,lower-affine,convert-scf-to-cf,"                    \
  "convert-gpux-to-llvm," MEMREF_TO_LLVM ","                                   \
  "convert-to-llvm,reconcile-unrealized-casts"

const imex::NamedPipeline kPipelines[] = {
    {"ndarray",
     "lower ndarray ops to linalg/tensor, wrapping work on GPU-placed "
     "arrays in GPU regions",
     "add-gpu-regions,convert-ndarray-to-linalg"},
    {"region",
     "bufferize, map parallel loops in GPU regions to gpu.launch, place "
     "their buffers in GPU memory, then drop the regions",
     IMEX_BUFFERIZE ","
     "func.func(convert-linalg-to-parallel-loops,gpu-map-parallel-loops),"
     "convert-region-parallel-loops-to-gpu,"
     "func.func(insert-gpu-allocs{in-regions=true},insert-gpu-copy),"
     "drop-regions,canonicalize"},
    {"host",
     "lower array code (ndarray, linalg, tensor) without GPU placement to "
     "the LLVM dialect, parallel loops multithreaded with OpenMP",
     "convert-ndarray-to-linalg," IMEX_BUFFERIZE ",drop-regions,"
     IMEX_HOST_DEALLOC ","
     // canonicalize inlines the memref.alloca_scope that scf-to-openmp puts
     // around loop bodies; left alone, it may not hold the multi-block body
     // of a nested sequential loop after scf-to-cf.
     IMEX_HOST_LOOPS ",canonicalize," IMEX_TO_LLVM},
    {"vector-ext",
     "lower iree_vector_ext transfer_gather/transfer_scatter (unrolled to "
     "rank 1, then vector.gather/scatter or transfers) and arg_compare (scf "
     "loops) to vector/scf/arith, report what cannot be lowered, then take "
     "the program to the LLVM dialect on the host path",
     "func.func(iree-vector-ext-unroll-transfer-gather-scatter,"
     "iree-vector-ext-lower-transfer-gather-scatter-to-vector,"
     "iree-vector-ext-lower-arg-compare-to-vector),"
     "iree-vector-ext-check-lowered,canonicalize,"
     "convert-ndarray-to-linalg," IMEX_BUFFERIZE ",drop-regions,"
     IMEX_HOST_DEALLOC ","
     IMEX_HOST_LOOPS ",canonicalize,func.func(convert-vector-to-scf),"
     "convert-vector-to-llvm,"
     IMEX_TO_LLVM},
    {"mem2reg",
     "promote memory slots (memref.alloca, llvm.alloca, nda.var) to SSA "
     "values, also through scf/affine/region control flow",
     "mem2reg"},
    {"gpu",
     "end to end for GPU-placed array code: ndarray and GPU regions to "
     "gpu.launch kernels, kernels to SPIR-V (OpenCL and Vulkan flavours), "
     "host code to the LLVM dialect with runtime calls and OpenMP loops",
     "add-gpu-regions,convert-ndarray-to-linalg," IMEX_BUFFERIZE ","
     IMEX_HOST_DEALLOC ","
     "func.func(convert-linalg-to-parallel-loops,gpu-map-parallel-loops),"
     "convert-region-parallel-loops-to-gpu,"
     "convert-region-sequential-loops-to-gpu,"
     "func.func(insert-gpu-allocs{in-regions=true},insert-gpu-copy),"
     "drop-regions,canonicalize,linearize-launch-memrefs,"
     "gpu-kernel-outlining,lower-affine,"
     "gpu-kernels-to-spirv-binary,"
     "func.func(sequentialize-nested-parallel-loops," IMEX_HOST_SCALARS "),"
     "convert-scf-to-openmp,"
     "canonicalize,"
     // Allocation through the runtime's generic functions: their free
     // also releases the GPU buffers that host-side deallocation reaches.
     "convert-gpu-to-gpux,"
     IMEX_TO_LLVM_WITH_GPUX("finalize-memref-to-llvm{use-generic-functions=true}")},
    {"gpux",
     "put host-side gpu ops on explicit gpux streams and lower the host "
     "code to the LLVM dialect with calls into the imexrt runtime, "
     "embedding each gpu.module's gpu.binary",
     "convert-gpu-to-gpux," IMEX_TO_LLVM_WITH_GPUX("finalize-memref-to-llvm")},
};

#undef IMEX_BUFFERIZE
#undef IMEX_TO_LLVM
#undef IMEX_TO_LLVM_WITH_GPUX
#undef IMEX_HOST_DEALLOC
#undef IMEX_HOST_LOOPS
#undef IMEX_HOST_SCALARS

} // namespace

ArrayRef<imex::NamedPipeline> imex::getNamedPipelines() { return kPipelines; }

const imex::NamedPipeline *imex::lookupNamedPipeline(StringRef name) {
  for (const NamedPipeline &pipeline : kPipelines)
    if (pipeline.name == name)
      return &pipeline;
  return nullptr;
}

LogicalResult imex::addNamedPipeline(const NamedPipeline &pipeline,
                                     OpPassManager &pm,
                                     llvm::raw_ostream &errors) {
  return parsePassPipeline(pipeline.passes, pm, errors);
}

void imex::registerNamedPipelines() {
  for (const NamedPipeline &pipeline : kPipelines) {
    // A pipeline that is a single pass of the same name (mem2reg) is already
    // `--<name>`; registering it again would clash (and recurse on parsing).
    if (PassInfo::lookup(pipeline.name))
      continue;
    registerPassPipeline(
        pipeline.name, pipeline.summary,
        [&pipeline](OpPassManager &pm, StringRef options,
                    function_ref<LogicalResult(const Twine &)> errorHandler) {
          if (!options.empty())
            return errorHandler("pipeline '" + pipeline.name +
                                "' takes no options");
          std::string errors;
          llvm::raw_string_ostream errorStream(errors);
          if (failed(addNamedPipeline(pipeline, pm, errorStream)))
            return errorHandler(errors);
          return success();
        },
        /*optHandler=*/[](function_ref<void(const detail::PassOptions &)>) {});
  }
}
