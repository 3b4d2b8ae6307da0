// RUN: imex-opt %s -tensor-arith-to-linalg | FileCheck %s

// Elementwise ops on whole tensors become linalg.generic ops; a select with
// a tensor of conditions too.
// CHECK-LABEL: func @elementwise
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<?xf32>, tensor<?xf32>)
// CHECK:   arith.addf {{.*}} : f32
// CHECK: %[[EXP:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<?xf32>)
// CHECK:   math.exp {{.*}} : f32
// CHECK: %[[GT:.*]] = linalg.generic
// CHECK:   arith.cmpf ogt, {{.*}} : f32
// CHECK: linalg.generic {{.*}} ins(%[[GT]], %{{.*}}, %[[EXP]] : tensor<?xi1>, tensor<?xf32>, tensor<?xf32>)
// CHECK:   arith.select {{.*}} : f32
// CHECK-NOT: arith.addf {{.*}} : tensor
func.func @elementwise(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %s = arith.addf %a, %b : tensor<?xf32>
  %e = math.exp %s : tensor<?xf32>
  %gt = arith.cmpf ogt, %a, %b : tensor<?xf32>
  %r = arith.select %gt, %a, %e : tensor<?xi1>, tensor<?xf32>
  return %r : tensor<?xf32>
}

// Left alone: a select between whole tensors (a scalar condition: only the
// chosen one may be read, and the shapes may differ), and scalar ops.
// CHECK-LABEL: func @left_alone
// CHECK-NOT: linalg.generic
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<?xf32>
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
func.func @left_alone(%c: i1, %a: tensor<?xf32>, %b: tensor<?xf32>, %x: f32) -> (tensor<?xf32>, f32) {
  %r = arith.select %c, %a, %b : tensor<?xf32>
  %y = arith.addf %x, %x : f32
  return %r, %y : tensor<?xf32>, f32
}

// A tensor.bitcast reinterprets each element: a linalg.generic with an
// arith.bitcast, after a tensor.cast to the result's shape where the two
// differ in which sizes are static.
// CHECK-LABEL: func @bitcasts
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<3xf32>) outs(%{{.*}} : tensor<3xi32>)
// CHECK:   arith.bitcast %{{.*}} : f32 to i32
// CHECK: %[[STATIC:.*]] = tensor.cast %{{.*}} : tensor<?x4xi16> to tensor<2x4xi16>
// CHECK: linalg.generic {{.*}} ins(%[[STATIC]] : tensor<2x4xi16>) outs(%{{.*}} : tensor<2x4xf16>)
// CHECK:   arith.bitcast %{{.*}} : i16 to f16
// CHECK-NOT: tensor.bitcast
func.func @bitcasts(%a: tensor<3xf32>, %b: tensor<?x4xi16>) -> (tensor<3xi32>, tensor<2x4xf16>) {
  %x = tensor.bitcast %a : tensor<3xf32> to tensor<3xi32>
  %y = tensor.bitcast %b : tensor<?x4xi16> to tensor<2x4xf16>
  return %x, %y : tensor<3xi32>, tensor<2x4xf16>
}

// Left alone: an unranked tensor.bitcast.
// CHECK-LABEL: func @unranked_bitcast
// CHECK: tensor.bitcast %{{.*}} : tensor<*xf32> to tensor<*xi32>
func.func @unranked_bitcast(%a: tensor<*xf32>) -> tensor<*xi32> {
  %x = tensor.bitcast %a : tensor<*xf32> to tensor<*xi32>
  return %x : tensor<*xi32>
}
