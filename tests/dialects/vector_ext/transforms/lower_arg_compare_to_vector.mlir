// RUN: imex-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(iree-vector-ext-lower-arg-compare-to-vector))' --mlir-print-local-scope | FileCheck %s

// 1-D input, 0-d results: extract the 0-d inits, one scf.for over the
// reduction dim, broadcast the loop results back to 0-d vectors.
// CHECK-LABEL: func.func @argmax_1d
// CHECK-SAME:    (%[[IN:.+]]: vector<16xf32>, %[[IV:.+]]: vector<f32>, %[[II:.+]]: vector<i32>)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK:         %[[V0:.+]] = vector.extract %[[IV]][] : f32 from vector<f32>
// CHECK:         %[[I0:.+]] = vector.extract %[[II]][] : i32 from vector<i32>
// CHECK:         %[[FOR:.+]]:2 = scf.for %[[K:[a-zA-Z0-9_]+]] = %[[C0]] to %[[C16]] step %[[C1]] iter_args(%[[BV:.+]] = %[[V0]], %[[BI:.+]] = %[[I0]]) -> (f32, i32) {
// CHECK:           %[[CAND:[a-zA-Z0-9_]+]] = vector.extract %[[IN]][%[[K]]] : f32 from vector<16xf32>
// CHECK:           %[[WIN:.+]] = arith.cmpf ogt, %[[CAND]], %[[BV]] : f32
// CHECK:           %[[NV:.+]] = arith.select %[[WIN]], %[[CAND]], %[[BV]] : f32
// CHECK:           %[[KI:.+]] = arith.index_cast %[[K]] : index to i32
// CHECK:           %[[NI:.+]] = arith.select %[[WIN]], %[[KI]], %[[BI]] : i32
// CHECK:           scf.yield %[[NV]], %[[NI]] : f32, i32
// CHECK:         }
// CHECK:         %[[RV:.+]] = vector.broadcast %[[FOR]]#0 : f32 to vector<f32>
// CHECK:         %[[RI:.+]] = vector.broadcast %[[FOR]]#1 : i32 to vector<i32>
// CHECK:         return %[[RV]], %[[RI]]
func.func @argmax_1d(%in: vector<16xf32>, %iv: vector<f32>, %ii: vector<i32>) -> (vector<f32>, vector<i32>) {
  %0:2 = iree_vector_ext.arg_compare dimension(0) ins(%in : vector<16xf32>)
      inits(%iv, %ii : vector<f32>, vector<i32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<f32>, vector<i32>
  return %0#0, %0#1 : vector<f32>, vector<i32>
}

// -----

// Reduction dim last: no transpose, one loop per row, results inserted.
// CHECK-LABEL: func.func @argmax_last_dim
// CHECK-SAME:    (%[[IN:.+]]: vector<3x8xi32>, %[[IV:.+]]: vector<3xi32>, %[[II:.+]]: vector<3xi64>)
// CHECK-NOT:     vector.transpose
// CHECK:         vector.extract %[[IV]][0] : i32 from vector<3xi32>
// CHECK:         vector.extract %[[II]][0] : i64 from vector<3xi64>
// CHECK:         %[[ROW0:.+]] = vector.extract %[[IN]][0] : vector<8xi32> from vector<3x8xi32>
// CHECK:         %[[F0:.+]]:2 = scf.for
// CHECK:           vector.extract %[[ROW0]][%{{.+}}] : i32 from vector<8xi32>
// CHECK:           arith.cmpi sgt
// CHECK:           arith.index_cast %{{.+}} : index to i64
// CHECK:         %[[RV0:.+]] = vector.insert %[[F0]]#0, %[[IV]] [0] : i32 into vector<3xi32>
// CHECK:         %[[RI0:.+]] = vector.insert %[[F0]]#1, %[[II]] [0] : i64 into vector<3xi64>
// CHECK:         %[[F1:.+]]:2 = scf.for
// CHECK:         %[[RV1:.+]] = vector.insert %[[F1]]#0, %[[RV0]] [1]
// CHECK:         %[[RI1:.+]] = vector.insert %[[F1]]#1, %[[RI0]] [1]
// CHECK:         %[[F2:.+]]:2 = scf.for
// CHECK:         %[[RV2:.+]] = vector.insert %[[F2]]#0, %[[RV1]] [2]
// CHECK:         %[[RI2:.+]] = vector.insert %[[F2]]#1, %[[RI1]] [2]
// CHECK-NOT:     scf.for
// CHECK:         return %[[RV2]], %[[RI2]]
func.func @argmax_last_dim(%in: vector<3x8xi32>, %iv: vector<3xi32>, %ii: vector<3xi64>) -> (vector<3xi32>, vector<3xi64>) {
  %0:2 = iree_vector_ext.arg_compare dimension(1) ins(%in : vector<3x8xi32>)
      inits(%iv, %ii : vector<3xi32>, vector<3xi64>) {
  ^bb0(%a: i32, %b: i32):
    %p = arith.cmpi sgt, %a, %b : i32
    iree_vector_ext.yield %p : i1
  } -> vector<3xi32>, vector<3xi64>
  return %0#0, %0#1 : vector<3xi32>, vector<3xi64>
}

// -----

// Reduction dim first: the input is transposed to put it last; the result
// position (i, j) is a 2-D position.
// CHECK-LABEL: func.func @argmin_first_dim_3d
// CHECK-SAME:    (%[[IN:.+]]: vector<5x2x3xf32>
// CHECK:         %[[T:.+]] = vector.transpose %[[IN]], [1, 2, 0] : vector<5x2x3xf32> to vector<2x3x5xf32>
// CHECK:         %[[C5:.+]] = arith.constant 5 : index
// CHECK:         vector.extract %[[T]][0, 0] : vector<5xf32> from vector<2x3x5xf32>
// CHECK:         scf.for %{{.+}} = %{{.+}} to %[[C5]]
// CHECK:           arith.cmpf olt
// CHECK:         vector.insert %{{.+}}, %{{.+}} [0, 0] : f32 into vector<2x3xf32>
// CHECK-COUNT-5: scf.for
// CHECK:         vector.insert %{{.+}}, %{{.+}} [1, 2] : index into vector<2x3xindex>
// CHECK-NOT:     scf.for
func.func @argmin_first_dim_3d(%in: vector<5x2x3xf32>, %iv: vector<2x3xf32>, %ii: vector<2x3xindex>)
    -> (vector<2x3xf32>, vector<2x3xindex>) {
  %0:2 = iree_vector_ext.arg_compare dimension(0) ins(%in : vector<5x2x3xf32>)
      inits(%iv, %ii : vector<2x3xf32>, vector<2x3xindex>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf olt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<2x3xf32>, vector<2x3xindex>
  return %0#0, %0#1 : vector<2x3xf32>, vector<2x3xindex>
}

// -----

// An `index` index element type needs no cast.
// CHECK-LABEL: func.func @index_result
// CHECK:         %[[FOR:.+]]:2 = scf.for %[[K:[a-zA-Z0-9_]+]] = {{.+}} -> (f32, index)
// CHECK-NOT:       arith.index_cast
// CHECK:           %[[NI:.+]] = arith.select %{{.+}}, %[[K]], %{{.+}} : index
// CHECK:           scf.yield %{{.+}}, %[[NI]] : f32, index
func.func @index_result(%in: vector<4xf32>, %iv: vector<f32>, %ii: vector<index>) -> (vector<f32>, vector<index>) {
  %0:2 = iree_vector_ext.arg_compare dimension(0) ins(%in : vector<4xf32>)
      inits(%iv, %ii : vector<f32>, vector<index>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<f32>, vector<index>
  return %0#0, %0#1 : vector<f32>, vector<index>
}

// -----

// index_base is added to the induction variable before the cast.
// CHECK-LABEL: func.func @index_base
// CHECK-SAME:    %[[BASE:[a-zA-Z0-9]+]]: index)
// CHECK:         scf.for %[[K:[a-zA-Z0-9_]+]] = 
// CHECK:           %[[POS:.+]] = arith.addi %[[BASE]], %[[K]] : index
// CHECK:           %[[POSI:.+]] = arith.index_cast %[[POS]] : index to i32
// CHECK:           arith.select %{{.+}}, %[[POSI]], %{{.+}} : i32
func.func @index_base(%in: vector<8xf16>, %iv: vector<f16>, %ii: vector<i32>, %base: index) -> (vector<f16>, vector<i32>) {
  %0:2 = iree_vector_ext.arg_compare dimension(0) ins(%in : vector<8xf16>)
      inits(%iv, %ii : vector<f16>, vector<i32>) index_base(%base : index) {
  ^bb0(%a: f16, %b: f16):
    %p = arith.cmpf ogt, %a, %b : f16
    iree_vector_ext.yield %p : i1
  } -> vector<f16>, vector<i32>
  return %0#0, %0#1 : vector<f16>, vector<i32>
}

// -----

// Explicit indices: both inputs are transposed alike, and the candidate
// index is read from the index input (no cast, no induction variable).
// CHECK-LABEL: func.func @explicit_first_dim
// CHECK-SAME:    (%[[IN:.+]]: vector<6x2xf32>, %[[IDX:.+]]: vector<6x2xi64>
// CHECK-DAG:     %[[TV:.+]] = vector.transpose %[[IN]], [1, 0] : vector<6x2xf32> to vector<2x6xf32>
// CHECK-DAG:     %[[TI:.+]] = vector.transpose %[[IDX]], [1, 0] : vector<6x2xi64> to vector<2x6xi64>
// CHECK:         %[[ROWI:.+]] = vector.extract %[[TI]][0] : vector<6xi64> from vector<2x6xi64>
// CHECK:         scf.for %[[K:[a-zA-Z0-9_]+]] =
// CHECK-NOT:       arith.index_cast
// CHECK:           %[[CI:.+]] = vector.extract %[[ROWI]][%[[K]]] : i64 from vector<6xi64>
// CHECK:           arith.select %{{.+}}, %[[CI]], %{{.+}} : i64
// CHECK-COUNT-1: scf.for
// CHECK-NOT:     scf.for
func.func @explicit_first_dim(%in: vector<6x2xf32>, %idx: vector<6x2xi64>, %iv: vector<2xf32>, %ii: vector<2xi64>)
    -> (vector<2xf32>, vector<2xi64>) {
  %0:2 = iree_vector_ext.arg_compare dimension(0) ins(%in, %idx : vector<6x2xf32>, vector<6x2xi64>)
      inits(%iv, %ii : vector<2xf32>, vector<2xi64>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<2xf32>, vector<2xi64>
  return %0#0, %0#1 : vector<2xf32>, vector<2xi64>
}

// -----

// Explicit indices on a 1-D input: the index vector is used directly.
// CHECK-LABEL: func.func @explicit_1d
// CHECK-SAME:    (%[[IN:.+]]: vector<4xi8>, %[[IDX:.+]]: vector<4xi32>
// CHECK:         scf.for %[[K:[a-zA-Z0-9_]+]] =
// CHECK:           vector.extract %[[IN]][%[[K]]] : i8 from vector<4xi8>
// CHECK:           vector.extract %[[IDX]][%[[K]]] : i32 from vector<4xi32>
func.func @explicit_1d(%in: vector<4xi8>, %idx: vector<4xi32>, %iv: vector<i8>, %ii: vector<i32>) -> (vector<i8>, vector<i32>) {
  %0:2 = iree_vector_ext.arg_compare dimension(0) ins(%in, %idx : vector<4xi8>, vector<4xi32>)
      inits(%iv, %ii : vector<i8>, vector<i32>) {
  ^bb0(%a: i8, %b: i8):
    %p = arith.cmpi ult, %a, %b : i8
    iree_vector_ext.yield %p : i1
  } -> vector<i8>, vector<i32>
  return %0#0, %0#1 : vector<i8>, vector<i32>
}

// -----

// The whole comparator is cloned into the loop, including ops that use
// values defined outside the arg_compare.
// CHECK-LABEL: func.func @comparator_body
// CHECK-SAME:    %[[EPS:[a-zA-Z0-9]+]]: f32)
// CHECK:         scf.for
// CHECK:           %[[D:.+]] = arith.subf %[[CAND:[a-zA-Z0-9_]+]], %[[BEST:[a-zA-Z0-9_]+]] : f32
// CHECK:           %[[P:.+]] = arith.cmpf ogt, %[[D]], %[[EPS]] : f32
// CHECK:           arith.select %[[P]], %[[CAND]], %[[BEST]] : f32
// CHECK-NOT:     iree_vector_ext.yield
func.func @comparator_body(%in: vector<4xf32>, %iv: vector<f32>, %ii: vector<i32>, %eps: f32) -> (vector<f32>, vector<i32>) {
  %0:2 = iree_vector_ext.arg_compare dimension(0) ins(%in : vector<4xf32>)
      inits(%iv, %ii : vector<f32>, vector<i32>) {
  ^bb0(%a: f32, %b: f32):
    %d = arith.subf %a, %b : f32
    %p = arith.cmpf ogt, %d, %eps : f32
    iree_vector_ext.yield %p : i1
  } -> vector<f32>, vector<i32>
  return %0#0, %0#1 : vector<f32>, vector<i32>
}

// -----

// Must not fire on scalable vectors.
// CHECK-LABEL: func.func @negative_scalable
// CHECK:         iree_vector_ext.arg_compare
// CHECK-NOT:     scf.for
func.func @negative_scalable(%in: vector<[16]xf32>, %iv: vector<f32>, %ii: vector<i32>) -> (vector<f32>, vector<i32>) {
  %0:2 = iree_vector_ext.arg_compare dimension(0) ins(%in : vector<[16]xf32>)
      inits(%iv, %ii : vector<f32>, vector<i32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<f32>, vector<i32>
  return %0#0, %0#1 : vector<f32>, vector<i32>
}
