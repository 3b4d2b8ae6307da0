//===- Passes.h - cross-dialect transforms --------------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_TRANSFORMS_PASSES_H
#define IMEX_TRANSFORMS_PASSES_H

#include "imex/Dialect/Region/IR/Region.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
} // namespace arith
namespace math {
class MathDialect;
} // namespace math
namespace memref {
class MemRefDialect;
} // namespace memref
namespace linalg {
class LinalgDialect;
} // namespace linalg
namespace scf {
class SCFDialect;
} // namespace scf
namespace tensor {
class TensorDialect;
} // namespace tensor
namespace vector {
class VectorDialect;
} // namespace vector
namespace affine {
class AffineDialect;
} // namespace affine
namespace func {
class FuncOp;
} // namespace func
class RewriterBase;
class RewritePatternSet;
} // namespace mlir

namespace mlir::linalg {
class GenericOp;
class LinalgOp;
} // namespace mlir::linalg

namespace imex {

#define GEN_PASS_DECL
#include "imex/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "imex/Transforms/Passes.h.inc"

/// Promotes the memory slots (nda.var, memref.alloca, llvm.alloca, ...) in
/// the regions of `scope` to SSA values, also through region control flow,
/// as the mem2reg pass does with region simplification; for code that is
/// not a pass (the .nda frontend). Returns whether anything changed.
bool promoteMemorySlots(mlir::Operation *scope);

/// Bytes per element of `type` (an index takes 8, an integer or float its
/// width rounded up to bytes, a vector of static shape its elements'), or 0
/// for other types.
uint64_t getElementBytes(mlir::Type type);

/// offset + sum(indices[k] * strides[k]): where the element at `indices` of
/// a strided memref lies in its whole buffer, from the memref's offset and
/// strides (memref.extract_strided_metadata).
mlir::Value buildLinearIndex(mlir::OpBuilder &builder, mlir::Location loc,
                             mlir::Value offset, mlir::ValueRange indices,
                             mlir::ValueRange strides);

/// How many elements from the start of its buffer a strided memref reaches:
/// offset + sum((sizes[k] - 1) * max(strides[k], 0)) + 1 (a negative stride
/// runs from the offset down), and 0 for a memref without elements.
mlir::Value buildLayoutExtent(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::Value offset, mlir::ValueRange sizes,
                              mlir::ValueRange strides);

/// The for-results-to-while pass's pattern.
void populateForResultsToWhilePatterns(mlir::RewritePatternSet &patterns);

/// The exact-float-min-max pass's patterns.
void populateExactFloatMinMaxPatterns(mlir::RewritePatternSet &patterns);

/// memref.load/store through negative or dynamic strides at an explicit
/// linear index of the flat buffer (the linearize-signed-strides pass).
void populateLinearizeSignedStridesPatterns(mlir::RewritePatternSet &patterns);

/// Lets each linalg op in `scope` that computes a temporary buffer only to
/// copy it elsewhere write the copy's target instead, and removes the
/// temporary, its copy and its deallocations, where that is provably the
/// same (elide-temporary-copies). With `distinctArguments`, different
/// function arguments are taken not to overlap, as IMEX's
/// imex-remove-temporaries assumes.
void elideTemporaryCopies(mlir::Operation *scope, bool distinctArguments);

/// True if an operand of `op` has a static dimension of size 0: tiling and
/// fusion of such ops fail upstream, and there is nothing to compute.
bool hasEmptyDimension(mlir::linalg::LinalgOp op);

/// "file:line:col: " of `loc` (empty without a file location): how the
/// message of a run-time check (cf.assert) starts, since the program that
/// prints it has no other way to say where the check came from.
std::string runTimeCheckPrefix(mlir::Location loc);

/// The unit attribute vectorize-gpu-parallel-loops and
/// convert-region-reductions-to-gpu put on the vector loads and stores they
/// make (GpuVectorAccess.h): each runs only where the linear index of its
/// first element is a multiple of the vector's length, which
/// linearize-launch-memrefs then writes into the index it computes.
constexpr llvm::StringLiteral kAlignedVectorAttr = "imexc.aligned_vector";

/// The unit attribute isolate-updated-arrays puts on calls whose callee may
/// update an array argument in place.
constexpr llvm::StringLiteral kUpdatesArgumentsAttr = "imexc.updates_arguments";

/// The function attribute that makes add-gpu-regions offload the
/// function's linalg ops to a GPU: a device name, or the whole
/// `#region.gpu_env` (with its workgroup size).
constexpr llvm::StringLiteral kOffloadDeviceAttr = "imexc.offload_device";

/// Upstream canonicalization patterns that miscompile imexc's programs,
/// by their debug names, for the canonicalizations imexc runs to leave
/// out. scf.for's folding of a tensor.cast into its iteration arguments
/// fixes a loop-carried array at its size before the loop, even where the
/// loop grows or shrinks it (`c = concatenate((c, d))` in a loop).
llvm::SmallVector<std::string> unsoundCanonicalizations();

/// A canonicalizer without unsoundCanonicalizations().
std::unique_ptr<mlir::Pass> createSoundCanonicalizer();

/// True if an op of `func` updates a tensor in place (ndarray.insert_slice
/// declares a write, a call is marked kUpdatesArgumentsAttr): the
/// function's tensors then have reference semantics, and fusing,
/// recomputing or moving a producer or a read could lose the update.
bool writesTensorsInPlace(mlir::func::FuncOp func);

/// Named ops other than contractions and convolutions become generics
/// (contractions keep the form the vectorizer turns into vector.contract;
/// a generalized fill runs as its own loop, which measured faster on the
/// host than fusing it into contraction tiles as their destination), and
/// elementwise producers with one use are fused into their consumers: one
/// loop nest per chain. Producers that read their outputs or have an empty
/// dimension stay.
void fuseElementwiseOps(mlir::func::FuncOp func);

/// Puts `op`'s loops in `order` (order[i] = the old loop that becomes loop
/// i), as a linalg.generic: named ops are generalized first. Fails, leaving
/// `op` as it is, for a named op without a region builder.
mlir::FailureOr<mlir::linalg::GenericOp>
interchangeLinalgLoops(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op,
                       llvm::ArrayRef<unsigned> order);

} // namespace imex

#endif
