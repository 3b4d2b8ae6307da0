// Rank-3 transfer_gather mixing every kind of base dimension: base dim 0 is
// walked by vector dim 1, base dim 1 is a broadcast (fixed at its offset),
// base dim 2 is gathered by an index vector that varies along vector dims 0
// and 2 (and is broadcast along dim 1); the mask varies along dims 1 and 2.
// Unrolled twice, then vector.gather. Checked against
// Inputs/gather-3d-broadcast.cpp.
// RUN: imexc %s --pipeline=vector-ext --emit=exe -o %t && %t > %t.out
// RUN: %cxx %S/Inputs/gather-3d-broadcast.cpp -o %t.ref && %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: FileCheck %s --input-file=%t.out

// CHECK:      gather 2x3x4
// CHECK-NEXT: ( ( ( 25, -9, 21, 24 ), ( 125, 125, -9, 124 ), ( 225, 225, 221, -9 ) ), ( ( 20, -9, 27, 26 ), ( 120, 123, -9, 126 ), ( 220, 223, 227, -9 ) ) )

func.func @main() {
  // base[a][b][c] = 100 a + 10 b + c, 3 x 4 x 8
  %base = arith.constant dense<[
    [[0, 1, 2, 3, 4, 5, 6, 7], [10, 11, 12, 13, 14, 15, 16, 17],
     [20, 21, 22, 23, 24, 25, 26, 27], [30, 31, 32, 33, 34, 35, 36, 37]],
    [[100, 101, 102, 103, 104, 105, 106, 107], [110, 111, 112, 113, 114, 115, 116, 117],
     [120, 121, 122, 123, 124, 125, 126, 127], [130, 131, 132, 133, 134, 135, 136, 137]],
    [[200, 201, 202, 203, 204, 205, 206, 207], [210, 211, 212, 213, 214, 215, 216, 217],
     [220, 221, 222, 223, 224, 225, 226, 227], [230, 231, 232, 233, 234, 235, 236, 237]]]>
    : tensor<3x4x8xi64>
  %pad = arith.constant -9 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index

  // out[i][j][k] = mask[j][k] ? base[j][2][1 + idx[i][k]] : pad
  %idx = arith.constant dense<[[4, 4, 0, 3], [-1, 2, 6, 5]]> : vector<2x4xindex>
  %mask = arith.constant dense<[[true, false, true, true],
                                 [true, true, false, true],
                                 [true, true, true, false]]> : vector<3x4xi1>
  %g = iree_vector_ext.transfer_gather %base[%c0, %c2, %c1] [%idx : vector<2x4xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1, d2)[s0] -> (d1, 0, s0)>,
                     affine_map<(d0, d1, d2)[s0] -> (d0, d2)>,
                     affine_map<(d0, d1, d2)[s0] -> (d1, d2)>]
  } : tensor<3x4x8xi64>, vector<2x3x4xi64>, vector<3x4xi1>
  vector.print str "gather 2x3x4\n"
  vector.print %g : vector<2x3x4xi64>
  return
}
