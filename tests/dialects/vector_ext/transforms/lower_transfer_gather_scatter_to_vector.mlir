// RUN: imex-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(iree-vector-ext-lower-transfer-gather-scatter-to-vector))' --mlir-print-local-scope | FileCheck %s

// Tensor base, leading dims fixed by the offsets, no mask: all-true mask and
// the padding broadcast as pass-through.
// CHECK-LABEL: func.func @gather_tensor
// CHECK-SAME:    (%[[SRC:.+]]: tensor<1x4x31xf32>, %[[IDX:.+]]: vector<16xindex>)
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[MASK:.+]] = arith.constant dense<true> : vector<16xi1>
// CHECK-DAG:     %[[PASS:.+]] = arith.constant dense<5.000000e-01> : vector<16xf32>
// CHECK:         %[[G:.+]] = vector.gather %[[SRC]][%[[C0]], %[[C2]], %[[C0]]] [%[[IDX]]], %[[MASK]], %[[PASS]] : tensor<1x4x31xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK:         return %[[G]]
func.func @gather_tensor(%src: tensor<1x4x31xf32>, %idx: vector<16xindex>) -> vector<16xf32> {
  %pad = arith.constant 0.5 : f32
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c2, %c0] [%idx : vector<16xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, 0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<1x4x31xf32>, vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

// Memref base with a mask (kept as is) and a dynamic padding value.
// CHECK-LABEL: func.func @gather_memref_masked
// CHECK-SAME:    (%[[SRC:.+]]: memref<8x?xi32>, %[[IDX:.+]]: vector<8xindex>, %[[MASK:.+]]: vector<8xi1>, %[[PAD:.+]]: i32, %[[ROW:.+]]: index)
// CHECK:         %[[PASS:.+]] = vector.broadcast %[[PAD]] : i32 to vector<8xi32>
// CHECK:         vector.gather %[[SRC]][%[[ROW]], %{{.+}}] [%[[IDX]]], %[[MASK]], %[[PASS]] : memref<8x?xi32>, vector<8xindex>, vector<8xi1>, vector<8xi32> into vector<8xi32>
// CHECK-NOT:     iree_vector_ext.transfer_gather
func.func @gather_memref_masked(%src: memref<8x?xi32>, %idx: vector<8xindex>, %mask: vector<8xi1>,
                                %pad: i32, %row: index) -> vector<8xi32> {
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_gather %src[%row, %c0] [%idx : vector<8xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>,
                     affine_map<(d0)[s0] -> (d0)>]
  } : memref<8x?xi32>, vector<8xi32>, vector<8xi1>
  return %0 : vector<8xi32>
}

// -----

// Rank 2 with the index vector over both dims: an n-D vector.gather.
// CHECK-LABEL: func.func @gather_2d
// CHECK-SAME:    (%[[SRC:.+]]: memref<64xf16>, %[[IDX:.+]]: vector<4x8xindex>)
// CHECK:         vector.gather %[[SRC]][%{{.+}}] [%[[IDX]]], %{{.+}}, %{{.+}} : memref<64xf16>, vector<4x8xindex>, vector<4x8xi1>, vector<4x8xf16> into vector<4x8xf16>
func.func @gather_2d(%src: memref<64xf16>, %idx: vector<4x8xindex>) -> vector<4x8xf16> {
  %pad = arith.constant 0.0 : f16
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_gather %src[%c0] [%idx : vector<4x8xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : memref<64xf16>, vector<4x8xf16>
  return %0 : vector<4x8xf16>
}

// -----

// Index vector and mask that cover only some vector dims, or in another
// order, are broadcast / transposed to the vector shape.
// CHECK-LABEL: func.func @gather_broadcast_transposed_operands
// CHECK-SAME:    (%[[SRC:.+]]: memref<64xf32>, %[[IDX:.+]]: vector<8x4xindex>, %[[MASK:.+]]: vector<8xi1>)
// CHECK:         %[[T:.+]] = vector.transpose %[[IDX]], [1, 0] : vector<8x4xindex> to vector<4x8xindex>
// CHECK:         %[[MB:.+]] = vector.broadcast %[[MASK]] : vector<8xi1> to vector<4x8xi1>
// CHECK:         vector.gather %[[SRC]][%{{.+}}] [%[[T]]], %[[MB]], %{{.+}} : memref<64xf32>, vector<4x8xindex>, vector<4x8xi1>, vector<4x8xf32> into vector<4x8xf32>
func.func @gather_broadcast_transposed_operands(%src: memref<64xf32>, %idx: vector<8x4xindex>,
                                                %mask: vector<8xi1>) -> vector<4x8xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_gather %src[%c0] [%idx : vector<8x4xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0)>, affine_map<(d0, d1)[s0] -> (d1, d0)>,
                     affine_map<(d0, d1)[s0] -> (d1)>]
  } : memref<64xf32>, vector<4x8xf32>, vector<8xi1>
  return %0 : vector<4x8xf32>
}

// -----

// A 0-d index vector (the same index for every lane) is broadcast.
// CHECK-LABEL: func.func @gather_0d_index_vec
// CHECK-SAME:    (%[[SRC:.+]]: memref<16xf32>, %[[IDX:.+]]: vector<index>)
// CHECK:         %[[B:.+]] = vector.broadcast %[[IDX]] : vector<index> to vector<4xindex>
// CHECK:         vector.gather %[[SRC]][%{{.+}}] [%[[B]]]
func.func @gather_0d_index_vec(%src: memref<16xf32>, %idx: vector<index>) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_gather %src[%c0] [%idx : vector<index>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> ()>]
  } : memref<16xf32>, vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

// The ops' folders run too: an all-true mask is dropped, a broadcast or
// transposed index vector is looked through (and rebuilt on the vector
// shape by the lowering).
// CHECK-LABEL: func.func @folds_feed_the_lowering
// CHECK-SAME:    (%[[SRC:.+]]: tensor<128xf32>, %[[IDX:.+]]: vector<8xindex>, %[[IDX2:.+]]: vector<8x4xindex>)
// CHECK-DAG:     %[[TRUE:.+]] = arith.constant dense<true> : vector<4x8xi1>
// CHECK:         %[[B:.+]] = vector.broadcast %[[IDX]] : vector<8xindex> to vector<4x8xindex>
// CHECK:         %[[G0:.+]] = vector.gather %[[SRC]][%{{.+}}] [%[[B]]], %[[TRUE]]
// CHECK:         %[[T:.+]] = vector.transpose %[[IDX2]], [1, 0] : vector<8x4xindex> to vector<4x8xindex>
// CHECK:         %[[G1:.+]] = vector.gather %[[SRC]][%{{.+}}] [%[[T]]], %[[TRUE]]
// CHECK:         return %[[G0]], %[[G1]]
func.func @folds_feed_the_lowering(%src: tensor<128xf32>, %idx: vector<8xindex>, %idx2: vector<8x4xindex>)
    -> (vector<4x8xf32>, vector<4x8xf32>) {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %true = arith.constant dense<true> : vector<4x8xi1>
  %b = vector.broadcast %idx : vector<8xindex> to vector<4x8xindex>
  %0 = iree_vector_ext.transfer_gather %src[%c0] [%b : vector<4x8xindex>], %pad, %true {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : tensor<128xf32>, vector<4x8xf32>, vector<4x8xi1>
  %t = vector.transpose %idx2, [1, 0] : vector<8x4xindex> to vector<4x8xindex>
  %1 = iree_vector_ext.transfer_gather %src[%c0] [%t : vector<4x8xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : tensor<128xf32>, vector<4x8xf32>
  return %0, %1 : vector<4x8xf32>, vector<4x8xf32>
}

// -----

// A vector.step index vector folds into a contiguous (dim) base result: the
// op has no index vector left, which is the plain-transfer form, not this
// pass's business.
// CHECK-LABEL: func.func @step_folds_away
// CHECK:         %[[G:.+]] = iree_vector_ext.transfer_gather %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}} {indexing_maps = [affine_map<(d0) -> (0, d0)>]} : tensor<4x16xf32>, vector<16xf32>
// CHECK-NOT:     vector.step
// CHECK-NOT:     vector.gather
func.func @step_folds_away(%src: tensor<4x16xf32>) -> vector<16xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %step = vector.step : vector<16xindex>
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%step : vector<16xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<4x16xf32>, vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

// Scatter into a tensor: vector.scatter with a result.
// CHECK-LABEL: func.func @scatter_tensor
// CHECK-SAME:    (%[[VEC:.+]]: vector<16xf32>, %[[DEST:.+]]: tensor<1x1x32xf32>, %[[IDX:.+]]: vector<16xindex>)
// CHECK-DAG:     %[[MASK:.+]] = arith.constant dense<true> : vector<16xi1>
// CHECK:         %[[S:.+]] = vector.scatter %[[DEST]][%{{.+}}, %{{.+}}, %{{.+}}] [%[[IDX]]], %[[MASK]], %[[VEC]] : tensor<1x1x32xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> -> tensor<1x1x32xf32>
// CHECK:         return %[[S]]
func.func @scatter_tensor(%vec: vector<16xf32>, %dest: tensor<1x1x32xf32>, %idx: vector<16xindex>) -> tensor<1x1x32xf32> {
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_scatter %vec into %dest[%c0, %c0, %c0] [%idx : vector<16xindex>] {
    indexing_maps = [affine_map<(d0)[s0] -> (0, 0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : vector<16xf32>, tensor<1x1x32xf32> -> tensor<1x1x32xf32>
  return %0 : tensor<1x1x32xf32>
}

// -----

// Scatter into a memref, masked: vector.scatter without a result.
// CHECK-LABEL: func.func @scatter_memref_masked
// CHECK-SAME:    (%[[VEC:.+]]: vector<8xi64>, %[[DEST:.+]]: memref<4x16xi64>, %[[IDX:.+]]: vector<8xindex>, %[[MASK:.+]]: vector<8xi1>)
// CHECK:         vector.scatter %[[DEST]][%{{.+}}, %{{.+}}] [%[[IDX]]], %[[MASK]], %[[VEC]] : memref<4x16xi64>, vector<8xindex>, vector<8xi1>, vector<8xi64>
// CHECK-NOT:     iree_vector_ext.transfer_scatter
func.func @scatter_memref_masked(%vec: vector<8xi64>, %dest: memref<4x16xi64>, %idx: vector<8xindex>,
                                 %mask: vector<8xi1>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  iree_vector_ext.transfer_scatter %vec into %dest[%c3, %c0] [%idx : vector<8xindex>], %mask {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>,
                     affine_map<(d0)[s0] -> (d0)>]
  } : vector<8xi64>, memref<4x16xi64>, vector<8xi1>
  return
}

// -----

// Must not fire: several index vectors, a scalar index, a gathered leading
// dimension, a non-constant leading dimension, a contiguous innermost
// dimension, scalable vectors, a non-unit-stride memref and a 0-d vector.
// CHECK-LABEL: func.func @negative_gathers
// CHECK-NOT:     vector.gather
// CHECK-COUNT-8: iree_vector_ext.transfer_gather
// CHECK-NOT:     vector.gather
func.func @negative_gathers(%src: tensor<8x16xf16>, %i0: vector<8xindex>, %i1: vector<16xindex>,
                            %s: index, %sv: vector<[8]xindex>,
                            %strided: memref<8x16xf16, strided<[32, 2]>>, %i00: vector<index>)
    -> (vector<8x16xf16>, vector<8xf16>, vector<8x16xf16>, vector<8xf16>, vector<8xf16>,
        vector<[8]xf16>, vector<8xf16>, vector<f16>) {
  %pad = arith.constant 0.0 : f16
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%i0, %i1 : vector<8xindex>, vector<16xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (s0, s1)>, affine_map<(d0, d1)[s0, s1] -> (d0)>,
                     affine_map<(d0, d1)[s0, s1] -> (d1)>]
  } : tensor<8x16xf16>, vector<8x16xf16>
  %1 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%s : index], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> ()>]
  } : tensor<8x16xf16>, vector<8xf16>
  %2 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%i0 : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]
  } : tensor<8x16xf16>, vector<8x16xf16>
  %3 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%i0 : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (d0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<8x16xf16>, vector<8xf16>
  %4 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%i0 : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0, d0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<8x16xf16>, vector<8xf16>
  %5 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%sv : vector<[8]xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<8x16xf16>, vector<[8]xf16>
  %6 = iree_vector_ext.transfer_gather %strided[%c0, %c0] [%i0 : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : memref<8x16xf16, strided<[32, 2]>>, vector<8xf16>
  %7 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%i00 : vector<index>], %pad {
    indexing_maps = [affine_map<()[s0] -> (0, s0)>, affine_map<()[s0] -> ()>]
  } : tensor<8x16xf16>, vector<f16>
  return %0, %1, %2, %3, %4, %5, %6, %7 : vector<8x16xf16>, vector<8xf16>, vector<8x16xf16>, vector<8xf16>,
      vector<8xf16>, vector<[8]xf16>, vector<8xf16>, vector<f16>
}

// -----

// Must not fire on scatters either.
// CHECK-LABEL: func.func @negative_scatters
// CHECK-NOT:     vector.scatter
// CHECK-COUNT-4: iree_vector_ext.transfer_scatter
// CHECK-NOT:     vector.scatter
func.func @negative_scatters(%v2: vector<8x16xf16>, %v: vector<8xf16>, %dest: tensor<8x16xf16>,
                             %i0: vector<8xindex>, %i1: vector<16xindex>, %s: index)
    -> (tensor<8x16xf16>, tensor<8x16xf16>, tensor<8x16xf16>, tensor<8x16xf16>) {
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_scatter %v2 into %dest[%c0, %c0] [%i0, %i1 : vector<8xindex>, vector<16xindex>] {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (s0, s1)>, affine_map<(d0, d1)[s0, s1] -> (d0)>,
                     affine_map<(d0, d1)[s0, s1] -> (d1)>]
  } : vector<8x16xf16>, tensor<8x16xf16> -> tensor<8x16xf16>
  %1 = iree_vector_ext.transfer_scatter %v into %dest[%c0, %c0] [%s : index] {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> ()>]
  } : vector<8xf16>, tensor<8x16xf16> -> tensor<8x16xf16>
  %2 = iree_vector_ext.transfer_scatter %v2 into %dest[%c0, %c0] [%i0 : vector<8xindex>] {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]
  } : vector<8x16xf16>, tensor<8x16xf16> -> tensor<8x16xf16>
  %3 = iree_vector_ext.transfer_scatter %v into %dest[%c0, %c0] [%i0 : vector<8xindex>] {
    indexing_maps = [affine_map<(d0)[s0] -> (d0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : vector<8xf16>, tensor<8x16xf16> -> tensor<8x16xf16>
  return %0, %1, %2, %3 : tensor<8x16xf16>, tensor<8x16xf16>, tensor<8x16xf16>, tensor<8x16xf16>
}

// -----

// Masks: an all-false constant mask is kept (its canonicalization to the
// padding is not part of this pass); a broadcast mask is looked through by
// the folder and rebuilt on the vector shape; a transposed mask likewise.
// CHECK-LABEL: func.func @masks
// CHECK-SAME:    (%[[SRC:.+]]: memref<64xf32>, %[[IDX:.+]]: vector<4x8xindex>, %[[M:.+]]: vector<8xi1>, %[[MT:.+]]: vector<8x4xi1>, %[[DST:.+]]: tensor<64xf32>, %[[V:.+]]: vector<4x8xf32>)
// CHECK-DAG:     %[[FALSE:.+]] = arith.constant dense<false> : vector<4x8xi1>
// CHECK:         %[[G0:.+]] = vector.gather %[[SRC]][%{{.+}}] [%[[IDX]]], %[[FALSE]]
// CHECK:         %[[MB:.+]] = vector.broadcast %[[M]] : vector<8xi1> to vector<4x8xi1>
// CHECK:         %[[G1:.+]] = vector.gather %[[SRC]][%{{.+}}] [%[[IDX]]], %[[MB]]
// CHECK:         %[[MTT:.+]] = vector.transpose %[[MT]], [1, 0] : vector<8x4xi1> to vector<4x8xi1>
// CHECK:         %[[S:.+]] = vector.scatter %[[DST]][%{{.+}}] [%[[IDX]]], %[[MTT]], %[[V]] : tensor<64xf32>, vector<4x8xindex>, vector<4x8xi1>, vector<4x8xf32> -> tensor<64xf32>
// CHECK:         return %[[G0]], %[[G1]], %[[S]]
func.func @masks(%src: memref<64xf32>, %idx: vector<4x8xindex>, %m: vector<8xi1>, %mt: vector<8x4xi1>,
                 %dst: tensor<64xf32>, %v: vector<4x8xf32>) -> (vector<4x8xf32>, vector<4x8xf32>, tensor<64xf32>) {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %false = arith.constant dense<false> : vector<4x8xi1>
  %0 = iree_vector_ext.transfer_gather %src[%c0] [%idx : vector<4x8xindex>], %pad, %false {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : memref<64xf32>, vector<4x8xf32>, vector<4x8xi1>
  %mb = vector.broadcast %m : vector<8xi1> to vector<4x8xi1>
  %1 = iree_vector_ext.transfer_gather %src[%c0] [%idx : vector<4x8xindex>], %pad, %mb {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : memref<64xf32>, vector<4x8xf32>, vector<4x8xi1>
  %mtt = vector.transpose %mt, [1, 0] : vector<8x4xi1> to vector<4x8xi1>
  %2 = iree_vector_ext.transfer_scatter %v into %dst[%c0] [%idx : vector<4x8xindex>], %mtt {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : vector<4x8xf32>, tensor<64xf32>, vector<4x8xi1> -> tensor<64xf32>
  return %0, %1, %2 : vector<4x8xf32>, vector<4x8xf32>, tensor<64xf32>
}
