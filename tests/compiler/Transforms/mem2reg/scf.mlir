// Slots promoted through every scf op, with loads only and with stores.
// region-simplify=false shows the values exactly as promotion creates them.
// RUN: imex-opt %s --mem2reg=region-simplify=false --split-input-file \
// RUN:   | FileCheck %s --implicit-check-not=memref.alloca \
// RUN:       --implicit-check-not=memref.load --implicit-check-not=memref.store \
// RUN:       --implicit-check-not=ub.poison

// CHECK-LABEL: func.func @if_loads_only(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32) -> i32
// CHECK:         %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT:      %[[T:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:      scf.yield %[[T]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[X]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @if_loads_only(%c: i1, %x: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  %r = scf.if %c -> i32 {
    %v = memref.load %a[] : memref<i32>
    %t = arith.addi %v, %v : i32
    scf.yield %t : i32
  } else {
    %v = memref.load %a[] : memref<i32>
    scf.yield %v : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @if_store_in_then(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32) -> (i32, i32)
// CHECK:         %[[R:.*]]:2 = scf.if %[[C]] -> (i32, i32) {
// CHECK-NEXT:      %[[T:.*]] = arith.addi %[[X]], %[[Y]] : i32
// CHECK-NEXT:      scf.yield %[[T]], %[[Y]] : i32, i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[X]], %[[X]] : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1 : i32, i32
func.func @if_store_in_then(%c: i1, %x: i32, %y: i32) -> (i32, i32) {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  %r = scf.if %c -> i32 {
    %t = arith.addi %x, %y : i32
    memref.store %y, %a[] : memref<i32>
    scf.yield %t : i32
  } else {
    scf.yield %x : i32
  }
  %v = memref.load %a[] : memref<i32>
  return %r, %v : i32, i32
}

// -----

// CHECK-LABEL: func.func @if_store_in_both(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32
// CHECK:         %[[R:.*]] = scf.if %[[C]] -> (f32) {
// CHECK-NEXT:      scf.yield %[[X]] : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[Y]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : f32
func.func @if_store_in_both(%c: i1, %x: f32, %y: f32) -> f32 {
  %a = memref.alloca() : memref<f32>
  scf.if %c {
    memref.store %x, %a[] : memref<f32>
  } else {
    memref.store %y, %a[] : memref<f32>
  }
  %v = memref.load %a[] : memref<f32>
  return %v : f32
}

// -----

// An if without else gets an else block that yields the entry value.
// CHECK-LABEL: func.func @if_without_else(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i64, %[[Y:.*]]: i64) -> i64
// CHECK:         %[[R:.*]] = scf.if %[[C]] -> (i64) {
// CHECK-NEXT:      scf.yield %[[Y]] : i64
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[X]] : i64
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i64
func.func @if_without_else(%c: i1, %x: i64, %y: i64) -> i64 {
  %a = memref.alloca() : memref<i64>
  memref.store %x, %a[] : memref<i64>
  scf.if %c {
    memref.store %y, %a[] : memref<i64>
  }
  %v = memref.load %a[] : memref<i64>
  return %v : i64
}

// -----

// No store inside: the if keeps its shape, its branches read the entry value.
// CHECK-LABEL: func.func @if_without_else_loads_only(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i64, %[[OUT:.*]]: memref<2xi64>)
// CHECK:         scf.if %[[C]] {
// CHECK-NEXT:      %[[I:.*]] = arith.constant 0 : index
// CHECK-NEXT:      memref.store %[[X]], %[[OUT]][%[[I]]] : memref<2xi64>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @if_without_else_loads_only(%c: i1, %x: i64, %out: memref<2xi64>) {
  %a = memref.alloca() : memref<i64>
  memref.store %x, %a[] : memref<i64>
  scf.if %c {
    %i = arith.constant 0 : index
    %v = memref.load %a[] : memref<i64>
    memref.store %v, %out[%i] : memref<2xi64>
  }
  return
}

// -----

// A load before any store reads the slot's default value.
// CHECK-LABEL: func.func @if_uninitialized(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32) -> i32
// CHECK:         %[[P:.*]] = ub.poison : i32
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT:      scf.yield %[[X]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[P]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @if_uninitialized(%c: i1, %x: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  scf.if %c {
    memref.store %x, %a[] : memref<i32>
  }
  %v = memref.load %a[] : memref<i32>
  return %v : i32
}

// -----

// Nested ifs inside a loop whose body stores conditionally.
// CHECK-LABEL: func.func @nested_ifs_in_loop(
// CHECK-SAME:      %[[N:.*]]: index, %[[C1:.*]]: i1, %[[C2:.*]]: i1, %[[X:.*]]: i32) -> i32
// CHECK-DAG:     %[[LB:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[ST:.*]] = arith.constant 1 : index
// CHECK:         %[[L:.*]] = scf.for %{{.*}} = %[[LB]] to %[[N]] step %[[ST]] iter_args(%[[ACC:.*]] = %[[X]]) -> (i32) {
// CHECK-NEXT:      %[[O:.*]] = scf.if %[[C1]] -> (i32) {
// CHECK-NEXT:        %[[IN:.*]] = scf.if %[[C2]] -> (i32) {
// CHECK-NEXT:          %[[D:.*]] = arith.muli %[[ACC]], %[[ACC]] : i32
// CHECK-NEXT:          scf.yield %[[D]] : i32
// CHECK-NEXT:        } else {
// CHECK-NEXT:          scf.yield %[[ACC]] : i32
// CHECK-NEXT:        }
// CHECK-NEXT:        scf.yield %[[IN]] : i32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[ACC]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[O]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[L]] : i32
func.func @nested_ifs_in_loop(%n: index, %c1: i1, %c2: i1, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.for %i = %c0 to %n step %c1i {
    scf.if %c1 {
      scf.if %c2 {
        %v = memref.load %a[] : memref<i32>
        %d = arith.muli %v, %v : i32
        memref.store %d, %a[] : memref<i32>
      }
    }
  }
  %r = memref.load %a[] : memref<i32>
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @for_loads_only(
// CHECK-SAME:      %[[N:.*]]: index, %[[X:.*]]: f64, %[[OUT:.*]]: memref<?xf64>)
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT:      memref.store %[[X]], %[[OUT]][%[[I]]] : memref<?xf64>
// CHECK-NEXT:    }
func.func @for_loads_only(%n: index, %x: f64, %out: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloca() : memref<f64>
  memref.store %x, %a[] : memref<f64>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[] : memref<f64>
    memref.store %v, %out[%i] : memref<?xf64>
  }
  return
}

// -----

// The slot joins existing iteration arguments.
// CHECK-LABEL: func.func @for_with_iter_args(
// CHECK-SAME:      %[[N:.*]]: index, %[[X:.*]]: i32) -> (i32, i32)
// CHECK:         %[[L:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[S:.*]] = %[[X]], %[[V:.*]] = %[[X]]) -> (i32, i32) {
// CHECK-NEXT:      %[[S2:.*]] = arith.addi %[[S]], %[[V]] : i32
// CHECK-NEXT:      %[[V2:.*]] = arith.muli %[[V]], %[[V]] : i32
// CHECK-NEXT:      scf.yield %[[S2]], %[[V2]] : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[L]]#0, %[[L]]#1 : i32, i32
func.func @for_with_iter_args(%n: index, %x: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> i32 {
    %v = memref.load %a[] : memref<i32>
    %next = arith.addi %acc, %v : i32
    %sq = arith.muli %v, %v : i32
    memref.store %sq, %a[] : memref<i32>
    scf.yield %next : i32
  }
  %r = memref.load %a[] : memref<i32>
  return %s, %r : i32, i32
}

// -----

// A while loop carries the value through both regions.
// CHECK-LABEL: func.func @while_both_regions(
// CHECK-SAME:      %[[X:.*]]: i32, %[[LIM:.*]]: i32) -> i32
// CHECK:         %[[W:.*]] = scf.while (%[[B:.*]] = %[[X]]) : (i32) -> i32 {
// CHECK-NEXT:      %[[C:.*]] = arith.cmpi slt, %[[B]], %[[LIM]] : i32
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:      %[[INC:.*]] = arith.addi %[[B]], %[[ONE]] : i32
// CHECK-NEXT:      scf.condition(%[[C]]) %[[INC]] : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: i32):
// CHECK-NEXT:      %[[SQ:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:      scf.yield %[[SQ]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[W]] : i32
func.func @while_both_regions(%x: i32, %lim: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.while : () -> () {
    %v = memref.load %a[] : memref<i32>
    %c = arith.cmpi slt, %v, %lim : i32
    %one = arith.constant 1 : i32
    %w = arith.addi %v, %one : i32
    memref.store %w, %a[] : memref<i32>
    scf.condition(%c)
  } do {
    %v = memref.load %a[] : memref<i32>
    %w = arith.muli %v, %v : i32
    memref.store %w, %a[] : memref<i32>
    scf.yield
  }
  %r = memref.load %a[] : memref<i32>
  return %r : i32
}

// -----

// Only the after region stores; the before region forwards its argument.
// CHECK-LABEL: func.func @while_store_in_after(
// CHECK-SAME:      %[[X:.*]]: i32, %[[C:.*]]: i1) -> i32
// CHECK:         %[[W:.*]] = scf.while (%[[B:.*]] = %[[X]]) : (i32) -> i32 {
// CHECK-NEXT:      scf.condition(%[[C]]) %[[B]] : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: i32):
// CHECK-NEXT:      %[[D:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:      scf.yield %[[D]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[W]] : i32
func.func @while_store_in_after(%x: i32, %c: i1) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    %v = memref.load %a[] : memref<i32>
    %d = arith.addi %v, %v : i32
    memref.store %d, %a[] : memref<i32>
    scf.yield
  }
  %r = memref.load %a[] : memref<i32>
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @while_loads_only(
// CHECK-SAME:      %[[X:.*]]: i32) -> i32
// CHECK:         %[[W:.*]] = scf.while (%[[B:.*]] = %{{.*}}) : (i32) -> i32 {
// CHECK-NEXT:      %[[C:.*]] = arith.cmpi slt, %[[B]], %[[X]] : i32
// CHECK-NEXT:      scf.condition(%[[C]]) %[[B]] : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: i32):
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[A]], %[[X]] : i32
// CHECK-NEXT:      scf.yield %[[S]] : i32
// CHECK-NEXT:    }
func.func @while_loads_only(%x: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  %w = scf.while (%i = %zero) : (i32) -> i32 {
    %lim = memref.load %a[] : memref<i32>
    %c = arith.cmpi slt, %i, %lim : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %step = memref.load %a[] : memref<i32>
    %s = arith.addi %j, %step : i32
    scf.yield %s : i32
  }
  return %w : i32
}

// -----

// Control flow inside execute_region gets a merge-point argument; the region
// yields the value at its end.
// CHECK-LABEL: func.func @execute_region_cfg(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32
// CHECK:         %[[R:.*]] = scf.execute_region -> i32 {
// CHECK-NEXT:      cf.cond_br %[[C]], ^bb1, ^bb2(%[[X]] : i32)
// CHECK-NEXT:    ^bb1:
// CHECK-NEXT:      cf.br ^bb2(%[[Y]] : i32)
// CHECK-NEXT:    ^bb2(%[[M:.*]]: i32):
// CHECK-NEXT:      scf.yield %[[M]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @execute_region_cfg(%c: i1, %x: i32, %y: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.execute_region {
    cf.cond_br %c, ^b1, ^b2
  ^b1:
    memref.store %y, %a[] : memref<i32>
    cf.br ^b2
  ^b2:
    scf.yield
  }
  %r = memref.load %a[] : memref<i32>
  return %r : i32
}

// -----

// Two exits of an execute_region each yield their own value.
// CHECK-LABEL: func.func @execute_region_two_exits(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32
// CHECK:         %[[R:.*]] = scf.execute_region -> i32 {
// CHECK-NEXT:      cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:    ^bb1:
// CHECK-NEXT:      scf.yield %[[Y]] : i32
// CHECK-NEXT:    ^bb2:
// CHECK-NEXT:      scf.yield %[[X]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @execute_region_two_exits(%c: i1, %x: i32, %y: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.execute_region {
    cf.cond_br %c, ^b1, ^b2
  ^b1:
    memref.store %y, %a[] : memref<i32>
    scf.yield
  ^b2:
    scf.yield
  }
  %r = memref.load %a[] : memref<i32>
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @execute_region_loads_only(
// CHECK-SAME:      %[[X:.*]]: i32) -> i32
// CHECK:         %[[R:.*]] = scf.execute_region -> i32 {
// CHECK-NEXT:      %[[D:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:      scf.yield %[[D]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @execute_region_loads_only(%x: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  %r = scf.execute_region -> i32 {
    %v = memref.load %a[] : memref<i32>
    %d = arith.addi %v, %v : i32
    scf.yield %d : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @index_switch(
// CHECK-SAME:      %[[I:.*]]: index, %[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32
// CHECK:         %[[R:.*]] = scf.index_switch %[[I]] -> i32
// CHECK-NEXT:    case 1 {
// CHECK-NEXT:      scf.yield %[[Y]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    case 2 {
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[X]], %[[Y]] : i32
// CHECK-NEXT:      scf.yield %[[S]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:      scf.yield %[[X]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @index_switch(%i: index, %x: i32, %y: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.index_switch %i
  case 1 {
    memref.store %y, %a[] : memref<i32>
    scf.yield
  }
  case 2 {
    %v = memref.load %a[] : memref<i32>
    %w = arith.addi %v, %y : i32
    memref.store %w, %a[] : memref<i32>
    scf.yield
  }
  default {
  }
  %r = memref.load %a[] : memref<i32>
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @index_switch_loads_only(
// CHECK-SAME:      %[[I:.*]]: index, %[[X:.*]]: i32) -> i32
// CHECK:         %[[R:.*]] = scf.index_switch %[[I]] -> i32
// CHECK-NEXT:    case 0 {
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:      scf.yield %[[S]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:      scf.yield %[[X]] : i32
// CHECK-NEXT:    }
func.func @index_switch_loads_only(%i: index, %x: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  %r = scf.index_switch %i -> i32
  case 0 {
    %v = memref.load %a[] : memref<i32>
    %s = arith.addi %v, %v : i32
    scf.yield %s : i32
  }
  default {
    %v = memref.load %a[] : memref<i32>
    scf.yield %v : i32
  }
  return %r : i32
}

// -----

// Parallel ops take loads; scf.reduce's regions too.
// CHECK-LABEL: func.func @parallel_loads_only(
// CHECK-SAME:      %[[X:.*]]: f32, %[[OUT:.*]]: memref<8xf32>) -> f32
// CHECK:         scf.forall (%[[I:.*]]) in (8) {
// CHECK-NEXT:      memref.store %[[X]], %[[OUT]][%[[I]]] : memref<8xf32>
// CHECK-NEXT:    }
// CHECK:         %[[P:.*]] = scf.parallel (%[[J:.*]]) = {{.*}} init (%{{.*}}) -> f32 {
// CHECK-NEXT:      scf.reduce(%[[X]] : f32) {
// CHECK-NEXT:      ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
// CHECK-NEXT:        %[[M:.*]] = arith.addf %[[L]], %[[R]] : f32
// CHECK-NEXT:        %[[N:.*]] = arith.addf %[[M]], %[[X]] : f32
// CHECK-NEXT:        scf.reduce.return %[[N]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[P]] : f32
func.func @parallel_loads_only(%x: f32, %out: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %init = arith.constant 0.0 : f32
  %a = memref.alloca() : memref<f32>
  memref.store %x, %a[] : memref<f32>
  scf.forall (%i) in (8) {
    %v = memref.load %a[] : memref<f32>
    memref.store %v, %out[%i] : memref<8xf32>
  }
  %s = scf.parallel (%j) = (%c0) to (%c8) step (%c1) init (%init) -> f32 {
    %v = memref.load %a[] : memref<f32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %k = memref.load %a[] : memref<f32>
      %m = arith.addf %l, %r : f32
      %n = arith.addf %m, %k : f32
      scf.reduce.return %n : f32
    }
  }
  return %s : f32
}
