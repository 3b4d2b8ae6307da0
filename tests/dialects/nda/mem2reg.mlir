// nda variables are promoted by mem2reg like memory slots: array (tensor)
// variables become loop-carried values and branch results, reads before
// any write see the variable's default (zero; arrays are empty along '?'
// dimensions, zeros otherwise), and a variable whose reference escapes stays.
// RUN: imex-opt %s --mem2reg --split-input-file --allow-unregistered-dialect \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func @loop_carried_array(
// CHECK-SAME:      %[[A:.*]]: tensor<?xf32>, %[[N:.*]]: index)
// CHECK-NOT:     nda.
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[X:.*]] = %[[A]]) -> (tensor<?xf32>) {
// CHECK:           %[[Y:.*]] = "test.double"(%[[X]])
// CHECK:           scf.yield %[[Y]] : tensor<?xf32>
// CHECK:         return %[[R]]
func.func @loop_carried_array(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %x = nda.var "x" : !nda.ref<tensor<?xf32>>
  nda.store %a, %x : !nda.ref<tensor<?xf32>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = nda.load %x : !nda.ref<tensor<?xf32>>
    %d = "test.double"(%v) : (tensor<?xf32>) -> tensor<?xf32>
    nda.store %d, %x : !nda.ref<tensor<?xf32>>
  }
  %r = nda.load %x : !nda.ref<tensor<?xf32>>
  return %r : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @defined_in_one_branch(
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[E:.*]] = tensor.empty(%[[C0]]) : tensor<?xf32>
// CHECK:         %[[R:.*]] = scf.if %{{.*}} -> (tensor<?xf32>) {
// CHECK:           scf.yield %{{.*}} : tensor<?xf32>
// CHECK:         } else {
// CHECK:           scf.yield %[[E]] : tensor<?xf32>
// CHECK:         return %[[R]]
func.func @defined_in_one_branch(%c: i1, %a: tensor<?xf32>) -> tensor<?xf32> {
  %x = nda.var "x" : !nda.ref<tensor<?xf32>>
  scf.if %c {
    nda.store %a, %x : !nda.ref<tensor<?xf32>>
  }
  %r = nda.load %x : !nda.ref<tensor<?xf32>>
  return %r : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @scalar_default(
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         return %[[Z]]
func.func @scalar_default() -> f64 {
  %x = nda.var "x" : !nda.ref<f64>
  %r = nda.load %x : !nda.ref<f64>
  return %r : f64
}

// -----

// A variable whose reference is passed on must stay in memory.
// CHECK-LABEL: func.func @escaping(
// CHECK:         %[[X:.*]] = nda.var "x" : !nda.ref<i32>
// CHECK:         nda.store %{{.*}}, %[[X]]
// CHECK:         "test.use"(%[[X]])
func.func @escaping(%v: i32) {
  %x = nda.var "x" : !nda.ref<i32>
  nda.store %v, %x : !nda.ref<i32>
  "test.use"(%x) : (!nda.ref<i32>) -> ()
  return
}

// -----

// A variable stored into another variable escapes too.
// CHECK-LABEL: func.func @stored_ref(
// CHECK:         %[[X:.*]] = nda.var "x" : !nda.ref<i32>
// CHECK-NOT:     nda.var "y"
// CHECK:         nda.store %{{.*}}, %[[X]]
func.func @stored_ref(%v: i32) -> !nda.ref<i32> {
  %x = nda.var "x" : !nda.ref<i32>
  %y = nda.var "y" : !nda.ref<!nda.ref<i32>>
  nda.store %v, %x : !nda.ref<i32>
  nda.store %x, %y : !nda.ref<!nda.ref<i32>>
  %r = nda.load %y : !nda.ref<!nda.ref<i32>>
  return %r : !nda.ref<i32>
}

// -----

// A static-shape array read where it may be unbound is zeros.
// CHECK-LABEL: func.func @static_default(
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E]] : tensor<2x3xf32>)
// CHECK:         scf.if
// CHECK:         } else {
// CHECK:           scf.yield %[[F]]
func.func @static_default(%c: i1, %a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %x = nda.var "x" : !nda.ref<tensor<2x3xf32>>
  scf.if %c {
    nda.store %a, %x : !nda.ref<tensor<2x3xf32>>
  }
  %r = nda.load %x : !nda.ref<tensor<2x3xf32>>
  return %r : tensor<2x3xf32>
}

// -----

// Defaults nothing reads are removed with what they were built from (one
// size constant for several dimensions).
// CHECK-LABEL: func.func @unused_defaults(
// CHECK-NEXT:    return %arg0, %arg1
func.func @unused_defaults(%a: tensor<?x?xf32>, %b: tensor<4xi32>) -> (tensor<?x?xf32>, tensor<4xi32>) {
  %x = nda.var "x" : !nda.ref<tensor<?x?xf32>>
  %y = nda.var "y" : !nda.ref<tensor<4xi32>>
  nda.store %a, %x : !nda.ref<tensor<?x?xf32>>
  nda.store %b, %y : !nda.ref<tensor<4xi32>>
  %r = nda.load %x : !nda.ref<tensor<?x?xf32>>
  %s = nda.load %y : !nda.ref<tensor<4xi32>>
  return %r, %s : tensor<?x?xf32>, tensor<4xi32>
}
