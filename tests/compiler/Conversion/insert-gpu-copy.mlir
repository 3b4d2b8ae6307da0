// RUN: imex-opt %s -insert-gpu-copy -split-input-file -verify-diagnostics | FileCheck %s

// Copies inside any env_region, GPU or not, become gpu.memcpy target, source.
// CHECK-LABEL: func.func @in_regions
// CHECK-SAME: (%[[A:.*]]: memref<8xf32>, %[[B:.*]]: memref<8xf32>,
// CHECK: region.env_region "protect_copy_op" {
// CHECK-NEXT: gpu.memcpy  %[[B]], %[[A]] : memref<8xf32>, memref<8xf32>
// CHECK: region.env_region #region.gpu_env<device = "XeGPU"> {
// CHECK: scf.if
// CHECK-NEXT: gpu.memcpy  %[[A]], %[[B]] : memref<8xf32>, memref<8xf32>
// CHECK-NOT: memref.copy
func.func @in_regions(%a: memref<8xf32>, %b: memref<8xf32>, %c: i1) {
  region.env_region "protect_copy_op" {
    memref.copy %a, %b : memref<8xf32> to memref<8xf32>
  }
  region.env_region #region.gpu_env<device = "XeGPU"> {
    scf.if %c {
      memref.copy %b, %a : memref<8xf32> to memref<8xf32>
    }
  }
  return
}

// -----

// Copies outside env regions stay.
// CHECK-LABEL: func.func @outside
// CHECK: memref.copy
// CHECK-NOT: gpu.memcpy
func.func @outside(%a: memref<8xf32>, %b: memref<8xf32>) {
  memref.copy %a, %b : memref<8xf32> to memref<8xf32>
  return
}

// -----

// Declarations are skipped.
// CHECK-LABEL: func.func private @external
func.func private @external(memref<8xf32>)

// -----

// expected-error @+1 {{Function must have exactly one block}}
func.func @two_blocks(%a: memref<8xf32>, %b: memref<8xf32>) {
  cf.br ^bb1
^bb1:
  return
}

// -----

// A copy between strided views is not one block: it stays memref.copy.
// CHECK-LABEL: func.func @strided
// CHECK: region.env_region "protect_copy_op" {
// CHECK-NEXT: memref.copy
// CHECK-NOT: gpu.memcpy
func.func @strided(%a: memref<4x4xf32>, %b: memref<2x2xf32>) {
  %v = memref.subview %a[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  region.env_region "protect_copy_op" {
    memref.copy %b, %v : memref<2x2xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  }
  return
}
