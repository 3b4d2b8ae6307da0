// Subgroup reductions in each flavour: OpenCL's sub-group reductions
// (OpGroup*, capability Groups, SPIR-V 1.0) and Vulkan's non-uniform group
// operations (SPIR-V 1.3, validated for Vulkan 1.1), whether or not the op
// says `uniform`. A module without them keeps SPIR-V 1.0 in both.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary | imex-kbin-dump --extract-dir=%t > /dev/null
// RUN: spirv-val --target-env opencl2.0 %t/sums.opencl.spv
// RUN: spirv-val --target-env vulkan1.1 %t/sums.vulkan.spv
// RUN: spirv-val --target-env vulkan1.0 %t/plain.vulkan.spv
// RUN: spirv-dis %t/sums.opencl.spv | FileCheck %s --check-prefix=OCL
// RUN: spirv-dis %t/sums.vulkan.spv | FileCheck %s --check-prefix=VK
// RUN: spirv-dis %t/plain.opencl.spv | FileCheck %s --check-prefix=PLAIN
// RUN: spirv-dis %t/plain.vulkan.spv | FileCheck %s --check-prefix=PLAIN

// OCL: ; Version: 1.0
// OCL: OpCapability Groups
// OCL-NOT: OpCapability GroupNonUniform
// OCL: OpGroupFAdd %float %{{.*}} Reduce
// OCL: OpGroupSMax %uint %{{.*}} Reduce

// VK: ; Version: 1.3
// VK-DAG: OpCapability GroupNonUniformArithmetic
// VK-DAG: OpDecorate %{{.*}} BuiltIn SubgroupLocalInvocationId
// VK-NOT: OpCapability Groups
// VK: OpGroupNonUniformFAdd %float %{{.*}} Reduce
// VK: OpGroupNonUniformSMax %uint %{{.*}} Reduce

// PLAIN: ; Version: 1.0
// PLAIN-NOT: Group

module attributes {gpu.container_module} {
  gpu.module @sums {
    gpu.func @sums(%a: memref<256xf32>, %b: memref<256xi32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %t = gpu.thread_id x
      %lane = gpu.lane_id
      %v = memref.load %a[%t] : memref<256xf32>
      %s = gpu.subgroup_reduce add %v uniform : (f32) -> f32
      memref.store %s, %a[%lane] : memref<256xf32>
      %i = memref.load %b[%t] : memref<256xi32>
      %m = gpu.subgroup_reduce maxsi %i : (i32) -> i32
      memref.store %m, %b[%lane] : memref<256xi32>
      gpu.return
    }
  }
  gpu.module @plain {
    gpu.func @plain(%a: memref<256xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %a[%t] : memref<256xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%t] : memref<256xf32>
      gpu.return
    }
  }
}
