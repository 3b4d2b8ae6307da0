//===- CorrectOpenMPIOpSymbols.cpp - Open MPI's predefined op names -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace imex {
#define GEN_PASS_DEF_CORRECTOPENMPIOPSYMBOLS
#include "imex/Conversion/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kWrongPrefix = "ompi_mpi_";
constexpr llvm::StringLiteral kRightPrefix = "ompi_mpi_op_";

/// True for the declaration of one of Open MPI's predefined operations.
bool declaresPredefinedOp(LLVM::GlobalOp global) {
  auto type = dyn_cast<LLVM::LLVMStructType>(global.getGlobalType());
  return global.getLinkage() == LLVM::Linkage::External &&
         global.getInitializerRegion().empty() && !global.getValueOrNull() &&
         type && type.isIdentified() &&
         type.getName() == "ompi_predefined_op_t";
}

struct CorrectOpenMPIOpSymbolsPass
    : imex::impl::CorrectOpenMPIOpSymbolsBase<CorrectOpenMPIOpSymbolsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (auto global :
         llvm::make_early_inc_range(module.getOps<LLVM::GlobalOp>())) {
      StringRef name = global.getSymName();
      if (!declaresPredefinedOp(global) || !name.starts_with(kWrongPrefix) ||
          name.starts_with(kRightPrefix))
        continue;
      std::string right =
          (kRightPrefix + name.drop_front(kWrongPrefix.size())).str();
      if (auto existing = symbols.lookup<LLVM::GlobalOp>(right)) {
        // Both spellings declared: uses go to the library's, the other goes.
        if (failed(SymbolTable::replaceAllSymbolUses(
                global, existing.getSymNameAttr(), module)))
          return signalPassFailure();
        global.erase();
        continue;
      }
      if (failed(symbols.rename(global, right)))
        return signalPassFailure();
    }
  }
};

} // namespace
