// RUN: imex-opt %s --split-input-file --iree-vector-ext-check-lowered --verify-diagnostics | FileCheck %s

// Nothing left to report: the pass changes nothing and succeeds.
// CHECK-LABEL: func.func @already_lowered
// CHECK:         vector.gather
func.func @already_lowered(%src: memref<16xf32>, %idx: vector<4xindex>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %mask = arith.constant dense<true> : vector<4xi1>
  %pass = arith.constant dense<0.0> : vector<4xf32>
  %0 = vector.gather %src[%c0] [%idx], %mask, %pass : memref<16xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func.func @several_index_vecs(%src: tensor<8x16xf16>, %i0: vector<4xindex>, %i1: vector<4xindex>) -> vector<4xf16> {
  %pad = arith.constant 0.0 : f16
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'iree_vector_ext.transfer_gather' could not be lowered: expected exactly one index vector, found 2}}
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%i0, %i1 : vector<4xindex>, vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0, s1] -> (s0, s1)>, affine_map<(d0)[s0, s1] -> (d0)>,
                     affine_map<(d0)[s0, s1] -> (d0)>]
  } : tensor<8x16xf16>, vector<4xf16>
  return %0 : vector<4xf16>
}

// -----

func.func @non_constant_leading_dim(%v: vector<4xf32>, %dest: tensor<8x16xf32>, %idx: vector<4xindex>) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'iree_vector_ext.transfer_scatter' could not be lowered: leading base dimension 0 is indexed by 'd0', not a constant; vector.gather/scatter only vary the innermost base dimension}}
  %0 = iree_vector_ext.transfer_scatter %v into %dest[%c0, %c0] [%idx : vector<4xindex>] {
    indexing_maps = [affine_map<(d0)[s0] -> (d0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : vector<4xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

func.func @gathered_leading_dim(%src: memref<8x16xf32>, %idx: vector<4xindex>) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{leading base dimension 0 is indexed by 's0', not a constant}}
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%idx : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0, d0)>, affine_map<(d0)[s0] -> (d0)>]
  } : memref<8x16xf32>, vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func.func @scalable_gather(%src: tensor<8x16xf32>, %idx: vector<[4]xindex>) -> vector<[4]xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'iree_vector_ext.transfer_gather' could not be lowered: scalable vectors are not supported}}
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%idx : vector<[4]xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<8x16xf32>, vector<[4]xf32>
  return %0 : vector<[4]xf32>
}

// -----

func.func @scalable_arg_compare(%in: vector<[16]xf32>, %iv: vector<f32>, %ii: vector<i32>) -> (vector<f32>, vector<i32>) {
  // expected-error @+1 {{'iree_vector_ext.arg_compare' could not be lowered: scalable vectors are not supported}}
  %0:2 = iree_vector_ext.arg_compare dimension(0) ins(%in : vector<[16]xf32>)
      inits(%iv, %ii : vector<f32>, vector<i32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<f32>, vector<i32>
  return %0#0, %0#1 : vector<f32>, vector<i32>
}

// -----

func.func @scalar_index(%src: tensor<8x16xf32>, %i: index) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{could not be lowered: the index vector is a scalar index, not a vector}}
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%i : index], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> ()>]
  } : tensor<8x16xf32>, vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func.func @strided_memref(%src: memref<8x16xf32, strided<[32, 2]>>, %idx: vector<4xindex>) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{could not be lowered: the innermost dimension of the memref base does not have unit stride}}
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0] [%idx : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : memref<8x16xf32, strided<[32, 2]>>, vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func.func @zero_d(%src: tensor<16xf32>, %idx: vector<index>) -> vector<f32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{could not be lowered: vector.gather and vector.scatter need a vector of rank >= 1}}
  %0 = iree_vector_ext.transfer_gather %src[%c0] [%idx : vector<index>], %pad {
    indexing_maps = [affine_map<()[s0] -> (s0)>, affine_map<()[s0] -> ()>]
  } : tensor<16xf32>, vector<f32>
  return %0 : vector<f32>
}

// -----

func.func @diagonal_index_vec(%src: tensor<64xf32>, %idx: vector<4x4xindex>) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{could not be lowered: the index vector map repeats a vector dimension}}
  %0 = iree_vector_ext.transfer_gather %src[%c0] [%idx : vector<4x4xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0, d0)>]
  } : tensor<64xf32>, vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func.func @broadcasting_scatter(%v: vector<4x8xf32>, %dest: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'iree_vector_ext.transfer_scatter' could not be lowered: it has no index vector, but vector.transfer_write cannot express it: a vector dimension is written to no base dimension (a scatter cannot broadcast)}}
  iree_vector_ext.transfer_scatter %v into %dest[%c0] {
    indexing_maps = [affine_map<(d0, d1) -> (d1)>]
  } : vector<4x8xf32>, memref<16xf32>
  return
}

// -----

func.func @two_walks(%src: memref<16x16xf32>) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{it has no index vector, but vector.transfer_read cannot express it: vector dimension 0 walks two base dimensions}}
  %0 = iree_vector_ext.transfer_gather %src[%c0, %c0], %pad {
    indexing_maps = [affine_map<(d0) -> (d0, d0)>]
  } : memref<16x16xf32>, vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

// A lowerable op that no lowering reached.
func.func @not_reached(%src: memref<16xf32>, %idx: vector<4xindex>) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{it is lowerable to vector.gather/vector.scatter, but no lowering ran on it}}
  %0 = iree_vector_ext.transfer_gather %src[%c0] [%idx : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : memref<16xf32>, vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

#layout = #iree_vector_ext.nested_layout<
  subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [4], element_tile = [2],
  subgroup_strides = [0], thread_strides = [1]>

func.func @layouts(%v: vector<8xf32>, %t: vector<4x2xf32>) -> (vector<8xf32>, vector<8xf32>) {
  // expected-error @+1 {{'iree_vector_ext.to_layout' could not be lowered: vector layouts are only resolved by GPU vector distribution}}
  %0 = iree_vector_ext.to_layout %v to layout(#layout) : vector<8xf32>
  // expected-error @+1 {{'iree_vector_ext.to_simd' could not be lowered: SIMD/SIMT conversions only exist during GPU vector distribution}}
  %1 = iree_vector_ext.to_simd %t : vector<4x2xf32> -> vector<8xf32>
  return %0, %1 : vector<8xf32>, vector<8xf32>
}
