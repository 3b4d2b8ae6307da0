// copy makes an independent array; copies of empty arrays copy nothing.
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
  %hi = arith.constant 4.0 : f32
  %n = arith.constant 4 : index
  %a = ndarray.linspace %lo %hi %n true : (f32, f32, index) -> tensor<?xf32, #env>
  %b = ndarray.copy %a : tensor<?xf32, #env> -> tensor<?xf32, #env>
  %m = arith.constant dense<-1.0> : tensor<f32>
  %mg = ndarray.copy %m : tensor<f32> -> tensor<f32, #env>
  ndarray.insert_slice %mg into %b[0] [4] [1] : tensor<f32, #env> into tensor<?xf32, #env>
  // CHECK: [1,  2,  3,  4]
  call @show(%a) : (tensor<?xf32, #env>) -> ()
  // CHECK: [-1,  -1,  -1,  -1]
  call @show(%b) : (tensor<?xf32, #env>) -> ()

  %e = tensor.empty() : tensor<0xf32, #env>
  %ec = ndarray.copy %e : tensor<0xf32, #env> -> tensor<0xf32, #env>
  %ed = tensor.cast %ec : tensor<0xf32, #env> to tensor<?xf32, #env>
  // (The printer shows garbage for the data of an empty memref, so only
  // the shape is checked.)
  // CHECK: sizes = [0]
  call @show(%ed) : (tensor<?xf32, #env>) -> ()
  return
}
