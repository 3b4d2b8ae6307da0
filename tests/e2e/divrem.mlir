// Signed integer division and remainder round towards zero; unsigned
// division treats the bits as unsigned.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})
#id = affine_map<(d0) -> (d0)>

func.func @divrem(%a: tensor<4xi32, #env>, %b: tensor<4xi32, #env>)
    -> (tensor<4xi32, #env>, tensor<4xi32, #env>, tensor<4xi32, #env>) {
  %e0 = tensor.empty() : tensor<4xi32, #env>
  %e1 = tensor.empty() : tensor<4xi32, #env>
  %e2 = tensor.empty() : tensor<4xi32, #env>
  %r:3 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xi32, #env>, tensor<4xi32, #env>) outs(%e0, %e1, %e2 : tensor<4xi32, #env>, tensor<4xi32, #env>, tensor<4xi32, #env>) {
  ^bb0(%x: i32, %y: i32, %o0: i32, %o1: i32, %o2: i32):
    %q = arith.divsi %x, %y : i32
    %r = arith.remsi %x, %y : i32
    %u = arith.divui %x, %y : i32
    linalg.yield %q, %r, %u : i32, i32, i32
  } -> (tensor<4xi32, #env>, tensor<4xi32, #env>, tensor<4xi32, #env>)
  return %r#0, %r#1, %r#2 : tensor<4xi32, #env>, tensor<4xi32, #env>, tensor<4xi32, #env>
}

func.func @show(%t: tensor<4xi32, #env>) {
  %h = ndarray.copy %t : tensor<4xi32, #env> -> tensor<4xi32>
  %u = tensor.cast %h : tensor<4xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[7, -7, 7, -8]> : tensor<4xi32>
  %b = arith.constant dense<[2, 2, -2, 3]> : tensor<4xi32>
  %ga = ndarray.copy %a : tensor<4xi32> -> tensor<4xi32, #env>
  %gb = ndarray.copy %b : tensor<4xi32> -> tensor<4xi32, #env>
  %r:3 = call @divrem(%ga, %gb) : (tensor<4xi32, #env>, tensor<4xi32, #env>) -> (tensor<4xi32, #env>, tensor<4xi32, #env>, tensor<4xi32, #env>)
  // CHECK: [3,  -3,  -3,  -2]
  call @show(%r#0) : (tensor<4xi32, #env>) -> ()
  // CHECK: [1,  -1,  1,  -2]
  call @show(%r#1) : (tensor<4xi32, #env>) -> ()
  // -7 is 4294967289 unsigned: / 2 = 2147483644; 7 / 4294967294 = 0;
  // 4294967288 / 3 = 1431655762.
  // CHECK: [3,  2147483644,  0,  1431655762]
  call @show(%r#2) : (tensor<4xi32, #env>) -> ()
  return
}
