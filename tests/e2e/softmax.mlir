// Row-wise softmax: max-reduce, exp of the shifted values, sum-reduce,
// divide.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

func.func @softmax(%x: tensor<2x3xf32, #env>) -> tensor<2x3xf32, #env> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<2xf32, #env>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<2xf32, #env>) -> tensor<2xf32, #env>
  %max = linalg.reduce ins(%x : tensor<2x3xf32, #env>) outs(%m0 : tensor<2xf32, #env>) dimensions = [1]
    (%v: f32, %acc: f32) {
      %m = arith.maximumf %v, %acc : f32
      linalg.yield %m : f32
    }
  %e2 = tensor.empty() : tensor<2x3xf32, #env>
  %ex = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<2x3xf32, #env>, tensor<2xf32, #env>) outs(%e2 : tensor<2x3xf32, #env>) {
  ^bb0(%v: f32, %m: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<2x3xf32, #env>
  %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2xf32, #env>) -> tensor<2xf32, #env>
  %sum = linalg.reduce ins(%ex : tensor<2x3xf32, #env>) outs(%s0 : tensor<2xf32, #env>) dimensions = [1]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  %e3 = tensor.empty() : tensor<2x3xf32, #env>
  %r = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<2x3xf32, #env>, tensor<2xf32, #env>) outs(%e3 : tensor<2x3xf32, #env>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %q = arith.divf %v, %s : f32
    linalg.yield %q : f32
  } -> tensor<2x3xf32, #env>
  return %r : tensor<2x3xf32, #env>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [1000.0, 1000.0, 1000.0]]> : tensor<2x3xf32>
  %g = ndarray.copy %x : tensor<2x3xf32> -> tensor<2x3xf32, #env>
  %r = call @softmax(%g) : (tensor<2x3xf32, #env>) -> tensor<2x3xf32, #env>
  %h = ndarray.copy %r : tensor<2x3xf32, #env> -> tensor<2x3xf32>
  %u = tensor.cast %h : tensor<2x3xf32> to tensor<*xf32>
  // Shifting by the row maximum keeps exp(1000) from overflowing.
  // CHECK:      [0.0900306,   0.244728,   0.665241],
  // CHECK-NEXT: [0.333333,   0.333333,   0.333333]]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
