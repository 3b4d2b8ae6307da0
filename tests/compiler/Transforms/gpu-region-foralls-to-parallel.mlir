// RUN: imex-opt %s -split-input-file -gpu-region-foralls-to-parallel -verify-diagnostics | FileCheck %s

// A bufferized scf.forall in a GPU region becomes an scf.parallel over the
// same space (lower bounds, bounds and steps as written), its body kept; a
// forall outside GPU regions (host code, a region of another kind) is left
// to the host pipeline.
// CHECK-LABEL: func @foralls
// CHECK: region.env_region #region.gpu_env<device = "gpu">
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%[[C0]], %[[C1]]) to (%[[C3]], %[[C8]]) step (%{{.*}}, %[[C2]]) {
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK-NOT: scf.forall
// CHECK: region.env_region "protect_copy_op" {
// CHECK-NEXT: scf.forall (%{{.*}}) in (4)
// CHECK: scf.forall (%{{.*}}) in (2)
func.func @foralls(%m: memref<3x8xf32>, %v: f32) {
  region.env_region #region.gpu_env<device = "gpu"> {
    scf.forall (%i, %j) = (0, 1) to (3, 8) step (1, 2) {
      memref.store %v, %m[%i, %j] : memref<3x8xf32>
    }
  }
  region.env_region "protect_copy_op" {
    scf.forall (%i) in (4) {
      memref.store %v, %m[%i, %i] : memref<3x8xf32>
    }
  }
  scf.forall (%i) in (2) {
    memref.store %v, %m[%i, %i] : memref<3x8xf32>
  }
  return
}

// -----

// A forall that still has outputs (not bufferized) cannot become threads.
func.func @unbufferized(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %r = region.env_region #region.gpu_env<device = "gpu"> -> tensor<4xf32> {
    // expected-error @+1 {{'scf.forall' op in a GPU region still has outputs after bufferization; it cannot become threads}}
    %f = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
      %s = tensor.from_elements %v : tensor<1xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
      }
    }
    region.env_region_yield %f : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A slice moved whole (a parallel_insert_slice of an extract_slice,
// bufferized) is a memref.copy, which a kernel cannot run: it becomes a
// linalg.copy, which later becomes the thread's loops. Copies outside GPU
// foralls are left alone.
// CHECK-LABEL: func @moved_slices
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK:   %[[FROM:.*]] = memref.subview %{{.*}}[%[[I]], 0] [1, 4] [1, 1]
// CHECK:   %[[TO:.*]] = memref.subview %{{.*}}[%[[I]], 0] [1, 4] [1, 1]
// CHECK:   linalg.copy ins(%[[FROM]] : {{.*}}) outs(%[[TO]] : {{.*}})
// CHECK-NOT: memref.copy
// CHECK: region.env_region "protect_copy_op"
// CHECK: memref.copy
func.func @moved_slices(%a: memref<3x4xf32>, %b: memref<3x4xf32>) {
  region.env_region #region.gpu_env<device = "gpu"> {
    scf.forall (%i) in (3) {
      %from = memref.subview %a[%i, 0] [1, 4] [1, 1] : memref<3x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
      %to = memref.subview %b[%i, 0] [1, 4] [1, 1] : memref<3x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
      memref.copy %from, %to : memref<1x4xf32, strided<[4, 1], offset: ?>> to memref<1x4xf32, strided<[4, 1], offset: ?>>
    }
  }
  region.env_region "protect_copy_op" {
    memref.copy %a, %b : memref<3x4xf32> to memref<3x4xf32>
  }
  return
}
