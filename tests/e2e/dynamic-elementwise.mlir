// Elementwise subtraction on 2-D arrays whose shapes are only known at run
// time.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @sub(%a: tensor<?x?xf32, #env>, %b: tensor<?x?xf32, #env>) -> tensor<?x?xf32, #env> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32, #env>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32, #env>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32, #env>
  %r = linalg.sub ins(%a, %b : tensor<?x?xf32, #env>, tensor<?x?xf32, #env>) outs(%e : tensor<?x?xf32, #env>) -> tensor<?x?xf32, #env>
  return %r : tensor<?x?xf32, #env>
}

func.func @main() {
  %a = arith.constant dense<[[10.0, 20.0, 30.0], [40.0, 50.0, 60.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %da = tensor.cast %a : tensor<2x3xf32> to tensor<?x?xf32>
  %db = tensor.cast %b : tensor<2x3xf32> to tensor<?x?xf32>
  %ga = ndarray.copy %da : tensor<?x?xf32> -> tensor<?x?xf32, #env>
  %gb = ndarray.copy %db : tensor<?x?xf32> -> tensor<?x?xf32, #env>
  %r = call @sub(%ga, %gb) : (tensor<?x?xf32, #env>, tensor<?x?xf32, #env>) -> tensor<?x?xf32, #env>
  %h = ndarray.copy %r : tensor<?x?xf32, #env> -> tensor<?x?xf32>
  %u = tensor.cast %h : tensor<?x?xf32> to tensor<*xf32>
  // CHECK:      sizes = [2, 3]
  // CHECK-NEXT: [9,   18,   27],
  // CHECK-NEXT: [36,   45,   54]]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
