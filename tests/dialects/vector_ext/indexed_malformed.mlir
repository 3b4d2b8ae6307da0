// RUN: not imex-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: :[[@LINE+2]]:{{[0-9]+}}: error: expected ','
func.func @gather_missing_padding(%m: memref<64xf32>, %i: index) -> vector<8xf32> {
  %v = iree_vector_ext.transfer_gather %m[%i] {indexing_maps = [affine_map<(d0) -> (d0)>]} : memref<64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

// CHECK: :[[@LINE+2]]:{{[0-9]+}}: error: expected ':'
func.func @gather_index_vecs_without_types(%m: memref<64xf32>, %idx: vector<8xindex>, %i: index, %pad: f32) -> vector<8xf32> {
  %v = iree_vector_ext.transfer_gather %m[%i] [%idx], %pad {indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]} : memref<64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

// CHECK: :[[@LINE+2]]:{{[0-9]+}}: error: custom op 'iree_vector_ext.transfer_gather' number of operands and types do not match: got 1 operands and 0 types
func.func @gather_mask_without_type(%m: memref<64xf32>, %i: index, %pad: f32, %mask: vector<8xi1>) -> vector<8xf32> {
  %v = iree_vector_ext.transfer_gather %m[%i], %pad, %mask {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]} : memref<64xf32>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

// CHECK: :[[@LINE+2]]:{{[0-9]+}}: error: 'iree_vector_ext.transfer_gather' op operand #0 must be shaped of any type values, but got 'f32'
func.func @gather_scalar_base(%s: f32, %pad: f32) -> vector<8xf32> {
  %v = "iree_vector_ext.transfer_gather"(%s, %pad) <{indexing_maps = [affine_map<(d0) -> (0)>], operandSegmentSizes = array<i32: 1, 0, 0, 1, 0>}> : (f32, f32) -> vector<8xf32>
  return %v : vector<8xf32>
}

// -----

// CHECK: :[[@LINE+2]]:{{[0-9]+}}: error: custom op 'iree_vector_ext.transfer_gather' invalid kind of type specified: expected builtin.vector, but found 'tensor<8xf32>'
func.func @gather_tensor_result(%m: memref<64xf32>, %i: index, %pad: f32) -> tensor<8xf32> {
  %v = iree_vector_ext.transfer_gather %m[%i], %pad {indexing_maps = [affine_map<(d0) -> (d0)>]} : memref<64xf32>, tensor<8xf32>
  return %v : tensor<8xf32>
}

// -----

// CHECK: :[[@LINE+2]]:{{[0-9]+}}: error: custom op 'iree_vector_ext.transfer_scatter' expected 'into'
func.func @scatter_missing_into(%v: vector<8xf32>, %m: memref<64xf32>, %i: index) {
  iree_vector_ext.transfer_scatter %v, %m[%i] {indexing_maps = [affine_map<(d0) -> (d0)>]} : vector<8xf32>, memref<64xf32>
  return
}

// -----

// CHECK: :[[@LINE+2]]:{{[0-9]+}}: error: 'iree_vector_ext.transfer_scatter' op operand count (3) does not match with the total size (2) specified in attribute 'operandSegmentSizes'
func.func @scatter_bad_segments(%v: vector<8xf32>, %m: memref<64xf32>, %i: index) {
  "iree_vector_ext.transfer_scatter"(%m, %v, %i) <{indexing_maps = [affine_map<(d0) -> (d0)>], operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (memref<64xf32>, vector<8xf32>, index) -> ()
  return
}

// -----

// CHECK: :[[@LINE+2]]:{{[0-9]+}}: error: custom op 'iree_vector_ext.arg_compare' expected 'dimension'
func.func @arg_compare_missing_dimension(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  %r:2 = iree_vector_ext.arg_compare ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

// CHECK: :[[@LINE+2]]:{{[0-9]+}}: error: expected attribute value
func.func @arg_compare_dimension_not_integer(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  %r:2 = iree_vector_ext.arg_compare dimension(one) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

// CHECK: :[[@LINE+6]]:{{[0-9]+}}: error: expected '->'
func.func @arg_compare_missing_result_types(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  }
  return
}

// -----

// CHECK: :[[@LINE+2]]:{{[0-9]+}}: error: 'iree_vector_ext.arg_compare' op operand #3 must be index, but got 'i32'
func.func @arg_compare_index_base_type(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>, %b: i32) {
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) index_base(%b : i32) {
  ^bb0(%a: f32, %c: f32):
    %p = arith.cmpf ogt, %a, %c : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

// CHECK: :[[@LINE+2]]:{{[0-9]+}}: error: custom op 'iree_vector_ext.arg_compare' invalid kind of type specified: expected builtin.vector, but found 'tensor<4x32xf32>'
func.func @arg_compare_tensor_input(%x: tensor<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : tensor<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %c: f32):
    %p = arith.cmpf ogt, %a, %c : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  return
}

// -----

// CHECK: :[[@LINE+5]]:{{[0-9]+}}: error: expected ':'
func.func @yield_without_type(%x: vector<4x32xf32>, %v: vector<4xf32>, %i: vector<4xi32>) {
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<4x32xf32>) inits(%v, %i : vector<4xf32>, vector<4xi32>) {
  ^bb0(%a: f32, %c: f32):
    %p = arith.cmpf ogt, %a, %c : f32
    iree_vector_ext.yield %p
  } -> vector<4xf32>, vector<4xi32>
  return
}
