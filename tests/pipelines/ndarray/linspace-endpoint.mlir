// linspace with and without endpoint, static and dynamic num, float results.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefF64(tensor<*xf64> {bufferization.access = "read"})
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

// Copying a GPU array to the host is a device-to-host memcpy.
// GPU-LABEL: func.func @show64
// GPU: memref.alloc
// GPU: gpu.memcpy
func.func @show64(%t: tensor<?xf64, #env>) {
  %h = ndarray.copy %t : tensor<?xf64, #env> -> tensor<?xf64>
  %u = tensor.cast %h : tensor<?xf64> to tensor<*xf64>
  call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  return
}

func.func @show32(%t: tensor<?xf32, #env>) {
  %h = ndarray.copy %t : tensor<?xf32, #env> -> tensor<?xf32>
  %u = tensor.cast %h : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// GPU-LABEL: func.func @with_endpoint
// GPU: gpu.alloc
// GPU: gpu.launch
// GPU: return
func.func @with_endpoint(%n: index) -> tensor<?xf64, #env> {
  %start = arith.constant -1.0 : f64
  %stop = arith.constant 1.0 : f64
  %r = ndarray.linspace %start %stop %n true : (f64, f64, index) -> tensor<?xf64, #env>
  return %r : tensor<?xf64, #env>
}

func.func @without_endpoint(%n: i64) -> tensor<?xf32, #env> {
  %start = arith.constant 0.0 : f32
  %stop = arith.constant 2.0 : f32
  %r = ndarray.linspace %start %stop %n false : (f32, f32, i64) -> tensor<?xf32, #env>
  return %r : tensor<?xf32, #env>
}

func.func @main() {
  %c5 = arith.constant 5 : index
  %a = call @with_endpoint(%c5) : (index) -> tensor<?xf64, #env>
  // CHECK: [-1,  -0.5,  0,  0.5,  1]
  call @show64(%a) : (tensor<?xf64, #env>) -> ()

  %c4 = arith.constant 4 : i64
  %b = call @without_endpoint(%c4) : (i64) -> tensor<?xf32, #env>
  // CHECK: [0,  0.5,  1,  1.5]
  call @show32(%b) : (tensor<?xf32, #env>) -> ()

  // A static result shape from a constant num.
  %s0 = arith.constant 10 : i32
  %s1 = arith.constant 20 : i32
  %c3 = arith.constant 3 : index
  %c = ndarray.linspace %s0 %s1 %c3 true : (i32, i32, index) -> tensor<3xf64, #env>
  %cd = tensor.cast %c : tensor<3xf64, #env> to tensor<?xf64, #env>
  // CHECK: [10,  15,  20]
  call @show64(%cd) : (tensor<?xf64, #env>) -> ()
  return
}
