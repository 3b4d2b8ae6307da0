// linalg.matmul on i32 with dynamic shapes (3x2 * 2x4).
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

func.func @matmul(%a: tensor<?x?xi32, #env>, %b: tensor<?x?xi32, #env>) -> tensor<?x?xi32, #env> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xi32, #env>
  %n = tensor.dim %b, %c1 : tensor<?x?xi32, #env>
  %zero = arith.constant 0 : i32
  %e = tensor.empty(%m, %n) : tensor<?x?xi32, #env>
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<?x?xi32, #env>) -> tensor<?x?xi32, #env>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xi32, #env>, tensor<?x?xi32, #env>) outs(%c : tensor<?x?xi32, #env>) -> tensor<?x?xi32, #env>
  return %r : tensor<?x?xi32, #env>
}

func.func @main() {
  %a = arith.constant dense<[[1, -2], [3, 4], [0, 5]]> : tensor<3x2xi32>
  %b = arith.constant dense<[[1, 2, 3, 4], [-1, 0, 1, 2]]> : tensor<2x4xi32>
  %da = tensor.cast %a : tensor<3x2xi32> to tensor<?x?xi32>
  %db = tensor.cast %b : tensor<2x4xi32> to tensor<?x?xi32>
  %ga = ndarray.copy %da : tensor<?x?xi32> -> tensor<?x?xi32, #env>
  %gb = ndarray.copy %db : tensor<?x?xi32> -> tensor<?x?xi32, #env>
  %r = call @matmul(%ga, %gb) : (tensor<?x?xi32, #env>, tensor<?x?xi32, #env>) -> tensor<?x?xi32, #env>
  %h = ndarray.copy %r : tensor<?x?xi32, #env> -> tensor<?x?xi32>
  %u = tensor.cast %h : tensor<?x?xi32> to tensor<*xi32>
  // CHECK:      sizes = [3, 4]
  // CHECK-NEXT: [3,   2,   1,   0],
  // CHECK-NEXT: [-1,   6,   13,   20],
  // CHECK-NEXT: [-5,   0,   5,   10]]
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
