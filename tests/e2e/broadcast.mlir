// Broadcasting a row vector over the rows of a matrix (generic with a
// projected indexing map).
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

func.func @add_row(%m: tensor<3x4xi32, #env>, %row: tensor<4xi32, #env>) -> tensor<3x4xi32, #env> {
  %e = tensor.empty() : tensor<3x4xi32, #env>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m, %row : tensor<3x4xi32, #env>, tensor<4xi32, #env>) outs(%e : tensor<3x4xi32, #env>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<3x4xi32, #env>
  return %r : tensor<3x4xi32, #env>
}

func.func @main() {
  %m = arith.constant dense<[[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]> : tensor<3x4xi32>
  %row = arith.constant dense<[100, 200, 300, 400]> : tensor<4xi32>
  %gm = ndarray.copy %m : tensor<3x4xi32> -> tensor<3x4xi32, #env>
  %gr = ndarray.copy %row : tensor<4xi32> -> tensor<4xi32, #env>
  %r = call @add_row(%gm, %gr) : (tensor<3x4xi32, #env>, tensor<4xi32, #env>) -> tensor<3x4xi32, #env>
  %h = ndarray.copy %r : tensor<3x4xi32, #env> -> tensor<3x4xi32>
  %u = tensor.cast %h : tensor<3x4xi32> to tensor<*xi32>
  // CHECK:      [100,   201,   302,   403],
  // CHECK-NEXT: [110,   211,   312,   413],
  // CHECK-NEXT: [120,   221,   322,   423]]
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
