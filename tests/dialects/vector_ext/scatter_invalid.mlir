// RUN: imex-opt %s -split-input-file -verify-diagnostics

func.func @scatter_tensor_without_result(%v: vector<8xf32>, %t: tensor<64xf32>, %i: index) {
  // expected-error @+1 {{'iree_vector_ext.transfer_scatter' op expected result for tensor operand}}
  iree_vector_ext.transfer_scatter %v into %t[%i] {
    indexing_maps = [affine_map<(d0) -> (d0)>]
  } : vector<8xf32>, tensor<64xf32>
  return
}

// -----

func.func @scatter_result_type(%v: vector<8xf32>, %t: tensor<64xf32>, %i: index) -> tensor<?xf32> {
  // expected-error @+1 {{'iree_vector_ext.transfer_scatter' op result type must match base type}}
  %r = iree_vector_ext.transfer_scatter %v into %t[%i] {
    indexing_maps = [affine_map<(d0) -> (d0)>]
  } : vector<8xf32>, tensor<64xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @scatter_memref_with_result(%v: vector<8xf32>, %m: memref<64xf32>, %i: index) -> tensor<64xf32> {
  // expected-error @+1 {{'iree_vector_ext.transfer_scatter' op unexpected result for memref operand}}
  %r = iree_vector_ext.transfer_scatter %v into %m[%i] {
    indexing_maps = [affine_map<(d0) -> (d0)>]
  } : vector<8xf32>, memref<64xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

func.func @scatter_element_types(%v: vector<8xf16>, %m: memref<64xf32>, %i: index) {
  // expected-error @+1 {{failed to verify that all of {base, vector} have same element type}}
  iree_vector_ext.transfer_scatter %v into %m[%i] {
    indexing_maps = [affine_map<(d0) -> (d0)>]
  } : vector<8xf16>, memref<64xf32>
  return
}

// -----

func.func @scatter_memref_memref_result(%v: vector<8xf32>, %m: memref<64xf32>, %i: index) -> memref<64xf32> {
  // expected-error @+1 {{'iree_vector_ext.transfer_scatter' op unexpected result for memref operand}}
  %r = iree_vector_ext.transfer_scatter %v into %m[%i] {
    indexing_maps = [affine_map<(d0) -> (d0)>]
  } : vector<8xf32>, memref<64xf32> -> memref<64xf32>
  return %r : memref<64xf32>
}
