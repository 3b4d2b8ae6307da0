//===- Passes.td - iree_vector_ext transforms -----------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The three passes of the interface spec (§5) keep their flags and anchors:
// iree-vector-ext-fold-unit-extent-dims (any op),
// iree-vector-ext-lower-transfer-gather-scatter-to-vector (func.func) and
// iree-vector-ext-lower-arg-compare-to-vector (func.func). Two more passes
// make the `vector-ext` pipeline: one unrolls and simplifies indexed
// transfers into the form the gather/scatter lowering accepts, the other
// reports whatever is left with the reason it was not lowered.
//
//===----------------------------------------------------------------------===//

#ifndef IREE_VECTOR_EXT_PASSES
#define IREE_VECTOR_EXT_PASSES

include "mlir/Pass/PassBase.td"

def VectorExtFoldUnitExtentDims
    : Pass<"iree-vector-ext-fold-unit-extent-dims"> {
  let summary = "Drops unit dims around tensor to_layout ops";
  let description = [{
    Rewrites every `iree_vector_ext.to_layout` on a ranked tensor with static
    unit dimensions into a rank-reducing `tensor.extract_slice`, a
    `to_layout` of the reduced value with the projected layout (the
    `shared_memory_conversion` attribute is kept), a `tensor.empty` of the
    original sizes and a `tensor.insert_slice` of the reduced result into it.
    Vector `to_layout` ops are not touched. The rewrite runs to a fixed point;
    not converging fails the pass.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def LowerTransferGatherScatterToVector
    : Pass<"iree-vector-ext-lower-transfer-gather-scatter-to-vector",
           "::mlir::func::FuncOp"> {
  let summary = "Lowers transfer_gather/scatter to vector.gather/scatter";
  let description = [{
    Rewrites `iree_vector_ext.transfer_gather` into `vector.gather` (the mask
    defaults to an all-true constant, the pass-through is the broadcast
    padding) and `iree_vector_ext.transfer_scatter` into `vector.scatter`
    (with a result for tensor bases). An op is rewritten only when it has
    exactly one index vector, of vector type, every base-map result but the
    last is a constant, the last is a bare symbol, the vector is not scalable
    and (for memrefs) the innermost base dimension has unit stride. Other ops
    are left alone. The ops' own folders run as well (greedy driver).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

def LowerArgCompareToVector
    : Pass<"iree-vector-ext-lower-arg-compare-to-vector",
           "::mlir::func::FuncOp"> {
  let summary = "Lowers arg_compare to vector, scf and arith ops";
  let description = [{
    Moves the reduction dimension of every `iree_vector_ext.arg_compare` last
    (`vector.transpose` of the values and explicit indices), then, for every
    position of the parallel dimensions (fully unrolled), runs an `scf.for`
    over the reduction dimension that carries the best value and index: the
    comparator region is cloned with (candidate, best) and two `arith.select`
    ops keep the winner. Implicit indices are the induction variable (plus
    `index_base`), cast to the index element type. Ops on scalable vectors
    are left alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def UnrollTransferGatherScatter
    : Pass<"iree-vector-ext-unroll-transfer-gather-scatter",
           "::mlir::func::FuncOp"> {
  let summary = "Unrolls and simplifies indexed transfers for their lowering";
  let description = [{
    Unrolls `transfer_gather`/`transfer_scatter` ops of rank > 1 along
    dimension 0 until they have rank 1 (populateVectorTransferGatherScatter-
    LoweringPatterns), together with the ops' folders and canonicalization
    patterns: single-element index vectors and broadcast addends move into
    the offsets, all-false masks fold away, and ops without index vectors
    become `vector.transfer_read`/`vector.transfer_write`. The canonical
    forms are preferred to unrolling. Ops on scalable vectors are not
    unrolled.
  }];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::ub::UBDialect",
                           "::mlir::vector::VectorDialect"];
}

def CheckVectorExtLowered : Pass<"iree-vector-ext-check-lowered"> {
  let summary = "Reports iree_vector_ext ops that were not lowered";
  let description = [{
    Emits one error per `iree_vector_ext` op still present, naming the op
    and the reason it could not be lowered (several index vectors, a
    non-constant leading base dimension, a scalable vector, ...), and fails
    if there is any. Run it after the lowering passes so a pipeline stops
    with these diagnostics instead of an illegal-operation error later.
  }];
}

#endif // IREE_VECTOR_EXT_PASSES
