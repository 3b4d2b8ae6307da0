// arg_compare in explicit-index mode: each candidate carries its own index
// (e.g. global ids of a tile), reduced along the last dimension and along
// dimension 0 (values and indices transposed together), with ties, and a
// 1-D unsigned comparison. Checked against Inputs/arg-explicit-indices.cpp.
// RUN: imexc %s --pipeline=vector-ext --emit=exe -o %t && %t > %t.out
// RUN: %cxx %S/Inputs/arg-explicit-indices.cpp -o %t.ref && %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: FileCheck %s --input-file=%t.out

// CHECK:      rows, first max
// CHECK-NEXT: ( 8, 3 )
// CHECK-NEXT: ( 1001, 1105 )
// CHECK:      columns, last max
// CHECK:      unsigned min

func.func @main() {
  %v = arith.constant dense<[[2, 8, -1, 8, 0], [3, 3, -9, 1, 3]]> : vector<2x5xi32>
  %ids = arith.constant dense<[[1000, 1001, 1002, 1003, 1004],
                               [1105, 1104, 1103, 1102, 1101]]> : vector<2x5xi64>
  %lowest = arith.constant dense<-100> : vector<2xi32>
  %none = arith.constant dense<-1> : vector<2xi64>
  %a:2 = iree_vector_ext.arg_compare dimension(1) ins(%v, %ids : vector<2x5xi32>, vector<2x5xi64>)
      inits(%lowest, %none : vector<2xi32>, vector<2xi64>) {
  ^bb0(%cand: i32, %best: i32):
    %p = arith.cmpi sgt, %cand, %best : i32
    iree_vector_ext.yield %p : i1
  } -> vector<2xi32>, vector<2xi64>
  vector.print str "rows, first max\n"
  vector.print %a#0 : vector<2xi32>
  vector.print %a#1 : vector<2xi64>

  %lowest5 = arith.constant dense<-100> : vector<5xi32>
  %none5 = arith.constant dense<-1> : vector<5xi64>
  %b:2 = iree_vector_ext.arg_compare dimension(0) ins(%v, %ids : vector<2x5xi32>, vector<2x5xi64>)
      inits(%lowest5, %none5 : vector<5xi32>, vector<5xi64>) {
  ^bb0(%cand: i32, %best: i32):
    %p = arith.cmpi sge, %cand, %best : i32
    iree_vector_ext.yield %p : i1
  } -> vector<5xi32>, vector<5xi64>
  vector.print str "columns, last max\n"
  vector.print %b#0 : vector<5xi32>
  vector.print %b#1 : vector<5xi64>

  // Unsigned minimum of i8 values (-1 is 255), indices are i32 labels.
  %u = arith.constant dense<[-1, 7, -128, 7, 100, 3, 3]> : vector<7xi8>
  %labels = arith.constant dense<[70, 71, 72, 73, 74, 75, 76]> : vector<7xi32>
  %max8 = arith.constant dense<-1> : vector<i8>
  %nolabel = arith.constant dense<0> : vector<i32>
  %c:2 = iree_vector_ext.arg_compare dimension(0) ins(%u, %labels : vector<7xi8>, vector<7xi32>)
      inits(%max8, %nolabel : vector<i8>, vector<i32>) {
  ^bb0(%cand: i8, %best: i8):
    %p = arith.cmpi ult, %cand, %best : i8
    iree_vector_ext.yield %p : i1
  } -> vector<i8>, vector<i32>
  vector.print str "unsigned min\n"
  vector.print %c#0 : vector<i8>
  vector.print %c#1 : vector<i32>
  return
}
