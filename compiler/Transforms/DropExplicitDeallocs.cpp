//===- DropExplicitDeallocs.cpp - leave freeing to buffer deallocation ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace imex {
#define GEN_PASS_DEF_DROPEXPLICITDEALLOCS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

struct DropExplicitDeallocsPass
    : imex::impl::DropExplicitDeallocsBase<DropExplicitDeallocsPass> {
  void runOnOperation() override {
    getOperation()->walk([](memref::DeallocOp dealloc) { dealloc.erase(); });
  }
};

} // namespace
