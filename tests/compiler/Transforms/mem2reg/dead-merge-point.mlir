// The RFC's accepted regression: a dead merge point behind terminators
// without BranchOpInterface. MLIR 22's mem2reg prunes merge points with a
// liveness analysis and promotes; this pass has no liveness analysis and
// leaves the slot alone (see rejected.mlir for the remark).
// RUN: mlir-opt %s --mem2reg --allow-unregistered-dialect \
// RUN:   | FileCheck %s --check-prefix=UPSTREAM
// RUN: imex-opt %s --mem2reg --allow-unregistered-dialect \
// RUN:   | FileCheck %s --check-prefix=IMEX

// UPSTREAM-LABEL: func.func @dead_merge_point(
// UPSTREAM-NOT:     memref.alloca
// UPSTREAM-NOT:     memref.store
// UPSTREAM:         return

// IMEX-LABEL: func.func @dead_merge_point(
// IMEX:         %[[A:.*]] = memref.alloca() : memref<i32>
// IMEX:         memref.store %{{.*}}, %[[A]][] : memref<i32>
// IMEX:         memref.store %{{.*}}, %[[A]][] : memref<i32>
// IMEX:         return
func.func @dead_merge_point(%c: i1, %x: i32, %y: i32) {
  %a = memref.alloca() : memref<i32>
  cf.cond_br %c, ^store1, ^store2
^store1:
  memref.store %x, %a[] : memref<i32>
  "test.br"()[^merge] : () -> ()
^store2:
  memref.store %y, %a[] : memref<i32>
  "test.br"()[^merge] : () -> ()
^merge:
  return
}

// With BranchOpInterface terminators both promote, and the unused merge
// point argument is pruned.
// UPSTREAM-LABEL: func.func @live_branches(
// UPSTREAM-NOT:     memref.
// UPSTREAM:         cf.br ^bb3
// UPSTREAM-NOT:     memref.
// UPSTREAM:         cf.br ^bb3
// UPSTREAM-NEXT:  ^bb3:
// UPSTREAM-NEXT:    return
// IMEX-LABEL: func.func @live_branches(
// IMEX-NOT:         memref.
// IMEX:             cf.br ^bb3
// IMEX-NOT:         memref.
// IMEX:             cf.br ^bb3
// IMEX-NEXT:      ^bb3:
// IMEX-NEXT:        return
func.func @live_branches(%c: i1, %x: i32, %y: i32) {
  %a = memref.alloca() : memref<i32>
  cf.cond_br %c, ^store1, ^store2
^store1:
  memref.store %x, %a[] : memref<i32>
  cf.br ^merge
^store2:
  memref.store %y, %a[] : memref<i32>
  cf.br ^merge
^merge:
  return
}
