// Vector loads and stores in kernels. OpenCL (physical addressing) reads a
// vector through a cast element pointer, with the alignment the op states.
// Vulkan cannot cast pointers: a buffer accessed with vectors becomes a
// runtime array of them (stride 16), vector accesses index vector i / 4,
// and scalar ones component i % 4 of it, so they stay one-element stores.
// A static shape (10 elements: not whole vectors) becomes a runtime array
// too; a buffer without vector accesses keeps its scalar array.
// A buffer that is only loaded becomes an array of the vectors' bytes as
// 64-bit words (vulkan-int64-loads, the default): a vector load reads
// vector<2 x i64> and bitcasts it, a scalar load the word holding its
// element, bitcast to two floats, component i % 2.
// RUN: rm -rf %t %t.nowords && mkdir -p %t %t.nowords
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary | imex-kbin-dump --extract-dir=%t > /dev/null
// RUN: spirv-val --target-env opencl2.0 %t/m.opencl.spv
// RUN: spirv-val --target-env vulkan1.0 %t/m.vulkan.spv
// RUN: spirv-dis %t/m.opencl.spv | FileCheck %s --check-prefix=OCL
// RUN: spirv-dis %t/m.vulkan.spv | FileCheck %s --check-prefix=VK
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary=vulkan-int64-loads=false | imex-kbin-dump --extract-dir=%t.nowords > /dev/null
// RUN: spirv-val --target-env vulkan1.0 %t.nowords/m.vulkan.spv
// RUN: spirv-dis %t.nowords/m.vulkan.spv | FileCheck %s --check-prefix=NOWORDS

// OCL: OpLoad %v4float %{{.*}} Aligned 4
// OCL: OpStore %{{.*}} %{{.*}} Aligned 4

// VK: OpCapability Int64
// VK-DAG: OpDecorate %[[WARR:.*]] ArrayStride 16
// VK-DAG: OpDecorate %[[VARR:.*]] ArrayStride 16
// VK-DAG: OpDecorate %[[SARR:.*]] ArrayStride 4
// VK-DAG: %[[WARR]] = OpTypeRuntimeArray %v2ulong
// VK-DAG: %[[VARR]] = OpTypeRuntimeArray %v4float
// VK-DAG: %[[SARR]] = OpTypeRuntimeArray %float
// VK: %[[VI:.*]] = OpShiftRightLogical %uint %{{.*}} %uint_2
// VK: %[[VP:.*]] = OpAccessChain %_ptr_StorageBuffer_v2ulong %k_arg_0 %uint_0 %[[VI]]
// VK: %[[WORDS:.*]] = OpLoad %v2ulong %[[VP]]{{$}}
// VK: OpBitcast %v4float %[[WORDS]]
// VK: %[[SI:.*]] = OpShiftRightLogical %uint %[[J:.*]] %uint_2
// VK: %[[LANE:.*]] = OpBitwiseAnd %uint %[[J]] %uint_3
// VK: %[[WI:.*]] = OpShiftRightLogical %uint %[[LANE]] %uint_1
// VK: %[[SP:.*]] = OpAccessChain %_ptr_StorageBuffer_ulong %k_arg_0 %uint_0 %[[SI]] %[[WI]]
// VK: %[[WORD:.*]] = OpLoad %ulong %[[SP]]
// VK: %[[PAIR:.*]] = OpBitcast %v2float %[[WORD]]
// VK: %[[HALF:.*]] = OpBitwiseAnd %uint %[[J]] %uint_1
// VK: OpVectorExtractDynamic %float %[[PAIR]] %[[HALF]]
// VK: OpAccessChain %_ptr_StorageBuffer_v4float %k_arg_1
// VK: OpStore
// VK: OpAccessChain %_ptr_StorageBuffer_float %k_arg_1 %uint_0 %{{.*}} %{{.*}}
// VK: OpStore
// VK: OpAccessChain %_ptr_StorageBuffer_float %k_arg_2 %uint_0 %{{[^ ]*}}{{$}}

// NOWORDS-DAG: OpDecorate %[[VARR:.*]] ArrayStride 16
// NOWORDS-DAG: OpDecorate %[[SARR:.*]] ArrayStride 4
// NOWORDS-DAG: %[[VARR]] = OpTypeRuntimeArray %v4float
// NOWORDS-DAG: %[[SARR]] = OpTypeRuntimeArray %float
// NOWORDS-NOT: OpBitcast
// NOWORDS-NOT: ulong
// NOWORDS: %[[VI:.*]] = OpShiftRightLogical %uint %{{.*}} %uint_2
// NOWORDS: %[[VP:.*]] = OpAccessChain %_ptr_StorageBuffer_v4float %k_arg_0 %uint_0 %[[VI]]
// NOWORDS: OpLoad %v4float %[[VP]]{{$}}
// NOWORDS: %[[SI:.*]] = OpShiftRightLogical %uint %[[J:.*]] %uint_2
// NOWORDS: %[[LANE:.*]] = OpBitwiseAnd %uint %[[J]] %uint_3
// NOWORDS: %[[SP:.*]] = OpAccessChain %_ptr_StorageBuffer_float %k_arg_0 %uint_0 %[[SI]] %[[LANE]]
// NOWORDS: OpLoad %float %[[SP]]
// NOWORDS: OpAccessChain %_ptr_StorageBuffer_v4float %k_arg_1
// NOWORDS: OpStore
// NOWORDS: OpAccessChain %_ptr_StorageBuffer_float %k_arg_1 %uint_0 %{{.*}} %{{.*}}
// NOWORDS: OpStore
// NOWORDS: OpAccessChain %_ptr_StorageBuffer_float %k_arg_2 %uint_0 %{{[^ ]*}}{{$}}

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

// Only loaded: two-element vectors are one word each, and a vector at an
// unaligned index reads each element's word.
// RUN: spirv-val --target-env vulkan1.0 %t/r.vulkan.spv
// RUN: spirv-dis %t/r.vulkan.spv | FileCheck %s --check-prefix=READ
// READ-DAG: OpDecorate %[[PAIRS:.*]] ArrayStride 8
// READ-DAG: %[[PAIRS]] = OpTypeRuntimeArray %ulong
// READ-DAG: OpDecorate %[[QUADS:.*]] ArrayStride 16
// READ-DAG: %[[QUADS]] = OpTypeRuntimeArray %v2ulong
// READ: OpAccessChain %_ptr_StorageBuffer_ulong %r_arg_0 %uint_0 %{{[^ ]*}}{{$}}
// READ: OpBitcast %v2float
// READ-COUNT-4: OpVectorExtractDynamic %float
// READ: OpCompositeConstruct %v4float

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
  gpu.module @r {
    gpu.func @r(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %i: index) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %p = vector.load %a[%c0] : memref<?xf32>, vector<2xf32>
      %q = vector.load %b[%i] : memref<?xf32>, vector<4xf32>
      %e = vector.extract %p[1] : f32 from vector<2xf32>
      %w = vector.broadcast %e : f32 to vector<4xf32>
      %s = arith.addf %q, %w : vector<4xf32>
      vector.store %s, %c[%c0] : memref<?xf32>, vector<4xf32>
      gpu.return
    }
  }
}
