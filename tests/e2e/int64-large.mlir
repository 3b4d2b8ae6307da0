// i64 values beyond 32 bits survive arithmetic.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})

func.func @mul(%a: tensor<3xi64, #env>, %b: tensor<3xi64, #env>) -> tensor<3xi64, #env> {
  %e = tensor.empty() : tensor<3xi64, #env>
  %r = linalg.mul ins(%a, %b : tensor<3xi64, #env>, tensor<3xi64, #env>) outs(%e : tensor<3xi64, #env>) -> tensor<3xi64, #env>
  return %r : tensor<3xi64, #env>
}

func.func @main() {
  %a = arith.constant dense<[4294967296, -3000000000, 123456789]> : tensor<3xi64>
  %b = arith.constant dense<[3, 2, 1000]> : tensor<3xi64>
  %ga = ndarray.copy %a : tensor<3xi64> -> tensor<3xi64, #env>
  %gb = ndarray.copy %b : tensor<3xi64> -> tensor<3xi64, #env>
  %r = call @mul(%ga, %gb) : (tensor<3xi64, #env>, tensor<3xi64, #env>) -> tensor<3xi64, #env>
  %h = ndarray.copy %r : tensor<3xi64, #env> -> tensor<3xi64>
  %u = tensor.cast %h : tensor<3xi64> to tensor<*xi64>
  // CHECK: [12884901888,  -6000000000,  123456789000]
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}
