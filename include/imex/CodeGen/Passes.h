//===- Passes.h - GPU kernel code generation --------------------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Declarations only: the SPIR-V dialect headers stay in the two pass
// translation units.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_CODEGEN_PASSES_H
#define IMEX_CODEGEN_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
} // namespace arith
namespace func {
class FuncDialect;
} // namespace func
namespace gpu {
class GPUDialect;
} // namespace gpu
namespace spirv {
class SPIRVDialect;
} // namespace spirv
namespace vector {
class VectorDialect;
} // namespace vector
} // namespace mlir

namespace imex {

#define GEN_PASS_DECL
#include "imex/CodeGen/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "imex/CodeGen/Passes.h.inc"

} // namespace imex

#endif
