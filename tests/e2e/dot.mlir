// linalg.dot into a 0-d result.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF64(tensor<*xf64> {bufferization.access = "read"})

func.func @dot(%a: tensor<?xf64, #env>, %b: tensor<?xf64, #env>) -> tensor<f64, #env> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<f64, #env>
  %init = linalg.fill ins(%zero : f64) outs(%e : tensor<f64, #env>) -> tensor<f64, #env>
  %r = linalg.dot ins(%a, %b : tensor<?xf64, #env>, tensor<?xf64, #env>) outs(%init : tensor<f64, #env>) -> tensor<f64, #env>
  return %r : tensor<f64, #env>
}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf64>
  %b = arith.constant dense<[0.5, -1.0, 2.0, 0.25, 10.0]> : tensor<5xf64>
  %da = tensor.cast %a : tensor<5xf64> to tensor<?xf64>
  %db = tensor.cast %b : tensor<5xf64> to tensor<?xf64>
  %ga = ndarray.copy %da : tensor<?xf64> -> tensor<?xf64, #env>
  %gb = ndarray.copy %db : tensor<?xf64> -> tensor<?xf64, #env>
  %r = call @dot(%ga, %gb) : (tensor<?xf64, #env>, tensor<?xf64, #env>) -> tensor<f64, #env>
  %h = ndarray.copy %r : tensor<f64, #env> -> tensor<f64>
  %u = tensor.cast %h : tensor<f64> to tensor<*xf64>
  // 0.5 - 2 + 6 + 1 + 50
  // CHECK: rank = 0
  // CHECK-NEXT: [55.5]
  call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  return
}
