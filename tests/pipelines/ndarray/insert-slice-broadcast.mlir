// A 0-d source is broadcast over a strided slice; insertion through a view
// changes the underlying array.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})

func.func @show(%t: tensor<?xi64, #env>) {
  %h = ndarray.copy %t : tensor<?xi64, #env> -> tensor<?xi64>
  %u = tensor.cast %h : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}

// GPU-LABEL: func.func @main
// GPU: gpu.launch
// GPU: memref.load %{{.*}}[] : memref<i64>
func.func @main() {
  %lo = arith.constant 0 : i64
  %hi = arith.constant 9 : i64
  %n = arith.constant 10 : index
  %a = ndarray.linspace %lo %hi %n true : (i64, i64, index) -> tensor<?xi64, #env>
  %k = arith.constant dense<-7> : tensor<i64>
  %kg = ndarray.copy %k : tensor<i64> -> tensor<i64, #env>
  // a[1:9:3] = -7
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  ndarray.insert_slice %kg into %a[%c1] [3] [%c3] : tensor<i64, #env> into tensor<?xi64, #env>
  // CHECK: [0,  -7,  2,  3,  -7,  5,  6,  -7,  8,  9]
  call @show(%a) : (tensor<?xi64, #env>) -> ()

  // view = a[5:], view[0:5:2] = 42 -> a[5], a[7], a[9]
  %c5 = arith.constant 5 : index
  %view = ndarray.subview %a[%c5] [5] [1] : tensor<?xi64, #env> to tensor<5xi64, #env>
  %f = arith.constant dense<42> : tensor<i64>
  %fg = ndarray.copy %f : tensor<i64> -> tensor<i64, #env>
  ndarray.insert_slice %fg into %view[0] [3] [2] : tensor<i64, #env> into tensor<5xi64, #env>
  // CHECK: [0,  -7,  2,  3,  -7,  42,  6,  42,  8,  42]
  call @show(%a) : (tensor<?xi64, #env>) -> ()
  return
}
