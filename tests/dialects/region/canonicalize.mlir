// Canonicalization patterns of region.env_region.
// RUN: imex-opt %s -canonicalize -split-input-file | FileCheck %s

// MergeAdjacentRegions: same environment, same args, immediately adjacent.
// The second body's use of the first result is rewired to the yielded value.
// CHECK-LABEL: func.func @merge_adjacent
// CHECK-SAME: (%[[A:.*]]: index)
// CHECK:      %[[R:.*]]:2 = region.env_region #region.gpu_env<device = "g"> %[[A]] : index -> index, index {
// CHECK-NEXT:   %[[X:.*]] = arith.addi %[[A]], %[[A]]
// CHECK-NEXT:   %[[Y:.*]] = arith.muli %[[X]], %[[X]]
// CHECK-NEXT:   region.env_region_yield %[[X]], %[[Y]] : index, index
// CHECK-NEXT: }
// CHECK-NOT:  region.env_region
// CHECK:      return %[[R]]#0, %[[R]]#1
func.func @merge_adjacent(%a: index) -> (index, index) {
  %0 = region.env_region #region.gpu_env<device = "g"> %a : index -> index {
    %x = arith.addi %a, %a : index
    region.env_region_yield %x : index
  }
  %1 = region.env_region #region.gpu_env<device = "g"> %a : index -> index {
    %y = arith.muli %0, %0 : index
    region.env_region_yield %y : index
  }
  return %0, %1 : index, index
}

// -----

// Three adjacent regions collapse into one; side effects keep their order.
// CHECK-LABEL: func.func @merge_chain
// CHECK:      region.env_region "e" {
// CHECK-NEXT:   call @f(%{{.*}}) : (i32) -> ()
// CHECK-NEXT:   call @f(%{{.*}}) : (i32) -> ()
// CHECK-NEXT:   call @f(%{{.*}}) : (i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func private @f(i32)
func.func @merge_chain() {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  region.env_region "e" {
    func.call @f(%c1) : (i32) -> ()
  }
  region.env_region "e" {
    func.call @f(%c2) : (i32) -> ()
  }
  region.env_region "e" {
    func.call @f(%c3) : (i32) -> ()
  }
  return
}

// -----

// Different environments are not merged.
// CHECK-LABEL: func.func @no_merge_different_env
// CHECK: region.env_region #region.gpu_env<device = "a">
// CHECK: region.env_region #region.gpu_env<device = "b">
func.func private @f()
func.func @no_merge_different_env() {
  region.env_region #region.gpu_env<device = "a"> {
    func.call @f() : () -> ()
  }
  region.env_region #region.gpu_env<device = "b"> {
    func.call @f() : () -> ()
  }
  return
}

// -----

// Different args are not merged.
// CHECK-LABEL: func.func @no_merge_different_args
// CHECK: region.env_region "e" %{{.*}} : index {
// CHECK: region.env_region "e" %{{.*}} : index {
func.func private @f()
func.func @no_merge_different_args(%a: index, %b: index) {
  region.env_region "e" %a : index {
    func.call @f() : () -> ()
  }
  region.env_region "e" %b : index {
    func.call @f() : () -> ()
  }
  return
}

// -----

// Regions that are not immediately adjacent are not merged.
// CHECK-LABEL: func.func @no_merge_not_adjacent
// CHECK: region.env_region "e" {
// CHECK: call @g
// CHECK: region.env_region "e" {
func.func private @f()
func.func private @g()
func.func @no_merge_not_adjacent() {
  region.env_region "e" {
    func.call @f() : () -> ()
  }
  func.call @g() : () -> ()
  region.env_region "e" {
    func.call @f() : () -> ()
  }
  return
}

// -----

// CleanupRegionYieldArgs: unused results are dropped, duplicates merged;
// discardable attributes survive the rebuild.
// CHECK-LABEL: func.func @cleanup_yield
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK:      %[[R:.*]] = region.env_region {keep} "e" -> i32 {
// CHECK-NEXT:   %[[S:.*]] = arith.addi %[[A]], %[[B]]
// CHECK-NEXT:   call @f(%[[S]])
// CHECK-NEXT:   region.env_region_yield %[[S]] : i32
// CHECK-NEXT: }
// CHECK:      return %[[R]], %[[R]]
func.func private @f(i32)
func.func @cleanup_yield(%a: i32, %b: i32) -> (i32, i32) {
  %r:3 = region.env_region {keep} "e" -> i32, i32, i32 {
    %s = arith.addi %a, %b : i32
    func.call @f(%s) : (i32) -> ()
    region.env_region_yield %a, %s, %s : i32, i32, i32
  }
  return %r#1, %r#2 : i32, i32
}

// -----

// All results used and distinct: nothing changes.
// CHECK-LABEL: func.func @cleanup_nothing
// CHECK: %{{.*}}:2 = region.env_region "e" -> i32, i32 {
// CHECK:   region.env_region_yield %{{.*}}, %{{.*}} : i32, i32
func.func private @f(i32)
func.func @cleanup_nothing(%a: i32, %b: i32) -> (i32, i32) {
  %r:2 = region.env_region "e" -> i32, i32 {
    func.call @f(%a) : (i32) -> ()
    region.env_region_yield %a, %b : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// A region whose results are all unused keeps its side effects.
// CHECK-LABEL: func.func @cleanup_all_unused
// CHECK: region.env_region "e" {
// CHECK-NEXT: call @f
// CHECK-NEXT: }
func.func private @f(i32)
func.func @cleanup_all_unused(%a: i32) {
  %r = region.env_region "e" -> i32 {
    func.call @f(%a) : (i32) -> ()
    region.env_region_yield %a : i32
  }
  return
}
