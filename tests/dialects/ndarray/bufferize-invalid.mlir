// RUN: imex-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries" -verify-diagnostics

// Shapes and element types the verifiers leave unchecked but bufferization
// cannot express.

func.func @subview_result_shape(%src: tensor<?x8xf32>) -> tensor<5xf32> {
  // expected-error @+2 {{result shape is not a rank reduction of the sizes}}
  // expected-error @+1 {{failed to bufferize op}}
  %0 = ndarray.subview %src[0, 0] [2, 4] [1, 1] : tensor<?x8xf32> to tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @insert_slice_source_shape(%dst: tensor<?x8xf32>, %src: tensor<2x4xf32>) -> tensor<?x8xf32> {
  // expected-error @+2 {{source shape is not a rank reduction of the sizes}}
  // expected-error @+1 {{failed to bufferize op}}
  %0 = ndarray.insert_slice %src into %dst[0, 0] [4, 2] [1, 1] : tensor<2x4xf32> into tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

func.func @insert_slice_element_type(%dst: tensor<?xf32>, %src: tensor<4xi32>) -> tensor<?xf32> {
  // expected-error @+2 {{source and destination element types differ}}
  // expected-error @+1 {{failed to bufferize op}}
  %0 = ndarray.insert_slice %src into %dst[0] [4] [1] : tensor<4xi32> into tensor<?xf32>
  return %0 : tensor<?xf32>
}
