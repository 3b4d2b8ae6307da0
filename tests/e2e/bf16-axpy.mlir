// bfloat16: a * x + y in bf16 (printed widened to float). The host
// computes in f32 between conversions on integer bits; the GPU too, its
// buffers holding the values as i16 bits (SPIR-V has no bf16).
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefBF16(tensor<*xbf16> {bufferization.access = "read"})
#id = affine_map<(d0) -> (d0)>

func.func @axpy(%a: bf16, %x: tensor<4xbf16, #env>, %y: tensor<4xbf16, #env>) -> tensor<4xbf16, #env> {
  %e = tensor.empty() : tensor<4xbf16, #env>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<4xbf16, #env>, tensor<4xbf16, #env>) outs(%e : tensor<4xbf16, #env>) {
  ^bb0(%xv: bf16, %yv: bf16, %o: bf16):
    %m = arith.mulf %a, %xv : bf16
    %s = arith.addf %m, %yv : bf16
    linalg.yield %s : bf16
  } -> tensor<4xbf16, #env>
  return %r : tensor<4xbf16, #env>
}

func.func @main() {
  %x = arith.constant dense<[1.0, 2.0, -3.0, 1500.0]> : tensor<4xbf16>
  %y = arith.constant dense<[0.5, 0.25, 0.125, 1.0]> : tensor<4xbf16>
  %a = arith.constant 2.0 : bf16
  %gx = ndarray.copy %x : tensor<4xbf16> -> tensor<4xbf16, #env>
  %gy = ndarray.copy %y : tensor<4xbf16> -> tensor<4xbf16, #env>
  %r = call @axpy(%a, %gx, %gy) : (bf16, tensor<4xbf16, #env>, tensor<4xbf16, #env>) -> tensor<4xbf16, #env>
  %h = ndarray.copy %r : tensor<4xbf16, #env> -> tensor<4xbf16>
  %u = tensor.cast %h : tensor<4xbf16> to tensor<*xbf16>
  // 1500 is 1504 in bf16 (8 significant bits, spacing 8 from 1024), and
  // 2 * 1504 + 1 = 3009 rounds to 3008 (spacing 16 from 2048).
  // CHECK: [2.5,  4.25,  -5.875,  3008]
  call @printMemrefBF16(%u) : (tensor<*xbf16>) -> ()
  return
}
