// Unstructured control flow cases where this pass differs from upstream
// MLIR 22 on purpose, and CFG mixed with region ops.
// RUN: imex-opt %s --mem2reg=region-simplify=false --split-input-file \
// RUN:   | FileCheck %s --implicit-check-not=memref.alloca \
// RUN:       --implicit-check-not=memref.load --implicit-check-not=memref.store

// The slot is allocated anew on every iteration: its value never flows
// around the back edge, so the loop header gets no argument. (Upstream's
// mem2reg adds one and passes the default value from before the loop, which
// does not dominate that use.)
// CHECK-LABEL: func.func @alloca_in_loop(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32) -> i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    cf.br ^bb1(%[[Z]] : i32)
// CHECK-NEXT:  ^bb1(%[[ACC:.*]]: i32):
// CHECK-NEXT:    %[[P:.*]] = ub.poison : i32
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb2, ^bb3(%[[P]] : i32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[X]] : i32)
// CHECK-NEXT:  ^bb3(%[[V:.*]]: i32):
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1(%[[V]] : i32), ^bb4
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    return %[[V]] : i32
func.func @alloca_in_loop(%c: i1, %x: i32) -> i32 {
  %z = arith.constant 0 : i32
  cf.br ^h(%z : i32)
^h(%acc: i32):
  %a = memref.alloca() : memref<i32>
  cf.cond_br %c, ^s, ^j
^s:
  memref.store %x, %a[] : memref<i32>
  cf.br ^j
^j:
  %v = memref.load %a[] : memref<i32>
  cf.cond_br %c, ^h(%v : i32), ^exit
^exit:
  return %v : i32
}

// -----

// Two merge points whose arguments would only feed each other: both are
// pruned, no argument is left.
// CHECK-LABEL: func.func @dead_cyclic_merge_points(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return %[[Y]] : i32
func.func @dead_cyclic_merge_points(%c: i1, %x: i32, %y: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  cf.br ^h1
^h1:
  memref.store %y, %a[] : memref<i32>
  cf.cond_br %c, ^h2, ^exit
^h2:
  memref.store %x, %a[] : memref<i32>
  cf.cond_br %c, ^h1, ^h2
^exit:
  %v = memref.load %a[] : memref<i32>
  return %v : i32
}

// -----

// Uses in unreachable blocks read the default value.
// CHECK-LABEL: func.func @unreachable_block(
// CHECK-SAME:      %[[X:.*]]: i32) -> i32
// CHECK-NEXT:    %[[P:.*]] = ub.poison : i32
// CHECK-NEXT:    return %[[X]] : i32
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    return %[[P]] : i32
func.func @unreachable_block(%x: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  %v = memref.load %a[] : memref<i32>
  return %v : i32
^dead:
  %u = memref.load %a[] : memref<i32>
  return %u : i32
}

// -----

// A CFG loop around an scf.if that stores: the block holding the if defines
// the slot, so the loop header is a merge point.
// CHECK-LABEL: func.func @if_in_cfg_loop(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32) -> i32
// CHECK-NEXT:    cf.br ^bb1(%[[X]] : i32)
// CHECK-NEXT:  ^bb1(%[[V:.*]]: i32):
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT:      %[[D:.*]] = arith.addi %[[V]], %[[V]] : i32
// CHECK-NEXT:      scf.yield %[[D]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[V]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1(%[[R]] : i32), ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return %[[R]] : i32
func.func @if_in_cfg_loop(%c: i1, %x: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  cf.br ^h
^h:
  scf.if %c {
    %v = memref.load %a[] : memref<i32>
    %d = arith.addi %v, %v : i32
    memref.store %d, %a[] : memref<i32>
  }
  cf.cond_br %c, ^h, ^exit
^exit:
  %r = memref.load %a[] : memref<i32>
  return %r : i32
}

// -----

// An execute_region inside a CFG loop, with its own CFG inside: merge points
// at both levels.
// CHECK-LABEL: func.func @cfg_in_region_in_cfg(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32
// CHECK-NEXT:    cf.br ^bb1(%[[X]] : i32)
// CHECK-NEXT:  ^bb1(%[[V:.*]]: i32):
// CHECK-NEXT:    %[[R:.*]] = scf.execute_region -> i32 {
// CHECK-NEXT:      cf.cond_br %[[C]], ^bb1, ^bb2(%[[V]] : i32)
// CHECK-NEXT:    ^bb1:
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[V]], %[[Y]] : i32
// CHECK-NEXT:      cf.br ^bb2(%[[S]] : i32)
// CHECK-NEXT:    ^bb2(%[[M:.*]]: i32):
// CHECK-NEXT:      scf.yield %[[M]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1(%[[R]] : i32), ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return %[[R]] : i32
func.func @cfg_in_region_in_cfg(%c: i1, %x: i32, %y: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  cf.br ^h
^h:
  scf.execute_region {
    cf.cond_br %c, ^b1, ^b2
  ^b1:
    %v = memref.load %a[] : memref<i32>
    %s = arith.addi %v, %y : i32
    memref.store %s, %a[] : memref<i32>
    cf.br ^b2
  ^b2:
    scf.yield
  }
  cf.cond_br %c, ^h, ^exit
^exit:
  %r = memref.load %a[] : memref<i32>
  return %r : i32
}

// -----

// Two slots through the same execute_region with internal control flow (the
// op is rebuilt for the first and promoted again for the second). The
// unreachable exit yields the entry values.
// CHECK-LABEL: func.func @two_slots_cfg_region(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: f32) -> (i32, f32)
// CHECK-NEXT:    %[[R:.*]]:2 = scf.execute_region -> (i32, f32) {
// CHECK-NEXT:      cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:    ^bb1:
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:      cf.br ^bb3(%[[S]], %[[Y]] : i32, f32)
// CHECK-NEXT:    ^bb2:
// CHECK-NEXT:      %[[T:.*]] = arith.addf %[[Y]], %[[Y]] : f32
// CHECK-NEXT:      cf.br ^bb3(%[[X]], %[[T]] : i32, f32)
// CHECK-NEXT:    ^bb3(%[[MA:.*]]: i32, %[[MB:.*]]: f32):
// CHECK-NEXT:      scf.yield %[[MA]], %[[MB]] : i32, f32
// CHECK-NEXT:    ^bb4:
// CHECK-NEXT:      scf.yield %[[X]], %[[Y]] : i32, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1 : i32, f32
func.func @two_slots_cfg_region(%c: i1, %x: i32, %y: f32) -> (i32, f32) {
  %a = memref.alloca() : memref<i32>
  %b = memref.alloca() : memref<f32>
  memref.store %x, %a[] : memref<i32>
  memref.store %y, %b[] : memref<f32>
  scf.execute_region {
    cf.cond_br %c, ^b1, ^b2
  ^b1:
    %v = memref.load %a[] : memref<i32>
    %s = arith.addi %v, %x : i32
    memref.store %s, %a[] : memref<i32>
    cf.br ^b3
  ^b2:
    %w = memref.load %b[] : memref<f32>
    %t = arith.addf %w, %y : f32
    memref.store %t, %b[] : memref<f32>
    cf.br ^b3
  ^b3:
    scf.yield
  ^dead:
    %u = memref.load %a[] : memref<i32>
    memref.store %u, %a[] : memref<i32>
    scf.yield
  }
  %r = memref.load %a[] : memref<i32>
  %q = memref.load %b[] : memref<f32>
  return %r, %q : i32, f32
}

// -----

// A while loop inside a for loop: the slot is carried by both.
// CHECK-LABEL: func.func @while_in_for(
// CHECK-SAME:      %[[N:.*]]: index, %[[X:.*]]: i32) -> i32
// CHECK:         %[[F:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %[[X]]) -> (i32) {
// CHECK-NEXT:      %[[W:.*]] = scf.while (%[[B:.*]] = %[[A]]) : (i32) -> i32 {
// CHECK:             scf.condition(%{{.*}}) %[[B]] : i32
// CHECK-NEXT:      } do {
// CHECK-NEXT:      ^bb0(%[[D:.*]]: i32):
// CHECK-NEXT:        %[[E:.*]] = arith.addi %[[D]], %[[D]] : i32
// CHECK-NEXT:        scf.yield %[[E]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[W]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[F]] : i32
func.func @while_in_for(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.for %i = %c0 to %n step %c1 {
    scf.while : () -> () {
      %v = memref.load %a[] : memref<i32>
      %z = arith.constant 100 : i32
      %cond = arith.cmpi slt, %v, %z : i32
      scf.condition(%cond)
    } do {
      %v = memref.load %a[] : memref<i32>
      %d = arith.addi %v, %v : i32
      memref.store %d, %a[] : memref<i32>
      scf.yield
    }
  }
  %r = memref.load %a[] : memref<i32>
  return %r : i32
}
