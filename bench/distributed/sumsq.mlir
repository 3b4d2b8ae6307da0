// Benchmark kernels on an array split across the processes of a grid sized
// by mpiexec -n (each process passes its part): the sum of squares, which
// memory bandwidth bounds, and the sum of exp(x), which the arithmetic
// bounds.
shard.grid @grid(shape = ?)

func.func @sumsq(%a: tensor<?xf32>) -> tensor<f32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %parts = shard.shard %a to %split : tensor<?xf32>
  %local = shard.shard %parts to %split annotate_for_users : tensor<?xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%local : tensor<?xf32>) outs(%z : tensor<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %sq = arith.mulf %x, %x : f32
      %s = arith.addf %sq, %acc : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<f32>
}

func.func @sumexp(%a: tensor<?xf32>) -> tensor<f32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %parts = shard.shard %a to %split : tensor<?xf32>
  %local = shard.shard %parts to %split annotate_for_users : tensor<?xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%local : tensor<?xf32>) outs(%z : tensor<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %ex = math.exp %x : f32
      %s = arith.addf %ex, %acc : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<f32>
}
