// RUN: imex-opt %s --split-input-file --iree-vector-ext-fold-unit-extent-dims --mlir-print-local-scope | FileCheck %s
// The pass is anchored on any op: it also runs nested under func.func.
// RUN: imex-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(iree-vector-ext-fold-unit-extent-dims))' --mlir-print-local-scope | FileCheck %s

#layout = #iree_vector_ext.nested_layout<
  subgroup_tile = [1, 1, 1, 1], batch_tile = [1, 1, 64, 1], outer_tile = [1, 1, 1, 1],
  thread_tile = [1, 1, 2, 128], element_tile = [1, 1, 1, 8],
  subgroup_strides = [0, 0, 0, 0], thread_strides = [0, 0, 128, 1]>

// Static unit dims with a dynamic dim: extract_slice drops the unit dims,
// to_layout gets the projected layout, insert_slice restores the shape.
// CHECK-LABEL: func.func @dynamic_shape
// CHECK-SAME:    (%[[ARG:.+]]: tensor<1x1x128x?xf16>)
// CHECK:         %[[C3:.+]] = arith.constant 3 : index
// CHECK:         %[[DIM:.+]] = tensor.dim %[[ARG]], %[[C3]] : tensor<1x1x128x?xf16>
// CHECK:         %[[SLICE:.+]] = tensor.extract_slice %[[ARG]][0, 0, 0, 0] [1, 1, 128, %[[DIM]]] [1, 1, 1, 1] : tensor<1x1x128x?xf16> to tensor<128x?xf16>
// CHECK:         %[[LAYOUT:.+]] = iree_vector_ext.to_layout %[[SLICE]] to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [64, 1], outer_tile = [1, 1], thread_tile = [2, 128], element_tile = [1, 8], subgroup_strides = [0, 0], thread_strides = [128, 1]>) : tensor<128x?xf16>
// CHECK:         %[[DIM2:.+]] = tensor.dim %[[ARG]], %[[C3]] : tensor<1x1x128x?xf16>
// CHECK:         %[[EMPTY:.+]] = tensor.empty(%[[DIM2]]) : tensor<1x1x128x?xf16>
// CHECK:         %[[INSERT:.+]] = tensor.insert_slice %[[LAYOUT]] into %[[EMPTY]][0, 0, 0, 0] [1, 1, 128, %[[DIM2]]] [1, 1, 1, 1] : tensor<128x?xf16> into tensor<1x1x128x?xf16>
// CHECK:         return %[[INSERT]]
func.func @dynamic_shape(%arg0: tensor<1x1x128x?xf16>) -> tensor<1x1x128x?xf16> {
  %0 = iree_vector_ext.to_layout %arg0 to layout(#layout) : tensor<1x1x128x?xf16>
  return %0 : tensor<1x1x128x?xf16>
}

// -----

#layout = #iree_vector_ext.nested_layout<
  subgroup_tile = [2, 1, 1], batch_tile = [2, 1, 4], outer_tile = [1, 1, 1],
  thread_tile = [16, 1, 4], element_tile = [1, 1, 4],
  subgroup_strides = [1, 0, 0], thread_strides = [1, 0, 16]>

// A unit dim in the middle of a static shape; the shared_memory_conversion
// attribute stays on the new to_layout.
// CHECK-LABEL: func.func @static_middle_unit_dim
// CHECK:         %[[SLICE:.+]] = tensor.extract_slice %{{.+}}[0, 0, 0] [64, 1, 64] [1, 1, 1] : tensor<64x1x64xf32> to tensor<64x64xf32>
// CHECK:         %[[LAYOUT:.+]] = iree_vector_ext.to_layout %[[SLICE]] to layout(#iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1], thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>) {shared_memory_conversion} : tensor<64x64xf32>
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<64x1x64xf32>
// CHECK:         tensor.insert_slice %[[LAYOUT]] into %[[EMPTY]][0, 0, 0] [64, 1, 64] [1, 1, 1] : tensor<64x64xf32> into tensor<64x1x64xf32>
func.func @static_middle_unit_dim(%arg0: tensor<64x1x64xf32>) -> tensor<64x1x64xf32> {
  %0 = iree_vector_ext.to_layout %arg0 to layout(#layout) {shared_memory_conversion} : tensor<64x1x64xf32>
  return %0 : tensor<64x1x64xf32>
}

// -----

#layout = #iree_vector_ext.nested_layout<
  subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1],
  thread_tile = [1, 1], element_tile = [1, 1],
  subgroup_strides = [0, 0], thread_strides = [0, 0]>

// Only unit dims: the value is rank-reduced to a 0-d tensor with a 0-d
// layout.
// CHECK-LABEL: func.func @all_unit_dims
// CHECK:         %[[SLICE:.+]] = tensor.extract_slice %{{.+}}[0, 0] [1, 1] [1, 1] : tensor<1x1xi32> to tensor<i32>
// CHECK:         iree_vector_ext.to_layout %[[SLICE]] to layout(#iree_vector_ext.nested_layout<subgroup_tile = [], batch_tile = [], outer_tile = [], thread_tile = [], element_tile = [], subgroup_strides = [], thread_strides = []>) : tensor<i32>
// CHECK:         tensor.insert_slice
func.func @all_unit_dims(%arg0: tensor<1x1xi32>) -> tensor<1x1xi32> {
  %0 = iree_vector_ext.to_layout %arg0 to layout(#layout) : tensor<1x1xi32>
  return %0 : tensor<1x1xi32>
}

// -----

#layout = #iree_vector_ext.nested_layout<
  subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1],
  thread_tile = [1, 16], element_tile = [1, 4],
  subgroup_strides = [0, 0], thread_strides = [0, 1]>

// Must not fire: vector to_layout (unit dims or not), tensors without unit
// dims, and dynamic dims that may be 1 at run time.
// CHECK-LABEL: func.func @no_fold
// CHECK-NOT:     tensor.extract_slice
// CHECK-NOT:     tensor.insert_slice
// CHECK:         iree_vector_ext.to_layout %{{.+}} : vector<1x64xf16>
// CHECK:         iree_vector_ext.to_layout %{{.+}} : tensor<2x64xf16>
// CHECK:         iree_vector_ext.to_layout %{{.+}} : tensor<?x64xf16>
func.func @no_fold(%v: vector<1x64xf16>, %t: tensor<2x64xf16>, %d: tensor<?x64xf16>)
    -> (vector<1x64xf16>, tensor<2x64xf16>, tensor<?x64xf16>) {
  %0 = iree_vector_ext.to_layout %v to layout(#layout) : vector<1x64xf16>
  %1 = iree_vector_ext.to_layout %t to layout(#layout) : tensor<2x64xf16>
  %2 = iree_vector_ext.to_layout %d to layout(#layout) : tensor<?x64xf16>
  return %0, %1, %2 : vector<1x64xf16>, tensor<2x64xf16>, tensor<?x64xf16>
}

// -----

#layout = #iree_vector_ext.nested_layout<
  subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1],
  thread_tile = [1, 16], element_tile = [1, 4],
  subgroup_strides = [0, 0], thread_strides = [0, 1]>

// A tensor encoding is kept on the slice, the new to_layout and the empty
// tensor.
// CHECK-LABEL: func.func @encoded
// CHECK:         tensor.extract_slice %{{.+}} : tensor<1x64xf16, #ndarray.envs<"x">> to tensor<64xf16, #ndarray.envs<"x">>
// CHECK:         iree_vector_ext.to_layout %{{.+}} : tensor<64xf16, #ndarray.envs<"x">>
// CHECK:         tensor.empty() : tensor<1x64xf16, #ndarray.envs<"x">>
// CHECK:         tensor.insert_slice %{{.+}} : tensor<64xf16, #ndarray.envs<"x">> into tensor<1x64xf16, #ndarray.envs<"x">>
func.func @encoded(%t: tensor<1x64xf16, #ndarray.envs<"x">>) -> tensor<1x64xf16, #ndarray.envs<"x">> {
  %0 = iree_vector_ext.to_layout %t to layout(#layout) : tensor<1x64xf16, #ndarray.envs<"x">>
  return %0 : tensor<1x64xf16, #ndarray.envs<"x">>
}
