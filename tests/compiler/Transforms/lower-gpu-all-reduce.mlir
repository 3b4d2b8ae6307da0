// RUN: imex-opt %s -split-input-file -lower-gpu-all-reduce -verify-diagnostics | FileCheck %s

// An operation form in a launch of 6x2 threads: a 12-slot scratch in
// workgroup memory (space 3) at the start of the body, the value stored at
// the linear thread id, then strides 8, 4, 2, 1 (from the power of two
// below 12), each folding a partner that exists, with barriers between.
// CHECK-LABEL: func.func @operation
// CHECK: gpu.launch
// CHECK-NEXT: %[[S:.*]] = memref.alloc() : memref<12xf32, 3>
// CHECK: memref.store %{{.*}}, %[[S]][%[[ID:.*]]] : memref<12xf32, 3>
// CHECK-NEXT: gpu.barrier
// CHECK: arith.constant 8 : index
// CHECK: scf.if
// CHECK: arith.addf
// CHECK: gpu.barrier
// CHECK: arith.constant 4 : index
// CHECK: arith.constant 2 : index
// CHECK: arith.constant 1 : index
// CHECK: scf.if
// CHECK: gpu.barrier
// CHECK: %[[R:.*]] = memref.load %[[S]][%c0{{.*}}] : memref<12xf32, 3>
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: gpu.all_reduce
// CHECK: memref.store %[[R]]
func.func @operation(%out: memref<12xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c6, %sy = %c2, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %v = arith.sitofp %i : i32 to f32
    %r = gpu.all_reduce add %v uniform {} : (f32) -> (f32)
    memref.store %r, %out[%tx] : memref<12xf32>
    gpu.terminator
  }
  return
}

// -----

// A body form is cloned as the combiner; a block size known only at run
// time gets a scratch of 1024 and strides from 512.
// CHECK-LABEL: func.func @body
// CHECK: memref.alloc() : memref<1024xi32, 3>
// CHECK: arith.constant 512 : index
// CHECK: scf.if
// CHECK: arith.maxsi
// CHECK-NOT: gpu.all_reduce
func.func @body(%out: memref<?xi32>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %m = gpu.all_reduce %i {
    ^bb0(%a: i32, %b: i32):
      %s = arith.maxsi %a, %b : i32
      gpu.yield %s : i32
    } : (i32) -> (i32)
    memref.store %m, %out[%tx] : memref<?xi32>
    gpu.terminator
  }
  return
}

// -----

// Outside a gpu.launch (an outlined kernel) the op is left alone.
// CHECK-LABEL: gpu.func @outlined
// CHECK: gpu.all_reduce add
gpu.module @kernels {
  gpu.func @outlined(%out: memref<4xf32>) kernel {
    %tx = gpu.thread_id x
    %v = arith.constant 1.0 : f32
    %r = gpu.all_reduce add %v uniform {} : (f32) -> (f32)
    memref.store %r, %out[%tx] : memref<4xf32>
    gpu.return
  }
}

// -----

func.func @two_blocks(%out: memref<4xi32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    // expected-error @below {{gpu.all_reduce with a body of more than one block cannot be lowered}}
    %m = gpu.all_reduce %i {
    ^bb0(%a: i32, %b: i32):
      cf.br ^next
    ^next:
      gpu.yield %a : i32
    } : (i32) -> (i32)
    memref.store %m, %out[%tx] : memref<4xi32>
    gpu.terminator
  }
  return
}
