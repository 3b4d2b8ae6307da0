// reshape with copy gives an independent array; without copy the result
// shares the source data.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

func.func @show(%t: tensor<?x?xi32, #env>) {
  %h = ndarray.copy %t : tensor<?x?xi32, #env> -> tensor<?x?xi32>
  %u = tensor.cast %h : tensor<?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

// The copying reshape copies device to device.
// GPU-LABEL: func.func @main
// GPU: %[[A:.*]] = gpu.alloc
// GPU: memref.reshape %[[A]]
// GPU: %[[B:.*]] = gpu.alloc
// GPU: gpu.memcpy %[[B]], %[[A]]
// GPU: memref.reshape %[[B]]
func.func @main() {
  %lo = arith.constant 1 : i32
  %hi = arith.constant 6 : i32
  %n = arith.constant 6 : index
  %a = ndarray.linspace %lo %hi %n true : (i32, i32, index) -> tensor<?xi32, #env>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %shared = ndarray.reshape %a %c2, %c3 : tensor<?xi32, #env> -> tensor<?x?xi32, #env>
  %own = ndarray.reshape %a %c3, %c2 {copy = true} : tensor<?xi32, #env> -> tensor<?x?xi32, #env>
  // Overwrite a[0:2] with 0: the shared reshape sees it, the copy does not.
  %z = arith.constant dense<0> : tensor<i32>
  %zg = ndarray.copy %z : tensor<i32> -> tensor<i32, #env>
  ndarray.insert_slice %zg into %a[0] [2] [1] : tensor<i32, #env> into tensor<?xi32, #env>
  // CHECK:      [0,   0,   3],
  // CHECK-NEXT: [4,   5,   6]]
  call @show(%shared) : (tensor<?x?xi32, #env>) -> ()
  // CHECK:      [1,   2],
  // CHECK-NEXT: [3,   4],
  // CHECK-NEXT: [5,   6]]
  call @show(%own) : (tensor<?x?xi32, #env>) -> ()
  return
}
