// Index vectors built from vector.step: plain steps fold into contiguous
// reads, a broadcast addend moves into the offset, a scaled step stays a
// real (strided) gather, and a broadcast scalar index reads one element into
// every lane. The index vectors go through a function boundary so the
// folds happen on the callee's IR. Checked against
// Inputs/gather-step-stride.cpp.
// RUN: imexc %s --pipeline=vector-ext --emit=exe -o %t && %t > %t.out
// RUN: %cxx %S/Inputs/gather-step-stride.cpp -o %t.ref && %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: FileCheck %s --input-file=%t.out

// CHECK:      step
// CHECK-NEXT: ( 100, 101, 102, 103, 104, 105, 106, 107 )
// CHECK:      step + 5
// CHECK:      2 * step + 1
// CHECK-NEXT: ( 101, 103, 105, 107, 109, 111, 113, 115 )
// CHECK:      splat
// CHECK-NEXT: ( 112, 112, 112, 112, 112, 112, 112, 112 )
// CHECK:      rows by step
// CHECK-NEXT: ( ( 3, 4, 5, 6 ), ( 103, 104, 105, 106 ) )

func.func @gathers(%src: tensor<2x16xi32>, %off: index, %k: index)
    -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<2x4xi32>) {
  %pad = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %step = vector.step : vector<8xindex>
  // src[1][step]
  %g0 = iree_vector_ext.transfer_gather %src[%c1, %c0] [%step : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<2x16xi32>, vector<8xi32>
  // src[1][step + off]
  %offv = vector.broadcast %off : index to vector<8xindex>
  %shifted = arith.addi %step, %offv : vector<8xindex>
  %g1 = iree_vector_ext.transfer_gather %src[%c1, %c0] [%shifted : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<2x16xi32>, vector<8xi32>
  // src[1][1 + 2 step]
  %two = arith.constant dense<2> : vector<8xindex>
  %strided = arith.muli %step, %two : vector<8xindex>
  %g2 = iree_vector_ext.transfer_gather %src[%c1, %c1] [%strided : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<2x16xi32>, vector<8xi32>
  // src[1][k] in every lane
  %splat = vector.broadcast %k : index to vector<8xindex>
  %g3 = iree_vector_ext.transfer_gather %src[%c1, %c0] [%splat : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<2x16xi32>, vector<8xi32>
  // rows 0..1 gathered by a step index vector, columns 3..6
  %step2 = vector.step : vector<2xindex>
  %g4 = iree_vector_ext.transfer_gather %src[%c0, %c3] [%step2 : vector<2xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]
  } : tensor<2x16xi32>, vector<2x4xi32>
  return %g0, %g1, %g2, %g3, %g4 : vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<2x4xi32>
}

func.func @main() {
  // src[r][c] = 100 r + c
  %src = arith.constant dense<[
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115]]> : tensor<2x16xi32>
  %off = arith.constant 5 : index
  %k = arith.constant 12 : index
  %g:5 = call @gathers(%src, %off, %k) : (tensor<2x16xi32>, index, index)
      -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<2x4xi32>)
  vector.print str "step\n"
  vector.print %g#0 : vector<8xi32>
  vector.print str "step + 5\n"
  vector.print %g#1 : vector<8xi32>
  vector.print str "2 * step + 1\n"
  vector.print %g#2 : vector<8xi32>
  vector.print str "splat\n"
  vector.print %g#3 : vector<8xi32>
  vector.print str "rows by step\n"
  vector.print %g#4 : vector<2x4xi32>
  return
}
