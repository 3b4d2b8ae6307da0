//===- Driver.cpp - the imexc compilation flow ----------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Driver/Driver.h"
#include "imex/Transforms/Passes.h"

#include "HostFallback.h"
#include "InputLimits.h"
#include "KernelBinary.h" // the runtime's container reader
#include "OutputFiles.h"
#include "ReservedNames.h"
#include "imex/Dialect/NDArray/IR/NDArray.h"
#include "imex/Frontend/Frontend.h"
#include "imex/InitImex.h"
#include "imex/Pipelines/Pipelines.h"
#include "imex/Support/DialectUse.h"
#include "imex/Target/HeaderEmission.h"
#include "imex/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace imex {
namespace {

/// The named pipelines' options as the command line sets them: -O, the
/// target, the GPU runtime, then --pipeline-options, which may override any
/// of them.
LogicalResult configurePipeline(const CompileOptions &options,
                                StringRef spirvDumpDir,
                                PipelineOptions &pipelineOptions) {
  pipelineOptions.optLevel = options.target.optLevel;
  pipelineOptions.targetTriple = options.target.triple;
  pipelineOptions.cpu = options.target.cpu;
  pipelineOptions.features = options.target.features;
  pipelineOptions.gpuRuntime = options.gpuRuntime;
  pipelineOptions.offload =
      options.offload == "gpu" ? Offload::Gpu : Offload::None;
  pipelineOptions.mpi = options.mpi;
  pipelineOptions.distributedArrays = options.distributedArrays == "root"
                                          ? DistributedArrays::Root
                                          : DistributedArrays::Local;
  pipelineOptions.spirvDumpDir = spirvDumpDir.str();
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (succeeded(pipelineOptions.parseFromString(options.pipelineOptions,
                                                errorStream)))
    return success();
  errorLine() << "invalid --pipeline-options '" << options.pipelineOptions
              << "': " << errors << "\n";
  return failure();
}

StringRef extensionFor(EmitKind kind) {
  switch (kind) {
  case EmitKind::Object:
    return ".o";
  case EmitKind::Assembly:
    return ".s";
  case EmitKind::LLVMIR:
    return ".ll";
  case EmitKind::Bitcode:
    return ".bc";
  case EmitKind::MLIR:
    return ".mlir";
  case EmitKind::SPIRV:
    return ".spv";
  case EmitKind::Executable:
    return "";
  }
  llvm_unreachable("unknown emit kind");
}

/// True if the program places work or data on a GPU: the default pipeline
/// then has to produce kernels.
bool usesGpu(ModuleOp module) {
  bool found = false;
  module.walk([&](Operation *op) {
    auto gpuTyped = [](Type type) { return ndarray::hasGPUEnv(type); };
    if (isa<gpu::GPUModuleOp, gpu::LaunchOp, gpu::LaunchFuncOp>(op) ||
        op->hasAttr(imex::kOffloadDeviceAttr) ||
        llvm::any_of(op->getResultTypes(), gpuTyped) ||
        llvm::any_of(op->getOperandTypes(), gpuTyped)) {
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// Exported (public, defined) functions get a C-interface wrapper
/// `_mlir_ciface_<name>` that takes memref descriptors by pointer; private
/// ones stay inside the object (internal linkage).
void setFunctionLinkage(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  ctx->getOrLoadDialect<LLVM::LLVMDialect>();
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    if (func.isPublic())
      func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                    UnitAttr::get(ctx));
    else
      func->setAttr("llvm.linkage",
                    LLVM::LinkageAttr::get(ctx, LLVM::Linkage::Internal));
  }
}

/// The names the object exports: the input's public function definitions
/// and their C-interface wrappers.
llvm::StringSet<> collectExportedNames(ModuleOp module) {
  llvm::StringSet<> names;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal() || !func.isPublic())
      continue;
    names.insert(func.getSymName());
    names.insert(("_mlir_ciface_" + func.getSymName()).str());
  }
  return names;
}

/// Functions the pipeline added (e.g. bufferization's `dealloc_helper`)
/// get internal linkage, so that two objects from imexc link together.
void internalizeAddedFunctions(ModuleOp module,
                               const llvm::StringSet<> &exported) {
  for (auto func : module.getOps<LLVM::LLVMFuncOp>())
    if (!func.isExternal() && !exported.contains(func.getSymName()))
      func.setLinkage(LLVM::Linkage::Internal);
}

/// An executable's entry: `func.func @main()`, or one returning the exit
/// status as i32 (C's `int main(void)`). Anything else would be called with
/// C's arguments and crash.
LogicalResult checkProgramEntry(ModuleOp module) {
  Operation *entry = module.lookupSymbol("main");
  if (!entry) {
    errorLine() << "--emit=exe needs a program: a 'func.func @main()' "
                   "(in .nda, a 'def main():')\n";
    return failure();
  }
  MLIRContext *ctx = module.getContext();
  auto main = dyn_cast<func::FuncOp>(entry);
  if (main && !main.isExternal() &&
      (main.getFunctionType() == FunctionType::get(ctx, {}, {}) ||
       main.getFunctionType() ==
           FunctionType::get(ctx, {}, {IntegerType::get(ctx, 32)})))
    return success();
  InFlightDiagnostic diag =
      entry->emitError("--emit=exe: 'main' must be 'func.func @main()' or "
                       "'func.func @main() -> i32' with a body");
  if (main)
    diag << "; it has type " << main.getFunctionType();
  return failure();
}

/// For an executable, a `func.func @main()` becomes the program: it is
/// renamed and called from a C `int main(void)` that returns 0.
void wrapProgramEntry(ModuleOp module) {
  auto userMain = module.lookupSymbol<func::FuncOp>("main");
  if (!userMain || userMain.isExternal() ||
      userMain.getFunctionType() !=
          FunctionType::get(module.getContext(), {}, {}))
    return;
  constexpr StringLiteral kRenamed = "imexc_program_main";
  if (failed(SymbolTable::replaceAllSymbolUses(
          userMain, StringAttr::get(module.getContext(), kRenamed), module)))
    return;
  userMain.setSymName(kRenamed);
  userMain->removeAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName());

  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  Location loc = userMain.getLoc();
  auto i32 = builder.getI32Type();
  auto entry = func::FuncOp::create(builder, loc, "main",
                                    builder.getFunctionType({}, {i32}));
  builder.setInsertionPointToStart(entry.addEntryBlock());
  func::CallOp::create(builder, loc, userMain);
  Value zero = arith::ConstantIntOp::create(builder, loc, 0, 32);
  func::ReturnOp::create(builder, loc, zero);
}

/// Writes one file on its own (see OutputFiles).
LogicalResult writeFile(StringRef path, StringRef contents) {
  OutputFiles files;
  files.add(path, contents.str());
  return success(files.commit());
}

/// True if `path` is a regular file that holds `contents`: left untouched,
/// so that build systems do not rebuild what includes it.
bool holds(StringRef path, StringRef contents) {
  if (path == "-" || !llvm::sys::fs::is_regular_file(path))
    return false;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> existing =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  return existing && (*existing)->getBuffer() == contents;
}

/// Keeps every kernel container (a gpu.module's gpu.binary) as kernel
/// serialization leaves it, before later passes embed it in host code.
class KernelBinaryCollector : public PassInstrumentation {
public:
  explicit KernelBinaryCollector(std::vector<std::string> &containers)
      : containers(containers) {}

  void runAfterPass(Pass *pass, Operation *op) override {
    if (pass->getArgument() != "gpu-kernels-to-spirv-binary")
      return;
    op->walk([&](gpu::GPUModuleOp module) {
      if (auto binary = module->getAttrOfType<StringAttr>("gpu.binary"))
        containers.push_back(binary.str());
    });
  }

private:
  std::vector<std::string> &containers;
};

class Compilation {
public:
  explicit Compilation(const CompileOptions &options)
      : options(options),
        outputPath(options.output.empty() ? defaultOutputPath(options)
                                          : options.output) {
    DialectRegistry registry;
    registerAllDialectsAndExtensions(registry);
    context.appendDialectRegistry(registry);
  }

  LogicalResult run() {
    if (failed(checkOutputsAreDistinct()))
      return failure();
    SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
    ScopedDiagnosticHandler driverDiagnostics(
        &context, [&](Diagnostic &diag) { return report(diag, diagnostics); });
    OwningOpRef<ModuleOp> module = parseInput();
    if (!module || failed(checkNestingDepth(*module)) ||
        failed(checkDimensionIndices(*module)) ||
        failed(checkReservedNames(*module)))
      return failure();
    if (options.headerPath && failed(prepareHeader(*module)))
      return failure();
    setFunctionLinkage(*module);
    if (options.emit == EmitKind::Executable) {
      if (failed(checkProgramEntry(*module)))
        return failure();
      wrapProgramEntry(*module);
    }
    llvm::StringSet<> exported = collectExportedNames(*module);
    if (options.dryRun)
      return describe(*module);
    // --gpu-fallback=host: the host twin goes through the host pipeline.
    OwningOpRef<ModuleOp> hostTwin;
    std::vector<std::string> dispatched;
    if (options.gpuFallback == "host" && pipelineName(*module) == "gpu")
      hostTwin = createHostTwin(*module, dispatched);
    if (failed(runPipeline(*module)) || promotedWarnings)
      return failure();
    if (hostTwin) {
      PassManager pm(&context, ModuleOp::getOperationName());
      if (failed(addNamedPipeline("host", pm)) || failed(pm.run(*hostTwin)) ||
          failed(mergeHostTwin(*module, *hostTwin, dispatched)))
        return failure();
    }
    internalizeAddedFunctions(*module, exported);
    // Every output of the compilation is written, or none.
    OutputFiles outputs;
    if (failed(produceOutput(*module, outputs)))
      return failure();
    if (options.headerPath && !holds(headerPath(), headerText))
      outputs.add(headerPath(), headerText);
    if (!options.dependencyFile.empty())
      outputs.add(options.dependencyFile, dependencyRule());
    return success(outputs.commit());
  }

  StringRef output() const { return outputPath; }

private:
  /// Diagnostics without a line (located at the module, line 0, or
  /// unknown) read "imexc: error: ..."; with -Werror warnings are errors.
  /// Everything else goes on to the source manager's handler (file:line:col
  /// and the source line).
  LogicalResult report(Diagnostic &diag,
                       SourceMgrDiagnosticHandler &sourceDiagnostics) {
    DiagnosticSeverity severity = diag.getSeverity();
    bool promote =
        options.warningsAsErrors && severity == DiagnosticSeverity::Warning;
    if (promote) {
      promotedWarnings = true;
      severity = DiagnosticSeverity::Error;
    }
    auto fileLoc = dyn_cast<FileLineColLoc>(diag.getLocation());
    bool hasLine = fileLoc && fileLoc.getLine() != 0;
    if (hasLine && !promote)
      return failure();
    std::string message = diag.str() + (promote ? " [-Werror]" : "");
    if (hasLine) {
      sourceDiagnostics.emitDiagnostic(diag.getLocation(), message, severity);
    } else {
      llvm::raw_ostream &os =
          severity == DiagnosticSeverity::Error ? errorLine()
          : severity == DiagnosticSeverity::Warning
              ? llvm::WithColor::warning(llvm::errs(), "imexc")
              : llvm::WithColor::note(llvm::errs(), "imexc");
      os << message << "\n";
    }
    for (Diagnostic &note : diag.getNotes())
      sourceDiagnostics.emitDiagnostic(note.getLocation(), note.str(),
                                       DiagnosticSeverity::Note);
    return success();
  }

  /// No output may overwrite the input or another output: a slip such as
  /// `-o x.mlir` or `--emit-header=x.o` would destroy a file. Paths are
  /// compared as files (links count) when they exist, else as absolute
  /// paths.
  LogicalResult checkOutputsAreDistinct() {
    auto samePath = [](StringRef a, StringRef b) {
      bool equal = false;
      if (!llvm::sys::fs::equivalent(a, b, equal))
        return equal;
      SmallString<256> x(a), y(b);
      llvm::sys::fs::make_absolute(x);
      llvm::sys::fs::make_absolute(y);
      llvm::sys::path::remove_dots(x, /*remove_dot_dot=*/true);
      llvm::sys::path::remove_dots(y, /*remove_dot_dot=*/true);
      return x == y;
    };
    SmallVector<std::pair<std::string, StringRef>> files;
    if (options.input != "-")
      files.push_back({options.input, "the input"});
    if (outputPath != "-")
      files.push_back({outputPath, "the output"});
    if (options.headerPath)
      files.push_back({headerPath(), "the header (--emit-header)"});
    if (!options.dependencyFile.empty())
      files.push_back({options.dependencyFile, "the dependency file"});
    for (size_t i = 0; i < files.size(); ++i)
      for (size_t j = i + 1; j < files.size(); ++j)
        if (samePath(files[i].first, files[j].first)) {
          errorLine() << files[j].second << " '" << files[j].first
                      << "' is also " << files[i].second
                      << "; refusing to overwrite it\n";
          return failure();
        }
    return success();
  }

  /// The operation the pass manager runs on: the module for named
  /// pipelines, the anchor a --pass-pipeline text names
  /// ('builtin.module(...)', which then runs on the module itself rather
  /// than on modules nested in it).
  std::string pipelineAnchor() const {
    if (!options.passPipeline.empty()) {
      std::string ignored; // buildPipeline reports a text that does not parse
      llvm::raw_string_ostream errors(ignored);
      FailureOr<OpPassManager> parsed =
          parsePassPipeline(options.passPipeline, errors);
      if (succeeded(parsed))
        return parsed->getOpAnchorName().str();
    }
    return ModuleOp::getOperationName().str();
  }

  /// -###: the pipeline that would run and the files that would be
  /// written, on stdout.
  LogicalResult describe(ModuleOp module) {
    PassManager pm(&context, pipelineAnchor());
    if (failed(buildPipeline(module, pm)))
      return failure();
    llvm::outs() << "input: " << options.input << "\npipeline: ";
    pm.printAsTextualPipeline(llvm::outs());
    llvm::outs() << "\noutput: " << outputPath << "\n";
    if (options.emit == EmitKind::Executable)
      llvm::outs() << "link: "
                   << llvm::join(linkCommand("<object>", outputPath,
                                             StringRef(pipelineName(module))
                                                 .starts_with("distributed")),
                                 " ")
                   << "\n";
    if (options.headerPath)
      llvm::outs() << "header: " << headerPath() << "\n";
    if (!options.dependencyFile.empty())
      llvm::outs() << "dependency file: " << options.dependencyFile << "\n";
    return success();
  }

  OwningOpRef<ModuleOp> parseInput() {
    std::string error;
    std::unique_ptr<llvm::MemoryBuffer> buffer =
        openInputFile(options.input, &error);
    if (!buffer) {
      errorLine() << error << "\n";
      return nullptr;
    }
    StringRef language = options.inputLanguage;
    if (language.empty()) {
      StringRef extension = llvm::sys::path::extension(options.input);
      if (options.input == "-" || extension == ".mlir")
        language = "mlir";
      else if (extension == ".nda")
        language = "nda";
      else {
        errorLine() << "'" << options.input
                    << "': unknown input language (expected .mlir or .nda, "
                       "or name it with -x mlir|nda)\n";
        return nullptr;
      }
    }
    unsigned bufferId =
        sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    // The array language: its frontend produces ndarray IR, which then
    // takes the same way as an .mlir input.
    if (language == "nda")
      return nda::importNdaSource(sourceMgr, bufferId, &context, llvm::errs());
    if (failed(checkResultNumbers(sourceMgr, bufferId, &context)))
      return nullptr;
    return parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  }

  /// The pipeline the user asked for, or the default for the program.
  LogicalResult buildPipeline(ModuleOp module, PassManager &pm) {
    if (!options.passPipeline.empty()) {
      std::string errors;
      llvm::raw_string_ostream errorStream(errors);
      // 'builtin.module(a,b)' runs on the module; a bare 'a,b' is taken as
      // the same list.
      FailureOr<OpPassManager> parsed =
          parsePassPipeline(options.passPipeline, errorStream);
      if (succeeded(parsed) &&
          parsed->getOpAnchorName() == pm.getOpAnchorName()) {
        static_cast<OpPassManager &>(pm) = std::move(*parsed);
        return success();
      }
      if (failed(parsed)) {
        std::string listErrors;
        llvm::raw_string_ostream listErrorStream(listErrors);
        if (succeeded(
                parsePassPipeline(options.passPipeline, pm, listErrorStream)))
          return success();
      }
      errorLine() << "invalid --pass-pipeline: " << errors << "\n";
      return failure();
    }
    std::string name = pipelineName(module);
    // `--pipeline=none` runs no pass: `--emit=mlir` then shows the input as
    // parsed, e.g. the ndarray IR the .nda frontend produced.
    if (name == "none")
      return success();
    return addNamedPipeline(name, pm);
  }

  /// The named pipeline asked for, or the default for the program.
  std::string pipelineName(ModuleOp module) const {
    if (!options.pipeline.empty())
      return options.pipeline;
    bool gpu = options.offload == "gpu" || usesGpu(module);
    if (usesDialect(module, "shard"))
      return gpu ? "distributed-gpu" : "distributed";
    if (gpu)
      return "gpu";
    return usesDialect(module, "iree_vector_ext") ? "vector-ext" : "host";
  }

  LogicalResult addNamedPipeline(StringRef name, OpPassManager &pm) {
    const NamedPipeline *pipeline = lookupNamedPipeline(name);
    if (!pipeline) {
      errorLine() << "unknown pipeline '" << name
                  << "' (see --list-pipelines)\n";
      return failure();
    }
    PipelineOptions pipelineOptions;
    if (failed(
            configurePipeline(options, options.saveTempsDir, pipelineOptions)))
      return failure();
    pipeline->build(pm, pipelineOptions);
    return success();
  }

  LogicalResult runPipeline(ModuleOp module) {
    PassManager pm(&context, pipelineAnchor());
    if (failed(applyPassManagerCLOptions(pm))) {
      errorLine() << "MLIR's pass manager options are not registered: call "
                     "imex::registerMLIROptions() before imex::compile\n";
      return failure();
    }
    applyDefaultTimingPassManagerCLOptions(pm);
    if (!options.saveTempsDir.empty()) {
      // IR printing needs the passes to run one at a time.
      context.disableMultithreading();
      pm.enableIRPrintingToFileTree(
          /*shouldPrintBeforePass=*/[](Pass *, Operation *) { return false; },
          /*shouldPrintAfterPass=*/[](Pass *, Operation *) { return true; },
          /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/true,
          /*printAfterOnlyOnFailure=*/false, options.saveTempsDir);
    }
    if (failed(buildPipeline(module, pm)))
      return failure();
    if (options.emit == EmitKind::SPIRV)
      pm.addInstrumentation(std::make_unique<KernelBinaryCollector>(kernels));
    if (options.printPipeline) {
      llvm::errs() << "imexc: pipeline for '" << options.input << "': ";
      pm.printAsTextualPipeline(llvm::errs());
      llvm::errs() << "\n";
    }
    return pm.run(module);
  }

  std::string headerPath() const {
    if (!options.headerPath->empty())
      return *options.headerPath;
    SmallString<128> path(outputPath);
    if (outputPath == "-") // MLIR on stdout: name the header after the input
      path = options.input == "-" ? StringRef("a")
                                  : llvm::sys::path::stem(options.input);
    llvm::sys::path::replace_extension(path, "h");
    return std::string(path);
  }

  /// The header describes the functions as written, so it is produced
  /// before the pipeline changes their signatures.
  LogicalResult prepareHeader(ModuleOp module) {
    std::string guard =
        "IMEXC_" + llvm::sys::path::stem(headerPath()).upper() + "_H";
    for (char &c : guard)
      if (!llvm::isAlnum(c))
        c = '_';
    llvm::raw_string_ostream os(headerText);
    HeaderOptions header;
    header.offloadAll = options.offload == "gpu";
    header.wholeArraysOnRoot = options.distributedArrays == "root";
    return emitCHeader(module, guard, header, os);
  }

  /// --emit=spirv: the one SPIR-V module in the kernel containers, read with
  /// the runtime's reader.
  LogicalResult produceSPIRV(OutputFiles &outputs) {
    std::vector<imexrt::ModuleImage> modules;
    for (const std::string &container : kernels) {
      imexrt::KernelBinary binary;
      std::string error;
      if (!imexrt::parseKernelBinary(container.data(), container.size(), binary,
                                     error)) {
        errorLine() << "cannot read a kernel container: " << error << "\n";
        return failure();
      }
      llvm::append_range(modules, binary.modules);
    }
    if (modules.size() != 1) {
      errorLine() << "--emit=spirv needs exactly one kernel "
                     "module in one flavour (pick one with --gpu-runtime), "
                     "but the program has "
                  << modules.size() << "; --save-temps=DIR writes them all\n";
      return failure();
    }
    const std::vector<uint32_t> &words = modules.front().words;
    outputs.add(outputPath,
                std::string(reinterpret_cast<const char *>(words.data()),
                            words.size() * sizeof(uint32_t)));
    return success();
  }

  /// The main output (-o) of the compiled module, added to `outputs`.
  LogicalResult produceOutput(ModuleOp module, OutputFiles &outputs) {
    if (options.emit == EmitKind::SPIRV)
      return produceSPIRV(outputs);
    if (options.emit == EmitKind::MLIR) {
      std::string text;
      llvm::raw_string_ostream os(text);
      module.print(os);
      outputs.add(outputPath, std::move(text));
      return success();
    }
    if (!options.saveTempsDir.empty()) {
      SmallString<64> llPath(options.saveTempsDir);
      llvm::sys::path::append(llPath, "module.ll");
      SmallString<0> ir;
      llvm::raw_svector_ostream irStream(ir);
      if (failed(emitNative(module, NativeOutput::LLVMIR, options.target,
                            irStream)) ||
          failed(writeFile(llPath, ir)))
        return failure();
    }
    NativeOutput kind =
        options.emit == EmitKind::LLVMIR     ? NativeOutput::LLVMIR
        : options.emit == EmitKind::Bitcode  ? NativeOutput::Bitcode
        : options.emit == EmitKind::Assembly ? NativeOutput::Assembly
                                             : NativeOutput::Object;
    SmallString<0> bytes;
    llvm::raw_svector_ostream stream(bytes);
    if (failed(emitNative(module, kind, options.target, stream)))
      return failure();
    if (options.emit != EmitKind::Executable) {
      outputs.add(outputPath, std::string(bytes));
      return success();
    }
    return link(bytes, callsMPI(module), outputs);
  }

  /// True if the lowered module calls the MPI library.
  static bool callsMPI(ModuleOp module) {
    return llvm::any_of(
        module.getOps<LLVM::LLVMFuncOp>(), [](LLVM::LLVMFuncOp func) {
          return func.isExternal() && func.getSymName().starts_with("MPI_");
        });
  }

  /// The compiler driver executables are linked with: the system C++
  /// compiler, or with --sanitize=address the clang imexc was built with,
  /// whose AddressSanitizer runtime matches the instrumentation.
  std::string linker() const {
    if (options.target.sanitizeAddress)
      return IMEX_SANITIZER_LINKER;
    llvm::ErrorOr<std::string> compiler = llvm::sys::findProgramByName("c++");
    return compiler ? *compiler : "c++";
  }

  /// The linker flags of the chosen MPI implementation, as found when
  /// imexc was built (empty if it was not found).
  StringRef mpiLinkFlags() const {
    return options.mpi == "openmpi" ? IMEX_OPENMPI_LINK_FLAGS
                                    : IMEX_MPICH_LINK_FLAGS;
  }

  /// Links the object with the runtime into an executable using the
  /// system C++ compiler.
  /// The runtime library next to this imexc (<prefix>/lib/libimexrt.a).
  std::string runtimeLibrary() const {
    SmallString<128> path(llvm::sys::path::parent_path(
        llvm::sys::path::parent_path(options.executablePath)));
    llvm::sys::path::append(path, "lib", "libimexrt.a");
    return std::string(path);
  }

  /// How the object is linked into an executable: the system C++ compiler
  /// with the runtime and LLVM's OpenMP runtime, which host loops run on.
  /// With `mpi`, the MPI library too.
  std::vector<std::string>
  linkCommand(StringRef objectPath, StringRef executablePath, bool mpi) const {
    std::string openmpDir = IMEX_OPENMP_LIBRARY_DIR;
    std::vector<std::string> args = {linker(),
                                     objectPath.str(),
                                     "-o",
                                     executablePath.str(),
                                     runtimeLibrary(),
                                     "-L" + openmpDir,
                                     "-Wl,-rpath," + openmpDir,
                                     "-lomp"};
    if (options.target.sanitizeAddress)
      args.push_back("-fsanitize=address");
    if (mpi) {
      SmallVector<StringRef> flags;
      mpiLinkFlags().split(flags, ' ', -1, /*KeepEmpty=*/false);
      for (StringRef flag : flags)
        args.push_back(flag.str());
    }
    for (const char *lib : {"-ldl", "-lpthread", "-lm"})
      args.push_back(lib);
    return args;
  }

  /// Links `object` into an executable in a scratch directory and adds it
  /// to `outputs`; with `mpi`, against the MPI library.
  LogicalResult link(StringRef object, bool mpi, OutputFiles &outputs) {
    SmallString<128> linkDir;
    if (std::error_code ec =
            llvm::sys::fs::createUniqueDirectory("imexc-link", linkDir)) {
      errorLine() << "cannot create a scratch directory: " << ec.message()
                  << "\n";
      return failure();
    }
    auto removeLinkDir =
        llvm::scope_exit([&] { llvm::sys::fs::remove_directories(linkDir); });
    SmallString<128> objectPath(linkDir), executablePath(linkDir);
    llvm::sys::path::append(objectPath, "program.o");
    llvm::sys::path::append(executablePath, "program");
    if (failed(writeFile(objectPath, object)))
      return failure();
    if (!llvm::sys::fs::exists(runtimeLibrary())) {
      errorLine() << "runtime library not found at '" << runtimeLibrary()
                  << "'\n";
      return failure();
    }
    if (!llvm::sys::fs::can_execute(linker())) {
      if (options.target.sanitizeAddress)
        errorLine() << "--sanitize=address executables are linked with the "
                       "clang++ imexc was built with, which is not there ('"
                    << linker()
                    << "'); link the object yourself with "
                       "-fsanitize=address\n";
      else
        errorLine() << "no C++ compiler ('c++') to link with\n";
      return failure();
    }
    if (mpi && mpiLinkFlags().empty()) {
      errorLine() << "the program uses MPI, but no " << options.mpi
                  << " was found when imexc was built (install "
                  << (options.mpi == "openmpi" ? "libopenmpi-dev"
                                               : "libmpich-dev")
                  << " and rebuild, or link the object yourself)\n";
      return failure();
    }
    std::vector<std::string> args =
        linkCommand(objectPath, executablePath, mpi);
    SmallVector<StringRef> argRefs(args.begin(), args.end());
    if (options.verbose)
      llvm::errs() << "imexc: link: " << llvm::join(args, " ") << "\n";
    std::string error;
    int status = llvm::sys::ExecuteAndWait(argRefs.front(), argRefs,
                                           std::nullopt, {}, 0, 0, &error);
    if (status != 0) {
      errorLine() << "linking failed" << (error.empty() ? "" : ": " + error)
                  << "\n";
      return failure();
    }
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> program =
        llvm::MemoryBuffer::getFile(executablePath, /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    if (!program) {
      errorLine() << "cannot read the linked program: "
                  << program.getError().message() << "\n";
      return failure();
    }
    outputs.add(outputPath, (*program)->getBuffer().str(),
                /*executable=*/true);
    return success();
  }

  /// A Makefile rule: the output (or the -MT targets) depends on the input;
  /// -MP adds an empty rule for the input. Paths are escaped for make.
  std::string dependencyRule() const {
    std::string text;
    if (options.dependencyTargets.empty())
      text = escapeForMake(outputPath);
    for (const std::string &target : options.dependencyTargets)
      text += (text.empty() ? "" : " ") + target; // as given, like clang
    text += ":";
    if (options.input != "-")
      text += " " + escapeForMake(options.input);
    text += "\n";
    if (options.phonyDependencies && options.input != "-")
      text += "\n" + escapeForMake(options.input) + ":\n";
    return text;
  }

  /// Spaces and '#' are backslash-escaped, '$' doubled.
  static std::string escapeForMake(StringRef path) {
    std::string escaped;
    for (char c : path) {
      if (c == ' ' || c == '#')
        escaped += '\\';
      else if (c == '$')
        escaped += '$';
      escaped += c;
    }
    return escaped;
  }

  const CompileOptions &options;
  std::string outputPath;
  std::string headerText;
  /// --emit=spirv: the kernel containers (gpu.binary) the pipeline built.
  std::vector<std::string> kernels;
  MLIRContext context;
  llvm::SourceMgr sourceMgr;
  /// Set when -Werror turned a warning into an error.
  bool promotedWarnings = false;
};

} // namespace

std::string defaultOutputPath(const CompileOptions &options) {
  if (options.emit == EmitKind::Executable)
    return "a.out";
  if (options.emit == EmitKind::MLIR)
    return "-";
  StringRef stem = options.input == "-" ? StringRef("a")
                                        : llvm::sys::path::stem(options.input);
  return (stem + extensionFor(options.emit)).str();
}

std::string checkPipelineOptions(const CompileOptions &options) {
  if (!options.pipeline.empty() && options.pipeline != "none" &&
      !lookupNamedPipeline(options.pipeline))
    return "unknown pipeline '" + options.pipeline + "' (see --list-pipelines)";
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (!options.passPipeline.empty()) {
    // Either form --pass-pipeline takes: 'builtin.module(a,b)' or 'a,b'.
    OpPassManager list("builtin.module");
    std::string listErrors;
    llvm::raw_string_ostream listErrorStream(listErrors);
    if (failed(parsePassPipeline(options.passPipeline, errorStream)) &&
        failed(parsePassPipeline(options.passPipeline, list, listErrorStream)))
      return "invalid --pass-pipeline: " + StringRef(errors).trim().str();
  }
  PipelineOptions pipelineOptions;
  if (failed(pipelineOptions.parseFromString(options.pipelineOptions,
                                             errorStream)))
    return "invalid --pipeline-options '" + options.pipelineOptions +
           "': " + StringRef(errors).trim().str();
  return "";
}

llvm::raw_ostream &errorLine() {
  return llvm::WithColor::error(llvm::errs(), "imexc");
}

int compile(const CompileOptions &options) {
  std::string targetError = checkTarget(
      options.target.triple, options.target.cpu, options.target.features);
  if (!targetError.empty()) {
    errorLine() << targetError << "\n";
    return 1;
  }
  Compilation compilation(options);
  if (succeeded(compilation.run()))
    return 0;
  llvm::errs() << "imexc: compilation of '" << options.input
               << "' failed; no output written\n";
  return 1;
}

int listPipelines(const CompileOptions &options, llvm::raw_ostream &os) {
  PipelineOptions pipelineOptions;
  if (failed(configurePipeline(options, options.saveTempsDir, pipelineOptions)))
    return 1;
  for (const NamedPipeline &pipeline : getNamedPipelines()) {
    OpPassManager pm("builtin.module");
    pipeline.build(pm, pipelineOptions);
    os << pipeline.name << "\n  " << pipeline.summary << "\n  ";
    pm.printAsTextualPipeline(os);
    os << "\n";
  }
  return 0;
}

int compileSafely(const CompileOptions &options) {
  llvm::CrashRecoveryContext::Enable();
  return runWithLargeStack([&] {
    int status = 1;
    llvm::CrashRecoveryContext recovery;
    if (recovery.RunSafely([&] { status = compile(options); }))
      return status;
    // On Unix RetCode is 128 + the signal's number, as a shell reports it.
    int signal =
        recovery.RetCode > 128 ? recovery.RetCode - 128 : recovery.RetCode;
    errorLine() << "internal compiler error (signal " << signal
                << ") while compiling '" << options.input
                << "': a bug in imexc or MLIR; please report it with this "
                   "input. No output written.\n";
    return kInternalErrorStatus;
  });
}

} // namespace imex
