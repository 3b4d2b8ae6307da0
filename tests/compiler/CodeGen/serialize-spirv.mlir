// serialize-spirv: the spirv.module @__spv__M made for gpu.module @M becomes
// M's gpu.binary (raw SPIR-V words) and is erased, whether it sits inside the
// gpu.module (OpenCL conversion) or beside it (Vulkan conversion).
// RUN: imex-opt %s --serialize-spirv | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: imex-opt %s --serialize-spirv | imex-kbin-dump --extract-dir=%t | FileCheck %s --check-prefix=DUMP
// RUN: spirv-val --target-env opencl2.0 %t/ocl.spv
// RUN: spirv-val --target-env vulkan1.0 %t/vk.spv
// RUN: spirv-dis %t/ocl.spv | FileCheck %s --check-prefix=OCL
// RUN: spirv-dis %t/vk.spv | FileCheck %s --check-prefix=VK
// IMEX_DUMP_SPIRV_BINARY writes M.spv into the working directory.
// RUN: rm -rf %t.dump && mkdir -p %t.dump && cd %t.dump && env IMEX_DUMP_SPIRV_BINARY=1 imex-opt %s --serialize-spirv -o /dev/null
// RUN: cmp %t.dump/ocl.spv %t/ocl.spv
// RUN: cmp %t.dump/vk.spv %t/vk.spv
// With the variable unset or 0 nothing is written.
// RUN: rm -rf %t.nodump && mkdir -p %t.nodump && cd %t.nodump && env IMEX_DUMP_SPIRV_BINARY=0 imex-opt %s --serialize-spirv -o /dev/null
// RUN: not ls %t.nodump/ocl.spv

// CHECK-NOT: spirv.module
// SPIR-V words in host (little-endian) order: the magic 0x07230203.
// CHECK: gpu.module @ocl attributes {gpu.binary = "\03\02#\07
// CHECK-NEXT: gpu.func @k1
// CHECK: gpu.module @vk attributes {gpu.binary = "\03\02#\07
// CHECK-NEXT: gpu.func @k2
// CHECK-NOT: spirv.module

// DUMP: gpu.module @ocl: raw SPIR-V, {{[0-9]+}} words
// DUMP: gpu.module @vk: raw SPIR-V, {{[0-9]+}} words

// OCL: OpCapability Kernel
// OCL: OpMemoryModel Physical64 OpenCL
// OCL: OpEntryPoint Kernel %{{.*}} "k1"
// VK: OpCapability Shader
// VK: OpMemoryModel Logical GLSL450
// VK: OpEntryPoint GLCompute %{{.*}} "k2"
// VK: OpExecutionMode %{{.*}} LocalSize 4 1 1

module attributes {gpu.container_module} {
  gpu.module @ocl {
    spirv.module @__spv__ocl Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64], []> {
      spirv.func @k1(%arg0: !spirv.ptr<f32, CrossWorkgroup>, %arg1: f32) "None" {
        spirv.Store "CrossWorkgroup" %arg0, %arg1 : f32
        spirv.Return
      }
      spirv.EntryPoint "Kernel" @k1
    }
    gpu.func @k1(%arg0: memref<1xf32>, %arg1: f32) kernel {
      gpu.return
    }
  }
  spirv.module @__spv__vk Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
    spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32, stride=4> [0])>, StorageBuffer>
    spirv.func @k2() "None" {
      spirv.Return
    }
    spirv.EntryPoint "GLCompute" @k2
    spirv.ExecutionMode @k2 "LocalSize", 4, 1, 1
  }
  gpu.module @vk {
    gpu.func @k2(%arg0: memref<4xf32>) kernel {
      gpu.return
    }
  }
}
