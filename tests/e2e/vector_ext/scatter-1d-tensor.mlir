// Rank-1 transfer_scatter into a tensor: a masked scatter into row 1 and an
// unmasked one into row 0 of its result (a chain of tensor values), lowered
// to vector.scatter and bufferized. The original tensor stays unchanged.
// Checked against Inputs/scatter-1d-tensor.cpp.
// RUN: imexc %s --pipeline=vector-ext --emit=exe -o %t && %t > %t.out
// RUN: %cxx %S/Inputs/scatter-1d-tensor.cpp -o %t.ref && %t.ref > %t.ref.out
// RUN: diff %t.ref.out %t.out
// RUN: FileCheck %s --input-file=%t.out

// CHECK:      after masked scatter
// CHECK-NEXT: ( ( 0, 0, 0, 0, 0, 0, 0, 0 ), ( 2.5, 0, 0, 0, 0, 4.5, 0, 1.5 ) )
// CHECK:      after second scatter
// CHECK:      original

func.func @main() {
  %dest = arith.constant dense<0.0> : tensor<2x8xf32>
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index

  // dest[1][1 + idx[i]] = v[i] where mask[i]; masked-off lanes write nothing.
  %v = arith.constant dense<[1.5, 2.5, 3.5, 4.5, 5.5]> : vector<5xf32>
  %idx = arith.constant dense<[6, -1, 50, 4, 1]> : vector<5xindex>
  %mask = arith.constant dense<[true, true, false, true, false]> : vector<5xi1>
  %t1 = iree_vector_ext.transfer_scatter %v into %dest[%c1, %c1] [%idx : vector<5xindex>], %mask {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>,
                     affine_map<(d0)[s0] -> (d0)>]
  } : vector<5xf32>, tensor<2x8xf32>, vector<5xi1> -> tensor<2x8xf32>
  %r1 = vector.transfer_read %t1[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<2x8xf32>, vector<2x8xf32>
  vector.print str "after masked scatter\n"
  vector.print %r1 : vector<2x8xf32>

  // dest[0][2 + idx2[i]] = w[i], unmasked, into the previous result.
  %w = arith.constant dense<[-1.0, -2.0, -3.0, -4.0]> : vector<4xf32>
  %idx2 = arith.constant dense<[5, 0, 3, 1]> : vector<4xindex>
  %t2 = iree_vector_ext.transfer_scatter %w into %t1[%c0, %c2] [%idx2 : vector<4xindex>] {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : vector<4xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  %r2 = vector.transfer_read %t2[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<2x8xf32>, vector<2x8xf32>
  vector.print str "after second scatter\n"
  vector.print %r2 : vector<2x8xf32>

  %r0 = vector.transfer_read %dest[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<2x8xf32>, vector<2x8xf32>
  vector.print str "original\n"
  vector.print %r0 : vector<2x8xf32>
  return
}
