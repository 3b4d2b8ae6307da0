//===- LLVMEmission.h - LLVM dialect -> LLVM IR / assembly / object -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_TARGET_LLVMEMISSION_H
#define IMEX_TARGET_LLVMEMISSION_H

#include "mlir/Support/LLVM.h"
#include <string>

namespace llvm {
class raw_pwrite_stream;
} // namespace llvm

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace imex {

enum class NativeOutput { LLVMIR, Bitcode, Assembly, Object };

struct NativeTargetOptions {
  std::string triple;   ///< empty: the host
  std::string cpu;      ///< empty: generic for the triple, "native": the host
  std::string features; ///< --mattr: "+avx2,-avx512f", after the CPU's own
  unsigned optLevel = 2;
  /// Instrument every function with AddressSanitizer (--sanitize=address).
  bool sanitizeAddress = false;
};

/// Translates `module` (LLVM dialect only) to LLVM IR, optimizes it at
/// `options.optLevel` for the target and writes IR text, assembly or an
/// object file to `os`. Errors are reported as diagnostics on `module`.
mlir::LogicalResult emitNative(mlir::ModuleOp module, NativeOutput kind,
                               const NativeTargetOptions &options,
                               llvm::raw_pwrite_stream &os);

} // namespace imex

#endif
