//===- Passes.td - conversions between dialects ---------------------------===//

#ifndef IMEX_CONVERSION_PASSES
#define IMEX_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertRegionParallelLoopToGpu
    : Pass<"convert-region-parallel-loops-to-gpu"> {
  let summary = "Turn mapped scf.parallel loops inside GPU regions into gpu.launch";
  let description = [{
    Runs the upstream parallel-loop-to-GPU conversion only inside the
    outermost `region.env_region` ops whose environment is a
    `#region.gpu_env` (walking through non-GPU regions to find them). Loops
    outside GPU regions, and loops without a GPU mapping, are left alone. A
    mapped loop inside a GPU region that cannot be converted fails the pass.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::affine::AffineDialect"];
}

def InsertGPUCopy : Pass<"insert-gpu-copy", "::mlir::func::FuncOp"> {
  let summary = "Turn memref.copy inside env_regions into gpu.memcpy";
  let description = [{
    Every `memref.copy` that has any enclosing `region.env_region` (GPU or
    not, e.g. the "protect_copy_op" regions made by ndarray lowering) becomes
    `gpu.memcpy %target, %source` without an async token. Copies outside env
    regions stay. The function must have a single block.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def InsertGPUAllocs : Pass<"insert-gpu-allocs", "::mlir::func::FuncOp"> {
  let summary = "Give buffers used on the GPU device memory";
  let description = [{
    Default mode: every memref accessed inside a `gpu.launch` is traced
    through view-like ops to its root (a `memref.alloc`, `memref.get_global`,
    call result or function argument) and the root gets GPU memory:
    OpenCL turns allocations into `gpu.alloc` (host-shared when the host also
    touches the buffer); globals, arguments and call results get a GPU copy,
    with copies in and out as the host/device reads and writes require.

    `in-regions` mode: every `memref.alloc`/`memref.dealloc` whose nearest
    env_region is a GPU region becomes `gpu.alloc`/`gpu.dealloc`.
  }];
  let options = [
    Option<"clientAPI", "client-api", "std::string", /*default=*/"\"opencl\"",
           "The client API the GPU buffers are for: opencl or vulkan">,
    Option<"inRegions", "in-regions", "bool", /*default=*/"false",
           "Convert allocations inside GPU env_regions (opencl only)">,
    Option<"hostShared", "host-shared", "bool", /*default=*/"true",
           "Make GPU allocations host-shared where the host may use them">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect"];
}

def ConvertNDArrayToLinalg : Pass<"convert-ndarray-to-linalg"> {
  let summary = "Lower ndarray ops to linalg, tensor, memref and bufferization";
  let description = [{
    Lowers `ndarray.copy` (fresh allocation and `memref.copy` in a
    "protect_copy_op" region), `delete` (`memref.dealloc`), `reshape`
    (`tensor.reshape`, after a copy when requested), `linspace` and
    `cast_elemtype` (`linalg.generic`). `ndarray.subview` and
    `ndarray.insert_slice` are kept: their bufferization turns them into
    `memref.subview` views and in-place updates. Views or in-place updates of
    constants first get a private copy of the constant.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::imex::region::RegionDialect"];
}

#endif // IMEX_CONVERSION_PASSES
