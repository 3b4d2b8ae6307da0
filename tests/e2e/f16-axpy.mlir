// Half precision: a * x + y in f16 (printed widened to float).
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF16(tensor<*xf16> {bufferization.access = "read"})
#id = affine_map<(d0) -> (d0)>

func.func @axpy(%a: f16, %x: tensor<4xf16, #env>, %y: tensor<4xf16, #env>) -> tensor<4xf16, #env> {
  %e = tensor.empty() : tensor<4xf16, #env>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<4xf16, #env>, tensor<4xf16, #env>) outs(%e : tensor<4xf16, #env>) {
  ^bb0(%xv: f16, %yv: f16, %o: f16):
    %m = arith.mulf %a, %xv : f16
    %s = arith.addf %m, %yv : f16
    linalg.yield %s : f16
  } -> tensor<4xf16, #env>
  return %r : tensor<4xf16, #env>
}

func.func @main() {
  %x = arith.constant dense<[1.0, 2.0, -3.0, 1500.0]> : tensor<4xf16>
  %y = arith.constant dense<[0.5, 0.25, 0.125, 1.0]> : tensor<4xf16>
  %a = arith.constant 2.0 : f16
  %gx = ndarray.copy %x : tensor<4xf16> -> tensor<4xf16, #env>
  %gy = ndarray.copy %y : tensor<4xf16> -> tensor<4xf16, #env>
  %r = call @axpy(%a, %gx, %gy) : (f16, tensor<4xf16, #env>, tensor<4xf16, #env>) -> tensor<4xf16, #env>
  %h = ndarray.copy %r : tensor<4xf16, #env> -> tensor<4xf16>
  %u = tensor.cast %h : tensor<4xf16> to tensor<*xf16>
  // 3001 is not representable in f16 (spacing 2 above 2048): it rounds to
  // the even neighbour 3000.
  // CHECK: [2.5,  4.25,  -5.875,  3000]
  call @printMemrefF16(%u) : (tensor<*xf16>) -> ()
  return
}
