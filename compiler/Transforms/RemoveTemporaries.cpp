//===- RemoveTemporaries.cpp - IMEX's imex-remove-temporaries ------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace imex {
#define GEN_PASS_DEF_REMOVETEMPORARIES
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

namespace {

struct RemoveTemporariesPass
    : imex::impl::RemoveTemporariesBase<RemoveTemporariesPass> {
  void runOnOperation() override {
    imex::elideTemporaryCopies(getOperation(), /*distinctArguments=*/true);
  }
};

} // namespace
