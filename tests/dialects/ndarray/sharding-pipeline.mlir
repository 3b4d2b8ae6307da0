// RUN: imex-opt %s --pass-pipeline="builtin.module(func.func(sharding-propagation,coalesce-shard-ops,shard-partition,canonicalize,cse))" -split-input-file | FileCheck %s

// Stencils on sharded arrays end to end: propagation annotates the views,
// coalesce-shard-ops gives the array halos, and partitioning then exchanges
// the halos once and computes every view from local data.

shard.grid @grid4(shape = 4)

// b[1:15] = a[0:14] + a[2:16] on 4 shards of 4 elements: the sum is computed
// in the layout of the written part, [0, 3, 7, 11, 14].
// CHECK-LABEL: func.func @stencil_1d
// CHECK-SAME:    (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK:       %[[E:.*]] = tensor.empty() : tensor<6xf32>
// CHECK-NEXT:  %[[CORE:.*]] = tensor.insert_slice %[[A]] into %[[E]][1] [4] [1]
// CHECK-NEXT:  %[[AH:.*]] = shard.update_halo %[[CORE]] on @grid4 split_axes = {{\[\[}}0]] halo_sizes = [1, 1] : tensor<6xf32>
// CHECK-NOT:   shard.update_halo
// CHECK-NOT:   shard.all_
// CHECK:       %[[V1:.*]] = ndarray.subview %[[AH]][%{{.*}}] [%[[N:.*]]] [1] : tensor<6xf32> to tensor<?xf32>
// CHECK:       %[[V2:.*]] = ndarray.subview %[[AH]][%{{.*}}] [%[[N]]] [1] : tensor<6xf32> to tensor<?xf32>
// CHECK-NEXT:  %[[SUM:.*]] = tosa.add %[[V1]], %[[V2]] : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK:       %[[R:.*]] = ndarray.insert_slice %[[SUM]] into %[[B]][%{{.*}}] [%[[N]]] [1] : tensor<?xf32> into tensor<4xf32>
// CHECK-NEXT:  return %[[R]]
func.func @stencil_1d(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %a to %s : tensor<16xf32>
  %1 = shard.shard %b to %s : tensor<16xf32>
  %v1 = ndarray.subview %0[0][14][1] : tensor<16xf32> to tensor<14xf32>
  %v2 = ndarray.subview %0[2][14][1] : tensor<16xf32> to tensor<14xf32>
  %sum = tosa.add %v1, %v2 : (tensor<14xf32>, tensor<14xf32>) -> tensor<14xf32>
  %r = ndarray.insert_slice %sum into %1[1][14][1] : tensor<14xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

shard.grid @grid2x2(shape = 2x2)

// A 4-point stencil on a 2x2 grid: one halo exchange in both dimensions,
// then 3x3 views at offsets (0|1|2) - (4 * index - 1).
// CHECK-LABEL: func.func @stencil_2d
// CHECK-SAME:    (%[[A:.*]]: tensor<4x4xf32>, %[[B:.*]]: tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK:       %[[AH:.*]] = shard.update_halo %{{.*}} on @grid2x2 split_axes = {{\[\[}}0], [1]] halo_sizes = [1, 1, 1, 1] : tensor<6x6xf32>
// CHECK-DAG:   %[[P0:.*]] = shard.process_multi_index on @grid2x2 axes = [0] : index
// CHECK-DAG:   %[[P1:.*]] = shard.process_multi_index on @grid2x2 axes = [1] : index
// CHECK-COUNT-4: ndarray.subview %[[AH]][%{{.*}}, %{{.*}}] [3, 3] [1, 1] : tensor<6x6xf32> to tensor<3x3xf32>
// CHECK-COUNT-3: tosa.add
// CHECK:       ndarray.insert_slice %{{.*}} into %[[B]][%{{.*}}, %{{.*}}] [3, 3] [1, 1] : tensor<3x3xf32> into tensor<4x4xf32>
func.func @stencil_2d(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %s = shard.sharding @grid2x2 split_axes = [[0], [1]] : !shard.sharding
  %0 = shard.shard %a to %s : tensor<8x8xf32>
  %1 = shard.shard %b to %s : tensor<8x8xf32>
  %n = ndarray.subview %0[0, 1][6, 6][1, 1] : tensor<8x8xf32> to tensor<6x6xf32>
  %w = ndarray.subview %0[1, 0][6, 6][1, 1] : tensor<8x8xf32> to tensor<6x6xf32>
  %e = ndarray.subview %0[1, 2][6, 6][1, 1] : tensor<8x8xf32> to tensor<6x6xf32>
  %so = ndarray.subview %0[2, 1][6, 6][1, 1] : tensor<8x8xf32> to tensor<6x6xf32>
  %x = tosa.add %n, %w : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<6x6xf32>
  %y = tosa.add %e, %so : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<6x6xf32>
  %z = tosa.add %x, %y : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<6x6xf32>
  %r = ndarray.insert_slice %z into %1[1, 1][6, 6][1, 1] : tensor<6x6xf32> into tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

shard.grid @grid4(shape = 4)

// Two sweeps in place: the second reads the updated array through a second
// halo exchange.
// CHECK-LABEL: func.func @two_sweeps
// CHECK:       %[[H1:.*]] = shard.update_halo %{{.*}} halo_sizes = [1, 1] : tensor<6xf32>
// CHECK:       %[[R1:.*]] = ndarray.insert_slice %{{.*}} into %arg0
// CHECK:       %[[H2:.*]] = shard.update_halo %{{.*}} halo_sizes = [1, 1] : tensor<6xf32>
// CHECK:       ndarray.subview %[[H2]]
// CHECK:       ndarray.subview %[[H2]]
// CHECK:       tosa.sub
// CHECK:       %[[R2:.*]] = ndarray.insert_slice %{{.*}} into %[[R1]]
// CHECK-NEXT:  return %[[R2]]
func.func @two_sweeps(%a: tensor<16xf32>) -> tensor<16xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %a to %s : tensor<16xf32>
  %v1 = ndarray.subview %0[0][14][1] : tensor<16xf32> to tensor<14xf32>
  %v2 = ndarray.subview %0[2][14][1] : tensor<16xf32> to tensor<14xf32>
  %sum = tosa.add %v1, %v2 : (tensor<14xf32>, tensor<14xf32>) -> tensor<14xf32>
  %r = ndarray.insert_slice %sum into %0[1][14][1] : tensor<14xf32> into tensor<16xf32>
  %w1 = ndarray.subview %r[0][14][1] : tensor<16xf32> to tensor<14xf32>
  %w2 = ndarray.subview %r[2][14][1] : tensor<16xf32> to tensor<14xf32>
  %diff = tosa.sub %w1, %w2 : (tensor<14xf32>, tensor<14xf32>) -> tensor<14xf32>
  %r2 = ndarray.insert_slice %diff into %r[1][14][1] : tensor<14xf32> into tensor<16xf32>
  return %r2 : tensor<16xf32>
}
