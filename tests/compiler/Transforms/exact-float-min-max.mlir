// RUN: imex-opt %s -exact-float-min-max | FileCheck %s

// maximumf: the ogt choice; equal operands (a number, or zeros of either
// sign) give their bits anded (+0 if either is +0); a NaN operand wins,
// the left one first.
// CHECK-LABEL: func @max_f32
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : f32
// CHECK: %[[CHOSEN:.*]] = arith.select %[[GT]], %[[A]], %[[B]] : f32
// CHECK: %[[AB:.*]] = arith.bitcast %[[A]] : f32 to i32
// CHECK: %[[BB:.*]] = arith.bitcast %[[B]] : f32 to i32
// CHECK: %[[AND:.*]] = arith.andi %[[AB]], %[[BB]] : i32
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %[[A]], %[[B]] : f32
// CHECK: %[[ZERO:.*]] = arith.bitcast %[[AND]] : i32 to f32
// CHECK: %[[EQUAL:.*]] = arith.select %[[EQ]], %[[ZERO]], %[[CHOSEN]] : f32
// CHECK: %[[BNAN:.*]] = arith.cmpf uno, %[[B]], %[[B]] : f32
// CHECK: %[[WB:.*]] = arith.select %[[BNAN]], %[[B]], %[[EQUAL]] : f32
// CHECK: %[[ANAN:.*]] = arith.cmpf uno, %[[A]], %[[A]] : f32
// CHECK: %[[R:.*]] = arith.select %[[ANAN]], %[[A]], %[[WB]] : f32
// CHECK: return %[[R]]
// CHECK-NOT: arith.maximumf
func.func @max_f32(%a: f32, %b: f32) -> f32 {
  %m = arith.maximumf %a, %b : f32
  return %m : f32
}

// minimumf on vectors of f16: olt, and the bits ored (-0 if either is -0).
// CHECK-LABEL: func @min_vector_f16
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : vector<4xf16>
// CHECK: arith.bitcast %{{.*}} : vector<4xf16> to vector<4xi16>
// CHECK: arith.ori %{{.*}}, %{{.*}} : vector<4xi16>
// CHECK: arith.bitcast %{{.*}} : vector<4xi16> to vector<4xf16>
// CHECK-NOT: arith.minimumf
func.func @min_vector_f16(%a: vector<4xf16>, %b: vector<4xf16>) -> vector<4xf16> {
  %m = arith.minimumf %a, %b : vector<4xf16>
  return %m : vector<4xf16>
}

// Other min/max ops are left alone: integer ones are exact already, and
// maxnumf/minnumf leave equal zeros unspecified.
// So is a maximumf of tensors, which kernels do not compute with (its
// bitcasts would not be elementwise).
// CHECK-LABEL: func @left_alone
// CHECK: arith.maxnumf
// CHECK: arith.minnumf
// CHECK: arith.maxsi
// CHECK: arith.maximumf {{.*}} : tensor<4xf32>
func.func @left_alone(%a: f32, %b: f32, %i: i32, %j: i32, %t: tensor<4xf32>) -> (f32, f32, i32, tensor<4xf32>) {
  %x = arith.maxnumf %a, %b : f32
  %y = arith.minnumf %a, %b : f32
  %z = arith.maxsi %i, %j : i32
  %w = arith.maximumf %t, %t : tensor<4xf32>
  return %x, %y, %z, %w : f32, f32, i32, tensor<4xf32>
}
