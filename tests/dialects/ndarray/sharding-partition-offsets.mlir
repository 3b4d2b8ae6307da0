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
