// RUN: imex-opt %s -split-input-file -vectorize-gpu-parallel-loops | FileCheck %s

// A 1-D loop: a quarter of the iterations, each running four elements as
// vectors when all four exist and are aligned in every buffer, else one by
// one. Values that do not vary (the scale) are computed once and
// broadcast.
// CHECK-LABEL: func @axpy
// CHECK-SAME: (%[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[S:.*]]: f32)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[GROUPS:.*]] = arith.ceildivsi %[[N]], %[[C4]]
// CHECK: %{{.*}}, %[[XOFF:[^,]*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[X]]
// CHECK: %{{.*}}, %[[YOFF:[^,]*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[Y]]
// CHECK: scf.parallel (%[[G:.*]]) = (%{{.*}}) to (%[[GROUPS]])
// CHECK: %[[TWO:.*]] = arith.mulf %[[S]], %[[S]] : f32
// CHECK: %[[FIRST:.*]] = arith.addi %[[C0]], %{{.*}} : index
// CHECK: %[[END:.*]] = arith.addi %[[FIRST]], %[[C4]]
// CHECK: %[[WHOLE:.*]] = arith.cmpi sle, %[[END]], %[[N]]
// CHECK: arith.addi %[[XOFF]], %[[FIRST]]
// CHECK: arith.addi %[[YOFF]], %[[FIRST]]
// CHECK: %[[LOW:.*]] = arith.andi %{{.*}}, %{{.*}} : index
// CHECK: %[[ALIGNED:.*]] = arith.cmpi eq, %[[LOW]]
// CHECK: %[[VEC:.*]] = arith.andi %[[WHOLE]], %[[ALIGNED]]
// CHECK: scf.if %[[VEC]] {
// CHECK:   %[[XV:.*]] = vector.load %[[X]][%[[FIRST]]] {alignment = 4 : i64, imexc.aligned_vector} : memref<?xf32>, vector<4xf32>
// CHECK:   %[[SV:.*]] = vector.broadcast %[[TWO]] : f32 to vector<4xf32>
// CHECK:   %[[M:.*]] = arith.mulf %[[SV]], %[[XV]] : vector<4xf32>
// CHECK:   %[[YV:.*]] = vector.load %[[Y]][%[[FIRST]]]
// CHECK:   %[[SUM:.*]] = arith.addf %[[M]], %[[YV]] : vector<4xf32>
// CHECK:   vector.store %[[SUM]], %[[Y]][%[[FIRST]]] {alignment = 4 : i64, imexc.aligned_vector} : memref<?xf32>, vector<4xf32>
// CHECK: } else {
// CHECK:   %[[LAST:.*]] = arith.minsi %[[END]], %[[N]]
// CHECK:   scf.for %[[I:.*]] = %[[FIRST]] to %[[LAST]]
// CHECK:     memref.load %[[X]][%[[I]]] : memref<?xf32>
// CHECK:     memref.store %{{.*}}, %[[Y]][%[[I]]] : memref<?xf32>
// CHECK-NOT: vector
// CHECK: scf.reduce
func.func @axpy(%x: memref<?xf32>, %y: memref<?xf32>, %n: index, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  region.env_region #region.gpu_env<device = "gpu"> {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %two = arith.mulf %s, %s : f32
      %a = memref.load %x[%i] : memref<?xf32>
      %m = arith.mulf %two, %a : f32
      %b = memref.load %y[%i] : memref<?xf32>
      %r = arith.addf %m, %b : f32
      memref.store %r, %y[%i] : memref<?xf32>
      scf.reduce
    }
  }
  return
}

// -----

// 2-D: the innermost dimension is grouped; a row's alignment counts the
// row index times the row stride and the view's offset. A load along the
// rows (the bias) stays scalar and is broadcast; integer ops and
// comparisons become vector ops too. A static extent stays static.
// CHECK-LABEL: func @rows
// CHECK: %[[C5:.*]] = arith.constant 5 : index
// CHECK: %{{.*}}, %[[AOFF:[^,]*]], %{{.*}}, %[[AST:[^ ]*]]:2 = memref.extract_strided_metadata %{{.*}} : memref<?x18xi32, strided<[20, 1], offset: ?>>
// CHECK: scf.parallel (%[[R:.*]], %[[G:.*]]) = ({{.*}}) to (%{{.*}}, %[[C5]])
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[ROW:.*]] = arith.muli %[[R]], %[[AST]]#0
// CHECK: arith.addi %[[AOFF]], %[[ROW]]
// CHECK: arith.andi %{{.*}}, %[[C3]] : index
// CHECK: scf.if
// CHECK:   %[[BIAS:.*]] = memref.load %{{.*}}[%[[R]]] : memref<?xi32>
// CHECK:   %[[A:.*]] = vector.load %{{.*}}[%[[R]], %{{.*}}] {alignment = 4 : i64, imexc.aligned_vector} : memref<?x18xi32, strided<[20, 1], offset: ?>>, vector<4xi32>
// CHECK:   %[[BV:.*]] = vector.broadcast %[[BIAS]] : i32 to vector<4xi32>
// CHECK:   %[[SUM:.*]] = arith.addi %[[A]], %[[BV]] : vector<4xi32>
// CHECK:   %[[POS:.*]] = arith.cmpi sgt, %[[SUM]], %{{.*}} : vector<4xi32>
// CHECK:   %[[SEL:.*]] = arith.select %[[POS]], %[[SUM]], %{{.*}} : vector<4xi1>, vector<4xi32>
// CHECK:   %[[BITS:.*]] = arith.bitcast %[[SEL]] : vector<4xi32> to vector<4xf32>
// CHECK:   vector.store %[[BITS]], %{{.*}}[%[[R]], %{{.*}}] {alignment = 4 : i64, imexc.aligned_vector} : memref<?x18xf32>, vector<4xf32>
func.func @rows(%a: memref<?x18xi32, strided<[20, 1], offset: ?>>, %bias: memref<?xi32>, %out: memref<?x18xf32>, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c18 = arith.constant 18 : index
  %zero = arith.constant 0 : i32
  region.env_region #region.gpu_env<device = "gpu"> {
    scf.parallel (%r, %j) = (%c0, %c0) to (%m, %c18) step (%c1, %c1) {
      %b = memref.load %bias[%r] : memref<?xi32>
      %x = memref.load %a[%r, %j] : memref<?x18xi32, strided<[20, 1], offset: ?>>
      %s = arith.addi %x, %b : i32
      %p = arith.cmpi sgt, %s, %zero : i32
      %v = arith.select %p, %s, %zero : i32
      %f = arith.bitcast %v : i32 to f32
      memref.store %f, %out[%r, %j] : memref<?x18xf32>
      scf.reduce
    }
  }
  return
}

// -----

// Where the pass must not fire.
// CHECK-LABEL: func @left_alone
// CHECK-NOT: vector.
// CHECK: return
func.func @left_alone(%a: memref<?xf32>, %d: memref<?xf64>, %t: memref<?x?xf32>,
                      %s: memref<?xf32, strided<[2]>>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %f = arith.constant 1.0 : f32
  %g = arith.constant 1.0 : f64
  // Outside a GPU region.
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %f, %a[%i] : memref<?xf32>
    scf.reduce
  }
  %sum = region.env_region #region.gpu_env<device = "gpu"> -> f32 {
    // 64-bit elements.
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %g, %d[%i] : memref<?xf64>
      scf.reduce
    }
    // A step other than 1.
    scf.parallel (%i) = (%c0) to (%n) step (%c2) {
      memref.store %f, %a[%i] : memref<?xf32>
      scf.reduce
    }
    // Fewer than four iterations.
    scf.parallel (%i) = (%c0) to (%c3) step (%c1) {
      memref.store %f, %a[%i] : memref<?xf32>
      scf.reduce
    }
    // The induction variable used as a value.
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %k = arith.index_cast %i : index to i32
      %v = arith.sitofp %k : i32 to f32
      memref.store %v, %a[%i] : memref<?xf32>
      scf.reduce
    }
    // Not the last index: a column of a row-major array.
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %f, %t[%i, %c0] : memref<?x?xf32>
      scf.reduce
    }
    // Not unit stride.
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %f, %s[%i] : memref<?xf32, strided<[2]>>
      scf.reduce
    }
    // An op with a region.
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %x = memref.load %a[%i] : memref<?xf32>
      %p = arith.cmpf ogt, %x, %f : f32
      scf.if %p {
        memref.store %f, %a[%i] : memref<?xf32>
      }
      scf.reduce
    }
    // A store that is not at the induction variable.
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %x = memref.load %a[%i] : memref<?xf32>
      memref.store %x, %a[%c0] : memref<?xf32>
      scf.reduce
    }
    // Nothing stored at the induction variable.
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %x = memref.load %a[%i] : memref<?xf32>
      %y = arith.addf %x, %f : f32
      scf.reduce
    }
    // The induction variable as two indices (a diagonal).
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %f, %t[%i, %i] : memref<?x?xf32>
      scf.reduce
    }
    // A view made inside the loop (pure, so it could be computed before
    // the paths, but not before the loop, where layouts are taken).
    scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
      %row = memref.subview %t[%i, 0] [1, %n] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
      memref.store %f, %row[%j] : memref<?xf32, strided<[1], offset: ?>>
      scf.reduce
    }
    // A reduction.
    %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%f) -> f32 {
      %x = memref.load %a[%i] : memref<?xf32>
      scf.reduce(%x : f32) {
      ^bb0(%l: f32, %m: f32):
        %y = arith.addf %l, %m : f32
        scf.reduce.return %y : f32
      }
    }
    // A buffer made inside the loop.
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %b = memref.alloca(%n) : memref<?xf32>
      memref.store %f, %b[%i] : memref<?xf32>
      scf.reduce
    }
    // A row index computed from a load (indirect rows).
    scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
      %x = memref.load %a[%i] : memref<?xf32>
      %k = arith.fptosi %x : f32 to i32
      %row = arith.index_cast %k : i32 to index
      memref.store %f, %t[%row, %j] : memref<?x?xf32>
      scf.reduce
    }
    region.env_region_yield %r : f32
  }
  return %sum : f32
}
