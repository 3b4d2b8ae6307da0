// A fused elementwise linalg.generic on f64: (a - b) * a + 1.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF64(tensor<*xf64> {bufferization.access = "read"})
#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @fused(%a: tensor<2x3xf64, #env>, %b: tensor<2x3xf64, #env>) -> tensor<2x3xf64, #env> {
  %e = tensor.empty() : tensor<2x3xf64, #env>
  %one = arith.constant 1.0 : f64
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<2x3xf64, #env>, tensor<2x3xf64, #env>) outs(%e : tensor<2x3xf64, #env>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %d = arith.subf %x, %y : f64
    %m = arith.mulf %d, %x : f64
    %s = arith.addf %m, %one : f64
    linalg.yield %s : f64
  } -> tensor<2x3xf64, #env>
  return %r : tensor<2x3xf64, #env>
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [-1.0, 0.5, 10.0]]> : tensor<2x3xf64>
  %b = arith.constant dense<[[0.0, 1.0, 5.0], [1.0, 0.5, 0.25]]> : tensor<2x3xf64>
  %ga = ndarray.copy %a : tensor<2x3xf64> -> tensor<2x3xf64, #env>
  %gb = ndarray.copy %b : tensor<2x3xf64> -> tensor<2x3xf64, #env>
  %r = call @fused(%ga, %gb) : (tensor<2x3xf64, #env>, tensor<2x3xf64, #env>) -> tensor<2x3xf64, #env>
  %h = ndarray.copy %r : tensor<2x3xf64, #env> -> tensor<2x3xf64>
  %u = tensor.cast %h : tensor<2x3xf64> to tensor<*xf64>
  // CHECK:      [2,   3,   -5],
  // CHECK-NEXT: [3,   1,   98.5]]
  call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  return
}
