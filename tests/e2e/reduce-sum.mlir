// Row sums of a matrix with linalg.reduce (f32).
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @row_sums(%m: tensor<3x5xf32, #env>) -> tensor<3xf32, #env> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32, #env>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32, #env>) -> tensor<3xf32, #env>
  %r = linalg.reduce ins(%m : tensor<3x5xf32, #env>) outs(%init : tensor<3xf32, #env>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3xf32, #env>
}

func.func @main() {
  %m = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [0.5, 0.5, 0.5, 0.5, 0.5], [-1.0, 1.0, -2.0, 2.0, 10.0]]> : tensor<3x5xf32>
  %g = ndarray.copy %m : tensor<3x5xf32> -> tensor<3x5xf32, #env>
  %r = call @row_sums(%g) : (tensor<3x5xf32, #env>) -> tensor<3xf32, #env>
  %h = ndarray.copy %r : tensor<3xf32, #env> -> tensor<3xf32>
  %u = tensor.cast %h : tensor<3xf32> to tensor<*xf32>
  // CHECK: [15,  2.5,  10]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
