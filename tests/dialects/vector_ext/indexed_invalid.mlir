// RUN: imex-opt %s -split-input-file -verify-diagnostics

// Rules of IndexedVectorOpInterface, shared by transfer_gather and
// transfer_scatter.

// Rule 1: one map for the base, one per index vec, one for the mask.
func.func @gather_missing_index_vec_map(%m: memref<64xf32>, %idx: vector<8xindex>, %i: index, %pad: f32) -> vector<8xf32> {
  // expected-error @+1 {{'iree_vector_ext.transfer_gather' op expected 2 indexing maps, got: 1}}
  %v = iree_vector_ext.transfer_gather %m[%i] [%idx : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>]
  } : memref<64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

func.func @scatter_missing_mask_map(%v: vector<8xf32>, %m: memref<64xf32>, %i: index, %mask: vector<8xi1>) {
  // expected-error @+1 {{'iree_vector_ext.transfer_scatter' op expected 2 indexing maps, got: 1}}
  iree_vector_ext.transfer_scatter %v into %m[%i], %mask {
    indexing_maps = [affine_map<(d0) -> (d0)>]
  } : vector<8xf32>, memref<64xf32>, vector<8xi1>
  return
}

// -----

func.func @gather_extra_map(%m: memref<64xf32>, %i: index, %pad: f32) -> vector<8xf32> {
  // expected-error @+1 {{expected 1 indexing maps, got: 2}}
  %v = iree_vector_ext.transfer_gather %m[%i], %pad {
    indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]
  } : memref<64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

// Rule 2: every map has the vector rank as dim count...
func.func @gather_wrong_num_dims(%m: memref<64x64xf32>, %i: index, %pad: f32) -> vector<8xf32> {
  // expected-error @+1 {{indexing map #0 has 2 dims, expected the vector rank 1}}
  %v = iree_vector_ext.transfer_gather %m[%i, %i], %pad {
    indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>]
  } : memref<64x64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

func.func @scatter_wrong_num_dims_in_mask_map(%v: vector<8xf32>, %m: memref<64xf32>, %i: index, %mask: vector<8xi1>) {
  // expected-error @+1 {{indexing map #1 has 2 dims, expected the vector rank 1}}
  iree_vector_ext.transfer_scatter %v into %m[%i], %mask {
    indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0, d1) -> (d0)>]
  } : vector<8xf32>, memref<64xf32>, vector<8xi1>
  return
}

// -----

// ...and one symbol per index vec.
func.func @gather_wrong_num_symbols(%m: memref<64xf32>, %idx: vector<8xindex>, %i: index, %pad: f32) -> vector<8xf32> {
  // expected-error @+1 {{indexing map #1 has 2 symbols, expected one per index vec (1)}}
  %v = iree_vector_ext.transfer_gather %m[%i] [%idx : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0, s1] -> (d0)>]
  } : memref<64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

// Rule 3: results are dims, symbols or the constant 0.
func.func @gather_nonzero_constant(%m: memref<64x64xf32>, %i: index, %pad: f32) -> vector<8xf32> {
  // expected-error @+1 {{indexing map #0 (affine_map<(d0) -> (1, d0)>) may only have dims, symbols and 0 as results}}
  %v = iree_vector_ext.transfer_gather %m[%i, %i], %pad {
    indexing_maps = [affine_map<(d0) -> (1, d0)>]
  } : memref<64x64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

func.func @scatter_compound_expr(%v: vector<8xf32>, %m: memref<64xf32>, %i: index) {
  // expected-error @+1 {{indexing map #0 (affine_map<(d0) -> (d0 * 2)>) may only have dims, symbols and 0 as results}}
  iree_vector_ext.transfer_scatter %v into %m[%i] {
    indexing_maps = [affine_map<(d0) -> (d0 * 2)>]
  } : vector<8xf32>, memref<64xf32>
  return
}

// -----

// Rule 4: index vec maps hold dims only...
func.func @gather_symbol_in_index_vec_map(%m: memref<64xf32>, %idx: vector<8xindex>, %i: index, %pad: f32) -> vector<8xf32> {
  // expected-error @+1 {{indexing map of index vec at position 0 may only contain dims}}
  %v = iree_vector_ext.transfer_gather %m[%i] [%idx : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (s0)>]
  } : memref<64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

func.func @scatter_zero_in_index_vec_map(%v: vector<8xf32>, %m: memref<64xf32>, %idx: vector<8xindex>, %i: index) {
  // expected-error @+1 {{indexing map of index vec at position 0 may only contain dims}}
  iree_vector_ext.transfer_scatter %v into %m[%i] [%idx : vector<8xindex>] {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (0)>]
  } : vector<8xf32>, memref<64xf32>
  return
}

// -----

// ...a scalar index needs a map without results...
func.func @gather_scalar_index_with_results(%m: memref<64xf32>, %j: index, %i: index, %pad: f32) -> vector<8xf32> {
  // expected-error @+1 {{scalar index vec at position 0 needs an indexing map without results}}
  %v = iree_vector_ext.transfer_gather %m[%i] [%j : index], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : memref<64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

// ...and a vector's shape is what its map selects from the vector shape.
func.func @gather_index_vec_shape(%m: memref<64x64xf32>, %idx: vector<8xindex>, %i: index, %pad: f32) -> vector<16x8xf32> {
  // expected-error @+1 {{mismatched vector shape for index vec at position 0. Expected: [16], got: [8]}}
  %v = iree_vector_ext.transfer_gather %m[%i, %i] [%idx : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]
  } : memref<64x64xf32>, vector<16x8xf32>
  return %v : vector<16x8xf32>
}

// -----

func.func @scatter_second_index_vec_shape(%v: vector<4x8xf32>, %t: tensor<64x64xf32>, %a: vector<4xindex>, %b: vector<4x8xindex>, %i: index) -> tensor<64x64xf32> {
  // expected-error @+1 {{mismatched vector shape for index vec at position 1. Expected: [8, 4], got: [4, 8]}}
  %r = iree_vector_ext.transfer_scatter %v into %t[%i, %i] [%a, %b : vector<4xindex>, vector<4x8xindex>] {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (s0, s1)>, affine_map<(d0, d1)[s0, s1] -> (d0)>,
                     affine_map<(d0, d1)[s0, s1] -> (d1, d0)>]
  } : vector<4x8xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// Rule 5: the mask map holds dims only, and the mask shape matches it.
func.func @gather_mask_map_symbol(%m: memref<64xf32>, %idx: vector<8xindex>, %i: index, %pad: f32, %mask: vector<8xi1>) -> vector<8xf32> {
  // expected-error @+1 {{mask indexing map may only contain dims}}
  %v = iree_vector_ext.transfer_gather %m[%i] [%idx : vector<8xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>, affine_map<(d0)[s0] -> (s0)>]
  } : memref<64xf32>, vector<8xf32>, vector<8xi1>
  return %v : vector<8xf32>
}

// -----

func.func @scatter_mask_shape(%v: vector<4x8xf32>, %m: memref<64x64xf32>, %i: index, %mask: vector<4x8xi1>) {
  // expected-error @+1 {{mismatched mask shape. Expected: [8], got: [4, 8]}}
  iree_vector_ext.transfer_scatter %v into %m[%i, %i], %mask {
    indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>]
  } : vector<4x8xf32>, memref<64x64xf32>, vector<4x8xi1>
  return
}
