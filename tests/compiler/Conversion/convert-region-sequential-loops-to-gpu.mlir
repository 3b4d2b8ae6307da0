// RUN: imex-opt %s -convert-region-sequential-loops-to-gpu -split-input-file | FileCheck %s

// A reduction loop in a GPU region runs as one GPU thread.
// CHECK-LABEL: func.func @dot
// CHECK:      region.env_region #region.gpu_env<device = "XeGPU"> {
// CHECK:        %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:   gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) {
// CHECK-NEXT:     scf.for
// CHECK:          memref.store
// CHECK:        gpu.terminator
func.func @dot(%a: memref<?xf32>, %b: memref<?xf32>, %r: memref<f32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  region.env_region #region.gpu_env<device = "XeGPU"> {
    scf.for %i = %c0 to %n step %c1 {
      %x = memref.load %a[%i] : memref<?xf32>
      %y = memref.load %b[%i] : memref<?xf32>
      %acc = memref.load %r[] : memref<f32>
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %m : f32
      memref.store %s, %r[] : memref<f32>
    }
  }
  return
}

// -----

// Left alone: loops outside GPU regions, loops with results, loops that
// call functions, loops holding parallel loops, loops in a non-GPU region
// nested in a GPU one, and loops already in a launch.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: gpu.launch blocks(%{{.*}}) in (%{{.*}} = %c1
// CHECK: scf.for
// CHECK: scf.for {{.*}} iter_args
// CHECK: scf.for
// CHECK:   func.call @f
// CHECK: scf.for
// CHECK:   scf.parallel
// CHECK: region.env_region "host"
// CHECK:   scf.for
func.func private @f()
func.func @left_alone(%m: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %z, %m[%i] : memref<?xf32>
  }
  %r = region.env_region #region.gpu_env<device = "XeGPU"> -> f32 {
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
      %x = memref.load %m[%i] : memref<?xf32>
      %a = arith.addf %acc, %x : f32
      scf.yield %a : f32
    }
    scf.for %i = %c0 to %n step %c1 {
      func.call @f() : () -> ()
    }
    scf.for %i = %c0 to %n step %c1 {
      scf.parallel (%j) = (%c0) to (%n) step (%c1) {
        memref.store %z, %m[%j] : memref<?xf32>
        scf.reduce
      }
    }
    region.env_region "host" {
      scf.for %i = %c0 to %n step %c1 {
        memref.store %z, %m[%i] : memref<?xf32>
      }
    }
    region.env_region_yield %s : f32
  }
  return %r : f32
}
