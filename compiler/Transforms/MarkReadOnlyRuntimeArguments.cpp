//===- MarkReadOnlyRuntimeArguments.cpp - printers only read --------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace imex {
#define GEN_PASS_DEF_MARKREADONLYRUNTIMEARGUMENTS
#include "imex/Transforms/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

struct MarkReadOnlyRuntimeArgumentsPass
    : imex::impl::MarkReadOnlyRuntimeArgumentsBase<
          MarkReadOnlyRuntimeArgumentsPass> {
  void runOnOperation() override {
    StringRef accessAttr =
        bufferization::BufferizationDialect::kBufferAccessAttrName;
    Builder builder(&getContext());
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isExternal() || !func.getName().starts_with("printMemref"))
        continue;
      for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
        if (isa<TensorType>(type) && !func.getArgAttr(index, accessAttr))
          func.setArgAttr(index, accessAttr, builder.getStringAttr("read"));
    }
  }
};

} // namespace
