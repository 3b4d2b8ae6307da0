// RUN: imex-opt %s --resolve-ranked-shaped-type-result-dims | FileCheck %s

// subview reifies its result shape from the sizes of the kept dimensions.

// CHECK-LABEL: func.func @dim_of_subview
// CHECK-SAME: (%{{.*}}: tensor<?x8xf32>, %[[O:.*]]: index, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-NOT: tensor.dim
// CHECK: return %[[N]], %[[M]], %[[N]]
func.func @dim_of_subview(%src: tensor<?x8xf32>, %o: index, %n: index, %m: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = ndarray.subview %src[%o, 0] [%n, %m] [1, 1] : tensor<?x8xf32> to tensor<?x?xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %0, %c1 : tensor<?x?xf32>
  // Rank-reduced: the leading unit size is dropped.
  %1 = ndarray.subview %src[%o, 0] [1, %n] [1, 1] : tensor<?x8xf32> to tensor<?xf32>
  %d2 = tensor.dim %1, %c0 : tensor<?xf32>
  return %d0, %d1, %d2 : index, index, index
}
