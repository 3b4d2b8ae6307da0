// RUN: imex-opt %s | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Inherent attributes are properties, but the parser also takes them from
// the trailing attribute dictionary, in custom and in generic form.

// CHECK-LABEL: func.func @in_attr_dict
func.func @in_attr_dict(%src: tensor<?x8xf32>, %o: index, %x: f64,
                        %v: tensor<4xf32>, %d: tensor<?xf32>) {
  // CHECK: ndarray.subview %arg0[%arg1, 0] [2, 4] [1, 1] : tensor<?x8xf32> to tensor<2x4xf32>
  // GENERIC: "ndarray.subview"(%{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>}> :
  %0 = "ndarray.subview"(%src, %o) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>} : (tensor<?x8xf32>, index) -> tensor<2x4xf32>
  // CHECK: ndarray.insert_slice %arg3 into %arg4[0] [4] [1] : tensor<4xf32> into tensor<?xf32>
  // GENERIC: "ndarray.insert_slice"(%{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> :
  %1 = "ndarray.insert_slice"(%d, %v) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>} : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  // The keyword says `false`, the dictionary sets `endpoint`.
  // CHECK: ndarray.linspace %arg2 %arg2 %arg1 true : (f64, f64, index) -> tensor<?xf64>
  // GENERIC: "ndarray.linspace"(%{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}) <{endpoint}> :
  %2 = ndarray.linspace %x %x %o false {endpoint} : (f64, f64, index) -> tensor<?xf64>
  // CHECK: ndarray.linspace %arg2 %arg2 %arg1 true : (f64, f64, index) -> tensor<?xf64>
  // GENERIC: "ndarray.linspace"(%{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}, %{{[[:alnum:]]+}}) <{endpoint}> :
  %3 = "ndarray.linspace"(%x, %x, %o) {endpoint} : (f64, f64, index) -> tensor<?xf64>
  // The generic `1 : i1` is the boolean `true`.
  // CHECK: ndarray.reshape %arg3 {copy = true} : tensor<4xf32> -> tensor<2x2xf32>
  // GENERIC: "ndarray.reshape"(%{{[[:alnum:]]+}}) <{copy = true}> :
  %4 = ndarray.reshape %v {copy = 1 : i1} : tensor<4xf32> -> tensor<2x2xf32>
  // CHECK: ndarray.reshape %arg3 {copy = false} : tensor<4xf32> -> tensor<4xf32>
  // GENERIC: "ndarray.reshape"(%{{[[:alnum:]]+}}) <{copy = false}> :
  %5 = "ndarray.reshape"(%v) {copy = 0 : i1} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: ndarray.cast_elemtype %arg3 {copy = false} : tensor<4xf32> to tensor<4xi32>
  // GENERIC: "ndarray.cast_elemtype"(%{{[[:alnum:]]+}}) <{copy = false}> :
  %6 = "ndarray.cast_elemtype"(%v) {copy = false} : (tensor<4xf32>) -> tensor<4xi32>
  return
}
