//===- Passes.td - cross-dialect transforms -------------------------------===//

#ifndef IMEX_TRANSFORMS_PASSES
#define IMEX_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def AddGPURegions : Pass<"add-gpu-regions"> {
  let summary = "Wrap ops on GPU-placed tensors in GPU env_regions";
  let description = [{
    Wraps every op whose result types (or, except for `ndarray.copy`,
    operand types) carry a `#region.gpu_env` in their `#ndarray.envs`
    encoding in a `region.env_region` with that environment, so that later
    passes keep the op's work on the GPU. Ops directly inside a GPU region,
    env_regions themselves and terminators are left where they are.
  }];
  let dependentDialects = ["::imex::region::RegionDialect"];
}

def DropExplicitDeallocs : Pass<"drop-explicit-deallocs"> {
  let summary = "Remove memref.dealloc ops ahead of automatic deallocation";
  let description = [{
    Explicit frees (e.g. from `ndarray.delete`) are redundant once
    ownership-based buffer deallocation frees every buffer after its last
    use, and that analysis rejects IR that already frees buffers. Run this
    right before `buffer-deallocation-pipeline`.
  }];
}

#endif // IMEX_TRANSFORMS_PASSES
