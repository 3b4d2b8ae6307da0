// Degenerate linspace: one point with endpoint is [start]; zero points is
// an empty array.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefF64(tensor<*xf64> {bufferization.access = "read"})

func.func @show(%t: tensor<?xf64, #env>) {
  %h = ndarray.copy %t : tensor<?xf64, #env> -> tensor<?xf64>
  %u = tensor.cast %h : tensor<?xf64> to tensor<*xf64>
  call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  return
}

// GPU-LABEL: func.func @main
// GPU: gpu.launch
// GPU: gpu.launch
// GPU: gpu.launch
func.func @main() {
  %lo = arith.constant 3.0 : f64
  %hi = arith.constant 9.0 : f64
  %c1 = arith.constant 1 : index
  %one = ndarray.linspace %lo %hi %c1 true : (f64, f64, index) -> tensor<?xf64, #env>
  // CHECK: [3]
  call @show(%one) : (tensor<?xf64, #env>) -> ()
  %one_open = ndarray.linspace %lo %hi %c1 false : (f64, f64, index) -> tensor<?xf64, #env>
  // CHECK: [3]
  call @show(%one_open) : (tensor<?xf64, #env>) -> ()
  %c0 = arith.constant 0 : index
  %none = ndarray.linspace %lo %hi %c0 true : (f64, f64, index) -> tensor<?xf64, #env>
  // CHECK: sizes = [0]
  call @show(%none) : (tensor<?xf64, #env>) -> ()
  return
}
