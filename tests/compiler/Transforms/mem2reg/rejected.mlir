// Slots that must stay in memory, and the missed-optimization remark that
// names, for each slot, the use that blocks it.
// RUN: imex-opt %s --mem2reg --split-input-file --allow-unregistered-dialect \
// RUN:   | FileCheck %s
// RUN: imex-opt %s --mem2reg --split-input-file --allow-unregistered-dialect \
// RUN:   --remarks-filter-missed=mem2reg --remark-format=emitRemark \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// A store inside scf.forall has no single definition after the loop.
// CHECK-LABEL: func.func @store_in_forall(
// CHECK:         memref.alloca
// CHECK:         scf.forall
// CHECK-NEXT:      memref.store
// CHECK:         memref.load
func.func @store_in_forall(%x: i32) -> i32 {
  // REMARK: rejected.mlir:[[@LINE+1]]:8: remark: [Missed] SlotNotPromoted | Category:mem2reg | Function=store_in_forall | BlockedBy="'scf.forall' at {{.*}}rejected.mlir:[[@LINE+2]]:3", Reason="'scf.forall' cannot promote its region #0, which stores to the slot ('memref.store' at {{.*}}rejected.mlir:[[@LINE+3]]:5)", SlotType=i32
  %a = memref.alloca() : memref<i32>
  scf.forall (%i) in (4) {
    memref.store %x, %a[] : memref<i32>
  }
  %v = memref.load %a[] : memref<i32>
  return %v : i32
}

// -----

// Also when the store is nested deeper in the parallel body.
// CHECK-LABEL: func.func @store_in_if_in_parallel(
// CHECK:         memref.alloca
// CHECK:         scf.parallel
// CHECK:           memref.load
// CHECK:           memref.store
func.func @store_in_if_in_parallel(%c: i1, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // REMARK: rejected.mlir:[[@LINE+1]]:8: remark: [Missed] SlotNotPromoted | Category:mem2reg | Function=store_in_if_in_parallel | BlockedBy="'scf.parallel' at {{.*}}", Reason="'scf.parallel' cannot promote its region #0, which stores to the slot ('memref.store' at {{.*}}rejected.mlir:[[@LINE+7]]:7)", SlotType=i32
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    scf.if %c {
      %v = memref.load %a[] : memref<i32>
      %w = arith.addi %v, %v : i32
      memref.store %w, %a[] : memref<i32>
    }
    scf.reduce
  }
  return
}

// -----

// A store inside the combiner of scf.reduce.
// CHECK-LABEL: func.func @store_in_reduce(
// CHECK:         memref.alloca
// CHECK:         scf.reduce
// CHECK:           memref.store
func.func @store_in_reduce(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %init = arith.constant 0.0 : f32
  // REMARK: rejected.mlir:[[@LINE+1]]:8: remark: [Missed] SlotNotPromoted | {{.*}} Reason="'scf.reduce' cannot promote its region #0, which stores to the slot ('memref.store' at {{.*}})", SlotType=f32
  %a = memref.alloca() : memref<f32>
  %s = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%init) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      %m = arith.addf %l, %r : f32
      memref.store %m, %a[] : memref<f32>
      scf.reduce.return %m : f32
    }
  }
  return %s : f32
}

// -----

// memref.alloca_scope does not implement PromotableRegionOpInterface.
// CHECK-LABEL: func.func @use_in_op_without_interface(
// CHECK:         memref.alloca
// CHECK:         memref.alloca_scope
// CHECK-NEXT:      memref.load
func.func @use_in_op_without_interface(%x: i32) -> i32 {
  // REMARK: rejected.mlir:[[@LINE+1]]:8: remark: [Missed] SlotNotPromoted | {{.*}} BlockedBy="'memref.alloca_scope' at {{.*}}", Reason="'memref.alloca_scope' does not implement PromotableRegionOpInterface and holds a use of the slot in its region #0 ('memref.load' at {{.*}}rejected.mlir:[[@LINE+4]]:10)", SlotType=i32
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  %r = memref.alloca_scope -> i32 {
    %v = memref.load %a[] : memref<i32>
    memref.alloca_scope.return %v : i32
  }
  return %r : i32
}

// -----

// An op without the memory slot interfaces blocks, in a promotable region as
// anywhere else.
// CHECK-LABEL: func.func @unknown_op_in_if(
// CHECK:         memref.alloca
// CHECK:         "test.use"
func.func @unknown_op_in_if(%c: i1, %x: i32) {
  // REMARK: rejected.mlir:[[@LINE+1]]:8: remark: [Missed] SlotNotPromoted | {{.*}} BlockedBy="'test.use' at {{.*}}rejected.mlir:[[@LINE+4]]:5", Reason="'test.use' uses the slot and implements neither PromotableMemOpInterface nor PromotableOpInterface", SlotType=i32
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.if %c {
    "test.use"(%a) : (memref<i32>) -> ()
  }
  return
}

// -----

// Graph regions have no dominance to build SSA values from; the module body
// is one.
// CHECK:       module {
// CHECK:         llvm.alloca
// CHECK-NEXT:    llvm.store
// CHECK-NEXT:    llvm.load
%one = llvm.mlir.constant(1 : i32) : i32
// REMARK: rejected.mlir:[[@LINE+1]]:6: remark: [Missed] SlotNotPromoted | Category:mem2reg | BlockedBy="'builtin.module' at {{.*}}", Reason="the slot is defined in a graph region (region #0 of 'builtin.module')", SlotType=i32
%p = llvm.alloca %one x i32 : (i32) -> !llvm.ptr
llvm.store %one, %p : i32, !llvm.ptr
%v = llvm.load %p : !llvm.ptr -> i32
"test.sink"(%v) : (i32) -> ()

// -----

// The RFC's dead merge point: ^merge joins two stores, and its predecessors
// end in an op without BranchOpInterface. Nothing reads the slot there, but
// without a liveness analysis the merge point blocks promotion (upstream
// MLIR 22's mem2reg, which has one, promotes: see cfg-upstream.mlir).
// CHECK-LABEL: func.func @dead_merge_point(
// CHECK:         memref.alloca
// CHECK:       ^bb1:
// CHECK-NEXT:    memref.store
// CHECK:       ^bb2:
// CHECK-NEXT:    memref.store
func.func @dead_merge_point(%c: i1, %x: i32, %y: i32) {
  // REMARK: rejected.mlir:[[@LINE+1]]:8: remark: [Missed] SlotNotPromoted | {{.*}} BlockedBy="'test.br' at {{.*}}rejected.mlir:[[@LINE+8]]:3", Reason="'test.br' does not implement BranchOpInterface and cannot pass the slot's value to the merge point ^bb3 of region #0 of 'func.func' (merge points are not pruned by liveness)", SlotType=i32
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

// -----

// Aliasing uses: the slot escapes into a call, through a cast, or as a
// stored pointer value.
// CHECK-LABEL: func.func @escapes_into_call(
// CHECK:         memref.alloca
func.func private @consume(memref<i32>)
func.func @escapes_into_call(%x: i32) -> i32 {
  // REMARK: rejected.mlir:[[@LINE+1]]:8: remark: [Missed] SlotNotPromoted | {{.*}} BlockedBy="'func.call' at {{.*}}rejected.mlir:[[@LINE+3]]:3", Reason="'func.call' uses the slot and implements neither PromotableMemOpInterface nor PromotableOpInterface", SlotType=i32
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  func.call @consume(%a) : (memref<i32>) -> ()
  %v = memref.load %a[] : memref<i32>
  return %v : i32
}

// -----

// CHECK-LABEL: func.func @escapes_into_cast(
// CHECK:         memref.alloca
// CHECK:         memref.cast
func.func @escapes_into_cast(%x: i32) -> i32 {
  // REMARK: rejected.mlir:[[@LINE+1]]:8: remark: [Missed] SlotNotPromoted | {{.*}} BlockedBy="'memref.cast' at {{.*}}rejected.mlir:[[@LINE+4]]:8", Reason="'memref.cast' uses the slot and implements neither PromotableMemOpInterface nor PromotableOpInterface", SlotType=i32
  %a = memref.alloca() : memref<1xi32>
  %i = arith.constant 0 : index
  memref.store %x, %a[%i] : memref<1xi32>
  %d = memref.cast %a : memref<1xi32> to memref<?xi32>
  %v = memref.load %d[%i] : memref<?xi32>
  return %v : i32
}

// -----

// CHECK-LABEL: llvm.func @pointer_stored(
// CHECK:         llvm.alloca
// CHECK:         llvm.store
// CHECK:         llvm.store
llvm.func @pointer_stored(%x: i32, %out: !llvm.ptr) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  // REMARK: rejected.mlir:[[@LINE+1]]:8: remark: [Missed] SlotNotPromoted | {{.*}} BlockedBy="'llvm.store' at {{.*}}rejected.mlir:[[@LINE+3]]:3", Reason="'llvm.store' cannot stop using the slot", SlotType=i32
  %p = llvm.alloca %one x i32 : (i32) -> !llvm.ptr
  llvm.store %x, %p : i32, !llvm.ptr
  llvm.store %p, %out : !llvm.ptr, !llvm.ptr
  %v = llvm.load %p : !llvm.ptr -> i32
  llvm.return %v : i32
}
