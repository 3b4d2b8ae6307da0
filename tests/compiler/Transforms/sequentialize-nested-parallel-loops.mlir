// RUN: imex-opt %s -split-input-file \
// RUN:   -pass-pipeline='builtin.module(func.func(sequentialize-nested-parallel-loops))' \
// RUN:   | FileCheck %s

// A parallel loop nested in another one, also through an scf.for, becomes
// scf.for loops (one per dimension, outermost first); the outermost stays.
// CHECK-LABEL: func.func @nested
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK:   scf.for %[[K:.*]] =
// CHECK:     scf.for %[[J:.*]] = %{{.*}} to %[[NJ:.*]] step
// CHECK:       scf.for %[[L:.*]] = %{{.*}} to %[[NL:.*]] step
// CHECK:         memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK:         memref.store %{{.*}}, %{{.*}}[%[[K]], %[[L]]]
// CHECK-NOT: scf.reduce
// CHECK:   scf.reduce
// CHECK-NOT: scf.parallel
func.func @nested(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.for %k = %c0 to %n step %c1 {
      scf.parallel (%j, %l) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
        %v = memref.load %a[%i, %j] : memref<?x?xf32>
        memref.store %v, %b[%k, %l] : memref<?x?xf32>
        scf.reduce
      }
    }
    scf.reduce
  }
  return
}

// -----

// Left alone: a parallel loop that is not nested, and a nested one with a
// reduction.
// CHECK-LABEL: func.func @left_alone
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK-SAME: init
// CHECK-LABEL: func.func @single
// CHECK: scf.parallel
func.func @left_alone(%a: memref<?x?xf32>, %out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %s = scf.parallel (%j) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
      %v = memref.load %a[%i, %j] : memref<?x?xf32>
      scf.reduce(%v : f32) {
      ^bb0(%x: f32, %y: f32):
        %r = arith.addf %x, %y : f32
        scf.reduce.return %r : f32
      }
    }
    memref.store %s, %out[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

func.func @single(%out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %zero, %out[%i] : memref<?xf32>
    scf.reduce
  }
  return
}
