// Fully dynamic shapes, offsets, sizes and strides passed in from the caller.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefF64(tensor<*xf64> {bufferization.access = "read"})

// Returns a copy of m[r0 : r0 + nr, c0 : c0 + nc * cs : cs] with its first
// row set to v.
// GPU-LABEL: func.func @window
// GPU: memref.subview %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [1, %{{.*}}]
// GPU: gpu.launch
// GPU: gpu.memcpy
func.func @window(%m: tensor<?x?xf64, #env>, %r0: index, %nr: index,
                  %c0: index, %nc: index, %cs: index, %v: tensor<f64, #env>)
    -> tensor<?x?xf64> {
  %w = ndarray.subview %m[%r0, %c0] [%nr, %nc] [1, %cs] : tensor<?x?xf64, #env> to tensor<?x?xf64, #env>
  ndarray.insert_slice %v into %w[0, 0] [1, %nc] [1, 1] : tensor<f64, #env> into tensor<?x?xf64, #env>
  %h = ndarray.copy %w : tensor<?x?xf64, #env> -> tensor<?x?xf64>
  return %h : tensor<?x?xf64>
}

func.func @main() {
  %lo = arith.constant 0.0 : f64
  %hi = arith.constant 23.0 : f64
  %n = arith.constant 24 : index
  %flat = ndarray.linspace %lo %hi %n true : (f64, f64, index) -> tensor<?xf64, #env>
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %m = ndarray.reshape %flat %c4, %c6 : tensor<?xf64, #env> -> tensor<?x?xf64, #env>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<-5.0> : tensor<f64>
  %vg = ndarray.copy %v : tensor<f64> -> tensor<f64, #env>
  %w = call @window(%m, %c1, %c2, %c1, %c3, %c2, %vg)
      : (tensor<?x?xf64, #env>, index, index, index, index, index, tensor<f64, #env>) -> tensor<?x?xf64>
  %u = tensor.cast %w : tensor<?x?xf64> to tensor<*xf64>
  // CHECK:      sizes = [2, 3]
  // CHECK-NEXT: [-5,   -5,   -5],
  // CHECK-NEXT: [13,   15,   17]]
  call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  %hm = ndarray.copy %m : tensor<?x?xf64, #env> -> tensor<?x?xf64>
  %um = tensor.cast %hm : tensor<?x?xf64> to tensor<*xf64>
  // The window wrote through to the matrix.
  // CHECK:      [0,   1,   2,   3,   4,   5],
  // CHECK-NEXT: [6,   -5,   8,   -5,   10,   -5],
  // CHECK-NEXT: [12,   13,   14,   15,   16,   17],
  // CHECK-NEXT: [18,   19,   20,   21,   22,   23]]
  call @printMemrefF64(%um) : (tensor<*xf64>) -> ()
  return
}
