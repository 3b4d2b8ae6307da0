// A GPU kernel using f64 sin, which the Vulkan flavour has no instruction for.
#gpu = #ndarray.envs<#region.gpu_env<device = "XeGPU">>
#map = affine_map<(d0) -> (d0)>
func.func @sines(%x: tensor<8xf64, #gpu>) -> tensor<8xf64, #gpu> {
  %e = tensor.empty() : tensor<8xf64, #gpu>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<8xf64, #gpu>) outs(%e : tensor<8xf64, #gpu>) {
  ^bb0(%v: f64, %o: f64):
    %s = math.sin %v : f64
    linalg.yield %s : f64
  } -> tensor<8xf64, #gpu>
  return %r : tensor<8xf64, #gpu>
}
