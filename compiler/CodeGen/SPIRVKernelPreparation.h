//===- SPIRVKernelPreparation.h - kernels made fit for SPIR-V ---*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What gpu-kernels-to-spirv-binary does to its copy of a gpu.module before
// the upstream SPIR-V conversion, for the types and ops SPIR-V (or one
// flavour of it) lacks. Private to compiler/CodeGen.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_CODEGEN_SPIRVKERNELPREPARATION_H
#define IMEX_CODEGEN_SPIRVKERNELPREPARATION_H

#include "imex/CodeGen/KernelBinary.h"

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace imex::codegen {

/// Signed and unsigned integers (si32, ui8: memref element types of IMEX's
/// programs) become signless, as the LLVM lowering makes them on the host,
/// and the reinterpreting casts between the two forms
/// (convert-ndarray-to-linalg's) vanish: the SPIR-V conversion has no
/// pattern for those casts.
void makeIntegersSignless(mlir::Operation *root);

/// Reports the bf16 reductions of `root`, which have no lowering: with bf16
/// held as i16 bits they would add bit patterns. Fails if there is one.
mlir::LogicalResult checkBF16Supported(mlir::Operation *root);

/// After bf16 arithmetic is emulated, bf16 values are only loaded, stored,
/// passed and reinterpreted: they become their i16 bits (constants
/// included), and the reinterpretations vanish.
void storeBF16AsBits(mlir::Operation *root);

/// The math ops a flavour's extended instructions lack, in terms of those
/// it has: erfc (f32: upstream's polynomial approximation; else 1 - erf),
/// cbrt, trunc, ctpop and cttz (bit arithmetic) for both; for Vulkan
/// (GLSL.std.450) atan2, and f32 erf, asin and acos as upstream's polynomial
/// approximations (Vulkan lets the instructions for asin and acos be off by
/// 4e-4, and lavapipe's are).
mlir::LogicalResult expandMathForFlavour(mlir::Operation *root,
                                         SPIRVFlavour flavour);

/// SPIR-V has no integer power: each math.ipowi (a vector one element by
/// element) becomes exponentiation by squaring in an scf.while (a negative
/// exponent gives the exact result truncated toward zero, as the host's
/// math.ipowi lowering does: 1 for a base of 1, +-1 for -1, else 0).
void expandIntegerPowers(mlir::Operation *root);

} // namespace imex::codegen

#endif
