// gpu-kernels-to-spirv-binary on kernels outlined from gpu.launch: memref
// arguments (static and dynamic shapes), scalars of several widths, index
// arguments (a dynamic dimension taken on the host), an i1 argument and math
// ops. Both flavours are embedded by default; each is validated here again
// with the external spirv-val and inspected with spirv-dis.
// RUN: imex-opt %s --gpu-kernel-outlining --gpu-kernels-to-spirv-binary | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: imex-opt %s --gpu-kernel-outlining --gpu-kernels-to-spirv-binary \
// RUN:   | imex-kbin-dump --extract-dir=%t | FileCheck %s --check-prefix=TABLE
// RUN: spirv-val --target-env opencl2.0 %t/scale_kernel.opencl.spv
// RUN: spirv-val --target-env vulkan1.0 %t/scale_kernel.vulkan.spv
// RUN: spirv-val --target-env opencl2.0 %t/scale_kernel_0.opencl.spv
// RUN: spirv-val --target-env vulkan1.0 %t/scale_kernel_0.vulkan.spv
// RUN: spirv-dis %t/scale_kernel.opencl.spv | FileCheck %s --check-prefix=OCL
// RUN: spirv-dis %t/scale_kernel.vulkan.spv | FileCheck %s --check-prefix=VK
// RUN: spirv-dis %t/scale_kernel.vulkan.spv | FileCheck %s --check-prefix=VKNO
// RUN: spirv-dis %t/scale_kernel_0.opencl.spv | FileCheck %s --check-prefix=OCL2
// RUN: spirv-dis %t/scale_kernel_0.vulkan.spv | FileCheck %s --check-prefix=VK2
// The output does not depend on anything but the input.
// RUN: imex-opt %s --gpu-kernel-outlining --gpu-kernels-to-spirv-binary -o %t/a.mlir
// RUN: imex-opt %s --gpu-kernel-outlining --gpu-kernels-to-spirv-binary -o %t/b.mlir
// RUN: cmp %t/a.mlir %t/b.mlir
// dump-dir writes the same modules the container holds.
// RUN: mkdir -p %t/dump
// RUN: imex-opt %s --gpu-kernel-outlining --gpu-kernels-to-spirv-binary=dump-dir=%t/dump -o /dev/null
// RUN: cmp %t/dump/scale_kernel.opencl.spv %t/scale_kernel.opencl.spv
// RUN: cmp %t/dump/scale_kernel_0.vulkan.spv %t/scale_kernel_0.vulkan.spv
// The conversions run as the pass's own pipelines, on a scratch module
// nested in the compiled one, so IR printing and timing see them:
// RUN: imex-opt %s --gpu-kernel-outlining --gpu-kernels-to-spirv-binary=flavours=vulkan \
// RUN:   --mlir-print-ir-after=convert-gpu-to-spirv -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT
// PRINT:      IR Dump After ConvertGPUToSPIRV (convert-gpu-to-spirv)
// PRINT-NEXT: module @imexc.spirv_scratch.scale_kernel.vulkan {
// PRINT-NEXT:   spirv.module @__spv__scale_kernel Logical GLSL450
// PRINT:      IR Dump After ConvertGPUToSPIRV (convert-gpu-to-spirv)
// PRINT-NEXT: module @imexc.spirv_scratch.scale_kernel_0.vulkan {
// RUN: imex-opt %s --gpu-kernel-outlining --gpu-kernels-to-spirv-binary=flavours=vulkan \
// RUN:   --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING:      GpuKernelsToSPIRVBinary
// TIMING:        'gpu.module' Pipeline
// TIMING-NEXT:     MathExtendToSupportedTypes
// TIMING-NEXT:     ArithEmulateUnsupportedFloats
// TIMING-NEXT:     ExpandBF16Conversions
// TIMING:        'gpu.module' Pipeline
// TIMING-NEXT:     ExactFloatMinMax
// TIMING-NEXT:     ArithExpandOpsPass
// TIMING-NEXT:     MathExpandOpsPass
// TIMING-NEXT:     ForResultsToWhile
// TIMING-NEXT:     ConvertMathToSPIRVPass
// TIMING:          ConvertGPUToSPIRV
// TIMING:        'spirv.module' Pipeline
// TIMING-NEXT:     SPIRVLowerABIAttributesPass
// TIMING-NEXT:     SPIRVUpdateVCEPass

// The host side and the gpu.modules are kept; only gpu.binary is added.
// CHECK-LABEL: func.func @scale
// CHECK: gpu.launch_func @scale_kernel::@scale_kernel
// CHECK: gpu.launch_func @scale_kernel_0::@scale_kernel
// CHECK: gpu.module @scale_kernel attributes {gpu.binary = "IMEXKBIN
// Outlining passed the constant 64 as a first (index) argument.
// CHECK-NEXT: gpu.func @scale_kernel(%{{.*}}: index, %{{.*}}: memref<?xf32>, %{{.*}}: f32, %{{.*}}: i16, %{{.*}}: i8, %{{.*}}: i1, %{{.*}}: index, %{{.*}}: memref<?xf32>) kernel
// CHECK: math.exp
// CHECK: gpu.module @scale_kernel_0 attributes {gpu.binary = "IMEXKBIN
// CHECK-NEXT: gpu.func @scale_kernel(%{{.*}}: memref<4x8xf64>, %{{.*}}: i64, %{{.*}}: i32, %{{.*}}: memref<4x8xi32>) kernel
// CHECK-NOT: spirv.module
// CHECK-NOT: imexc.spirv_scratch

// Header, 2 module records (OpenCL first), 1 kernel record, then the
// argument table (8 x 8 bytes), the name and, 8-byte aligned, the words.
// TABLE:      gpu.module @scale_kernel: IMEXKBIN, {{[0-9]+}} bytes
// TABLE-NEXT:   header: magic IMEXKBIN version 2 modules 2 kernels 1 reserved 0
// TABLE-NEXT:   module record @24: flavour 1 crc32 0x{{[0-9a-f]+}} offset 176 bytes {{[0-9]+}}
// TABLE-NEXT:   module record @48: flavour 2 crc32 0x{{[0-9a-f]+}} offset {{[0-9]+}} bytes {{[0-9]+}}
// TABLE-NEXT:   kernel record @72: name @160 (12 bytes) args @96 (8)
// TABLE-NEXT:   module opencl: {{[0-9]+}} words, magic 0x7230203
// TABLE-NEXT:   module vulkan: {{[0-9]+}} words, magic 0x7230203
// memref -> buffer:8; index -> push:4 (a push constant, of Vulkan's 32-bit
// index), f32 -> push:4; i16 -> scalar:2; i8 and i1 -> scalar:1 (narrower
// than a push constant can be without 8/16-bit push-constant storage).
// TABLE-NEXT:   kernel scale_kernel(push:4, buffer:8, push:4, scalar:2, scalar:1, scalar:1, push:4, buffer:8)
// TABLE-NEXT: gpu.module @scale_kernel_0: IMEXKBIN
// TABLE-NEXT:   header: magic IMEXKBIN version 2 modules 2 kernels 1 reserved 0
// TABLE:        kernel scale_kernel(buffer:8, push:8, push:4, buffer:8)

// OpenCL: 64-bit physical addressing, arguments by value, LocalSize from the
// launch's constant block size, OpenCL.std for the math.
// OCL-DAG: OpCapability Kernel
// OCL-DAG: OpCapability Addresses
// OCL-DAG: OpCapability Int64
// OCL-DAG: OpCapability Int16
// OCL-DAG: OpCapability Int8
// OCL-DAG: OpExtInstImport "OpenCL.std"
// OCL: OpMemoryModel Physical64 OpenCL
// OCL: OpEntryPoint Kernel %[[K:.*]] "scale_kernel"
// OCL: OpExecutionMode %[[K]] LocalSize 64 1 1
// OCL: OpFunction %void None
// OCL-NEXT: OpFunctionParameter %ulong
// OCL-NEXT: OpFunctionParameter %_ptr_CrossWorkgroup_float
// OCL-NEXT: OpFunctionParameter %float
// OCL-NEXT: OpFunctionParameter %ushort
// OCL-NEXT: OpFunctionParameter %uchar
// The i1 argument arrives as a byte and is truncated in the kernel.
// OCL-NEXT: OpFunctionParameter %uchar
// OCL-NEXT: OpFunctionParameter %ulong
// OCL-NEXT: OpFunctionParameter %_ptr_CrossWorkgroup_float
// OCL-NEXT: OpLabel
// OCL-NEXT: OpBitwiseAnd %uchar %{{.*}} %uchar_1
// OCL-DAG: OpExtInst %float %{{.*}} exp
// OCL-DAG: OpExtInst %float %{{.*}} sqrt

// Vulkan: 32- and 64-bit scalars in the kernel's push-constant block, in
// argument order; every other argument a storage buffer at set 0, binding =
// its position; 32-bit indices; GLSL.std.450 for the math.
// VK-DAG: OpCapability Shader
// VK-DAG: OpCapability Int16
// VK-DAG: OpCapability Int8
// VK-DAG: OpExtension "SPV_KHR_storage_buffer_storage_class"
// VK-DAG: OpExtInstImport "GLSL.std.450"
// VK: OpMemoryModel Logical GLSL450
// VK: OpEntryPoint GLCompute %[[K:.*]] "scale_kernel"
// VK: OpExecutionMode %[[K]] LocalSize 64 1 1
// VK-DAG: OpDecorate %scale_kernel_arg_1 Binding 1
// VK-DAG: OpDecorate %scale_kernel_arg_3 Binding 3
// VK-DAG: OpDecorate %scale_kernel_arg_4 Binding 4
// VK-DAG: OpDecorate %scale_kernel_arg_5 Binding 5
// VK-DAG: OpDecorate %scale_kernel_arg_7 Binding 7
// VK-DAG: OpDecorate %scale_kernel_arg_1 DescriptorSet 0
// VK-DAG: OpDecorate %scale_kernel_arg_7 DescriptorSet 0
// The two index arguments and the f32 at offsets 0, 4, 8 of one Block.
// VK-DAG: OpMemberDecorate %[[PC:.*]] 0 Offset 0
// VK-DAG: OpMemberDecorate %[[PC]] 1 Offset 4
// VK-DAG: OpMemberDecorate %[[PC]] 2 Offset 8
// VK-DAG: OpDecorate %[[PC]] Block
// VK-DAG: %[[PC]] = OpTypeStruct %uint %float %uint
// VK-DAG: %_ptr_PushConstant_[[PC]] = OpTypePointer PushConstant %[[PC]]
// VK-DAG: %scale_kernel_push_constants = OpVariable %_ptr_PushConstant_[[PC]] PushConstant
// i16 arguments are struct{ushort}, i8 and i1 struct{uchar}; memrefs
// runtime arrays.
// VK-DAG: %[[S:.*]] = OpTypeStruct %ushort
// VK-DAG: %[[B:.*]] = OpTypeStruct %uchar
// VK-DAG: %[[RT:.*]] = OpTypeStruct %_runtimearr_float
// VK-DAG: %scale_kernel_arg_1 = OpVariable %_ptr_StorageBuffer_[[RT]] StorageBuffer
// VK-DAG: %scale_kernel_arg_3 = OpVariable %_ptr_StorageBuffer_[[S]] StorageBuffer
// VK-DAG: %scale_kernel_arg_4 = OpVariable %_ptr_StorageBuffer_[[B]] StorageBuffer
// VK-DAG: %scale_kernel_arg_5 = OpVariable %_ptr_StorageBuffer_[[B]] StorageBuffer
// VK-DAG: %scale_kernel_arg_7 = OpVariable %_ptr_StorageBuffer_[[RT]] StorageBuffer
// VK-DAG: OpExtInst %float %{{.*}} Exp
// VK-DAG: OpExtInst %float %{{.*}} Sqrt

// Vulkan indices are 32-bit: no 64-bit integer type in the first kernel.
// VKNO-NOT: OpTypeInt 64

// The second kernel: f64 and i64 values, static 2-D memrefs, a block size
// of 8x4, and arith.ceildivsi and math.ctlz, which have no SPIR-V lowering
// of their own and are expanded first.
// OCL2-DAG: OpCapability Float64
// OCL2: OpExecutionMode %{{.*}} LocalSize 8 4 1
// OCL2: OpFunctionParameter %_ptr_CrossWorkgroup__arr_double_uint_32
// OCL2-NEXT: OpFunctionParameter %ulong
// OCL2-NEXT: OpFunctionParameter %uint
// VK2-DAG: OpCapability Float64
// VK2-DAG: OpCapability Int64
// VK2: OpExecutionMode %{{.*}} LocalSize 8 4 1
// VK2-DAG: OpDecorate %scale_kernel_arg_3 Binding 3
// The i64 at offset 0, the i32 at 8.
// VK2-DAG: OpMemberDecorate %[[PC2:.*]] 1 Offset 8
// VK2-DAG: %[[PC2]] = OpTypeStruct %ulong %uint
// VK2-DAG: %{{.*}} = OpTypeStruct %_arr_double_uint_32

module attributes {gpu.container_module} {
  func.func @scale(%a: memref<?xf32>, %b: memref<?xf32>, %s: f32, %h: i16,
                   %c: i8, %flag: i1, %n: index,
                   %m: memref<4x8xf64>, %big: i64, %w: i32, %o: memref<4x8xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    // Taken on the host: the kernel gets the extent as an index argument.
    %len = memref.dim %b, %c0 : memref<?xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %base = arith.muli %bx, %c64 : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %a[%i] : memref<?xf32>
      %e = math.exp %v : f32
      %q = math.sqrt %e : f32
      %p = arith.mulf %q, %s : f32
      %h32 = arith.extsi %h : i16 to i32
      %c32 = arith.extui %c : i8 to i32
      %sum = arith.addi %h32, %c32 : i32
      %hf = arith.sitofp %sum : i32 to f32
      %r = arith.addf %p, %hf : f32
      %sel = arith.select %flag, %r, %p : f32
      %j = arith.remui %i, %len : index
      memref.store %sel, %b[%j] : memref<?xf32>
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c4, %sz = %c1) {
      %x = memref.load %m[%ty, %tx] : memref<4x8xf64>
      %bf = arith.sitofp %big : i64 to f64
      %y = arith.mulf %x, %bf : f64
      memref.store %y, %m[%ty, %tx] : memref<4x8xf64>
      %four = arith.constant 4 : i32
      %d = arith.ceildivsi %w, %four : i32
      %z = math.ctlz %d : i32
      memref.store %z, %o[%ty, %tx] : memref<4x8xi32>
      gpu.terminator
    }
    return
  }
}
