// RUN: imex-opt %s -drop-regions -split-input-file | FileCheck %s

// Every env_region is inlined, whatever its environment and nesting depth;
// results are replaced by the yielded values.
// CHECK-LABEL: func.func @nested
// CHECK-SAME: (%[[A:.*]]: i32)
// CHECK-NOT:  region.
// CHECK:      call @f(%[[A]])
// CHECK-NEXT: %[[X:.*]] = arith.addi %[[A]], %[[A]]
// CHECK-NEXT: call @f(%[[X]])
// CHECK-NEXT: %[[Y:.*]] = arith.muli %[[X]], %[[X]]
// CHECK-NEXT: return %[[X]], %[[Y]]
func.func private @f(i32)
func.func @nested(%a: i32) -> (i32, i32) {
  %r:2 = region.env_region #region.gpu_env<device = "g"> %a : i32 -> i32, i32 {
    func.call @f(%a) : (i32) -> ()
    %x = region.env_region "protect_copy_op" -> i32 {
      %x0 = arith.addi %a, %a : i32
      region.env_region_yield %x0 : i32
    }
    region.env_region [1] {
      func.call @f(%x) : (i32) -> ()
    }
    %y = arith.muli %x, %x : i32
    region.env_region_yield %x, %y : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// Regions anywhere in the op tree are found, e.g. inside loops.
// CHECK-LABEL: func.func @in_loop
// CHECK: scf.for
// CHECK-NEXT: call @g
// CHECK-NOT: region.
func.func private @g()
func.func @in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    region.env_region "e" {
      func.call @g() : () -> ()
    }
  }
  return
}

// -----

// Nothing to do: IR without env_region is left alone.
// CHECK-LABEL: func.func @no_regions
// CHECK-NEXT: %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT: return %[[C]]
func.func @no_regions() -> i32 {
  %c = arith.constant 3 : i32
  return %c : i32
}
