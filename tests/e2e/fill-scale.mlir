// linalg.fill and a scalar argument broadcast into an elementwise op.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF64(tensor<*xf64> {bufferization.access = "read"})
#id = affine_map<(d0, d1) -> (d0, d1)>

func.func @fill_scale(%k: f64, %n: index) -> tensor<2x?xf64, #env> {
  %e = tensor.empty(%n) : tensor<2x?xf64, #env>
  %c = arith.constant 1.5 : f64
  %f = linalg.fill ins(%c : f64) outs(%e : tensor<2x?xf64, #env>) -> tensor<2x?xf64, #env>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%f : tensor<2x?xf64, #env>) {
  ^bb0(%o: f64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ij = arith.addi %i, %j : index
    %iji = arith.index_cast %ij : index to i64
    %ijf = arith.sitofp %iji : i64 to f64
    %m = arith.mulf %o, %k : f64
    %s = arith.addf %m, %ijf : f64
    linalg.yield %s : f64
  } -> tensor<2x?xf64, #env>
  return %r : tensor<2x?xf64, #env>
}

func.func @main() {
  %k = arith.constant 2.0 : f64
  %n = arith.constant 3 : index
  %r = call @fill_scale(%k, %n) : (f64, index) -> tensor<2x?xf64, #env>
  %h = ndarray.copy %r : tensor<2x?xf64, #env> -> tensor<2x?xf64>
  %u = tensor.cast %h : tensor<2x?xf64> to tensor<*xf64>
  // 1.5 * 2 + i + j
  // CHECK:      [3,   4,   5],
  // CHECK-NEXT: [4,   5,   6]]
  call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  return
}
