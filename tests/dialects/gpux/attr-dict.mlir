// Existing IMEX IR writes the inherent attributes (operandSegmentSizes,
// kernel, hostShared) in the trailing attribute dictionary. They must parse
// into properties (printed in `<{...}>`), while discardable attributes stay
// in the trailing dictionary.
// RUN: imex-opt %s | FileCheck %s
// RUN: imex-opt %s | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | imex-opt | FileCheck %s

// CHECK-LABEL: func.func @trailing_dict
// CHECK-SAME: (%[[S:[^:]*]]: !gpux.StreamType, %[[C:[^:]*]]: index, %[[T:[^:]*]]: !gpu.async.token)
func.func @trailing_dict(%s: !gpux.StreamType, %c: index, %t: !gpu.async.token) {
  // CHECK: %[[A:.*]] = "gpux.alloc"(%[[S]], %[[C]]) <{hostShared, operandSegmentSizes = array<i32: 0, 1, 1, 0>}> : (!gpux.StreamType, index) -> memref<?xf32>
  %a = "gpux.alloc"(%s, %c) {hostShared, operandSegmentSizes = array<i32: 0, 1, 1, 0>} : (!gpux.StreamType, index) -> memref<?xf32>
  // CHECK: %[[B:.*]] = "gpux.alloc"(%[[S]]) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>}> {note = "kept"} : (!gpux.StreamType) -> memref<8xf32>
  %b = "gpux.alloc"(%s) {note = "kept", operandSegmentSizes = array<i32: 0, 1, 0, 0>} : (!gpux.StreamType) -> memref<8xf32>
  // CHECK: "gpux.launch_func"(%[[S]], %[[C]], %[[C]], %[[C]], %[[C]], %[[C]], %[[C]], %[[A]], %[[B]]) <{kernel = @Kernels::@kernel_1, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 2>}> : (!gpux.StreamType, index, index, index, index, index, index, memref<?xf32>, memref<8xf32>) -> ()
  "gpux.launch_func"(%s, %c, %c, %c, %c, %c, %c, %a, %b) {kernel = @Kernels::@kernel_1, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 2>} : (!gpux.StreamType, index, index, index, index, index, index, memref<?xf32>, memref<8xf32>) -> ()
  // CHECK: %{{.*}} = "gpux.launch_func"(%[[T]], %[[S]], %[[C]], %[[C]], %[[C]], %[[C]], %[[C]], %[[C]]) <{kernel = @Kernels::@kernel_1, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0, 0>}> {gpu.note} : (!gpu.async.token, !gpux.StreamType, index, index, index, index, index, index) -> !gpu.async.token
  %t2 = "gpux.launch_func"(%t, %s, %c, %c, %c, %c, %c, %c) {gpu.note, kernel = @Kernels::@kernel_1, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0, 0>} : (!gpu.async.token, !gpux.StreamType, index, index, index, index, index, index) -> !gpu.async.token
  // Properties and trailing dictionary combined.
  // CHECK: "gpux.launch_func"(%[[S]], %[[C]], %[[C]], %[[C]], %[[C]], %[[C]], %[[C]]) <{kernel = @Kernels::@kernel_2, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>}> : (!gpux.StreamType, index, index, index, index, index, index) -> ()
  "gpux.launch_func"(%s, %c, %c, %c, %c, %c, %c) <{kernel = @Kernels::@kernel_2}> {operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>} : (!gpux.StreamType, index, index, index, index, index, index) -> ()
  return
}
