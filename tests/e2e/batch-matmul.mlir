// linalg.batch_matmul: two independent 2x2 products.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @bmm(%a: tensor<2x2x2xf32, #env>, %b: tensor<2x2x2xf32, #env>) -> tensor<2x2x2xf32, #env> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2x2xf32, #env>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2x2xf32, #env>) -> tensor<2x2x2xf32, #env>
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x2x2xf32, #env>, tensor<2x2x2xf32, #env>) outs(%c : tensor<2x2x2xf32, #env>) -> tensor<2x2x2xf32, #env>
  return %r : tensor<2x2x2xf32, #env>
}

func.func @main() {
  %a = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[1.0, 0.0], [0.0, 1.0]]]> : tensor<2x2x2xf32>
  %b = arith.constant dense<[[[1.0, 0.0], [0.0, 1.0]], [[5.0, 6.0], [7.0, 8.0]]]> : tensor<2x2x2xf32>
  %ga = ndarray.copy %a : tensor<2x2x2xf32> -> tensor<2x2x2xf32, #env>
  %gb = ndarray.copy %b : tensor<2x2x2xf32> -> tensor<2x2x2xf32, #env>
  %r = call @bmm(%ga, %gb) : (tensor<2x2x2xf32, #env>, tensor<2x2x2xf32, #env>) -> tensor<2x2x2xf32, #env>
  %h = ndarray.copy %r : tensor<2x2x2xf32, #env> -> tensor<2x2x2xf32>
  %u = tensor.cast %h : tensor<2x2x2xf32> to tensor<*xf32>
  // CHECK:      {{\[\[\[}}1,    2],
  // CHECK-NEXT: [3,    4]],
  // CHECK-NEXT: {{\[\[}}5,    6],
  // CHECK-NEXT: [7,    8]]]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
