// RUN: imex-opt %s -split-input-file \
// RUN:   -pass-pipeline='builtin.module(func.func(interchange-for-contiguous-inner-loop))' \
// RUN:   | FileCheck %s

// matmul: loops (i, j, k) become (i, k, j), so that the inner loop walks
// rows of B and C.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @matmul
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

// -----

// On tensors too, with static sizes.
// CHECK-LABEL: func.func @matmul_tensors
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<8x16xf64>, tensor<16x4xf64>)
func.func @matmul_tensors(%a: tensor<8x16xf64>, %b: tensor<16x4xf64>, %c: tensor<8x4xf64>) -> tensor<8x4xf64> {
  %r = linalg.matmul ins(%a, %b : tensor<8x16xf64>, tensor<16x4xf64>) outs(%c : tensor<8x4xf64>) -> tensor<8x4xf64>
  return %r : tensor<8x4xf64>
}

// -----

// Not fired: matvec (the matrix has the output dimension first, so the
// reduction already walks its rows), vecmat and a 1xK matmul (the only
// parallel loop with more than one iteration would go inside the
// reduction, off the threads), ops without reduction, reductions whose
// output dimension is innermost already, and an operand that uses the
// output dimension elsewhere than last.
// CHECK-LABEL: func.func @left_alone
// CHECK: linalg.matvec
// CHECK: linalg.vecmat
// CHECK: linalg.matmul
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#t2 = affine_map<(d0, d1) -> (d1, d0)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @left_alone(%m: memref<?x?xf32>, %v: memref<?xf32>, %o: memref<?xf32>, %n: memref<?x?xf32>,
                      %row: memref<1x?xf32>, %out: memref<1x?xf32>) {
  linalg.matvec ins(%m, %v : memref<?x?xf32>, memref<?xf32>) outs(%o : memref<?xf32>)
  linalg.vecmat ins(%v, %m : memref<?xf32>, memref<?x?xf32>) outs(%o : memref<?xf32>)
  linalg.matmul ins(%row, %m : memref<1x?xf32>, memref<?x?xf32>) outs(%out : memref<1x?xf32>)
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%m : memref<?x?xf32>) outs(%n : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [#id2, #col], iterator_types = ["reduction", "parallel"]}
      ins(%m : memref<?x?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  // Column sums of the transpose: the output dimension d0 is first in the
  // input.
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%m : memref<?x?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}
