// iree_vector_ext.to_layout: round trip in custom and generic form for vector,
// tensor and memref values, the optional shared_memory_conversion, and
// inherent attributes given in the trailing attribute dictionary.
// RUN: imex-opt %s | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1],
  thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>
#layout1d = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1],
  thread_tile = [32], element_tile = [2], subgroup_strides = [0], thread_strides = [1]>
#scalar = #iree_vector_ext.nested_layout<subgroup_tile = [], batch_tile = [], outer_tile = [],
  thread_tile = [], element_tile = [], subgroup_strides = [], thread_strides = []>

// CHECK-LABEL: func.func @vectors
// CHECK-SAME:    (%[[V:.*]]: vector<64x64xf16>, %[[W:.*]]: vector<64xi32>, %[[S:.*]]: vector<f32>)
// CHECK:         %[[A:.*]] = iree_vector_ext.to_layout %[[V]] to layout(#nested) : vector<64x64xf16>
// CHECK:         %[[B:.*]] = iree_vector_ext.to_layout %[[W]] to layout(#nested1) : vector<64xi32>
// CHECK:         %[[C:.*]] = iree_vector_ext.to_layout %[[S]] to layout(#nested2) : vector<f32>
// CHECK:         return %[[A]], %[[B]], %[[C]]
// GENERIC-LABEL: sym_name = "vectors"
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested}> : (vector<64x64xf16>) -> vector<64x64xf16>
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested1}> : (vector<64xi32>) -> vector<64xi32>
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested2}> : (vector<f32>) -> vector<f32>
func.func @vectors(%v: vector<64x64xf16>, %w: vector<64xi32>, %s: vector<f32>)
    -> (vector<64x64xf16>, vector<64xi32>, vector<f32>) {
  %0 = iree_vector_ext.to_layout %v to layout(#layout) : vector<64x64xf16>
  %1 = iree_vector_ext.to_layout %w to layout(#layout1d) : vector<64xi32>
  %2 = iree_vector_ext.to_layout %s to layout(#scalar) : vector<f32>
  return %0, %1, %2 : vector<64x64xf16>, vector<64xi32>, vector<f32>
}

// Tensors only need the rank of the layout; memrefs are checked like vectors
// except in their dynamic dims.
// CHECK-LABEL: func.func @tensors_and_memrefs
// CHECK:         iree_vector_ext.to_layout %{{.*}} to layout(#nested) : tensor<64x64xf16>
// CHECK:         iree_vector_ext.to_layout %{{.*}} to layout(#nested) : tensor<?x8xf16>
// CHECK:         iree_vector_ext.to_layout %{{.*}} to layout(#nested) : memref<?x64xf16>
// GENERIC-LABEL: sym_name = "tensors_and_memrefs"
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested}> : (tensor<64x64xf16>) -> tensor<64x64xf16>
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested}> : (tensor<?x8xf16>) -> tensor<?x8xf16>
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested}> : (memref<?x64xf16>) -> memref<?x64xf16>
func.func @tensors_and_memrefs(%t: tensor<64x64xf16>, %d: tensor<?x8xf16>, %m: memref<?x64xf16>)
    -> (tensor<64x64xf16>, tensor<?x8xf16>, memref<?x64xf16>) {
  %0 = iree_vector_ext.to_layout %t to layout(#layout) : tensor<64x64xf16>
  %1 = iree_vector_ext.to_layout %d to layout(#layout) : tensor<?x8xf16>
  %2 = iree_vector_ext.to_layout %m to layout(#layout) : memref<?x64xf16>
  return %0, %1, %2 : tensor<64x64xf16>, tensor<?x8xf16>, memref<?x64xf16>
}

// shared_memory_conversion takes any attribute. It is printed in the custom
// attribute dictionary and as a property in the generic form, next to
// discardable attributes.
// CHECK-LABEL: func.func @shared_memory_conversion
// CHECK:         iree_vector_ext.to_layout %{{.*}} to layout(#nested) {shared_memory_conversion} : vector<64x64xf16>
// CHECK:         iree_vector_ext.to_layout %{{.*}} to layout(#nested) {shared_memory_conversion = #nested1} : vector<64x64xf16>
// CHECK:         iree_vector_ext.to_layout %{{.*}} to layout(#nested) {shared_memory_conversion = "lds", tag = 3 : i32} : vector<64x64xf16>
// GENERIC-LABEL: sym_name = "shared_memory_conversion"
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested, shared_memory_conversion}> : (vector<64x64xf16>) -> vector<64x64xf16>
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested, shared_memory_conversion = #nested1}> : (vector<64x64xf16>) -> vector<64x64xf16>
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested, shared_memory_conversion = "lds"}> {tag = 3 : i32} : (vector<64x64xf16>) -> vector<64x64xf16>
func.func @shared_memory_conversion(%v: vector<64x64xf16>) -> vector<64x64xf16> {
  %0 = iree_vector_ext.to_layout %v to layout(#layout) {shared_memory_conversion} : vector<64x64xf16>
  %1 = iree_vector_ext.to_layout %0 to layout(#layout) {shared_memory_conversion = #layout1d} : vector<64x64xf16>
  %2 = iree_vector_ext.to_layout %1 to layout(#layout) {tag = 3 : i32, shared_memory_conversion = "lds"} : vector<64x64xf16>
  return %2 : vector<64x64xf16>
}

// The generic form may carry the inherent attributes in the trailing
// dictionary instead of <{...}>.
// CHECK-LABEL: func.func @generic_attr_dict
// CHECK:         iree_vector_ext.to_layout %{{.*}} to layout(#nested) : vector<64x64xf16>
// CHECK:         iree_vector_ext.to_layout %{{.*}} to layout(#nested) {shared_memory_conversion} : vector<64x64xf16>
// GENERIC-LABEL: sym_name = "generic_attr_dict"
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested}> : (vector<64x64xf16>) -> vector<64x64xf16>
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested, shared_memory_conversion}> : (vector<64x64xf16>) -> vector<64x64xf16>
func.func @generic_attr_dict(%v: vector<64x64xf16>) -> vector<64x64xf16> {
  %0 = "iree_vector_ext.to_layout"(%v) {layout = #layout} : (vector<64x64xf16>) -> vector<64x64xf16>
  %1 = "iree_vector_ext.to_layout"(%0) {layout = #layout, shared_memory_conversion} : (vector<64x64xf16>) -> vector<64x64xf16>
  return %1 : vector<64x64xf16>
}
