// Benchmark kernel: one sweep of a 1-D Jacobi stencil,
// x[1:N-1] = (x[0:N-2] + x[2:N]) / 2 (in place, as in NumPy), on an array
// of N floats split across a grid of P processes (run.sh sets N and P).
// Each process passes its part of x; the neighbours' boundary values come
// through a halo exchange.
shard.grid @grid(shape = P)

#id = affine_map<(i) -> (i)>

func.func @jacobi(%x: tensor<Nxf32>) {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %half = arith.constant 0.5 : f32
  %xs = shard.shard %x to %rows : tensor<Nxf32>
  %left = ndarray.subview %xs[0][INTERIOR][1] : tensor<Nxf32> to tensor<INTERIORxf32>
  %right = ndarray.subview %xs[2][INTERIOR][1] : tensor<Nxf32> to tensor<INTERIORxf32>
  %e = tensor.empty() : tensor<INTERIORxf32>
  %avg = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%left, %right : tensor<INTERIORxf32>, tensor<INTERIORxf32>) outs(%e : tensor<INTERIORxf32>) {
  ^bb0(%l: f32, %r: f32, %out: f32):
    %sum = arith.addf %l, %r : f32
    %mean = arith.mulf %sum, %half : f32
    linalg.yield %mean : f32
  } -> tensor<INTERIORxf32>
  %y = ndarray.insert_slice %avg into %xs[1][INTERIOR][1] : tensor<INTERIORxf32> into tensor<Nxf32>
  return
}
