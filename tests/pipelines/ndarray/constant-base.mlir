// Views of and slice assignments into constants work on a private copy:
// the constant keeps its value for every other use.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

func.func @show(%t: tensor<?xi32>) {
  %u = tensor.cast %t : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

// GPU-LABEL: func.func @main
// GPU: memref.get_global
// GPU: memref.alloc
// GPU: gpu.memcpy
func.func @main() {
  %k = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %z = arith.constant dense<0> : tensor<i32>
  ndarray.insert_slice %z into %k[1] [2] [1] : tensor<i32> into tensor<4xi32>
  %v = ndarray.subview %k[0] [4] [1] : tensor<4xi32> to tensor<?xi32>
  // The update went to the private copy, which the view shows.
  // CHECK: [1,  0,  0,  4]
  call @show(%v) : (tensor<?xi32>) -> ()
  %again = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %ad = tensor.cast %again : tensor<4xi32> to tensor<?xi32>
  // CHECK: [1,  2,  3,  4]
  call @show(%ad) : (tensor<?xi32>) -> ()
  return
}
