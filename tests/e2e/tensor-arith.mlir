// arith and math ops applied to whole tensors (as upstream MLIR's
// Linalg/CPU/test-elementwise.mlir writes them), on arguments so that
// nothing folds: they become linalg ops (convert-elementwise-to-linalg),
// then loops on the host and kernels on the GPU. Both print the same.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// RUN: imexc %s --offload=gpu --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

// max((a + b) * a, 2) with a > 0.25 selected
func.func @floats(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %s = arith.addf %a, %b : tensor<?xf32>
  %m = arith.mulf %s, %a : tensor<?xf32>
  %q = math.sqrt %m : tensor<?xf32>
  %big = arith.cmpf ogt, %a, %b : tensor<?xf32>
  %r = arith.select %big, %a, %q : tensor<?xi1>, tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @ints(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %p = arith.muli %a, %b : tensor<2x3xi32>
  %d = arith.subi %p, %b : tensor<2x3xi32>
  return %d : tensor<2x3xi32>
}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<7xf32>
  %b = arith.constant dense<[3.0, 6.0, 9.0, 12.0, 15.0, 1.0, 2.0]> : tensor<7xf32>
  %da = tensor.cast %a : tensor<7xf32> to tensor<?xf32>
  %db = tensor.cast %b : tensor<7xf32> to tensor<?xf32>
  %r = call @floats(%da, %db) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  // CHECK: [2,  4,  6,  8,  10,  6,  7]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %i = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %j = arith.constant dense<[[2, 2, 2], [-1, 0, 1]]> : tensor<2x3xi32>
  %k = call @ints(%i, %j) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %v = tensor.cast %k : tensor<2x3xi32> to tensor<*xi32>
  // CHECK: [0,   2,   4],
  // CHECK-NEXT: [-3,   0,   5]]
  call @printMemrefI32(%v) : (tensor<*xi32>) -> ()
  return
}
