// arg_compare as argmin over a reduction dimension that is not the last one
// (the lowering transposes it last): columns of a 2-D input with `index`
// results and index_base, and the middle dimension of a 3-D input with i64
// results; both with ties. Checked against Inputs/argmin-dims.cpp.
// RUN: imexc %s --pipeline=vector-ext --emit=exe -o %t && %t > %t.out
// RUN: %cxx %S/Inputs/argmin-dims.cpp -o %t.ref && %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: FileCheck %s --input-file=%t.out

// CHECK:      column argmin
// CHECK-NEXT: ( -1, -4.5, 2 )
// CHECK-NEXT: ( 10, 11, 10 )
// CHECK:      middle argmin

func.func @main() {
  // Column minima of a 4x3 matrix, indices counted from 10.
  %m = arith.constant dense<[[-1.0, 0.5, 2.0],
                             [3.0, -4.5, 2.0],
                             [-1.0, 8.0, 2.5],
                             [0.0, -4.5, 2.0]]> : vector<4x3xf32>
  %big = arith.constant dense<1.0e30> : vector<3xf32>
  %zero = arith.constant dense<0> : vector<3xindex>
  %base = arith.constant 10 : index
  %a:2 = iree_vector_ext.arg_compare dimension(0) ins(%m : vector<4x3xf32>)
      inits(%big, %zero : vector<3xf32>, vector<3xindex>) index_base(%base : index) {
  ^bb0(%cand: f32, %best: f32):
    %p = arith.cmpf olt, %cand, %best : f32
    iree_vector_ext.yield %p : i1
  } -> vector<3xf32>, vector<3xindex>
  vector.print str "column argmin\n"
  vector.print %a#0 : vector<3xf32>
  vector.print %a#1 : vector<3xindex>

  // t[i][k][j], reduced over k (dimension 1).
  %t = arith.constant dense<[[[5.0, 1.0, 7.0], [2.0, 1.0, 7.0], [2.0, 3.0, -7.0], [9.0, 0.0, 6.0]],
                             [[0.25, 4.0, 4.0], [0.5, 4.0, 4.0], [0.25, 4.0, 3.0], [1.0, 3.5, 4.0]]]>
    : vector<2x4x3xf64>
  %inf = arith.constant dense<0x7FF0000000000000> : vector<2x3xf64>
  %none = arith.constant dense<-1> : vector<2x3xi64>
  %b:2 = iree_vector_ext.arg_compare dimension(1) ins(%t : vector<2x4x3xf64>)
      inits(%inf, %none : vector<2x3xf64>, vector<2x3xi64>) {
  ^bb0(%cand: f64, %best: f64):
    %p = arith.cmpf olt, %cand, %best : f64
    iree_vector_ext.yield %p : i1
  } -> vector<2x3xf64>, vector<2x3xi64>
  vector.print str "middle argmin\n"
  vector.print %b#0 : vector<2x3xf64>
  vector.print %b#1 : vector<2x3xi64>
  return
}
