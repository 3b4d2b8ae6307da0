// RUN: imex-opt %s | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | imex-opt | FileCheck %s

// CHECK-DAG: #[[$BASE3:.+]] = affine_map<(d0, d1)[s0, s1] -> (s1, s0, d1)>
// CHECK-DAG: #[[$VEC0:.+]] = affine_map<(d0, d1)[s0, s1] -> (d0)>
// CHECK-DAG: #[[$SCALAR:.+]] = affine_map<(d0, d1)[s0, s1] -> ()>
// CHECK-DAG: #[[$MASK2:.+]] = affine_map<(d0, d1)[s0, s1] -> (d0, d1)>
// CHECK-DAG: #[[$BCAST:.+]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[$ID1:.+]] = affine_map<(d0) -> (d0)>

// The spec example: two index vecs (a vector and a scalar) and a mask.
// CHECK-LABEL: func.func @gather_full
//  CHECK-SAME:   (%[[BASE:.+]]: memref<4096x512x8xf16>, %[[IDX:.+]]: vector<16xindex>, %[[J:.+]]: index, %[[MASK:.+]]: vector<16x8xi1>)
//       CHECK:   %[[C0:.+]] = arith.constant 0 : index
//       CHECK:   %[[PAD:.+]] = arith.constant 0.000000e+00 : f16
//       CHECK:   %[[V:.+]] = iree_vector_ext.transfer_gather %[[BASE]][%[[C0]], %[[C0]], %[[C0]]] [%[[IDX]], %[[J]] : vector<16xindex>, index], %[[PAD]], %[[MASK]]
//  CHECK-SAME:     {indexing_maps = [#[[$BASE3]], #[[$VEC0]], #[[$SCALAR]], #[[$MASK2]]]}
//  CHECK-SAME:     : memref<4096x512x8xf16>, vector<16x8xf16>, vector<16x8xi1>
//       CHECK:   return %[[V]]
func.func @gather_full(%base: memref<4096x512x8xf16>, %idx: vector<16xindex>,
                       %j: index, %mask: vector<16x8xi1>) -> vector<16x8xf16> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f16
  %v = iree_vector_ext.transfer_gather %base[%c0, %c0, %c0] [%idx, %j : vector<16xindex>, index], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (s1, s0, d1)>, affine_map<(d0, d1)[s0, s1] -> (d0)>,
                     affine_map<(d0, d1)[s0, s1] -> ()>, affine_map<(d0, d1)[s0, s1] -> (d0, d1)>]
  } : memref<4096x512x8xf16>, vector<16x8xf16>, vector<16x8xi1>
  return %v : vector<16x8xf16>
}

// No index vecs, no mask, a tensor base, a broadcast base dim, and a
// discardable attribute next to the inherent one.
// CHECK-LABEL: func.func @gather_tensor_no_index_vecs
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}} {indexing_maps = [#[[$BCAST]]], note = "keep"} : tensor<8x16xf32>, vector<4x16xf32>
func.func @gather_tensor_no_index_vecs(%t: tensor<8x16xf32>, %i: index) -> vector<4x16xf32> {
  %pad = arith.constant 0.0 : f32
  %v = iree_vector_ext.transfer_gather %t[%i, %i], %pad {
    indexing_maps = [affine_map<(d0, d1) -> (0, d1)>], note = "keep"
  } : tensor<8x16xf32>, vector<4x16xf32>
  return %v : vector<4x16xf32>
}

// A 2-d index vec and a 1-d mask.
// CHECK-LABEL: func.func @gather_2d_index_vec
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}}[%{{.+}}] [%{{.+}} : vector<4x8xindex>], %{{.+}}, %{{.+}} {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}]} : memref<?xi32>, vector<4x8xi32>, vector<8xi1>
func.func @gather_2d_index_vec(%m: memref<?xi32>, %idx: vector<4x8xindex>, %mask: vector<8xi1>, %i: index) -> vector<4x8xi32> {
  %pad = arith.constant 0 : i32
  %v = iree_vector_ext.transfer_gather %m[%i] [%idx : vector<4x8xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0] -> (d1)>]
  } : memref<?xi32>, vector<4x8xi32>, vector<8xi1>
  return %v : vector<4x8xi32>
}

// The generic form, with the inherent attributes given in the discardable
// dictionary instead of the property dictionary.
// CHECK-LABEL: func.func @gather_generic_attr_dict
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}}[%{{.+}}], %{{.+}} {indexing_maps = [#[[$ID1]]]} : memref<32xf32>, vector<8xf32>
func.func @gather_generic_attr_dict(%m: memref<32xf32>, %i: index, %pad: f32) -> vector<8xf32> {
  %v = "iree_vector_ext.transfer_gather"(%m, %i, %pad) {
    indexing_maps = [affine_map<(d0) -> (d0)>],
    operandSegmentSizes = array<i32: 1, 1, 0, 1, 0>
  } : (memref<32xf32>, index, f32) -> vector<8xf32>
  return %v : vector<8xf32>
}

// A 0-d result.
// CHECK-LABEL: func.func @gather_0d
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}}[%{{.+}}] [%{{.+}} : index], %{{.+}} {indexing_maps = [#{{.+}}, #{{.+}}]} : memref<32xf32>, vector<f32>
func.func @gather_0d(%m: memref<32xf32>, %i: index, %pad: f32) -> vector<f32> {
  %v = iree_vector_ext.transfer_gather %m[%i] [%i : index], %pad {
    indexing_maps = [affine_map<()[s0] -> (s0)>, affine_map<()[s0] -> ()>]
  } : memref<32xf32>, vector<f32>
  return %v : vector<f32>
}
