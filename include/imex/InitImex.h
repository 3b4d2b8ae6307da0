//===- InitImex.h - register everything imexc provides --------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One place that knows the full set of imex dialects, external models and
// passes, so imex-opt and imexc register exactly the same things, and run
// the same way.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_INITIMEX_H
#define IMEX_INITIMEX_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace imex {
/// Our dialects plus their external interface models.
void registerImexDialects(mlir::DialectRegistry &registry);
/// Every upstream dialect and extension plus ours.
void registerAllDialectsAndExtensions(mlir::DialectRegistry &registry);
/// Every upstream pass plus ours and our named pipelines.
void registerAllPassesAndPipelines();
/// MLIR's command-line options the driver reads (IR printing, pass manager,
/// timing, context): a program that calls imex::compile registers them
/// first, whether or not it parses them.
void registerMLIROptions();
/// Runs `body` on a thread with a large stack (1 GiB, reserved and used as
/// touched), as clang does, and returns its result: MLIR's parser and many
/// passes recurse once per nesting level of the input, and deeply nested
/// programs would overflow the main thread's 8 MiB.
int runWithLargeStack(llvm::function_ref<int()> body);
} // namespace imex

#endif
