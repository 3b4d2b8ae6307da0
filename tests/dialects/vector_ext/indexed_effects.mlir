// RUN: imex-opt %s --split-input-file --cse | FileCheck %s --check-prefix=CSE
// RUN: imex-opt %s --split-input-file --loop-invariant-code-motion | FileCheck %s --check-prefix=LICM
// RUN: imex-opt %s --split-input-file --canonicalize | FileCheck %s --check-prefix=DCE

// Memory effects: a memref gather reads its base and a memref scatter reads
// and writes it; on tensors both are free of effects and speculatable.

// CSE-LABEL: func.func @cse
//  CSE-SAME:   (%[[M:.+]]: memref<64xf32>, %[[T:.+]]: tensor<64xf32>,
// Tensor gathers merge.
//       CSE:   %[[TG:.+]] = iree_vector_ext.transfer_gather %[[T]]
//   CSE-NOT:   iree_vector_ext.transfer_gather %[[T]]
// Memref gathers merge while nothing writes in between...
//       CSE:   %[[G0:.+]] = iree_vector_ext.transfer_gather %[[M]]
//   CSE-NOT:   iree_vector_ext.transfer_gather
//       CSE:   iree_vector_ext.transfer_scatter %{{.+}} into %[[M]]
// ...but not across the scatter that writes the memref.
//       CSE:   %[[G1:.+]] = iree_vector_ext.transfer_gather %[[M]]
//       CSE:   return %[[TG]], %[[TG]], %[[G0]], %[[G0]], %[[G1]]
func.func @cse(%m: memref<64xf32>, %t: tensor<64xf32>, %idx: vector<8xindex>, %i: index, %pad: f32)
    -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
  %t0 = iree_vector_ext.transfer_gather %t[%i] [%idx : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<64xf32>, vector<8xf32>
  %t1 = iree_vector_ext.transfer_gather %t[%i] [%idx : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : tensor<64xf32>, vector<8xf32>
  %g0 = iree_vector_ext.transfer_gather %m[%i] [%idx : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : memref<64xf32>, vector<8xf32>
  %g1 = iree_vector_ext.transfer_gather %m[%i] [%idx : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : memref<64xf32>, vector<8xf32>
  iree_vector_ext.transfer_scatter %t0 into %m[%i] [%idx : vector<8xindex>] {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : vector<8xf32>, memref<64xf32>
  %g2 = iree_vector_ext.transfer_gather %m[%i] [%idx : vector<8xindex>], %pad {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : memref<64xf32>, vector<8xf32>
  return %t0, %t1, %g0, %g1, %g2 : vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>
}

// -----

// Only the tensor gather is speculatable and effect free, so only it leaves
// the loop.
// LICM-LABEL: func.func @licm
//       LICM:   iree_vector_ext.transfer_gather %{{.+}} : tensor<64xf32>, vector<8xf32>
//       LICM:   scf.for
//   LICM-NOT:   tensor<64xf32>, vector<8xf32>
//       LICM:     iree_vector_ext.transfer_gather %{{.+}} : memref<64xf32>, vector<8xf32>
//       LICM:     scf.yield
func.func @licm(%m: memref<64xf32>, %t: tensor<64xf32>, %idx: vector<8xindex>, %i: index, %pad: f32, %n: index) -> vector<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant dense<0.0> : vector<8xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> vector<8xf32> {
    %a = iree_vector_ext.transfer_gather %t[%i] [%idx : vector<8xindex>], %pad {
      indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
    } : tensor<64xf32>, vector<8xf32>
    %b = iree_vector_ext.transfer_gather %m[%i] [%idx : vector<8xindex>], %pad {
      indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
    } : memref<64xf32>, vector<8xf32>
    %s = arith.addf %a, %b : vector<8xf32>
    %n2 = arith.addf %acc, %s : vector<8xf32>
    scf.yield %n2 : vector<8xf32>
  }
  return %r : vector<8xf32>
}

// -----

// An unused tensor scatter is dead; a memref scatter is not.
// DCE-LABEL: func.func @dead
//       DCE:   iree_vector_ext.transfer_scatter %{{.+}} : vector<8xf32>, memref<64xf32>
//   DCE-NOT:   iree_vector_ext.transfer_scatter
//       DCE:   return
func.func @dead(%v: vector<8xf32>, %m: memref<64xf32>, %t: tensor<64xf32>, %idx: vector<8xindex>, %i: index) {
  iree_vector_ext.transfer_scatter %v into %m[%i] [%idx : vector<8xindex>] {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : vector<8xf32>, memref<64xf32>
  %r = iree_vector_ext.transfer_scatter %v into %t[%i] [%idx : vector<8xindex>] {
    indexing_maps = [affine_map<(d0)[s0] -> (s0)>, affine_map<(d0)[s0] -> (d0)>]
  } : vector<8xf32>, tensor<64xf32> -> tensor<64xf32>
  return
}
