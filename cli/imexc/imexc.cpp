//===- imexc.cpp - the imexc ahead-of-time compiler driver ----------------===//
//
// Parses the command line (CLI11; this file alone is built with exceptions)
// and hands over to imex::compile. Options CLI11 does not know — MLIR's
// debugging options such as --mlir-print-ir-after-all, --mlir-timing or
// --mlir-pass-pipeline-crash-reproducer — are passed on to LLVM's parser.
//
//===----------------------------------------------------------------------===//

#include "Driver/Driver.h"
#include "InitImex.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <spdlog/spdlog.h>

#ifndef IMEXC_VERSION
#define IMEXC_VERSION "0.0.0"
#endif

namespace {

/// Registers MLIR's debugging options with LLVM's option parser and parses
/// the arguments CLI11 left over.
bool parseMlirOptions(const char *argv0, const std::vector<std::string> &extra) {
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  std::vector<const char *> args = {argv0};
  for (const std::string &arg : extra)
    args.push_back(arg.c_str());
  return llvm::cl::ParseCommandLineOptions(int(args.size()), args.data(),
                                           "imexc", &llvm::errs());
}

/// CLI11 only knows one-letter short options; compiler-style spellings are
/// mapped to long ones: -O<n> -> --opt-level=<n>, -MD -> --md, -MF -> --mf.
std::vector<std::string> normalizeArguments(int argc, char **argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.size() == 3 && arg.compare(0, 2, "-O") == 0)
      arg = "--opt-level=" + arg.substr(2);
    else if (arg == "-MD")
      arg = "--md";
    else if (arg == "-MF")
      arg = "--mf";
    args.push_back(std::move(arg));
  }
  // CLI11 parses a reversed vector (it pops from the back).
  std::reverse(args.begin(), args.end());
  return args;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  imex::registerAllPassesAndPipelines();

  imex::CompileOptions options;
  options.executablePath =
      llvm::sys::fs::getMainExecutable(argv[0], (void *)&main);

  CLI::App app{"imexc: compiles MLIR array programs with GPU kernels to "
               "native objects"};
  app.name("imexc");
  app.allow_extras();
  app.set_version_flag("--version", "imexc " IMEXC_VERSION
                                    " (LLVM/MLIR " LLVM_VERSION_STRING ")");

  app.add_option("input", options.input, "Input file (.mlir), '-' for stdin")
      ->default_val("-");
  app.add_option("-o", options.output,
                 "Output file ('-' for stdout); default from input and --emit");
  bool listPipelines = false;
  app.add_flag("--list-pipelines", listPipelines,
               "List the named pipelines with their expansion and exit");
  auto *pipeline = app.add_option("--pipeline", options.pipeline,
                                  "Named pipeline (see --list-pipelines); "
                                  "'none' runs no pass");
  app.add_option("--pipeline-options", options.pipelineOptions,
                 "Options of the named pipelines, e.g. 'vector-bits=256 "
                 "num-threads=4 register-tile=4,16' (see imex-opt --help)");
  app.add_option("--pass-pipeline", options.passPipeline,
                 "Textual pass pipeline, e.g. 'builtin.module(canonicalize)'")
      ->excludes(pipeline);

  const std::map<std::string, imex::EmitKind> emitKinds = {
      {"obj", imex::EmitKind::Object},   {"asm", imex::EmitKind::Assembly},
      {"llvm", imex::EmitKind::LLVMIR},  {"mlir", imex::EmitKind::MLIR},
      {"spirv", imex::EmitKind::SPIRV},  {"exe", imex::EmitKind::Executable}};
  std::string emit = "obj";
  app.add_option("--emit", emit,
                 "What to write: obj (default), asm, llvm, mlir, spirv (the "
                 "kernel module), exe")
      ->check(CLI::IsMember(emitKinds));
  std::string header;
  auto *headerOption =
      app.add_option("--emit-header", header,
                     "Also write a C/C++ header for the exported functions "
                     "(default name: the output's, with .h)")
          ->expected(0, 1);

  unsigned optLevel = 2;
  app.add_option("--opt-level", optLevel, "Optimization level 0-3 (-O<n>)")
      ->check(CLI::Range(0u, 3u))
      ->default_val(2);
  app.add_option("--target-triple", options.target.triple,
                 "Target triple (default: the host)");
  app.add_option("--mcpu", options.target.cpu,
                 "Target CPU ('native' for the host's; default: generic, "
                 "e.g. x86-64 with SSE2 only)");
  app.add_option("--mattr", options.target.features,
                 "Target features added to or removed from the CPU's, e.g. "
                 "'+avx2,+fma' or '-avx512f'");
  app.add_option("--gpu-runtime", options.gpuRuntime,
                 "SPIR-V flavours to embed for GPU kernels: auto (both), "
                 "level-zero (OpenCL flavour), vulkan")
      ->check(CLI::IsMember({"auto", "level-zero", "vulkan"}));
  app.add_option("--offload", options.offload,
                 "none (default): only work on GPU-placed data runs on the "
                 "GPU; gpu: every linalg op does, with its arrays copied to "
                 "and from GPU memory as the host needs them")
      ->check(CLI::IsMember({"none", "gpu"}));
  bool depFile = false;
  app.add_flag("--md", depFile,
               "Write a dependency file next to the output (-MD)");
  app.add_option("--mf", options.dependencyFile, "Dependency file name (-MF)");
  app.add_option("--save-temps", options.saveTempsDir,
                 "Write every intermediate to this directory");
  app.add_flag("-v,--verbose", options.verbose, "Log what the driver does");

  try {
    std::vector<std::string> args = normalizeArguments(argc, argv);
    app.parse(args);
  } catch (const CLI::ParseError &error) {
    return app.exit(error);
  }
  if (!parseMlirOptions(argv[0], app.remaining()))
    return 1;

  spdlog::set_level(options.verbose ? spdlog::level::debug
                                    : spdlog::level::warn);
  options.target.optLevel = optLevel;
  if (listPipelines)
    return imex::listPipelines(options, llvm::outs());
  options.emit = emitKinds.at(emit);
  if (headerOption->count())
    options.headerPath = header;
  if (depFile && options.dependencyFile.empty())
    options.dependencyFile =
        (options.output.empty() ? imex::defaultOutputPath(options)
                                : options.output) +
        ".d";
  spdlog::debug("compiling '{}' to '{}'", options.input,
                options.output.empty() ? imex::defaultOutputPath(options)
                                       : options.output);
  return imex::compile(options);
}
