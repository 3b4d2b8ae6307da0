// RUN: imex-opt %s -split-input-file -inline-calls-in-gpu-launches -verify-diagnostics | FileCheck %s

// Calls in a launch are inlined, with the calls their callees make and a
// callee of several blocks; the host's call and the callees stay.
// CHECK-LABEL: func.func @scale
// CHECK-LABEL: func.func @twice
// CHECK-LABEL: func.func @clamp
// CHECK-LABEL: func.func @host_and_kernel
// CHECK: call @twice
// CHECK: gpu.launch
// CHECK-NOT: call
// CHECK: arith.mulf
// CHECK: cf.cond_br
// CHECK: gpu.terminator
func.func @scale(%x: f32, %s: f32) -> f32 {
  %y = arith.mulf %x, %s : f32
  return %y : f32
}
func.func @twice(%x: f32) -> f32 {
  %c2 = arith.constant 2.0 : f32
  %y = call @scale(%x, %c2) : (f32, f32) -> f32
  return %y : f32
}
func.func @clamp(%x: f32) -> f32 {
  %zero = arith.constant 0.0 : f32
  %neg = arith.cmpf olt, %x, %zero : f32
  cf.cond_br %neg, ^low, ^keep
^low:
  return %zero : f32
^keep:
  return %x : f32
}
func.func @host_and_kernel(%m: memref<8xf32>, %v: f32) -> f32 {
  %h = call @twice(%v) : (f32) -> f32
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %x = memref.load %m[%tx] : memref<8xf32>
    %y = func.call @twice(%x) : (f32) -> f32
    %z = func.call @clamp(%y) : (f32) -> f32
    memref.store %z, %m[%tx] : memref<8xf32>
    gpu.terminator
  }
  return %h : f32
}

// -----

// A function without a body cannot run in a kernel.
func.func private @external(f32) -> f32
func.func @calls_external(%m: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = memref.load %m[%tx] : memref<8xf32>
    // expected-error @+1 {{a GPU kernel cannot call 'external', which has no body here}}
    %y = func.call @external(%x) : (f32) -> f32
    memref.store %y, %m[%tx] : memref<8xf32>
    gpu.terminator
  }
  return
}

// -----

// Nor can recursion.
func.func @forever(%x: f32) -> f32 {
  // expected-error @+1 {{a GPU kernel cannot call 'forever': its calls nest deeper than 32 (recursion?)}}
  %y = call @forever(%x) : (f32) -> f32
  return %y : f32
}
func.func @calls_recursive(%m: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = memref.load %m[%tx] : memref<8xf32>
    %y = func.call @forever(%x) : (f32) -> f32
    memref.store %y, %m[%tx] : memref<8xf32>
    gpu.terminator
  }
  return
}
