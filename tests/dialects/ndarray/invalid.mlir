// RUN: imex-opt %s -split-input-file -verify-diagnostics

// One case per verifier rule (traits, type constraints and the
// offset/size/stride interface rules).

func.func @copy_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{'ndarray.copy' op requires the same shape for all operands and results}}
  %0 = ndarray.copy %a : tensor<4xf32> -> tensor<5xf32>
  return
}

// -----

func.func @copy_element_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{'ndarray.copy' op requires the same element type for all operands and results}}
  %0 = ndarray.copy %a : tensor<4xf32> -> tensor<4xf64>
  return
}

// -----

func.func @copy_not_tensor(%a: memref<4xf32>) {
  // expected-error @+1 {{'ndarray.copy' op operand #0 must be ranked tensor of any type values, but got 'memref<4xf32>'}}
  %0 = ndarray.copy %a : memref<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @copy_unranked_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{'ndarray.copy' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = ndarray.copy %a : tensor<4xf32> -> tensor<*xf32>
  return
}

// -----

func.func @delete_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'ndarray.delete' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  ndarray.delete %a : tensor<*xf32>
  return
}

// -----

func.func @subview_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'ndarray.subview' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "ndarray.subview"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64>, static_sizes = array<i64>, static_strides = array<i64>}> : (tensor<*xf32>) -> tensor<f32>
  return
}

// -----

func.func @subview_result_not_tensor(%a: tensor<4xf32>) {
  // expected-error @+1 {{'ndarray.subview' op result #0 must be ranked tensor of any type values, but got 'memref<2xf32>'}}
  %0 = ndarray.subview %a[0] [2] [1] : tensor<4xf32> to memref<2xf32>
  return
}

// -----

func.func @subview_too_few_entries(%a: tensor<?x8xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %0 = ndarray.subview %a[0] [1] [1] : tensor<?x8xf32> to tensor<1xf32>
  return
}

// -----

func.func @subview_too_many_entries(%a: tensor<?x8xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 3}}
  %0 = ndarray.subview %a[0, 0, 0] [1, 1, 1] [1, 1, 1] : tensor<?x8xf32> to tensor<1xf32>
  return
}

// -----

func.func @subview_offsets_vs_sizes(%a: tensor<?x8xf32>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed}}
  %0 = ndarray.subview %a[0, 0] [1] [1, 1] : tensor<?x8xf32> to tensor<1xf32>
  return
}

// -----

func.func @subview_sizes_vs_strides(%a: tensor<?x8xf32>) {
  // expected-error @+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed}}
  %0 = ndarray.subview %a[0, 0] [1, 1] [1] : tensor<?x8xf32> to tensor<1xf32>
  return
}

// -----

func.func @subview_dynamic_offsets(%a: tensor<?x8xf32>, %i: index) {
  // expected-error @+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (1 vs 0)}}
  %0 = "ndarray.subview"(%a, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1, 2>, static_strides = array<i64: 1, 1>}> : (tensor<?x8xf32>, index) -> tensor<1x2xf32>
  return
}

// -----

func.func @subview_dynamic_sizes(%a: tensor<?x8xf32>) {
  // expected-error @+1 {{expected the number of 'sizes' to match the number of dynamic entries in 'static_sizes' (0 vs 1)}}
  %0 = "ndarray.subview"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: -9223372036854775808, 2>, static_strides = array<i64: 1, 1>}> : (tensor<?x8xf32>) -> tensor<?x2xf32>
  return
}

// -----

func.func @subview_dynamic_strides(%a: tensor<?x8xf32>, %i: index) {
  // expected-error @+1 {{expected the number of 'strides' to match the number of dynamic entries in 'static_strides' (2 vs 1)}}
  %0 = "ndarray.subview"(%a, %i, %i) <{operandSegmentSizes = array<i32: 1, 0, 0, 2>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1, 2>, static_strides = array<i64: 1, -9223372036854775808>}> : (tensor<?x8xf32>, index, index) -> tensor<1x2xf32>
  return
}

// -----

func.func @subview_negative_offset(%a: tensor<?x8xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
  %0 = ndarray.subview %a[-1, 0] [1, 2] [1, 1] : tensor<?x8xf32> to tensor<1x2xf32>
  return
}

// -----

func.func @subview_negative_size(%a: tensor<?x8xf32>) {
  // expected-error @+1 {{expected sizes to be non-negative, but got -2}}
  %0 = ndarray.subview %a[0, 0] [1, -2] [1, 1] : tensor<?x8xf32> to tensor<1x2xf32>
  return
}

// -----

func.func @subview_index_operands(%a: tensor<?x8xf32>, %i: i32) {
  // expected-error @+1 {{'ndarray.subview' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "ndarray.subview"(%a, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 1, 2>, static_strides = array<i64: 1, 1>}> : (tensor<?x8xf32>, i32) -> tensor<1x2xf32>
  return
}

// -----

func.func @subview_segments(%a: tensor<?x8xf32>, %i: index) {
  // expected-error @+1 {{'ndarray.subview' op operand count (2) does not match with the total size (1) specified in attribute 'operandSegmentSizes'}}
  %0 = "ndarray.subview"(%a, %i) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1, 2>, static_strides = array<i64: 1, 1>}> : (tensor<?x8xf32>, index) -> tensor<1x2xf32>
  return
}

// -----

func.func @subview_missing_property(%a: tensor<?x8xf32>) {
  // expected-error @+1 {{'ndarray.subview' op requires attribute 'static_sizes'}}
  %0 = "ndarray.subview"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_strides = array<i64: 1, 1>}> : (tensor<?x8xf32>) -> tensor<1x2xf32>
  return
}

// -----

func.func @insert_slice_result_type(%d: tensor<?xf32>, %v: tensor<4xf32>) {
  // expected-error @+1 {{'ndarray.insert_slice' op failed to verify that result type matches the destination type}}
  %0 = "ndarray.insert_slice"(%d, %v) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @insert_slice_no_result(%d: tensor<?xf32>, %v: tensor<4xf32>) {
  // expected-error @+1 {{'ndarray.insert_slice' op requires one result}}
  "ndarray.insert_slice"(%d, %v) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<?xf32>, tensor<4xf32>) -> ()
  return
}

// -----

func.func @insert_slice_unranked_source(%d: tensor<?xf32>, %v: tensor<*xf32>) {
  // expected-error @+1 {{'ndarray.insert_slice' op operand #1 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = ndarray.insert_slice %v into %d[0] [4] [1] : tensor<*xf32> into tensor<?xf32>
  return
}

// -----

// The lists have the rank of the destination, not of the source.
func.func @insert_slice_destination_rank(%d: tensor<?x8xf32>, %v: tensor<4xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %0 = ndarray.insert_slice %v into %d[0] [4] [1] : tensor<4xf32> into tensor<?x8xf32>
  return
}

// -----

func.func @insert_slice_offsets_vs_sizes(%d: tensor<?x8xf32>, %v: tensor<4xf32>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed}}
  %0 = ndarray.insert_slice %v into %d[0, 0] [4] [1, 1] : tensor<4xf32> into tensor<?x8xf32>
  return
}

// -----

func.func @insert_slice_dynamic_offsets(%d: tensor<?xf32>, %v: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (1 vs 0)}}
  %0 = "ndarray.insert_slice"(%d, %v, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<?xf32>, tensor<4xf32>, index) -> tensor<?xf32>
  return
}

// -----

func.func @insert_slice_negative_offset(%d: tensor<?xf32>, %v: tensor<4xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -3}}
  %0 = ndarray.insert_slice %v into %d[-3] [4] [1] : tensor<4xf32> into tensor<?xf32>
  return
}

// -----

func.func @insert_slice_negative_size(%d: tensor<?xf32>, %v: tensor<4xf32>) {
  // expected-error @+1 {{expected sizes to be non-negative, but got -4}}
  %0 = ndarray.insert_slice %v into %d[0] [-4] [1] : tensor<4xf32> into tensor<?xf32>
  return
}

// -----

func.func @linspace_result(%x: f32) {
  // expected-error @+1 {{'ndarray.linspace' op result #0 must be ranked tensor of any type values, but got 'memref<?xf32>'}}
  %0 = ndarray.linspace %x %x %x true : (f32, f32, f32) -> memref<?xf32>
  return
}

// -----

func.func @linspace_rank(%x: f32, %n: index) {
  // expected-error @+1 {{'ndarray.linspace' op result must be 1-D, not 'tensor<?x2xf32>'}}
  %0 = ndarray.linspace %x %x %n true : (f32, f32, index) -> tensor<?x2xf32>
  return
}

// -----

func.func @linspace_negative_num(%x: f32) {
  %n = arith.constant -5 : index
  // expected-error @+1 {{'ndarray.linspace' op num must be non-negative, not -5}}
  %0 = ndarray.linspace %x %x %n true : (f32, f32, index) -> tensor<?xf32>
  return
}

// -----

func.func @linspace_num_mismatch(%x: f32) {
  %n = arith.constant 3 : i64
  // expected-error @+1 {{'ndarray.linspace' op result has 7 elements but num is 3}}
  %0 = ndarray.linspace %x %x %n true : (f32, f32, i64) -> tensor<7xf32>
  return
}

// -----

func.func @reshape_shape_operands(%a: tensor<?xf32>, %i: i32) {
  // expected-error @+1 {{'ndarray.reshape' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "ndarray.reshape"(%a, %i) : (tensor<?xf32>, i32) -> tensor<?xf32>
  return
}

// -----

func.func @reshape_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'ndarray.reshape' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = ndarray.reshape %a : tensor<*xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reshape_copy_type(%a: tensor<?xf32>) {
  // expected-error @+1 {{'ndarray.reshape' op attribute 'copy' failed to satisfy constraint: bool attribute}}
  %0 = ndarray.reshape %a {copy = 1} : tensor<?xf32> -> tensor<?xf32>
  return
}

// -----

func.func @cast_elemtype_copy_type(%a: tensor<?xf32>) {
  // expected-error @+1 {{'ndarray.cast_elemtype' op attribute 'copy' failed to satisfy constraint: 1-bit signless integer attribute}}
  %0 = ndarray.cast_elemtype %a {copy = "yes"} : tensor<?xf32> to tensor<?xi32>
  return
}

// -----

func.func @cast_elemtype_result(%a: tensor<?xf32>) {
  // expected-error @+1 {{'ndarray.cast_elemtype' op result #0 must be ranked tensor of any type values, but got 'vector<4xi32>'}}
  %0 = ndarray.cast_elemtype %a : tensor<?xf32> to vector<4xi32>
  return
}
