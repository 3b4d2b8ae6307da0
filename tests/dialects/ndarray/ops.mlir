// RUN: imex-opt %s | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Custom-form round trips of every ndarray op and of #ndarray.envs; the
// second RUN line goes through the generic form. GENERIC checks that the
// inherent attributes are properties.

#GPU = #ndarray.envs<#region.gpu_env<device = "XeGPU">>

// CHECK-LABEL: func.func @envs
// CHECK-SAME: tensor<33xi64, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
// CHECK-SAME: tensor<4xf32, #ndarray.envs<"protect_copy_op", #region.gpu_env<device = "g">, 7 : i32>>
// CHECK-SAME: attributes {envs = #ndarray.envs<[1, 2], unit>}
func.func @envs(%a: tensor<33xi64, #GPU>,
                %b: tensor<4xf32, #ndarray.envs<"protect_copy_op", #region.gpu_env<device = "g">, 7 : i32>>)
    attributes {envs = #ndarray.envs<[1, 2], unit>} {
  return
}

// The attribute also serves as an environment by itself.
// CHECK-LABEL: func.func @envs_as_environment
// CHECK: region.env_region #ndarray.envs<#region.gpu_env<device = "XeGPU">> %arg0 : tensor<4xf32> -> tensor<4xf32> {
func.func @envs_as_environment(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = region.env_region #GPU %a : tensor<4xf32> -> tensor<4xf32> {
    region.env_region_yield %a : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @copy_delete
func.func @copy_delete(%a: tensor<5xi64>) -> tensor<5xi64, #GPU> {
  // CHECK: %[[C:.*]] = ndarray.copy %arg0 {a} : tensor<5xi64> -> tensor<5xi64, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
  // GENERIC: "ndarray.copy"(%{{[[:alnum:]]+}}) {a} : (tensor<5xi64>) -> tensor<5xi64, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
  %c = ndarray.copy %a {a} : tensor<5xi64> -> tensor<5xi64, #GPU>
  // CHECK: ndarray.delete %arg0 : tensor<5xi64>
  // GENERIC: "ndarray.delete"(%{{[[:alnum:]]+}}) : (tensor<5xi64>) -> ()
  ndarray.delete %a : tensor<5xi64>
  // CHECK: return %[[C]]
  return %c : tensor<5xi64, #GPU>
}

// CHECK-LABEL: func.func @subview
func.func @subview(%src: tensor<?x8xf32>, %o: index, %n: index, %s: index,
                   %g: tensor<8x?xi64, #GPU>)
    -> (tensor<?x4xf32>, tensor<4xf32>, tensor<2x?xi64, #GPU>, tensor<?x8xf32>,
        tensor<2x4xf32>) {
  // CHECK: ndarray.subview %arg0[%arg1, 0] [%arg2, 4] [1, %arg3] {a} : tensor<?x8xf32> to tensor<?x4xf32>
  // GENERIC: "ndarray.subview"(%{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, -9223372036854775808>}> {a}
  %0 = ndarray.subview %src[%o, 0] [%n, 4] [1, %s] {a} : tensor<?x8xf32> to tensor<?x4xf32>
  // Rank-reduced.
  // CHECK: ndarray.subview %arg0[3, 2] [1, 4] [1, 1] : tensor<?x8xf32> to tensor<4xf32>
  %1 = ndarray.subview %src[3, 2] [1, 4] [1, 1] : tensor<?x8xf32> to tensor<4xf32>
  // CHECK: ndarray.subview %arg4[0, %arg1] [2, %arg2] [4, 1] : tensor<8x?xi64, #ndarray.envs<#region.gpu_env<device = "XeGPU">>> to tensor<2x?xi64, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
  %2 = ndarray.subview %g[0, %o] [2, %n] [4, 1] : tensor<8x?xi64, #GPU> to tensor<2x?xi64, #GPU>
  // The result shape is not checked against the sizes.
  // CHECK: ndarray.subview %arg0[0, 0] [2, 4] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
  %3 = ndarray.subview %src[0, 0] [2, 4] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
  // Strides may be negative.
  // CHECK: ndarray.subview %arg0[0, 7] [2, 4] [1, -1] : tensor<?x8xf32> to tensor<2x4xf32>
  %4 = ndarray.subview %src[0, 7] [2, 4] [1, -1] : tensor<?x8xf32> to tensor<2x4xf32>
  return %0, %1, %2, %3, %4 : tensor<?x4xf32>, tensor<4xf32>, tensor<2x?xi64, #GPU>, tensor<?x8xf32>, tensor<2x4xf32>
}

// CHECK-LABEL: func.func @insert_slice
func.func @insert_slice(%dst: tensor<?xf32>, %src: tensor<4xf32>, %o: index,
                        %scalar: tensor<f32>, %d2: tensor<4x?xf32, #GPU>,
                        %n: index) -> (tensor<?xf32>, tensor<4x?xf32, #GPU>) {
  // CHECK: %[[R:.*]] = ndarray.insert_slice %arg1 into %arg0[%arg2] [4] [1] {a} : tensor<4xf32> into tensor<?xf32>
  // GENERIC: "ndarray.insert_slice"(%{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> {a} : (tensor<?xf32>, tensor<4xf32>, index) -> tensor<?xf32>
  %r = ndarray.insert_slice %src into %dst[%o] [4] [1] {a} : tensor<4xf32> into tensor<?xf32>
  // A 0-d source is a scalar broadcast.
  // CHECK: %[[S:.*]] = ndarray.insert_slice %arg3 into %arg4[1, %arg2] [2, %arg5] [1, %arg5] : tensor<f32> into tensor<4x?xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
  // GENERIC: "ndarray.insert_slice"(%{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>
  %s = ndarray.insert_slice %scalar into %d2[1, %o] [2, %n] [1, %n] : tensor<f32> into tensor<4x?xf32, #GPU>
  // CHECK: return %[[R]], %[[S]] : tensor<?xf32>, tensor<4x?xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
  return %r, %s : tensor<?xf32>, tensor<4x?xf32, #GPU>
}

// CHECK-LABEL: func.func @linspace
func.func @linspace(%start: f64, %stop: f64, %num: index, %i: i64)
    -> (tensor<?xf64>, tensor<33xi64, #GPU>) {
  // CHECK: ndarray.linspace %arg0 %arg1 %arg2 true {a} : (f64, f64, index) -> tensor<?xf64>
  // GENERIC: "ndarray.linspace"(%{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}) <{endpoint}> {a} : (f64, f64, index) -> tensor<?xf64>
  %0 = ndarray.linspace %start %stop %num true {a} : (f64, f64, index) -> tensor<?xf64>
  // CHECK: ndarray.linspace %arg3 %arg3 %arg3 false : (i64, i64, i64) -> tensor<33xi64, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
  // GENERIC: "ndarray.linspace"(%{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}) : (i64, i64, i64)
  %1 = ndarray.linspace %i %i %i false : (i64, i64, i64) -> tensor<33xi64, #GPU>
  return %0, %1 : tensor<?xf64>, tensor<33xi64, #GPU>
}

// CHECK-LABEL: func.func @reshape
func.func @reshape(%src: tensor<?xi64>, %d0: index, %d1: index, %one: tensor<1xi64>)
    -> (tensor<?x?xi64>, tensor<?xi64>, tensor<i64>) {
  // CHECK: ndarray.reshape %arg0 %arg1, %arg2 {copy = true} : tensor<?xi64> -> tensor<?x?xi64>
  // GENERIC: "ndarray.reshape"(%{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}) <{copy = true}> : (tensor<?xi64>, index, index) -> tensor<?x?xi64>
  %0 = ndarray.reshape %src %d0, %d1 {copy = true} : tensor<?xi64> -> tensor<?x?xi64>
  // CHECK: ndarray.reshape %arg0 %arg2 : tensor<?xi64> -> tensor<?xi64>
  // GENERIC: "ndarray.reshape"(%{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}) : (tensor<?xi64>, index) -> tensor<?xi64>
  %1 = ndarray.reshape %src %d1 : tensor<?xi64> -> tensor<?xi64>
  // An empty shape list.
  // CHECK: ndarray.reshape %arg3 {copy = false} : tensor<1xi64> -> tensor<i64>
  %2 = ndarray.reshape %one {copy = false} : tensor<1xi64> -> tensor<i64>
  return %0, %1, %2 : tensor<?x?xi64>, tensor<?xi64>, tensor<i64>
}

// CHECK-LABEL: func.func @cast_elemtype
func.func @cast_elemtype(%a: tensor<5xi64>, %b: tensor<?x3xf32, #GPU>)
    -> (tensor<5xi32>, tensor<?x3xf16, #GPU>) {
  // CHECK: ndarray.cast_elemtype %arg0 {copy = true} : tensor<5xi64> to tensor<5xi32>
  // GENERIC: "ndarray.cast_elemtype"(%{{[[:alnum:]]+}}) <{copy = true}> : (tensor<5xi64>) -> tensor<5xi32>
  %0 = ndarray.cast_elemtype %a {copy = true} : tensor<5xi64> to tensor<5xi32>
  // CHECK: ndarray.cast_elemtype %arg1 : tensor<?x3xf32, #ndarray.envs<#region.gpu_env<device = "XeGPU">>> to tensor<?x3xf16, #ndarray.envs<#region.gpu_env<device = "XeGPU">>>
  %1 = ndarray.cast_elemtype %b : tensor<?x3xf32, #GPU> to tensor<?x3xf16, #GPU>
  return %0, %1 : tensor<5xi32>, tensor<?x3xf16, #GPU>
}
