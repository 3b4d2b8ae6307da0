// RUN: imex-opt %s -insert-gpu-allocs=in-regions=true | FileCheck %s

// A kernel launched as gpu.launch_func by a function outside GPU regions
// (outlined by hand): it may read and write every buffer it is passed, so
// the buffer the host then reads becomes a host-shared GPU allocation.
// CHECK-LABEL: func @own_launch_func
// CHECK: %[[BUF:.*]] = gpu.alloc host_shared () : memref<4xi32>
// CHECK: gpu.launch_func @own_kernels::@fill {{.*}} args(%[[BUF]] : memref<4xi32>)
// CHECK: memref.load %[[BUF]]
module attributes {gpu.container_module} {
  gpu.module @own_kernels {
    gpu.func @fill(%m: memref<4xi32>) kernel {
      gpu.return
    }
  }
  func.func @own_launch_func() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.alloc() : memref<4xi32>
    gpu.launch_func @own_kernels::@fill blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xi32>)
    %v = memref.load %m[%c0] : memref<4xi32>
    return %v : i32
  }
}
