// Row sums of an array split in columns (partial sums, then an all_reduce),
// returned and also used by another op: gpu-per-process.mlir runs it with
// --offload=gpu.
shard.grid @grid(shape = ?)
func.func private @printMemrefF32(memref<*xf32>)
func.func @rowsum_cols(%a: tensor<4x3xf32>) -> (tensor<4xf32>, tensor<4x3xf32>) {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %a_all = shard.shard %a to %rep : tensor<4x3xf32>
  %a_cols = shard.shard %a_all to %cols annotate_for_users : tensor<4x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s0 = linalg.reduce ins(%a_cols : tensor<4x3xf32>) outs(%z : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %t = arith.addf %in, %acc : f32
      linalg.yield %t : f32
    }
  %s = shard.shard %s0 to %rep : tensor<4xf32>
  %s_rep = shard.shard %s to %rep annotate_for_users : tensor<4xf32>
  %e2 = tensor.empty() : tensor<4x3xf32>
  %d0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a_cols, %s_rep : tensor<4x3xf32>, tensor<4xf32>) outs(%e2 : tensor<4x3xf32>) {
    ^bb0(%x: f32, %m: f32, %o: f32):
      %r = arith.addf %x, %m : f32
      linalg.yield %r : f32
  } -> tensor<4x3xf32>
  %d = shard.shard %d0 to %cols : tensor<4x3xf32>
  %d_all = shard.shard %d to %rep annotate_for_users : tensor<4x3xf32>
  return %s_rep, %d_all : tensor<4xf32>, tensor<4x3xf32>
}
func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]> : tensor<4x3xf32>
  %s, %d = call @rowsum_cols(%a) : (tensor<4x3xf32>) -> (tensor<4xf32>, tensor<4x3xf32>)
  %m = bufferization.to_buffer %s : tensor<4xf32> to memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
