// i16 multiplication and shifts.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefI16(tensor<*xi16> {bufferization.access = "read"})
#id = affine_map<(d0) -> (d0)>

func.func @f(%a: tensor<4xi16, #env>) -> tensor<4xi16, #env> {
  %e = tensor.empty() : tensor<4xi16, #env>
  %three = arith.constant 3 : i16
  %two = arith.constant 2 : i16
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xi16, #env>) outs(%e : tensor<4xi16, #env>) {
  ^bb0(%v: i16, %o: i16):
    %m = arith.muli %v, %three : i16
    %s = arith.shrsi %m, %two : i16
    linalg.yield %s : i16
  } -> tensor<4xi16, #env>
  return %r : tensor<4xi16, #env>
}

func.func @main() {
  %a = arith.constant dense<[8, -8, 10000, 21845]> : tensor<4xi16>
  %g = ndarray.copy %a : tensor<4xi16> -> tensor<4xi16, #env>
  %r = call @f(%g) : (tensor<4xi16, #env>) -> tensor<4xi16, #env>
  %h = ndarray.copy %r : tensor<4xi16, #env> -> tensor<4xi16>
  %u = tensor.cast %h : tensor<4xi16> to tensor<*xi16>
  // (v * 3) >> 2: 6, -6, 30000 >> 2 = 7500, 65535 wraps to -1 >> 2 = -1
  // CHECK: [6,  -6,  7500,  -1]
  call @printMemrefI16(%u) : (tensor<*xi16>) -> ()
  return
}
