// cast_elemtype between float and integer widths: truncation towards zero,
// sign extension, wrap-around on narrowing.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})
func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

// GPU-LABEL: func.func @main
// GPU: gpu.launch
// GPU: arith.fptosi
// GPU: gpu.launch
// GPU: arith.extsi
// GPU: gpu.launch
// GPU: arith.trunci
// GPU: gpu.launch
// GPU: arith.sitofp
func.func @main() {
  %lo = arith.constant -2.5 : f64
  %hi = arith.constant 2.5 : f64
  %n = arith.constant 5 : index
  // [-2.5, -1.25, 0, 1.25, 2.5]
  %f = ndarray.linspace %lo %hi %n true : (f64, f64, index) -> tensor<?xf64, #env>
  %i = ndarray.cast_elemtype %f : tensor<?xf64, #env> to tensor<?xi32, #env>
  %hi32 = ndarray.copy %i : tensor<?xi32, #env> -> tensor<?xi32>
  %ui32 = tensor.cast %hi32 : tensor<?xi32> to tensor<*xi32>
  // CHECK: [-2,  -1,  0,  1,  2]
  call @printMemrefI32(%ui32) : (tensor<*xi32>) -> ()

  %w = ndarray.cast_elemtype %i : tensor<?xi32, #env> to tensor<?xi64, #env>
  %hw = ndarray.copy %w : tensor<?xi64, #env> -> tensor<?xi64>
  %uw = tensor.cast %hw : tensor<?xi64> to tensor<*xi64>
  // CHECK: [-2,  -1,  0,  1,  2]
  call @printMemrefI64(%uw) : (tensor<*xi64>) -> ()

  // 300 and -200 do not fit into i8; truncation wraps (300 -> 44, -200 -> 56).
  %big = arith.constant dense<[300, -200, 127]> : tensor<3xi64>
  %bg = ndarray.copy %big : tensor<3xi64> -> tensor<3xi64, #env>
  %small = ndarray.cast_elemtype %bg : tensor<3xi64, #env> to tensor<3xi8, #env>
  %back = ndarray.cast_elemtype %small : tensor<3xi8, #env> to tensor<3xf32, #env>
  %hb = ndarray.copy %back : tensor<3xf32, #env> -> tensor<3xf32>
  %ub = tensor.cast %hb : tensor<3xf32> to tensor<*xf32>
  // CHECK: [44,  56,  127]
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
