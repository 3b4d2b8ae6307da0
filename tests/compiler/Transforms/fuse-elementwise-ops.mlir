// RUN: imex-opt %s -split-input-file -fuse-elementwise-ops | FileCheck %s

// A chain of three elementwise ops becomes one generic; the matmul keeps
// its named form, its fill becomes a generic (it has a second use), the
// chain after it fuses.
// CHECK-LABEL: func @chain
// CHECK: %[[FILL:.*]] = linalg.generic {{.*}} outs(
// CHECK: %[[MM:.*]] = linalg.matmul {{.*}} outs(%[[FILL]]
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[MM]], %{{.*}}, %[[FILL]] : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
// CHECK:   arith.addf
// CHECK:   arith.maximumf
// CHECK:   arith.mulf
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @chain(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %bias: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %p = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%z : tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = linalg.add ins(%p, %bias : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.max ins(%s, %z : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %q = linalg.mul ins(%r, %r : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %q : tensor<?x?xf32>
}

// -----

// A producer used by two ops stays, and so does one that reads its output
// (an accumulation: fused into a broadcasting consumer it would add once
// per broadcast element).
// CHECK-LABEL: func @not_fused
// CHECK-DAG: %[[ACC:.*]] = linalg.generic {{.*}} outs(%arg1
// CHECK-DAG: %[[T:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<8xf32>) outs(%0
// CHECK: linalg.generic {{.*}} ins(%[[T]] :
// CHECK:   arith.mulf
// CHECK: linalg.generic {{.*}} ins(%[[ACC]] :
// CHECK: return %{{.*}}, %{{.*}}, %[[T]] :
func.func @not_fused(%a: tensor<8xf32>, %acc: tensor<8xf32>) -> (tensor<8xf32>, tensor<4x8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.exp ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<8xf32>
  %d = linalg.mul ins(%t, %t : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return %d, %b, %t : tensor<8xf32>, tensor<4x8xf32>, tensor<8xf32>
}

// -----

// A function that updates a tensor in place is left as it is.
// CHECK-LABEL: func @in_place
// CHECK: linalg.exp
// CHECK: linalg.mul
func.func @in_place(%a: tensor<8xf32>, %t: tensor<16xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %x = linalg.exp ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %y = linalg.mul ins(%x, %a : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %u = ndarray.insert_slice %y into %t[0] [8] [1] : tensor<8xf32> into tensor<16xf32>
  return %y : tensor<8xf32>
}
