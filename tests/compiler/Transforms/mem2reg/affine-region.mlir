// Slots promoted through affine.for, affine.if and region.env_region.
// RUN: imex-opt %s --mem2reg=region-simplify=false --split-input-file \
// RUN:   | FileCheck %s --implicit-check-not=memref.alloca \
// RUN:       --implicit-check-not=memref.load --implicit-check-not=memref.store

// CHECK-LABEL: func.func @affine_for_if(
// CHECK-SAME:      %[[X:.*]]: f32) -> f32
// CHECK:         %[[L:.*]] = affine.for %[[I:.*]] = 0 to 10 iter_args(%[[A:.*]] = %[[X]]) -> (f32) {
// CHECK-NEXT:      %[[R:.*]] = affine.if #{{.*}}(%[[I]]) -> f32 {
// CHECK-NEXT:        %[[D:.*]] = arith.addf %[[A]], %[[A]] : f32
// CHECK-NEXT:        affine.yield %[[D]] : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        affine.yield %[[A]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.yield %[[R]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[L]] : f32
func.func @affine_for_if(%x: f32) -> f32 {
  %a = memref.alloca() : memref<f32>
  memref.store %x, %a[] : memref<f32>
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) {
      %v = memref.load %a[] : memref<f32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[] : memref<f32>
    }
  }
  %r = memref.load %a[] : memref<f32>
  return %r : f32
}

// -----

// An existing else branch and existing iteration arguments are kept.
// CHECK-LABEL: func.func @affine_with_else_and_iter_args(
// CHECK-SAME:      %[[X:.*]]: i32, %[[Y:.*]]: i32, %[[N:.*]]: index) -> (i32, i32)
// CHECK:         %[[L:.*]]:2 = affine.for %[[I:.*]] = 0 to %[[N]] iter_args(%[[S:.*]] = %[[Y]], %[[A:.*]] = %[[X]]) -> (i32, i32) {
// CHECK-NEXT:      %[[R:.*]] = affine.if #{{.*}}(%[[I]]) -> i32 {
// CHECK-NEXT:        affine.yield %[[Y]] : i32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[D:.*]] = arith.subi %[[A]], %[[Y]] : i32
// CHECK-NEXT:        affine.yield %[[D]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[S2:.*]] = arith.addi %[[S]], %[[R]] : i32
// CHECK-NEXT:      affine.yield %[[S2]], %[[R]] : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[L]]#0, %[[L]]#1 : i32, i32
func.func @affine_with_else_and_iter_args(%x: i32, %y: i32, %n: index) -> (i32, i32) {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  %s = affine.for %i = 0 to %n iter_args(%acc = %y) -> i32 {
    affine.if affine_set<(d0) : (d0 mod 2 == 0)>(%i) {
      memref.store %y, %a[] : memref<i32>
    } else {
      %v = memref.load %a[] : memref<i32>
      %d = arith.subi %v, %y : i32
      memref.store %d, %a[] : memref<i32>
    }
    %v = memref.load %a[] : memref<i32>
    %next = arith.addi %acc, %v : i32
    affine.yield %next : i32
  }
  %r = memref.load %a[] : memref<i32>
  return %s, %r : i32, i32
}

// -----

// CHECK-LABEL: func.func @affine_loads_only(
// CHECK-SAME:      %[[X:.*]]: f32, %[[OUT:.*]]: memref<10xf32>)
// CHECK:         affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:      affine.if #{{.*}}(%[[I]]) {
// CHECK-NEXT:        affine.store %[[X]], %[[OUT]][%[[I]]] : memref<10xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @affine_loads_only(%x: f32, %out: memref<10xf32>) {
  %a = memref.alloca() : memref<f32>
  memref.store %x, %a[] : memref<f32>
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) {
      %v = memref.load %a[] : memref<f32>
      affine.store %v, %out[%i] : memref<10xf32>
    }
  }
  return
}

// -----

// A store inside an env_region (it runs exactly once) becomes a result; the
// region keeps its environment, arguments and attributes.
// CHECK-LABEL: func.func @env_region_store(
// CHECK-SAME:      %[[X:.*]]: i32, %[[Y:.*]]: i32) -> (index, i32)
// CHECK:         %[[R:.*]]:2 = region.env_region {note = 1 : i64} #region.gpu_env<device = "XeGPU"> %[[Y]] : i32 -> index, i32 {
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[X]], %[[Y]] : i32
// CHECK-NEXT:      %[[K:.*]] = arith.constant 3 : index
// CHECK-NEXT:      region.env_region_yield %[[K]], %[[S]] : index, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1 : index, i32
func.func @env_region_store(%x: i32, %y: i32) -> (index, i32) {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  %k = region.env_region {note = 1} #region.gpu_env<device = "XeGPU"> %y : i32 -> index {
    %v = memref.load %a[] : memref<i32>
    %s = arith.addi %v, %y : i32
    memref.store %s, %a[] : memref<i32>
    %c3 = arith.constant 3 : index
    region.env_region_yield %c3 : index
  }
  %r = memref.load %a[] : memref<i32>
  return %k, %r : index, i32
}

// -----

// CHECK-LABEL: func.func @env_region_loads_only(
// CHECK-SAME:      %[[X:.*]]: i32, %[[OUT:.*]]: memref<4xi32>)
// CHECK:         region.env_region "test" {
// CHECK-NEXT:      %[[I:.*]] = arith.constant 0 : index
// CHECK-NEXT:      memref.store %[[X]], %[[OUT]][%[[I]]] : memref<4xi32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @env_region_loads_only(%x: i32, %out: memref<4xi32>) {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  region.env_region "test" {
    %i = arith.constant 0 : index
    %v = memref.load %a[] : memref<i32>
    memref.store %v, %out[%i] : memref<4xi32>
  }
  return
}

// -----

// Nested env_regions inside an scf.if.
// CHECK-LABEL: func.func @env_region_nested(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: f32) -> f32
// CHECK:         %[[R:.*]] = scf.if %[[C]] -> (f32) {
// CHECK-NEXT:      %[[E:.*]] = region.env_region "outer" -> f32 {
// CHECK-NEXT:        %[[F:.*]] = region.env_region "inner" -> f32 {
// CHECK-NEXT:          %[[D:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT:          region.env_region_yield %[[D]] : f32
// CHECK-NEXT:        }
// CHECK-NEXT:        region.env_region_yield %[[F]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[E]] : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[X]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : f32
func.func @env_region_nested(%c: i1, %x: f32) -> f32 {
  %a = memref.alloca() : memref<f32>
  memref.store %x, %a[] : memref<f32>
  scf.if %c {
    region.env_region "outer" {
      region.env_region "inner" {
        %v = memref.load %a[] : memref<f32>
        %d = arith.mulf %v, %v : f32
        memref.store %d, %a[] : memref<f32>
      }
    }
  }
  %r = memref.load %a[] : memref<f32>
  return %r : f32
}
