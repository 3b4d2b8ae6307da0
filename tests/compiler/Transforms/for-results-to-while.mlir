// RUN: imex-opt %s -split-input-file -for-results-to-while | FileCheck %s

// A loop with results becomes a while loop over (induction variable,
// results): the condition compares signed, the body is the loop's, and the
// induction variable steps before the yield. The results are the while
// loop's but the first.
// CHECK-LABEL: func @sum_from
// CHECK-SAME: (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index, %[[INIT:.*]]: f32, %[[X:.*]]: f32)
// CHECK: %[[W:.*]]:3 = scf.while (%[[I:.*]] = %[[LB]], %[[A:.*]] = %[[INIT]], %[[B:.*]] = %[[X]]) : (index, f32, f32) -> (index, f32, f32) {
// CHECK:   %[[MORE:.*]] = arith.cmpi slt, %[[I]], %[[UB]] : index
// CHECK:   scf.condition(%[[MORE]]) %[[I]], %[[A]], %[[B]] : index, f32, f32
// CHECK: } do {
// CHECK: ^bb0(%[[J:.*]]: index, %[[C:.*]]: f32, %[[D:.*]]: f32):
// CHECK:   %[[S:.*]] = arith.addf %[[C]], %[[D]] : f32
// CHECK:   %[[NEXT:.*]] = arith.addi %[[J]], %[[STEP]] : index
// CHECK:   scf.yield %[[NEXT]], %[[S]], %[[D]] : index, f32, f32
// CHECK: }
// CHECK-NOT: scf.for
// CHECK: return %[[W]]#1, %[[W]]#2 : f32, f32
func.func @sum_from(%lb: index, %ub: index, %step: index, %init: f32, %x: f32) -> (f32, f32) {
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%a = %init, %b = %x) -> (f32, f32) {
    %s = arith.addf %a, %b : f32
    scf.yield %s, %b : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}

// -----

// scf.for unsigned compares unsigned; an i32 induction variable stays i32.
// CHECK-LABEL: func @unsigned_i32
// CHECK: scf.while (%[[I:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) : (i32, i32) -> (i32, i32)
// CHECK:   arith.cmpi ult, %[[I]], %{{.*}} : i32
// CHECK:   arith.addi %{{.*}}, %{{.*}} : i32
func.func @unsigned_i32(%lb: i32, %ub: i32, %step: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = scf.for unsigned %i = %lb to %ub step %step iter_args(%a = %c0) -> (i32) : i32 {
    %s = arith.addi %a, %i : i32
    scf.yield %s : i32
  }
  return %r : i32
}

// -----

// Nested loops with results both become while loops; a loop without
// results stays a for loop.
// CHECK-LABEL: func @nested
// CHECK: scf.while
// CHECK: scf.while
// CHECK-NOT: scf.while
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NOT: iter_args
// CHECK: return
func.func @nested(%n: index, %m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (f32) {
    %inner = scf.for %j = %i to %n step %c1 iter_args(%b = %a) -> (f32) {
      %x = memref.load %m[%j] : memref<?xf32>
      %s = arith.addf %b, %x : f32
      scf.yield %s : f32
    }
    scf.yield %inner : f32
  }
  scf.for %i = %c0 to %n step %c1 {
    memref.store %r, %m[%i] : memref<?xf32>
  }
  return %r : f32
}
