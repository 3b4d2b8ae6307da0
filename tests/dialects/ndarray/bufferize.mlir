// RUN: imex-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: imex-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=IDENTITY

// CHECK-LABEL: func.func @subview
// CHECK-SAME: (%[[SRC:.*]]: memref<?x8xf32, strided<[?, ?], offset: ?>>, %[[O:.*]]: index, %[[N:.*]]: index)
// CHECK: %[[V0:.*]] = memref.subview %[[SRC]][%[[O]], 0] [%[[N]], 4] [1, 2] : memref<?x8xf32, strided<[?, ?], offset: ?>> to memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK: %[[V1:.*]] = memref.subview %[[SRC]][1, 2] [1, 4] [1, 1] : memref<?x8xf32, strided<[?, ?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return %[[V0]], %[[V1]]
// IDENTITY-LABEL: func.func @subview
// IDENTITY: memref.subview %{{.*}}[%{{.*}}, 0] [%{{.*}}, 4] [1, 2] : memref<?x8xf32> to memref<?x4xf32, strided<[8, 2], offset: ?>>
// IDENTITY: memref.subview %{{.*}}[1, 2] [1, 4] [1, 1] : memref<?x8xf32> to memref<4xf32, strided<[1], offset: 10>>
func.func @subview(%src: tensor<?x8xf32>, %o: index, %n: index) -> (tensor<?x4xf32>, tensor<4xf32>) {
  %0 = ndarray.subview %src[%o, 0] [%n, 4] [1, 2] : tensor<?x8xf32> to tensor<?x4xf32>
  %1 = ndarray.subview %src[1, 2] [1, 4] [1, 1] : tensor<?x8xf32> to tensor<4xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<4xf32>
}

// -----

// The result type is more static than the sizes: the view is cast to it.
// IDENTITY-LABEL: func.func @subview_static_result
// IDENTITY-SAME: (%[[SRC:.*]]: memref<?x8xf32>, %[[N:.*]]: index, %[[DST:.*]]: memref<?xf32>)
// IDENTITY: %[[V:.*]] = memref.subview %[[SRC]][1, 2] [1, %[[N]]] [1, 1] : memref<?x8xf32> to memref<?xf32, strided<[1], offset: 10>>
// IDENTITY: %[[C:.*]] = memref.cast %[[V]] : memref<?xf32, strided<[1], offset: 10>> to memref<3xf32, strided<[1], offset: 10>>
// IDENTITY: %[[D:.*]] = memref.subview %[[DST]][0] [3] [1] : memref<?xf32> to memref<3xf32, strided<[1]>>
// IDENTITY: memref.copy %[[C]], %[[D]]
// IDENTITY: return %[[DST]]
func.func @subview_static_result(%src: tensor<?x8xf32>, %n: index, %dst: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ndarray.subview %src[1, 2] [1, %n] [1, 1] : tensor<?x8xf32> to tensor<3xf32>
  %1 = ndarray.insert_slice %0 into %dst[0] [3] [1] : tensor<3xf32> into tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// The copy goes into a (rank-reduced) subview of the destination buffer,
// which is also the result.
// CHECK-LABEL: func.func @insert_slice
// CHECK-SAME: (%[[DST:.*]]: memref<?x8xf32, strided<[?, ?], offset: ?>>, %[[SRC:.*]]: memref<4xf32, strided<[?], offset: ?>>, %[[O:.*]]: index)
// CHECK: %[[V:.*]] = memref.subview %[[DST]][%[[O]], 2] [1, 4] [1, 1] : memref<?x8xf32, strided<[?, ?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
// CHECK: memref.copy %[[SRC]], %[[V]]
// CHECK: return %[[DST]]
func.func @insert_slice(%dst: tensor<?x8xf32>, %src: tensor<4xf32>, %o: index) -> tensor<?x8xf32> {
  %0 = ndarray.insert_slice %src into %dst[%o, 2] [1, 4] [1, 1] : tensor<4xf32> into tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// A 0-d source is broadcast over the slice by a linalg.generic.
// IDENTITY-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// IDENTITY-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// IDENTITY-LABEL: func.func @insert_slice_scalar
// IDENTITY-SAME: (%[[DST:.*]]: memref<?x8xf32>, %[[S:.*]]: memref<f32>, %[[N:.*]]: index)
// IDENTITY: %[[V:.*]] = memref.subview %[[DST]][0, 4] [%[[N]], 4] [1, 1] : memref<?x8xf32> to memref<?x4xf32, strided<[8, 1], offset: 4>>
// IDENTITY: linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// IDENTITY-SAME: ins(%[[S]] : memref<f32>) outs(%[[V]] : memref<?x4xf32, strided<[8, 1], offset: 4>>)
// IDENTITY-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// IDENTITY-NEXT: linalg.yield %[[IN]] : f32
// IDENTITY: return %[[DST]]
func.func @insert_slice_scalar(%dst: tensor<?x8xf32>, %s: tensor<f32>, %n: index) -> tensor<?x8xf32> {
  %0 = ndarray.insert_slice %s into %dst[0, 4] [%n, 4] [1, 1] : tensor<f32> into tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// insert_slice updates its destination in place even though the old value is
// read afterwards (no copy of the destination), and a subview stays a view of
// its source: the update lands in the buffer of %dst.
// IDENTITY-LABEL: func.func @in_place_through_view
// IDENTITY-SAME: (%[[DST:.*]]: memref<8x8xf32>, %[[SRC:.*]]: memref<4xf32>)
// IDENTITY-NOT: memref.alloc
// IDENTITY: %[[ROW:.*]] = memref.subview %[[DST]][2, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<8xf32, strided<[1], offset: 16>>
// IDENTITY: %[[PART:.*]] = memref.subview %[[ROW]][4] [4] [1] : memref<8xf32, strided<[1], offset: 16>> to memref<4xf32, strided<[1], offset: 20>>
// IDENTITY: memref.copy %[[SRC]], %[[PART]]
// IDENTITY: %[[X:.*]] = memref.load %[[DST]]
// IDENTITY: return %[[DST]], %[[X]]
func.func @in_place_through_view(%dst: tensor<8x8xf32>, %src: tensor<4xf32>) -> (tensor<8x8xf32>, f32) {
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %row = ndarray.subview %dst[2, 0] [1, 8] [1, 1] : tensor<8x8xf32> to tensor<8xf32>
  %0 = ndarray.insert_slice %src into %row[4] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %x = tensor.extract %dst[%c2, %c5] : tensor<8x8xf32>
  return %dst, %x : tensor<8x8xf32>, f32
}
