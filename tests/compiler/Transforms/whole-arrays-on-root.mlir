// RUN: imex-opt %s -split-input-file -whole-arrays-on-root | FileCheck %s

// Every tensor argument of a public distributed function is whole on rank
// 0 (broadcast later); one annotated as split is now replicated and split
// for its users; a split result is gathered.
shard.grid @grid(shape = ?)
// CHECK-LABEL: func.func @parts
// CHECK-SAME:    (%[[A:.*]]: tensor<?xf32> {imexc.whole_on_root}, %[[B:.*]]: tensor<4xf32> {imexc.whole_on_root}, %{{.*}}: index)
// CHECK:       %[[S:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]]
// CHECK-NEXT:  %[[R:.*]] = shard.sharding @grid split_axes = {{\[\[}}]]
// CHECK-NEXT:  %[[W:.*]] = shard.shard %[[A]] to %[[R]] : tensor<?xf32>
// CHECK-NEXT:  %[[P:.*]] = shard.shard %[[W]] to %[[S]] annotate_for_users : tensor<?xf32>
// CHECK:       %[[Y:.*]] = shard.shard %{{.*}} to %[[S]] : tensor<?xf32>
// CHECK:       %[[R2:.*]] = shard.sharding @grid split_axes = {{\[\[}}]]
// CHECK-NEXT:  %[[G:.*]] = shard.shard %[[Y]] to %[[R2]] annotate_for_users : tensor<?xf32>
// CHECK-NEXT:  return %[[G]], %{{.*}} : tensor<?xf32>, tensor<4xf32>
func.func @parts(%a: tensor<?xf32>, %b: tensor<4xf32>, %s: index) -> (tensor<?xf32>, tensor<4xf32>) {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %ap = shard.shard %a to %split : tensor<?xf32>
  %e = tensor.empty(%s) : tensor<?xf32>
  %y0 = linalg.copy ins(%ap : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %y = shard.shard %y0 to %split : tensor<?xf32>
  return %y, %b : tensor<?xf32>, tensor<4xf32>
}

// -----

// Private functions and functions without shardings are left alone.
shard.grid @grid(shape = ?)
// CHECK-LABEL: func.func private @helper
// CHECK-SAME:    (%{{.*}}: tensor<8xf32>) -> tensor<8xf32>
// CHECK-NOT:   imexc.whole_on_root
func.func private @helper(%a: tensor<8xf32>) -> tensor<8xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %ap = shard.shard %a to %split : tensor<8xf32>
  return %ap : tensor<8xf32>
}
// CHECK-LABEL: func.func @plain
// CHECK-SAME:    (%{{.*}}: tensor<8xf32>) -> tensor<8xf32>
func.func @plain(%a: tensor<8xf32>) -> tensor<8xf32> {
  return %a : tensor<8xf32>
}
