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

// Other types are left alone.
// CHECK-LABEL: func.func @half
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: arith.extf %{{.*}} : f16 to f64
func.func @half(%x: f32) -> f64 {
  %h = arith.truncf %x : f32 to f16
  %r = arith.extf %h : f16 to f64
  return %r : f64
}
