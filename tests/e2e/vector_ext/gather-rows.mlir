// Embedding lookup: a rank-2 transfer_gather whose leading base dimension is
// gathered through a row-index vector (map (s0, d1)) from a memref, with a
// per-row mask broadcast along the row. The pipeline unrolls it along d0 and
// each row becomes a (masked) vector.transfer_read. Checked against
// Inputs/gather-rows.cpp.
// RUN: imexc %s --pipeline=vector-ext --emit=exe -o %t && %t > %t.out
// RUN: %cxx %S/Inputs/gather-rows.cpp -o %t.ref && %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: FileCheck %s --input-file=%t.out

// CHECK:      rows
// CHECK-NEXT: ( ( 50, 51, 52, 53 ), ( 0, 1, 2, 3 ), ( -1, -1, -1, -1 ), ( 30, 31, 32, 33 ), ( 10, 11, 12, 13 ) )
// CHECK:      columns 1..3 of rows
// CHECK:      window mask

// table[r][c] = 10 r + c
memref.global "private" constant @table : memref<6x4xi32> = dense<[
  [0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23],
  [30, 31, 32, 33], [40, 41, 42, 43], [50, 51, 52, 53]]>

func.func @main() {
  %table = memref.get_global @table : memref<6x4xi32>
  %pad = arith.constant -1 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index

  // out[i][j] = mask[i] ? table[ids[i]][j] : pad; the masked-off row's id
  // is out of bounds and never read.
  %ids = arith.constant dense<[5, 0, 77, 3, 1]> : vector<5xindex>
  %mask = arith.constant dense<[true, true, false, true, true]> : vector<5xi1>
  %rows = iree_vector_ext.transfer_gather %table[%c0, %c0] [%ids : vector<5xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0)>]
  } : memref<6x4xi32>, vector<5x4xi32>, vector<5xi1>
  vector.print str "rows\n"
  vector.print %rows : vector<5x4xi32>

  // A column window (offset 1, width 3) of rows 4, 2, 2 and 0, unmasked.
  %ids2 = arith.constant dense<[4, 2, 2, 0]> : vector<4xindex>
  %cols = iree_vector_ext.transfer_gather %table[%c0, %c1] [%ids2 : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]
  } : memref<6x4xi32>, vector<4x3xi32>
  vector.print str "columns 1..3 of rows\n"
  vector.print %cols : vector<4x3xi32>

  // A 2-D mask: element (i, j) is read when j <= i.
  %tri = arith.constant dense<[[true, false, false], [true, true, false],
                                [true, true, true], [true, true, true]]> : vector<4x3xi1>
  %win = iree_vector_ext.transfer_gather %table[%c0, %c1] [%ids2 : vector<4xindex>], %pad, %tri {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0, d1)>]
  } : memref<6x4xi32>, vector<4x3xi32>, vector<4x3xi1>
  vector.print str "window mask\n"
  vector.print %win : vector<4x3xi32>
  return
}
