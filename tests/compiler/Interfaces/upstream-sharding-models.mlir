// RUN: imex-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(sharding-propagation))" | FileCheck %s --check-prefix=PROP
// RUN: imex-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(sharding-propagation,shard-partition),canonicalize)" | FileCheck %s

// imexc's sharding models of tensor.dim and tensor.empty. Propagation
// annotates tensors only (upstream's tensor.empty model also annotated the
// index sizes, with a sharding on no grid). tensor.dim answers the global
// size: the local sizes summed where the dimension is split, the local
// size where not. tensor.empty of a split result takes its local sizes
// from shard.shard_shape.
shard.grid @grid(shape = 4)
// PROP-LABEL: func.func @sizes
// PROP:       %[[N:.*]] = tensor.dim
// PROP-NEXT:  %[[M:.*]] = tensor.dim
// PROP-NEXT:  %[[E:.*]] = tensor.empty(%[[N]], %[[M]]) : tensor<?x?xf32>
// PROP-NEXT:  shard.sharding @grid split_axes = {{\[\[}}0]]
// PROP-NEXT:  shard.shard %[[E]]
// CHECK-LABEL: func.func @sizes
// CHECK-SAME:    (%[[A:.*]]: tensor<?x?xf32>)
// CHECK:       %[[D0:.*]] = tensor.dim %[[A]], %c0
// CHECK-NEXT:  %[[D0I:.*]] = arith.index_cast %[[D0]] : index to i64
// CHECK-NEXT:  %[[T:.*]] = tensor.from_elements %[[D0I]] : tensor<1xi64>
// CHECK-NEXT:  %[[SUM:.*]] = shard.all_reduce %[[T]] on @grid grid_axes = [0] : tensor<1xi64> -> tensor<1xi64>
// CHECK-NEXT:  %[[X:.*]] = tensor.extract %[[SUM]][%c0]
// CHECK-NEXT:  %[[N:.*]] = arith.index_cast %[[X]] : i64 to index
// CHECK-NEXT:  %[[M:.*]] = tensor.dim %[[A]], %c1
// CHECK-NEXT:  %[[S:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]]
// CHECK-NEXT:  %[[P:.*]] = shard.process_multi_index on @grid
// CHECK-NEXT:  %[[L:.*]]:2 = shard.shard_shape dims = [%[[N]], %[[M]]] sharding = %[[S]] device = [%[[P]]]
// CHECK-NEXT:  %[[E:.*]] = tensor.empty(%[[L]]#0, %[[M]]) : tensor<?x?xf32>
// CHECK-NEXT:  %[[C:.*]] = linalg.copy ins(%[[A]] : tensor<?x?xf32>) outs(%[[E]] : tensor<?x?xf32>)
// CHECK-NEXT:  return %[[N]], %[[M]], %[[C]]
func.func @sizes(%a: tensor<?x?xf32>) -> (index, index, tensor<?x?xf32>) {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %ap = shard.shard %a to %rows : tensor<?x?xf32>
  %al = shard.shard %ap to %rows annotate_for_users : tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %al, %c0 : tensor<?x?xf32>
  %m = tensor.dim %al, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %c = linalg.copy ins(%al : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %cs = shard.shard %c to %rows : tensor<?x?xf32>
  return %n, %m, %cs : index, index, tensor<?x?xf32>
}

// -----

// A replicated empty tensor and the size of a replicated tensor stay as
// they are.
shard.grid @grid(shape = 4)
// CHECK-LABEL: func.func @replicated
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %[[N:.*]] = tensor.dim %arg0, %c0
// CHECK-NEXT:  %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK-NEXT:  return %[[E]]
func.func @replicated(%a: tensor<?xf32>) -> tensor<?xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %ar = shard.shard %a to %rep : tensor<?xf32>
  %al = shard.shard %ar to %rep annotate_for_users : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %al, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %es = shard.shard %e to %rep : tensor<?xf32>
  return %es : tensor<?xf32>
}

// -----

// Scalar code (arith, cf.assert, process indices) runs on every process as
// it is.
shard.grid @grid(shape = 4)
// PROP-LABEL: func.func @scalars
// PROP-NOT:   shard.shard %{{.*}} : index
// CHECK-LABEL: func.func @scalars
// CHECK-SAME:    (%[[A:.*]]: tensor<2xf32>, %[[N:.*]]: index) -> tensor<2xf32>
// CHECK:       %[[P:.*]] = shard.process_linear_index on @grid
// CHECK-NEXT:  %[[OK:.*]] = arith.cmpi ult, %[[P]], %[[N]]
// CHECK-NEXT:  cf.assert %[[OK]], "too few processes"
// CHECK-NEXT:  return %[[A]]
func.func @scalars(%a: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %ap = shard.shard %a to %rows : tensor<8xf32>
  %p = shard.process_linear_index on @grid : index
  %ok = arith.cmpi ult, %p, %n : index
  cf.assert %ok, "too few processes"
  return %ap : tensor<8xf32>
}
