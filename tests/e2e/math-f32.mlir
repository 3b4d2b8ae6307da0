// math.exp, math.log, math.sqrt and math.absf on f32.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
#id = affine_map<(d0) -> (d0)>

func.func @math(%x: tensor<4xf32, #env>) -> (tensor<4xf32, #env>, tensor<4xf32, #env>) {
  %e0 = tensor.empty() : tensor<4xf32, #env>
  %e1 = tensor.empty() : tensor<4xf32, #env>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32, #env>) outs(%e0, %e1 : tensor<4xf32, #env>, tensor<4xf32, #env>) {
  ^bb0(%v: f32, %o0: f32, %o1: f32):
    %a = math.absf %v : f32
    %s = math.sqrt %a : f32
    %l = math.log %a : f32
    %ex = math.exp %l : f32
    linalg.yield %s, %ex : f32, f32
  } -> (tensor<4xf32, #env>, tensor<4xf32, #env>)
  return %r#0, %r#1 : tensor<4xf32, #env>, tensor<4xf32, #env>
}

func.func @main() {
  %x = arith.constant dense<[4.0, -9.0, 0.25, 2.0]> : tensor<4xf32>
  %g = ndarray.copy %x : tensor<4xf32> -> tensor<4xf32, #env>
  %r:2 = call @math(%g) : (tensor<4xf32, #env>) -> (tensor<4xf32, #env>, tensor<4xf32, #env>)
  %h0 = ndarray.copy %r#0 : tensor<4xf32, #env> -> tensor<4xf32>
  %u0 = tensor.cast %h0 : tensor<4xf32> to tensor<*xf32>
  // CHECK: [2,  3,  0.5,  1.41421]
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %h1 = ndarray.copy %r#1 : tensor<4xf32, #env> -> tensor<4xf32>
  %u1 = tensor.cast %h1 : tensor<4xf32> to tensor<*xf32>
  // exp(log|x|) = |x|
  // CHECK: [4,  9,  0.25,  2]
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  return
}
