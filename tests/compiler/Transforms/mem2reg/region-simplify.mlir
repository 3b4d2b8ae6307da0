// With region-simplify (the default), results, iteration arguments and
// yielded values that promotion added to region ops and that nothing uses in
// the end are removed again, also when they only feed each other around a
// loop. Region ops promotion did not change are left alone.
// RUN: imex-opt %s --mem2reg | FileCheck %s --check-prefix=SIMPLE \
// RUN:   --implicit-check-not=memref.alloca --implicit-check-not=memref.load
// RUN: imex-opt %s --mem2reg=region-simplify=false | FileCheck %s --check-prefix=RAW \
// RUN:   --implicit-check-not=memref.alloca --implicit-check-not=memref.load

// A used result stays.
// SIMPLE-LABEL: func.func @result_used(
// SIMPLE-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32
// SIMPLE-NEXT:    %[[R:.*]] = scf.if %[[C]] -> (i32) {
// SIMPLE-NEXT:      scf.yield %[[Y]] : i32
// SIMPLE-NEXT:    } else {
// SIMPLE-NEXT:      scf.yield %[[X]] : i32
// SIMPLE-NEXT:    }
// SIMPLE-NEXT:    return %[[R]] : i32
func.func @result_used(%c: i1, %x: i32, %y: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.if %c {
    memref.store %y, %a[] : memref<i32>
  }
  %v = memref.load %a[] : memref<i32>
  return %v : i32
}

// Nothing reads the slot after the if: the result goes, and so does the
// else branch promotion had to add.
// SIMPLE-LABEL: func.func @result_unused(
// SIMPLE-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[OUT:.*]]: memref<i32>)
// SIMPLE-NEXT:    scf.if %[[C]] {
// SIMPLE-NEXT:      %[[W:.*]] = arith.addi %[[X]], %[[X]] : i32
// SIMPLE-NEXT:      memref.store %[[W]], %[[OUT]][] : memref<i32>
// SIMPLE-NEXT:    }
// SIMPLE-NEXT:    return
// RAW-LABEL: func.func @result_unused(
// RAW:         %{{.*}} = scf.if %{{.*}} -> (i32) {
// RAW:         } else {
func.func @result_unused(%c: i1, %x: i32, %out: memref<i32>) {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.if %c {
    %v = memref.load %a[] : memref<i32>
    %w = arith.addi %v, %v : i32
    memref.store %w, %a[] : memref<i32>
    memref.store %w, %out[] : memref<i32>
  }
  return
}

// The loop stores before it loads: the iteration argument is dead.
// SIMPLE-LABEL: func.func @iter_arg_unused(
// SIMPLE-SAME:      %[[N:.*]]: index, %[[X:.*]]: i32, %[[OUT:.*]]: memref<i32>)
// SIMPLE:         scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} {
// SIMPLE-NEXT:      memref.store %[[X]], %[[OUT]][] : memref<i32>
// SIMPLE-NEXT:    }
// RAW-LABEL: func.func @iter_arg_unused(
// RAW:         scf.for {{.*}} iter_args
func.func @iter_arg_unused(%n: index, %x: i32, %out: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %x, %a[] : memref<i32>
    %v = memref.load %a[] : memref<i32>
    memref.store %v, %out[] : memref<i32>
  }
  return
}

// The loop's iteration argument and the nested if's result only feed each
// other: both go.
// SIMPLE-LABEL: func.func @dead_cycle(
// SIMPLE-SAME:      %[[N:.*]]: index, %[[C:.*]]: i1, %[[X:.*]]: i32)
// SIMPLE:         scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} {
// SIMPLE-NEXT:      scf.if %[[C]] {
// SIMPLE-NEXT:      }
// SIMPLE-NEXT:    }
// SIMPLE-NEXT:    return
// RAW-LABEL: func.func @dead_cycle(
// RAW:         scf.for {{.*}} iter_args
// RAW:           scf.if {{.*}} -> (i32)
func.func @dead_cycle(%n: index, %c: i1, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      memref.store %x, %a[] : memref<i32>
    }
  }
  return
}

// Read inside the loop: the iteration argument is needed, and with it the
// loop result, unused as it is.
// SIMPLE-LABEL: func.func @read_inside(
// SIMPLE:         %{{.*}} = affine.for %{{.*}} = 0 to 4 iter_args(%[[A:.*]] = %{{.*}}) -> (i32) {
// SIMPLE-NEXT:      memref.store %[[A]]
// SIMPLE-NEXT:      %[[R:.*]] = affine.if
// SIMPLE:           affine.yield %[[R]] : i32
func.func @read_inside(%x: i32, %out: memref<i32>) {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  affine.for %i = 0 to 4 {
    %v = memref.load %a[] : memref<i32>
    memref.store %v, %out[] : memref<i32>
    affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%i) {
      %w = arith.addi %v, %v : i32
      memref.store %w, %a[] : memref<i32>
    }
  }
  return
}

// Values the program itself yields are never removed, used or not.
// SIMPLE-LABEL: func.func @untouched(
// SIMPLE:         %{{.*}} = scf.if %{{.*}} -> (i32)
func.func @untouched(%c: i1, %x: i32) {
  %r = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  return
}
