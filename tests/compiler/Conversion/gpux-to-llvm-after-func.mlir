// The originals' test order: functions are lowered to the LLVM dialect
// first, then the gpux ops inside them (trailing-dictionary form). Three
// memref operands are passed as their aligned pointers, 8 bytes each.
// RUN: imex-opt %s -convert-func-to-llvm -convert-gpux-to-llvm | FileCheck %s

// CHECK: llvm.mlir.global internal constant @Kernels_kernel_1_kernel_name("kernel_1\00") {addr_space = 0 : i32}
// CHECK-NEXT: llvm.mlir.global internal constant @Kernels_spirv_binary("\03\02#\07\00\00\01\00") {addr_space = 0 : i32}
// CHECK-LABEL: llvm.func @main() attributes {llvm.emit_c_interface}
// CHECK: %[[S:.*]] = llvm.call @gpuCreateStream
// CHECK: %[[P0:.*]] = llvm.call @gpuMemAlloc(%[[S]],
// CHECK: %[[D0:.*]] = llvm.insertvalue %[[P0]], %{{.*}}[1]
// CHECK: %[[P1:.*]] = llvm.call @gpuMemAlloc(%[[S]],
// CHECK: %[[P2:.*]] = llvm.call @gpuMemAlloc(%[[S]],
// CHECK: %[[K:.*]] = llvm.call @gpuKernelGet(%[[S]], %{{.*}}, %{{.*}})
// CHECK: llvm.mlir.undef : !llvm.array<4 x struct<(ptr, i64)>>
// CHECK-COUNT-3: llvm.mlir.constant(8 : i64) : i64
// CHECK: llvm.call @gpuLaunchKernel(%[[S]], %[[K]],
// CHECK-NEXT: llvm.call @gpuWait(%[[S]])
// CHECK-COUNT-3: llvm.call @gpuMemFree(%[[S]],
// CHECK-NEXT: llvm.call @gpuStreamDestroy(%[[S]])
// CHECK: llvm.func @_mlir_ciface_main()
// CHECK-NOT: gpu.module
// CHECK-NOT: gpux.
module attributes {gpu.container_module} {
  func.func @main() attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %0 = "gpux.create_stream"() : () -> !gpux.StreamType
    %memref = "gpux.alloc"(%0) {operandSegmentSizes = array<i32: 0, 1, 0, 0>} : (!gpux.StreamType) -> memref<8xf32>
    %memref_0 = "gpux.alloc"(%0) {operandSegmentSizes = array<i32: 0, 1, 0, 0>} : (!gpux.StreamType) -> memref<8xf32>
    %memref_1 = "gpux.alloc"(%0) {operandSegmentSizes = array<i32: 0, 1, 0, 0>} : (!gpux.StreamType) -> memref<8xf32>
    "gpux.launch_func"(%0, %c8, %c1, %c1, %c1, %c1, %c1, %memref, %memref_0, %memref_1) {kernel = @Kernels::@kernel_1, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 3>} : (!gpux.StreamType, index, index, index, index, index, index, memref<8xf32>, memref<8xf32>, memref<8xf32>) -> ()
    "gpux.dealloc"(%0, %memref) : (!gpux.StreamType, memref<8xf32>) -> ()
    "gpux.dealloc"(%0, %memref_0) : (!gpux.StreamType, memref<8xf32>) -> ()
    "gpux.dealloc"(%0, %memref_1) : (!gpux.StreamType, memref<8xf32>) -> ()
    "gpux.destroy_stream"(%0) : (!gpux.StreamType) -> ()
    return
  }
  gpu.module @Kernels attributes {gpu.binary = "\03\02#\07\00\00\01\00"} {
    gpu.func @kernel_1(%arg0: memref<8xf32>, %arg1: memref<8xf32>, %arg2: memref<8xf32>) kernel attributes {gpu.known_block_size = array<i32: 1, 1, 1>, gpu.known_grid_size = array<i32: 8, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      gpu.return
    }
  }
}
