//===- Passes.h - conversions between dialects ----------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
namespace imex::gpux {
class GPUXDialect;
} // namespace imex::gpux

namespace mlir {
class RewritePatternSet;
class LLVMTypeConverter;
class ModuleOp;
namespace LLVM {
class LLVMDialect;
} // namespace LLVM
namespace spirv {
class SPIRVDialect;
} // namespace spirv
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
namespace scf {
class SCFDialect;
} // namespace scf
namespace vector {
class VectorDialect;
} // namespace vector
namespace cf {
class ControlFlowDialect;
} // namespace cf
namespace mpi {
class MPIDialect;
} // namespace mpi
class DLTIDialect;
} // namespace mlir

namespace imex {

#define GEN_PASS_DECL
#include "imex/Conversion/Passes.h.inc"

/// ndarray copy/delete/reshape/linspace/cast_elemtype → linalg, tensor,
/// memref and bufferization ops.
void populateNDArrayToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// Host-side gpu.alloc/dealloc/wait/memcpy/memset/launch_func in single-block
/// func.func bodies → gpux ops on the function's stream.
void populateGPUToGPUXPatterns(mlir::RewritePatternSet &patterns);

/// The twelve gpux ops → LLVM dialect calls of the imexrt runtime; also adds
/// the gpux type and !gpu.async.token conversions (→ !llvm.ptr) to
/// `converter`. Launches expect the per-kernel globals that the
/// convert-gpux-to-llvm pass creates before converting.
void populateGPUXToLLVMPatterns(mlir::LLVMTypeConverter &converter,
                                mlir::RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "imex/Conversion/Passes.h.inc"

} // namespace imex

#endif
