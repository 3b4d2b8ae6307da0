// Rank-1 transfer_gather from a tensor: fixed leading offset, an index
// vector along the innermost dimension, mixed / all-true / all-false masks
// and a padding value. Checked against Inputs/gather-1d-masked.cpp.
// RUN: imexc %s --pipeline=vector-ext --emit=exe -o %t && %t > %t.out
// RUN: %cxx %S/Inputs/gather-1d-masked.cpp -o %t.ref && %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: FileCheck %s --input-file=%t.out

// CHECK:      masked
// CHECK-NEXT: ( 24.5, -7.5, 22, 22, -7.5, 21 )
// CHECK:      unmasked
// CHECK:      all-true
// CHECK:      all-false
// CHECK-NEXT: ( -7.5, -7.5, -7.5, -7.5 )

func.func @main() {
  // src[r][c] = 10 r + c / 2
  %src = arith.constant dense<[
    [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5],
    [10.0, 10.5, 11.0, 11.5, 12.0, 12.5, 13.0, 13.5, 14.0, 14.5],
    [20.0, 20.5, 21.0, 21.5, 22.0, 22.5, 23.0, 23.5, 24.0, 24.5]]> : tensor<3x10xf32>
  %pad = arith.constant -7.5 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index

  // Row 2 from column 1: lane i reads src[2][1 + idx[i]] where mask[i].
  // Masked-off lanes may hold any index, even one out of bounds.
  %idx = arith.constant dense<[8, 1000, 3, 3, 5, 1]> : vector<6xindex>
  %mask = arith.constant dense<[true, false, true, true, false, true]> : vector<6xi1>
  %g0 = iree_vector_ext.transfer_gather %src[%c2, %c1] [%idx : vector<6xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>,
                     affine_map<(d0)[s0] -> (d0)>]
  } : tensor<3x10xf32>, vector<6xf32>, vector<6xi1>
  vector.print str "masked\n"
  vector.print %g0 : vector<6xf32>

  // Row 1, unmasked, indices in any order with repeats.
  %idx1 = arith.constant dense<[9, 0, 4, 4, 7, 2, 2, 1]> : vector<8xindex>
  %g1 = iree_vector_ext.transfer_gather %src[%c1, %c0] [%idx1 : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<3x10xf32>, vector<8xf32>
  vector.print str "unmasked\n"
  vector.print %g1 : vector<8xf32>

  // All-true and all-false constant masks.
  %idx2 = arith.constant dense<[3, 1, 4, 1]> : vector<4xindex>
  %true = arith.constant dense<true> : vector<4xi1>
  %false = arith.constant dense<false> : vector<4xi1>
  %g2 = iree_vector_ext.transfer_gather %src[%c0, %c2] [%idx2 : vector<4xindex>], %pad, %true {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>,
                     affine_map<(d0)[s0] -> (d0)>]
  } : tensor<3x10xf32>, vector<4xf32>, vector<4xi1>
  vector.print str "all-true\n"
  vector.print %g2 : vector<4xf32>
  %g3 = iree_vector_ext.transfer_gather %src[%c0, %c2] [%idx2 : vector<4xindex>], %pad, %false {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>,
                     affine_map<(d0)[s0] -> (d0)>]
  } : tensor<3x10xf32>, vector<4xf32>, vector<4xi1>
  vector.print str "all-false\n"
  vector.print %g3 : vector<4xf32>
  return
}
