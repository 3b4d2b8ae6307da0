// On input without region control flow this pass gives exactly what
// upstream MLIR 22's mem2reg gives: both outputs are checked against the same
// lines and against each other.
// RUN: imex-opt %s --mem2reg --split-input-file \
// RUN:   | FileCheck %s --implicit-check-not=memref.alloca \
// RUN:       --implicit-check-not=memref.load --implicit-check-not=memref.store \
// RUN:       --implicit-check-not=llvm.alloca --implicit-check-not=llvm.load \
// RUN:       --implicit-check-not=llvm.store --implicit-check-not=llvm.intr.lifetime
// RUN: mlir-opt %s --mem2reg --split-input-file \
// RUN:   | FileCheck %s --implicit-check-not=memref.alloca \
// RUN:       --implicit-check-not=memref.load --implicit-check-not=memref.store \
// RUN:       --implicit-check-not=llvm.alloca --implicit-check-not=llvm.load \
// RUN:       --implicit-check-not=llvm.store --implicit-check-not=llvm.intr.lifetime
// RUN: imex-opt %s --mem2reg --split-input-file > %t.imex
// RUN: mlir-opt %s --mem2reg --split-input-file > %t.upstream
// RUN: diff %t.imex %t.upstream

// CHECK-LABEL: func.func @diamond(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb3(%[[X]] : i32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[Y]] : i32)
// CHECK-NEXT:  ^bb3(%[[M:.*]]: i32):
// CHECK-NEXT:    return %[[M]] : i32
func.func @diamond(%c: i1, %x: i32, %y: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  cf.cond_br %c, ^b1, ^b2
^b1:
  memref.store %x, %a[] : memref<i32>
  cf.br ^b3
^b2:
  memref.store %y, %a[] : memref<i32>
  cf.br ^b3
^b3:
  %v = memref.load %a[] : memref<i32>
  return %v : i32
}

// -----

// CHECK-LABEL: func.func @store_in_one_branch(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2(%[[X]] : i32)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb2(%[[Y]] : i32)
// CHECK-NEXT:  ^bb2(%[[M:.*]]: i32):
// CHECK-NEXT:    return %[[M]] : i32
func.func @store_in_one_branch(%c: i1, %x: i32, %y: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  cf.cond_br %c, ^b1, ^b2
^b1:
  memref.store %y, %a[] : memref<i32>
  cf.br ^b2
^b2:
  %v = memref.load %a[] : memref<i32>
  return %v : i32
}

// -----

// Two slots, two merge-point arguments in the loop header.
// CHECK-LABEL: func.func @loop(
// CHECK-SAME:      %[[N:.*]]: i32, %[[X:.*]]: i32) -> i32
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         cf.br ^bb1(%[[X]], %[[ZERO]] : i32, i32)
// CHECK-NEXT:  ^bb1(%[[ACC:.*]]: i32, %[[I:.*]]: i32):
// CHECK-NEXT:    %[[C:.*]] = arith.cmpi slt, %[[I]], %[[N]] : i32
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[SUM:.*]] = arith.addi %[[ACC]], %[[I]] : i32
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK-NEXT:    cf.br ^bb1(%[[SUM]], %[[NEXT]] : i32, i32)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return %[[ACC]] : i32
func.func @loop(%n: i32, %x: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %acc = memref.alloca() : memref<i32>
  %i = memref.alloca() : memref<i32>
  memref.store %x, %acc[] : memref<i32>
  memref.store %zero, %i[] : memref<i32>
  cf.br ^header
^header:
  %iv = memref.load %i[] : memref<i32>
  %cond = arith.cmpi slt, %iv, %n : i32
  cf.cond_br %cond, ^body, ^exit
^body:
  %av = memref.load %acc[] : memref<i32>
  %sum = arith.addi %av, %iv : i32
  memref.store %sum, %acc[] : memref<i32>
  %next = arith.addi %iv, %one : i32
  memref.store %next, %i[] : memref<i32>
  cf.br ^header
^exit:
  %r = memref.load %acc[] : memref<i32>
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @nested_loops(
// CHECK-SAME:      %[[N:.*]]: index, %[[X:.*]]: f32) -> f32
// CHECK:         cf.br ^bb1(%{{.*}}, %[[X]] : index, f32)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: index, %[[S1:.*]]: f32):
// CHECK:         cf.cond_br %{{.*}}, ^bb2(%{{.*}}, %[[S1]] : index, f32), ^bb5
// CHECK-NEXT:  ^bb2(%[[J:.*]]: index, %[[S2:.*]]: f32):
// CHECK:         cf.cond_br %{{.*}}, ^bb3, ^bb4
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    %[[W:.*]] = arith.addf %[[S2]], %[[S2]] : f32
// CHECK-NEXT:    %[[J1:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK-NEXT:    cf.br ^bb2(%[[J1]], %[[W]] : index, f32)
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    %[[I1:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK-NEXT:    cf.br ^bb1(%[[I1]], %[[S2]] : index, f32)
// CHECK-NEXT:  ^bb5:
// CHECK-NEXT:    return %[[S1]] : f32
func.func @nested_loops(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.alloca() : memref<f32>
  memref.store %x, %s[] : memref<f32>
  cf.br ^outer(%c0 : index)
^outer(%i: index):
  %ci = arith.cmpi slt, %i, %n : index
  cf.cond_br %ci, ^inner(%c0 : index), ^exit
^inner(%j: index):
  %cj = arith.cmpi slt, %j, %i : index
  cf.cond_br %cj, ^body, ^latch
^body:
  %v = memref.load %s[] : memref<f32>
  %w = arith.addf %v, %v : f32
  memref.store %w, %s[] : memref<f32>
  %j1 = arith.addi %j, %c1 : index
  cf.br ^inner(%j1 : index)
^latch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^outer(%i1 : index)
^exit:
  %r = memref.load %s[] : memref<f32>
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @switch(
// CHECK-SAME:      %[[K:.*]]: i32, %[[X:.*]]: i64, %[[Y:.*]]: i64, %[[Z:.*]]: i64) -> i64
// CHECK-NEXT:    cf.switch %[[K]] : i32, [
// CHECK-NEXT:      default: ^bb3(%[[X]] : i64),
// CHECK-NEXT:      1: ^bb1,
// CHECK-NEXT:      2: ^bb2
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb3(%[[Y]] : i64)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[Z]] : i64)
// CHECK-NEXT:  ^bb3(%[[M:.*]]: i64):
// CHECK-NEXT:    return %[[M]] : i64
func.func @switch(%k: i32, %x: i64, %y: i64, %z: i64) -> i64 {
  %a = memref.alloca() : memref<i64>
  memref.store %x, %a[] : memref<i64>
  cf.switch %k : i32, [
    default: ^join,
    1: ^one,
    2: ^two
  ]
^one:
  memref.store %y, %a[] : memref<i64>
  cf.br ^join
^two:
  memref.store %z, %a[] : memref<i64>
  cf.br ^join
^join:
  %v = memref.load %a[] : memref<i64>
  return %v : i64
}

// -----

// CHECK-LABEL: func.func @uninitialized(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: f64) -> f64
// CHECK-NEXT:    %[[P:.*]] = ub.poison : f64
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2(%[[P]] : f64)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb2(%[[X]] : f64)
// CHECK-NEXT:  ^bb2(%[[M:.*]]: f64):
// CHECK-NEXT:    return %[[M]] : f64
func.func @uninitialized(%c: i1, %x: f64) -> f64 {
  %a = memref.alloca() : memref<f64>
  cf.cond_br %c, ^b1, ^b2
^b1:
  memref.store %x, %a[] : memref<f64>
  cf.br ^b2
^b2:
  %v = memref.load %a[] : memref<f64>
  return %v : f64
}

// -----

// Stores nothing reads: the merge point gets no argument.
// CHECK-LABEL: func.func @store_after_last_load(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return %[[X]] : i32
func.func @store_after_last_load(%c: i1, %x: i32, %y: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  %v = memref.load %a[] : memref<i32>
  cf.cond_br %c, ^b1, ^b2
^b1:
  memref.store %y, %a[] : memref<i32>
  cf.br ^b3
^b2:
  memref.store %v, %a[] : memref<i32>
  cf.br ^b3
^b3:
  return %v : i32
}

// -----

// CHECK-LABEL: func.func @loop_without_later_load(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32)
// CHECK-NEXT:    cf.br ^bb1(%[[X]] : i32)
// CHECK-NEXT:  ^bb1(%[[V:.*]]: i32):
// CHECK-NEXT:    %[[W:.*]] = arith.addi %[[V]], %[[X]] : i32
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1(%[[W]] : i32), ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return
func.func @loop_without_later_load(%c: i1, %x: i32) {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  cf.br ^h
^h:
  %v = memref.load %a[] : memref<i32>
  %w = arith.addi %v, %x : i32
  memref.store %w, %a[] : memref<i32>
  cf.cond_br %c, ^h, ^exit
^exit:
  return
}

// -----

// CHECK-LABEL: llvm.func @llvm_loop(
// CHECK-SAME:      %[[N:.*]]: i64) -> i64
// CHECK:         %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK:         llvm.br ^bb1(%[[ZERO]], %[[ZERO]] : i64, i64)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: i64, %[[S:.*]]: i64):
// CHECK-NEXT:    %[[C:.*]] = llvm.icmp "slt" %[[I]], %[[N]] : i64
// CHECK-NEXT:    llvm.cond_br %[[C]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[S2:.*]] = llvm.add %[[S]], %[[I]] : i64
// CHECK-NEXT:    %[[I2:.*]] = llvm.add %[[I]], %{{.*}} : i64
// CHECK-NEXT:    llvm.br ^bb1(%[[I2]], %[[S2]] : i64, i64)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    llvm.return %[[S]] : i64
llvm.func @llvm_loop(%n: i64) -> i64 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %zero = llvm.mlir.constant(0 : i64) : i64
  %step = llvm.mlir.constant(1 : i64) : i64
  %p = llvm.alloca %one x i64 : (i32) -> !llvm.ptr
  %q = llvm.alloca %one x i64 : (i32) -> !llvm.ptr
  llvm.store %zero, %p : i64, !llvm.ptr
  llvm.store %zero, %q : i64, !llvm.ptr
  llvm.br ^h
^h:
  %i = llvm.load %p : !llvm.ptr -> i64
  %c = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %c, ^body, ^exit
^body:
  %s = llvm.load %q : !llvm.ptr -> i64
  %s2 = llvm.add %s, %i : i64
  llvm.store %s2, %q : i64, !llvm.ptr
  %i2 = llvm.add %i, %step : i64
  llvm.store %i2, %p : i64, !llvm.ptr
  llvm.br ^h
^exit:
  %r = llvm.load %q : !llvm.ptr -> i64
  llvm.return %r : i64
}

// -----

// Lifetime markers are dropped with the slot (PromotableOpInterface users).
// CHECK-LABEL: llvm.func @llvm_partial_uses(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32) -> i32
// CHECK-NEXT:    %[[U:.*]] = llvm.mlir.undef : i32
// CHECK-NEXT:    llvm.mlir.constant
// CHECK-NEXT:    llvm.cond_br %[[C]], ^bb1, ^bb2(%[[U]] : i32)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    llvm.br ^bb2(%[[X]] : i32)
// CHECK-NEXT:  ^bb2(%[[M:.*]]: i32):
// CHECK-NEXT:    llvm.return %[[M]] : i32
llvm.func @llvm_partial_uses(%c: i1, %x: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x i32 : (i32) -> !llvm.ptr
  llvm.intr.lifetime.start %p : !llvm.ptr
  llvm.cond_br %c, ^b1, ^b2
^b1:
  llvm.store %x, %p : i32, !llvm.ptr
  llvm.br ^b2
^b2:
  %v = llvm.load %p : !llvm.ptr -> i32
  llvm.intr.lifetime.end %p : !llvm.ptr
  llvm.return %v : i32
}

// -----

// Promoting the pointer slot makes the other slot promotable.
// CHECK-LABEL: llvm.func @llvm_slot_promoted_after_other(
// CHECK-SAME:      %[[X:.*]]: i32) -> i32
// CHECK-NEXT:    llvm.mlir.constant
// CHECK-NEXT:    llvm.return %[[X]] : i32
llvm.func @llvm_slot_promoted_after_other(%x: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %holder = llvm.alloca %one x !llvm.ptr : (i32) -> !llvm.ptr
  %p = llvm.alloca %one x i32 : (i32) -> !llvm.ptr
  llvm.store %x, %p : i32, !llvm.ptr
  llvm.store %p, %holder : !llvm.ptr, !llvm.ptr
  %q = llvm.load %holder : !llvm.ptr -> !llvm.ptr
  %v = llvm.load %q : !llvm.ptr -> i32
  llvm.return %v : i32
}

// -----

// A loaded value stored back flows to the merge point as what replaces the
// load.
// CHECK-LABEL: func.func @store_loaded_value(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32) -> i32
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2(%[[X]] : i32)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb2(%[[X]] : i32)
// CHECK-NEXT:  ^bb2(%[[M:.*]]: i32):
// CHECK-NEXT:    return %[[M]] : i32
func.func @store_loaded_value(%c: i1, %x: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  cf.cond_br %c, ^b1, ^b2
^b1:
  %u = memref.load %a[] : memref<i32>
  memref.store %u, %a[] : memref<i32>
  cf.br ^b2
^b2:
  %v = memref.load %a[] : memref<i32>
  return %v : i32
}
