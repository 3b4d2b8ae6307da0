// iree_vector_ext.to_layout has no folder: canonicalization keeps every used
// conversion, even a repeated one, and erases unused ones because the op is
// pure.
// RUN: imex-opt %s --canonicalize | FileCheck %s

#layout = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [2], outer_tile = [1],
  thread_tile = [16], element_tile = [2], subgroup_strides = [0], thread_strides = [1]>
#other = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1],
  thread_tile = [32], element_tile = [2], subgroup_strides = [0], thread_strides = [1]>

// CHECK-LABEL: func.func @kept
// CHECK-SAME:    (%[[V:.*]]: vector<64xf16>)
// CHECK:         %[[A:.*]] = iree_vector_ext.to_layout %[[V]] to layout(#nested) : vector<64xf16>
// CHECK:         %[[B:.*]] = iree_vector_ext.to_layout %[[A]] to layout(#nested) : vector<64xf16>
// CHECK:         %[[C:.*]] = iree_vector_ext.to_layout %[[B]] to layout(#nested1) {shared_memory_conversion} : vector<64xf16>
// CHECK:         return %[[C]]
func.func @kept(%v: vector<64xf16>) -> vector<64xf16> {
  %0 = iree_vector_ext.to_layout %v to layout(#layout) : vector<64xf16>
  %1 = iree_vector_ext.to_layout %0 to layout(#layout) : vector<64xf16>
  %2 = iree_vector_ext.to_layout %1 to layout(#other) {shared_memory_conversion} : vector<64xf16>
  return %2 : vector<64xf16>
}

// CHECK-LABEL: func.func @unused
// CHECK-NOT:     iree_vector_ext.to_layout
// CHECK:         return
func.func @unused(%v: vector<64xf16>, %t: tensor<64xf16>) {
  %0 = iree_vector_ext.to_layout %v to layout(#layout) : vector<64xf16>
  %1 = iree_vector_ext.to_layout %t to layout(#layout) {shared_memory_conversion} : tensor<64xf16>
  return
}
