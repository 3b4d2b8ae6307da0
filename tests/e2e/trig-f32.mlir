// math.tanh, math.sin, math.cos and math.powf on f32: sin^2 + cos^2 + tanh.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
#id = affine_map<(d0) -> (d0)>

func.func @trig(%x: tensor<3xf32, #env>) -> tensor<3xf32, #env> {
  %e = tensor.empty() : tensor<3xf32, #env>
  %two = arith.constant 2.0 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<3xf32, #env>) outs(%e : tensor<3xf32, #env>) {
  ^bb0(%v: f32, %o: f32):
    %s = math.sin %v : f32
    %c = math.cos %v : f32
    %s2 = math.powf %s, %two : f32
    %c2 = math.powf %c, %two : f32
    %one = arith.addf %s2, %c2 : f32
    %t = math.tanh %v : f32
    %r = arith.addf %one, %t : f32
    linalg.yield %r : f32
  } -> tensor<3xf32, #env>
  return %r : tensor<3xf32, #env>
}

func.func @main() {
  %x = arith.constant dense<[0.0, 0.5, -20.0]> : tensor<3xf32>
  %g = ndarray.copy %x : tensor<3xf32> -> tensor<3xf32, #env>
  %r = call @trig(%g) : (tensor<3xf32, #env>) -> tensor<3xf32, #env>
  %h = ndarray.copy %r : tensor<3xf32, #env> -> tensor<3xf32>
  %u = tensor.cast %h : tensor<3xf32> to tensor<*xf32>
  // 1 + tanh(x): 1, 1.46212, 0 (to printing precision)
  // CHECK: [1,  1.46212,  {{-?[0-9.e-]+}}]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
