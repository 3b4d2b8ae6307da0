// RUN: imex-opt %s -split-input-file -copy-views-at-call-boundaries | FileCheck %s

// A column window (strides [8, 1]) cast to the identity layout of the
// callee's parameter, which fits only contiguous arrays: the call takes a
// copy instead. So does a view at an offset, and a returned view.
// CHECK-LABEL: func @windows
// CHECK-SAME: (%[[A:.*]]: memref<3x8xf32>, %[[I:.*]]: index)
// CHECK: %[[W:.*]] = memref.subview %[[A]][0, 0] [3, 4] [1, 1]
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D0:.*]] = memref.dim %[[W]], %[[C0]]
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D1:.*]] = memref.dim %[[W]], %[[C1]]
// CHECK: %[[COPY:.*]] = memref.alloc(%[[D0]], %[[D1]]) : memref<?x?xf32>
// CHECK: memref.copy %[[W]], %[[COPY]] : memref<3x4xf32, strided<[8, 1]>> to memref<?x?xf32>
// CHECK: call @use(%[[COPY]])
// CHECK: %[[R:.*]] = memref.subview %[[A]][%[[I]], 0] [2, 8] [1, 1]
// CHECK: %[[RCOPY:.*]] = memref.alloc() : memref<2x8xf32>
// CHECK: memref.copy %[[R]], %[[RCOPY]]
// CHECK: call @use_static(%[[RCOPY]])
// CHECK: %[[RET:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
// CHECK: memref.copy %[[W]], %[[RET]]
// CHECK: return %[[RET]]
func.func private @use(memref<?x?xf32>)
func.func private @use_static(memref<2x8xf32>)
func.func @windows(%a: memref<3x8xf32>, %i: index) -> memref<?x?xf32> {
  %w = memref.subview %a[0, 0] [3, 4] [1, 1] : memref<3x8xf32> to memref<3x4xf32, strided<[8, 1]>>
  %c = memref.cast %w : memref<3x4xf32, strided<[8, 1]>> to memref<?x?xf32, strided<[8, 1]>>
  %d = memref.cast %c : memref<?x?xf32, strided<[8, 1]>> to memref<?x?xf32>
  call @use(%d) : (memref<?x?xf32>) -> ()
  %rows = memref.subview %a[%i, 0] [2, 8] [1, 1] : memref<3x8xf32> to memref<2x8xf32, strided<[8, 1], offset: ?>>
  %r = memref.cast %rows : memref<2x8xf32, strided<[8, 1], offset: ?>> to memref<2x8xf32>
  call @use_static(%r) : (memref<2x8xf32>) -> ()
  return %d : memref<?x?xf32>
}

// -----

// Buffers that are laid out as the identity layout says are passed as they
// are: identity layouts, static strides that are the row-major ones at
// offset 0 (a dimension of size 1 may have any stride), and unranked
// operands (printing).
// CHECK-LABEL: func @contiguous
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return
func.func private @use(memref<?x?xf32>)
func.func private @print(memref<*xf32>)
func.func @contiguous(%a: memref<3x8xf32>, %b: memref<?x?xf32>) {
  %c = memref.cast %a : memref<3x8xf32> to memref<?x?xf32>
  call @use(%c) : (memref<?x?xf32>) -> ()
  call @use(%b) : (memref<?x?xf32>) -> ()
  %rows = memref.subview %a[0, 0] [2, 8] [1, 1] : memref<3x8xf32> to memref<2x8xf32, strided<[8, 1]>>
  %r = memref.cast %rows : memref<2x8xf32, strided<[8, 1]>> to memref<?x?xf32>
  call @use(%r) : (memref<?x?xf32>) -> ()
  %first = memref.subview %a[0, 0] [1, 4] [1, 1] : memref<3x8xf32> to memref<1x4xf32, strided<[8, 1]>>
  %f = memref.cast %first : memref<1x4xf32, strided<[8, 1]>> to memref<?x?xf32>
  call @use(%f) : (memref<?x?xf32>) -> ()
  %w = memref.subview %a[0, 0] [3, 4] [1, 1] : memref<3x8xf32> to memref<3x4xf32, strided<[8, 1]>>
  %u = memref.cast %w : memref<3x4xf32, strided<[8, 1]>> to memref<*xf32>
  call @print(%u) : (memref<*xf32>) -> ()
  return
}
