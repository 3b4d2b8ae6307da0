// Rank-2 transfer_gather along the innermost base dimension: d0 walks the
// rows (from a row offset), the index vector picks columns per element, and a
// 2-D mask selects lanes. A second gather reads its index vector transposed
// (map (d1, d0)). The pipeline unrolls both to rank-1 vector.gather ops.
// Checked against Inputs/gather-inner-2d.cpp.
// RUN: imexc %s --pipeline=vector-ext --emit=exe -o %t && %t > %t.out
// RUN: %cxx %S/Inputs/gather-inner-2d.cpp -o %t.ref && %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: FileCheck %s --input-file=%t.out

// CHECK:      per-row columns
// CHECK-NEXT: ( ( 1.125, 1.25, 1.5, -3, 1.125 ), ( -3, 2.5, 2.75, 2.125, 2.5 ), ( 3.125, -3, 3.375, 3.25, -3 ) )
// CHECK:      transposed index vector

func.func @main() {
  // src[r][c] = r + c / 8, 4 x 12
  %src = arith.constant dense<[
    [0.0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1.0, 1.125, 1.25, 1.375],
    [1.0, 1.125, 1.25, 1.375, 1.5, 1.625, 1.75, 1.875, 2.0, 2.125, 2.25, 2.375],
    [2.0, 2.125, 2.25, 2.375, 2.5, 2.625, 2.75, 2.875, 3.0, 3.125, 3.25, 3.375],
    [3.0, 3.125, 3.25, 3.375, 3.5, 3.625, 3.75, 3.875, 4.0, 4.125, 4.25, 4.375]]> : tensor<4x12xf64>
  %pad = arith.constant -3.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index

  // out[i][j] = mask[i][j] ? src[1 + i][1 + idx[i][j]] : pad
  %idx = arith.constant dense<[[0, 1, 3, 9, 0], [5, 3, 5, 0, 3], [0, 10, 2, 1, 7]]> : vector<3x5xindex>
  %mask = arith.constant dense<[[true, true, true, false, true],
                                 [false, true, true, true, true],
                                 [true, false, true, true, false]]> : vector<3x5xi1>
  %g = iree_vector_ext.transfer_gather %src[%c1, %c1] [%idx : vector<3x5xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : tensor<4x12xf64>, vector<3x5xf64>, vector<3x5xi1>
  vector.print str "per-row columns\n"
  vector.print %g : vector<3x5xf64>

  // out[i][j] = src[2 + i][idxT[j][i]]
  %idxT = arith.constant dense<[[11, 0], [7, 1], [3, 2], [0, 11]]> : vector<4x2xindex>
  %t = iree_vector_ext.transfer_gather %src[%c2, %c0] [%idxT : vector<4x2xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d1, d0)>]
  } : tensor<4x12xf64>, vector<2x4xf64>
  vector.print str "transposed index vector\n"
  vector.print %t : vector<2x4xf64>
  return
}
