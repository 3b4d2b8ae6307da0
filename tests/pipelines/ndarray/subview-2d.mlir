// Strided and rank-reducing views of a 2-D array; views alias the array.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @show(%t: tensor<?x?xf32, #env>) {
  %h = ndarray.copy %t : tensor<?x?xf32, #env> -> tensor<?x?xf32>
  %u = tensor.cast %h : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @show1(%t: tensor<?xf32, #env>) {
  %h = ndarray.copy %t : tensor<?xf32, #env> -> tensor<?xf32>
  %u = tensor.cast %h : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// GPU-LABEL: func.func @main
// GPU: gpu.alloc
// GPU: gpu.launch
// GPU: memref.subview
func.func @main() {
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 11.0 : f32
  %n = arith.constant 12 : index
  %flat = ndarray.linspace %lo %hi %n true : (f32, f32, index) -> tensor<?xf32, #env>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %m = ndarray.reshape %flat %c3, %c4 : tensor<?xf32, #env> -> tensor<?x?xf32, #env>
  // CHECK:      [0,   1,   2,   3],
  // CHECK-NEXT: [4,   5,   6,   7],
  // CHECK-NEXT: [8,   9,   10,   11]]
  call @show(%m) : (tensor<?x?xf32, #env>) -> ()

  // Every other column of the last two rows.
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = ndarray.subview %m[%c1, 0] [2, %c2] [1, 2] : tensor<?x?xf32, #env> to tensor<?x?xf32, #env>
  // CHECK:      [4,   6],
  // CHECK-NEXT: [8,   10]]
  call @show(%v) : (tensor<?x?xf32, #env>) -> ()

  // Column 3 as a rank-reduced 1-D view.
  %col = ndarray.subview %m[0, 3] [3, 1] [1, 1] : tensor<?x?xf32, #env> to tensor<?xf32, #env>
  // CHECK: [3,  7,  11]
  call @show1(%col) : (tensor<?xf32, #env>) -> ()
  return
}
