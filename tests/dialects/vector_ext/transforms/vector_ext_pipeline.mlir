// RUN: imex-opt %s --vector-ext | FileCheck %s
// The named pipeline takes all three ops down to the LLVM dialect: a rank-1
// gather becomes a masked gather intrinsic, a row scatter masked stores (via
// vector.transfer_write), arg_compare a loop of selects.

// CHECK-LABEL: llvm.func @gather
// CHECK:         llvm.intr.masked.gather
// CHECK-LABEL: llvm.func @row_scatter
// CHECK:         llvm.intr.masked.store
// CHECK-LABEL: llvm.func @argmax
// CHECK:         llvm.fcmp "ogt"
// CHECK:         llvm.select
// CHECK-NOT:     iree_vector_ext
// CHECK-NOT:     vector.
// CHECK-NOT:     scf.
// CHECK-NOT:     memref.

func.func @gather(%src: memref<4x16xf32>, %idx: vector<8xindex>, %mask: vector<8xi1>) -> vector<8xf32> {
  %pad = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %0 = iree_vector_ext.transfer_gather %src[%c1, %c0] [%idx : vector<8xindex>], %pad, %mask {
    indexing_maps = [affine_map<(d0)[s0] -> (0, s0)>, affine_map<(d0)[s0] -> (d0)>,
                     affine_map<(d0)[s0] -> (d0)>]
  } : memref<4x16xf32>, vector<8xf32>, vector<8xi1>
  return %0 : vector<8xf32>
}

func.func @row_scatter(%v: vector<2x4xf32>, %dest: memref<8x4xf32>, %ids: vector<2xindex>, %mask: vector<2xi1>) {
  %c0 = arith.constant 0 : index
  iree_vector_ext.transfer_scatter %v into %dest[%c0, %c0] [%ids : vector<2xindex>], %mask {
    indexing_maps = [affine_map<(d0, d1)[s0] -> (s0, d1)>, affine_map<(d0, d1)[s0] -> (d0)>,
                     affine_map<(d0, d1)[s0] -> (d0)>]
  } : vector<2x4xf32>, memref<8x4xf32>, vector<2xi1>
  return
}

func.func @argmax(%in: vector<2x8xf32>, %iv: vector<2xf32>, %ii: vector<2xi32>) -> (vector<2xf32>, vector<2xi32>) {
  %0:2 = iree_vector_ext.arg_compare dimension(1) ins(%in : vector<2x8xf32>)
      inits(%iv, %ii : vector<2xf32>, vector<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.cmpf ogt, %a, %b : f32
    iree_vector_ext.yield %p : i1
  } -> vector<2xf32>, vector<2xi32>
  return %0#0, %0#1 : vector<2xf32>, vector<2xi32>
}
