// Folders of iree_vector_ext.to_simd / to_simt: a conversion followed by its
// inverse is the original value; anything else stays.
// RUN: imex-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @simd_of_simt
// CHECK-SAME:    (%[[V:.*]]: vector<64x64xf16>)
// CHECK-NOT:     iree_vector_ext
// CHECK:         return %[[V]]
func.func @simd_of_simt(%v: vector<64x64xf16>) -> vector<64x64xf16> {
  %0 = iree_vector_ext.to_simt %v : vector<64x64xf16> -> vector<4x4x4xf16>
  %1 = iree_vector_ext.to_simd %0 : vector<4x4x4xf16> -> vector<64x64xf16>
  return %1 : vector<64x64xf16>
}

// CHECK-LABEL: func.func @simt_of_simd
// CHECK-SAME:    (%[[V:.*]]: vector<4x4x4xf16>)
// CHECK-NOT:     iree_vector_ext
// CHECK:         return %[[V]]
func.func @simt_of_simd(%v: vector<4x4x4xf16>) -> vector<4x4x4xf16> {
  %0 = iree_vector_ext.to_simd %v : vector<4x4x4xf16> -> vector<64x64xf16>
  %1 = iree_vector_ext.to_simt %0 : vector<64x64xf16> -> vector<4x4x4xf16>
  return %1 : vector<4x4x4xf16>
}

// The inner conversion stays while it has other users.
// CHECK-LABEL: func.func @inner_still_used
// CHECK-SAME:    (%[[V:.*]]: vector<64xf16>)
// CHECK:         %[[T:.*]] = iree_vector_ext.to_simt %[[V]] : vector<64xf16> -> vector<2xf16>
// CHECK-NOT:     iree_vector_ext.to_simd
// CHECK:         return %[[V]], %[[T]]
func.func @inner_still_used(%v: vector<64xf16>) -> (vector<64xf16>, vector<2xf16>) {
  %0 = iree_vector_ext.to_simt %v : vector<64xf16> -> vector<2xf16>
  %1 = iree_vector_ext.to_simd %0 : vector<2xf16> -> vector<64xf16>
  return %1, %0 : vector<64xf16>, vector<2xf16>
}

// The types of the pair are not compared: the outer result is replaced by the
// original value even though its type differs (vector.print accepts both).
// CHECK-LABEL: func.func @types_not_compared
// CHECK-SAME:    (%[[V:.*]]: vector<64xf16>)
// CHECK-NEXT:    vector.print %[[V]] : vector<64xf16>
// CHECK-NEXT:    return
func.func @types_not_compared(%v: vector<64xf16>) {
  %0 = iree_vector_ext.to_simt %v : vector<64xf16> -> vector<4xf16>
  %1 = iree_vector_ext.to_simd %0 : vector<4xf16> -> vector<32xf16>
  vector.print %1 : vector<32xf16>
  return
}

// Two conversions in the same direction do not fold.
// CHECK-LABEL: func.func @same_direction
// CHECK-SAME:    (%[[V:.*]]: vector<64xf16>, %[[W:.*]]: vector<2xf16>)
// CHECK:         %[[A:.*]] = iree_vector_ext.to_simt %[[V]] : vector<64xf16> -> vector<8xf16>
// CHECK:         %[[B:.*]] = iree_vector_ext.to_simt %[[A]] : vector<8xf16> -> vector<2xf16>
// CHECK:         %[[C:.*]] = iree_vector_ext.to_simd %[[W]] : vector<2xf16> -> vector<8xf16>
// CHECK:         %[[D:.*]] = iree_vector_ext.to_simd %[[C]] : vector<8xf16> -> vector<64xf16>
// CHECK:         return %[[B]], %[[D]]
func.func @same_direction(%v: vector<64xf16>, %w: vector<2xf16>) -> (vector<2xf16>, vector<64xf16>) {
  %0 = iree_vector_ext.to_simt %v : vector<64xf16> -> vector<8xf16>
  %1 = iree_vector_ext.to_simt %0 : vector<8xf16> -> vector<2xf16>
  %2 = iree_vector_ext.to_simd %w : vector<2xf16> -> vector<8xf16>
  %3 = iree_vector_ext.to_simd %2 : vector<8xf16> -> vector<64xf16>
  return %1, %3 : vector<2xf16>, vector<64xf16>
}

// A conversion of a value that is not produced by the inverse op stays.
// CHECK-LABEL: func.func @other_producer
// CHECK:         %[[L:.*]] = iree_vector_ext.to_layout
// CHECK:         %[[D:.*]] = iree_vector_ext.to_simd %[[L]] : vector<2xf16> -> vector<64xf16>
// CHECK:         %[[T:.*]] = iree_vector_ext.to_simt %{{.*}} : vector<64xf16> -> vector<2xf16>
// CHECK:         return %[[D]], %[[T]]
#layout = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1],
  thread_tile = [1], element_tile = [2], subgroup_strides = [0], thread_strides = [0]>
func.func @other_producer(%w: vector<2xf16>, %v: vector<64xf16>) -> (vector<64xf16>, vector<2xf16>) {
  %0 = iree_vector_ext.to_layout %w to layout(#layout) : vector<2xf16>
  %1 = iree_vector_ext.to_simd %0 : vector<2xf16> -> vector<64xf16>
  %2 = iree_vector_ext.to_simt %v : vector<64xf16> -> vector<2xf16>
  return %1, %2 : vector<64xf16>, vector<2xf16>
}

// Both ops are pure: unused ones are erased.
// CHECK-LABEL: func.func @unused
// CHECK-NOT:     iree_vector_ext
// CHECK:         return
func.func @unused(%v: vector<64xf16>) {
  %0 = iree_vector_ext.to_simt %v : vector<64xf16> -> vector<8xf16>
  %1 = iree_vector_ext.to_simd %v : vector<64xf16> -> vector<8x8xf16>
  return
}
