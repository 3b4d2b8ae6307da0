// cast_elemtype to the same type: with copy the result is a new array,
// without it the input itself.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @show(%t: tensor<?xf32, #env>) {
  %h = ndarray.copy %t : tensor<?xf32, #env> -> tensor<?xf32>
  %u = tensor.cast %h : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// GPU-LABEL: func.func @main
// GPU: %[[A:.*]] = gpu.alloc
// GPU: %[[B:.*]] = gpu.alloc
// GPU: gpu.memcpy %[[B]], %[[A]]
func.func @main() {
  %lo = arith.constant 1.0 : f32
  %hi = arith.constant 3.0 : f32
  %n = arith.constant 3 : index
  %a = ndarray.linspace %lo %hi %n true : (f32, f32, index) -> tensor<?xf32, #env>
  %same = ndarray.cast_elemtype %a : tensor<?xf32, #env> to tensor<?xf32, #env>
  %fresh = ndarray.cast_elemtype %a {copy = true} : tensor<?xf32, #env> to tensor<?xf32, #env>
  %z = arith.constant dense<0.0> : tensor<f32>
  %zg = ndarray.copy %z : tensor<f32> -> tensor<f32, #env>
  ndarray.insert_slice %zg into %same[0] [1] [1] : tensor<f32, #env> into tensor<?xf32, #env>
  // CHECK: [0,  2,  3]
  call @show(%a) : (tensor<?xf32, #env>) -> ()
  // CHECK: [1,  2,  3]
  call @show(%fresh) : (tensor<?xf32, #env>) -> ()
  return
}
