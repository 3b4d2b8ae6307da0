// A view of a view of a view: a 2-D block assigned through the innermost
// view lands in the base array; the 2-D source is not broadcast.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

// The whole-view subview folds away; the block goes to the device first,
// then into the strided view with a host-side copy (a memcpy needs one
// contiguous block).
// GPU-LABEL: func.func @main
// GPU: %[[V1:.*]] = memref.subview
// GPU: %[[V2:.*]] = memref.subview %[[V1]]
// GPU: gpu.memcpy
// GPU: memref.copy %{{.*}}, %[[V2]]
func.func @main() {
  %lo = arith.constant 0 : i32
  %hi = arith.constant 24 : i32
  %n = arith.constant 25 : index
  %flat = ndarray.linspace %lo %hi %n true : (i32, i32, index) -> tensor<?xi32, #env>
  %c5 = arith.constant 5 : index
  %m = ndarray.reshape %flat %c5, %c5 : tensor<?xi32, #env> -> tensor<?x?xi32, #env>
  // m[1:5, 1:5] -> [1:3, 1:3] of that -> its [0:2, 0:2]
  %a = ndarray.subview %m[1, 1] [4, 4] [1, 1] : tensor<?x?xi32, #env> to tensor<4x4xi32, #env>
  %b = ndarray.subview %a[1, 1] [2, 2] [1, 1] : tensor<4x4xi32, #env> to tensor<2x2xi32, #env>
  %c = ndarray.subview %b[0, 0] [2, 2] [1, 1] : tensor<2x2xi32, #env> to tensor<2x2xi32, #env>
  %blk = arith.constant dense<[[-1, -2], [-3, -4]]> : tensor<2x2xi32>
  %blkg = ndarray.copy %blk : tensor<2x2xi32> -> tensor<2x2xi32, #env>
  ndarray.insert_slice %blkg into %c[0, 0] [2, 2] [1, 1] : tensor<2x2xi32, #env> into tensor<2x2xi32, #env>
  %h = ndarray.copy %m : tensor<?x?xi32, #env> -> tensor<?x?xi32>
  %u = tensor.cast %h : tensor<?x?xi32> to tensor<*xi32>
  // CHECK:      [0,   1,   2,   3,   4],
  // CHECK-NEXT: [5,   6,   7,   8,   9],
  // CHECK-NEXT: [10,   11,   -1,   -2,   14],
  // CHECK-NEXT: [15,   16,   -3,   -4,   19],
  // CHECK-NEXT: [20,   21,   22,   23,   24]]
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
