// Which scalars the Vulkan flavour passes in the push-constant block: 4- and
// 8-byte integers, floats and indices, each at the next multiple of its
// size, while the block stays within 128 bytes; a scalar that no longer fits
// keeps its storage buffer, and a later smaller one may still fit. The
// OpenCL flavour alone passes every scalar by value (kind scalar).
// RUN: rm -rf %t && mkdir -p %t/vk %t/ocl
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary | imex-kbin-dump --extract-dir=%t/vk \
// RUN:   | FileCheck %s --check-prefix=TABLE
// RUN: spirv-val --target-env vulkan1.0 %t/vk/full.vulkan.spv
// RUN: spirv-val --target-env vulkan1.0 %t/vk/unused.vulkan.spv
// RUN: spirv-dis %t/vk/full.vulkan.spv | FileCheck %s --check-prefix=FULL
// RUN: spirv-dis %t/vk/unused.vulkan.spv | FileCheck %s --check-prefix=UNUSED
// RUN: imex-opt %s --gpu-kernels-to-spirv-binary=flavours=opencl | imex-kbin-dump \
// RUN:   | FileCheck %s --check-prefix=OCL

// 30 i32 (0..116), an f64 at 120, an i64 that would end at 136 (a buffer),
// then an i32 at 128 that would end at 132 (a buffer too), the memref.
// TABLE:      gpu.module @full: IMEXKBIN
// TABLE:        kernel k(push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:4, push:8, scalar:8, scalar:4, buffer:8)
// TABLE:      gpu.module @unused: IMEXKBIN
// TABLE:        kernel u(push:8, push:4, scalar:2, push:4, buffer:8)

// FULL-DAG: OpMemberDecorate %[[PC:.*]] 29 Offset 116
// FULL-DAG: OpMemberDecorate %[[PC]] 30 Offset 120
// FULL-DAG: OpDecorate %[[PC]] Block
// FULL-DAG: %k_push_constants = OpVariable %_ptr_PushConstant_[[PC]] PushConstant
// FULL-DAG: OpDecorate %k_arg_31 Binding 31
// FULL-DAG: OpDecorate %k_arg_32 Binding 32
// FULL-DAG: OpDecorate %k_arg_33 Binding 33
// FULL-NOT: OpDecorate %k_arg_30 Binding

// An argument the kernel never reads (the f64) keeps its place: the i32 at
// 8 and the 32-bit index at 12, the i16 in a buffer.
// UNUSED-DAG: OpMemberDecorate %[[PC:.*]] 1 Offset 8
// UNUSED-DAG: OpMemberDecorate %[[PC]] 2 Offset 12
// UNUSED-DAG: %[[PC]] = OpTypeStruct %double %uint %uint
// UNUSED-DAG: OpDecorate %u_arg_2 Binding 2
// UNUSED-DAG: OpDecorate %u_arg_4 Binding 4

// OCL:   kernel k(scalar:4, scalar:4, {{.*}}, scalar:4, scalar:8, scalar:8, scalar:4, buffer:8)
// OCL:   kernel u(scalar:8, scalar:4, scalar:2, scalar:8, buffer:8)

module attributes {gpu.container_module} {
  gpu.module @full {
    gpu.func @k(%a0: i32, %a1: i32, %a2: i32, %a3: i32, %a4: i32, %a5: i32,
                %a6: i32, %a7: i32, %a8: i32, %a9: i32, %a10: i32, %a11: i32,
                %a12: i32, %a13: i32, %a14: i32, %a15: i32, %a16: i32,
                %a17: i32, %a18: i32, %a19: i32, %a20: i32, %a21: i32,
                %a22: i32, %a23: i32, %a24: i32, %a25: i32, %a26: i32,
                %a27: i32, %a28: i32, %a29: i32, %f: f64, %big: i64,
                %late: i32, %out: memref<4xi64>) kernel
        attributes {known_block_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %s1 = arith.addi %a0, %a1 : i32
      %s2 = arith.addi %s1, %a2 : i32
      %s3 = arith.addi %s2, %a3 : i32
      %s4 = arith.addi %s3, %a4 : i32
      %s5 = arith.addi %s4, %a5 : i32
      %s6 = arith.addi %s5, %a6 : i32
      %s7 = arith.addi %s6, %a7 : i32
      %s8 = arith.addi %s7, %a8 : i32
      %s9 = arith.addi %s8, %a9 : i32
      %s10 = arith.addi %s9, %a10 : i32
      %s11 = arith.addi %s10, %a11 : i32
      %s12 = arith.addi %s11, %a12 : i32
      %s13 = arith.addi %s12, %a13 : i32
      %s14 = arith.addi %s13, %a14 : i32
      %s15 = arith.addi %s14, %a15 : i32
      %s16 = arith.addi %s15, %a16 : i32
      %s17 = arith.addi %s16, %a17 : i32
      %s18 = arith.addi %s17, %a18 : i32
      %s19 = arith.addi %s18, %a19 : i32
      %s20 = arith.addi %s19, %a20 : i32
      %s21 = arith.addi %s20, %a21 : i32
      %s22 = arith.addi %s21, %a22 : i32
      %s23 = arith.addi %s22, %a23 : i32
      %s24 = arith.addi %s23, %a24 : i32
      %s25 = arith.addi %s24, %a25 : i32
      %s26 = arith.addi %s25, %a26 : i32
      %s27 = arith.addi %s26, %a27 : i32
      %s28 = arith.addi %s27, %a28 : i32
      %s29 = arith.addi %s28, %a29 : i32
      %sum = arith.extsi %s29 : i32 to i64
      memref.store %sum, %out[%c0] : memref<4xi64>
      %fi = arith.fptosi %f : f64 to i64
      memref.store %fi, %out[%c1] : memref<4xi64>
      memref.store %big, %out[%c2] : memref<4xi64>
      %l = arith.extsi %late : i32 to i64
      memref.store %l, %out[%c3] : memref<4xi64>
      gpu.return
    }
  }
  gpu.module @unused {
    gpu.func @u(%ignored: f64, %a: i32, %h: i16, %n: index,
                %out: memref<?xi32>) kernel
        attributes {known_block_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %h32 = arith.extsi %h : i16 to i32
      %s = arith.addi %a, %h32 : i32
      memref.store %s, %out[%n] : memref<?xi32>
      gpu.return
    }
  }
}
