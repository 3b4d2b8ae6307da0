// tensor.pad: a 2x2 block padded with -1 by one row above and two columns
// on the right.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @pad(%t: tensor<2x2xf32, #env>) -> tensor<3x4xf32, #env> {
  %fill = arith.constant -1.0 : f32
  %p = tensor.pad %t low[1, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %fill : f32
  } : tensor<2x2xf32, #env> to tensor<3x4xf32, #env>
  return %p : tensor<3x4xf32, #env>
}

func.func @main() {
  %t = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %g = ndarray.copy %t : tensor<2x2xf32> -> tensor<2x2xf32, #env>
  %r = call @pad(%g) : (tensor<2x2xf32, #env>) -> tensor<3x4xf32, #env>
  %h = ndarray.copy %r : tensor<3x4xf32, #env> -> tensor<3x4xf32>
  %u = tensor.cast %h : tensor<3x4xf32> to tensor<*xf32>
  // CHECK:      [-1,   -1,   -1,   -1],
  // CHECK-NEXT: [1,   2,   -1,   -1],
  // CHECK-NEXT: [3,   4,   -1,   -1]]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
