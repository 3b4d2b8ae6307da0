shard.grid @grid(shape = 9223372036854775807)
func.func private @printMemrefF32(memref<*xf32>)
func.func @middle(%x: tensor<10xf32>) -> tensor<7xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xa = shard.shard %x to %rep : tensor<10xf32>
  %xr = shard.shard %xa to %rows annotate_for_users : tensor<10xf32>
  %e = tensor.empty() : tensor<10xf32>
  %y0 = linalg.add ins(%xr, %xr : tensor<10xf32>, tensor<10xf32>) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %y = shard.shard %y0 to %rows : tensor<10xf32>
  %v = ndarray.subview %y[2][7][1] : tensor<10xf32> to tensor<7xf32>
  %va = shard.shard %v to %rep annotate_for_users : tensor<7xf32>
  return %va : tensor<7xf32>
}
func.func @main() {
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]> : tensor<10xf32>
  %r = call @middle(%x) : (tensor<10xf32>) -> tensor<7xf32>
  %m = bufferization.to_buffer %r : tensor<7xf32> to memref<7xf32>
  %u = memref.cast %m : memref<7xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
