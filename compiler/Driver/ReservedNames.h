//===- ReservedNames.h - Names a program may not define -------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef IMEX_DRIVER_RESERVEDNAMES_H
#define IMEX_DRIVER_RESERVEDNAMES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace imex {

/// True if generated code may call a function of this name (the C library,
/// libm, OpenMP, the imexrt runtime): a program that defined one would
/// replace it, and the pipeline's own calls would reach the program's.
bool isReservedFunctionName(llvm::StringRef name);

/// An error at each function the module defines under a reserved name.
mlir::LogicalResult checkReservedNames(mlir::ModuleOp module);

} // namespace imex

#endif // IMEX_DRIVER_RESERVEDNAMES_H
