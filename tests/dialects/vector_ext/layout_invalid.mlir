// Malformed #iree_vector_ext.nested_layout attributes: each one is diagnosed,
// and imex-opt exits with an error instead of crashing.
// RUN: imex-opt %s -split-input-file -verify-diagnostics
// RUN: not imex-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=EXIT

// EXIT: error: all fields must have the same rank as the layout
// expected-error @+1 {{all fields must have the same rank as the layout}}
#l = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1],
  thread_tile = [1], element_tile = [1], subgroup_strides = [0, 0], thread_strides = [0]>

// -----

// EXIT: error: all fields must have the same rank as the layout
// expected-error @+1 {{all fields must have the same rank as the layout}}
#l = #iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1],
  thread_tile = [1, 1], element_tile = [], subgroup_strides = [0, 0], thread_strides = [0, 0]>

// -----

// The first list sets the rank, too.
// expected-error @+1 {{all fields must have the same rank as the layout}}
#l = #iree_vector_ext.nested_layout<subgroup_tile = [], batch_tile = [4], outer_tile = [1],
  thread_tile = [1], element_tile = [1], subgroup_strides = [0], thread_strides = [0]>

// -----

// A missing key.
// EXIT: error: expected ','
#l = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1],
  // expected-error @+1 {{expected ','}}
  thread_tile = [1], element_tile = [1], subgroup_strides = [0]>

// -----

// Keys out of order.
// EXIT: error: expected 'subgroup_tile'
// expected-error @+1 {{expected 'subgroup_tile'}}
#l = #iree_vector_ext.nested_layout<batch_tile = [1], subgroup_tile = [1], outer_tile = [1],
  thread_tile = [1], element_tile = [1], subgroup_strides = [0], thread_strides = [0]>

// -----

// An unknown key.
// EXIT: error: expected 'thread_tile'
#l = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1],
  // expected-error @+1 {{expected 'thread_tile'}}
  warp_tile = [1], element_tile = [1], subgroup_strides = [0], thread_strides = [0]>

// -----

// A key after the last one.
// EXIT: error: expected '>'
// expected-error @+1 {{expected '>'}}
#l = #iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [1], element_tile = [1], subgroup_strides = [0], thread_strides = [0], extra = [1]>

// -----

// Entries must be integers.
// EXIT: error: failed to parse NestedLayoutAttr parameter 'subgroupTile'
// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse NestedLayoutAttr parameter 'subgroupTile'}}
#l = #iree_vector_ext.nested_layout<subgroup_tile = [1.5], batch_tile = [1], outer_tile = [1],
  thread_tile = [1], element_tile = [1], subgroup_strides = [0], thread_strides = [0]>

// -----

// A trailing comma inside a list.
// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse NestedLayoutAttr parameter 'subgroupTile'}}
#l = #iree_vector_ext.nested_layout<subgroup_tile = [1,], batch_tile = [1], outer_tile = [1],
  thread_tile = [1], element_tile = [1], subgroup_strides = [0], thread_strides = [0]>

// -----

// A value that is not a list.
// EXIT: error: expected '['
// expected-error @+1 {{expected '['}}
#l = #iree_vector_ext.nested_layout<subgroup_tile = 1, batch_tile = [1], outer_tile = [1],
  thread_tile = [1], element_tile = [1], subgroup_strides = [0], thread_strides = [0]>

// -----

// No parameters at all.
// EXIT: error: expected '<'
// expected-error @+1 {{expected '<'}}
#l = #iree_vector_ext.nested_layout

// -----

// EXIT: error: unknown attribute `nested_layouts` in dialect `iree_vector_ext`
// expected-error @+1 {{unknown attribute `nested_layouts` in dialect `iree_vector_ext`}}
#l = #iree_vector_ext.nested_layouts<subgroup_tile = [1]>
