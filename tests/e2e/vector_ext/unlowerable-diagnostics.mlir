// Transfers the vector-ext pipeline cannot lower stop imexc with one error per
// op that names the op and the reason, not with an illegal-operation error
// from a later conversion; nothing is written.
// RUN: not imexc %s --pipeline=vector-ext --emit=exe -o %t 2>&1 | FileCheck %s
// RUN: not test -e %t

// CHECK: unlowerable-diagnostics.mlir:21:8: error: 'iree_vector_ext.transfer_gather' could not be lowered: expected exactly one index vector, found 2 (2 ops from this source op)
// CHECK: unlowerable-diagnostics.mlir:26:8: error: 'iree_vector_ext.transfer_scatter' could not be lowered: leading base dimension 0 is indexed by 'd0', not a constant
// CHECK: unlowerable-diagnostics.mlir:32:8: error: 'iree_vector_ext.transfer_gather' could not be lowered: scalable vectors are not supported
// CHECK: unlowerable-diagnostics.mlir:37:10: error: 'iree_vector_ext.arg_compare' could not be lowered: scalable vectors are not supported
// CHECK-NOT: illegal
// CHECK-NOT: error:

func.func @main() {
  %src = arith.constant dense<1.0> : tensor<8x16xf32>
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %i0 = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 0]]> : vector<2x4xindex>
  %i1 = arith.constant dense<[1, 2, 3, 4]> : vector<4xindex>
  // Both index vectors still vary along the vector after unrolling.
  %a = iree_vector_ext.transfer_gather %src[%c0, %c0] [%i0, %i1 : vector<2x4xindex>, vector<4xindex>], %pad {
    indexing_maps = [affine_map<(d0, d1)[s0, s1] -> (s0, s1)>, affine_map<(d0, d1)[s0, s1] -> (d0, d1)>,
                     affine_map<(d0, d1)[s0, s1] -> (d1)>]
  } : tensor<8x16xf32>, vector<2x4xf32>
  %v = arith.constant dense<2.0> : vector<4xf32>
  %b = iree_vector_ext.transfer_scatter %v into %src[%c0, %c0] [%i1 : vector<4xindex>] {
    indexing_maps = [affine_map<(d0)[s0] -> (d0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : vector<4xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %step = vector.step : vector<[4]xindex>
  %two = arith.constant dense<2> : vector<[4]xindex>
  %si = arith.muli %step, %two : vector<[4]xindex>
  %c = iree_vector_ext.transfer_gather %b[%c0, %c0] [%si : vector<[4]xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<8x16xf32>, vector<[4]xf32>
  %iv = arith.constant dense<0.0> : vector<f32>
  %ii = arith.constant dense<0> : vector<i32>
  %d:2 = iree_vector_ext.arg_compare dimension(0) ins(%c : vector<[4]xf32>)
      inits(%iv, %ii : vector<f32>, vector<i32>) {
  ^bb0(%x: f32, %y: f32):
    %p = arith.cmpf ogt, %x, %y : f32
    iree_vector_ext.yield %p : i1
  } -> vector<f32>, vector<i32>
  vector.print %a : vector<2x4xf32>
  vector.print %d#1 : vector<i32>
  return
}
