// RUN: imex-opt %s -split-input-file \
// RUN:   -pass-pipeline='builtin.module(func.func(promote-scalar-buffers))' \
// RUN:   | FileCheck %s
// RUN: imex-opt %s -split-input-file \
// RUN:   -pass-pipeline='builtin.module(func.func(promote-scalar-buffers,mem2reg))' \
// RUN:   | FileCheck %s --check-prefix=VALUES

// A one-element buffer per loop iteration moves to the function's entry
// (no heap, no stack growth), its free goes away, and mem2reg makes the
// stored value flow directly.
// CHECK-LABEL: func.func @per_iteration
// CHECK-NEXT:    %[[A:.*]] = memref.alloca() {alignment = 64 : i64} : memref<f64>
// CHECK:         scf.for
// CHECK:           memref.store %{{.*}}, %[[A]][]
// CHECK:           memref.load %[[A]][]
// CHECK-NOT:       memref.alloc(
// CHECK-NOT:       memref.dealloc
// VALUES-LABEL: func.func @per_iteration
// VALUES-NOT:     memref.alloca
// VALUES:         %[[V:.*]] = arith.mulf
// VALUES:         memref.store %[[V]], %arg0[%{{.*}}]
func.func @per_iteration(%y: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %y[%i] : memref<?xf64>
    %v = arith.mulf %x, %x : f64
    %buf = memref.alloc() {alignment = 64 : i64} : memref<f64>
    memref.store %v, %buf[] : memref<f64>
    %w = memref.load %buf[] : memref<f64>
    memref.store %w, %y[%i] : memref<?xf64>
    memref.dealloc %buf : memref<f64>
  }
  return
}

// -----

// Left alone: buffers with other users, buffers of more elements, and
// buffers inside parallel loops (moving them would share them).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:     memref.alloca
// CHECK-COUNT-4: memref.alloc()
func.func @left_alone(%y: memref<?xf64>, %n: index, %v: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %escaping = memref.alloc() : memref<f64>
  memref.store %v, %escaping[] : memref<f64>
  %cast = memref.cast %escaping : memref<f64> to memref<*xf64>
  call @use(%cast) : (memref<*xf64>) -> ()
  memref.dealloc %escaping : memref<f64>
  %wide = memref.alloc() : memref<2xf64>
  memref.store %v, %wide[%c0] : memref<2xf64>
  memref.dealloc %wide : memref<2xf64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %private = memref.alloc() : memref<f64>
    memref.store %v, %private[] : memref<f64>
    %w = memref.load %private[] : memref<f64>
    memref.store %w, %y[%i] : memref<?xf64>
    memref.dealloc %private : memref<f64>
    scf.reduce
  }
  scf.forall (%i) in (%n) {
    %private = memref.alloc() : memref<f64>
    memref.store %v, %private[] : memref<f64>
    %w = memref.load %private[] : memref<f64>
    memref.store %w, %y[%i] : memref<?xf64>
    memref.dealloc %private : memref<f64>
  }
  return
}
func.func private @use(memref<*xf64>)
