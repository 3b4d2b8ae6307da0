// Array code whose tensors live on a GPU: the ndarray ops carry the GPU
// environment in their tensor encoding, and region.env_region marks work
// that must stay with the data. Try:
//   build/bin/imex-opt examples/gpu_region.mlir --canonicalize
func.func @scale(%a: tensor<16xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>)
    -> tensor<16xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>> {
  %r = region.env_region #region.gpu_env<device = "XeGPU"> %a
      : tensor<16xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
      -> tensor<16xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>> {
    %c = ndarray.copy %a : tensor<16xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
        -> tensor<16xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
    region.env_region_yield %c : tensor<16xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
  }
  %s = region.env_region #region.gpu_env<device = "XeGPU"> %a
      : tensor<16xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>> {
  }
  return %r : tensor<16xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
}
