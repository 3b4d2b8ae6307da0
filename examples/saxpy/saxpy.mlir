// saxpy on the GPU: y = a * x + y for host arrays. The arrays are copied to
// the GPU (`#gpu` placement), the arithmetic runs there, and the result comes
// back as a new host array that the caller frees.
#gpu = #ndarray.envs<#region.gpu_env<device = "XeGPU">>
#map = affine_map<(d0) -> (d0)>

func.func @saxpy(%a: f32, %x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %gx = ndarray.copy %x : tensor<?xf32> -> tensor<?xf32, #gpu>
  %gy = ndarray.copy %y : tensor<?xf32> -> tensor<?xf32, #gpu>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %gx, %c0 : tensor<?xf32, #gpu>
  %init = tensor.empty(%n) : tensor<?xf32, #gpu>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%gx, %gy : tensor<?xf32, #gpu>, tensor<?xf32, #gpu>) outs(%init : tensor<?xf32, #gpu>) {
  ^bb0(%xv: f32, %yv: f32, %out: f32):
    %ax = arith.mulf %a, %xv : f32
    %s = arith.addf %ax, %yv : f32
    linalg.yield %s : f32
  } -> tensor<?xf32, #gpu>
  %h = ndarray.copy %r : tensor<?xf32, #gpu> -> tensor<?xf32>
  return %h : tensor<?xf32>
}
