// reshape between ranks with static and dynamic shapes: 1-D -> 3-D -> 1-D.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

// GPU-LABEL: func.func @main
// GPU: memref.reshape {{.*}} -> memref<2x?x2xf32>
func.func @main() {
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 7.0 : f32
  %n = arith.constant 8 : index
  %a = ndarray.linspace %lo %hi %n true : (f32, f32, index) -> tensor<8xf32, #env>
  %c2 = arith.constant 2 : index
  %d = ndarray.reshape %a %c2, %c2, %c2 : tensor<8xf32, #env> -> tensor<2x?x2xf32, #env>
  %h = ndarray.copy %d : tensor<2x?x2xf32, #env> -> tensor<2x?x2xf32>
  %u = tensor.cast %h : tensor<2x?x2xf32> to tensor<*xf32>
  // CHECK: rank = 3 offset = 0 sizes = [2, 2, 2]
  // CHECK-NEXT: {{\[\[\[}}0,    1],
  // CHECK-NEXT: [2,    3]],
  // CHECK-NEXT: {{\[\[}}4,    5],
  // CHECK-NEXT: [6,    7]]]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %c8 = arith.constant 8 : index
  %back = ndarray.reshape %d %c8 {copy = true} : tensor<2x?x2xf32, #env> -> tensor<?xf32, #env>
  %hb = ndarray.copy %back : tensor<?xf32, #env> -> tensor<?xf32>
  %ub = tensor.cast %hb : tensor<?xf32> to tensor<*xf32>
  // CHECK: [0,  1,  2,  3,  4,  5,  6,  7]
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
