//===- AssertsToImexrt.cpp - failed run-time checks call the runtime ------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace imex {
#define GEN_PASS_DEF_CONVERTASSERTSTOIMEXRT
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

constexpr StringLiteral kCheckFailed = "imexrtCheckFailed";

struct ConvertAssertsToImexrtPass
    : imex::impl::ConvertAssertsToImexrtBase<ConvertAssertsToImexrtPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<cf::AssertOp> asserts;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::GPUModuleOp>(op))
        return WalkResult::skip();
      if (auto check = dyn_cast<cf::AssertOp>(op))
        asserts.push_back(check);
      return WalkResult::advance();
    });
    if (asserts.empty())
      return;

    MLIRContext *ctx = &getContext();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto calleeType =
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {ptrType});
    Operation *existing = module.lookupSymbol(kCheckFailed);
    auto callee = dyn_cast_or_null<LLVM::LLVMFuncOp>(existing);
    if (existing && (!callee || callee.getFunctionType() != calleeType)) {
      existing->emitOpError("clashes with the runtime function '")
          << kCheckFailed << "', an llvm.func of type " << calleeType;
      return signalPassFailure();
    }
    if (!callee) {
      OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
      callee = LLVM::LLVMFuncOp::create(builder, module.getLoc(), kCheckFailed,
                                        calleeType);
      // Code after a check may assume it held, and the failure path is
      // kept out of the way.
      callee->setAttr("passthrough",
                      builder.getArrayAttr({builder.getStringAttr("noreturn"),
                                            builder.getStringAttr("cold")}));
    }

    SymbolTable symbols(module);
    unsigned messageIndex = 0;
    for (cf::AssertOp check : asserts) {
      OpBuilder builder(check);
      Location loc = check.getLoc();
      Value trueValue = arith::ConstantIntOp::create(builder, loc, 1, 1);
      Value failed =
          arith::XOrIOp::create(builder, loc, check.getArg(), trueValue);
      auto ifFailed = scf::IfOp::create(builder, loc, failed);
      builder.setInsertionPoint(ifFailed.thenBlock()->getTerminator());
      std::string name;
      do
        name = "imexrt_check_message_" + std::to_string(messageIndex++);
      while (symbols.lookup(name));
      Value message = LLVM::createGlobalString(
          loc, builder, name, (check.getMsg() + Twine('\0')).str(),
          LLVM::Linkage::Internal);
      LLVM::CallOp::create(builder, loc, callee, ValueRange{message});
      check.erase();
    }
  }
};

} // namespace
