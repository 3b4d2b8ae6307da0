// RUN: imex-opt %s -sink-constants-into-launches | FileCheck %s

// Constants the launch body uses are copied into it (they stay outside for
// the launch's own sizes); a dim and other values stay outside, to become
// kernel arguments.
// CHECK-LABEL: func @launch
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[DIM:.*]] = memref.dim
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[C4]], {{.*}}) threads
// CHECK-DAG: %[[C4IN:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[F:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: arith.muli %{{.*}}, %[[C4IN]]
// CHECK: arith.cmpi ult, %{{.*}}, %[[DIM]]
// CHECK: memref.store %[[F]]
func.func @launch(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 2.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %i = arith.muli %bx, %c4 : index
    %in = arith.cmpi ult, %i, %n : index
    scf.if %in {
      memref.store %f, %a[%i] : memref<?xf32>
    }
    gpu.terminator
  }
  return
}
