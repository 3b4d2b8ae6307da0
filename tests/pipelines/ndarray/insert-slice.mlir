// Slice assignment: a 1-D array into a row, in place, and the update is seen
// through an earlier view.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefF64(tensor<*xf64> {bufferization.access = "read"})

func.func @show(%t: tensor<?x?xf64, #env>) {
  %h = ndarray.copy %t : tensor<?x?xf64, #env> -> tensor<?x?xf64>
  %u = tensor.cast %h : tensor<?x?xf64> to tensor<*xf64>
  call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  return
}

// GPU-LABEL: func.func @main
// GPU: gpu.launch
// GPU: memref.subview
// GPU: gpu.memcpy
func.func @main() {
  %z = arith.constant 0.0 : f64
  %one = arith.constant 5.0 : f64
  %n6 = arith.constant 6 : index
  %flat = ndarray.linspace %z %one %n6 true : (f64, f64, index) -> tensor<?xf64, #env>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m = ndarray.reshape %flat %c2, %c3 : tensor<?xf64, #env> -> tensor<?x?xf64, #env>
  %row1 = ndarray.subview %m[1, 0] [1, 3] [1, 1] : tensor<?x?xf64, #env> to tensor<1x3xf64, #env>

  %a = arith.constant -1.0 : f64
  %b = arith.constant -3.0 : f64
  %src = ndarray.linspace %a %b %c3 true : (f64, f64, index) -> tensor<3xf64, #env>
  ndarray.insert_slice %src into %m[1, 0] [1, 3] [1, 1] : tensor<3xf64, #env> into tensor<?x?xf64, #env>
  // CHECK:      [0,   1,   2],
  // CHECK-NEXT: [-1,   -2,   -3]]
  call @show(%m) : (tensor<?x?xf64, #env>) -> ()
  %rd = tensor.cast %row1 : tensor<1x3xf64, #env> to tensor<?x?xf64, #env>
  // CHECK: [-1,   -2,   -3]]
  call @show(%rd) : (tensor<?x?xf64, #env>) -> ()
  return
}
