// linalg.matmul on f32, 2x3 * 3x2.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @matmul(%a: tensor<2x3xf32, #env>, %b: tensor<3x2xf32, #env>) -> tensor<2x2xf32, #env> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32, #env>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32, #env>) -> tensor<2x2xf32, #env>
  %r = linalg.matmul ins(%a, %b : tensor<2x3xf32, #env>, tensor<3x2xf32, #env>) outs(%c : tensor<2x2xf32, #env>) -> tensor<2x2xf32, #env>
  return %r : tensor<2x2xf32, #env>
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]> : tensor<3x2xf32>
  %ga = ndarray.copy %a : tensor<2x3xf32> -> tensor<2x3xf32, #env>
  %gb = ndarray.copy %b : tensor<3x2xf32> -> tensor<3x2xf32, #env>
  %r = call @matmul(%ga, %gb) : (tensor<2x3xf32, #env>, tensor<3x2xf32, #env>) -> tensor<2x2xf32, #env>
  %h = ndarray.copy %r : tensor<2x2xf32, #env> -> tensor<2x2xf32>
  %u = tensor.cast %h : tensor<2x2xf32> to tensor<*xf32>
  // CHECK:      [58,   64],
  // CHECK-NEXT: [139,   154]]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
