//===- Driver.cpp - the imexc compilation flow ----------------------------===//

#include "Driver/Driver.h"

#include "InitImex.h"
#include "Pipelines.h"
#include "Frontend/Frontend.h"
#include "Target/HeaderEmission.h"
#include "ndarray/IR/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
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
  pipelineOptions.spirvDumpDir = spirvDumpDir.str();
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (succeeded(pipelineOptions.parseFromString(options.pipelineOptions,
                                                errorStream)))
    return success();
  llvm::errs() << "imexc: error: invalid --pipeline-options '"
               << options.pipelineOptions << "': " << errors << "\n";
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
        llvm::any_of(op->getResultTypes(), gpuTyped) ||
        llvm::any_of(op->getOperandTypes(), gpuTyped)) {
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// True if the program uses iree_vector_ext ops, which only the vector-ext
/// pipeline lowers.
bool usesVectorExt(ModuleOp module) {
  return module
      .walk([](Operation *op) {
        return op->getDialect() &&
                       op->getDialect()->getNamespace() == "iree_vector_ext"
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
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

/// Writes `contents` to `path` atomically ("-" is standard output).
LogicalResult writeFile(StringRef path, StringRef contents) {
  llvm::Error error = llvm::writeToOutput(path, [&](raw_ostream &os) {
    os << contents;
    return llvm::Error::success();
  });
  if (!error)
    return success();
  llvm::errs() << "imexc: error: cannot write '" << path
               << "': " << llvm::toString(std::move(error)) << "\n";
  return failure();
}

/// Like writeFile, but leaves an existing file with the same contents
/// untouched, so that build systems do not rebuild what includes it.
LogicalResult writeFileIfChanged(StringRef path, StringRef contents) {
  if (path != "-" && llvm::sys::fs::is_regular_file(path)) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> existing =
        llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    if (existing && (*existing)->getBuffer() == contents)
      return success();
  }
  return writeFile(path, contents);
}

class Compilation {
public:
  explicit Compilation(const CompileOptions &options)
      : options(options), outputPath(options.output.empty()
                                         ? defaultOutputPath(options)
                                         : options.output) {
    DialectRegistry registry;
    registerAllDialectsAndExtensions(registry);
    context.appendDialectRegistry(registry);
  }

  ~Compilation() {
    if (!scratchDir.empty())
      llvm::sys::fs::remove_directories(scratchDir);
  }

  LogicalResult run() {
    if (options.emit == EmitKind::SPIRV &&
        llvm::sys::fs::createUniqueDirectory("imexc-spirv", scratchDir)) {
      llvm::errs() << "imexc: error: cannot create a scratch directory\n";
      return failure();
    }
    SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
    OwningOpRef<ModuleOp> module = parseInput();
    if (!module)
      return failure();
    if (options.headerPath && failed(prepareHeader(*module)))
      return failure();
    setFunctionLinkage(*module);
    if (options.emit == EmitKind::Executable)
      wrapProgramEntry(*module);
    llvm::StringSet<> exported = collectExportedNames(*module);
    if (failed(runPipeline(*module)))
      return failure();
    internalizeAddedFunctions(*module, exported);
    if (failed(writeOutput(*module)))
      return failure();
    if (options.headerPath &&
        failed(writeFileIfChanged(headerPath(), headerText)))
      return failure();
    return writeDependencyFile();
  }

  StringRef output() const { return outputPath; }

private:
  OwningOpRef<ModuleOp> parseInput() {
    std::string error;
    std::unique_ptr<llvm::MemoryBuffer> buffer =
        openInputFile(options.input, &error);
    if (!buffer) {
      llvm::errs() << "imexc: error: " << error << "\n";
      return nullptr;
    }
    StringRef extension = llvm::sys::path::extension(options.input);
    if (options.input != "-" && extension != ".mlir" && extension != ".nda") {
      llvm::errs() << "imexc: error: '" << options.input
                   << "': unknown input language (expected .mlir or .nda)\n";
      return nullptr;
    }
    unsigned bufferId =
        sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    // The array language: its frontend produces ndarray IR, which then
    // takes the same way as an .mlir input.
    if (extension == ".nda")
      return nda::importNdaSource(sourceMgr, bufferId, &context, llvm::errs());
    return parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  }

  /// The pipeline the user asked for, or the default for the program.
  LogicalResult buildPipeline(ModuleOp module, PassManager &pm) {
    if (!options.passPipeline.empty()) {
      std::string errors;
      llvm::raw_string_ostream errorStream(errors);
      if (succeeded(parsePassPipeline(options.passPipeline, pm, errorStream)))
        return success();
      llvm::errs() << "imexc: error: invalid --pass-pipeline: " << errors
                   << "\n";
      return failure();
    }
    std::string name = options.pipeline;
    // `--pipeline=none` runs no pass: `--emit=mlir` then shows the input as
    // parsed, e.g. the ndarray IR the .nda frontend produced.
    if (name == "none")
      return success();
    if (name.empty())
      name = options.offload == "gpu" || usesGpu(module) ? "gpu"
             : usesVectorExt(module) ? "vector-ext"
                                     : "host";
    const NamedPipeline *pipeline = lookupNamedPipeline(name);
    if (!pipeline) {
      llvm::errs() << "imexc: error: unknown pipeline '" << name
                   << "' (see --list-pipelines)\n";
      return failure();
    }
    PipelineOptions pipelineOptions;
    if (failed(configurePipeline(options, spirvDumpDir(), pipelineOptions)))
      return failure();
    pipeline->build(pm, pipelineOptions);
    return success();
  }

  /// Where kernel serialization writes each SPIR-V module: the
  /// --save-temps directory, or a scratch one for --emit=spirv.
  std::string spirvDumpDir() const {
    return options.emit == EmitKind::SPIRV ? std::string(scratchDir)
                                           : options.saveTempsDir;
  }

  LogicalResult runPipeline(ModuleOp module) {
    PassManager pm(&context);
    if (failed(applyPassManagerCLOptions(pm)))
      return failure();
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
    return emitCHeader(module, guard, os);
  }

  /// --emit=spirv: the one SPIR-V module kernel serialization produced.
  LogicalResult writeSPIRV() {
    std::vector<std::string> modules;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(scratchDir, ec), end;
         it != end && !ec; it.increment(ec))
      if (llvm::sys::path::extension(it->path()) == ".spv")
        modules.push_back(it->path());
    if (modules.size() != 1) {
      llvm::errs() << "imexc: error: --emit=spirv needs exactly one kernel "
                      "module in one flavour (pick one with --gpu-runtime), "
                      "but the program has "
                   << modules.size()
                   << "; --save-temps=DIR writes them all\n";
      return failure();
    }
    auto contents = llvm::MemoryBuffer::getFile(modules.front());
    if (!contents) {
      llvm::errs() << "imexc: error: cannot read '" << modules.front()
                   << "'\n";
      return failure();
    }
    return writeFile(outputPath, (*contents)->getBuffer());
  }

  LogicalResult writeOutput(ModuleOp module) {
    if (options.emit == EmitKind::SPIRV)
      return writeSPIRV();
    if (options.emit == EmitKind::MLIR) {
      std::string text;
      llvm::raw_string_ostream os(text);
      module.print(os);
      return writeFile(outputPath, text);
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
    NativeOutput kind = options.emit == EmitKind::LLVMIR    ? NativeOutput::LLVMIR
                        : options.emit == EmitKind::Assembly ? NativeOutput::Assembly
                                                             : NativeOutput::Object;
    SmallString<0> bytes;
    llvm::raw_svector_ostream stream(bytes);
    if (failed(emitNative(module, kind, options.target, stream)))
      return failure();
    if (options.emit != EmitKind::Executable)
      return writeFile(outputPath, bytes);
    return link(bytes);
  }

  /// Links the object with the runtime into an executable using the
  /// system C++ compiler.
  LogicalResult link(StringRef object) {
    SmallString<128> objectPath;
    int fd;
    if (std::error_code ec =
            llvm::sys::fs::createTemporaryFile("imexc", "o", fd, objectPath)) {
      llvm::errs() << "imexc: error: cannot create a temporary file: "
                   << ec.message() << "\n";
      return failure();
    }
    llvm::FileRemover removeObject(objectPath);
    {
      llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
      os << object;
    }

    SmallString<128> runtimeDir(
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(
            options.executablePath)));
    llvm::sys::path::append(runtimeDir, "lib");
    SmallString<128> runtimeLib(runtimeDir);
    llvm::sys::path::append(runtimeLib, "libimexrt.a");
    if (!llvm::sys::fs::exists(runtimeLib)) {
      llvm::errs() << "imexc: error: runtime library not found at '"
                   << runtimeLib << "'\n";
      return failure();
    }

    llvm::ErrorOr<std::string> compiler = llvm::sys::findProgramByName("c++");
    if (!compiler) {
      llvm::errs() << "imexc: error: no C++ compiler ('c++') to link with\n";
      return failure();
    }
    // Host loops run on LLVM's OpenMP runtime (libomp).
    std::string openmpDir = IMEX_OPENMP_LIBRARY_DIR;
    std::vector<std::string> args = {*compiler,
                                     std::string(objectPath),
                                     "-o",
                                     outputPath,
                                     std::string(runtimeLib),
                                     "-L" + openmpDir,
                                     "-Wl,-rpath," + openmpDir,
                                     "-lomp",
                                     "-ldl",
                                     "-lpthread",
                                     "-lm"};
    SmallVector<StringRef> argRefs(args.begin(), args.end());
    if (options.verbose) {
      llvm::errs() << "imexc: link:";
      for (StringRef arg : argRefs)
        llvm::errs() << " " << arg;
      llvm::errs() << "\n";
    }
    std::string error;
    int status = llvm::sys::ExecuteAndWait(*compiler, argRefs, std::nullopt,
                                           {}, 0, 0, &error);
    if (status == 0)
      return success();
    llvm::sys::fs::remove(outputPath);
    llvm::errs() << "imexc: error: linking failed"
                 << (error.empty() ? "" : ": " + error) << "\n";
    return failure();
  }

  LogicalResult writeDependencyFile() {
    if (options.dependencyFile.empty())
      return success();
    std::string text = outputPath + ":";
    if (options.input != "-")
      text += " " + options.input;
    text += "\n";
    return writeFile(options.dependencyFile, text);
  }

  const CompileOptions &options;
  std::string outputPath;
  std::string headerText;
  /// Scratch directory for --emit=spirv, removed with the compilation.
  SmallString<128> scratchDir;
  MLIRContext context;
  llvm::SourceMgr sourceMgr;
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

int compile(const CompileOptions &options) {
  Compilation compilation(options);
  if (succeeded(compilation.run()))
    return 0;
  llvm::errs() << "imexc: compilation of '" << options.input
               << "' failed; no output written\n";
  return 1;
}

int listPipelines(const CompileOptions &options, llvm::raw_ostream &os) {
  PipelineOptions pipelineOptions;
  if (failed(configurePipeline(options, options.saveTempsDir,
                               pipelineOptions)))
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

} // namespace imex
