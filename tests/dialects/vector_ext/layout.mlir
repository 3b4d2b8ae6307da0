// #iree_vector_ext.nested_layout: round trip in custom and generic form,
// normalization of strides at parse time, and the #nested aliases.
// RUN: imex-opt %s | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: imex-opt %s --mlir-print-local-scope | FileCheck %s --check-prefix=INLINE

// Aliases are numbered in order of first use. #written and #unnormalized
// differ only in the stride of a tile of 1, so they are the same attribute
// and share one alias.
// CHECK:      #nested = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1], thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>
// CHECK-NEXT: #nested1 = #iree_vector_ext.nested_layout<subgroup_tile = [], batch_tile = [], outer_tile = [], thread_tile = [], element_tile = [], subgroup_strides = [], thread_strides = []>
// CHECK-NEXT: #nested2 = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1, 4], batch_tile = [1, 2, 1], outer_tile = [3, 1, 1], thread_tile = [1, 8, 1], element_tile = [1, 1, 2], subgroup_strides = [0, 0, 8], thread_strides = [0, 1, 0]>
// CHECK-NOT:  #nested3

#written = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1],
  thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>
#unnormalized = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1],
  thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 7], thread_strides = [1, 16]>
#empty = #iree_vector_ext.nested_layout<subgroup_tile = [], batch_tile = [], outer_tile = [],
  thread_tile = [], element_tile = [], subgroup_strides = [], thread_strides = []>
// Strides 3 and 5 belong to tiles of 1 and become 0.
#rank3 = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1, 4], batch_tile = [1, 2, 1], outer_tile = [3, 1, 1],
  thread_tile = [1, 8, 1], element_tile = [1, 1, 2], subgroup_strides = [3, 0, 8], thread_strides = [0, 1, 5]>

// CHECK-LABEL: func.func @layouts
// CHECK-SAME:    attributes {layout = #nested}
// CHECK:         iree_vector_ext.to_layout %{{.*}} to layout(#nested) : vector<64x64xf16>
// CHECK:         iree_vector_ext.to_layout %{{.*}} to layout(#nested) : vector<64x64xf16>
// CHECK:         iree_vector_ext.to_layout %{{.*}} to layout(#nested1) : vector<f32>
// CHECK:         iree_vector_ext.to_layout %{{.*}} to layout(#nested2) : vector<3x16x8xi8>
// GENERIC-LABEL: sym_name = "layouts"
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested}> : (vector<64x64xf16>) -> vector<64x64xf16>
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested}> : (vector<64x64xf16>) -> vector<64x64xf16>
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested1}> : (vector<f32>) -> vector<f32>
// GENERIC:       "iree_vector_ext.to_layout"(%{{.*}}) <{layout = #nested2}> : (vector<3x16x8xi8>) -> vector<3x16x8xi8>
// The alias is only a printing matter: without it, the full attribute shows.
// INLINE-LABEL: func.func @layouts
// INLINE-SAME:    attributes {layout = #iree_vector_ext.nested_layout<subgroup_tile = [2, 1], batch_tile = [2, 4], outer_tile = [1, 1], thread_tile = [16, 4], element_tile = [1, 4], subgroup_strides = [1, 0], thread_strides = [1, 16]>}
// INLINE:         to layout(#iree_vector_ext.nested_layout<subgroup_tile = [2, 1],
// INLINE:         to layout(#iree_vector_ext.nested_layout<subgroup_tile = [2, 1],
// INLINE:         to layout(#iree_vector_ext.nested_layout<subgroup_tile = [], batch_tile = [], outer_tile = [], thread_tile = [], element_tile = [], subgroup_strides = [], thread_strides = []>)
// INLINE-NOT:     #nested
func.func @layouts(%v: vector<64x64xf16>, %s: vector<f32>, %w: vector<3x16x8xi8>)
    -> (vector<64x64xf16>, vector<f32>, vector<3x16x8xi8>) attributes {layout = #written} {
  %0 = iree_vector_ext.to_layout %v to layout(#written) : vector<64x64xf16>
  %1 = iree_vector_ext.to_layout %0 to layout(#unnormalized) : vector<64x64xf16>
  %2 = iree_vector_ext.to_layout %s to layout(#empty) : vector<f32>
  %3 = iree_vector_ext.to_layout %w to layout(#rank3) : vector<3x16x8xi8>
  return %1, %2, %3 : vector<64x64xf16>, vector<f32>, vector<3x16x8xi8>
}

// A layout written inline, without a local alias, gets the alias too.
// CHECK-LABEL: func.func @inline_layout
// CHECK:         iree_vector_ext.to_layout %{{.*}} to layout(#nested2) : vector<3x16x8xi8>
func.func @inline_layout(%w: vector<3x16x8xi8>) -> vector<3x16x8xi8> {
  %0 = iree_vector_ext.to_layout %w to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1, 4],
    batch_tile = [1, 2, 1], outer_tile = [3, 1, 1], thread_tile = [1, 8, 1], element_tile = [1, 1, 2],
    subgroup_strides = [0, 0, 8], thread_strides = [0, 1, 0]>) : vector<3x16x8xi8>
  return %0 : vector<3x16x8xi8>
}
