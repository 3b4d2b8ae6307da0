// RUN: imex-opt %s --canonicalize --split-input-file | FileCheck %s

// Every case keeps one index vec from a function argument unless the point is
// to remove them all, so that the op stays a gather and each fold can be
// checked on its own.

//===----------------------------------------------------------------------===//
// Folder: all-true splat mask.
//===----------------------------------------------------------------------===//

// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1)[s0] -> (s0, d1)>
// CHECK-DAG: #[[$V:.+]] = affine_map<(d0, d1)[s0] -> (d0)>
// CHECK-LABEL: func.func @all_true_mask_dropped
//       CHECK:   %[[V:.+]] = iree_vector_ext.transfer_gather %{{.+}}[%{{.+}}, %{{.+}}] [%{{.+}} : vector<4xindex>], %{{[a-z0-9]+}} {indexing_maps = [#[[$B]], #[[$V]]]} : memref<64x64xf32>, vector<4x8xf32>
//   CHECK-NOT:   arith.constant
//       CHECK:   return %[[V]]
func.func @all_true_mask_dropped(%m: memref<64x64xf32>, %idx: vector<4xindex>, %i: index, %pad: f32) -> vector<4x8xf32> {
  %mask = arith.constant dense<true> : vector<4x8xi1>
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%idx : vector<4xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : memref<64x64xf32>, vector<4x8xf32>, vector<4x8xi1>
  return %v : vector<4x8xf32>
}

// -----

// A constant mask that is not a splat stays.
// CHECK-LABEL: func.func @mixed_constant_mask_kept
//       CHECK:   %[[MASK:.+]] = arith.constant dense<[true, false, true, false]> : vector<4xi1>
//       CHECK:   iree_vector_ext.transfer_gather {{.+}}, %[[MASK]] {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}]} : memref<64x64xf32>, vector<4x8xf32>, vector<4xi1>
func.func @mixed_constant_mask_kept(%m: memref<64x64xf32>, %idx: vector<4xindex>, %i: index, %pad: f32) -> vector<4x8xf32> {
  %mask = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%idx : vector<4xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0)>]
  } : memref<64x64xf32>, vector<4x8xf32>, vector<4xi1>
  return %v : vector<4x8xf32>
}

//===----------------------------------------------------------------------===//
// Folder: vector.broadcast producers.
//===----------------------------------------------------------------------===//

// -----

// The index vec is the broadcast source; its map keeps the trailing result.
// The mask broadcast folds the same way.
// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1)[s0] -> (0, s0)>
// CHECK-DAG: #[[$V:.+]] = affine_map<(d0, d1)[s0] -> (d1)>
// CHECK-LABEL: func.func @broadcast_index_vec_and_mask
//  CHECK-SAME:   (%{{.+}}: memref<64x64xf32>, %[[IDX:.+]]: vector<8xindex>, %{{.+}}: index, %{{.+}}: f32, %[[MASK:.+]]: vector<8xi1>)
//   CHECK-NOT:   vector.broadcast
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}} [%[[IDX]] : vector<8xindex>], %{{.+}}, %[[MASK]] {indexing_maps = [#[[$B]], #[[$V]], #[[$V]]]} : memref<64x64xf32>, vector<4x8xf32>, vector<8xi1>
func.func @broadcast_index_vec_and_mask(%m: memref<64x64xf32>, %idx: vector<8xindex>, %i: index, %pad: f32, %mask: vector<8xi1>) -> vector<4x8xf32> {
  %b = vector.broadcast %idx : vector<8xindex> to vector<4x8xindex>
  %bm = vector.broadcast %mask : vector<8xi1> to vector<4x8xi1>
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%b : vector<4x8xindex>], %pad, %bm {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (0, s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : memref<64x64xf32>, vector<4x8xf32>, vector<4x8xi1>
  return %v : vector<4x8xf32>
}

// -----

// Stretching a unit dim changes the shape: no fold. A scalar i1 cannot become
// the mask either.
// CHECK-LABEL: func.func @broadcast_not_folded
//       CHECK:   %[[B:.+]] = vector.broadcast %{{.+}} : vector<1x8xindex> to vector<4x8xindex>
//       CHECK:   %[[BM:.+]] = vector.broadcast %{{.+}} : i1 to vector<4x8xi1>
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}} [%[[B]] : vector<4x8xindex>], %{{.+}}, %[[BM]]
func.func @broadcast_not_folded(%m: memref<64x64xf32>, %idx: vector<1x8xindex>, %i: index, %pad: f32, %c: i1) -> vector<4x8xf32> {
  %b = vector.broadcast %idx : vector<1x8xindex> to vector<4x8xindex>
  %bm = vector.broadcast %c : i1 to vector<4x8xi1>
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%b : vector<4x8xindex>], %pad, %bm {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (0, s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : memref<64x64xf32>, vector<4x8xf32>, vector<4x8xi1>
  return %v : vector<4x8xf32>
}

//===----------------------------------------------------------------------===//
// Folder: vector.transpose producers.
//===----------------------------------------------------------------------===//

// -----

// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1)[s0] -> (s0, 0)>
// CHECK-DAG: #[[$T:.+]] = affine_map<(d0, d1)[s0] -> (d1, d0)>
// CHECK-LABEL: func.func @transpose_index_vec_and_mask
//  CHECK-SAME:   (%{{.+}}: memref<64x64xf32>, %[[IDX:.+]]: vector<8x4xindex>, %{{.+}}: index, %{{.+}}: f32, %[[MASK:.+]]: vector<8x4xi1>)
//   CHECK-NOT:   vector.transpose
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}} [%[[IDX]] : vector<8x4xindex>], %{{.+}}, %[[MASK]] {indexing_maps = [#[[$B]], #[[$T]], #[[$T]]]} : memref<64x64xf32>, vector<4x8xf32>, vector<8x4xi1>
func.func @transpose_index_vec_and_mask(%m: memref<64x64xf32>, %idx: vector<8x4xindex>, %i: index, %pad: f32, %mask: vector<8x4xi1>) -> vector<4x8xf32> {
  %t = vector.transpose %idx, [1, 0] : vector<8x4xindex> to vector<4x8xindex>
  %tm = vector.transpose %mask, [1, 0] : vector<8x4xi1> to vector<4x8xi1>
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%t : vector<4x8xindex>], %pad, %tm {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, 0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : memref<64x64xf32>, vector<4x8xf32>, vector<4x8xi1>
  return %v : vector<4x8xf32>
}

// -----

// A 3-d rotation: input dim perm[i] takes the old result i.
// CHECK-DAG: #[[$R:.+]] = affine_map<(d0, d1, d2)[s0] -> (d1, d2, d0)>
// CHECK-LABEL: func.func @transpose_rotation
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}} [%{{.+}} : vector<4x8x2xindex>], %{{.+}} {indexing_maps = [#{{.+}}, #[[$R]]]} : memref<64x64xf32>, vector<2x4x8xf32>
func.func @transpose_rotation(%m: memref<64x64xf32>, %idx: vector<4x8x2xindex>, %i: index, %pad: f32) -> vector<2x4x8xf32> {
  %t = vector.transpose %idx, [2, 0, 1] : vector<4x8x2xindex> to vector<2x4x8xindex>
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%t : vector<2x4x8xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1, d2)[s0] -> (s0, 0)>, affine_map<(d0, d1, d2)[s0] -> (d0, d1, d2)>]
  } : memref<64x64xf32>, vector<2x4x8xf32>
  return %v : vector<2x4x8xf32>
}

//===----------------------------------------------------------------------===//
// Folder: vector.step producers, with symbol renumbering.
//===----------------------------------------------------------------------===//

// -----

// s0 (the step) becomes the contiguous d0; s1 is renumbered to s0.
// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1)[s0] -> (d0, s0)>
// CHECK-DAG: #[[$V:.+]] = affine_map<(d0, d1)[s0] -> (d1)>
// CHECK-LABEL: func.func @step_index_vec
//  CHECK-SAME:   (%{{.+}}: memref<64x64xf32>, %[[IDX:.+]]: vector<8xindex>,
//   CHECK-NOT:   vector.step
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}} [%[[IDX]] : vector<8xindex>], %{{.+}} {indexing_maps = [#[[$B]], #[[$V]]]} : memref<64x64xf32>, vector<4x8xf32>
func.func @step_index_vec(%m: memref<64x64xf32>, %idx: vector<8xindex>, %i: index, %pad: f32) -> vector<4x8xf32> {
  %s = vector.step : vector<4xindex>
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%s, %idx : vector<4xindex>, vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (s0, s1)>, affine_map<(d0, d1)[s0, s1] -> (d0)>,
                     affine_map<(d0, d1)[s0, s1] -> (d1)>]
  } : memref<64x64xf32>, vector<4x8xf32>
  return %v : vector<4x8xf32>
}

// -----

// Other producers are left alone.
// CHECK-LABEL: func.func @constant_index_vec_kept
//       CHECK:   %[[C:.+]] = arith.constant dense<[3, 1, 2, 0]> : vector<4xindex>
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}} [%[[C]] : vector<4xindex>]
func.func @constant_index_vec_kept(%m: memref<64x64xf32>, %i: index, %pad: f32) -> vector<4x8xf32> {
  %c = arith.constant dense<[3, 1, 2, 0]> : vector<4xindex>
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%c : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]
  } : memref<64x64xf32>, vector<4x8xf32>
  return %v : vector<4x8xf32>
}

//===----------------------------------------------------------------------===//
// Pattern: single-element index vec.
//===----------------------------------------------------------------------===//

// -----

// A scalar index moves into the offset; its symbol becomes 0 and s1 becomes
// s0.
// CHECK-DAG: #[[$ADD:.+]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1)[s0] -> (0, s0)>
// CHECK-DAG: #[[$V:.+]] = affine_map<(d0, d1)[s0] -> (d1)>
// CHECK-LABEL: func.func @scalar_index_vec
//  CHECK-SAME:   (%{{.+}}: memref<64x64xf32>, %[[J:.+]]: index, %[[IDX:.+]]: vector<8xindex>, %[[I:.+]]: index, %{{.+}}: f32)
//       CHECK:   %[[OFF:.+]] = affine.apply #[[$ADD]]()[%[[I]], %[[J]]]
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}}[%[[OFF]], %[[I]]] [%[[IDX]] : vector<8xindex>], %{{.+}} {indexing_maps = [#[[$B]], #[[$V]]]}
func.func @scalar_index_vec(%m: memref<64x64xf32>, %j: index, %idx: vector<8xindex>, %i: index, %pad: f32) -> vector<4x8xf32> {
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%j, %idx : index, vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (s0, s1)>, affine_map<(d0, d1)[s0, s1] -> ()>,
                     affine_map<(d0, d1)[s0, s1] -> (d1)>]
  } : memref<64x64xf32>, vector<4x8xf32>
  return %v : vector<4x8xf32>
}

// -----

// A one-element vector is extracted first. With a constant zero offset the
// composed affine.apply folds away.
// CHECK-LABEL: func.func @one_element_index_vec
//  CHECK-SAME:   (%{{.+}}: memref<64x64xf32>, %[[ONE:.+]]: vector<1x1xindex>, %[[IDX:.+]]: vector<8xindex>,
//       CHECK:   %[[E:.+]] = vector.extract %[[ONE]][0, 0] : index from vector<1x1xindex>
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}}[%[[E]], %{{.+}}] [%[[IDX]] : vector<8xindex>]
func.func @one_element_index_vec(%m: memref<64x64xf32>, %one: vector<1x1xindex>, %idx: vector<8xindex>, %i: index, %pad: f32) -> vector<1x8xf32> {
  %c0 = arith.constant 0 : index
  %v = iree_vector_ext.transfer_gather %m[%c0, %i] [%one, %idx : vector<1x1xindex>, vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (s0, s1)>, affine_map<(d0, d1)[s0, s1] -> (d0, d0)>,
                     affine_map<(d0, d1)[s0, s1] -> (d1)>]
  } : memref<64x64xf32>, vector<1x8xf32>
  return %v : vector<1x8xf32>
}

// -----

// A symbol that no base dim uses has no offset to go to; more than one
// element cannot be folded at all.
// CHECK-LABEL: func.func @single_element_not_folded
//  CHECK-SAME:   (%{{.+}}: memref<64x64xf32>, %[[J:.+]]: index, %[[IDX:.+]]: vector<8xindex>,
//   CHECK-NOT:   affine.apply
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}} [%[[J]], %[[IDX]] : index, vector<8xindex>]
func.func @single_element_not_folded(%m: memref<64x64xf32>, %j: index, %idx: vector<8xindex>, %i: index, %pad: f32) -> vector<4x8xf32> {
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%j, %idx : index, vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (0, s1)>, affine_map<(d0, d1)[s0, s1] -> ()>,
                     affine_map<(d0, d1)[s0, s1] -> (d1)>]
  } : memref<64x64xf32>, vector<4x8xf32>
  return %v : vector<4x8xf32>
}

//===----------------------------------------------------------------------===//
// Pattern: arith.addi with a broadcast scalar.
//===----------------------------------------------------------------------===//

// -----

// CHECK-DAG: #[[$ADD:.+]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-LABEL: func.func @addi_broadcast_rhs
//  CHECK-SAME:   (%{{.+}}: memref<64x64xf32>, %[[X:.+]]: vector<4xindex>, %[[S:.+]]: index, %[[I:.+]]: index,
//       CHECK:   %[[OFF:.+]] = affine.apply #[[$ADD]]()[%[[I]], %[[S]]]
//   CHECK-NOT:   arith.addi
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}}[%[[OFF]], %[[I]]] [%[[X]] : vector<4xindex>]
func.func @addi_broadcast_rhs(%m: memref<64x64xf32>, %x: vector<4xindex>, %s: index, %i: index, %pad: f32) -> vector<4x8xf32> {
  %b = vector.broadcast %s : index to vector<4xindex>
  %sum = arith.addi %x, %b : vector<4xindex>
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%sum : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]
  } : memref<64x64xf32>, vector<4x8xf32>
  return %v : vector<4x8xf32>
}

// -----

// CHECK-DAG: #[[$ADD:.+]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-LABEL: func.func @addi_broadcast_lhs
//  CHECK-SAME:   (%{{.+}}: memref<64x64xf32>, %[[X:.+]]: vector<4xindex>, %[[S:.+]]: index, %[[I:.+]]: index,
//       CHECK:   %[[OFF:.+]] = affine.apply #[[$ADD]]()[%[[I]], %[[S]]]
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}}[%[[I]], %[[OFF]]] [%[[X]] : vector<4xindex>]
func.func @addi_broadcast_lhs(%m: memref<64x64xf32>, %x: vector<4xindex>, %s: index, %i: index, %pad: f32) -> vector<8x4xf32> {
  %b = vector.broadcast %s : index to vector<4xindex>
  %sum = arith.addi %b, %x : vector<4xindex>
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%sum : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d1)>]
  } : memref<64x64xf32>, vector<8x4xf32>
  return %v : vector<8x4xf32>
}

// -----

// Only a broadcast *scalar* can move into the offset.
// CHECK-LABEL: func.func @addi_not_folded
//       CHECK:   %[[SUM:.+]] = arith.addi
//       CHECK:   iree_vector_ext.transfer_gather %{{.+}} [%[[SUM]] : vector<4xindex>]
func.func @addi_not_folded(%m: memref<64x64xf32>, %x: vector<4xindex>, %y: vector<4xindex>, %i: index, %pad: f32) -> vector<4x8xf32> {
  %sum = arith.addi %x, %y : vector<4xindex>
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%sum : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]
  } : memref<64x64xf32>, vector<4x8xf32>
  return %v : vector<4x8xf32>
}

//===----------------------------------------------------------------------===//
// Pattern: all-false mask.
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @all_false_mask
//  CHECK-SAME:   %[[PAD:[a-z0-9]+]]: f32)
//       CHECK:   %[[B:.+]] = vector.broadcast %[[PAD]] : f32 to vector<4x8xf32>
//       CHECK:   return %[[B]]
func.func @all_false_mask(%m: memref<64x64xf32>, %idx: vector<4xindex>, %i: index, %pad: f32) -> vector<4x8xf32> {
  %mask = arith.constant dense<false> : vector<4xi1>
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%idx : vector<4xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0)>]
  } : memref<64x64xf32>, vector<4x8xf32>, vector<4xi1>
  return %v : vector<4x8xf32>
}

//===----------------------------------------------------------------------===//
// Pattern: no index vecs -> vector.transfer_read.
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @to_transfer_read
//  CHECK-SAME:   (%[[T:.+]]: tensor<64x64xf32>, %[[I:.+]]: index, %[[PAD:.+]]: f32)
//       CHECK:   %[[R:.+]] = vector.transfer_read %[[T]][%[[I]], %[[I]]], %[[PAD]] {in_bounds = [true, true]} : tensor<64x64xf32>, vector<4x8xf32>
//       CHECK:   return %[[R]]
func.func @to_transfer_read(%t: tensor<64x64xf32>, %i: index, %pad: f32) -> vector<4x8xf32> {
  %v = iree_vector_ext.transfer_gather %t[%i, %i], %pad {
    indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>]
  } : tensor<64x64xf32>, vector<4x8xf32>
  return %v : vector<4x8xf32>
}

// -----

// A transposed base map: the mask is transposed into base-dim order.
// CHECK-DAG: #[[$P:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @to_transfer_read_transposed_mask
//  CHECK-SAME:   (%[[M:.+]]: memref<64x64xf32>, %[[I:.+]]: index, %[[PAD:.+]]: f32, %[[MASK:.+]]: vector<4x8xi1>)
//       CHECK:   %[[TM:.+]] = vector.transpose %[[MASK]], [1, 0] : vector<4x8xi1> to vector<8x4xi1>
//       CHECK:   vector.transfer_read %[[M]][%[[I]], %[[I]]], %[[PAD]], %[[TM]] {in_bounds = [true, true], permutation_map = #[[$P]]} : memref<64x64xf32>, vector<4x8xf32>
func.func @to_transfer_read_transposed_mask(%m: memref<64x64xf32>, %i: index, %pad: f32, %mask: vector<4x8xi1>) -> vector<4x8xf32> {
  %v = iree_vector_ext.transfer_gather %m[%i, %i], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>]
  } : memref<64x64xf32>, vector<4x8xf32>, vector<4x8xi1>
  return %v : vector<4x8xf32>
}

// -----

// A mask over fewer dims is broadcast to the transfer mask.
// CHECK-LABEL: func.func @to_transfer_read_broadcast_mask
//  CHECK-SAME:   %[[MASK:[a-z0-9]+]]: vector<8xi1>)
//       CHECK:   %[[BM:.+]] = vector.broadcast %[[MASK]] : vector<8xi1> to vector<4x8xi1>
//       CHECK:   vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}}, %[[BM]] {in_bounds = [true, true]} : memref<64x64xf32>, vector<4x8xf32>
func.func @to_transfer_read_broadcast_mask(%m: memref<64x64xf32>, %i: index, %pad: f32, %mask: vector<8xi1>) -> vector<4x8xf32> {
  %v = iree_vector_ext.transfer_gather %m[%i, %i], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>]
  } : memref<64x64xf32>, vector<4x8xf32>, vector<8xi1>
  return %v : vector<4x8xf32>
}

// -----

// A broadcast vector dim (d0 walks no base dim) of unit size: the mask drops
// it with a shape_cast, and the permutation map broadcasts it.
// CHECK-DAG: #[[$P:.+]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @to_transfer_read_unit_broadcast_dim
//  CHECK-SAME:   %[[MASK:[a-z0-9]+]]: vector<1x8xi1>)
//       CHECK:   %[[SC:.+]] = vector.shape_cast %[[MASK]] : vector<1x8xi1> to vector<8xi1>
//       CHECK:   vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}}, %[[SC]] {in_bounds = [true, true], permutation_map = #[[$P]]} : memref<64x64xf32>, vector<1x8xf32>
func.func @to_transfer_read_unit_broadcast_dim(%m: memref<64x64xf32>, %i: index, %pad: f32, %mask: vector<1x8xi1>) -> vector<1x8xf32> {
  %v = iree_vector_ext.transfer_gather %m[%i, %i], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
  } : memref<64x64xf32>, vector<1x8xf32>, vector<1x8xi1>
  return %v : vector<1x8xf32>
}

// -----

// Not expressible as a transfer_read: a mask varying along a broadcast dim,
// a vector dim walking two base dims, and index vecs.
// CHECK-LABEL: func.func @not_to_transfer_read
//   CHECK-NOT:   vector.transfer_read
//       CHECK:   iree_vector_ext.transfer_gather
//       CHECK:   iree_vector_ext.transfer_gather
//       CHECK:   iree_vector_ext.transfer_gather
//   CHECK-NOT:   vector.transfer_read
func.func @not_to_transfer_read(%m: memref<64x64xf32>, %i: index, %pad: f32, %mask: vector<4x8xi1>, %idx: vector<4xindex>)
    -> (vector<4x8xf32>, vector<4xf32>, vector<4x8xf32>) {
  %a = iree_vector_ext.transfer_gather %m[%i, %i], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
  } : memref<64x64xf32>, vector<4x8xf32>, vector<4x8xi1>
  %b = iree_vector_ext.transfer_gather %m[%i, %i], %pad {
    indexing_maps = [affine_map<(d0) -> (d0, d0)>]
  } : memref<64x64xf32>, vector<4xf32>
  %c = iree_vector_ext.transfer_gather %m[%i, %i] [%idx : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]
  } : memref<64x64xf32>, vector<4x8xf32>
  return %a, %b, %c : vector<4x8xf32>, vector<4xf32>, vector<4x8xf32>
}

// -----

// The folds and patterns chain: step -> contiguous, scalar -> offset, then
// the gather is a transfer_read.
// The permutation map is the minor identity, which the printer elides.
// CHECK-DAG: #[[$ADD:.+]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-LABEL: func.func @chain_to_transfer_read
//  CHECK-SAME:   (%[[M:.+]]: memref<64x64xf32>, %[[J:.+]]: index, %[[I:.+]]: index, %[[PAD:.+]]: f32)
//       CHECK:   %[[OFF:.+]] = affine.apply #[[$ADD]]()[%[[I]], %[[J]]]
//       CHECK:   %[[R:.+]] = vector.transfer_read %[[M]][%[[OFF]], %[[I]]], %[[PAD]] {in_bounds = [true]} : memref<64x64xf32>, vector<16xf32>
//       CHECK:   return %[[R]]
func.func @chain_to_transfer_read(%m: memref<64x64xf32>, %j: index, %i: index, %pad: f32) -> vector<16xf32> {
  %s = vector.step : vector<16xindex>
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%j, %s : index, vector<16xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0, s1] -> (s0, s1)>, affine_map<(d0)[s0, s1] -> ()>,
                     affine_map<(d0)[s0, s1] -> (d0)>]
  } : memref<64x64xf32>, vector<16xf32>
  return %v : vector<16xf32>
}
