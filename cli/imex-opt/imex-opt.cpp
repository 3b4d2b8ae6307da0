//===- imex-opt.cpp - mlir-opt with the imex dialects and passes ----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "InitImex.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/thread.h"

int main(int argc, char **argv) {
  imex::registerAllPassesAndPipelines();
  mlir::DialectRegistry registry;
  imex::registerAllDialectsAndExtensions(registry);
  // On a thread with a large stack, as imexc: the parser and many passes
  // recurse once per nesting level of the input.
  constexpr unsigned kStackBytes = 1u << 30; // reserved, used as touched
  int status = 1;
  llvm::thread worker(std::optional<unsigned>(kStackBytes), [&] {
    status = mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, "imex optimizer driver\n", registry));
  });
  worker.join();
  return status;
}
