// Elementwise addition of f32 arrays (linalg.add).
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @add(%a: tensor<8xf32, #env>, %b: tensor<8xf32, #env>) -> tensor<8xf32, #env> {
  %e = tensor.empty() : tensor<8xf32, #env>
  %r = linalg.add ins(%a, %b : tensor<8xf32, #env>, tensor<8xf32, #env>) outs(%e : tensor<8xf32, #env>) -> tensor<8xf32, #env>
  return %r : tensor<8xf32, #env>
}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %b = arith.constant dense<[0.5, 0.25, -3.0, 10.0, 0.0, -6.0, 1.0e3, 2.5]> : tensor<8xf32>
  %ga = ndarray.copy %a : tensor<8xf32> -> tensor<8xf32, #env>
  %gb = ndarray.copy %b : tensor<8xf32> -> tensor<8xf32, #env>
  %r = call @add(%ga, %gb) : (tensor<8xf32, #env>, tensor<8xf32, #env>) -> tensor<8xf32, #env>
  %h = ndarray.copy %r : tensor<8xf32, #env> -> tensor<8xf32>
  %u = tensor.cast %h : tensor<8xf32> to tensor<*xf32>
  // CHECK: [1.5,  2.25,  0,  14,  5,  0,  1007,  10.5]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
