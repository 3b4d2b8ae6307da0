// RUN: imex-opt %s --expand-bf16-conversions --split-input-file | FileCheck %s

// Truncation to bf16 rounds on the integer bits (no __truncsfbf2 call).
// CHECK-LABEL: func.func @trunc
// CHECK-NOT: arith.truncf
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.shrui
// CHECK: arith.trunci %{{.*}} : i32 to i16
// CHECK: arith.bitcast %{{.*}} : i16 to bf16
func.func @trunc(%x: f32) -> bf16 {
  %r = arith.truncf %x : f32 to bf16
  return %r : bf16
}

// -----

// Extension shifts the bits up; vectors too.
// CHECK-LABEL: func.func @extend
// CHECK-NOT: arith.extf
// CHECK: arith.bitcast %{{.*}} : vector<8xbf16> to vector<8xi16>
// CHECK: arith.extui
// CHECK: arith.shli
// CHECK: arith.bitcast %{{.*}} : vector<8xi32> to vector<8xf32>
func.func @extend(%x: vector<8xbf16>) -> vector<8xf32> {
  %r = arith.extf %x : vector<8xbf16> to vector<8xf32>
  return %r : vector<8xf32>
}

// -----

// From f64: to f32 rounded to odd (the nearest f32, moved one step toward
// zero and its last bit set where that rounded away from zero; exact values
// kept), then rounded to bf16 on the bits; vectors too.
// CHECK-LABEL: func.func @trunc_f64
// CHECK: %[[NEAR:.*]] = arith.truncf %[[X:.*]] : vector<4xf64> to vector<4xf32>
// CHECK: %[[BACK:.*]] = arith.extf %[[NEAR]] : vector<4xf32> to vector<4xf64>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[NEAR]] : vector<4xf32> to vector<4xi32>
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : vector<4xf64>
// CHECK: %[[BELOW:.*]] = arith.cmpf olt, %[[BACK]], %[[X]]
// CHECK: %[[ABOVE:.*]] = arith.cmpf ogt, %[[BACK]], %[[X]]
// CHECK: %[[AWAY:.*]] = arith.select %[[NEG]], %[[BELOW]], %[[ABOVE]]
// CHECK: %[[STEP:.*]] = arith.subi %[[BITS]], %[[ONE:.*]] : vector<4xi32>
// CHECK: %[[TZ:.*]] = arith.select %[[AWAY]], %[[STEP]], %[[BITS]]
// CHECK: %[[ODD:.*]] = arith.ori %[[TZ]], %[[ONE]]
// CHECK: %[[EXACT:.*]] = arith.cmpf oeq, %[[BACK]], %[[X]]
// CHECK: %[[PICK:.*]] = arith.select %[[EXACT]], %[[BITS]], %[[ODD]]
// CHECK: arith.bitcast %[[PICK]] : vector<4xi32> to vector<4xf32>
// CHECK-NOT: arith.truncf
// CHECK: arith.bitcast %{{.*}} : vector<4xi16> to vector<4xbf16>
func.func @trunc_f64(%x: vector<4xf64>) -> vector<4xbf16> {
  %r = arith.truncf %x : vector<4xf64> to vector<4xbf16>
  return %r : vector<4xbf16>
}

// -----

// A truncation with a rounding mode of its own is left alone.
// CHECK-LABEL: func.func @trunc_f64_downward
// CHECK: arith.truncf %{{.*}} downward : f64 to bf16
func.func @trunc_f64_downward(%x: f64) -> bf16 {
  %r = arith.truncf %x downward : f64 to bf16
  return %r : bf16
}

// -----

// To f64: through f32, exactly.
// CHECK-LABEL: func.func @extend_f64
// CHECK: arith.bitcast %{{.*}} : bf16 to i16
// CHECK: %[[F:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: arith.extf %[[F]] : f32 to f64
func.func @extend_f64(%x: bf16) -> f64 {
  %r = arith.extf %x : bf16 to f64
  return %r : f64
}

// -----

// Other types are left alone.
// CHECK-LABEL: func.func @half
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: arith.extf %{{.*}} : f16 to f64
func.func @half(%x: f32) -> f64 {
  %h = arith.truncf %x : f32 to f16
  %r = arith.extf %h : f16 to f64
  return %r : f64
}
