// Rank-2 transfer_scatter into a memref, in place: an inner scatter (d0
// walks rows from an offset, a 2-D index vector picks columns, 2-D mask)
// becomes one vector.scatter per row; a row scatter (map (s0, d1), per-row
// mask) becomes one masked vector.transfer_write per row. Checked against
// Inputs/scatter-2d-memref.cpp.
// RUN: imexc %s --pipeline=vector-ext --emit=exe -o %t && %t > %t.out
// RUN: %cxx %S/Inputs/scatter-2d-memref.cpp -o %t.ref && %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: FileCheck %s --input-file=%t.out

// CHECK:      inner scatter
// CHECK-NEXT: ( ( -1, -1, -1, -1, -1, -1 ), ( 11, -1, -1, 12, -1, 10 ), ( -1, 22, -1, -1, 20, -1 ), ( -1, -1, -1, -1, -1, -1 ) )
// CHECK:      row scatter

func.func @main() {
  %m = memref.alloc() : memref<4x6xi32>
  %minus1 = arith.constant -1 : i32
  linalg.fill ins(%minus1 : i32) outs(%m : memref<4x6xi32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index

  // m[1 + i][idx[i][j]] = v[i][j] where mask[i][j]
  %v = arith.constant dense<[[10, 11, 12], [20, 21, 22]]> : vector<2x3xi32>
  %idx = arith.constant dense<[[5, 0, 3], [4, 4, 1]]> : vector<2x3xindex>
  %mask = arith.constant dense<[[true, true, true], [true, false, true]]> : vector<2x3xi1>
  iree_vector_ext.transfer_scatter %v into %m[%c1, %c0] [%idx : vector<2x3xindex>], %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, s0)>, affine_map<(d0, d1)[s0] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : vector<2x3xi32>, memref<4x6xi32>, vector<2x3xi1>
  %r1 = vector.transfer_read %m[%c0, %c0], %minus1 {in_bounds = [true, true]} : memref<4x6xi32>, vector<4x6xi32>
  vector.print str "inner scatter\n"
  vector.print %r1 : vector<4x6xi32>

  // m[ids[i]][1 + j] = rows[i][j] where rowMask[i]
  %rows = arith.constant dense<[[100, 101, 102, 103, 104], [200, 201, 202, 203, 204],
                                 [300, 301, 302, 303, 304]]> : vector<3x5xi32>
  %ids = arith.constant dense<[3, 9, 0]> : vector<3xindex>
  %rowMask = arith.constant dense<[true, false, true]> : vector<3xi1>
  iree_vector_ext.transfer_scatter %rows into %m[%c0, %c1] [%ids : vector<3xindex>], %rowMask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0)>]
  } : vector<3x5xi32>, memref<4x6xi32>, vector<3xi1>
  %r2 = vector.transfer_read %m[%c0, %c0], %minus1 {in_bounds = [true, true]} : memref<4x6xi32>, vector<4x6xi32>
  vector.print str "row scatter\n"
  vector.print %r2 : vector<4x6xi32>
  memref.dealloc %m : memref<4x6xi32>
  return
}
