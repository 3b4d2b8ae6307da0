//===- Passes.td - GPU kernel code generation -----------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef IMEX_CODEGEN_PASSES
#define IMEX_CODEGEN_PASSES

include "mlir/Pass/PassBase.td"

def SerializeSPIRV : Pass<"serialize-spirv", "::mlir::ModuleOp"> {
  let summary = "Attach each gpu.module's serialized spirv.module as gpu.binary";
  let description = [{
    For every `gpu.module @M`, finds `spirv.module @__spv__M` (inside the
    gpu.module, where the OpenCL conversion puts it, or beside it in the
    enclosing module, where the Vulkan conversion puts it), serializes it,
    stores the raw SPIR-V words (host byte order) as the StringAttr
    `gpu.binary` on the gpu.module and erases the spirv.module. A missing
    spirv.module is the error "Unable to find corresponding SPIR-V module".
    With the environment variable `IMEX_DUMP_SPIRV_BINARY` set (and not
    `0`), each binary is also written to `M.spv` in the working directory.
  }];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

def GpuKernelsToSPIRVBinary
    : Pass<"gpu-kernels-to-spirv-binary", "::mlir::ModuleOp"> {
  let summary = "Compile gpu.module kernels to validated SPIR-V in an "
                "IMEXKBIN container attached as gpu.binary";
  let description = [{
    For every `gpu.module` that holds kernels and every requested flavour, a
    copy of the gpu.module is placed in a scratch module (nested in the
    compiled module while it exists) with the flavour's `spirv.target_env`
    and a `spirv.entry_point_abi` per kernel, and goes through
    `arith-expand`, `math-expand-ops` (for the math ops SPIR-V has no
    instruction for), `for-results-to-while` (loops that run no iteration),
    `convert-math-to-spirv`, `convert-gpu-to-spirv`,
    `spirv-lower-abi-attrs` and `spirv-update-vce`. These run as dynamic
    pipelines of this pass, so `--mlir-print-ir-after-all`, `--mlir-timing`
    and crash reproducers see them. The result is serialized
    and validated with SPIRV-Tools. The modules of all flavours and the
    kernel argument table (from the gpu.func signatures) are written into an
    IMEXKBIN container (docs/runtime-abi.md) that becomes the gpu.module's
    `gpu.binary` StringAttr; the gpu.module is otherwise left as it is.

    Flavours:
    * `opencl` (OpenCL / Level Zero): Kernel, Addresses and Int64, plus
      Int8, Int16, Float16 and Float64 where the code needs them; 64-bit
      indices; memrefs are CrossWorkgroup pointers, scalars are passed by
      value. The work-group size is fixed (LocalSize) when it is known.
    * `vulkan`: Shader at SPIR-V 1.0 with SPV_KHR_storage_buffer_storage_class
      (plus the 8/16-bit storage extensions and Int8, Int16, Int64, Float16,
      Float64 where the code needs them); 32-bit indices; every argument,
      scalars included, is a storage buffer at descriptor set 0, binding =
      argument position. Each kernel needs a constant work-group size.
      Logical addressing cannot cast an element pointer to a vector pointer,
      so a buffer with vector accesses becomes an array of those vectors.
      With `vulkan-int64-loads` (the default), one that is only loaded
      becomes an array of their bytes as 64-bit words instead, each load
      bitcast back: drivers that load a storage buffer one lane and one
      component at a time (llvmpipe) then take a step per 8 bytes rather
      than per element. Such modules need the device's `shaderInt64`.

    A kernel's work-group size is its `known_block_size`, or else the block
    size that all its `gpu.launch_func`/`gpux.launch_func` launches pass as
    constants. An `i1` kernel argument is passed as one byte (i8 on the
    device). Signed and unsigned integer types (`si32`, `ui8`) become
    signless in the copy, as on the host. A kernel that does not convert, a module that fails validation
    or a kernel without a work-group size under `vulkan` is an error naming
    the kernel and the flavour.
  }];
  let options = [
    ListOption<"flavours", "flavours", "std::string",
               "SPIR-V flavours to embed: opencl, vulkan (default: both)">,
    Option<"dumpDir", "dump-dir", "std::string", /*default=*/"\"\"",
           "If set, write each module to <dir>/<gpu.module>.<flavour>.spv">,
    Option<"vulkanInt64Loads", "vulkan-int64-loads", "bool",
           /*default=*/"true",
           "Vulkan: buffers only loaded, with vector accesses, are read as "
           "64-bit words (needs the device's shaderInt64)">,
  ];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::vector::VectorDialect"];
}

def SetSPIRVCapabilities : Pass<"set-spirv-capabilities"> {
  let summary = "Give each gpu.module IMEX's SPIR-V target environment";
  let description = [{
    IMEX's pass, for IMEX's pipelines: every `gpu.module` below the op
    (nested modules included) without a `spirv.target_env` gets one: SPIR-V
    1.4, MLIR's default resource limits, and IMEX's capability and extension
    lists for the client API, in IMEX's order:
    * `opencl`: Addresses, Bfloat16ConversionINTEL, BFloat16TypeKHR,
      Float16Buffer, Int64, Int16, Int8, Kernel, Linkage, Vector16,
      GenericPointer, Groups, Float16, Float64, AtomicFloat32AddEXT,
      ExpectAssumeKHR, VectorAnyINTEL, VectorComputeINTEL;
      SPV_EXT_shader_atomic_float_add, SPV_KHR_bfloat16,
      SPV_KHR_expect_assume, SPV_INTEL_bfloat16_conversion,
      SPV_INTEL_vector_compute.
    * `vulkan`: Shader; SPV_KHR_storage_buffer_storage_class.
    An existing target environment is kept. (imexc's own kernels get theirs
    from gpu-kernels-to-spirv-binary, per flavour.)
  }];
  let options = [
    Option<"clientAPI", "client-api", "std::string", /*default=*/"\"opencl\"",
           "The client API the SPIR-V is for: opencl or vulkan">,
  ];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

def SetSPIRVAbiAttrs : Pass<"set-spirv-abi-attrs"> {
  let summary = "Give IMEX's SPIR-V entry point ABI to each kernel";
  let description = [{
    IMEX's pass, for IMEX's pipelines: every kernel `gpu.func` of every
    `gpu.module` below the op without a `spirv.entry_point_abi` gets one:
    `#spirv.entry_point_abi<>` for `opencl`, and for `vulkan`
    `#spirv.entry_point_abi<workgroup_size = [1, 1, 1]>`, as IMEX sets them.
    Existing ABI attributes and non-kernel functions are left alone.
  }];
  let options = [
    Option<"clientAPI", "client-api", "std::string", /*default=*/"\"opencl\"",
           "The client API the SPIR-V is for: opencl or vulkan">,
  ];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect",
                           "::mlir::gpu::GPUDialect"];
}

#endif // IMEX_CODEGEN_PASSES
