// Elementwise minimum/maximum for floats (NaN-propagating maximumf) and
// signed/unsigned integers.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})
#id = affine_map<(d0) -> (d0)>

func.func @fminmax(%a: tensor<3xf32, #env>, %b: tensor<3xf32, #env>) -> tensor<3xf32, #env> {
  %e = tensor.empty() : tensor<3xf32, #env>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<3xf32, #env>, tensor<3xf32, #env>) outs(%e : tensor<3xf32, #env>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %mx = arith.maximumf %x, %y : f32
    %mn = arith.minimumf %x, %y : f32
    %d = arith.subf %mx, %mn : f32
    linalg.yield %d : f32
  } -> tensor<3xf32, #env>
  return %r : tensor<3xf32, #env>
}

func.func @iminmax(%a: tensor<3xi64, #env>, %b: tensor<3xi64, #env>) -> tensor<3xi64, #env> {
  %e = tensor.empty() : tensor<3xi64, #env>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<3xi64, #env>, tensor<3xi64, #env>) outs(%e : tensor<3xi64, #env>) {
  ^bb0(%x: i64, %y: i64, %o: i64):
    %s = arith.minsi %x, %y : i64
    %u = arith.maxui %x, %y : i64
    %t = arith.addi %s, %u : i64
    linalg.yield %t : i64
  } -> tensor<3xi64, #env>
  return %r : tensor<3xi64, #env>
}

func.func @main() {
  %a = arith.constant dense<[1.0, -2.0, 5.0]> : tensor<3xf32>
  %b = arith.constant dense<[3.0, 4.0, 5.0]> : tensor<3xf32>
  %ga = ndarray.copy %a : tensor<3xf32> -> tensor<3xf32, #env>
  %gb = ndarray.copy %b : tensor<3xf32> -> tensor<3xf32, #env>
  %r = call @fminmax(%ga, %gb) : (tensor<3xf32, #env>, tensor<3xf32, #env>) -> tensor<3xf32, #env>
  %h = ndarray.copy %r : tensor<3xf32, #env> -> tensor<3xf32>
  %u = tensor.cast %h : tensor<3xf32> to tensor<*xf32>
  // CHECK: [2,  6,  0]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()

  %ia = arith.constant dense<[-1, 10, 3]> : tensor<3xi64>
  %ib = arith.constant dense<[5, 2, 3]> : tensor<3xi64>
  %gia = ndarray.copy %ia : tensor<3xi64> -> tensor<3xi64, #env>
  %gib = ndarray.copy %ib : tensor<3xi64> -> tensor<3xi64, #env>
  %ir = call @iminmax(%gia, %gib) : (tensor<3xi64, #env>, tensor<3xi64, #env>) -> tensor<3xi64, #env>
  %ih = ndarray.copy %ir : tensor<3xi64, #env> -> tensor<3xi64>
  %iu = tensor.cast %ih : tensor<3xi64> to tensor<*xi64>
  // minsi + maxui: -1 + (-1 as unsigned max) = -2; 2 + 10 = 12; 3 + 3 = 6
  // CHECK: [-2,  12,  6]
  call @printMemrefI64(%iu) : (tensor<*xi64>) -> ()
  return
}
