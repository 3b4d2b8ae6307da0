// RUN: imex-opt %s -split-input-file -verify-diagnostics

// The padding has the base element type.
// expected-note @+1 {{prior use here}}
func.func @gather_padding_type(%m: memref<64xf32>, %i: index, %pad: f16) -> vector<8xf32> {
  // expected-error @+1 {{use of value '%pad' expects different type than prior uses: 'f32' vs 'f16'}}
  %v = iree_vector_ext.transfer_gather %m[%i], %pad {
    indexing_maps = [affine_map<(d0) -> (d0)>]
  } : memref<64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

// The same rule in the generic form, where the padding type is spelled out.
func.func @gather_padding_type_generic(%m: memref<64xf32>, %i: index, %pad: f16) -> vector<8xf32> {
  // expected-error @+1 {{failed to verify that padding type is the base element type}}
  %v = "iree_vector_ext.transfer_gather"(%m, %i, %pad) <{
    indexing_maps = [affine_map<(d0) -> (d0)>],
    operandSegmentSizes = array<i32: 1, 1, 0, 1, 0>
  }> : (memref<64xf32>, index, f16) -> vector<8xf32>
  return %v : vector<8xf32>
}

// -----

func.func @gather_index_vec_element_type(%m: memref<64xf32>, %idx: vector<8xi32>, %i: index, %pad: f32) -> vector<8xf32> {
  // expected-error @+1 {{operand #2 must be variadic of index or vector of index}}
  %v = iree_vector_ext.transfer_gather %m[%i] [%idx : vector<8xi32>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : memref<64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

func.func @gather_mask_element_type(%m: memref<64xf32>, %i: index, %pad: f32, %mask: vector<8xi8>) -> vector<8xf32> {
  // expected-error @+1 {{operand #3 must be vector of 1-bit signless integer values}}
  %v = iree_vector_ext.transfer_gather %m[%i], %pad, %mask {
    indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]
  } : memref<64xf32>, vector<8xf32>, vector<8xi8>
  return %v : vector<8xf32>
}

// -----

func.func @gather_missing_maps(%m: memref<64xf32>, %i: index, %pad: f32) -> vector<8xf32> {
  // expected-error @+1 {{requires attribute 'indexing_maps'}}
  %v = iree_vector_ext.transfer_gather %m[%i], %pad : memref<64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

func.func @gather_maps_not_maps(%m: memref<64xf32>, %i: index, %pad: f32) -> vector<8xf32> {
  // expected-error @+1 {{attribute 'indexing_maps' failed to satisfy constraint: AffineMap array attribute}}
  %v = iree_vector_ext.transfer_gather %m[%i], %pad {indexing_maps = [1 : i64]} : memref<64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}
