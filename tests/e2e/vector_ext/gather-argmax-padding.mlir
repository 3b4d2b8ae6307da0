// Masked gathers whose padding must never win the following arg_compare:
// a 1-D gather padded with -inf feeds an argmax whose explicit indices are
// the gathered column numbers; a 2-D row gather (some rows masked off, some
// lanes masked off) padded with +inf feeds a row-wise argmin, where a fully
// masked row keeps the init index. Checked against
// Inputs/gather-argmax-padding.cpp.
// RUN: imexc %s --pipeline=vector-ext --emit=exe -o %t && %t > %t.out
// RUN: %cxx %S/Inputs/gather-argmax-padding.cpp -o %t.ref && %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: FileCheck %s --input-file=%t.out

// CHECK:      gathered
// CHECK-NEXT: ( -1, -inf, 0, 3, -2, -inf )
// CHECK:      argmax column
// CHECK-NEXT: ( 3 )
// CHECK-NEXT: ( 0 )
// CHECK:      row argmin
// CHECK-NEXT: ( -4, -3, inf, -2 )
// CHECK-NEXT: ( 1, 5, -1, 4 )

func.func @main() {
  // scores[r][c] = ((3 c - 3 r) mod 10) - 4
  %scoresf = arith.constant dense<[
    [-4.0, -1.0, 2.0, 5.0, -2.0, 1.0, 4.0, -3.0, 0.0, 3.0],
    [3.0, -4.0, -1.0, 2.0, 5.0, -2.0, 1.0, 4.0, -3.0, 0.0],
    [0.0, 3.0, -4.0, -1.0, 2.0, 5.0, -2.0, 1.0, 4.0, -3.0],
    [-3.0, 0.0, 3.0, -4.0, -1.0, 2.0, 5.0, -2.0, 1.0, 4.0]]> : tensor<4x10xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index

  // Row 1 at columns idx where mask; the masked-off lanes (columns 6 and 3)
  // read as -inf.
  %ninf = arith.constant 0xFF800000 : f32
  %idx = arith.constant dense<[2, 6, 9, 0, 5, 3]> : vector<6xindex>
  %mask = arith.constant dense<[true, false, true, true, true, false]> : vector<6xi1>
  %g = iree_vector_ext.transfer_gather %scoresf[%c1, %c0] [%idx : vector<6xindex>], %ninf, %mask {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>,
                     affine_map<(d0)[s0] -> (d0)>]
  } : tensor<4x10xf32>, vector<6xf32>, vector<6xi1>
  vector.print str "gathered\n"
  vector.print %g : vector<6xf32>
  %cols = arith.index_cast %idx : vector<6xindex> to vector<6xi32>
  %vinit = vector.broadcast %ninf : f32 to vector<f32>
  %iinit = arith.constant dense<-1> : vector<i32>
  %a:2 = iree_vector_ext.arg_compare dimension(0) ins(%g, %cols : vector<6xf32>, vector<6xi32>)
      inits(%vinit, %iinit : vector<f32>, vector<i32>) {
  ^bb0(%cand: f32, %best: f32):
    %p = arith.cmpf ogt, %cand, %best : f32
    iree_vector_ext.yield %p : i1
  } -> vector<f32>, vector<i32>
  vector.print str "argmax column\n"
  vector.print %a#0 : vector<f32>
  vector.print %a#1 : vector<i32>

  // Rows ids[i], columns 2..7, padded with +inf; row 2 is masked off
  // entirely, and lanes with a false lane mask are skipped.
  %pinf = arith.constant 0x7F800000 : f32
  %ids = arith.constant dense<[3, 0, 1, 2]> : vector<4xindex>
  %lanes = arith.constant dense<[[true, true, true, true, true, true],
                                  [true, true, false, true, true, true],
                                  [true, true, true, true, true, true],
                                  [false, true, true, true, true, false]]> : vector<4x6xi1>
  %rowMask = arith.constant dense<[true, true, false, true]> : vector<4xi1>
  %rowMask2 = vector.broadcast %rowMask : vector<4xi1> to vector<6x4xi1>
  %rowMaskT = vector.transpose %rowMask2, [1, 0] : vector<6x4xi1> to vector<4x6xi1>
  %both = arith.andi %lanes, %rowMaskT : vector<4x6xi1>
  %rows = iree_vector_ext.transfer_gather %scoresf[%c0, %c2] [%ids : vector<4xindex>], %pinf, %both {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : tensor<4x10xf32>, vector<4x6xf32>, vector<4x6xi1>
  vector.print str "rows\n"
  vector.print %rows : vector<4x6xf32>
  %rinit = vector.broadcast %pinf : f32 to vector<4xf32>
  %rnone = arith.constant dense<-1> : vector<4xi32>
  %b:2 = iree_vector_ext.arg_compare dimension(1) ins(%rows : vector<4x6xf32>)
      inits(%rinit, %rnone : vector<4xf32>, vector<4xi32>) {
  ^bb0(%cand: f32, %best: f32):
    %p = arith.cmpf olt, %cand, %best : f32
    iree_vector_ext.yield %p : i1
  } -> vector<4xf32>, vector<4xi32>
  vector.print str "row argmin\n"
  vector.print %b#0 : vector<4xf32>
  vector.print %b#1 : vector<4xi32>
  return
}
