// RUN: not imex-opt %s -split-input-file 2>&1 | FileCheck %s

// Malformed input ends in a diagnostic and a non-zero exit, never a crash.

// CHECK: error: expected attribute value
// CHECK: error: failed to parse NDArray_EnvsAttr parameter 'envs'
func.func @envs_empty(%a: tensor<4xf32, #ndarray.envs<>>) {
  return
}

// -----

// CHECK: error: expected attribute value
func.func @envs_trailing_comma(%a: tensor<4xf32, #ndarray.envs<"a", >>) {
  return
}

// -----

// CHECK: error: expected '>'
func.func @envs_unterminated(%a: tensor<4xf32, #ndarray.envs<"a" "b">>) {
  return
}

// -----

// CHECK: error: duplicate or unknown struct parameter name: dev
func.func @envs_bad_member(%a: tensor<4xf32, #ndarray.envs<#region.gpu_env<dev = "g">>>) {
  return
}

// -----

// CHECK: error: unknown attribute `env` in dialect `ndarray`
func.func @unknown_attribute(%a: tensor<4xf32, #ndarray.env<"a">>) {
  return
}

// -----

// CHECK: error: custom op 'ndarray.slice' is unknown
func.func @unknown_op(%a: tensor<4xf32>) {
  %0 = ndarray.slice %a : tensor<4xf32>
  return
}

// -----

// CHECK: error: custom op 'ndarray.linspace' expected 'false'
func.func @linspace_no_endpoint(%x: f64, %n: index) {
  %0 = ndarray.linspace %x %x %n : (f64, f64, index) -> tensor<?xf64>
  return
}

// -----

// CHECK: error: custom op 'ndarray.linspace' number of operands and types do not match: got 3 operands and 2 types
func.func @linspace_operand_types(%x: f64, %n: index) {
  %0 = ndarray.linspace %x %x %n true : (f64, f64) -> tensor<?xf64>
  return
}

// -----

// CHECK: error: expected '[' in dynamic index list
func.func @subview_missing_strides(%a: tensor<?xf32>) {
  %0 = ndarray.subview %a[0] [4] : tensor<?xf32> to tensor<4xf32>
  return
}

// -----

// CHECK: error: use of value '%i' expects different type than prior uses: 'index' vs 'i32'
func.func @subview_non_index(%a: tensor<?xf32>, %i: i32) {
  %0 = ndarray.subview %a[%i] [4] [1] : tensor<?xf32> to tensor<4xf32>
  return
}

// -----

// CHECK: error: custom op 'ndarray.subview' expected 'to'
func.func @subview_missing_result_type(%a: tensor<?xf32>) {
  %0 = ndarray.subview %a[0] [4] [1] : tensor<?xf32>
  return
}

// -----

// CHECK: error: custom op 'ndarray.insert_slice' expected 'into'
func.func @insert_slice_missing_destination_type(%a: tensor<?xf32>, %v: tensor<4xf32>) {
  %0 = ndarray.insert_slice %v into %a[0] [4] [1] : tensor<4xf32>
  return
}

// -----

// CHECK: error: expected '->'
func.func @copy_missing_result_type(%a: tensor<4xf32>) {
  %0 = ndarray.copy %a : tensor<4xf32>
  return
}

// -----

// CHECK: error: invalid properties {copy = 1 : i64} for op ndarray.reshape: Invalid attribute `copy` in property conversion: 1 : i64
func.func @reshape_copy_property(%a: tensor<?xf32>) {
  %0 = "ndarray.reshape"(%a) <{copy = 1}> : (tensor<?xf32>) -> tensor<?xf32>
  return
}

// -----

// CHECK: error: invalid properties {endpoint = 1 : i32} for op ndarray.linspace: Invalid attribute `endpoint` in property conversion: 1 : i32
func.func @linspace_endpoint_property(%x: i32) {
  %0 = "ndarray.linspace"(%x, %x, %x) <{endpoint = 1 : i32}> : (i32, i32, i32) -> tensor<?xi32>
  return
}

// -----

// CHECK: error: invalid properties {{.*}} for op ndarray.subview: Invalid attribute `static_offsets` in property conversion: [0]
func.func @subview_offsets_property(%a: tensor<?xf32>) {
  %0 = "ndarray.subview"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = [0], static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<?xf32>) -> tensor<4xf32>
  return
}

// -----

// CHECK: error: invalid properties {bogus = 1 : i64} for op ndarray.copy: this operation does not support properties
func.func @copy_properties(%a: tensor<4xf32>) {
  %0 = "ndarray.copy"(%a) <{bogus = 1}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}
