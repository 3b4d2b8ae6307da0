// f64 math that GPUs have in double precision: sqrt, absf, floor, ceil, fma.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF64(tensor<*xf64> {bufferization.access = "read"})
#id = affine_map<(d0) -> (d0)>

func.func @f(%x: tensor<4xf64, #env>) -> tensor<4xf64, #env> {
  %e = tensor.empty() : tensor<4xf64, #env>
  %ten = arith.constant 10.0 : f64
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf64, #env>) outs(%e : tensor<4xf64, #env>) {
  ^bb0(%v: f64, %o: f64):
    %a = math.absf %v : f64
    %s = math.sqrt %a : f64
    %fl = math.floor %v : f64
    %ce = math.ceil %v : f64
    %d = arith.subf %ce, %fl : f64
    // sqrt|v| * 10 + (ceil - floor)
    %m = math.fma %s, %ten, %d : f64
    linalg.yield %m : f64
  } -> tensor<4xf64, #env>
  return %r : tensor<4xf64, #env>
}

func.func @main() {
  %x = arith.constant dense<[4.0, -2.25, 0.0, 1.0e6]> : tensor<4xf64>
  %g = ndarray.copy %x : tensor<4xf64> -> tensor<4xf64, #env>
  %r = call @f(%g) : (tensor<4xf64, #env>) -> tensor<4xf64, #env>
  %h = ndarray.copy %r : tensor<4xf64, #env> -> tensor<4xf64>
  %u = tensor.cast %h : tensor<4xf64> to tensor<*xf64>
  // CHECK: [20,  16,  0,  10000]
  call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  return
}
