// i8 arithmetic wraps around; i8 values print as numbers.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefI8(tensor<*xi8> {bufferization.access = "read"})

func.func @add(%a: tensor<4xi8, #env>, %b: tensor<4xi8, #env>) -> tensor<4xi8, #env> {
  %e = tensor.empty() : tensor<4xi8, #env>
  %r = linalg.add ins(%a, %b : tensor<4xi8, #env>, tensor<4xi8, #env>) outs(%e : tensor<4xi8, #env>) -> tensor<4xi8, #env>
  return %r : tensor<4xi8, #env>
}

func.func @main() {
  %a = arith.constant dense<[100, -100, 127, 5]> : tensor<4xi8>
  %b = arith.constant dense<[100, -100, 1, -6]> : tensor<4xi8>
  %ga = ndarray.copy %a : tensor<4xi8> -> tensor<4xi8, #env>
  %gb = ndarray.copy %b : tensor<4xi8> -> tensor<4xi8, #env>
  %r = call @add(%ga, %gb) : (tensor<4xi8, #env>, tensor<4xi8, #env>) -> tensor<4xi8, #env>
  %h = ndarray.copy %r : tensor<4xi8, #env> -> tensor<4xi8>
  %u = tensor.cast %h : tensor<4xi8> to tensor<*xi8>
  // 200 -> -56, -200 -> 56, 128 -> -128
  // CHECK: [-56,  56,  -128,  -1]
  call @printMemrefI8(%u) : (tensor<*xi8>) -> ()
  return
}
