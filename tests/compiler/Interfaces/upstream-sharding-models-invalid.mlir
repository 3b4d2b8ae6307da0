// RUN: imex-opt %s --pass-pipeline="builtin.module(func.func(sharding-propagation))" -verify-diagnostics

// arith ops on tensors have no sharding model: linalg ops do.
shard.grid @grid(shape = 4)
func.func @tensor_arith(%a: tensor<8xf32>) -> tensor<8xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %ap = shard.shard %a to %rows : tensor<8xf32>
  // expected-error @+1 {{'arith.addf' op on tensors has no sharding model (write it as a linalg op)}}
  %s = arith.addf %ap, %ap : tensor<8xf32>
  return %s : tensor<8xf32>
}
