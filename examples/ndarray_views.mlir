// NumPy-style array code on the ndarray dialect:
//   a = linspace(0, 1, 5); a[1:5:2] = 7; print(a)
// The arrays' placement is the `#env` encoding: "host" here; change it to
// #ndarray.envs<#region.gpu_env<device = "XeGPU">> and the same program is
// lowered to gpu.launch kernels with device allocations and copies.
#env = #ndarray.envs<"host">

func.func private @printMemrefF64(tensor<*xf64> {bufferization.access = "read"})

func.func @main() {
  %start = arith.constant 0.0 : f64
  %stop = arith.constant 1.0 : f64
  %num = arith.constant 5 : index
  %a = ndarray.linspace %start %stop %num true : (f64, f64, index) -> tensor<?xf64, #env>
  %seven = arith.constant dense<7.0> : tensor<f64>
  %s = ndarray.copy %seven : tensor<f64> -> tensor<f64, #env>
  %view = ndarray.subview %a[1] [2] [2] : tensor<?xf64, #env> to tensor<2xf64, #env>
  ndarray.insert_slice %s into %view[0] [2] [1] : tensor<f64, #env> into tensor<2xf64, #env>
  %h = ndarray.copy %a : tensor<?xf64, #env> -> tensor<?xf64>
  %u = tensor.cast %h : tensor<?xf64> to tensor<*xf64>
  call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  return
}
