// Heat diffusion along a rod of 1024 cells, split across 2 MPI processes:
// one explicit time step, t[1:1023] = (t[0:1022] + t[2:1024]) / 2, in
// place (the ends keep their temperatures), and the total heat. Each
// process passes its half of the rod; the neighbours' boundary cells come
// through a halo exchange that imexc generates.
shard.grid @rod(shape = 2)

#id = affine_map<(i) -> (i)>

func.func @heat_step(%t: tensor<1024xf32>) {
  %halves = shard.sharding @rod split_axes = [[0]] : !shard.sharding
  %half = arith.constant 0.5 : f32
  %ts = shard.shard %t to %halves : tensor<1024xf32>
  %left = ndarray.subview %ts[0][1022][1] : tensor<1024xf32> to tensor<1022xf32>
  %right = ndarray.subview %ts[2][1022][1] : tensor<1024xf32> to tensor<1022xf32>
  %e = tensor.empty() : tensor<1022xf32>
  %mean = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%left, %right : tensor<1022xf32>, tensor<1022xf32>) outs(%e : tensor<1022xf32>) {
  ^bb0(%l: f32, %r: f32, %out: f32):
    %sum = arith.addf %l, %r : f32
    %m = arith.mulf %sum, %half : f32
    linalg.yield %m : f32
  } -> tensor<1022xf32>
  ndarray.insert_slice %mean into %ts[1][1022][1] : tensor<1022xf32> into tensor<1024xf32>
  return
}

// The rod's total heat (every process gets it).
func.func @total_heat(%t: tensor<1024xf32>) -> tensor<f32> {
  %halves = shard.sharding @rod split_axes = [[0]] : !shard.sharding
  %ts = shard.shard %t to %halves : tensor<1024xf32>
  %tl = shard.shard %ts to %halves annotate_for_users : tensor<1024xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%tl : tensor<1024xf32>) outs(%z : tensor<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<f32>
}
