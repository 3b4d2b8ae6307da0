// iree_vector_ext.to_layout: every verifier rule and malformed syntax ends in
// a diagnostic and a failing exit code.
// RUN: imex-opt %s -split-input-file -verify-diagnostics
// RUN: not imex-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=EXIT

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1],
  thread_tile = [1, 1], element_tile = [1, 1], subgroup_strides = [0, 0], thread_strides = [0, 0]>

// EXIT: error: Vector shape: [32, 32] does not match the layout
func.func @dim_mismatch(%v: vector<32x32xf16>) -> vector<32x32xf16> {
  // expected-error @+1 {{Vector shape: [32, 32] does not match the layout (nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [1, 1], element_tile = [1, 1], subgroup_strides = [0, 0], thread_strides = [0, 0]>) at dim 0. Dimension expected by layout: 1 actual: 32}}
  %0 = iree_vector_ext.to_layout %v to layout(#layout) : vector<32x32xf16>
  return %0 : vector<32x32xf16>
}

// -----

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1],
  thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>

// The first mismatching dim is reported.
func.func @inner_dim_mismatch(%v: vector<64x32xf16>) -> vector<64x32xf16> {
  // expected-error @+1 {{Vector shape: [64, 32] does not match the layout (nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1], thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>) at dim 1. Dimension expected by layout: 64 actual: 32}}
  %0 = iree_vector_ext.to_layout %v to layout(#layout) : vector<64x32xf16>
  return %0 : vector<64x32xf16>
}

// -----

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1],
  thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>

// Dynamic memref dims are skipped and printed as '?'; static ones are checked.
func.func @memref_dim_mismatch(%m: memref<?x16xf16>) -> memref<?x16xf16> {
  // expected-error @+1 {{Vector shape: [?, 16] does not match the layout (nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1], thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>) at dim 1. Dimension expected by layout: 64 actual: 16}}
  %0 = iree_vector_ext.to_layout %m to layout(#layout) : memref<?x16xf16>
  return %0 : memref<?x16xf16>
}

// -----

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1],
  thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>

// EXIT: error: Rank of vector (1) does not match rank of layout (2).
func.func @vector_rank_mismatch(%v: vector<4096xf16>) -> vector<4096xf16> {
  // expected-error @+1 {{Rank of vector (1) does not match rank of layout (2).}}
  %0 = iree_vector_ext.to_layout %v to layout(#layout) : vector<4096xf16>
  return %0 : vector<4096xf16>
}

// -----

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1],
  thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>

// Tensors are still checked for their rank.
func.func @tensor_rank_mismatch(%t: tensor<64x64x1xf16>) -> tensor<64x64x1xf16> {
  // expected-error @+1 {{Rank of vector (3) does not match rank of layout (2).}}
  %0 = iree_vector_ext.to_layout %t to layout(#layout) : tensor<64x64x1xf16>
  return %0 : tensor<64x64x1xf16>
}

// -----

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1],
  thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>

// EXIT: error: a layout needs a ranked shaped type, got 'tensor<*xf16>'
func.func @unranked(%t: tensor<*xf16>) -> tensor<*xf16> {
  // expected-error @+1 {{a layout needs a ranked shaped type, got 'tensor<*xf16>'}}
  %0 = iree_vector_ext.to_layout %t to layout(#layout) : tensor<*xf16>
  return %0 : tensor<*xf16>
}

// -----

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1],
  thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>

// EXIT: error: 'iree_vector_ext.to_layout' op failed to verify that all of {input, output} have same type
func.func @result_type_mismatch(%v: vector<64x64xf16>) -> vector<64x64xf32> {
  // expected-error @+1 {{'iree_vector_ext.to_layout' op failed to verify that all of {input, output} have same type}}
  %0 = "iree_vector_ext.to_layout"(%v) <{layout = #layout}> : (vector<64x64xf16>) -> vector<64x64xf32>
  return %0 : vector<64x64xf32>
}

// -----

// EXIT: error: 'iree_vector_ext.to_layout' op attribute 'layout' failed to satisfy constraint: VectorLayoutInterface instance
func.func @not_a_layout(%v: vector<64x64xf16>) -> vector<64x64xf16> {
  // expected-error @+1 {{'iree_vector_ext.to_layout' op attribute 'layout' failed to satisfy constraint: VectorLayoutInterface instance}}
  %0 = "iree_vector_ext.to_layout"(%v) {layout = [1, 2]} : (vector<64x64xf16>) -> vector<64x64xf16>
  return %0 : vector<64x64xf16>
}

// -----

// EXIT: error: invalid properties {layout = [1, 2]} for op iree_vector_ext.to_layout
func.func @not_a_layout_property(%v: vector<64x64xf16>) -> vector<64x64xf16> {
  // expected-error @+1 {{invalid properties {layout = [1, 2]} for op iree_vector_ext.to_layout: Invalid attribute `layout` in property conversion: [1, 2]}}
  %0 = "iree_vector_ext.to_layout"(%v) <{layout = [1, 2]}> : (vector<64x64xf16>) -> vector<64x64xf16>
  return %0 : vector<64x64xf16>
}

// -----

// EXIT: error: 'iree_vector_ext.to_layout' op requires attribute 'layout'
func.func @missing_layout(%v: vector<64x64xf16>) -> vector<64x64xf16> {
  // expected-error @+1 {{'iree_vector_ext.to_layout' op requires attribute 'layout'}}
  %0 = "iree_vector_ext.to_layout"(%v) : (vector<64x64xf16>) -> vector<64x64xf16>
  return %0 : vector<64x64xf16>
}

// -----

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [], batch_tile = [], outer_tile = [],
  thread_tile = [], element_tile = [], subgroup_strides = [], thread_strides = []>

// EXIT: error: 'iree_vector_ext.to_layout' op operand #0 must be shaped of any type values, but got 'f32'
func.func @not_shaped(%f: f32) -> f32 {
  // expected-error @+1 {{'iree_vector_ext.to_layout' op operand #0 must be shaped of any type values, but got 'f32'}}
  %0 = "iree_vector_ext.to_layout"(%f) <{layout = #layout}> : (f32) -> f32
  return %0 : f32
}

// -----

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [], batch_tile = [], outer_tile = [],
  thread_tile = [], element_tile = [], subgroup_strides = [], thread_strides = []>

func.func @not_shaped_custom(%f: f32) -> f32 {
  // expected-error @+1 {{invalid kind of type specified}}
  %0 = iree_vector_ext.to_layout %f to layout(#layout) : f32
  return %0 : f32
}

// -----

func.func @custom_layout_not_a_layout(%v: vector<64x64xf16>) -> vector<64x64xf16> {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %0 = iree_vector_ext.to_layout %v to layout([1, 2]) : vector<64x64xf16>
  return %0 : vector<64x64xf16>
}

// -----

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1],
  thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>

// EXIT: error: custom op 'iree_vector_ext.to_layout' expected 'to'
func.func @missing_to(%v: vector<64x64xf16>) -> vector<64x64xf16> {
  // expected-error @+1 {{custom op 'iree_vector_ext.to_layout' expected 'to'}}
  %0 = iree_vector_ext.to_layout %v layout(#layout) : vector<64x64xf16>
  return %0 : vector<64x64xf16>
}

// -----

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1],
  thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>

func.func @missing_type(%v: vector<64x64xf16>) -> vector<64x64xf16> {
  // expected-error @+1 {{expected ':'}}
  %0 = iree_vector_ext.to_layout %v to layout(#layout)
  return %0 : vector<64x64xf16>
}
