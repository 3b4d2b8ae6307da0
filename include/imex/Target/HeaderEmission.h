//===- HeaderEmission.h - C/C++ header for exported functions -------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_TARGET_HEADEREMISSION_H
#define IMEX_TARGET_HEADEREMISSION_H

#include "mlir/Support/LLVM.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace imex {

/// What the compilation does with exported functions, which their
/// comments in the header say.
struct HeaderOptions {
  /// --offload=gpu: every function with arrays says which memory it takes.
  bool offloadAll = false;
  /// --distributed-arrays=root: distributed functions take whole arrays on
  /// rank 0.
  bool wholeArraysOnRoot = false;
};

/// Writes a C/C++ header declaring the C-interface entry point
/// (`_mlir_ciface_<name>`) of every public function defined in `module`,
/// with memref descriptor structs for tensor and memref arguments and
/// results. `guard` names the include guard. Fails with a diagnostic on a
/// function whose signature has no C equivalent.
mlir::LogicalResult emitCHeader(mlir::ModuleOp module, llvm::StringRef guard,
                                const HeaderOptions &options,
                                llvm::raw_ostream &os);

} // namespace imex

#endif
