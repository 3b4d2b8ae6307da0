// RUN: imex-opt %s -split-input-file \
// RUN:   -pass-pipeline='builtin.module(func.func(sequentialize-nested-parallel-loops))' \
// RUN:   | FileCheck %s
// RUN: imex-opt %s -split-input-file \
// RUN:   -pass-pipeline='builtin.module(func.func(sequentialize-nested-parallel-loops{mapped-sequential=true}))' \
// RUN:   | FileCheck %s --check-prefix=MAPPED

// A parallel loop nested in another one, also through an scf.for, becomes
// scf.for loops (one per dimension, outermost first); the outermost stays.
// CHECK-LABEL: func.func @nested
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK:   scf.for %[[K:.*]] =
// CHECK:     scf.for %[[J:.*]] = %{{.*}} to %[[NJ:.*]] step
// CHECK:       scf.for %[[L:.*]] = %{{.*}} to %[[NL:.*]] step
// CHECK:         memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK:         memref.store %{{.*}}, %{{.*}}[%[[K]], %[[L]]]
// CHECK-NOT: scf.reduce
// CHECK:   scf.reduce
// CHECK-NOT: scf.parallel
func.func @nested(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.for %k = %c0 to %n step %c1 {
      scf.parallel (%j, %l) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
        %v = memref.load %a[%i, %j] : memref<?x?xf32>
        memref.store %v, %b[%k, %l] : memref<?x?xf32>
        scf.reduce
      }
    }
    scf.reduce
  }
  return
}

// -----

// A nested reduction becomes values carried by the loops (one per
// dimension), combined by the scf.reduce region's body.
// CHECK-LABEL: func.func @nested_reduction
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK:   %[[ZERO:.*]] = arith.constant 0.0
// CHECK:   %[[S:.*]] = scf.for %[[J:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32) {
// CHECK:     %[[R:.*]] = scf.for %[[K:.*]] = {{.*}} iter_args(%[[ACC2:.*]] = %[[ACC]]) -> (f32) {
// CHECK:       %[[V:.*]] = memref.load %{{.*}}[%[[J]], %[[K]]]
// CHECK:       %[[SUM:.*]] = arith.addf %[[ACC2]], %[[V]] : f32
// CHECK:       scf.yield %[[SUM]] : f32
// CHECK:     scf.yield %[[R]] : f32
// CHECK:   memref.store %[[S]], %{{.*}}[%[[I]]]
func.func @nested_reduction(%a: memref<?x?xf32>, %out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %zero = arith.constant 0.0 : f32
    %s = scf.parallel (%j, %k) = (%c0, %c0) to (%n, %n) step (%c1, %c1) init (%zero) -> f32 {
      %v = memref.load %a[%j, %k] : memref<?x?xf32>
      scf.reduce(%v : f32) {
      ^bb0(%x: f32, %y: f32):
        %r = arith.addf %x, %y : f32
        scf.reduce.return %r : f32
      }
    }
    memref.store %s, %out[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// Left alone: parallel loops that are not nested, with or without a
// reduction.
// CHECK-LABEL: func.func @single
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK-SAME: init
func.func @single(%a: memref<?xf32>, %out: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %zero, %out[%i] : memref<?xf32>
    scf.reduce
  }
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    %v = memref.load %a[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      scf.reduce.return %r : f32
    }
  }
  return %s : f32
}

// -----

// A parallel loop inside a sequential one: left alone by default (OpenMP
// then forks per outer iteration), sequentialized with in-sequential-loops.
// RUN: imex-opt %s -split-input-file \
// RUN:   -pass-pipeline='builtin.module(func.func(sequentialize-nested-parallel-loops{in-sequential-loops=true}))' \
// RUN:   | FileCheck %s --check-prefix=INFOR
// CHECK-LABEL: func.func @in_sequential_loop
// CHECK: scf.for
// CHECK:   scf.parallel
// INFOR-LABEL: func.func @in_sequential_loop
// INFOR: scf.for
// INFOR:   scf.for
// INFOR-NOT: scf.parallel
// INFOR: return
func.func @in_sequential_loop(%a: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      memref.store %zero, %a[%i, %j] : memref<?x?xf32>
      scf.reduce
    }
  }
  return
}

// -----

// With mapped-sequential, only nested loops mapped to `sequential` in every
// dimension become scf.for loops (they run inside one GPU thread); a
// nested loop mapped to threads, and one without a mapping, stay.
// MAPPED-LABEL: func.func @mapped
// MAPPED: scf.parallel
// MAPPED:   scf.parallel
// MAPPED:     scf.for
// MAPPED-NOT:   scf.parallel
// MAPPED:   } {mapping = [#gpu.loop_dim_map<processor = thread_x
// MAPPED:   scf.parallel
// MAPPED:     memref.store
// MAPPED:   }
// MAPPED-NOT: mapping
// MAPPED: } {mapping = [#gpu.loop_dim_map<processor = block_x
func.func @mapped(%a: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      scf.parallel (%k) = (%c0) to (%n) step (%c1) {
        memref.store %zero, %a[%j, %k] : memref<?x?xf32>
        scf.reduce
      } {mapping = [#gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
      scf.reduce
    } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      memref.store %zero, %a[%i, %j] : memref<?x?xf32>
      scf.reduce
    }
    scf.reduce
  } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  return
}

// -----

// With mapped-sequential, a loop without a mapping inside a loop mapped to
// threads runs in one thread too (gpu-map-parallel-loops does not look into
// the scf.if of a workgroup tile's bounds guard): it becomes an scf.for.
// Under a loop mapped to blocks only, it stays.
// MAPPED-LABEL: func.func @guarded
// MAPPED: scf.parallel
// MAPPED:   scf.parallel
// MAPPED:     scf.if
// MAPPED:       scf.for
// MAPPED-NOT:   scf.parallel
// MAPPED:   } {mapping = [#gpu.loop_dim_map<processor = thread_x
// MAPPED:   scf.if
// MAPPED:     scf.parallel
// MAPPED:       memref.store
// MAPPED: } {mapping = [#gpu.loop_dim_map<processor = block_x
func.func @guarded(%a: memref<?x4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c256) {
    scf.parallel (%t) = (%c0) to (%c256) step (%c1) {
      %row = arith.addi %i, %t : index
      %in = arith.cmpi ult, %row, %n : index
      scf.if %in {
        scf.parallel (%j) = (%c0) to (%c4) step (%c1) {
          memref.store %zero, %a[%row, %j] : memref<?x4xf32>
          scf.reduce
        }
      }
      scf.reduce
    } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      scf.parallel (%j) = (%c0) to (%c4) step (%c1) {
        memref.store %zero, %a[%c0, %j] : memref<?x4xf32>
        scf.reduce
      }
    }
    scf.reduce
  } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  return
}
