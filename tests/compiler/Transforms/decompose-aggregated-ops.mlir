// RUN: imex-opt %s -split-input-file -decompose-aggregated-ops -verify-diagnostics | FileCheck %s

// linalg.softmax on tensors becomes upstream's decomposition: a max
// reduction of the softmax dimension, the exp of the differences, their
// sum, and the division, as structured ops on tensors.
// CHECK-LABEL: func @softmax
// CHECK-SAME: (%[[X:.*]]: tensor<2x?x5xf32>)
// CHECK-NOT: linalg.softmax
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]
// CHECK-SAME: ins(%[[X]] : tensor<2x?x5xf32>) outs(%{{.*}} : tensor<2x5xf32>)
// CHECK: arith.maxnumf
// CHECK: %[[EXP:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[MAX]] : tensor<2x?x5xf32>, tensor<2x5xf32>)
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[EXP]] : tensor<2x?x5xf32>)
// CHECK: arith.addf
// CHECK: %[[DIV:.*]] = linalg.generic {{.*}} ins(%[[EXP]], %[[SUM]] : tensor<2x?x5xf32>, tensor<2x5xf32>)
// CHECK: arith.divf
// CHECK: return %[[DIV]]
func.func @softmax(%x: tensor<2x?x5xf32>) -> tensor<2x?x5xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<2x?x5xf32>
  %init = tensor.empty(%n) : tensor<2x?x5xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<2x?x5xf32>) outs(%init : tensor<2x?x5xf32>) -> tensor<2x?x5xf32>
  return %s : tensor<2x?x5xf32>
}

// -----

// Structured ops are not aggregated ops: left alone.
// CHECK-LABEL: func @structured
// CHECK: linalg.reduce
// CHECK: linalg.exp
func.func @structured(%x: tensor<8xf32>, %acc: tensor<f32>) -> (tensor<f32>, tensor<8xf32>) {
  %r = linalg.reduce ins(%x : tensor<8xf32>) outs(%acc : tensor<f32>) dimensions = [0]
    (%v: f32, %a: f32) {
      %m = arith.addf %v, %a : f32
      linalg.yield %m : f32
    }
  %e = tensor.empty() : tensor<8xf32>
  %y = linalg.exp ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %r, %y : tensor<f32>, tensor<8xf32>
}

// -----

// On buffers: an error, not an op left for a later failure.
func.func @on_buffers(%x: memref<4x8xf32>, %y: memref<4x8xf32>) {
  // expected-error @+1 {{'linalg.softmax' op on buffers is not supported: apply it to tensors}}
  linalg.softmax dimension(1) ins(%x : memref<4x8xf32>) outs(%y : memref<4x8xf32>)
  return
}
