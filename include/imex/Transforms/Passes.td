//===- Passes.td - cross-dialect transforms -------------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

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

    With `offload-device=D` (whole-program offload, `imexc --offload=gpu`),
    every linalg op outside all env_regions is wrapped as well, in a
    `#region.gpu_env<device = D>`: plain linalg programs, as front ends
    produce them, run their array computations on the GPU. An `scf.forall`
    whose body only slices tensors and computes on them (linalg, arith,
    math, `affine.apply`/`min`/`max`: tiled code) is wrapped whole instead
    of the linalg ops in it, so that its iterations become the threads of
    one kernel (`gpu-region-foralls-to-parallel`). A function
    with the attribute `imexc.offload_device` (a device name `"D"`, or a
    whole `#region.gpu_env`, whose workgroup size is then kept) gets the
    same for its own linalg ops (the array language's `@gpu @distributed` defs: their
    per-process parts go to the GPU after partitioning).
  }];
  let options = [
    Option<"offloadDevice", "offload-device", "std::string",
           /*default=*/"\"\"",
           "Also put every linalg op outside env_regions, and every scf.forall "
           "of tiled code, on this GPU device">,
  ];
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

def MarkReadOnlyRuntimeArguments
    : Pass<"mark-read-only-runtime-arguments", "::mlir::ModuleOp"> {
  let summary = "Tell bufferization that the runtime's print functions only "
                "read their arrays";
  let description = [{
    One-shot bufferization takes a function without a body to read and
    write every tensor it is passed, so printing a tensor (an unranked
    cast of it, which cannot be copied) and then using it again was a "RaW
    conflict" error. The declarations of `printMemref*` (the MLIR runner
    utilities' printers) get `bufferization.access = "read"` on their
    tensor arguments, unless they say otherwise already. The pipelines run
    it ahead of `isolate-updated-arrays` too, which would otherwise take
    printing for an update and copy what is printed.
  }];
}

def LinearizeSignedStrides : Pass<"linearize-signed-strides"> {
  let summary = "Access memrefs with negative or dynamic strides at an "
                "explicit linear index";
  let description = [{
    `memref.load` and `memref.store` through a layout with a negative or
    dynamic stride become accesses of a one-dimensional view of the whole
    buffer (`memref.reinterpret_cast` of `memref.extract_strided_metadata`'s
    base) at `offset + sum(index * stride)`. MLIR 22's LLVM lowering marks
    every step of a strided address `nuw`, which a negative stride breaks
    (the access is poison); the linear index of an element in its buffer is
    never negative. Run it before `expand-strided-metadata`.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
}

def IsolateUpdatedArrays : Pass<"isolate-updated-arrays", "::mlir::ModuleOp"> {
  let summary = "Results that could fold into an operand get their own "
                "storage when either is updated in place";
  let description = [{
    `ndarray.insert_slice` updates its destination's storage, which every
    tensor value sharing it sees; canonicalization, fusion and
    vectorization, though, treat tensors as values and fold computations
    into an operand (`x * 1` to `x`, `x + zeros` once the fill is fused,
    `max(y, y)`, `select(true, a, b)`, a one-operand concatenation), after
    which a new array shares its operand's storage. Run ahead of the first
    canonicalization, this pass puts an `ndarray.copy` after each such
    result where that matters, and nowhere else.

    - Storage classes: tensors that may share storage, through views and
      annotations (`shard.shard`), destination-passing ops (a result and
      its non-empty destination), loop-carried
      values, branch and select results, ops of unknown effects, and the
      arguments of a function (a caller may pass one array twice).
    - Updated classes: destinations of `ndarray.insert_slice`, of
      `ndarray.delete` and other writes, arguments of functions that update
      them (to a fixed point over the module), operands of declarations not
      marked `bufferization.access = "read"`.
    - Fold targets of a result: for a linalg op, the tensors other than its
      destinations it is computed from (through linalg producers, which
      fusion merges) of its shape and element type, read where the op
      writes, that its body may reduce to: an op whose other operands may
      be dropped (arithmetic's neutral constants, the extreme that never
      wins a min or max, any constant of other ops; for idempotent ops
      such as max, what may become the same tensor), a cast, negation, abs
      or rounding; constants include loop induction variables and carried
      values, indices along dimensions that may have one element, and what
      is computed only from such values. For other ops free of memory
      effects, any operand of the result's shape and element type other
      than a `tensor.empty` or a destination.
    - Copied: an updated array that an op making contents produced (a
      linalg op, a constant, `tensor.splat`/`from_elements`/`generate`,
      `ndarray.linspace`), since reads of it may fold to how it was made
      (`tensor.extract` of a `linalg.fill`); a result with a fold target
      when it is updated; a result with a fold target, or of an op that
      moves data (slices, inserts, transposes, broadcasts, casts: later
      reads of it may be rewritten into reads of its operand), when a
      target is updated after the result is computed and before something
      that may read it runs; a returned result with a fold target that is
      an argument's or another returned array's storage. What may read a
      result: its users, and the users of what they compute from it
      (buffers taken of it too), transitively, up to linalg ops that
      compute new values; ordered within the result's block. A reader
      outside the block, the block's terminator passing it on (a loop's
      next iteration), and updates that are not at one place (a buffer
      taken for writing) count as reads after an update. So the whole part
      of an array read before the array is updated (`x[0:n]` put into a
      buffer with halos) stays a view.

    Running it again adds nothing. After bufferization,
    `forward-copied-temporaries` removes copies of buffers nothing else
    uses.
  }];
  let dependentDialects = ["::imex::ndarray::NDArrayDialect"];
}

def Mem2Reg : Pass<"mem2reg"> {
  let summary = "Promote memory slots to SSA values, also through region "
                "control flow";
  let description = [{
    Region-aware SSA construction (replaces upstream `mem2reg`). Slots come
    from `PromotableAllocationOpInterface` allocators (`memref.alloca` of
    one element, `llvm.alloca`, `nda.var`); their uses must implement
    `PromotableMemOpInterface` or `PromotableOpInterface`. A use nested in
    a region is promoted when every enclosing op up to the slot's region
    implements `PromotableRegionOpInterface` and accepts the region
    (`scf`, `affine.for`/`affine.if`, `region.env_region`; `scf.forall`,
    `scf.parallel` and `scf.reduce` only without stores).

    CFG merge points get a block argument (their predecessors need
    `BranchOpInterface`); there is no liveness analysis, so merge-point
    arguments that end up unused, cyclic ones included, are removed at the
    end. On IR without region control flow the result is that of upstream
    `mem2reg`, except that a dead merge point behind a terminator without
    `BranchOpInterface` blocks promotion.

    A slot that is not promoted is reported as a missed optimization remark
    (category `mem2reg`, e.g. `--remarks-filter-missed=mem2reg
    --remark-format=emitRemark`) naming the use that blocked it.
  }];
  let options = [
    Option<"enableRegionSimplification", "region-simplify", "bool",
           /*default=*/"true",
           "Remove the results, iteration arguments and yielded values "
           "that promotion added to region ops and nothing uses">,
  ];
  let statistics = [
    Statistic<"promotedAmount", "promoted slots",
              "Number of memory slots promoted">,
    Statistic<"rejectedAmount", "rejected slots",
              "Number of memory slots that could not be promoted">,
    Statistic<"newBlockArgumentAmount", "new block args",
              "Number of merge-point block arguments added">,
    Statistic<"newRegionValueAmount", "new region values",
              "Number of region ops that got a result for a slot">,
  ];
}

def CoalesceShardOps : Pass<"coalesce-shard-ops"> {
  let summary = "Coalesces shard.shard ops around ndarray views";
  let description = [{
    Runs between `sharding-propagation` and `shard-partition` on IR with
    `ndarray.subview` / `ndarray.insert_slice` on sharded arrays. After
    propagation, each view is annotated with the layout its elements already
    have on the array's shards and each insert_slice source with the part
    every shard owns in the destination, while the elementwise code between
    them has plain balanced layouts; partitioning would reshard at every
    edge. This pass makes the expression use one layout and gives the viewed
    arrays halos instead, so partitioning exchanges halos once per array
    version and computes every view from local data.

    1. Groups every subview and insert_slice by its base array, found through
       `shard.shard`, creators (`tensor.empty`, `tensor.splat`,
       `ndarray.linspace`), insert_slice destinations, subviews and
       single-value unrealized casts; any other op makes a new base array. The sharding
       must be complete: every `shard.shard` refers to a `shard.sharding`,
       the base array is annotated, the viewed / updated array and a non-0-d
       insert_slice source are annotated for their users, and a used result
       by exactly one `shard.shard`. Otherwise the pass prints
       "Non-existing or incomplete sharding. Skipping coalescing shard ops."
       to stderr and changes nothing.
    2. For each insert_slice, the layout of its source annotation (the part
       each shard writes) is propagated back to its producers: annotations
       with the same split axes on single-use chains through elementwise tosa
       ops (same-shape operands; `tosa.mul`'s shift is ignored), all-parallel
       linalg ops with identity maps, creators and subviews get that layout
       (new `shard.sharding` ops). A chain that reaches anything else (a block
       argument, another op, a value with more users) is left unchanged as a
       whole.
    3. A view whose result is read, through a single annotation, in a static
       layout with the same split axes but other shard sizes is annotated to
       produce that layout itself.
    4. For each base array, the views that read it (or an insert_slice result
       of it) directly, with a static layout on their split dimensions, define
       a bounding box per shard. The halo sizes that make every box local are
       added to the array's sharding. These views then read that one haloed
       layout through one shared annotation per array value (a block argument
       annotated only for its users first gets its own annotation, so the
       halos never change a function signature). An insert_slice whose result
       only feeds such views and such insert_slices updates the haloed layout
       directly (partitioning refreshes its halos). The array's own
       definition keeps its sharding.

    Only layouts with one grid axis per split dimension, a static grid, static
    base shape and slice parameters on split dimensions, positive strides and
    a base without explicit shard offsets are coalesced; anything else is left
    alone. New `shard.sharding` ops reuse an equal earlier one in the same
    block; ones left unused by the pass are erased.
  }];
  let dependentDialects = ["::mlir::shard::ShardDialect"];
}

def ElideTemporaryCopies : Pass<"elide-temporary-copies",
                                 "::mlir::func::FuncOp"> {
  let summary = "Linalg ops write straight into the buffer their temporary "
                "result is copied to";
  let description = [{
    After bufferization, `x[1:-1] = f(...)` in an array program (an
    `ndarray.insert_slice` of a computed array, which updates the array in
    place) is a linalg op that writes a new buffer, then a `memref.copy`
    of that buffer into a view of the array. This pass lets the linalg op
    write the view itself and removes the temporary and the copy, which
    halves the memory traffic of such an update.

    It does so when all of these hold (otherwise nothing changes):
    - the temporary is a `memref.alloc` in the same block, used only as
      the one init of a linalg op and as the source of one later
      `memref.copy`;
    - the op writes every element (all its loops are parallel, its output
      map is a permutation) and does not read its init;
    - the copy's target dominates the op, or what computes it after the op
      (a view and its offsets) is free of memory effects and moves before
      the op;
    - nothing between the op and the copy touches memory that the target
      may share (MPI calls on the library's state may be there);
    - no input of the op can alias the target: their buffers come from
      different allocations, or one is allocated in the function and the
      other is an argument or a global (a stencil that reads the array it updates
      keeps its temporary), except an input that is a view of exactly the
      elements the op writes, read through the same indexing map
      (`x[1:] = x[1:] + 1`), of a buffer whose elements lie apart (an
      identity layout, or static strides that keep its dimensions apart);
    - the op's body touches no memory;
    - deallocations of the temporary come after the copy (they go with
      it).
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def ExpandShapesWithDynamicGroups
    : Pass<"expand-shapes-with-dynamic-groups"> {
  let summary = "Turn memref.expand_shape ops that split a dimension into "
                "several dynamic ones into memref.reinterpret_cast";
  let description = [{
    MLIR 22's `expand-strided-metadata` crashes on a `memref.expand_shape`
    with more than one dynamic size in a reassociation group (reshaping a
    `?` array into `?x?`, as `tensor.expand_shape` with runtime or
    unfolded `output_shape` values bufferizes to; llvm-project issue
    186830, fixed in LLVM 23). This pass rewrites exactly those ops, just
    before `expand-strided-metadata`, into a `memref.reinterpret_cast` of
    the source's base buffer: the source's offset, the `output_shape`
    sizes, and per group the source dimension's stride for the innermost
    dimension and, outwards, each stride times the next size. Other
    `expand_shape` ops are left to upstream.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

def CopyViewsAtCallBoundaries : Pass<"copy-views-at-call-boundaries",
                                      "::mlir::func::FuncOp"> {
  let summary = "Pass and return views whose layout differs from the "
                "function type's as contiguous copies";
  let description = [{
    With identity layouts at function boundaries, one-shot bufferization
    passes a view (a column window, a row at a dynamic offset) to a call,
    or returns one, through a `memref.cast` to the identity layout whenever
    the two layouts could agree, such as strides `[8, 1]` or a dynamic
    offset and a dynamic identity layout: the cast is then valid only if
    the view is in fact contiguous and starts its buffer. Host code reads
    the strides the descriptor carries but takes the identity layout's
    offset of 0; GPU code also copies and indexes the array as the identity
    layout says. Either reads wrong elements. Such a cast of a `func.call`
    or `func.return` operand (through a chain of casts) from a layout that
    is not certainly the identity's (offset 0, contiguous strides) becomes
    a copy into a new buffer of the identity layout, which buffer
    deallocation frees: a call with a view then costs a copy on the host
    too. Run after bufferization, before deallocation.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def IsolateParallelInsertSources
    : Pass<"isolate-parallel-insert-sources", "::mlir::func::FuncOp"> {
  let summary = "Copy a forall tile that its terminator moves into one "
                "shared output while another insert writes where it came from";
  let description = [{
    In an `scf.forall`, a `tensor.parallel_insert_slice` whose source
    shares the storage of a shared output that an earlier
    `parallel_insert_slice` of the same terminator writes (a slice of it,
    through `tensor.extract_slice` and `tensor.cast` ops and ops computing
    in place into such a slice as their init) needs the tile as it was
    before the terminator. One-shot bufferization (MLIR 22)
    turns the inserts into copies in the terminator's order and reads the
    tile through a view, after the earlier insert has overwritten it
    (a wrong result on the host and the GPU alike; for example two outputs
    initialized from one tensor, one receiving the other's old tile, as in
    upstream's consumer fusion tests). Such a source becomes a
    `bufferization.alloc_tensor` copy of itself, taken where it is
    computed. (A later insert's write comes after the read: no copy.)
    Run before bufferization (and before `add-gpu-regions`, which then
    leaves the forall on the host: kernels cannot allocate).
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def ForwardCopiedTemporaries : Pass<"forward-copied-temporaries",
                                     "::mlir::func::FuncOp"> {
  let summary = "A new buffer that only receives a copy of a buffer nobody "
                "uses after it becomes that buffer";
  let description = [{
    After bufferization, an array given storage of its own (`ndarray.copy`,
    as `isolate-updated-arrays` adds them) is a `memref.alloc` that
    receives a `memref.copy` of the computed buffer. When the computed
    buffer is a `memref.alloc` of the same type in the same block, used
    before the copy only by ops that make no views of it (linalg ops, vector
    transfers, memref.dim) and not at all after it, and the new
    buffer is used only after the copy, every use of the new buffer takes
    the computed one, and the copy (with an op whose region holds only the
    copy, such as ndarray lowering's "protect_copy_op" region) and the new
    allocation go.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def RemoveTemporaries : Pass<"imex-remove-temporaries"> {
  let summary = "IMEX's name for elide-temporary-copies, on every function";
  let description = [{
    IMEX's pass, for IMEX's pipelines: the transformation of
    `elide-temporary-copies` on every function nested in the op it runs on,
    with IMEX's assumption that different function arguments do not
    overlap (so an op may write an argument while it reads another one).

    It changes less than IMEX's pass where IMEX's result could differ from
    the program's: a temporary that only part of an op writes, or one
    copied in another block than the op's, keeps its copy; so does a
    temporary whose target another op writes before the copy (IMEX moves
    that op, and the ops it needs, before the producer); and an input that
    overlaps the target with a different offset keeps it too, where IMEX
    accepts a read offset past the write offset, which is only safe if the
    loops run in order (they are parallel). An input the same as the
    target must be a view of a buffer whose elements lie apart (not a
    broadcast or dynamic layout, which may repeat elements).
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def WholeArraysOnRoot : Pass<"whole-arrays-on-root", "::mlir::ModuleOp"> {
  let summary = "Exported distributed functions take whole arrays on rank 0 "
                "and return whole arrays";
  let description = [{
    For C and C++ callers that keep their arrays on one process: in every
    public function definition with `shard` ops,

    - each tensor argument is whole on rank 0, and what other processes
      pass is not read: the argument gets the unit attribute
      `imexc.whole_on_root`, which `lower-shard-collectives` lowers to a
      broadcast from rank 0 at the function's entry. Where the function
      annotates the argument as split (`shard.shard %arg to %split`, the
      form for callers that pass their own parts), the annotation becomes
      replicated, followed by the split for its users, so that every
      process takes its part of the broadcast array;
    - each result annotated as split is gathered (an annotation to
      replicated for the return), so every process gets the whole result.

    Runs before `partition-sharded-functions`; the `distributed` pipeline
    adds it for `distributed-arrays=root` (`imexc --distributed-arrays=root`).
  }];
  let dependentDialects = ["::mlir::shard::ShardDialect"];
}

def PlaceGpuWorkByFunction : Pass<"place-gpu-work-by-function",
                                   "::mlir::ModuleOp"> {
  let summary = "In a distributed program, GPU placement moves from tensor "
                "encodings to the functions that have them";
  let description = [{
    Upstream partitioning drops tensor encodings where it builds tensors
    (inits, neutral elements), so `#region.gpu_env` placement does not
    survive it. Run before `partition-sharded-functions`, this pass strips
    the encodings of every function in a module that has `shard` ops, and
    marks each function definition that had GPU-placed tensors (in its
    signature or its body) with `imexc.offload_device` (its
    `#region.gpu_env`, workgroup size included): its array work is
    offloaded to that device as a whole, each process running its part
    there (`add-gpu-regions` and `insert-gpu-allocs` honour the mark).
    Every function loses the encodings, declarations included, so that
    calls keep agreeing on types. A module without `shard` ops is left as
    it is.
  }];
}

def PartitionShardedFunctions : Pass<"partition-sharded-functions",
                                      "::mlir::ModuleOp"> {
  let summary = "Propagate shardings and partition every function that "
                "uses them into its per-process (SPMD) form";
  let description = [{
    Runs upstream `sharding-propagation`, `coalesce-shard-ops` (so that
    stencil-style views of an array share one halo exchange) and
    `shard-partition` on each function definition that annotates tensors
    (`shard.shard`), and on nothing else: declarations (such as
    `printMemrefF32`), functions without shardings and functions already
    in their per-process form (collectives alone) keep their form, where
    the upstream passes would stop at them.

    Between propagation and partitioning it completes what upstream
    partitioning needs and would crash without:
    - every use of an annotated argument goes through its annotation;
    - an argument annotated only for some of its users gets a replicated
      annotation of its own (it is whole), and an op propagation left
      without annotations gets replicated ones;
    - where an annotation for users differs from the value's annotation in
      several dimensions (a replicated array split into blocks, blocks
      gathered), a chain of annotations changes one dimension at a time,
      gathers first (upstream reshards one dimension per step).
    Uneven splits on grids of static shape (10 rows over 4 processes),
    where upstream partitioning would give each process the floor of an
    even share: a grid of one axis gets its size at run time (the first
    n % P parts one longer); a grid whose arrays are read through views
    keeps its shape, and its uneven splits get explicit
    `sharded_dims_offsets` with the same parts. Where a value's sharding
    changes to or from explicit offsets, it goes through an `ndarray.copy`
    whose sharding model moves the data (upstream reshards neither).
    It runs propagation forward first (layouts come in with the arguments),
    then coalesces views once every grid's splits are settled.
    It records the grids each function works on (`imexc.grids`) for
    `finish-shard-to-mpi`.

    Before partitioning, an op that reads `linalg.index` while one of its
    operands or results is split across processes is refused: the
    partitioned op would compute with local indices, so every process would
    produce the first shard's values. So are `sharded_dims_offsets`
    written in the input (imexc splits unevenly in blocks of its own, the
    parts C++ callers pass), and splits along grid axes the grid does not
    have or of one dimension along several axes (upstream partitioning
    crashes on them), linalg ops whose annotated operands and results
    split one loop dimension two ways (a column-split array plus a bias
    kept whole; upstream partitioning trusts such annotations and builds
    ops of mismatched shapes), and ops that read a value split with
    `halo_sizes` without its halos (upstream resharding computes the
    part's size from memory it never wrote). A function the upstream
    passes cannot partition without saying why gets an error that names
    it.
  }];
  // What upstream partitioning and the resharding copies create.
  let dependentDialects = ["::mlir::shard::ShardDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::imex::ndarray::NDArrayDialect"];
}

def LinearizeLaunchMemrefs : Pass<"linearize-launch-memrefs"> {
  let summary = "Index multi-dimensional and strided memrefs in gpu.launch "
                "bodies through flat 1-D buffers";
  let description = [{
    A SPIR-V kernel receives each buffer as a bare pointer, so it cannot
    index a memref whose strides or offset are only known at run time (a
    multi-dimensional array with dynamic sizes, a strided view). For every
    memref of rank > 1, or of rank 0 or 1 with a non-identity layout, that a
    `gpu.launch` body only loads, stores (`memref` ops, or 1-D `vector`
    ops along the innermost dimension) or takes dims of, this pass takes
    the memref's metadata before the launch (`memref.extract_strided_metadata`),
    gives the body a 1-D `memref.reinterpret_cast` of its base buffer, and
    rewrites each access to use `offset + sum(index_k * stride_k)` (with
    the low bits cleared for a vector marked `imexc.aligned_vector`, which
    leaves it as it is and lets the Vulkan SPIR-V access it as one element
    of a vector array). Kernel
    outlining then passes the offset, sizes and strides as scalars. Memrefs
    with other uses in the launch are left alone. Views taken inside a
    launch (`memref.subview` and the like: the rows of an offloaded
    `scf.forall`'s iterations) are folded into the accesses through them
    first, so that those index the captured memref.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def InlineCallsInGpuLaunches
    : Pass<"inline-calls-in-gpu-launches", "::mlir::ModuleOp"> {
  let summary = "Inline the functions that gpu.launch bodies call";
  let description = [{
    A `func.call` in a kernel (a helper function called in the body of an
    offloaded `linalg.generic`) was outlined with its callee into the
    `gpu.module`, whose SPIR-V conversion then failed on the `func.func`.
    This pass inlines every call inside a `gpu.launch`, callees' calls
    included, before kernel outlining. A call to a function without a
    body cannot run in a kernel, nor can a chain of calls nested deeper
    than 32 (taken for recursion): an error at the call.
  }];
}

def InterchangeForContiguousInnerLoop
    : Pass<"interchange-for-contiguous-inner-loop", "::mlir::func::FuncOp"> {
  let summary = "Put the output's contiguous dimension innermost in "
                "linalg contractions";
  let description = [{
    A linalg op with a reduction loop whose output's last dimension `p` is a
    parallel loop that is not innermost (e.g. `linalg.matmul`: loops
    (i, j, k), output (i, j)) gets `p` moved innermost (matmul: (i, k, j)),
    when every operand indexed by `p` has it as its last, contiguous
    dimension and nowhere else, and when the outermost loop stays a
    parallel one with more than one iteration (it is the one that runs on
    threads). The innermost loop then walks memory with unit stride, which
    LLVM vectorizes; with the reduction innermost, the loop walks a column
    of B. Named ops are generalized first. Ops that do not qualify are left
    alone: e.g. `linalg.matvec`, whose matrix has the output dimension
    first, `linalg.vecmat`, whose only parallel loop would go inside the
    reduction, and a 1xK `linalg.matmul`. For host code, before
    `convert-linalg-to-parallel-loops`.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def SequentializeNestedParallelLoops
    : Pass<"sequentialize-nested-parallel-loops", "::mlir::func::FuncOp"> {
  let summary = "Run scf.parallel loops nested in another one sequentially";
  let description = [{
    On the host, only the outermost `scf.parallel` of a nest becomes an
    OpenMP loop; `convert-scf-to-openmp` would turn nested ones into nested
    parallel regions, which the OpenMP runtime runs serially at the cost of
    a runtime call per outer iteration, and whose bodies LLVM does not
    vectorize. This pass rewrites every `scf.parallel` nested (also through
    other ops) in another `scf.parallel` into `scf.for` loops; reductions
    become loop-carried values combined in iteration order by the bodies of
    the `scf.reduce` regions. Run before `convert-scf-to-openmp`.

    With `mapped-sequential`, only nested loops that run inside one GPU
    thread are rewritten: those `gpu-map-parallel-loops` mapped to
    `sequential` in every dimension (the loops of an offloaded
    `scf.forall`'s iterations), and those it left without a mapping inside
    a loop it mapped to threads (it does not look into an `scf.if`, such as
    the bounds guard of a workgroup tile; upstream's launch conversion
    would leave them in the kernel as `scf.parallel`). As `scf.for` loops
    they also let the launch conversion take a thread's body that writes
    memory around them (upstream's refuses a nested parallel loop after a
    write).

    With `in-sequential-loops`, a parallel loop nested in an `scf.for` is
    sequentialized too: OpenMP would start its threads once per iteration
    of the outer loop. The `-O2` host pipeline sets it, because its thread
    tiles (`scf.forall`) already hold the parallel work and what is left
    inside loops are the partial tiles of register tiling.
  }];
  let options = [
    Option<"inSequentialLoops", "in-sequential-loops", "bool",
           /*default=*/"false",
           "Also sequentialize parallel loops nested in scf.for loops">,
    Option<"mappedSequential", "mapped-sequential", "bool",
           /*default=*/"false",
           "Only nested loops that run inside one GPU thread (mapped to "
           "`sequential`, or unmapped inside a loop mapped to threads)">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def TileParallelLoopsForWorkgroups
    : Pass<"tile-parallel-loops-for-workgroups", "::mlir::func::FuncOp"> {
  let summary = "Split parallel loops in GPU regions into workgroups of "
                "threads";
  let description = [{
    Without this, `gpu-map-parallel-loops` maps every iteration of a
    parallel loop to a workgroup of one thread, which leaves all but one
    lane of each GPU SIMD unit idle. This pass tiles every outermost
    `scf.parallel` without reductions inside a GPU `region.env_region` into
    a loop over workgroups around a loop over the threads of one workgroup
    (`scf::tileParallelLoop` with constant inner bounds and a bounds check
    in the body, so dynamic sizes work and the launch grid is computed at
    run time).

    Each workgroup has `workgroup-size` threads, or the region's
    `#region.gpu_env<..., workgroup_size = N>`. They are spread over at most
    three dimensions, innermost first: a 1-D loop gets N threads in a row;
    a deeper one gives its innermost dimension 32 threads (consecutive
    threads touch consecutive addresses once `gpu-map-parallel-loops` runs
    with `mapping-policy=innermost-first`), the next dimension the rest
    (the third at most 64). Dimensions with a small static extent get
    fewer threads, and what they leave goes to the other dimensions.
    Loops that are nested in another `scf.parallel`, carry reductions or
    lie outside GPU regions are left alone.
  }];
  let options = [
    Option<"workgroupSize", "workgroup-size", "unsigned", /*default=*/"256",
           "Threads per workgroup (a power of two up to 1024)">,
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def GpuRegionForallsToParallel
    : Pass<"gpu-region-foralls-to-parallel", "::mlir::func::FuncOp"> {
  let summary = "Make the scf.forall loops in GPU regions scf.parallel "
                "loops";
  let description = [{
    A bufferized `scf.forall` (no outputs left) inside a GPU
    `region.env_region` becomes an `scf.parallel` loop over the same
    iteration space, so that the GPU mapping passes give its iterations
    threads as they do other parallel loops; the loops inside its body
    (its linalg ops) then run within each thread. A `memref.copy` in its
    body (a slice moved whole: a `tensor.parallel_insert_slice` of an
    `extract_slice`) becomes a `linalg.copy`, so that it too becomes loops
    within the thread. Foralls elsewhere are left to the host pipeline.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect"];
}

def LowerGpuAllReduce : Pass<"lower-gpu-all-reduce", "::mlir::func::FuncOp"> {
  let summary = "Lower gpu.all_reduce in gpu.launch bodies to a tree in "
                "workgroup memory";
  let description = [{
    Upstream converts `gpu.all_reduce` to SPIR-V only as a workgroup-scope
    group operation, which Vulkan does not have (its group operations are
    subgroup-wide), and its own lowering to shuffles assumes subgroups of
    32 (lavapipe's have 8). This pass makes each `gpu.all_reduce` in a
    `gpu.launch` body a tree in workgroup memory: every thread stores its
    value at its linear thread id, then log2(workgroup size) halving steps
    separated by barriers fold the upper half into the lower, and every
    thread reads the result. It takes either form: an operation (`add`,
    `maxnumf`, ...) or a body (a single block ending in `gpu.yield`), which
    is cloned as the combiner. The scratch buffer has one element per
    thread of the launch's constant block size, else 1024. Like the op, it
    must be reached by every thread of the workgroup.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def SinkConstantsIntoLaunches
    : Pass<"sink-constants-into-launches", "::mlir::func::FuncOp"> {
  let summary = "Copy the constants a gpu.launch body uses into it";
  let description = [{
    Canonicalization gathers constants at the start of the function, so a
    `gpu.launch` body uses them from outside, and kernel outlining would
    pass each as a kernel argument: a load per invocation, and room in a
    Vulkan kernel's 128-byte push-constant block (past it, a storage buffer
    binding each, of which many devices allow 32). This pass
    clones every constant-like op that a launch body uses into the body.
    Unlike upstream's `gpu-launch-sink-index-computations`, it leaves
    `memref.dim` and other non-constant ops outside, since the SPIR-V
    conversion cannot lower a dim of a dynamic memref in a kernel.
  }];
}

def DecomposeAggregatedOps
    : Pass<"decompose-aggregated-ops", "::mlir::func::FuncOp"> {
  let summary = "Decompose aggregated linalg ops (linalg.softmax) on tensors "
                "into the generic ops they stand for";
  let description = [{
    `linalg.softmax` is not a structured op: it has no loops, no
    bufferization to loops and no GPU form, so programs that use it (IREE's
    tests, torch-mlir's output) did not compile. This pass replaces every
    op implementing `AggregatedOpInterface` whose operands are tensors
    with its decomposition (upstream's: for softmax a max reduction, an
    exp of the differences, a sum and a division, all `linalg.generic`
    or named structured ops), which every pipeline then lowers as it
    lowers hand-written reductions. An op on buffers is an error: its
    decomposition builds tensors. The pass runs at the start of the host
    and GPU pipelines (after `tensor-arith-to-linalg`), so that fusion and
    GPU placement see the parts.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def SplitArgReductions
    : Pass<"split-arg-reductions", "::mlir::func::FuncOp"> {
  let summary = "Run argmax and argmin reductions in GPU regions as "
                "single-output reductions, which run in parallel";
  let description = [{
    A reduction with two outputs, a value and its index, has no workgroup
    form: it ran as one GPU thread per output, serially over the whole
    reduction (slow on any GPU, and wrong on lavapipe past 65535 elements,
    its loop limit). This pass replaces each such `linalg` op on tensors
    in a GPU `region.env_region` by single-output reductions (parts) that
    compute the same two results exactly, and an elementwise op that folds
    them into the outputs' initial values. It takes two forms.

    The serial form torch-mlir and IREE write, over one reduction loop `d`:

        %c = arith.cmpf ogt, %x, %v      (olt; arith.cmpi sgt/slt/ugt/ult)
        %m = arith.maximumf %x, %v       (minimumf; maxsi/minsi/maxui/minui,
                                          or for integers select %c, %x, %v)
        %j = arith.select %c, (arith.index_cast (linalg.index d)), %i
        linalg.yield %m, %j

    Its index is the first position of the best value, if that beats the
    initial value strictly; with floats a NaN makes the value NaN and ends
    the search. Parts: the first NaN's position `F` (floats only), the best
    value `b` before `F`, the first position before `F` whose value equals
    `b`; then `value = F found ? NaN : max(v0, b)`, `index = b beats v0 ?
    position : i0`. Float forms that select the value (`select %c, %x, %v`)
    and `maxnumf` forms are left alone: their results depend on the order
    in ways the parts do not reproduce (the sign of a zero maximum, a NaN
    initial value).

    NumPy's form, as the array language writes it, over any reduction
    loops: the element at `position` wins if it is better (`x > v`, or for
    floats `x` is NaN and `v` is not) or as good (`x == v`, or both NaN) at
    a lower position, and both outputs select it. The winner does not
    depend on the order: the first NaN, else the first best number (the
    same three parts, NaN elements excluded from the best). The fold
    re-evaluates the body's own choice between that winner and the initial
    pair. A float value output must be unused (the parts give the best
    number's bits, not the sign of the winning zero), the index an i64
    (wrapping positions would make "lower" depend on the order), and the
    position a sum of products of loop indices, sizes and non-negative
    constants (never negative, so the lowest is an unsigned minimum).

    A NaN value result is the default quiet NaN, not the NaN element's
    bits: its sign and payload may differ from the serial result's.

    The parts take positions as i64, whatever the index type, and the fold
    casts the winner's as the body does (an i8 index of position 260 is
    4, yet position 10 still comes first).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def TensorArithToLinalg
    : Pass<"tensor-arith-to-linalg", "::mlir::func::FuncOp"> {
  let summary = "Turn arith and math ops applied to whole tensors into "
                "linalg ops";
  let description = [{
    `arith.addf %a, %b : tensor<3xf32>` and the like (elementwise-mappable
    ops on ranked tensors, as upstream MLIR's tests write them) have no
    bufferization; this pass makes each a `linalg.generic` with the op in
    its body (upstream's elementwise-to-linalg patterns), so that they
    run as loops on the host and as kernels on the GPU. Unlike upstream's
    `convert-elementwise-to-linalg`, it leaves alone an `arith.select`
    with a scalar condition: that chooses between whole tensors, which may
    differ in shape and of which only the chosen one may be read (the
    distributed pipeline selects so between an argument that is only
    valid on rank 0 and a fresh buffer); bufferization takes it as it is.
    A ranked `tensor.bitcast`, which bufferization does not take either,
    becomes the `arith.bitcast` of its elements and so a `linalg.generic`
    (after a `tensor.cast` to the result's shape where the two differ in
    which sizes are static); an unranked one is left alone.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def VectorizeGpuParallelLoops
    : Pass<"vectorize-gpu-parallel-loops", "::mlir::func::FuncOp"> {
  let summary = "Give each GPU thread four consecutive elements, loaded and "
                "stored as one 16-byte vector where alignment allows";
  let description = [{
    A GPU thread that loads and stores one 32-bit element at a time issues
    four times the memory instructions of one that moves 16 bytes. This
    pass groups the innermost dimension of every outermost `scf.parallel`
    without reductions inside a GPU `region.env_region` by four: iteration
    `g` of the new loop runs the old iterations `lb + 4g` to `lb + 4g + 3`.

    When all four exist and every memref the body accesses at the
    innermost index has its first one at a linear index (offset plus
    index times stride) that is a multiple of four, they run as one:
    `vector.load` and `vector.store` of `vector<4xT>` (with the element's
    alignment only, since a view may start anywhere, and the unit attribute
    `imexc.aligned_vector`, which says that their linear index is a
    multiple of four) and the body's elementwise ops on vectors, the values
    that do not vary broadcast.
    Otherwise (the end of a row, a view at an odd offset) the four run one
    by one in an `scf.for`. Pure ops that do not depend on the innermost
    index are computed once, before both paths, where their operands are
    available there (else in each path).

    A loop is grouped only if its innermost step is 1, its extent is not a
    constant below four, it stores at the innermost index, and every op of
    its body is one of: a `memref.load` or `memref.store` of 32-bit
    elements with unit innermost stride, from a memref defined outside the
    loop, whose last index is the innermost induction variable and whose
    other indices are computed before the paths; a pure elementwise op on
    integers or floats; or an op that does not depend on the innermost
    index and is pure or a load. Ops with regions, other uses of the
    induction variable and other side effects leave the loop as it was.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def PromoteScalarBuffers
    : Pass<"promote-scalar-buffers", "::mlir::func::FuncOp"> {
  let summary = "Move one-element heap buffers to the stack for mem2reg";
  let description = [{
    Bufferization gives every 0-d tensor (e.g. the value of an `.nda`
    element assignment `y[i] = v` inside a loop) a `memref.alloc`, freed
    after its last use: a malloc and a free per loop iteration. A rank-0
    `memref.alloc` whose only users are `memref.load`, `memref.store` and
    `memref.dealloc` becomes a `memref.alloca` at the start of the function
    (so that it does not grow the stack per iteration) and loses its
    deallocs; `mem2reg` then turns it into SSA values. Only buffers inside
    sequential control flow
    (`scf.for`, `scf.while`, `scf.if`, `scf.execute_region`,
    `scf.index_switch`, `affine.for`, `affine.if`) move: hoisting one out
    of a parallel loop would share it between iterations.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def CheckAllocationSizes
    : Pass<"check-allocation-sizes", "::mlir::func::FuncOp"> {
  let summary = "Check heap allocations: sizes that overflow, and out of memory";
  let description = [{
    Memref lowering multiplies an allocation's sizes and element size without
    checking for overflow, and uses what malloc returns unchecked: a
    `zeros(2**61)` became a 64-byte buffer written with 2**61 elements. For
    every `memref.alloc`:
    - a static size of more than 2**62 bytes is an error at the op;
    - dynamic sizes are multiplied at run time with overflow checks, and a
      product over 2**62 bytes (a negative size counts as huge) stops the
      program with `file:line:col: allocation size overflows`;
    - a null result of a non-empty allocation stops the program with
      `file:line:col: out of memory`.
    Both run-time checks are `cf.assert`s, reported through the runtime's
    check-failure path (`convert-asserts-to-imexrt`).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::memref::MemRefDialect"];
}

def ExpandBF16Conversions : Pass<"expand-bf16-conversions"> {
  let summary = "Lower bf16 <-> f32 and f64 conversions to integer bit operations";
  let description = [{
    `arith.extf` from and `arith.truncf` to `bf16` (scalar or vector) become
    shifts, rounding to nearest even and NaN handling on the integer bits
    (upstream's `populateExpandBFloat16Patterns`), so that host code with
    `bf16` values does not call `__truncsfbf2` / `__extendbfsf2` /
    `__truncdfbf2`, which the C runtime of GCC 12 (Debian 12's libgcc)
    lacks: objects would not link. SPIR-V kernels need the same, having no
    bf16. Conversions from and to `f64` go through `f32`: exactly for
    `extf`; for `truncf`, rounding to odd into `f32` first, so that the two
    roundings give the one correctly rounded `bf16`. Other floating-point
    types are left alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def ExactFloatMinMax : Pass<"exact-float-min-max"> {
  let summary = "Expand arith.maximumf and arith.minimumf into compares, "
                "selects and bit operations that keep their signed zeros, "
                "for the SPIR-V conversion";
  let description = [{
    `arith.maximumf` and `arith.minimumf` order -0.0 below +0.0 and
    propagate NaN, as the host's `llvm.maximum` does. Their GPU lowerings
    do not keep the zeros: `arith-expand` selects with a compare (-0 and +0
    compare equal) and SPIR-V's FMax/FMin leave equal zeros to the device,
    so a GPU max of -0 and +0 could be -0 (lavapipe's was), and a minimum
    over zeros +0. Each op becomes: the compare's choice; where the
    operands compare equal, the bitwise and (max) or or (min) of the two,
    which picks +0 or -0 and is either operand otherwise; the NaN operand
    where there is one (the left first). Scalars and vectors alike.
    gpu-kernels-to-spirv-binary and imex-convert-gpu-to-spirv run it on
    the kernels first.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def ForResultsToWhile : Pass<"for-results-to-while"> {
  let summary = "Rewrite scf.for ops with results as scf.while ops, for the "
                "SPIR-V conversion";
  let description = [{
    Upstream's `scf.for` to SPIR-V conversion keeps a loop's results in
    function variables that only its iterations store, and reads them after
    the loop: a loop that runs no iteration yields undefined values (on
    lavapipe, what the same loop left in an earlier iteration of an
    enclosing loop). Its `scf.while` conversion stores them each time the
    condition is tested, the first test included. So every `scf.for` with
    results becomes an `scf.while` over the induction variable and the
    results, compared as the loop compares (signed, or unsigned for
    `scf.for unsigned`); loops without results are left alone.
    gpu-kernels-to-spirv-binary and imex-convert-gpu-to-spirv run it on
    the kernels first.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def FuseElementwiseOps : Pass<"fuse-elementwise-ops", "::mlir::func::FuncOp"> {
  let summary = "Fuse chains of elementwise linalg ops on tensors";
  let description = [{
    Named linalg ops other than contractions and convolutions become
    `linalg.generic`, and every elementwise producer with a single use is
    fused into its consumer (upstream's elementwise fusion patterns), so
    that a chain becomes one loop nest: one kernel on the GPU, one loop on
    the host. Producers that read their own output (fusing them into a
    broadcasting consumer would accumulate once per broadcast element) and
    ops with an empty dimension stay as they are. Functions that update a
    tensor in place (`ndarray.insert_slice`) are left alone: their tensors
    have reference semantics. `tile-and-vectorize-for-cpu` runs the same
    fusion as its first step.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TileAndVectorizeForCPU
    : Pass<"tile-and-vectorize-for-cpu", "::mlir::func::FuncOp"> {
  let summary = "Tile linalg ops on tensors for threads and vector registers, "
                "fuse producers per tile, and vectorize the tiles";
  let description = [{
    CPU code generation for linalg on tensors, before bufferization:

    0. *Fusion.* As `fuse-elementwise-ops`: named ops become
       `linalg.generic`, and elementwise producers with a single use are
       fused into their consumers.
    1. *Threads.* Every linalg op whose results no other linalg op in its
       block uses (the end of a chain) is tiled with `scf.forall` along its
       outermost parallel dimension, in chunks of at least `thread-chunk`
       loop iterations, and its linalg producers are fused into the tile
       (elementwise chains, fill + matmul, softmax and layer-norm rows).
       A reduction with no parallel dimension is split into
       `reduction-chunks` partial results computed in parallel and merged
       afterwards (a fixed count, so results do not depend on the number of
       threads).
    2. *Registers.* Each op is then tiled with `scf.for` to one register
       tile. Vectors run along the loop that walks the fewest elements with
       a stride (elementwise ops and row sums along rows; column sums,
       vecmat and convolutions along the output, with their reductions
       inside so results stay in registers): `unroll` vectors of the
       target's width along it; reductions along it accumulate into that
       many partial results; a transpose gets square tiles of one vector
       per row, transposed in registers; contractions get an `m x n` block
       of accumulators (`register-tile`, default from `vector-bits`) updated
       by outer products over k, inside cache blocks of n and k
       (`cache-tile`) so the right-hand side is read from L2. The tile
       loops are peeled, so full tiles have static shapes.
    3. *Vectors.* Ops with static shapes are vectorized; contractions become
       `vector.contract` lowered to outer products (FMAs), reductions
       `vector.multi_reduction`, convolution tiles (generalized, their
       one-element windows dropped) multiply-adds; f32 `exp`, `log` and
       `tanh` on vectors become upstream's polynomial approximations
       (within 1, 1 and 5 ulp of glibc). Partial tiles stay scalar
       loops. Only the vector code made here is rewritten; vector ops the
       input already had are left alone.

    Splitting reductions into partial results reassociates floating-point
    arithmetic (as NumPy's pairwise sum and BLAS do); the pass is therefore
    only part of the `-O2`/`-O3` host pipeline. Ops the strategy does not
    recognise, or that fail to tile, are left as they are. A function with
    an op that updates a tensor in place (`ndarray.insert_slice`) is left
    alone: its tensors are references, and fusion would lose the update.
    Elsewhere, tensor arguments that no op takes as a destination get
    `bufferization.writable = false`: they are the caller's inputs.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"256",
           "Width of the target's vector registers in bits (0: no "
           "vectorization, tiles stay scalar)">,
    Option<"unroll", "unroll", "int64_t", /*default=*/"4",
           "Vectors per register tile along the innermost dimension">,
    Option<"threadChunk", "thread-chunk", "int64_t", /*default=*/"32768",
           "Minimum loop iterations in one thread tile (0: no thread "
           "tiling)">,
    Option<"reductionChunks", "reduction-chunks", "int64_t", /*default=*/"16",
           "Partial results of a reduction without parallel dimensions">,
    ListOption<"registerTile", "register-tile", "int64_t",
               "Contraction register block 'm,n' (default: from "
               "vector-bits)">,
    ListOption<"cacheTile", "cache-tile", "int64_t",
               "Contraction cache block 'n,k' (default: a k x n panel of "
               "512 KiB with k = 256)">,
  ];
  let dependentDialects = [
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
    "::mlir::tensor::TensorDialect", "::mlir::arith::ArithDialect",
    "::mlir::affine::AffineDialect", "::mlir::linalg::LinalgDialect"
  ];
}

def TileLoops : Pass<"tile-loops", "::mlir::func::FuncOp"> {
  let summary = "Tile linalg ops into scf.forall loops (IMEX's pass)";
  let description = [{
    IMEX's pass, for IMEX's pipelines: every linalg op of the function (with
    `in-regions`, only those whose nearest `region.env_region` is a GPU
    region) is tiled with `tile-sizes`, outermost loop first and padded with
    zeros, into an `scf.forall` (upstream's tiling through
    TilingInterface). Ops the tiling produces are not tiled again in the
    same run, so running the pass twice nests a second level. An op whose
    loops the sizes do not fit (more sizes than loops) is left as it is, as
    IMEX leaves it; so is one where a non-zero size falls on a reduction
    loop (IMEX counts only how many sizes are non-zero, and its parallel
    tiles would race on the partial results).
    `min-tile-factor` is accepted for IMEX's pipeline files; IMEX does not
    use it either.
  }];
  let options = [
    ListOption<"tileSizes", "tile-sizes", "int64_t", "Tile sizes">,
    Option<"minTileFactor", "min-tile-factor", "int64_t", /*default=*/"2",
           "Accepted and unused, as in IMEX">,
    Option<"inRegions", "in-regions", "bool", /*default=*/"false",
           "Tile only linalg ops inside GPU env_regions">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::tensor::TensorDialect"];
}

def AddOuterParallelLoop
    : Pass<"imex-add-outer-parallel-loop", "::mlir::func::FuncOp"> {
  let summary = "Wrap top-level scf.for nests in a one-iteration scf.parallel "
                "(IMEX's pass)";
  let description = [{
    IMEX's pass, for IMEX's pipelines, which map parallel loops to GPU
    launches: each `scf.for` directly in the function's entry block (or
    directly in a `region.env_region` there) moves into an
    `scf.parallel (0) to (1) step (1)` of its own. A loop with loop-carried
    values moves together with the ops that use its results, up to the last
    of them, into one such loop. Nothing is wrapped where that would move a
    terminator (a result returned) or a value used after the group.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif // IMEX_TRANSFORMS_PASSES
