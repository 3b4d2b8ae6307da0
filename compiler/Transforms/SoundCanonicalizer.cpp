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

llvm::SmallVector<std::string> imex::unsoundCanonicalizations() {
  return {"(anonymous namespace)::ForOpTensorCastFolder"};
}

std::unique_ptr<mlir::Pass> imex::createSoundCanonicalizer() {
  return mlir::createCanonicalizerPass(mlir::GreedyRewriteConfig(),
                                       unsoundCanonicalizations());
}
