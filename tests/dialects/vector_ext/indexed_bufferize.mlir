// RUN: imex-opt %s --one-shot-bufferize="bufferize-function-boundaries" --split-input-file | FileCheck %s

// The gather reads the base buffer; the scatter writes it in place and
// becomes the result-less memref form.
// CHECK-LABEL: func.func @gather_then_scatter
//  CHECK-SAME:   (%[[T:.+]]: memref<64x8xf32, strided<[?, ?], offset: ?>>, %[[IDX:.+]]: vector<16xindex>, %[[I:.+]]: index, %[[PAD:.+]]: f32, %[[MASK:.+]]: vector<16x8xi1>)
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   memref.copy
//       CHECK:   %[[G:.+]] = iree_vector_ext.transfer_gather %[[T]][%[[I]], %[[I]]] [%[[IDX]] : vector<16xindex>], %[[PAD]] {indexing_maps = [#{{.+}}, #{{.+}}]} : memref<64x8xf32, strided<[?, ?], offset: ?>>, vector<16x8xf32>
//       CHECK:   iree_vector_ext.transfer_scatter %[[G]] into %[[T]][%[[I]], %[[I]]] [%[[IDX]] : vector<16xindex>], %[[MASK]] {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}], note} : vector<16x8xf32>, memref<64x8xf32, strided<[?, ?], offset: ?>>, vector<16x8xi1>{{$}}
//       CHECK:   return %[[G]], %[[T]]
func.func @gather_then_scatter(%t: tensor<64x8xf32>, %idx: vector<16xindex>, %i: index, %pad: f32, %mask: vector<16x8xi1>)
    -> (vector<16x8xf32>, tensor<64x8xf32>) {
  %g = iree_vector_ext.transfer_gather %t[%i, %i] [%idx : vector<16xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]
  } : tensor<64x8xf32>, vector<16x8xf32>
  %r = iree_vector_ext.transfer_scatter %g into %t[%i, %i] [%idx : vector<16xindex>], %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>], note
  } : vector<16x8xf32>, tensor<64x8xf32>, vector<16x8xi1> -> tensor<64x8xf32>
  return %g, %r : vector<16x8xf32>, tensor<64x8xf32>
}

// -----

// The old tensor is read after the scatter, so the scatter cannot write the
// base buffer in place: it writes a copy, and the later gather still sees the
// original.
// CHECK-LABEL: func.func @scatter_out_of_place
//  CHECK-SAME:   (%[[V:.+]]: vector<8xf32>, %[[T:.+]]: memref<64xf32, strided<[?], offset: ?>>,
//       CHECK:   %[[ALLOC:.+]] = memref.alloc() {{.*}}: memref<64xf32>
//       CHECK:   memref.copy %[[T]], %[[ALLOC]]
//       CHECK:   iree_vector_ext.transfer_scatter %[[V]] into %[[ALLOC]][
//       CHECK:   %[[G:.+]] = iree_vector_ext.transfer_gather %[[T]][
//       CHECK:   return %[[ALLOC]], %[[G]]
func.func @scatter_out_of_place(%v: vector<8xf32>, %t: tensor<64xf32>, %idx: vector<8xindex>, %i: index, %pad: f32)
    -> (tensor<64xf32>, vector<8xf32>) {
  %r = iree_vector_ext.transfer_scatter %v into %t[%i] [%idx : vector<8xindex>] {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : vector<8xf32>, tensor<64xf32> -> tensor<64xf32>
  %g = iree_vector_ext.transfer_gather %t[%i] [%idx : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<64xf32>, vector<8xf32>
  return %r, %g : tensor<64xf32>, vector<8xf32>
}

// -----

// The scatter's result is the base buffer: a chain of scatters on a fresh
// tensor writes one allocation.
// CHECK-LABEL: func.func @scatter_chain
//       CHECK:   %[[ALLOC:.+]] = memref.alloc() {{.*}}: memref<64xf32>
//       CHECK:   iree_vector_ext.transfer_scatter %{{.+}} into %[[ALLOC]][
//       CHECK:   iree_vector_ext.transfer_scatter %{{.+}} into %[[ALLOC]][
//   CHECK-NOT:   memref.alloc
//       CHECK:   return %[[ALLOC]]
func.func @scatter_chain(%v: vector<8xf32>, %w: vector<8xf32>, %idx: vector<8xindex>, %i: index) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r0 = iree_vector_ext.transfer_scatter %v into %e[%i] [%idx : vector<8xindex>] {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : vector<8xf32>, tensor<64xf32> -> tensor<64xf32>
  %r1 = iree_vector_ext.transfer_scatter %w into %r0[%i] [%idx : vector<8xindex>] {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : vector<8xf32>, tensor<64xf32> -> tensor<64xf32>
  return %r1 : tensor<64xf32>
}
