// A 3-D array scaled by a per-channel vector (broadcast over the first two
// dimensions).
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @scale(%x: tensor<2x2x3xf32, #env>, %c: tensor<3xf32, #env>) -> tensor<2x2x3xf32, #env> {
  %e = tensor.empty() : tensor<2x2x3xf32, #env>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (c)>, affine_map<(a, b, c) -> (a, b, c)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %c : tensor<2x2x3xf32, #env>, tensor<3xf32, #env>) outs(%e : tensor<2x2x3xf32, #env>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %m = arith.mulf %v, %s : f32
    linalg.yield %m : f32
  } -> tensor<2x2x3xf32, #env>
  return %r : tensor<2x2x3xf32, #env>
}

func.func @main() {
  %x = arith.constant dense<[[[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]], [[3.0, 3.0, 3.0], [4.0, 4.0, 4.0]]]> : tensor<2x2x3xf32>
  %c = arith.constant dense<[1.0, 10.0, -1.0]> : tensor<3xf32>
  %gx = ndarray.copy %x : tensor<2x2x3xf32> -> tensor<2x2x3xf32, #env>
  %gc = ndarray.copy %c : tensor<3xf32> -> tensor<3xf32, #env>
  %r = call @scale(%gx, %gc) : (tensor<2x2x3xf32, #env>, tensor<3xf32, #env>) -> tensor<2x2x3xf32, #env>
  %h = ndarray.copy %r : tensor<2x2x3xf32, #env> -> tensor<2x2x3xf32>
  %u = tensor.cast %h : tensor<2x2x3xf32> to tensor<*xf32>
  // CHECK:      {{\[\[\[}}1,    10,    -1],
  // CHECK-NEXT: [2,    20,    -2]],
  // CHECK-NEXT: {{\[\[}}3,    30,    -3],
  // CHECK-NEXT: [4,    40,    -4]]]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
