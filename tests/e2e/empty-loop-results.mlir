// A loop with results that runs no iteration yields its initial values in a
// kernel too. Upstream's SPIR-V conversion reads a for loop's results from
// variables that only its iterations store, so without the rewrite into a
// while loop (populateForWithResultsToWhilePatterns) the empty loops here
// returned the previous loop's sums on lavapipe. Thread t runs, for r = 0,
// 1, 2, a loop k = t .. 3 - r summing k + 1 (from 100 + r), then a loop
// with an unsigned comparison, empty for thread 0.
// RUN: %if vulkan %{ imexc %s --pipeline=gpu --emit=exe -o %t && %t | FileCheck %s %}
// Row r, thread t: 100 + r + (t + 1) + ... + (4 - r), 100 + r when t > 3 - r.
// The last row adds the first one's sum to the unsigned loop from t - 1 to
// 4 doubling 100: none for thread 0 (-1 is the largest unsigned index),
// 5 - t times for threads 1 to 4, none from 5 on.
// CHECK:      [110,   109,   107,   104,   100,   100,   100,   100],
// CHECK-NEXT: [107,   106,   104,   101,   101,   101,   101,   101],
// CHECK-NEXT: [105,   104,   102,   102,   102,   102,   102,   102],
// CHECK-NEXT: [110,   1609,   807,   404,   200,   100,   100,   100]]

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %sums = memref.alloc() : memref<4x8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %hundred = arith.constant 100.0 : f32
    %one = arith.constant 1.0 : f32
    scf.for %r = %c0 to %c3 step %c1 {
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %init = arith.addf %hundred, %rf : f32
      %end = arith.subi %c4, %r : index
      %sum = scf.for %k = %tx to %end step %c1 iter_args(%acc = %init) -> (f32) {
        %ki = arith.index_cast %k : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        %term = arith.addf %kf, %one : f32
        %next = arith.addf %acc, %term : f32
        scf.yield %next : f32
      }
      memref.store %sum, %sums[%r, %tx] : memref<4x8xf32>
    }
    %from = arith.subi %tx, %c1 : index
    %empty = scf.for unsigned %k = %from to %c4 step %c1 iter_args(%acc = %hundred) -> (f32) {
      %twice = arith.addf %acc, %acc : f32
      scf.yield %twice : f32
    }
    %before = memref.load %sums[%c0, %tx] : memref<4x8xf32>
    %last = arith.subf %before, %hundred : f32
    %total = arith.addf %empty, %last : f32
    memref.store %total, %sums[%c3, %tx] : memref<4x8xf32>
    gpu.terminator
  }
  %u = memref.cast %sums : memref<4x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %sums : memref<4x8xf32>
  return
}
