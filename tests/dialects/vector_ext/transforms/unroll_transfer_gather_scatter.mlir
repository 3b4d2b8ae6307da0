// RUN: imex-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(iree-vector-ext-unroll-transfer-gather-scatter))' --mlir-print-local-scope | FileCheck %s

// Row gather (an embedding lookup): unrolled along d0, each row's index is a
// single element that moves into the offset, and the index-free rank-1
// gather is a vector.transfer_read; the row mask is broadcast along the row.
// CHECK-LABEL: func.func @row_gather
// CHECK-SAME:    (%[[SRC:.+]]: memref<10x8xf32>, %[[IDX:.+]]: vector<3xindex>, %[[MASK:.+]]: vector<3xi1>)
// CHECK-DAG:     %[[PAD:.+]] = arith.constant -1.000000e+00 : f32
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[POISON:.+]] = ub.poison : vector<3x8xf32>
// CHECK:         %[[I0:.+]] = vector.extract %[[IDX]][0] : index from vector<3xindex>
// CHECK:         %[[M0:.+]] = vector.extract %[[MASK]][0] : i1 from vector<3xi1>
// CHECK:         %[[M0D:.+]] = vector.broadcast %[[M0]] : i1 to vector<i1>
// CHECK:         %[[M0V:.+]] = vector.broadcast %[[M0D]] : vector<i1> to vector<8xi1>
// CHECK:         %[[R0:.+]] = vector.transfer_read %[[SRC]][%[[I0]], %[[C0]]], %[[PAD]], %[[M0V]] {in_bounds = [true]} : memref<10x8xf32>, vector<8xf32>
// CHECK:         %[[A0:.+]] = vector.insert_strided_slice %[[R0]], %[[POISON]] {offsets = [0, 0], strides = [1]} : vector<8xf32> into vector<3x8xf32>
// CHECK:         %[[I1:.+]] = vector.extract %[[IDX]][1]
// CHECK:         vector.transfer_read %[[SRC]][%[[I1]], %[[C0]]]
// CHECK:         %[[A1:.+]] = vector.insert_strided_slice %{{.+}}, %[[A0]] {offsets = [1, 0], strides = [1]}
// CHECK:         %[[I2:.+]] = vector.extract %[[IDX]][2]
// CHECK:         vector.transfer_read %[[SRC]][%[[I2]], %[[C0]]]
// CHECK:         %[[A2:.+]] = vector.insert_strided_slice %{{.+}}, %[[A1]] {offsets = [2, 0], strides = [1]}
// CHECK:         return %[[A2]]
func.func @row_gather(%src: memref<10x8xf32>, %idx: vector<3xindex>, %mask: vector<3xi1>) -> vector<3x8xf32> {
  %pad = arith.constant -1.0 : f32
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%idx : vector<3xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0)>]
  } : memref<10x8xf32>, vector<3x8xf32>, vector<3xi1>
  return %0 : vector<3x8xf32>
}

// -----

// Gather along the innermost dimension, one row per d0: the base dimension
// walked by d0 becomes a broadcast with offset + i, the index vector and the
// mask are sliced row by row; the rank-1 ops are what the vector.gather
// lowering takes.
// CHECK-LABEL: func.func @inner_gather
// CHECK-SAME:    (%[[SRC:.+]]: tensor<4x16xi32>, %[[IDX:.+]]: vector<2x8xindex>, %[[MASK:.+]]: vector<2x8xi1>, %[[ROW:.+]]: index)
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK:         %[[I0:.+]] = vector.extract %[[IDX]][0] : vector<8xindex> from vector<2x8xindex>
// CHECK:         %[[M0:.+]] = vector.extract %[[MASK]][0] : vector<8xi1> from vector<2x8xi1>
// CHECK:         %[[G0:.+]] = iree_vector_ext.transfer_gather %[[SRC]][%[[ROW]], %[[C0]]] [%[[I0]] : vector<8xindex>], %{{.+}}, %[[M0]] {indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>, affine_map<(d0)[s0] -> (d0)>]} : tensor<4x16xi32>, vector<8xi32>, vector<8xi1>
// CHECK:         %[[I1:.+]] = vector.extract %[[IDX]][1]
// CHECK:         %[[M1:.+]] = vector.extract %[[MASK]][1]
// CHECK:         %[[ROW1:.+]] = arith.addi %[[ROW]], %[[C1]] : index
// CHECK:         iree_vector_ext.transfer_gather %[[SRC]][%[[ROW1]], %[[C0]]] [%[[I1]] : vector<8xindex>], %{{.+}}, %[[M1]]
func.func @inner_gather(%src: tensor<4x16xi32>, %idx: vector<2x8xindex>, %mask: vector<2x8xi1>, %row: index) -> vector<2x8xi32> {
  %pad = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_gather %src[%row, %c0] [%idx : vector<2x8xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : tensor<4x16xi32>, vector<2x8xi32>, vector<2x8xi1>
  return %0 : vector<2x8xi32>
}

// -----

// An index vector that indexes d0 through its last dim is transposed once,
// then sliced.
// CHECK-LABEL: func.func @transposed_index_vec
// CHECK-SAME:    (%[[SRC:.+]]: tensor<4x16xi32>, %[[IDX:.+]]: vector<8x2xindex>)
// CHECK:         %[[T:.+]] = vector.transpose %[[IDX]], [1, 0] : vector<8x2xindex> to vector<2x8xindex>
// CHECK:         vector.extract %[[T]][0] : vector<8xindex> from vector<2x8xindex>
// CHECK:         vector.extract %[[T]][1] : vector<8xindex> from vector<2x8xindex>
// CHECK-NOT:     vector.transpose
func.func @transposed_index_vec(%src: tensor<4x16xi32>, %idx: vector<8x2xindex>) -> vector<2x8xi32> {
  %pad = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%idx : vector<8x2xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d1, d0)>]
  } : tensor<4x16xi32>, vector<2x8xi32>
  return %0 : vector<2x8xi32>
}

// -----

// Rank 3 unrolls twice; d0 and d1 walk base dims 1 and 0 (a transposed
// read), so the four rank-1 gathers read at offsets (j, i).
// CHECK-LABEL: func.func @rank3
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK:         iree_vector_ext.transfer_gather %{{.+}}[%[[C0]], %[[C0]], %[[C0]]] [%{{.+}} : vector<16xindex>], %{{.+}} {indexing_maps = [affine_map<(d0)[s0] -> (0, 0, s0)>, affine_map<(d0)[s0] -> (d0)>]} : tensor<4x4x16xf32>, vector<16xf32>
// CHECK:         iree_vector_ext.transfer_gather %{{.+}}[%[[C1]], %[[C0]], %[[C0]]]
// CHECK:         vector.insert_strided_slice %{{.+}}, %{{.+}} {offsets = [0, 0, 0], strides = [1, 1]} : vector<2x16xf32> into vector<2x2x16xf32>
// CHECK:         iree_vector_ext.transfer_gather %{{.+}}[%[[C0]], %[[C1]], %[[C0]]]
// CHECK:         iree_vector_ext.transfer_gather %{{.+}}[%[[C1]], %[[C1]], %[[C0]]]
// CHECK:         vector.insert_strided_slice %{{.+}}, %{{.+}} {offsets = [1, 0, 0], strides = [1, 1]} : vector<2x16xf32> into vector<2x2x16xf32>
func.func @rank3(%src: tensor<4x4x16xf32>, %idx: vector<16xindex>) -> vector<2x2x16xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0, %c0] [%idx : vector<16xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1, d2)[s0] -> (d1, d0, s0)>, affine_map<(d0, d1, d2)[s0] -> (d2)>]
  } : tensor<4x4x16xf32>, vector<2x2x16xf32>
  return %0 : vector<2x2x16xf32>
}

// -----

// Two index vectors, one per dim: after unrolling, the d0 one is a single
// element folded into the offset, leaving one index vector.
// CHECK-LABEL: func.func @two_index_vecs_one_left
// CHECK-SAME:    (%[[SRC:.+]]: tensor<8x16xf16>, %[[I0:.+]]: vector<2xindex>, %[[I1:.+]]: vector<4xindex>)
// CHECK:         %[[R0:.+]] = vector.extract %[[I0]][0] : index from vector<2xindex>
// CHECK:         iree_vector_ext.transfer_gather %[[SRC]][%[[R0]], %{{.+}}] [%[[I1]] : vector<4xindex>], %{{.+}} {indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]}
// CHECK:         %[[R1:.+]] = vector.extract %[[I0]][1] : index from vector<2xindex>
// CHECK:         iree_vector_ext.transfer_gather %[[SRC]][%[[R1]], %{{.+}}] [%[[I1]] : vector<4xindex>]
func.func @two_index_vecs_one_left(%src: tensor<8x16xf16>, %i0: vector<2xindex>, %i1: vector<4xindex>) -> vector<2x4xf16> {
  %pad = arith.constant 0.0 : f16
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%i0, %i1 : vector<2xindex>, vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (s0, s1)>, affine_map<(d0, d1)[s0, s1] -> (d0)>,
                     affine_map<(d0, d1)[s0, s1] -> (d1)>]
  } : tensor<8x16xf16>, vector<2x4xf16>
  return %0 : vector<2x4xf16>
}

// -----

// Two index vectors that both vary along d1 stay two after unrolling.
// CHECK-LABEL: func.func @two_index_vecs_stay
// CHECK-COUNT-2: iree_vector_ext.transfer_gather %{{.+}}[%{{.+}}, %{{.+}}] [%{{.+}}, %{{.+}} : vector<4xindex>, vector<4xindex>]
func.func @two_index_vecs_stay(%src: tensor<8x16xf16>, %i0: vector<2x4xindex>, %i1: vector<4xindex>) -> vector<2x4xf16> {
  %pad = arith.constant 0.0 : f16
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%i0, %i1 : vector<2x4xindex>, vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (s0, s1)>, affine_map<(d0, d1)[s0, s1] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0, s1] -> (d1)>]
  } : tensor<8x16xf16>, vector<2x4xf16>
  return %0 : vector<2x4xf16>
}

// -----

// Row scatter into a tensor: the rank-1 scatters chain their results and
// become vector.transfer_write ops.
// CHECK-LABEL: func.func @row_scatter_tensor
// CHECK-SAME:    (%[[VEC:.+]]: vector<2x8xf32>, %[[DEST:.+]]: tensor<6x8xf32>, %[[IDX:.+]]: vector<2xindex>)
// CHECK:         %[[I0:.+]] = vector.extract %[[IDX]][0] : index from vector<2xindex>
// CHECK:         %[[V0:.+]] = vector.extract %[[VEC]][0] : vector<8xf32> from vector<2x8xf32>
// CHECK:         %[[W0:.+]] = vector.transfer_write %[[V0]], %[[DEST]][%[[I0]], %{{.+}}] {in_bounds = [true]} : vector<8xf32>, tensor<6x8xf32>
// CHECK:         %[[I1:.+]] = vector.extract %[[IDX]][1] : index from vector<2xindex>
// CHECK:         %[[V1:.+]] = vector.extract %[[VEC]][1] : vector<8xf32> from vector<2x8xf32>
// CHECK:         %[[W1:.+]] = vector.transfer_write %[[V1]], %[[W0]][%[[I1]], %{{.+}}] {in_bounds = [true]} : vector<8xf32>, tensor<6x8xf32>
// CHECK:         return %[[W1]]
func.func @row_scatter_tensor(%vec: vector<2x8xf32>, %dest: tensor<6x8xf32>, %idx: vector<2xindex>) -> tensor<6x8xf32> {
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_scatter %vec into %dest[%c0, %c0] [%idx : vector<2xindex>] {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]
  } : vector<2x8xf32>, tensor<6x8xf32> -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

// -----

// Inner scatter into a memref, masked: one result-less rank-1 scatter per row.
// CHECK-LABEL: func.func @inner_scatter_memref
// CHECK-SAME:    (%[[VEC:.+]]: vector<2x4xi64>, %[[DEST:.+]]: memref<3x16xi64>, %[[IDX:.+]]: vector<2x4xindex>, %[[MASK:.+]]: vector<2x4xi1>)
// CHECK:         %[[I0:.+]] = vector.extract %[[IDX]][0] : vector<4xindex> from vector<2x4xindex>
// CHECK:         %[[M0:.+]] = vector.extract %[[MASK]][0] : vector<4xi1> from vector<2x4xi1>
// CHECK:         %[[V0:.+]] = vector.extract %[[VEC]][0] : vector<4xi64> from vector<2x4xi64>
// CHECK:         iree_vector_ext.transfer_scatter %[[V0]] into %[[DEST]][%{{.+}}, %{{.+}}] [%[[I0]] : vector<4xindex>], %[[M0]] {indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>, affine_map<(d0)[s0] -> (d0)>]} : vector<4xi64>, memref<3x16xi64>, vector<4xi1>
// CHECK:         iree_vector_ext.transfer_scatter %{{.+}} into %[[DEST]]
// CHECK-NOT:     iree_vector_ext.transfer_scatter
func.func @inner_scatter_memref(%vec: vector<2x4xi64>, %dest: memref<3x16xi64>, %idx: vector<2x4xindex>, %mask: vector<2x4xi1>) {
  %c0 = arith.constant 0 : index
  iree_vector_ext.transfer_scatter %vec into %dest[%c0, %c0] [%idx : vector<2x4xindex>], %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : vector<2x4xi64>, memref<3x16xi64>, vector<2x4xi1>
  return
}

// -----

// Canonical forms win over unrolling: a contiguous rank-2 gather is one 2-D
// vector.transfer_read, an all-false mask gives the padding, an all-false
// scatter is its base, an all-true mask is dropped, and a broadcast addend
// of the index vector moves into the offset.
// CHECK-LABEL: func.func @canonical_forms
// CHECK-SAME:    (%[[SRC:.+]]: tensor<8x16xf32>, %[[IDX:.+]]: vector<4xindex>, %[[OFF:.+]]: index, %[[V:.+]]: vector<2x4xf32>)
// CHECK-DAG:     %[[PADV:.+]] = arith.constant dense<5.000000e-01> : vector<2x4xf32>
// CHECK:         %[[READ:.+]] = vector.transfer_read %[[SRC]][%{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, true]} : tensor<8x16xf32>, vector<2x4xf32>
// CHECK:         %[[G:.+]] = iree_vector_ext.transfer_gather %[[SRC]][%{{.+}}, %[[OFF]]] [%[[IDX]] : vector<4xindex>], %{{.+}} {indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]} : tensor<8x16xf32>, vector<4xf32>
// CHECK:         return %[[READ]], %[[PADV]], %[[SRC]], %[[G]]
func.func @canonical_forms(%src: tensor<8x16xf32>, %idx: vector<4xindex>, %off: index, %v: vector<2x4xf32>)
    -> (vector<2x4xf32>, vector<2x4xf32>, tensor<8x16xf32>, vector<4xf32>) {
  %pad = arith.constant 0.5 : f32
  %c0 = arith.constant 0 : index
  %false = arith.constant dense<false> : vector<2x4xi1>
  %true = arith.constant dense<true> : vector<4xi1>
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0], %pad {
    indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>]
  } : tensor<8x16xf32>, vector<2x4xf32>
  %1 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%idx : vector<4xindex>], %pad, %false {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : tensor<8x16xf32>, vector<2x4xf32>, vector<2x4xi1>
  %2 = iree_vector_ext.transfer_scatter %v into %src[%c0, %c0] [%idx : vector<4xindex>], %false {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : vector<2x4xf32>, tensor<8x16xf32>, vector<2x4xi1> -> tensor<8x16xf32>
  %b = vector.broadcast %off : index to vector<4xindex>
  %sum = arith.addi %idx, %b : vector<4xindex>
  %3 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%sum : vector<4xindex>], %pad, %true {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>,
                     affine_map<(d0)[s0] -> (d0)>]
  } : tensor<8x16xf32>, vector<4xf32>, vector<4xi1>
  return %0, %1, %2, %3 : vector<2x4xf32>, vector<2x4xf32>, tensor<8x16xf32>, vector<4xf32>
}

// -----

// A vector.step index vector folds into a contiguous dim; the rank-2 gather
// is then a plain transfer_read, not unrolled.
// CHECK-LABEL: func.func @step_index_vec
// CHECK-NOT:     vector.step
// CHECK:         %[[R:.+]] = vector.transfer_read %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, true]} : memref<4x16xf32>, vector<4x16xf32>
// CHECK-NOT:     insert_strided_slice
// CHECK:         return %[[R]]
func.func @step_index_vec(%src: memref<4x16xf32>) -> vector<4x16xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %step = vector.step : vector<16xindex>
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%step : vector<16xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d1)>]
  } : memref<4x16xf32>, vector<4x16xf32>
  return %0 : vector<4x16xf32>
}

// -----

// Must not fire: rank-1 ops stay as they are, and scalable vectors are not
// unrolled.
// CHECK-LABEL: func.func @negative
// CHECK-NOT:     ub.poison
// CHECK:         iree_vector_ext.transfer_gather %{{.+}} : tensor<8x16xf32>, vector<4xf32>
// CHECK:         iree_vector_ext.transfer_gather %{{.+}} : tensor<8x16xf32>, vector<2x[4]xf32>
// CHECK-NOT:     ub.poison
func.func @negative(%src: tensor<8x16xf32>, %idx: vector<4xindex>, %sidx: vector<2x[4]xindex>)
    -> (vector<4xf32>, vector<2x[4]xf32>) {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%idx : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<8x16xf32>, vector<4xf32>
  %1 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%sidx : vector<2x[4]xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : tensor<8x16xf32>, vector<2x[4]xf32>
  return %0, %1 : vector<4xf32>, vector<2x[4]xf32>
}
