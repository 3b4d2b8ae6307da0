//===- HostFallback.cpp - host versions of GPU programs (--gpu-fallback) --===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "HostFallback.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kHostSuffix = "__imexc_host";

std::string hostName(StringRef name) { return (name + kHostSuffix).str(); }

/// A declaration (no body) of a function or global.
bool isDeclaration(Operation *op) {
  if (auto fn = dyn_cast<LLVM::LLVMFuncOp>(op))
    return fn.isExternal();
  return false;
}

/// The function of `module` that tells `name`, declared if needed.
LLVM::LLVMFuncOp runtimeFunction(ModuleOp module, StringRef name, Type result) {
  if (auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return fn;
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  return LLVM::LLVMFuncOp::create(builder, module.getLoc(), name,
                                  LLVM::LLVMFunctionType::get(result, {}));
}

/// `fn` first asks the runtime, and runs `host` (same signature) when told.
LogicalResult addDispatch(LLVM::LLVMFuncOp fn, LLVM::LLVMFuncOp host,
                          LLVM::LLVMFuncOp useHostFallback) {
  if (fn.getFunctionType() != host.getFunctionType())
    return fn.emitError() << "--gpu-fallback=host: the host version of '"
                          << fn.getSymName() << "' has another signature ("
                          << host.getFunctionType() << ")";
  Location loc = fn.getLoc();
  Block *original = &fn.getBody().front();
  auto *entry = new Block;
  auto *fallback = new Block;
  fn.getBody().getBlocks().push_front(fallback);
  fn.getBody().getBlocks().push_front(entry);
  for (BlockArgument arg : original->getArguments())
    entry->addArgument(arg.getType(), arg.getLoc());

  OpBuilder builder = OpBuilder::atBlockBegin(entry);
  Value flag = LLVM::CallOp::create(builder, loc, useHostFallback, ValueRange{})
                   .getResult();
  Value zero = LLVM::ConstantOp::create(builder, loc, flag.getType(), 0);
  Value useHost =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne, flag, zero);
  LLVM::CondBrOp::create(builder, loc, useHost, fallback, ValueRange{},
                         original, entry->getArguments());

  builder.setInsertionPointToStart(fallback);
  auto call = LLVM::CallOp::create(builder, loc, host, entry->getArguments());
  LLVM::ReturnOp::create(builder, loc, call.getResults());
  return success();
}

} // namespace

OwningOpRef<ModuleOp>
imex::createHostTwin(ModuleOp module, std::vector<std::string> &dispatched) {
  OwningOpRef<ModuleOp> twin = module.clone();
  SmallVector<func::FuncOp> publicFunctions;
  for (auto fn : twin->getOps<func::FuncOp>())
    if (fn.isPublic() && !fn.isExternal())
      publicFunctions.push_back(fn);
  for (func::FuncOp fn : publicFunctions) {
    std::string name = fn.getSymName().str();
    StringAttr renamed = StringAttr::get(module.getContext(), hostName(name));
    if (failed(SymbolTable::replaceAllSymbolUses(fn, renamed, *twin)))
      continue;
    fn.setSymName(renamed);
    fn->removeAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName());
    dispatched.push_back(name);
  }
  return twin;
}

LogicalResult imex::mergeHostTwin(ModuleOp module, ModuleOp twin,
                                  ArrayRef<std::string> dispatched) {
  SymbolTable symbols(module);
  // Runtime and library declarations are shared; other symbols that clash
  // (helpers both pipelines created) get a new name first, while all their
  // uses are still in the twin.
  for (Operation &op : *twin.getBody()) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    Operation *existing =
        symbol ? symbols.lookup(symbol.getNameAttr()) : nullptr;
    if (!existing)
      continue;
    if (isDeclaration(&op) && isa<LLVM::LLVMFuncOp>(existing)) {
      if (cast<LLVM::LLVMFuncOp>(existing).getFunctionType() !=
          cast<LLVM::LLVMFuncOp>(op).getFunctionType())
        return op.emitError() << "--gpu-fallback=host: '" << symbol.getName()
                              << "' is declared with two signatures";
      continue;
    }
    std::string fresh = hostName(symbol.getName());
    for (unsigned i = 0;
         symbols.lookup(fresh) || SymbolTable::lookupSymbolIn(twin, fresh); ++i)
      fresh = hostName(symbol.getName()) + std::to_string(i);
    if (failed(SymbolTable::replaceAllSymbolUses(
            &op, StringAttr::get(module.getContext(), fresh), twin)))
      return op.emitError("--gpu-fallback=host: cannot rename '")
             << symbol.getName() << "'";
    symbol.setName(fresh);
  }
  for (Operation &op : llvm::make_early_inc_range(*twin.getBody())) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    if (symbol && symbols.lookup(symbol.getNameAttr())) {
      op.erase(); // a shared declaration
      continue;
    }
    op.moveBefore(module.getBody(), module.getBody()->end());
    if (symbol)
      symbols.insert(&op);
  }

  // Every exported function asks the runtime first.
  Type i32 = IntegerType::get(module.getContext(), 32);
  LLVM::LLVMFuncOp useHostFallback =
      runtimeFunction(module, "imexrtUseHostFallback", i32);
  for (const std::string &name : dispatched) {
    auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
    auto host = module.lookupSymbol<LLVM::LLVMFuncOp>(hostName(name));
    if (!fn || fn.isExternal() || !host)
      continue;
    host.setLinkage(LLVM::Linkage::Internal);
    if (failed(addDispatch(fn, host, useHostFallback)))
      return failure();
  }

  // A static constructor tells the runtime that this object may run its
  // host versions, before the program calls anything.
  Location loc = module.getLoc();
  Type voidType = LLVM::LLVMVoidType::get(module.getContext());
  LLVM::LLVMFuncOp allow =
      runtimeFunction(module, "imexrtAllowHostFallback", voidType);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto constructor = LLVM::LLVMFuncOp::create(
      builder, loc, "imexc_allow_host_fallback",
      LLVM::LLVMFunctionType::get(voidType, {}), LLVM::Linkage::Internal);
  builder.setInsertionPointToStart(constructor.addEntryBlock(builder));
  LLVM::CallOp::create(builder, loc, allow, ValueRange{});
  LLVM::ReturnOp::create(builder, loc, ValueRange{});
  builder.setInsertionPointToEnd(module.getBody());
  LLVM::GlobalCtorsOp::create(
      builder, loc,
      builder.getArrayAttr(
          FlatSymbolRefAttr::get(constructor.getSymNameAttr())),
      builder.getI32ArrayAttr({65535}),
      builder.getArrayAttr(LLVM::ZeroAttr::get(module.getContext())));
  return success();
}
