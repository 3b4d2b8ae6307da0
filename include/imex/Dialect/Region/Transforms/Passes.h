//===- Passes.h - region dialect transforms -------------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_REGION_TRANSFORMS_PASSES_H
#define IMEX_REGION_TRANSFORMS_PASSES_H

#include "imex/Dialect/Region/IR/Region.h"

#include "mlir/Pass/Pass.h"

namespace imex::region {

#define GEN_PASS_DECL
#include "imex/Dialect/Region/Transforms/Passes.h.inc"

/// Patterns that inline every env_region into its parent.
void populateDropRegionsPatterns(mlir::RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "imex/Dialect/Region/Transforms/Passes.h.inc"

} // namespace imex::region

#endif
