// iree_vector_ext.to_simd / to_simt: verifier rules and malformed syntax.
// RUN: imex-opt %s -split-input-file -verify-diagnostics
// RUN: not imex-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=EXIT

// EXIT: error: 'iree_vector_ext.to_simd' op requires the same element type for all operands and results
func.func @to_simd_element_type(%simt: vector<2x2xf16>) -> vector<64xf32> {
  // expected-error @+1 {{'iree_vector_ext.to_simd' op requires the same element type for all operands and results}}
  %simd = iree_vector_ext.to_simd %simt : vector<2x2xf16> -> vector<64xf32>
  return %simd : vector<64xf32>
}

// -----

// EXIT: error: 'iree_vector_ext.to_simt' op requires the same element type for all operands and results
func.func @to_simt_element_type(%simd: vector<64xf32>) -> vector<2x2xf16> {
  // expected-error @+1 {{'iree_vector_ext.to_simt' op requires the same element type for all operands and results}}
  %simt = iree_vector_ext.to_simt %simd : vector<64xf32> -> vector<2x2xf16>
  return %simt : vector<2x2xf16>
}

// -----

// EXIT: error: 'iree_vector_ext.to_simd' op operand #0 must be vector of any type values, but got 'tensor<4xf16>'
func.func @to_simd_tensor(%t: tensor<4xf16>) -> vector<4xf16> {
  // expected-error @+1 {{'iree_vector_ext.to_simd' op operand #0 must be vector of any type values, but got 'tensor<4xf16>'}}
  %0 = "iree_vector_ext.to_simd"(%t) : (tensor<4xf16>) -> vector<4xf16>
  return %0 : vector<4xf16>
}

// -----

// EXIT: error: 'iree_vector_ext.to_simt' op result #0 must be vector of any type values, but got 'f16'
func.func @to_simt_scalar_result(%v: vector<1xf16>) -> f16 {
  // expected-error @+1 {{'iree_vector_ext.to_simt' op result #0 must be vector of any type values, but got 'f16'}}
  %0 = "iree_vector_ext.to_simt"(%v) : (vector<1xf16>) -> f16
  return %0 : f16
}

// -----

func.func @to_simt_tensor_custom(%v: vector<4xf16>) -> tensor<4xf16> {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.vector, but found 'tensor<4xf16>'}}
  %0 = iree_vector_ext.to_simt %v : vector<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// EXIT: error: 'iree_vector_ext.to_simt' op requires a single operand
func.func @two_operands(%v: vector<4xf16>) -> vector<4xf16> {
  // expected-error @+1 {{'iree_vector_ext.to_simt' op requires a single operand}}
  %0 = "iree_vector_ext.to_simt"(%v, %v) : (vector<4xf16>, vector<4xf16>) -> vector<4xf16>
  return %0 : vector<4xf16>
}

// -----

// EXIT: error: expected '->'
func.func @missing_result_type(%v: vector<4xf16>) -> vector<4xf16> {
  // expected-error @+1 {{expected '->'}}
  %0 = iree_vector_ext.to_simd %v : vector<4xf16>
  return %0 : vector<4xf16>
}
