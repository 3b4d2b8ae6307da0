// cast_elemtype between float widths and from booleans and index.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: %gpu-env %s | imex-opt --ndarray --region | FileCheck %s --check-prefix=GPU \
// RUN:   --implicit-check-not=region.env_region --implicit-check-not=ndarray.

#env = #ndarray.envs<"host">

func.func private @printMemrefF64(tensor<*xf64> {bufferization.access = "read"})
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

// GPU-LABEL: func.func @main
// GPU: arith.truncf
// GPU: arith.extf
// GPU: arith.extui
// GPU: arith.index_cast
func.func @main() {
  // f64 -> f32 -> f64 keeps these values; through f16, 0.1 loses precision
  // and 1e10 overflows to infinity.
  %v = arith.constant dense<[0.1, 1.5, 1.0e10]> : tensor<3xf64>
  %vg = ndarray.copy %v : tensor<3xf64> -> tensor<3xf64, #env>
  %n = ndarray.cast_elemtype %vg : tensor<3xf64, #env> to tensor<3xf32, #env>
  %w = ndarray.cast_elemtype %n : tensor<3xf32, #env> to tensor<3xf64, #env>
  %hw = ndarray.copy %w : tensor<3xf64, #env> -> tensor<3xf64>
  %uw = tensor.cast %hw : tensor<3xf64> to tensor<*xf64>
  // CHECK: [0.1,  1.5,  1e+10]
  call @printMemrefF64(%uw) : (tensor<*xf64>) -> ()
  %h16 = ndarray.cast_elemtype %vg : tensor<3xf64, #env> to tensor<3xf16, #env>
  %w16 = ndarray.cast_elemtype %h16 : tensor<3xf16, #env> to tensor<3xf64, #env>
  %hw16 = ndarray.copy %w16 : tensor<3xf64, #env> -> tensor<3xf64>
  %uw16 = tensor.cast %hw16 : tensor<3xf64> to tensor<*xf64>
  // CHECK: [0.0999756,  1.5,  inf]
  call @printMemrefF64(%uw16) : (tensor<*xf64>) -> ()

  // Booleans convert as 0/1, not 0/-1.
  %b = arith.constant dense<[true, false, true]> : tensor<3xi1>
  %bg = ndarray.copy %b : tensor<3xi1> -> tensor<3xi1, #env>
  %bi = ndarray.cast_elemtype %bg : tensor<3xi1, #env> to tensor<3xi32, #env>
  %hbi = ndarray.copy %bi : tensor<3xi32, #env> -> tensor<3xi32>
  %ubi = tensor.cast %hbi : tensor<3xi32> to tensor<*xi32>
  // CHECK: [1,  0,  1]
  call @printMemrefI32(%ubi) : (tensor<*xi32>) -> ()

  // index elements go through i64.
  %x = arith.constant dense<[7, -3]> : tensor<2xindex>
  %xg = ndarray.copy %x : tensor<2xindex> -> tensor<2xindex, #env>
  %xi = ndarray.cast_elemtype %xg : tensor<2xindex, #env> to tensor<2xi32, #env>
  %hxi = ndarray.copy %xi : tensor<2xi32, #env> -> tensor<2xi32>
  %uxi = tensor.cast %hxi : tensor<2xi32> to tensor<*xi32>
  // CHECK: [7,  -3]
  call @printMemrefI32(%uxi) : (tensor<*xi32>) -> ()
  return
}
