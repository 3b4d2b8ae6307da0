// Column maxima of a signed i32 matrix (linalg.reduce over dim 0).
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

func.func @col_max(%m: tensor<4x3xi32, #env>) -> tensor<3xi32, #env> {
  %lowest = arith.constant -2147483648 : i32
  %e = tensor.empty() : tensor<3xi32, #env>
  %init = linalg.fill ins(%lowest : i32) outs(%e : tensor<3xi32, #env>) -> tensor<3xi32, #env>
  %r = linalg.reduce ins(%m : tensor<4x3xi32, #env>) outs(%init : tensor<3xi32, #env>) dimensions = [1.5e38]
    (%x: i32, %acc: i32) {
      %s = arith.maxsi %x, %acc : i32
      linalg.yield %s : i32
    }
  return %r : tensor<3xi32, #env>
}

func.func @main() {
  %m = arith.constant dense<[[-5, 7, -100], [3, -7, -200], [2, 0, -50], [-1, 6, -75]]> : tensor<4x3xi32>
  %g = ndarray.copy %m : tensor<4x3xi32> -> tensor<4x3xi32, #env>
  %r = call @col_max(%g) : (tensor<3x3xi32, #env>) -> tensor<3xi32, #env>
  %h = ndarray.copy %r : tensor<3xi32, #env> -> tensor<3xi32>
  %u = tensor.cast %h : tensor<3xi32> to tensor<*xi32>
  // CHECK: [3,  7,  -50]
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
