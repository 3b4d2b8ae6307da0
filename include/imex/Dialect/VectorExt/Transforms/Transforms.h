//===- Transforms.h - iree_vector_ext rewrite patterns ----------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pattern sets behind the iree_vector_ext passes, for reuse by other
// passes and pipelines, and the checks that say why an op cannot be lowered.
//
//===----------------------------------------------------------------------===//
#ifndef IREE_VECTOR_EXT_TRANSFORMS_TRANSFORMS_H
#define IREE_VECTOR_EXT_TRANSFORMS_TRANSFORMS_H

#include "imex/Dialect/VectorExt/IR/VectorExt.h"

#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::iree_compiler::IREE::VectorExt {

/// Drops the static unit dims of tensor `to_layout` ops through a
/// rank-reducing extract_slice / insert_slice pair and a projected layout.
void populateVectorExtFoldUnitExtentDimsPatterns(RewritePatternSet &patterns);

/// Unrolls `transfer_gather` / `transfer_scatter` ops of rank > 1 along
/// dimension 0, one dimension per application, until they have rank 1:
/// dimension 0 is dropped from the maps, index vectors and the mask are
/// sliced where they use it, the offsets of base dimensions walked by `d0`
/// get `+ i`; gathers are reassembled from `ub.poison` with
/// `vector.insert_strided_slice`, scatters chain their tensor results.
/// Ops on scalable vectors are left alone.
void populateVectorTransferGatherScatterLoweringPatterns(
    RewritePatternSet &patterns, PatternBenefit benefit = 1);

/// Rewrites eligible `transfer_gather` / `transfer_scatter` ops into
/// `vector.gather` / `vector.scatter` (see canLowerToVectorGatherScatter).
void populateLowerTransferGatherScatterToVectorPatterns(
    RewritePatternSet &patterns);

/// Rewrites `arg_compare` ops on fixed-size vectors into vector + scf.for +
/// arith.select code.
void populateLowerArgCompareToVectorPatterns(RewritePatternSet &patterns);

/// Whether `op` is in the form populateLowerTransferGatherScatterToVector-
/// Patterns rewrites: exactly one index vector, of vector type; a base of
/// rank >= 1 with one offset and one base-map result per dimension; base-map
/// results that are constants except the last, a bare symbol; a vector that
/// is neither 0-d nor scalable; index-vector and mask maps without repeated
/// dims; for a memref base, a unit-stride innermost dimension. On failure,
/// `reason` (if given) says which condition does not hold.
LogicalResult canLowerToVectorGatherScatter(IndexedVectorOpInterface op,
                                            std::string *reason = nullptr);

/// Why the `vector-ext` pipeline left `op` (an iree_vector_ext op) in the IR:
/// a sentence that names the blocking property of the op.
std::string explainUnloweredVectorExtOp(Operation *op);

} // namespace mlir::iree_compiler::IREE::VectorExt

#endif
