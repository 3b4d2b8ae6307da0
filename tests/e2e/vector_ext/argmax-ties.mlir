// arg_compare as argmax with ties: a strict comparator keeps the first
// maximum, a non-strict one the last; index_base offsets implicit indices;
// an init that no element beats keeps its index; 1-D inputs have 0-d
// results, 2-D inputs reduce their last dim. Checked against
// Inputs/argmax-ties.cpp.
// RUN: imexc %s --pipeline=vector-ext --emit=exe -o %t && %t > %t.out
// RUN: %cxx %S/Inputs/argmax-ties.cpp -o %t.ref && %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: FileCheck %s --input-file=%t.out

// CHECK:      first max
// CHECK-NEXT: ( 7 )
// CHECK-NEXT: ( 1 )
// CHECK:      last max
// CHECK-NEXT: ( 7 )
// CHECK-NEXT: ( 8 )
// CHECK:      index_base 100
// CHECK-NEXT: ( 7 )
// CHECK-NEXT: ( 101 )
// CHECK:      init wins
// CHECK-NEXT: ( 100 )
// CHECK-NEXT: ( -1 )
// CHECK:      rows

func.func @main() {
  %x = arith.constant dense<[3.0, 7.0, 1.0, 7.0, -2.0, 7.0, 0.0, 5.0, 7.0, 2.0]> : vector<10xf32>
  %ninf = arith.constant dense<0xFF800000> : vector<f32>
  %none = arith.constant dense<-1> : vector<i32>
  %base = arith.constant 100 : index

  %a:2 = iree_vector_ext.arg_compare dimension(0) ins(%x : vector<10xf32>)
      inits(%ninf, %none : vector<f32>, vector<i32>) {
  ^bb0(%cand: f32, %best: f32):
    %p = arith.cmpf ogt, %cand, %best : f32
    iree_vector_ext.yield %p : i1
  } -> vector<f32>, vector<i32>
  vector.print str "first max\n"
  vector.print %a#0 : vector<f32>
  vector.print %a#1 : vector<i32>

  %b:2 = iree_vector_ext.arg_compare dimension(0) ins(%x : vector<10xf32>)
      inits(%ninf, %none : vector<f32>, vector<i32>) {
  ^bb0(%cand: f32, %best: f32):
    %p = arith.cmpf oge, %cand, %best : f32
    iree_vector_ext.yield %p : i1
  } -> vector<f32>, vector<i32>
  vector.print str "last max\n"
  vector.print %b#0 : vector<f32>
  vector.print %b#1 : vector<i32>

  %c:2 = iree_vector_ext.arg_compare dimension(0) ins(%x : vector<10xf32>)
      inits(%ninf, %none : vector<f32>, vector<i32>) index_base(%base : index) {
  ^bb0(%cand: f32, %best: f32):
    %p = arith.cmpf ogt, %cand, %best : f32
    iree_vector_ext.yield %p : i1
  } -> vector<f32>, vector<i32>
  vector.print str "index_base 100\n"
  vector.print %c#0 : vector<f32>
  vector.print %c#1 : vector<i32>

  %hundred = arith.constant dense<100.0> : vector<f32>
  %d:2 = iree_vector_ext.arg_compare dimension(0) ins(%x : vector<10xf32>)
      inits(%hundred, %none : vector<f32>, vector<i32>) {
  ^bb0(%cand: f32, %best: f32):
    %p = arith.cmpf ogt, %cand, %best : f32
    iree_vector_ext.yield %p : i1
  } -> vector<f32>, vector<i32>
  vector.print str "init wins\n"
  vector.print %d#0 : vector<f32>
  vector.print %d#1 : vector<i32>

  // Row-wise argmax of signed integers (strict: first maximum per row).
  %m = arith.constant dense<[[4, -3, 9, 9, 0, 2],
                             [-5, -5, -5, -5, -5, -5],
                             [-8, 6, -1, 6, 12, 11]]> : vector<3x6xi32>
  %lowest = arith.constant dense<-2147483648> : vector<3xi32>
  %noidx = arith.constant dense<-1> : vector<3xi64>
  %e:2 = iree_vector_ext.arg_compare dimension(1) ins(%m : vector<3x6xi32>)
      inits(%lowest, %noidx : vector<3xi32>, vector<3xi64>) {
  ^bb0(%cand: i32, %best: i32):
    %p = arith.cmpi sgt, %cand, %best : i32
    iree_vector_ext.yield %p : i1
  } -> vector<3xi32>, vector<3xi64>
  vector.print str "rows\n"
  vector.print %e#0 : vector<3xi32>
  vector.print %e#1 : vector<3xi64>
  return
}
