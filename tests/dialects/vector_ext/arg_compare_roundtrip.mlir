// RUN: imex-opt %s | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | imex-opt | FileCheck %s

// Implicit indices with an index_base and a discardable attribute, which is
// printed first.
// CHECK-LABEL: func.func @implicit_with_base
//  CHECK-SAME:   (%[[VALS:.+]]: vector<4x32xf32>, %[[V0:.+]]: vector<4xf32>, %[[I0:.+]]: vector<4xi32>, %[[B:.+]]: index)
//       CHECK:   %[[RV:.+]], %[[RI:.+]] = iree_vector_ext.arg_compare {tag} dimension(1)
//  CHECK-SAME:     ins(%[[VALS]] : vector<4x32xf32>)
//  CHECK-SAME:     inits(%[[V0]], %[[I0]] : vector<4xf32>, vector<4xi32>)
//  CHECK-SAME:     index_base(%[[B]] : index) {
//  CHECK-NEXT:   ^bb0(%[[A:.+]]: f32, %[[C:.+]]: f32):
//  CHECK-NEXT:     %[[P:.+]] = arith.cmpf ogt, %[[A]], %[[C]] : f32
//  CHECK-NEXT:     iree_vector_ext.yield %[[P]] : i1
//  CHECK-NEXT:   } -> vector<4xf32>, vector<4xi32>
//       CHECK:   return %[[RV]], %[[RI]]
func.func @implicit_with_base(%vals: vector<4x32xf32>, %v0: vector<4xf32>, %i0: vector<4xi32>, %b: index)
    -> (vector<4xf32>, vector<4xi32>) {
  %v, %i = iree_vector_ext.arg_compare {tag} dimension(1)
      ins(%vals : vector<4x32xf32>)
      inits(%v0, %i0 : vector<4xf32>, vector<4xi32>)
      index_base(%b : index) {
    ^bb0(%a: f32, %c: f32):
      %p = arith.cmpf ogt, %a, %c : f32
      iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return %v, %i : vector<4xf32>, vector<4xi32>
}

// Explicit indices, reduction along dim 0, index element type.
// CHECK-LABEL: func.func @explicit
//       CHECK:   iree_vector_ext.arg_compare dimension(0)
//  CHECK-SAME:     ins(%{{.+}}, %{{.+}} : vector<8x2xi16>, vector<8x2xindex>)
//  CHECK-SAME:     inits(%{{.+}}, %{{.+}} : vector<2xi16>, vector<2xindex>) {
//   CHECK-NOT:     index_base
//       CHECK:     arith.cmpi slt
//       CHECK:   } -> vector<2xi16>, vector<2xindex>
func.func @explicit(%vals: vector<8x2xi16>, %idx: vector<8x2xindex>, %v0: vector<2xi16>, %i0: vector<2xindex>)
    -> (vector<2xi16>, vector<2xindex>) {
  %v:2 = iree_vector_ext.arg_compare dimension(0)
      ins(%vals, %idx : vector<8x2xi16>, vector<8x2xindex>)
      inits(%v0, %i0 : vector<2xi16>, vector<2xindex>) {
    ^bb0(%a: i16, %c: i16):
      %p = arith.cmpi slt, %a, %c : i16
      iree_vector_ext.yield %p : i1
  } -> vector<2xi16>, vector<2xindex>
  return %v#0, %v#1 : vector<2xi16>, vector<2xindex>
}

// A 1-d input reduces to 0-d inits; `dimension` may also be given in the
// attribute dictionary of the generic form.
// CHECK-LABEL: func.func @rank1_generic
//       CHECK:   iree_vector_ext.arg_compare dimension(0) ins(%{{.+}} : vector<16xf16>) inits(%{{.+}}, %{{.+}} : vector<f16>, vector<i64>) {
//       CHECK:   } -> vector<f16>, vector<i64>
func.func @rank1_generic(%vals: vector<16xf16>, %v0: vector<f16>, %i0: vector<i64>) -> vector<i64> {
  %r:2 = "iree_vector_ext.arg_compare"(%vals, %v0, %i0) ({
    ^bb0(%a: f16, %c: f16):
      %p = arith.cmpf olt, %a, %c : f16
      "iree_vector_ext.yield"(%p) : (i1) -> ()
  }) {dimension = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 1, 1, 0>}
     : (vector<16xf16>, vector<f16>, vector<i64>) -> (vector<f16>, vector<i64>)
  return %r#1 : vector<i64>
}
