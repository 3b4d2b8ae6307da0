// What the kernels' copies are given before the SPIR-V conversion, for the
// types and math ops SPIR-V or a flavour lacks: signed and unsigned integers
// become signless; bf16 is computed in f32 and held as its i16 bits (the
// conversion would otherwise read bf16 buffers as f32 words), its math in
// f32 too; erfc, cbrt
// and trunc are expanded for both flavours, atan2 and f32 erf for Vulkan.
// RUN: rm -rf %t && mkdir -p %t/vk %t/ocl
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary=flavours=vulkan \
// RUN:   --mlir-print-ir-after=convert-gpu-to-spirv -o /dev/null 2>&1 | FileCheck %s --check-prefix=VK
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary=flavours=opencl \
// RUN:   --mlir-print-ir-after=convert-gpu-to-spirv -o /dev/null 2>&1 | FileCheck %s --check-prefix=OCL
// Both flavours' modules are valid:
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary | imex-kbin-dump --extract-dir=%t/vk > /dev/null
// RUN: spirv-val --target-env vulkan1.1 %t/vk/types.vulkan.spv
// RUN: spirv-val --target-env spv1.0 %t/vk/types.opencl.spv
// The kernel itself is left as it was:
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary | FileCheck %s --check-prefix=KEPT

// VK-LABEL: spirv.func @unsigned
// VK:         spirv.Load "StorageBuffer" %{{.*}} : i32
// VK:         spirv.ConvertUToF %{{.*}} : i32 to f32
// VK-LABEL: spirv.func @bfloat
// VK-SAME:    !spirv.array<4 x i16, stride=2>
// VK:         spirv.Load "StorageBuffer" %{{.*}} : i16
// VK:         spirv.UConvert %{{.*}} : i16 to i32
// VK:         spirv.FMul %{{.*}}, %{{.*}} : f32
// VK:         spirv.GL.Exp %{{.*}} : f32
// VK:         spirv.Store "StorageBuffer" %{{.*}}, %{{.*}} : i16
// VK-LABEL: spirv.func @math
// VK-NOT:     spirv.GL.Atan2
// VK:         spirv.GL.Atan
// VK:         spirv.GL.Pow
// VK-DAG:     spirv.GL.Floor
// VK-DAG:     spirv.GL.Ceil
// OCL-LABEL: spirv.func @math
// OCL:         spirv.CL.exp
// OCL:         spirv.CL.atan2
// OCL:         spirv.CL.pow
// OCL-DAG:     spirv.CL.floor
// OCL-DAG:     spirv.CL.ceil
// KEPT: gpu.func @unsigned(%{{.*}}: memref<4xui32>, %{{.*}}: memref<4xf32>) kernel
// KEPT: gpu.func @bfloat(%{{.*}}: memref<4xbf16>, %{{.*}}: bf16) kernel
// KEPT: math.erfc
module attributes {gpu.container_module} {
  gpu.module @types {
    gpu.func @unsigned(%in: memref<4xui32>, %out: memref<4xf32>) kernel
        attributes {known_block_size = array<i32: 4, 1, 1>} {
      %i = gpu.thread_id x
      %u = memref.load %in[%i] : memref<4xui32>
      %s = builtin.unrealized_conversion_cast %u : ui32 to i32
      %f = arith.uitofp %s : i32 to f32
      memref.store %f, %out[%i] : memref<4xf32>
      gpu.return
    }
    gpu.func @bfloat(%buf: memref<4xbf16>, %a: bf16) kernel
        attributes {known_block_size = array<i32: 4, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %buf[%i] : memref<4xbf16>
      %y = arith.mulf %a, %x : bf16
      %e = math.exp %y : bf16
      memref.store %e, %buf[%i] : memref<4xbf16>
      gpu.return
    }
    gpu.func @math(%buf: memref<4xf32>) kernel
        attributes {known_block_size = array<i32: 4, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %buf[%i] : memref<4xf32>
      %e = math.erfc %x : f32
      %t = math.atan2 %e, %x : f32
      %c = math.cbrt %t : f32
      %r = math.trunc %c : f32
      memref.store %r, %buf[%i] : memref<4xf32>
      gpu.return
    }
  }
}
