// All three ops in a row: gather rows of a score table in a permuted order,
// take each row's argmax (implicit i32 indices), and scatter the winning
// scores into a zeroed one-hot tensor at position row * 6 + argmax. The
// scatter's index vector is computed with vector arithmetic. Checked against
// Inputs/gather-argmax-scatter.cpp.
// RUN: imexc %s --pipeline=vector-ext --emit=exe -o %t && %t > %t.out
// RUN: %cxx %S/Inputs/gather-argmax-scatter.cpp -o %t.ref && %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: FileCheck %s --input-file=%t.out

// CHECK:      argmax per gathered row
// CHECK-NEXT: ( 8, 6, 9, 9 )
// CHECK-NEXT: ( 3, 1, 5, 0 )
// CHECK:      one-hot
// CHECK-NEXT: ( 0, 0, 0, 8, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 9, 0, 0, 0, 0, 0 )

func.func @onehot(%scores: tensor<4x6xi64>, %perm: vector<4xindex>) -> tensor<24xi64> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i64
  %rows = iree_vector_ext.transfer_gather %scores[%c0, %c0] [%perm : vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>]
  } : tensor<4x6xi64>, vector<4x6xi64>
  %minv = arith.constant dense<-9223372036854775808> : vector<4xi64>
  %noidx = arith.constant dense<-1> : vector<4xi32>
  %best:2 = iree_vector_ext.arg_compare dimension(1) ins(%rows : vector<4x6xi64>)
      inits(%minv, %noidx : vector<4xi64>, vector<4xi32>) {
  ^bb0(%cand: i64, %acc: i64):
    %p = arith.cmpi sgt, %cand, %acc : i64
    iree_vector_ext.yield %p : i1
  } -> vector<4xi64>, vector<4xi32>
  vector.print str "argmax per gathered row\n"
  vector.print %best#0 : vector<4xi64>
  vector.print %best#1 : vector<4xi32>

  // position[i] = 6 i + argmax[i]
  %step = vector.step : vector<4xindex>
  %six = arith.constant dense<6> : vector<4xindex>
  %rowStart = arith.muli %step, %six : vector<4xindex>
  %arg = arith.index_cast %best#1 : vector<4xi32> to vector<4xindex>
  %pos = arith.addi %rowStart, %arg : vector<4xindex>
  %zeros = arith.constant dense<0> : tensor<24xi64>
  %out = iree_vector_ext.transfer_scatter %best#0 into %zeros[%c0] [%pos : vector<4xindex>] {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : vector<4xi64>, tensor<24xi64> -> tensor<24xi64>
  return %out : tensor<24xi64>
}

func.func @main() {
  // Rows 1, 2 and 3 have tied maxima; the first one wins.
  %scores = arith.constant dense<[[3, 1, 4, 1, 5, 9], [2, 7, 1, 8, 2, 8],
                                  [9, 9, 8, 2, 6, 0], [4, 6, 2, 6, 4, 3]]> : tensor<4x6xi64>
  %perm = arith.constant dense<[1, 3, 0, 2]> : vector<4xindex>
  %oh = call @onehot(%scores, %perm) : (tensor<4x6xi64>, vector<4xindex>) -> tensor<24xi64>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i64
  %v = vector.transfer_read %oh[%c0], %pad {in_bounds = [true]} : tensor<24xi64>, vector<24xi64>
  vector.print str "one-hot\n"
  vector.print %v : vector<24xi64>
  return
}
