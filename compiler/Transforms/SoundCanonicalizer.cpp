//===- SoundCanonicalizer.cpp - canonicalize without unsound patterns -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

std::unique_ptr<mlir::Pass> imex::createSoundCanonicalizer() {
  llvm::SmallVector<std::string> disabled(std::begin(kUnsoundCanonicalizations),
                                          std::end(kUnsoundCanonicalizations));
  return mlir::createCanonicalizerPass(mlir::GreedyRewriteConfig(), disabled);
}
