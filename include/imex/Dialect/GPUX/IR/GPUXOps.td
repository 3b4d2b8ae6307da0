//===- GPUXOps.td - gpux dialect: GPU runtime ops with explicit streams ---===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The gpux ops mirror the host-side upstream `gpu` ops (alloc, dealloc,
// memcpy, memset, wait, launch_func) and add an explicit stream operand, plus
// ops to create and destroy device/context/stream handles. Tokens are the
// upstream `!gpu.async.token`, so gpu's async passes work on gpux ops too.
//
// Textual compatibility with IMEX: no op has a custom assembly format (the
// generic form is the only form), and no op has a custom verifier; beyond the
// ODS constraints, two declarative predicates reject operand lists that ODS
// alone would accept but misread (create_stream arity, single segments).
//
//===----------------------------------------------------------------------===//

#ifndef IMEX_GPUX_OPS
#define IMEX_GPUX_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
// For GPU_AsyncToken and GPU_AsyncOpInterface.
include "mlir/Dialect/GPU/IR/GPUBase.td"

def GPUX_Dialect : Dialect {
  let name = "gpux";
  let cppNamespace = "::imex::gpux";
  let summary = "GPU runtime operations on explicit device/context/stream handles";
  let description = [{
    Makes the queue a GPU operation runs on visible in the IR: every
    stream-aware op takes a `!gpux.StreamType` operand in addition to what its
    upstream `gpu` counterpart takes.
  }];
  // Ops carry `!gpu.async.token` operands and results.
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
  // parseType wraps the generated type parser, which on its own silently
  // drops a parameter list such as `!gpux.StreamType<1>`.
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// Runtime handles are opaque to the compiler; the mnemonics are CamelCase to
// stay compatible with existing IMEX IR (`!gpux.StreamType`).
class GPUX_Type<string name, string typeMnemonic>
    : TypeDef<GPUX_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def GPUX_OpaqueType : GPUX_Type<"Opaque", "OpaqueType"> {
  let summary = "opaque runtime pointer";
}

def GPUX_StreamType : GPUX_Type<"Stream", "StreamType"> {
  let summary = "runtime stream (queue) handle";
}

def GPUX_DeviceType : GPUX_Type<"Device", "DeviceType"> {
  let summary = "runtime device handle";
}

def GPUX_ContextType : GPUX_Type<"Context", "ContextType"> {
  let summary = "runtime context handle";
}

//===----------------------------------------------------------------------===//
// Handle management
//===----------------------------------------------------------------------===//

class GPUX_Op<string mnemonic, list<Trait> traits = []>
    : Op<GPUX_Dialect, mnemonic, traits>;

// Context operands are named `gpuContext`: an operand named `context` would
// generate a `getContext()` that hides Op::getContext() (the MLIRContext).

// These ops talk to the runtime, so they declare no memory effects (unknown
// effects): they are never erased or merged.

def GPUX_CreateDeviceOp : GPUX_Op<"create_device"> {
  let summary = "creates a runtime device handle from a device value";
  let arguments = (ins GPUX_DeviceType:$device);
  let results = (outs GPUX_DeviceType:$result);
}

def GPUX_CreateContextOp : GPUX_Op<"create_context"> {
  let summary = "creates a runtime context on a device";
  let arguments = (ins GPUX_DeviceType:$device);
  let results = (outs GPUX_ContextType:$result);
}

// SameVariadicOperandSize alone silently ignores a lone (or third) operand;
// the predicate turns that into a diagnostic.
def GPUX_CreateStreamOp : GPUX_Op<"create_stream", [SameVariadicOperandSize,
    PredOpTrait<"it takes either no operands or both a device and a context",
                CPred<"$_op.getNumOperands() == 0 || "
                      "$_op.getNumOperands() == 2">>]> {
  let summary = "creates a stream, on the runtime's default device if none is given";
  let description = [{
    Takes either no operands or both a device and a context:
    `"gpux.create_stream"() : () -> !gpux.StreamType`.
  }];
  let arguments = (ins Optional<GPUX_DeviceType>:$device,
                       Optional<GPUX_ContextType>:$gpuContext);
  let results = (outs GPUX_StreamType:$result);

  // The default builders would clash with this one (same signature without
  // the defaults), so only this one is provided.
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins CArg<"::mlir::Value", "{}">:$device,
                   CArg<"::mlir::Value", "{}">:$context)>
  ];
}

def GPUX_DestroyDeviceOp : GPUX_Op<"destroy_device"> {
  let summary = "releases a device handle";
  let arguments = (ins GPUX_DeviceType:$device);
}

def GPUX_DestroyContextOp : GPUX_Op<"destroy_context"> {
  let summary = "releases a context handle";
  let arguments = (ins GPUX_ContextType:$gpuContext);
}

def GPUX_DestroyStreamOp : GPUX_Op<"destroy_stream"> {
  let summary = "releases a stream handle";
  let arguments = (ins GPUX_StreamType:$stream);
}

//===----------------------------------------------------------------------===//
// Stream-aware counterparts of upstream gpu ops
//===----------------------------------------------------------------------===//

// Common shape: leading `asyncDependencies`, then the stream; an optional
// `!gpu.async.token` result makes the op asynchronous.

// ODS checks only the length and the total of `operandSegmentSizes` and the
// 0-or-1 rule for optional groups. A non-variadic operand whose segment is not
// exactly 1 would slip through and make its accessor return a neighbouring
// operand, so reject it. `segments` are the non-variadic segment indices.
class GPUX_SingleOperandSegments<list<int> segments> : PredOpTrait<
    "each non-variadic operand segment holds exactly one operand",
    CPred<!interleave(!foreach(i, segments,
                               "getODSOperands(" # i # ").size() == 1"),
                      " && ")>>;

def GPUX_LaunchFuncOp : GPUX_Op<"launch_func", [
    GPU_AsyncOpInterface, AttrSizedOperandSegments,
    GPUX_SingleOperandSegments<[1, 2, 3, 4, 5, 6, 7]>]> {
  let summary = "launches a gpu.func kernel on a stream";
  let description = [{
    `kernel` is `@module::@func`, naming a `gpu.func` inside a `gpu.module`.
    Grid sizes count work-groups, block sizes are work-group sizes. Segments:
    `[deps, stream, gridX, gridY, gridZ, blockX, blockY, blockZ,
    dynamicSharedMemorySize (0/1), kernelOperands]`.
  }];
  let arguments = (ins Variadic<GPU_AsyncToken>:$asyncDependencies,
                       GPUX_StreamType:$stream,
                       SymbolRefAttr:$kernel,
                       Index:$gridSizeX, Index:$gridSizeY, Index:$gridSizeZ,
                       Index:$blockSizeX, Index:$blockSizeY, Index:$blockSizeZ,
                       Optional<I32>:$dynamicSharedMemorySize,
                       Variadic<AnyType>:$kernelOperands);
  let results = (outs Optional<GPU_AsyncToken>:$asyncToken);

  let builders = [
    // `kernel` is derived from `kernelFunc` and its parent gpu.module.
    OpBuilder<(ins "::mlir::Value":$stream,
                   "::mlir::gpu::GPUFuncOp":$kernelFunc,
                   "::mlir::gpu::KernelDim3":$gridSize,
                   "::mlir::gpu::KernelDim3":$blockSize,
                   "::mlir::Value":$dynamicSharedMemorySize,
                   "::mlir::ValueRange":$kernelOperands,
                   CArg<"::mlir::Type", "nullptr">:$asyncTokenType,
                   CArg<"::mlir::ValueRange", "{}">:$asyncDependencies)>
  ];

  let extraClassDeclaration = [{
    /// Name of the gpu.module holding the kernel (root of `kernel`).
    ::mlir::StringAttr getKernelModuleName() {
      return getKernel().getRootReference();
    }
    /// Name of the kernel gpu.func (leaf of `kernel`).
    ::mlir::StringAttr getKernelName() {
      return getKernel().getLeafReference();
    }
  }];
}

def GPUX_AllocOp : GPUX_Op<"alloc", [
    GPU_AsyncOpInterface, AttrSizedOperandSegments,
    GPUX_SingleOperandSegments<[1]>]> {
  let summary = "allocates device (or host-shared) memory on a stream";
  let description = [{
    Segments: `[deps, stream, dynamicSizes, symbolOperands]`. `hostShared`
    requests memory visible to both host and device.
  }];
  let arguments = (ins Variadic<GPU_AsyncToken>:$asyncDependencies,
                       GPUX_StreamType:$stream,
                       Variadic<Index>:$dynamicSizes,
                       Variadic<Index>:$symbolOperands,
                       UnitAttr:$hostShared);
  let results = (outs Res<AnyMemRef, "", [MemAlloc]>:$memref,
                      Optional<GPU_AsyncToken>:$asyncToken);
}

def GPUX_DeallocOp : GPUX_Op<"dealloc", [GPU_AsyncOpInterface]> {
  let summary = "frees memory allocated by gpux.alloc, queued on a stream";
  let arguments = (ins Variadic<GPU_AsyncToken>:$asyncDependencies,
                       GPUX_StreamType:$stream,
                       Arg<AnyMemRef, "", [MemFree]>:$memref);
  let results = (outs Optional<GPU_AsyncToken>:$asyncToken);
}

def GPUX_WaitOp : GPUX_Op<"wait", [GPU_AsyncOpInterface]> {
  let summary = "waits for the dependencies / work queued on a stream";
  let arguments = (ins Variadic<GPU_AsyncToken>:$asyncDependencies,
                       GPUX_StreamType:$stream);
  let results = (outs Optional<GPU_AsyncToken>:$asyncToken);
}

def GPUX_MemcpyOp : GPUX_Op<"memcpy", [GPU_AsyncOpInterface]> {
  let summary = "copies `src` into `dst` on a stream";
  let arguments = (ins Variadic<GPU_AsyncToken>:$asyncDependencies,
                       GPUX_StreamType:$stream,
                       Arg<AnyMemRef, "", [MemWrite]>:$dst,
                       Arg<AnyMemRef, "", [MemRead]>:$src);
  let results = (outs Optional<GPU_AsyncToken>:$asyncToken);
}

def GPUX_MemsetOp : GPUX_Op<"memset", [GPU_AsyncOpInterface]> {
  let summary = "fills `dst` with a scalar value on a stream";
  let arguments = (ins Variadic<GPU_AsyncToken>:$asyncDependencies,
                       GPUX_StreamType:$stream,
                       Arg<AnyMemRef, "", [MemWrite]>:$dst,
                       AnyType:$value);
  let results = (outs Optional<GPU_AsyncToken>:$asyncToken);
}

//===----------------------------------------------------------------------===//
// imexc extensions (not in IMEX)
//===----------------------------------------------------------------------===//

def GPUX_IsGpuMemoryOp : GPUX_Op<"is_gpu_memory"> {
  let summary = "tests at run time whether a memref lives in GPU memory";
  let description = [{
    True when the memref's first element lies in memory that the runtime
    allocated on a device (`gpuMemAlloc`) and has not freed. Exported
    functions use it to run kernels on a caller's device arrays in place and
    to copy only host arrays. Lowers to `imexrtIsGpuMemory`.

    With `host_access`, only such memory that the host may also read and
    write in place counts (shared memory, or device memory the device
    maps; not a discrete GPU's own memory): for functions that touch the
    array on the host too. Lowers to `imexrtIsHostAccessibleGpuMemory`.

    ```mlir
    %on_device = gpux.is_gpu_memory %arg0 : memref<?xf32>
    %in_place = gpux.is_gpu_memory %arg1 host_access : memref<?xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$memref, UnitAttr:$host_access);
  let results = (outs I1:$result);
  let assemblyFormat =
      "$memref (`host_access` $host_access^)? attr-dict `:` type($memref)";
}

#endif // IMEX_GPUX_OPS
