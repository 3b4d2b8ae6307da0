//===- Passes.h - cross-dialect transforms --------------------------------===//
#ifndef IMEX_TRANSFORMS_PASSES_H
#define IMEX_TRANSFORMS_PASSES_H

#include "region/IR/Region.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
} // namespace arith
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
} // namespace mlir

namespace imex {

#define GEN_PASS_DECL
#include "Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Transforms/Passes.h.inc"

} // namespace imex

#endif
