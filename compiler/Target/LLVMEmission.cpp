//===- LLVMEmission.cpp - LLVM dialect -> LLVM IR / assembly / object -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Target/LLVMEmission.h"
#include "imex/Target/TargetInfo.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/Instrumentation/AddressSanitizer.h"

using namespace mlir;

namespace {

std::unique_ptr<llvm::TargetMachine>
createTargetMachine(ModuleOp module, const imex::NativeTargetOptions &options) {
  imex::initializeLLVMTargets();
  imex::ResolvedTarget resolved =
      imex::resolveTarget(options.triple, options.cpu, options.features);
  llvm::Triple triple(resolved.triple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) {
    module.emitError() << "unknown target triple '" << triple.str()
                       << "': " << error;
    return nullptr;
  }
  const std::string &cpu = resolved.cpu;
  const std::string &features = resolved.features;
  static const llvm::CodeGenOptLevel levels[] = {
      llvm::CodeGenOptLevel::None, llvm::CodeGenOptLevel::Less,
      llvm::CodeGenOptLevel::Default, llvm::CodeGenOptLevel::Aggressive};
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpu, features, llvm::TargetOptions(), llvm::Reloc::PIC_,
      std::nullopt, levels[std::min(options.optLevel, 3u)]));
  if (!machine)
    module.emitError() << "cannot create a target machine for '" << triple.str()
                       << "' (cpu '" << cpu << "')";
  else if (!cpu.empty() &&
           !machine->getMCSubtargetInfo()->isCPUStringValid(cpu))
    module.emitWarning() << "'" << cpu << "' is not a known CPU for '"
                         << triple.str() << "'";
  return machine;
}

/// AddressSanitizer on every function defined in `module`, after the
/// optimizations (as clang places it).
void instrumentForAddressSanitizer(llvm::Module &module,
                                   llvm::TargetMachine *machine) {
  for (llvm::Function &function : module)
    if (!function.isDeclaration())
      function.addFnAttr(llvm::Attribute::SanitizeAddress);
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder(machine);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  llvm::ModulePassManager passes;
  passes.addPass(llvm::AddressSanitizerPass(llvm::AddressSanitizerOptions()));
  passes.run(module, modules);
}

} // namespace

LogicalResult imex::emitNative(ModuleOp module, NativeOutput kind,
                               const NativeTargetOptions &options,
                               llvm::raw_pwrite_stream &os) {
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(module, options);
  if (!machine)
    return failure();

  MLIRContext *context = module.getContext();
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  context->appendDialectRegistry(registry);

  llvm::LLVMContext llvmContext;
  // LLVM's errors (a back end that cannot lower a construct) become one
  // diagnostic on the module, instead of LLVM printing and exiting.
  std::vector<std::string> backendErrors;
  llvmContext.setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo *info, void *errors) {
        if (info->getSeverity() != llvm::DS_Error)
          return;
        std::string message;
        llvm::raw_string_ostream os(message);
        llvm::DiagnosticPrinterRawOStream printer(os);
        info->print(printer);
        StringRef text = StringRef(message).trim();
        text.consume_front("<unknown>:0:0: ");
        static_cast<std::vector<std::string> *>(errors)->push_back(text.str());
      },
      &backendErrors);
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule)
    return module.emitError("cannot translate the module to LLVM IR");
  llvmModule->setTargetTriple(machine->getTargetTriple());
  llvmModule->setDataLayout(machine->createDataLayout());

  auto optimize = makeOptimizingTransformer(options.optLevel, /*sizeLevel=*/0,
                                            machine.get());
  if (llvm::Error error = optimize(llvmModule.get())) {
    std::string message = llvm::toString(std::move(error));
    return module.emitError() << "LLVM optimization failed: " << message;
  }
  if (options.sanitizeAddress)
    instrumentForAddressSanitizer(*llvmModule, machine.get());

  if (kind == NativeOutput::LLVMIR) {
    llvmModule->print(os, /*AAW=*/nullptr);
    return success();
  }
  if (kind == NativeOutput::Bitcode) {
    llvm::WriteBitcodeToFile(*llvmModule, os);
    return success();
  }
  llvm::legacy::PassManager codegen;
  auto fileType = kind == NativeOutput::Object
                      ? llvm::CodeGenFileType::ObjectFile
                      : llvm::CodeGenFileType::AssemblyFile;
  if (machine->addPassesToEmitFile(codegen, os, nullptr, fileType))
    return module.emitError("the target cannot emit this kind of file");
  codegen.run(*llvmModule);
  if (!backendErrors.empty()) {
    InFlightDiagnostic diag = module.emitError()
                              << "code generation for '"
                              << machine->getTargetTriple().str()
                              << "' failed: " << backendErrors.front();
    if (backendErrors.size() > 1)
      diag << " (and " << backendErrors.size() - 1 << " more errors)";
    return diag;
  }
  return success();
}
