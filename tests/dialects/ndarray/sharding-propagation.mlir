// RUN: imex-opt %s --pass-pipeline="builtin.module(func.func(sharding-propagation))" -split-input-file | FileCheck %s

// Sharding propagation through the ndarray ops' sharding models.

shard.grid @grid4(shape = 4)

// A subview is split the way its elements already lie on the source's shards
// (explicit offsets): rows 511..513 of 4 x 256 rows live on shards 1 and 2.
// CHECK-LABEL: func.func @subview_mid
// CHECK:       %[[A:.*]] = shard.shard %{{.*}} to %{{.*}} annotate_for_users : tensor<1024x1024xi64>
// CHECK-NEXT:  %[[V:.*]] = ndarray.subview %[[A]][511, 0] [3, 3] [1, 1]
// CHECK-NEXT:  %[[T:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] sharded_dims_offsets = [0, 0, 1, 3, 3]
// CHECK-NEXT:  shard.shard %[[V]] to %[[T]] : tensor<3x3xi64>
func.func @subview_mid(%arg0: tensor<1024x1024xi64>) -> tensor<3x3xi64> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<1024x1024xi64>
  %1 = ndarray.subview %0[511, 0][3, 3][1, 1] : tensor<1024x1024xi64> to tensor<3x3xi64>
  return %1 : tensor<3x3xi64>
}

// Strides: rows 255, 512, 769 fall on shards 0, 2 and 3.
// CHECK-LABEL: func.func @subview_strided
// CHECK:       ndarray.subview
// CHECK-NEXT:  shard.sharding @grid4 split_axes = {{\[\[}}0]] sharded_dims_offsets = [0, 1, 1, 2, 3]
func.func @subview_strided(%arg0: tensor<1024x1024xi64>) -> tensor<3x3xi64> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<1024x1024xi64>
  %1 = ndarray.subview %0[255, 0][3, 3][257, 1] : tensor<1024x1024xi64> to tensor<3x3xi64>
  return %1 : tensor<3x3xi64>
}

// A slice that splits like a balanced split gets no explicit offsets.
// CHECK-LABEL: func.func @subview_balanced
// CHECK:       ndarray.subview
// CHECK-NEXT:  shard.sharding @grid4 split_axes = {{\[\[}}0]] : !shard.sharding
func.func @subview_balanced(%arg0: tensor<16xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16xf32>
  %1 = ndarray.subview %0[0][8][2] : tensor<16xf32> to tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

shard.grid @grid4(shape = 4)

// Rank reduction of an unsplit dimension; a dynamic offset on an unsplit
// dimension does not matter.
// CHECK-LABEL: func.func @subview_rank_reduce
// CHECK:       ndarray.subview %{{.*}}[%{{.*}}, 1] [1, 6] [1, 1] : tensor<16x8xf32> to tensor<6xf32>
// CHECK-NEXT:  shard.sharding @grid4 split_axes = {{\[\[}}0]] sharded_dims_offsets = [0, 1, 3, 5, 6]
func.func @subview_rank_reduce(%arg0: tensor<16x8xf32>, %i: index) -> tensor<6xf32> {
  %s = shard.sharding @grid4 split_axes = [[], [0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16x8xf32>
  %1 = ndarray.subview %0[%i, 1][1, 6][1, 1] : tensor<16x8xf32> to tensor<6xf32>
  return %1 : tensor<6xf32>
}

// Dropping a split dimension or a dynamic offset on a split dimension: the
// view is computed on a replicated source.
// CHECK-LABEL: func.func @subview_replicated
// CHECK:       %[[R:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}]] : !shard.sharding
// CHECK-NEXT:  %[[A:.*]] = shard.shard %{{.*}} to %[[R]] annotate_for_users
// CHECK-NEXT:  %[[V:.*]] = ndarray.subview %[[A]][3, 0] [1, 8] [1, 1]
// CHECK-NEXT:  %[[R2:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}]] : !shard.sharding
// CHECK-NEXT:  shard.shard %[[V]] to %[[R2]] : tensor<8xf32>
// CHECK:       %[[R3:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}]] : !shard.sharding
// CHECK-NEXT:  %[[B:.*]] = shard.shard %{{.*}} to %[[R3]] annotate_for_users
// CHECK-NEXT:  ndarray.subview %[[B]][%{{.*}}, 0] [4, 8] [1, 1]
// CHECK-NEXT:  shard.sharding @grid4 split_axes = {{\[\[}}]] : !shard.sharding
func.func @subview_replicated(%arg0: tensor<16x8xf32>, %i: index) -> (tensor<8xf32>, tensor<4x8xf32>) {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16x8xf32>
  %1 = ndarray.subview %0[3, 0][1, 8][1, 1] : tensor<16x8xf32> to tensor<8xf32>
  %2 = ndarray.subview %0[%i, 0][4, 8][1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
  return %1, %2 : tensor<8xf32>, tensor<4x8xf32>
}

// Only the result is annotated: the source is split alike and the requested
// result sharding is kept.
// CHECK-LABEL: func.func @subview_backward
// CHECK:       %[[S:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] : !shard.sharding
// CHECK-NEXT:  %[[A:.*]] = shard.shard %arg0 to %[[S]] annotate_for_users : tensor<16xf32>
// CHECK-NEXT:  %[[V:.*]] = ndarray.subview %[[A]][4] [8] [1]
// CHECK-NEXT:  %[[S2:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] : !shard.sharding
// CHECK-NEXT:  shard.shard %[[V]] to %[[S2]] : tensor<8xf32>
func.func @subview_backward(%arg0: tensor<16xf32>) -> tensor<8xf32> {
  %1 = ndarray.subview %arg0[4][8][1] : tensor<16xf32> to tensor<8xf32>
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %2 = shard.shard %1 to %s : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

shard.grid @grid2x2(shape = 2x2)

// The source of an insert_slice is split the way the slice lies on the
// destination's shards; destination and result keep the destination's
// sharding.
// CHECK-LABEL: func.func @insert_2d
// CHECK:       %[[D:.*]] = shard.shard %{{.*}} to %{{.*}} annotate_for_users : tensor<8x8xf32>
// CHECK-NEXT:  %[[T:.*]] = shard.sharding @grid2x2 split_axes = {{\[\[}}0], [1]] sharded_dims_offsets = [0, 3, 6, 0, 2, 3]
// CHECK-NEXT:  %[[SRC:.*]] = shard.shard %arg1 to %[[T]] annotate_for_users : tensor<6x3xf32>
// CHECK-NEXT:  %[[I:.*]] = ndarray.insert_slice %[[SRC]] into %[[D]][1, 1] [6, 3] [1, 2]
// CHECK-NEXT:  %[[S:.*]] = shard.sharding @grid2x2 split_axes = {{\[\[}}0], [1]] : !shard.sharding
// CHECK-NEXT:  shard.shard %[[I]] to %[[S]] : tensor<8x8xf32>
func.func @insert_2d(%arg0: tensor<8x8xf32>, %arg1: tensor<6x3xf32>) -> tensor<8x8xf32> {
  %s = shard.sharding @grid2x2 split_axes = [[0], [1]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<8x8xf32>
  %1 = ndarray.insert_slice %arg1 into %0[1, 1][6, 3][1, 2] : tensor<6x3xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

shard.grid @grid4(shape = 4)

// A 0-d source is broadcast and needs no annotation; a source whose slice
// is not static is replicated.
// CHECK-LABEL: func.func @insert_scalar_and_dynamic
// CHECK-NOT:   shard.shard %arg1
// CHECK:       ndarray.insert_slice %arg1 into
// CHECK:       %[[R:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}]] : !shard.sharding
// CHECK-NEXT:  %[[W:.*]] = shard.shard %arg2 to %[[R]] annotate_for_users : tensor<?xf32>
// CHECK-NEXT:  ndarray.insert_slice %[[W]] into %{{.*}}[%arg3] [%arg4] [1]
// CHECK-NEXT:  shard.sharding @grid4 split_axes = {{\[\[}}0]] : !shard.sharding
func.func @insert_scalar_and_dynamic(%arg0: tensor<16xf32>, %v: tensor<f32>, %w: tensor<?xf32>, %o: index, %n: index) -> tensor<16xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16xf32>
  %1 = ndarray.insert_slice %v into %0[2][10][1] : tensor<f32> into tensor<16xf32>
  %2 = ndarray.insert_slice %w into %1[%o][%n][1] : tensor<?xf32> into tensor<16xf32>
  return %2 : tensor<16xf32>
}

// -----

shard.grid @grid4(shape = 4)

// linspace takes its sharding from its result (halos included); its scalar
// operands get none.
// CHECK-LABEL: func.func @linspace
// CHECK-NEXT:  %[[L:.*]] = ndarray.linspace %arg0 %arg1 %arg2 true
// CHECK-NEXT:  %[[S:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] halo_sizes = [1, 2]
// CHECK-NEXT:  shard.shard %[[L]] to %[[S]] : tensor<?xf64>
// CHECK-NEXT:  return
func.func @linspace(%a: f64, %b: f64, %n: index) -> tensor<?xf64> {
  %0 = ndarray.linspace %a %b %n true : (f64, f64, index) -> tensor<?xf64>
  %s = shard.sharding @grid4 split_axes = [[0]] halo_sizes = [1, 2] : !shard.sharding
  %2 = shard.shard %0 to %s : tensor<?xf64>
  return %2 : tensor<?xf64>
}

// -----

shard.grid @grid4(shape = 4)

// reshape: a leading-dimension split carries over when both leading
// dimensions divide evenly (16x6 -> 32x3); otherwise (16x6 -> 6x16) the
// reshape is computed replicated.
// CHECK-LABEL: func.func @reshape
// CHECK:       arith.constant 16 : index
// CHECK-NEXT:  %[[S:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] : !shard.sharding
// CHECK-NEXT:  %[[A:.*]] = shard.shard %{{.*}} to %[[S]] annotate_for_users : tensor<16x6xf32>
// CHECK-NEXT:  %[[R1:.*]] = ndarray.reshape %[[A]]
// CHECK-NEXT:  %[[S1:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}0]] : !shard.sharding
// CHECK-NEXT:  shard.shard %[[R1]] to %[[S1]] : tensor<32x3xf32>
// CHECK-NEXT:  %[[REP:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}]] : !shard.sharding
// CHECK-NEXT:  %[[B:.*]] = shard.shard %{{.*}} to %[[REP]] annotate_for_users : tensor<16x6xf32>
// CHECK-NEXT:  %[[R2:.*]] = ndarray.reshape %[[B]] %{{.*}}, %{{.*}} {copy = true}
// CHECK-NEXT:  %[[REP2:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}]] : !shard.sharding
// CHECK-NEXT:  shard.shard %[[R2]] to %[[REP2]] : tensor<6x16xf32>
func.func @reshape(%arg0: tensor<16x6xf32>) -> (tensor<32x3xf32>, tensor<6x16xf32>) {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16x6xf32>
  %c32 = arith.constant 32 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c16 = arith.constant 16 : index
  %1 = ndarray.reshape %0 %c32, %c3 : tensor<16x6xf32> -> tensor<32x3xf32>
  %2 = ndarray.reshape %0 %c6, %c16 {copy = true} : tensor<16x6xf32> -> tensor<6x16xf32>
  return %1, %2 : tensor<32x3xf32>, tensor<6x16xf32>
}

// A sharding requested on the result wins.
// CHECK-LABEL: func.func @reshape_backward
// CHECK:       %[[REP:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}]] : !shard.sharding
// CHECK-NEXT:  %[[A:.*]] = shard.shard %arg0 to %[[REP]] annotate_for_users : tensor<16x6xf32>
// CHECK-NEXT:  %[[R:.*]] = ndarray.reshape %[[A]]
// CHECK-NEXT:  %[[S:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}], [0]] : !shard.sharding
// CHECK-NEXT:  shard.shard %[[R]] to %[[S]] : tensor<6x16xf32>
func.func @reshape_backward(%arg0: tensor<16x6xf32>) -> tensor<6x16xf32> {
  %c6 = arith.constant 6 : index
  %c16 = arith.constant 16 : index
  %1 = ndarray.reshape %arg0 %c6, %c16 : tensor<16x6xf32> -> tensor<6x16xf32>
  %s = shard.sharding @grid4 split_axes = [[], [0]] : !shard.sharding
  %2 = shard.shard %1 to %s : tensor<6x16xf32>
  return %2 : tensor<6x16xf32>
}

// -----

shard.grid @grid4(shape = 4)

// copy, cast_elemtype and delete are elementwise.
// CHECK-LABEL: func.func @elementwise
// CHECK:       %[[A:.*]] = shard.shard %arg0 to %{{.*}} annotate_for_users : tensor<16x8xf32>
// CHECK-NEXT:  %[[C:.*]] = ndarray.copy %[[A]]
// CHECK-NEXT:  %[[S1:.*]] = shard.sharding @grid4 split_axes = {{\[\[}}], [0]]
// CHECK-NEXT:  %[[CA:.*]] = shard.shard %[[C]] to %[[S1]] : tensor<16x8xf32>
// CHECK-NEXT:  shard.sharding @grid4 split_axes = {{\[\[}}], [0]]
// CHECK-NEXT:  %[[U1:.*]] = shard.shard %[[CA]] to %{{.*}} annotate_for_users
// CHECK-NEXT:  %[[E:.*]] = ndarray.cast_elemtype %[[U1]]
// CHECK-NEXT:  shard.sharding @grid4 split_axes = {{\[\[}}], [0]]
// CHECK-NEXT:  %[[U2:.*]] = shard.shard %[[CA]] to %{{.*}} annotate_for_users
// CHECK-NEXT:  ndarray.delete %[[U2]]
// CHECK-NEXT:  shard.sharding @grid4 split_axes = {{\[\[}}], [0]]
// CHECK-NEXT:  shard.shard %[[E]] to %{{.*}} : tensor<16x8xf64>
func.func @elementwise(%arg0: tensor<16x8xf32>) -> tensor<16x8xf64> {
  %0 = ndarray.copy %arg0 : tensor<16x8xf32> -> tensor<16x8xf32>
  %1 = ndarray.cast_elemtype %0 : tensor<16x8xf32> to tensor<16x8xf64>
  ndarray.delete %0 : tensor<16x8xf32>
  %s = shard.sharding @grid4 split_axes = [[], [0]] : !shard.sharding
  %2 = shard.shard %1 to %s : tensor<16x8xf64>
  return %2 : tensor<16x8xf64>
}
