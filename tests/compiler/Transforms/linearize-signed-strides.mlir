// RUN: imex-opt %s --linearize-signed-strides --split-input-file | FileCheck %s

// A reversed view: the load goes to the flat buffer at offset + i * stride.
// CHECK-LABEL: func.func @reversed(
// CHECK-SAME: %[[M:.*]]: memref<8xf64>, %[[I:.*]]: index
// CHECK: %[[V:.*]] = memref.subview %[[M]][7] [8] [-1]
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[V]]
// CHECK: %[[MUL:.*]] = arith.muli %[[I]], %c-1 : index
// CHECK: %[[LIN:.*]] = arith.addi %[[MUL]], %c7 : index
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<f64> to memref<?xf64>
// CHECK: %[[X:.*]] = memref.load %[[FLAT]][%[[LIN]]] : memref<?xf64>
// CHECK: memref.store %[[X]], %{{.*}}[%{{.*}}] : memref<?xf64>
// CHECK-NOT: memref.load %[[V]]
func.func @reversed(%m: memref<8xf64>, %i: index) {
  %v = memref.subview %m[7] [8] [-1] : memref<8xf64> to memref<8xf64, strided<[-1], offset: 7>>
  %x = memref.load %v[%i] : memref<8xf64, strided<[-1], offset: 7>>
  memref.store %x, %v[%i] : memref<8xf64, strided<[-1], offset: 7>>
  return
}

// -----

// Strides known only at run time may be negative: rewritten too, every
// dimension's term added.
// CHECK-LABEL: func.func @dynamic(
// CHECK: memref.extract_strided_metadata
// CHECK-COUNT-2: arith.muli
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<?xf32>
func.func @dynamic(%m: memref<4x?xf32, strided<[?, ?], offset: ?>>, %i: index, %j: index) -> f32 {
  %x = memref.load %m[%i, %j] : memref<4x?xf32, strided<[?, ?], offset: ?>>
  return %x : f32
}

// -----

// Non-negative static strides keep their access (nuw holds there).
// CHECK-LABEL: func.func @positive(
// CHECK-NOT: extract_strided_metadata
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<4xi32, strided<[2], offset: 1>>
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<4xi32>
func.func @positive(%m: memref<4xi32, strided<[2], offset: 1>>, %n: memref<4xi32>, %i: index) {
  %x = memref.load %m[%i] : memref<4xi32, strided<[2], offset: 1>>
  memref.store %x, %n[%i] : memref<4xi32>
  return
}
