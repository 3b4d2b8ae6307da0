//===- Passes.h - conversions between dialects ----------------------------===//
//
// Declarations only: each pass lives in its own .cpp so that heavy dialect
// headers (GPU, LLVM, SPIR-V) stay in the translation units that need them.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_CONVERSION_PASSES_H
#define IMEX_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace imex::region {
class RegionDialect;
} // namespace imex::region

namespace mlir {
class RewritePatternSet;
namespace arith {
class ArithDialect;
} // namespace arith
namespace bufferization {
class BufferizationDialect;
} // namespace bufferization
namespace linalg {
class LinalgDialect;
} // namespace linalg
namespace tensor {
class TensorDialect;
} // namespace tensor
namespace affine {
class AffineDialect;
} // namespace affine
namespace func {
class FuncOp;
} // namespace func
namespace gpu {
class GPUDialect;
} // namespace gpu
namespace memref {
class MemRefDialect;
} // namespace memref
} // namespace mlir

namespace imex {

#define GEN_PASS_DECL
#include "Conversion/Passes.h.inc"

/// ndarray copy/delete/reshape/linspace/cast_elemtype → linalg, tensor,
/// memref and bufferization ops.
void populateNDArrayToLinalgPatterns(mlir::RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "Conversion/Passes.h.inc"

} // namespace imex

#endif
