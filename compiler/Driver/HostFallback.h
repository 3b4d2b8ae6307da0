//===- HostFallback.h - host versions of GPU programs (--gpu-fallback) ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// With --gpu-fallback=host an object carries, next to its GPU code, the
// whole program compiled by the host pipeline, and each exported function
// asks the runtime at entry (imexrtUseHostFallback) whether to run its
// host version instead: when no device can run kernels, the same object
// still computes the right results.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_DRIVER_HOSTFALLBACK_H
#define IMEX_DRIVER_HOSTFALLBACK_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace imex {

/// The program's host twin, before any pipeline: a copy of `module` whose
/// public functions are renamed (their calls too) and lose their C
/// interface. `dispatched` receives the original names.
mlir::OwningOpRef<mlir::ModuleOp>
createHostTwin(mlir::ModuleOp module, std::vector<std::string> &dispatched);

/// After both pipelines (LLVM dialect): moves the twin's operations into
/// `module` (shared declarations merged, clashing definitions renamed),
/// starts each dispatched function with a call of imexrtUseHostFallback that
/// branches to its host version, and registers a static constructor calling
/// imexrtAllowHostFallback (GPU memory functions then work on host memory
/// when there is no device).
mlir::LogicalResult mergeHostTwin(mlir::ModuleOp module, mlir::ModuleOp twin,
                                  llvm::ArrayRef<std::string> dispatched);

} // namespace imex

#endif
