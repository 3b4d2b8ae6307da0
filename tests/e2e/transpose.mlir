// linalg.transpose of a 2x3 matrix.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

func.func @t(%m: tensor<2x3xi32, #env>) -> tensor<3x2xi32, #env> {
  %e = tensor.empty() : tensor<3x2xi32, #env>
  %r = linalg.transpose ins(%m : tensor<2x3xi32, #env>) outs(%e : tensor<3x2xi32, #env>) permutation = [1, 0]
  return %r : tensor<3x2xi32, #env>
}

func.func @main() {
  %m = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %g = ndarray.copy %m : tensor<2x3xi32> -> tensor<2x3xi32, #env>
  %r = call @t(%g) : (tensor<2x3xi32, #env>) -> tensor<3x2xi32, #env>
  %h = ndarray.copy %r : tensor<3x2xi32, #env> -> tensor<3x2xi32>
  %u = tensor.cast %h : tensor<3x2xi32> to tensor<*xi32>
  // CHECK:      [1,   4],
  // CHECK-NEXT: [2,   5],
  // CHECK-NEXT: [3,   6]]
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
