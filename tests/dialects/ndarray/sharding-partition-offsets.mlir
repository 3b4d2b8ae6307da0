// RUN: imex-opt %s --pass-pipeline="builtin.module(func.func(shard-partition))" | FileCheck %s

shard.grid @grid4(shape = 4)

// An elementwise op on an uneven split (explicit offsets, the same on
// operand and result): the local part keeps the operand's local shape.
// CHECK-LABEL: func.func @cast_elemtype_offsets
// CHECK-SAME:    (%[[A:.*]]: tensor<?x3xi64>) -> tensor<?x3xf32>
// CHECK-NEXT:  %[[C:.*]] = ndarray.cast_elemtype %[[A]] : tensor<?x3xi64> to tensor<?x3xf32>
// CHECK-NEXT:  return %[[C]]
func.func @cast_elemtype_offsets(%arg0: tensor<4x3xi64>) -> tensor<4x3xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 2, 2, 3, 4] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<4x3xi64>
  %1 = shard.shard %0 to %s annotate_for_users : tensor<4x3xi64>
  %2 = ndarray.cast_elemtype %1 : tensor<4x3xi64> to tensor<4x3xf32>
  %3 = shard.shard %2 to %s : tensor<4x3xf32>
  return %3 : tensor<4x3xf32>
}

// A copy and a delete keep the operand's local part too.
// CHECK-LABEL: func.func @copy_delete_offsets
// CHECK-SAME:    (%[[A:.*]]: tensor<?x3xi64>) -> tensor<?x3xi64>
// CHECK-NEXT:  %[[C:.*]] = ndarray.copy %[[A]] : tensor<?x3xi64> -> tensor<?x3xi64>
// CHECK-NEXT:  ndarray.delete %[[A]] : tensor<?x3xi64>
// CHECK-NEXT:  return %[[C]]
func.func @copy_delete_offsets(%arg0: tensor<4x3xi64>) -> tensor<4x3xi64> {
  %s = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 2, 2, 3, 4] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<4x3xi64>
  %1 = shard.shard %0 to %s annotate_for_users : tensor<4x3xi64>
  %2 = ndarray.copy %1 : tensor<4x3xi64> -> tensor<4x3xi64>
  %3 = shard.shard %2 to %s : tensor<4x3xi64>
  ndarray.delete %1 : tensor<4x3xi64>
  return %3 : tensor<4x3xi64>
}

// A copy whose result is sharded otherwise moves the data: a replicated
// operand is cut into this process's part (the first 10 % 4 parts one
// longer: offsets 0, 3, 6, 8) ...
// CHECK-LABEL: func.func @copy_slices
// CHECK-SAME:    (%[[A:.*]]: tensor<10xf32>) -> tensor<?xf32>
// CHECK:         %[[I:.*]] = shard.process_multi_index on @grid4 axes = [0]
// CHECK:         %[[P:.*]] = tensor.extract_slice %[[A]][%{{.*}}] [%{{.*}}] [1] : tensor<10xf32> to tensor<?xf32>
// CHECK-NEXT:    return %[[P]]
func.func @copy_slices(%arg0: tensor<10xf32>) -> tensor<10xf32> {
  %r = shard.sharding @grid4 split_axes = [[]] : !shard.sharding
  %s = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 3, 6, 8, 10] : !shard.sharding
  %0 = shard.shard %arg0 to %r : tensor<10xf32>
  %1 = shard.shard %0 to %r annotate_for_users : tensor<10xf32>
  %2 = ndarray.copy %1 : tensor<10xf32> -> tensor<10xf32>
  %3 = shard.shard %2 to %s : tensor<10xf32>
  return %3 : tensor<10xf32>
}

// ... and parts in blocks are gathered (a plain gather: no attribute
// before the types) ...
// CHECK-LABEL: func.func @copy_gathers
// CHECK-SAME:    (%[[A:.*]]: tensor<?xf32>) -> tensor<10xf32>
// CHECK:         %[[G:.*]] = shard.all_gather %[[A]] on @grid4 grid_axes = [0] gather_axis = 0 : tensor<?xf32> -> tensor<?xf32>
// CHECK-NEXT:    %[[W:.*]] = tensor.cast %[[G]] : tensor<?xf32> to tensor<10xf32>
// CHECK-NEXT:    return %[[W]]
func.func @copy_gathers(%arg0: tensor<10xf32>) -> tensor<10xf32> {
  %r = shard.sharding @grid4 split_axes = [[]] : !shard.sharding
  %s = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 3, 6, 8, 10] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<10xf32>
  %1 = shard.shard %0 to %s annotate_for_users : tensor<10xf32>
  %2 = ndarray.copy %1 : tensor<10xf32> -> tensor<10xf32>
  %3 = shard.shard %2 to %r : tensor<10xf32>
  return %3 : tensor<10xf32>
}

// ... as are a view's parts, at other offsets: the gather is told so.
// CHECK-LABEL: func.func @copy_gathers_view_parts
// CHECK-SAME:    (%[[A:.*]]: tensor<?xf32>) -> tensor<8xf32>
// CHECK:         shard.all_gather %[[A]] on @grid4 grid_axes = [0] gather_axis = 0 {imexc.parts_not_blocks} : tensor<?xf32> -> tensor<?xf32>
func.func @copy_gathers_view_parts(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %r = shard.sharding @grid4 split_axes = [[]] : !shard.sharding
  %s = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 2, 5, 7, 8] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<8xf32>
  %1 = shard.shard %0 to %s annotate_for_users : tensor<8xf32>
  %2 = ndarray.copy %1 : tensor<8xf32> -> tensor<8xf32>
  %3 = shard.shard %2 to %r : tensor<8xf32>
  return %3 : tensor<8xf32>
}
