// arg_compare with comparators of several ops: the largest magnitude of
// signed i16 values (1-based indices through index_base), and a "wins by a
// margin" rule whose margin is a value defined outside the comparator. The
// inputs cross a call so nothing is folded at compile time. Checked against
// Inputs/arg-compare-comparators.cpp.
// RUN: imexc %s --pipeline=vector-ext --emit=exe -o %t && %t > %t.out
// RUN: %cxx %S/Inputs/arg-compare-comparators.cpp -o %t.ref && %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: FileCheck %s --input-file=%t.out

// CHECK:      largest magnitude
// CHECK-NEXT: ( -300, 250 )
// CHECK-NEXT: ( 3, 1 )
// CHECK:      wins by a margin
// CHECK-NEXT: ( 3.25 )
// CHECK-NEXT: ( 6 )

func.func @abs_argmax(%x: vector<2x6xi16>) -> (vector<2xi16>, vector<2xi32>) {
  %zero = arith.constant dense<0> : vector<2xi16>
  %none = arith.constant dense<0> : vector<2xi32>
  %one = arith.constant 1 : index
  %r:2 = iree_vector_ext.arg_compare dimension(1) ins(%x : vector<2x6xi16>)
      inits(%zero, %none : vector<2xi16>, vector<2xi32>) index_base(%one : index) {
  ^bb0(%cand: i16, %best: i16):
    %c0 = arith.constant 0 : i16
    %nc = arith.subi %c0, %cand : i16
    %nb = arith.subi %c0, %best : i16
    %ac = arith.maxsi %cand, %nc : i16
    %ab = arith.maxsi %best, %nb : i16
    %p = arith.cmpi sgt, %ac, %ab : i16
    iree_vector_ext.yield %p : i1
  } -> vector<2xi16>, vector<2xi32>
  return %r#0, %r#1 : vector<2xi16>, vector<2xi32>
}

func.func @margin_argmax(%x: vector<7xf32>, %margin: f32) -> (vector<f32>, vector<index>) {
  %ninf = arith.constant dense<0xFF800000> : vector<f32>
  %none = arith.constant dense<0> : vector<index>
  %r:2 = iree_vector_ext.arg_compare dimension(0) ins(%x : vector<7xf32>)
      inits(%ninf, %none : vector<f32>, vector<index>) {
  ^bb0(%cand: f32, %best: f32):
    %need = arith.addf %best, %margin : f32
    %p = arith.cmpf ogt, %cand, %need : f32
    iree_vector_ext.yield %p : i1
  } -> vector<f32>, vector<index>
  return %r#0, %r#1 : vector<f32>, vector<index>
}

func.func @main() {
  %x = arith.constant dense<[[12, -7, -300, 299, 300, 0], [250, -250, 249, -1, 250, -249]]> : vector<2x6xi16>
  %a:2 = call @abs_argmax(%x) : (vector<2x6xi16>) -> (vector<2xi16>, vector<2xi32>)
  vector.print str "largest magnitude\n"
  vector.print %a#0 : vector<2xi16>
  vector.print %a#1 : vector<2xi32>

  %y = arith.constant dense<[1.0, 1.5, 1.75, 2.0, 2.5, 2.5, 3.25]> : vector<7xf32>
  %margin = arith.constant 0.5 : f32
  %b:2 = call @margin_argmax(%y, %margin) : (vector<7xf32>, f32) -> (vector<f32>, vector<index>)
  vector.print str "wins by a margin\n"
  vector.print %b#0 : vector<f32>
  vector.print %b#1 : vector<index>
  return
}
