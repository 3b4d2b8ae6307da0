// IMEX's imex-add-outer-parallel-loop: top-level scf.for nests (also those
// directly in an env_region) each move into a one-iteration scf.parallel;
// a loop with loop-carried values moves with the ops that use its results;
// nothing moves where a result is returned or used after the group.
// RUN: imex-opt --imex-add-outer-parallel-loop %s | FileCheck %s

// CHECK-LABEL: func.func @nest
// CHECK:         %[[F:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    scf.parallel (%{{.*}}) = (%[[C0]]) to (%[[C1]]) step (%[[C1]])
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        scf.for
func.func @nest(%m: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      memref.store %f, %m[%i, %j] : memref<4x4xf32>
    }
  }
  return
}

// Two independent loops: a parallel loop each.
// CHECK-LABEL: func.func @two
// CHECK:         scf.parallel
// CHECK-NEXT:      scf.for
// CHECK:         scf.parallel
// CHECK-NEXT:      scf.for
func.func @two(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %f, %m[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %f, %m[%i] : memref<4xf32>
  }
  return
}

// A loop-carried sum and the loop that uses it move together.
// CHECK-LABEL: func.func @carried
// CHECK:         scf.parallel
// CHECK-NEXT:      %[[S:.*]] = scf.for
// CHECK:           scf.for
// CHECK:             memref.store %[[S]]
// CHECK:           scf.reduce
// CHECK-NOT:     scf.parallel
func.func @carried(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %m[%i] : memref<4xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %s, %m[%i] : memref<4xf32>
  }
  return
}

// A returned result stays where it is; so does a loop in a host region's
// yield. A loop directly in a region moves inside the region.
// CHECK-LABEL: func.func @kept
// CHECK-NOT:     scf.parallel
// CHECK:         return
func.func @kept(%m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %m[%i] : memref<4xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  return %s : f32
}

// CHECK-LABEL: func.func @in_region
// CHECK:         region.env_region #region.gpu_env<device = "XeGPU">
// CHECK-NEXT:      arith.constant 0 : index
// CHECK-NEXT:      arith.constant 1 : index
// CHECK-NEXT:      scf.parallel
// CHECK-NEXT:        scf.for
func.func @in_region(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  region.env_region #region.gpu_env<device = "XeGPU"> {
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %f, %m[%i] : memref<4xf32>
    }
  }
  return
}
