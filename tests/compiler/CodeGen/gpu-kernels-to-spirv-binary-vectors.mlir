// Vector loads and stores in kernels. OpenCL (physical addressing) reads a
// vector through a cast element pointer, with the alignment the op states.
// Vulkan cannot cast pointers: a buffer accessed with vectors becomes a
// runtime array of them (stride 16), vector accesses index vector i / 4,
// and scalar ones component i % 4 of it, so they stay one-element stores.
// A static shape (10 elements: not whole vectors) becomes a runtime array
// too; a buffer without vector accesses keeps its scalar array.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary | imex-kbin-dump --extract-dir=%t > /dev/null
// RUN: spirv-val --target-env opencl2.0 %t/m.opencl.spv
// RUN: spirv-val --target-env vulkan1.0 %t/m.vulkan.spv
// RUN: spirv-dis %t/m.opencl.spv | FileCheck %s --check-prefix=OCL
// RUN: spirv-dis %t/m.vulkan.spv | FileCheck %s --check-prefix=VK

// OCL: OpLoad %v4float %{{.*}} Aligned 4
// OCL: OpStore %{{.*}} %{{.*}} Aligned 4

// VK-DAG: OpDecorate %[[VARR:.*]] ArrayStride 16
// VK-DAG: OpDecorate %[[SARR:.*]] ArrayStride 4
// VK-DAG: %[[VARR]] = OpTypeRuntimeArray %v4float
// VK-DAG: %[[SARR]] = OpTypeRuntimeArray %float
// VK-NOT: OpBitcast
// VK: %[[VI:.*]] = OpShiftRightLogical %uint %{{.*}} %uint_2
// VK: %[[VP:.*]] = OpAccessChain %_ptr_StorageBuffer_v4float %k_arg_0 %uint_0 %[[VI]]
// VK: OpLoad %v4float %[[VP]]{{$}}
// VK: %[[SI:.*]] = OpShiftRightLogical %uint %[[J:.*]] %uint_2
// VK: %[[LANE:.*]] = OpBitwiseAnd %uint %[[J]] %uint_3
// VK: %[[SP:.*]] = OpAccessChain %_ptr_StorageBuffer_float %k_arg_0 %uint_0 %[[SI]] %[[LANE]]
// VK: OpLoad %float %[[SP]]
// VK: OpAccessChain %_ptr_StorageBuffer_v4float %k_arg_1
// VK: OpStore
// VK: OpAccessChain %_ptr_StorageBuffer_float %k_arg_1 %uint_0 %{{.*}} %{{.*}}
// VK: OpStore
// VK: OpAccessChain %_ptr_StorageBuffer_float %k_arg_2 %uint_0 %{{[^ ]*}}{{$}}

// A vector at an index not known to be a multiple of 4 (a kernel written
// by hand) may straddle two vectors of the array: Vulkan moves its
// elements one by one; OpenCL loads it through the cast pointer as before.
// RUN: spirv-val --target-env vulkan1.0 %t/u.vulkan.spv
// RUN: spirv-dis %t/u.vulkan.spv | FileCheck %s --check-prefix=UNALIGNED
// UNALIGNED-NOT: OpAccessChain %_ptr_StorageBuffer_v4float
// UNALIGNED-COUNT-4: OpLoad %float
// UNALIGNED: OpCompositeConstruct %v4float
// UNALIGNED-COUNT-4: OpCompositeExtract %float
// UNALIGNED-NOT: Aligned

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: memref<?xf32>, %b: memref<10xf32>, %c: memref<?xf32>, %j: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %i = arith.muli %t, %c4 : index
      %v = vector.load %a[%i] {alignment = 4} : memref<?xf32>, vector<4xf32>
      %s = memref.load %a[%j] : memref<?xf32>
      %w = vector.broadcast %s : f32 to vector<4xf32>
      %r = arith.addf %v, %w : vector<4xf32>
      vector.store %r, %b[%i] {alignment = 4} : memref<10xf32>, vector<4xf32>
      memref.store %s, %b[%j] : memref<10xf32>
      memref.store %s, %c[%t] : memref<?xf32>
      gpu.return
    }
  }
  gpu.module @u {
    gpu.func @k(%a: memref<?xf32>, %i: index) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      %v = vector.load %a[%i] {alignment = 4} : memref<?xf32>, vector<4xf32>
      %w = arith.addf %v, %v : vector<4xf32>
      %c1 = arith.constant 1 : index
      %j = arith.addi %i, %c1 : index
      vector.store %w, %a[%j] {alignment = 4} : memref<?xf32>, vector<4xf32>
      gpu.return
    }
  }
}
