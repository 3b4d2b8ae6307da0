// RUN: imex-opt %s | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | imex-opt | FileCheck %s

// CHECK-DAG: #[[$BASE:.+]] = affine_map<(d0, d1)[s0] -> (s0, d1)>
// CHECK-DAG: #[[$VEC:.+]] = affine_map<(d0, d1)[s0] -> (d0)>
// CHECK-DAG: #[[$MASK:.+]] = affine_map<(d0, d1)[s0] -> (d0, d1)>
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>

// The spec example on a tensor: the updated tensor is the result.
// CHECK-LABEL: func.func @scatter_tensor
//  CHECK-SAME:   (%[[VEC:.+]]: vector<16x8xf16>, %[[DEST:.+]]: tensor<4096x8xf16>, %[[IDX:.+]]: vector<16xindex>, %[[MASK:.+]]: vector<16x8xi1>)
//       CHECK:   %[[C0:.+]] = arith.constant 0 : index
//       CHECK:   %[[T:.+]] = iree_vector_ext.transfer_scatter %[[VEC]] into %[[DEST]][%[[C0]], %[[C0]]] [%[[IDX]] : vector<16xindex>], %[[MASK]]
//  CHECK-SAME:     {indexing_maps = [#[[$BASE]], #[[$VEC]], #[[$MASK]]]}
//  CHECK-SAME:     : vector<16x8xf16>, tensor<4096x8xf16>, vector<16x8xi1> -> tensor<4096x8xf16>
//       CHECK:   return %[[T]]
func.func @scatter_tensor(%vec: vector<16x8xf16>, %dest: tensor<4096x8xf16>,
                          %idx: vector<16xindex>, %mask: vector<16x8xi1>) -> tensor<4096x8xf16> {
  %c0 = arith.constant 0 : index
  %t = iree_vector_ext.transfer_scatter %vec into %dest[%c0, %c0] [%idx : vector<16xindex>], %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : vector<16x8xf16>, tensor<4096x8xf16>, vector<16x8xi1> -> tensor<4096x8xf16>
  return %t : tensor<4096x8xf16>
}

// The spec example on a memref: written in place, no result; a discardable
// attribute sits next to the inherent one.
// CHECK-LABEL: func.func @scatter_memref
//       CHECK:   iree_vector_ext.transfer_scatter %{{.+}} into %{{.+}}[%{{.+}}, %{{.+}}] {indexing_maps = [#[[$ID]]], note = 1 : i32} : vector<16x8xf16>, memref<64x8xf16>
//   CHECK-NOT:   ->
//       CHECK:   return
func.func @scatter_memref(%vec: vector<16x8xf16>, %m: memref<64x8xf16>) {
  %c0 = arith.constant 0 : index
  iree_vector_ext.transfer_scatter %vec into %m[%c0, %c0] {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], note = 1 : i32} : vector<16x8xf16>, memref<64x8xf16>
  return
}

// The generic form with the inherent attributes in the discardable dictionary.
// CHECK-LABEL: func.func @scatter_generic_attr_dict
//       CHECK:   %{{.+}} = iree_vector_ext.transfer_scatter %{{.+}} into %{{.+}}[%{{.+}}] [%{{.+}} : index] {indexing_maps = [#{{.+}}, #{{.+}}]} : vector<f32>, tensor<8xf32> -> tensor<8xf32>
func.func @scatter_generic_attr_dict(%v: vector<f32>, %t: tensor<8xf32>, %i: index) -> tensor<8xf32> {
  %r = "iree_vector_ext.transfer_scatter"(%t, %v, %i, %i) {
    indexing_maps = [affine_map<()[s0] -> (s0)>, affine_map<()[s0] -> ()>],
    operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>
  } : (tensor<8xf32>, vector<f32>, index, index) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
