// RUN: imex-opt %s --canonicalize --split-input-file | FileCheck %s

//===----------------------------------------------------------------------===//
// Folder (shared with transfer_gather).
//===----------------------------------------------------------------------===//

// An all-true mask is dropped, on a memref (no result) and on a tensor.
// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1)[s0] -> (s0, d1)>
// CHECK-DAG: #[[$V:.+]] = affine_map<(d0, d1)[s0] -> (d0)>
// CHECK-LABEL: func.func @all_true_mask_dropped
//   CHECK-NOT:   arith.constant
//       CHECK:   iree_vector_ext.transfer_scatter %{{.+}} into %{{.+}}[%{{.+}}, %{{.+}}] [%{{.+}} : vector<4xindex>] {indexing_maps = [#[[$B]], #[[$V]]]} : vector<4x8xf32>, memref<64x64xf32>
//  CHECK-NEXT:   %[[T:.+]] = iree_vector_ext.transfer_scatter %{{.+}} into %{{.+}}[%{{.+}}, %{{.+}}] [%{{.+}} : vector<4xindex>] {indexing_maps = [#[[$B]], #[[$V]]]} : vector<4x8xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
//  CHECK-NEXT:   return %[[T]]
func.func @all_true_mask_dropped(%v: vector<4x8xf32>, %m: memref<64x64xf32>, %t: tensor<64x64xf32>, %idx: vector<4xindex>, %i: index) -> tensor<64x64xf32> {
  %mask = arith.constant dense<true> : vector<4x8xi1>
  iree_vector_ext.transfer_scatter %v into %m[%i, %i] [%idx : vector<4xindex>], %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : vector<4x8xf32>, memref<64x64xf32>, vector<4x8xi1>
  %r = iree_vector_ext.transfer_scatter %v into %t[%i, %i] [%idx : vector<4xindex>], %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : vector<4x8xf32>, tensor<64x64xf32>, vector<4x8xi1> -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// A non-constant mask stays.
// CHECK-LABEL: func.func @mask_kept
//  CHECK-SAME:   %[[MASK:[a-z0-9]+]]: vector<4x8xi1>)
//       CHECK:   iree_vector_ext.transfer_scatter {{.+}}, %[[MASK]] {indexing_maps
func.func @mask_kept(%v: vector<4x8xf32>, %m: memref<64x64xf32>, %idx: vector<4xindex>, %i: index, %mask: vector<4x8xi1>) {
  iree_vector_ext.transfer_scatter %v into %m[%i, %i] [%idx : vector<4xindex>], %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : vector<4x8xf32>, memref<64x64xf32>, vector<4x8xi1>
  return
}

// -----

// Broadcast index vec, transposed mask.
// CHECK-DAG: #[[$V:.+]] = affine_map<(d0, d1)[s0] -> (d1)>
// CHECK-DAG: #[[$M:.+]] = affine_map<(d0, d1)[s0] -> (d1, d0)>
// CHECK-LABEL: func.func @broadcast_and_transpose
//  CHECK-SAME:   (%{{.+}}: vector<4x8xf32>, %{{.+}}: memref<64x64xf32>, %[[IDX:.+]]: vector<8xindex>, %{{.+}}: index, %[[MASK:.+]]: vector<8x4xi1>)
//   CHECK-NOT:   vector.broadcast
//   CHECK-NOT:   vector.transpose
//       CHECK:   iree_vector_ext.transfer_scatter %{{.+}} [%[[IDX]] : vector<8xindex>], %[[MASK]] {indexing_maps = [#{{.+}}, #[[$V]], #[[$M]]]} : vector<4x8xf32>, memref<64x64xf32>, vector<8x4xi1>
func.func @broadcast_and_transpose(%v: vector<4x8xf32>, %m: memref<64x64xf32>, %idx: vector<8xindex>, %i: index, %mask: vector<8x4xi1>) {
  %b = vector.broadcast %idx : vector<8xindex> to vector<4x8xindex>
  %tm = vector.transpose %mask, [1, 0] : vector<8x4xi1> to vector<4x8xi1>
  iree_vector_ext.transfer_scatter %v into %m[%i, %i] [%b : vector<4x8xindex>], %tm {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : vector<4x8xf32>, memref<64x64xf32>, vector<4x8xi1>
  return
}

// -----

// The step becomes contiguous; the remaining symbol is renumbered.
// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1)[s0] -> (s0, d1)>
// CHECK-DAG: #[[$V:.+]] = affine_map<(d0, d1)[s0] -> (d0)>
// CHECK-LABEL: func.func @step
//  CHECK-SAME:   (%{{.+}}: vector<4x8xf32>, %{{.+}}: memref<64x64xf32>, %[[IDX:.+]]: vector<4xindex>,
//   CHECK-NOT:   vector.step
//       CHECK:   iree_vector_ext.transfer_scatter %{{.+}} [%[[IDX]] : vector<4xindex>] {indexing_maps = [#[[$B]], #[[$V]]]}
func.func @step(%v: vector<4x8xf32>, %m: memref<64x64xf32>, %idx: vector<4xindex>, %i: index) {
  %s = vector.step : vector<8xindex>
  iree_vector_ext.transfer_scatter %v into %m[%i, %i] [%s, %idx : vector<8xindex>, vector<4xindex>] {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (s1, s0)>, affine_map<(d0, d1)[s0, s1] -> (d1)>,
                     affine_map<(d0, d1)[s0, s1] -> (d0)>]
  } : vector<4x8xf32>, memref<64x64xf32>
  return
}

//===----------------------------------------------------------------------===//
// Offset-absorbing patterns.
//===----------------------------------------------------------------------===//

// -----

// A scalar index and an addi-with-broadcast both move into the offsets.
// CHECK-DAG: #[[$ADD:.+]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1)[s0] -> (0, s0)>
// CHECK-DAG: #[[$V:.+]] = affine_map<(d0, d1)[s0] -> (d1)>
// CHECK-LABEL: func.func @absorb_offsets
//  CHECK-SAME:   (%{{.+}}: vector<4x8xf32>, %{{.+}}: tensor<64x64xf32>, %[[J:.+]]: index, %[[X:.+]]: vector<8xindex>, %[[S:.+]]: index, %[[I:.+]]: index)
//   CHECK-DAG:   %[[O0:.+]] = affine.apply #[[$ADD]]()[%[[I]], %[[J]]]
//   CHECK-DAG:   %[[O1:.+]] = affine.apply #[[$ADD]]()[%[[I]], %[[S]]]
//       CHECK:   iree_vector_ext.transfer_scatter %{{.+}} into %{{.+}}[%[[O0]], %[[O1]]] [%[[X]] : vector<8xindex>] {indexing_maps = [#[[$B]], #[[$V]]]} : vector<4x8xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
func.func @absorb_offsets(%v: vector<4x8xf32>, %t: tensor<64x64xf32>, %j: index, %x: vector<8xindex>, %s: index, %i: index) -> tensor<64x64xf32> {
  %b = vector.broadcast %s : index to vector<8xindex>
  %sum = arith.addi %b, %x : vector<8xindex>
  %r = iree_vector_ext.transfer_scatter %v into %t[%i, %i] [%j, %sum : index, vector<8xindex>] {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (s0, s1)>, affine_map<(d0, d1)[s0, s1] -> ()>,
                     affine_map<(d0, d1)[s0, s1] -> (d1)>]
  } : vector<4x8xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// A symbol used by no base dim has no offset to absorb into.
// CHECK-LABEL: func.func @absorb_not_applicable
//   CHECK-NOT:   affine.apply
//       CHECK:   iree_vector_ext.transfer_scatter %{{.+}} [%{{.+}}, %{{.+}} : index, vector<8xindex>]
func.func @absorb_not_applicable(%v: vector<4x8xf32>, %m: memref<64x64xf32>, %j: index, %x: vector<8xindex>, %i: index) {
  iree_vector_ext.transfer_scatter %v into %m[%i, %i] [%j, %x : index, vector<8xindex>] {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (0, s1)>, affine_map<(d0, d1)[s0, s1] -> ()>,
                     affine_map<(d0, d1)[s0, s1] -> (d1)>]
  } : vector<4x8xf32>, memref<64x64xf32>
  return
}

//===----------------------------------------------------------------------===//
// All-false mask.
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @all_false_mask
//  CHECK-SAME:   %[[T:[a-z0-9]+]]: tensor<64x64xf32>
//   CHECK-NOT:   iree_vector_ext.transfer_scatter
//       CHECK:   return %[[T]]
func.func @all_false_mask(%v: vector<4x8xf32>, %m: memref<64x64xf32>, %t: tensor<64x64xf32>, %idx: vector<4xindex>, %i: index) -> tensor<64x64xf32> {
  %mask = arith.constant dense<false> : vector<4x8xi1>
  iree_vector_ext.transfer_scatter %v into %m[%i, %i] [%idx : vector<4xindex>], %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : vector<4x8xf32>, memref<64x64xf32>, vector<4x8xi1>
  %r = iree_vector_ext.transfer_scatter %v into %t[%i, %i] [%idx : vector<4xindex>], %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : vector<4x8xf32>, tensor<64x64xf32>, vector<4x8xi1> -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

//===----------------------------------------------------------------------===//
// No index vecs -> vector.transfer_write.
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @to_transfer_write
//  CHECK-SAME:   (%[[V:.+]]: vector<4x8xf32>, %[[M:.+]]: memref<64x64xf32>, %[[T:.+]]: tensor<64x64xf32>, %[[I:.+]]: index)
//       CHECK:   vector.transfer_write %[[V]], %[[M]][%[[I]], %[[I]]] {in_bounds = [true, true]} : vector<4x8xf32>, memref<64x64xf32>
//       CHECK:   %[[R:.+]] = vector.transfer_write %[[V]], %[[T]][%[[I]], %[[I]]] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<64x64xf32>
//       CHECK:   return %[[R]]
func.func @to_transfer_write(%v: vector<4x8xf32>, %m: memref<64x64xf32>, %t: tensor<64x64xf32>, %i: index) -> tensor<64x64xf32> {
  iree_vector_ext.transfer_scatter %v into %m[%i, %i] {
    indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>]
  } : vector<4x8xf32>, memref<64x64xf32>
  %r = iree_vector_ext.transfer_scatter %v into %t[%i, %i] {
    indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>]
  } : vector<4x8xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// A transposed base map with a 1-d mask: broadcast, then transpose into
// base-dim order.
// CHECK-DAG: #[[$P:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @to_transfer_write_mask
//  CHECK-SAME:   (%[[V:.+]]: vector<4x8xf32>, %[[M:.+]]: memref<64x64xf32>, %[[I:.+]]: index, %[[MASK:.+]]: vector<4xi1>)
//       CHECK:   %[[B:.+]] = vector.broadcast %[[MASK]] : vector<4xi1> to vector<8x4xi1>
//       CHECK:   vector.transfer_write %[[V]], %[[M]][%[[I]], %[[I]]], %[[B]] {in_bounds = [true, true], permutation_map = #[[$P]]} : vector<4x8xf32>, memref<64x64xf32>
func.func @to_transfer_write_mask(%v: vector<4x8xf32>, %m: memref<64x64xf32>, %i: index, %mask: vector<4xi1>) {
  iree_vector_ext.transfer_scatter %v into %m[%i, %i], %mask {
    indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>]
  } : vector<4x8xf32>, memref<64x64xf32>, vector<4xi1>
  return
}

// -----

// A vector dim that walks no base dim cannot be written by transfer_write.
// CHECK-LABEL: func.func @not_to_transfer_write
//   CHECK-NOT:   vector.transfer_write
//       CHECK:   iree_vector_ext.transfer_scatter
func.func @not_to_transfer_write(%v: vector<4x8xf32>, %m: memref<64x64xf32>, %i: index) {
  iree_vector_ext.transfer_scatter %v into %m[%i, %i] {
    indexing_maps = [affine_map<(d0, d1) -> (0, d1)>]
  } : vector<4x8xf32>, memref<64x64xf32>
  return
}
