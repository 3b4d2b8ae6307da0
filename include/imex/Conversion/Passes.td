//===- Passes.td - conversions between dialects ---------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

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

def ConvertRegionReductionsToGpu
    : Pass<"convert-region-reductions-to-gpu", "::mlir::func::FuncOp"> {
  let summary = "Run linalg reductions in GPU regions as workgroup tree "
                "reductions, tiled contractions, or one thread per output";
  let description = [{
    Lowering a reduction to loops gives each output element a sequential
    loop: a full reduction would run in one GPU thread, and a reduction
    whose reduction loop is outside its parallel one would launch a kernel
    per iteration from the host. This pass rewrites every linalg op on
    memrefs inside a GPU `region.env_region` that has reduction loops, one
    output indexed only by its parallel loops (or zeros: a reduced
    dimension kept as size 1), and a body that combines each new value
    into the output with one associative op (`addf`, `mulf`, `maximumf`,
    `minimumf`, `maxnumf`, `minnumf`, `addi`, `muli`, `maxsi`, `minsi`,
    `maxui`, `minui`, `andi`, `ori`), or subtracts it from the output
    (`subf`, `subi` with the output on the left: a sum of the negated
    values, as `a - b` is `a + -b`):

    - *Workgroup reduction*, when the reduction has at least
      `workgroup-size` elements and there are fewer than
      `min-parallel-outputs` outputs: one `gpu.launch` whose workgroups each
      own one output (or a chunk of it: up to 1024 chunks per output, so
      that every thread sums about 64 elements), each thread combining a
      strided share of the reduction, then a tree reduction in workgroup
      memory. With `subgroups`, integer reductions and float sums and
      products combine each subgroup's values with `gpu.subgroup_reduce`
      instead, and only one value per subgroup goes through workgroup
      memory (float max and min keep the tree: SPIR-V leaves their NaN
      handling to the device). Chunks of an output leave partial results in
      a temporary buffer that a second launch combines; the output's
      initial value is combined last. With `vectorize`, a reduction of
      32-bit values whose array inputs either index the innermost reduction
      loop as their last, unit-stride dimension (and nowhere else), in 32-bit
      elements, or do not index it at all, and whose body ops are pure,
      without regions, elementwise on numbers where they use such inputs,
      and do not use that loop's index, gives each thread four consecutive
      elements of that loop per step (rows known to be shorter than four
      excepted). The groups of four follow the 16-byte groups of the first
      such input's buffer, wherever a row starts: a group that lies whole
      in the row is one vector load per such input (the other inputs'
      parts must start a 16-byte group too, checked at run time), the
      partial groups at a row's ends go one by one into lane 0; each
      thread folds its four lanes before the workgroup step. With one
      reduction loop, every row is checked once per thread: the whole
      groups run in a loop without checks or branches, and a second loop
      takes the partial groups (all groups of a row whose other inputs are
      not aligned with the first); with several, each step checks its
      group. In every
      workgroup reduction, inputs that no reduction loop indexes are loaded
      once per thread, before its loops.
    - *Tiled contraction* otherwise, for a matmul-like op (one m, n and k
      loop, at most one batch loop, two array inputs, the first not
      depending on n nor the second on m, and an output map that is a
      projected permutation): a workgroup of side x side threads (side =
      sqrt of the workgroup size, rounded down to a power of two; 16 for
      256) per output tile of p side x p side, each thread accumulating a
      p x p block, where p is 4, halved while the staged slices would not
      fit the 16 KiB of workgroup memory every Vulkan device has (no tiling
      if even p = 1 would not); per step of `side` along k the workgroup
      copies the tile's slices of both inputs into workgroup memory first.
      The batch loop is grid z.
    - *One thread per output* for other reductions: the op becomes a
      `linalg.generic` with its parallel loops outermost, so that the later
      loop lowering gives each output a thread (coalesced when the output's
      innermost dimension is contiguous) and no host loop launches kernels.

    With dynamic sizes both forms are emitted and an `scf.if` picks one at
    run time. A workgroup size of 1 always takes one thread per output.
    Ops outside GPU regions, on tensors, or with other bodies are left
    alone.
  }];
  let options = [
    Option<"workgroupSize", "workgroup-size", "unsigned", /*default=*/"256",
           "Threads per workgroup of the tree reduction (a power of two up "
           "to 1024; 1: one thread per output only)">,
    Option<"minParallelOutputs", "min-parallel-outputs", "int64_t",
           /*default=*/"16384",
           "From this many outputs on, each output gets one thread">,
    Option<"subgroups", "subgroups", "bool", /*default=*/"false",
           "Combine within subgroups with gpu.subgroup_reduce before the "
           "workgroup step">,
    Option<"vectorize", "vectorize", "bool", /*default=*/"false",
           "Workgroup reductions: four consecutive elements per thread and "
           "step, as 16-byte vector loads where alignment allows">,
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def ConvertRegionSequentialLoopsToGpu
    : Pass<"convert-region-sequential-loops-to-gpu"> {
  let summary = "Run serial loop nests inside GPU regions as one GPU thread";
  let description = [{
    Reductions to a scalar (e.g. `linalg.dot`) lower to `scf.for` nests
    with no parallel dimension, which `convert-region-parallel-loops-to-gpu`
    leaves on the host although their data is on the GPU. This pass puts
    every outermost `scf.for` without results inside a GPU region (and not
    already in a `gpu.launch`, and without parallel loops or launches
    inside) into a 1x1x1 `gpu.launch`. Loops outside GPU regions are left
    alone.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect"];
}

def LowerShardCollectives : Pass<"lower-shard-collectives",
                                  "::mlir::ModuleOp"> {
  let summary = "Lower the shard ops convert-shard-to-mpi leaves: all_slice "
                "and all_gather, and everything on grids of dynamic shape";
  let description = [{
    Runs before `convert-shard-to-mpi`:

    - `shard.all_slice` keeps this process's part of a replicated tensor:
      a `tensor.extract_slice`, no communication.
    - `shard.all_gather` gives every process the whole tensor: each puts
      its part at its offset in a zero-filled buffer, and an
      `mpi.allreduce` with `MPI_BOR` over the buffer's bits (an integer view
      of the same bytes) combines them; or-ing with zero bits copies any
      value exactly (-0.0 and NaN payloads included), which a sum would not.
      The communicator spans the gathered grid axes (`mpi.comm_split` when
      they are not the whole grid).
    - On a grid of dynamic shape (`shape = ?`, one axis: every process),
      also `process_multi_index` / `process_linear_index` (the rank),
      `grid_shape` (the number of processes), `shard_shape` and
      `all_reduce` (one `mpi.allreduce` on a copy), which upstream lowers
      only for static grids.

    A split of n elements over P processes gives the first n % P parts one
    element more (even when P divides n); a gather with a dynamic extent
    learns it by summing the parts' sizes. Only whole-byte element types
    can be gathered.
  }];
  let dependentDialects = ["::mlir::mpi::MPIDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::tensor::TensorDialect"];
}

def FinishShardToMPI : Pass<"finish-shard-to-mpi", "::mlir::ModuleOp"> {
  let summary = "Complete a program that convert-shard-to-mpi lowered: MPI "
                "setup in main, output from rank 0, the MPI implementation, "
                "no grids left";
  let description = [{
    After `convert-shard-to-mpi`, for a module that uses the `mpi` dialect:

    - `main` (a definition) initialises MPI on entry and finalises it
      before returning; on entry it also sets the process up: OpenMP loops
      run on the process's share of the machine's cores (runtime function
      `imexrtShareCoresWithLocalProcesses`, unless `OMP_NUM_THREADS` is
      set), and the number of processes must equal the size of every
      static `shard.grid`, or every process stops (through a failed
      `cf.assert`, reported by the runtime with the grid's location);
    - every other public function that `partition-sharded-functions`
      partitioned (attribute `imexc.grids`, removed here) sets the process
      up the same way on its first call, for the static grids it works
      on; a private global flag per function remembers the first call.
      Such functions are called from C or C++ programs that initialise MPI
      themselves;
    - calls to external functions whose names start with `print`
      (`printMemrefF32`, `printNewline`, ...) run on rank 0 only, so that
      the program prints once however many processes run it;
    - MPI ops get one-dimensional buffers (`memref.collapse_shape`;
      `memref.expand_shape` of a 0-d one): the MPI-to-LLVM lowering counts
      a buffer's first dimension only. A buffer with a strided layout is
      an error;
    - the module names the MPI implementation the MPI-to-LLVM lowering
      targets (`dlti.map` with `MPI:Implementation`), unless it does
      already.

    Then, in every module, `shard.grid` symbols are removed (they have no
    LLVM form). A `shard` op that is still there has no MPI lowering, and
    is an error.
  }];
  let options = [
    Option<"implementation", "mpi", "std::string", /*default=*/"\"mpich\"",
           "MPI implementation the program is linked with: mpich or "
           "openmpi">,
  ];
  let dependentDialects = ["::mlir::mpi::MPIDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::DLTIDialect"];
}

def InsertGPUCopy : Pass<"insert-gpu-copy", "::mlir::func::FuncOp"> {
  let summary = "Turn memref.copy inside env_regions into gpu.memcpy";
  let description = [{
    Every `memref.copy` that has any enclosing `region.env_region` (GPU or
    not, e.g. the "protect_copy_op" regions made by ndarray lowering) becomes
    `gpu.memcpy %target, %source` without an async token, when both memrefs
    are contiguous (a memcpy moves one block). Copies outside env regions,
    and copies between strided views, stay. The function must have a single
    block.
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
    touches the buffer, through any alias); a call's result, which the
    caller owns (as ownership-based deallocation has it), moves into such an
    allocation made right after the call (the callee's buffer copied in and
    freed there; the allocation takes over every other use, frees
    included); globals and arguments get a GPU copy, copied in where
    anything reads them and back where a kernel or a host store writes them
    (a call is assumed to leave the arguments it is passed as they are: the
    caller's array may be a constant). Vulkan leaves
    allocations and call results alone. Accesses are the memory effects of
    the ops in the launch; XeGPU's `load_nd`/`store_nd`/`prefetch_nd` access
    the memref their descriptor was made from (`create_nd_tdesc`, through
    `update_nd_offset`). An access the pass cannot attribute to a memref is
    the error "Unhandled mem op in gpu region" (IMEX spells it "Uhhandled").
    A root that an `scf.if`, `scf.index_switch` or `arith.select` chooses
    (partitioned reductions give one process the init and the others a
    neutral buffer),
    or that a loop carries (`scf.for`, `scf.while`: a body's block argument,
    a loop result), is each buffer it may be, traced through nested choices,
    accessed as the choice is and through its own aliases: allocations and
    call results are freed where the branch or loop result is (deallocation
    reaches them through the runtime's generic free). A returned choice that
    is GPU memory at run time, and not an argument, a global or their device
    copy, is handed back as a host copy and freed (once per buffer, however
    many results it is). Other sources are the error "Unhandled memref producer",
    at the value that cannot be placed.

    `in-regions` mode: every `memref.alloc`/`memref.dealloc` whose nearest
    env_region is a GPU region becomes `gpu.alloc`/`gpu.dealloc`, and the
    arguments of a public function that its launches use, and the globals
    they use (constants a store reads), get a device copy as in the default
    mode, so that callers may pass host memory. A function with the
    attribute `imexc.offload_device` (work offloaded as a whole) is placed
    as in the default mode instead, its env_regions inlined first.

    In both modes, memory that a `gpu.launch` allocates itself (workgroup
    and private memory) is left alone, and an allocation's existing frees
    become GPU frees where they are.

    With `arguments-in-place`, an argument's device copy is made only when
    `gpux.is_gpu_memory` says at run time that the argument is not GPU
    memory already (`scf.if`); device arrays are used where they are.

    Differences from IMEX, on purpose: a device copy that a kernel writes
    through a view (perhaps only in part) is copied in too; host calls that
    take a buffer unranked, and ops whose memory effects name no operand
    (`mpi.allreduce`), count as host reads and writes; a returned allocation
    is freed after its host copy; call results anywhere, loop-carried and
    branch-chosen buffers are placed (IMEX handles none of them).

    With `device-copies` (opencl), a buffer whose host code touches it only
    through `memref.copy` between identity layouts (whole blocks) and, for
    allocations, by returning it whole, gets device memory (`gpu.alloc`
    without `host_shared`, also for the allocations of GPU regions that the
    function does not hand back in `in-regions` mode), and those copies, as
    the pass's own copies in and out between identity layouts, become
    `gpu.memcpy`: on a discrete GPU kernels then read device memory rather
    than host memory across the bus. Everything else stays host-shared.
    With `arguments-in-place`, an argument that the host code also touches
    in place is used in place only when it is GPU memory the host can reach
    (`gpux.is_gpu_memory ... host_access`). In a function with kernels, an
    argument that only host code touches may be device memory too: where it
    touches it in place, GPU memory the host cannot reach is copied into
    host-shared memory (host memory is used in place); its whole copies
    become `gpu.memcpy`.
  }];
  let options = [
    Option<"clientAPI", "client-api", "std::string", /*default=*/"\"opencl\"",
           "The client API the GPU buffers are for: opencl or vulkan">,
    Option<"inRegions", "in-regions", "bool", /*default=*/"false",
           "Convert allocations inside GPU env_regions (opencl only)">,
    Option<"hostShared", "host-shared", "bool", /*default=*/"true",
           "Make GPU allocations host-shared where the host may use them">,
    Option<"argumentsInPlace", "arguments-in-place", "bool",
           /*default=*/"false",
           "Ask the runtime (gpux.is_gpu_memory) whether a function argument "
           "is GPU memory already, and copy only those that are not "
           "(opencl only)">,
    Option<"deviceCopies", "device-copies", "bool", /*default=*/"false",
           "Give buffers that the host only copies whole (identity "
           "layouts) device, not host-shared, memory, and copy them with "
           "gpu.memcpy (opencl only)">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::imex::gpux::GPUXDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
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
                           "::mlir::cf::ControlFlowDialect",
                           "::imex::region::RegionDialect"];
}

def CorrectOpenMPIOpSymbols
    : Pass<"correct-openmpi-op-symbols", "::mlir::ModuleOp"> {
  let summary = "Name Open MPI's predefined reduction ops by their real "
                "symbols after the MPI-to-LLVM lowering";
  let description = [{
    Upstream's MPI-to-LLVM lowering (LLVM 22) refers to Open MPI's
    predefined operations (`MPI_SUM`, `MPI_MAX`, ...) as the external
    globals `ompi_mpi_sum`, `ompi_mpi_max`, ..., which Open MPI's library
    does not define: it names them `ompi_mpi_op_sum`, `ompi_mpi_op_max`,
    ..., so programs that reduce fail to link. This renames every external
    `llvm.mlir.global` of type `ompi_predefined_op_t` whose name lacks the
    `op_` to the library's name, with its uses. Other modules are left
    alone.
  }];
}

def ConvertGPUToGPUX : Pass<"convert-gpu-to-gpux"> {
  let summary = "Turn host-side gpu ops into gpux ops on an explicit stream";
  let description = [{
    In every single-block `func.func`, `gpu.alloc`, `gpu.dealloc`,
    `gpu.wait`, `gpu.memcpy`, `gpu.memset` and `gpu.launch_func` become their
    `gpux` counterparts, keeping async dependencies and tokens, sizes, symbol
    operands, `host_shared`, grid/block sizes, dynamic shared memory and kernel
    operands (cluster sizes are dropped). All of them use one stream per
    function: the first `gpux.create_stream` directly in the function's block,
    or a new one created at the block start and destroyed right before the
    terminator. A launch is converted only if its gpu.module is in the
    nearest builtin.module and contains the kernel gpu.func. Gpu ops
    outside `func.func`, in functions with several blocks, or in device
    code are not converted. The patterns run in the greedy driver on the
    whole op, as IMEX runs them, so the output also has the driver's
    folding and simplification everywhere, device code included: constants
    move to the start of their function (ahead of the stream, each to the
    front in turn), dead ops such as an unused allocation go, and blocks
    that can be merged are (so a function may become single-block and be
    converted).
  }];
  let dependentDialects = ["::imex::gpux::GPUXDialect",
                           "::mlir::arith::ArithDialect"];
}

def ConvertGPUXToLLVM : Pass<"convert-gpux-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower gpux ops to LLVM calls into the imexrt runtime";
  let description = [{
    Lowers all twelve gpux ops to calls of the runtime entry points of
    docs/runtime-abi.md (`gpuCreateDevice` ... `gpuWait`), declared once as
    `llvm.func`. The gpux handle types and `!gpu.async.token` become
    `!llvm.ptr`; `func` and `cf` ops are converted in the same conversion so
    that handles and tokens may cross function signatures and branches (a
    `cf.assert` still there, as IMEX's pipelines leave them, through
    upstream's lowering: the message on stdout, then abort).

    A launch embeds its gpu.module's `gpu.binary` string as the internal
    constant `@<module>_spirv_binary` (no NUL added) and the kernel name as
    `@<module>_<kernel>_kernel_name`, both at the start of the module, the
    newest first and without alignment, as IMEX emits them; calls
    `gpuModuleLoad` and
    `gpuKernelGet` (the runtime caches both), keeps the module handle in
    `@<module>_handle` (after the functions), which the global destructor
    `@<module>_unload` passes to `gpuModuleUnload`, and passes each kernel operand with its true size
    (memrefs as their aligned pointer). A launch without an async token is
    followed by `gpuWait`. All gpu.module ops are erased. A gpu.module without
    `gpu.binary` and a missing kernel are errors.

    Host-side gpu ops that `convert-gpu-to-gpux` left (functions of several
    blocks) go through upstream's gpu-to-llvm patterns to the runtime's
    `mgpu*` wrappers, in the forms those patterns take: `gpu.wait`, and
    `gpu.alloc`/`dealloc`/`memcpy`/`memset` async on one stream (an
    allocation also host_shared without dependencies). Other forms, and
    launches, are errors that say which form would lower.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def ConvertAssertsToImexrt
    : Pass<"convert-asserts-to-imexrt", "::mlir::ModuleOp"> {
  let summary = "Report failed run-time checks (cf.assert) through imexrt";
  let description = [{
    Replaces every `cf.assert %ok, "message"` in host code with a call of
    the runtime's `imexrtCheckFailed(const char *message)` when `%ok` is
    false; it prints `imexrt: run-time check failed: <message>` to stderr
    and aborts. (Upstream's lowering prints with `puts`, whose buffered
    stdout is lost when the program aborts with its output piped.) Device
    code in `gpu.module`s is left alone. Run before `convert-scf-to-cf`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def ConvertAllocaScopesToLLVM
    : Pass<"convert-alloca-scopes-to-llvm", "::mlir::func::FuncOp"> {
  let summary = "Inline memref.alloca_scope ops between a stack save and "
                "restore";
  let description = [{
    `convert-scf-to-openmp` wraps every parallel loop body in a
    `memref.alloca_scope`, which must hold one block; `convert-scf-to-cf`
    then fails on a body with branches in it (an `scf.if`, a run-time
    check), and canonicalization inlines only scopes without anything that
    might allocate on the stack, which a call counts as. This pass inlines
    each scope into its parent block between `llvm.intr.stacksave` and
    `llvm.intr.stackrestore`, as `finalize-memref-to-llvm` would, so that
    each iteration still releases what it allocates on the stack, including
    what later lowerings allocate there (the descriptor of a memref cast to
    an unranked one). Run before `convert-scf-to-cf`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def ImexConvertGPUToSPIRV
    : Pass<"imex-convert-gpu-to-spirv", "::mlir::ModuleOp"> {
  let summary = "Convert each gpu.module to a spirv.module (IMEX's pass)";
  let description = [{
    IMEX's pass, for IMEX's pipelines: each `gpu.module` is cloned in front
    of itself (the original stays for the launches), the clone's memref
    memory spaces are mapped to OpenCL storage classes, and the clone is
    converted in full to the SPIR-V dialect for its `spirv.target_env` (or
    the default one) with 64-bit indices, through upstream's GPU, arith,
    func, vector, math, index, memref, ub, scf and cf patterns, after
    `for-results-to-while`'s rewrite. A conversion
    failure names the op. (imexc's own kernels go through
    gpu-kernels-to-spirv-binary instead.)
  }];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

#endif // IMEX_CONVERSION_PASSES
