// Several slots of different types in one function, and llvm.alloca slots,
// promoted through region control flow.
// RUN: imex-opt %s --mem2reg=region-simplify=false --split-input-file \
// RUN:   | FileCheck %s --implicit-check-not=memref.alloca \
// RUN:       --implicit-check-not=memref.load --implicit-check-not=memref.store \
// RUN:       --implicit-check-not=llvm.alloca --implicit-check-not=llvm.load \
// RUN:       --implicit-check-not=llvm.store

// Each slot becomes its own iteration argument and if result.
// CHECK-LABEL: func.func @several_slots(
// CHECK-SAME:      %[[N:.*]]: index, %[[C:.*]]: i1, %[[X:.*]]: i32, %[[F:.*]]: f64)
// CHECK:         %[[L:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %[[X]], %[[B:.*]] = %[[F]], %[[I:.*]] = %{{.*}}) -> (i32, f64, index) {
// CHECK-NEXT:      %[[R:.*]]:2 = scf.if %[[C]] -> (i32, f64) {
// CHECK-NEXT:        %[[A2:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:        scf.yield %[[A2]], %[[B]] : i32, f64
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[B2:.*]] = arith.addf %[[B]], %[[B]] : f64
// CHECK-NEXT:        scf.yield %[[A]], %[[B2]] : i32, f64
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[I2:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK-NEXT:      scf.yield %[[R]]#0, %[[R]]#1, %[[I2]] : i32, f64, index
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[L]]#0, %[[L]]#1, %[[L]]#2 : i32, f64, index
func.func @several_slots(%n: index, %c: i1, %x: i32, %f: f64) -> (i32, f64, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ai = memref.alloca() : memref<i32>
  %af = memref.alloca() : memref<f64>
  %ax = memref.alloca() : memref<index>
  memref.store %x, %ai[] : memref<i32>
  memref.store %f, %af[] : memref<f64>
  memref.store %c0, %ax[] : memref<index>
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      %v = memref.load %ai[] : memref<i32>
      %w = arith.addi %v, %v : i32
      memref.store %w, %ai[] : memref<i32>
    } else {
      %v = memref.load %af[] : memref<f64>
      %w = arith.addf %v, %v : f64
      memref.store %w, %af[] : memref<f64>
    }
    %k = memref.load %ax[] : memref<index>
    %k1 = arith.addi %k, %c1 : index
    memref.store %k1, %ax[] : memref<index>
  }
  %ri = memref.load %ai[] : memref<i32>
  %rf = memref.load %af[] : memref<f64>
  %rx = memref.load %ax[] : memref<index>
  return %ri, %rf, %rx : i32, f64, index
}

// -----

// Slots of types other than plain integers and floats.
// CHECK-LABEL: func.func @other_types(
// CHECK-SAME:      %[[C:.*]]: i1, %[[B:.*]]: i1, %[[H:.*]]: f16, %[[V:.*]]: vector<4xf32>, %[[Z:.*]]: complex<f32>)
// CHECK-DAG:     %[[PZ:.*]] = ub.poison : complex<f32>
// CHECK-DAG:     %[[PV:.*]] = ub.poison : vector<4xf32>
// CHECK-DAG:     %[[PH:.*]] = ub.poison : f16
// CHECK-DAG:     %[[PB:.*]] = ub.poison : i1
// CHECK:         %[[R:.*]]:4 = scf.if %[[C]] -> (i1, f16, vector<4xf32>, complex<f32>) {
// CHECK-NEXT:      scf.yield %[[B]], %[[H]], %[[V]], %[[Z]] : i1, f16, vector<4xf32>, complex<f32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[PB]], %[[PH]], %[[PV]], %[[PZ]] : i1, f16, vector<4xf32>, complex<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1, %[[R]]#2, %[[R]]#3
func.func @other_types(%c: i1, %b: i1, %h: f16, %v: vector<4xf32>, %z: complex<f32>)
    -> (i1, f16, vector<4xf32>, complex<f32>) {
  %a1 = memref.alloca() : memref<i1>
  %a2 = memref.alloca() : memref<f16>
  %a3 = memref.alloca() : memref<vector<4xf32>>
  %a4 = memref.alloca() : memref<complex<f32>>
  scf.if %c {
    memref.store %b, %a1[] : memref<i1>
    memref.store %h, %a2[] : memref<f16>
    memref.store %v, %a3[] : memref<vector<4xf32>>
    memref.store %z, %a4[] : memref<complex<f32>>
  }
  %r1 = memref.load %a1[] : memref<i1>
  %r2 = memref.load %a2[] : memref<f16>
  %r3 = memref.load %a3[] : memref<vector<4xf32>>
  %r4 = memref.load %a4[] : memref<complex<f32>>
  return %r1, %r2, %r3, %r4 : i1, f16, vector<4xf32>, complex<f32>
}

// -----

// A single-element memref with a static shape is a slot too.
// CHECK-LABEL: func.func @one_element_memref(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32
// CHECK:         %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT:      scf.yield %[[Y]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[X]] : i32
// CHECK-NEXT:    }
func.func @one_element_memref(%c: i1, %x: i32, %y: i32) -> i32 {
  %i = arith.constant 0 : index
  %a = memref.alloca() : memref<1x1xi32>
  memref.store %x, %a[%i, %i] : memref<1x1xi32>
  scf.if %c {
    memref.store %y, %a[%i, %i] : memref<1x1xi32>
  }
  %v = memref.load %a[%i, %i] : memref<1x1xi32>
  return %v : i32
}

// -----

// llvm.alloca slots go through the same region ops.
// CHECK-LABEL: func.func @llvm_alloca_in_loop(
// CHECK-SAME:      %[[N:.*]]: index, %[[C:.*]]: i1, %[[X:.*]]: i64) -> i64
// CHECK:         %[[L:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %[[X]]) -> (i64) {
// CHECK-NEXT:      %[[R:.*]] = scf.if %[[C]] -> (i64) {
// CHECK-NEXT:        %[[D:.*]] = arith.muli %[[A]], %[[A]] : i64
// CHECK-NEXT:        scf.yield %[[D]] : i64
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[A]] : i64
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[R]] : i64
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[L]] : i64
func.func @llvm_alloca_in_loop(%n: index, %c: i1, %x: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x i64 : (i32) -> !llvm.ptr
  llvm.store %x, %p : i64, !llvm.ptr
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      %v = llvm.load %p : !llvm.ptr -> i64
      %d = arith.muli %v, %v : i64
      llvm.store %d, %p : i64, !llvm.ptr
    }
  }
  %r = llvm.load %p : !llvm.ptr -> i64
  return %r : i64
}

// -----

// An llvm.func with an llvm.alloca slot, structured and unstructured control
// flow mixed; the load before the first store reads llvm.mlir.undef.
// CHECK-LABEL: llvm.func @llvm_func(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: f32) -> f32
// CHECK:         %[[U:.*]] = llvm.mlir.undef : f32
// CHECK:         llvm.cond_br %[[C]], ^bb1, ^bb2(%[[U]] : f32)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[C]] -> (f32) {
// CHECK-NEXT:      scf.yield %[[X]] : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[U]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    llvm.br ^bb2(%[[R]] : f32)
// CHECK-NEXT:  ^bb2(%[[M:.*]]: f32):
// CHECK-NEXT:    llvm.return %[[M]] : f32
llvm.func @llvm_func(%c: i1, %x: f32) -> f32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %one x f32 : (i32) -> !llvm.ptr
  llvm.cond_br %c, ^b1, ^b2
^b1:
  scf.if %c {
    llvm.store %x, %p : f32, !llvm.ptr
  }
  llvm.br ^b2
^b2:
  %v = llvm.load %p : !llvm.ptr -> f32
  llvm.return %v : f32
}
