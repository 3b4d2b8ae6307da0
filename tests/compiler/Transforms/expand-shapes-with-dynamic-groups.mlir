// RUN: imex-opt %s -expand-shapes-with-dynamic-groups | FileCheck %s
// Upstream's expand-strided-metadata takes what the pass leaves, and no
// longer crashes on what it rewrites:
// RUN: imex-opt %s -expand-shapes-with-dynamic-groups -expand-strided-metadata | FileCheck %s --check-prefix=EXPANDED

// A dimension split into two dynamic ones, of a strided view with an
// offset: sizes from output_shape, the innermost stride the source's, the
// outer one that times the inner size.
// CHECK-LABEL: func @two_dynamic
// CHECK-SAME: (%[[M:.*]]: memref<?xf32, strided<[2], offset: ?>>, %[[A:.*]]: index, %[[B:.*]]: index)
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[M]]
// CHECK: %[[OUTER:.*]] = arith.muli %[[B]], %{{.*}} : index
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFFSET]]], sizes: [%[[A]], %[[B]]], strides: [%[[OUTER]], 2]
// CHECK-SAME: to memref<?x?xf32, strided<[?, 2], offset: ?>>
// CHECK-NOT: memref.expand_shape
// EXPANDED-LABEL: func @two_dynamic
// EXPANDED-NOT: memref.expand_shape
func.func @two_dynamic(%m: memref<?xf32, strided<[2], offset: ?>>, %a: index, %b: index) -> memref<?x?xf32, strided<[?, 2], offset: ?>> {
  %e = memref.expand_shape %m [[0, 1]] output_shape [%a, %b] : memref<?xf32, strided<[2], offset: ?>> into memref<?x?xf32, strided<[?, 2], offset: ?>>
  return %e : memref<?x?xf32, strided<[?, 2], offset: ?>>
}

// Three groups, the middle one with three dynamic sizes: strides d * 4
// and c * d * 4 inside the source's stride 4 of its dimension 1; the outer
// groups keep the source's strides.
// CHECK-LABEL: func @middle_group
// CHECK-SAME: %[[B:[a-z0-9]+]]: index, %[[C:[a-z0-9]+]]: index, %[[D:[a-z0-9]+]]: index)
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:3, %[[STRIDES:.*]]:3 = memref.extract_strided_metadata
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[S2:.*]] = arith.muli %[[D]], %[[C4]] : index
// CHECK: %[[S1:.*]] = arith.muli %[[S2]], %[[C]] : index
// CHECK: memref.reinterpret_cast {{.*}} sizes: [2, %[[B]], %[[C]], %[[D]], 4], strides: [%[[STRIDES]]#0, %[[S1]], %[[S2]], 4, 1]
func.func @middle_group(%m: memref<2x?x4xf32>, %b: index, %c: index, %d: index) -> memref<2x?x?x?x4xf32> {
  %e = memref.expand_shape %m [[0], [1, 2, 3], [4]] output_shape [2, %b, %c, %d, 4] : memref<2x?x4xf32> into memref<2x?x?x?x4xf32>
  return %e : memref<2x?x?x?x4xf32>
}

// One dynamic size per group: upstream handles it, left alone.
// CHECK-LABEL: func @one_dynamic
// CHECK: memref.expand_shape
// CHECK-NOT: memref.reinterpret_cast
// EXPANDED-LABEL: func @one_dynamic
// EXPANDED: memref.reinterpret_cast {{.*}} strides: [3, 1]
func.func @one_dynamic(%m: memref<?xf32>, %a: index) -> memref<?x3xf32> {
  %e = memref.expand_shape %m [[0, 1]] output_shape [%a, 3] : memref<?xf32> into memref<?x3xf32>
  return %e : memref<?x3xf32>
}
