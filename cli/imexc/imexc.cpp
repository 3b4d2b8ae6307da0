//===- imexc.cpp - the imexc ahead-of-time compiler driver ----------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Expands @file arguments, parses the command line (CommandLine.h), hands
// MLIR's debugging options to MLIR's own parser, then compiles each input
// with imex::compile.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "imex/Driver/Driver.h"
#include "imex/InitImex.h"
#include "imex/Target/TargetInfo.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <cstdlib>

#ifndef IMEXC_VERSION
#define IMEXC_VERSION "0.0.0"
#endif

namespace {

/// Registers MLIR's debugging options with LLVM's option parser and parses
/// the --mlir-* options. MLIR's operation dump on every diagnostic is
/// off unless asked for: users get the message and the source line.
bool parseMlirOptions(const char *argv0, const imexc::Invocation &invocation) {
  imex::registerMLIROptions();
  std::vector<std::string> args = {argv0,
                                   "--mlir-print-op-on-diagnostic=false"};
  llvm::append_range(args, invocation.mlirOptions);
  std::vector<const char *> argv;
  for (const std::string &arg : args)
    argv.push_back(arg.c_str());
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (llvm::cl::ParseCommandLineOptions(int(argv.size()), argv.data(), "imexc",
                                        &errorStream))
    return true;
  // LLVM's message starts with the program name; keep the option it names.
  llvm::StringRef message = llvm::StringRef(errors).trim();
  message.consume_front(argv0);
  message = message.ltrim(": ");
  imex::errorLine() << "invalid MLIR option: " << message << "\n";
  return false;
}

/// The per-input options: input, output, and the files named after the
/// output when the command line did not name them.
imex::CompileOptions optionsFor(const imexc::Invocation &invocation,
                                const imexc::Invocation::Input &input) {
  imex::CompileOptions options = invocation.options;
  options.input = input.path;
  options.inputLanguage = input.language;
  std::string output = options.output.empty() ? imex::defaultOutputPath(options)
                                              : options.output;
  if (invocation.dependencyFileNextToOutput && options.dependencyFile.empty())
    options.dependencyFile = output + ".d";
  if (invocation.saveTempsNextToOutput)
    options.saveTempsDir = output + ".temps";
  return options;
}

/// Everything imexc does after LLVM's set-up; returns the exit status.
int runImexc(int argc, char **argv) {
  llvm::BumpPtrAllocator allocator;
  llvm::SmallVector<const char *> args(argv + 1, argv + argc);
  llvm::cl::ExpansionContext expansion(allocator,
                                       llvm::cl::TokenizeGNUCommandLine);
  if (llvm::Error error = expansion.expandResponseFiles(args)) {
    imex::errorLine() << llvm::toString(std::move(error)) << "\n";
    return imexc::kUsageErrorStatus;
  }

  imexc::Invocation invocation;
  std::string error = imexc::parseCommandLine(args, invocation);
  imexc::applyColorChoice(invocation);
  if (!error.empty()) {
    imex::errorLine() << error << "\n";
    return imexc::kUsageErrorStatus;
  }
  if (invocation.action == imexc::Action::Help) {
    imexc::printHelp(llvm::outs());
    return 0;
  }
  if (invocation.action == imexc::Action::Version) {
    llvm::outs() << "imexc " IMEXC_VERSION " (LLVM/MLIR " LLVM_VERSION_STRING
                    ")\n";
    return 0;
  }
  if (invocation.inputs.empty()) {
    // Waiting silently for a program typed on the terminal helps nobody.
    if (invocation.action == imexc::Action::Compile &&
        llvm::sys::Process::StandardInIsUserInput()) {
      imexc::printUsage(llvm::errs());
      return imexc::kUsageErrorStatus;
    }
    invocation.inputs.push_back({"-", invocation.options.inputLanguage});
  }

  imex::registerAllPassesAndPipelines();
  if (!parseMlirOptions(argv[0], invocation))
    return imexc::kUsageErrorStatus;
  invocation.options.executablePath =
      llvm::sys::fs::getMainExecutable(argv[0], (void *)&runImexc);
  const imex::NativeTargetOptions &target = invocation.options.target;
  std::string targetError =
      imex::checkTarget(target.triple, target.cpu, target.features);
  if (!targetError.empty()) {
    imex::errorLine() << targetError << "\n";
    return imexc::kUsageErrorStatus;
  }
  std::string pipelineError = imex::checkPipelineOptions(invocation.options);
  if (!pipelineError.empty()) {
    imex::errorLine() << pipelineError << "\n";
    return imexc::kUsageErrorStatus;
  }
  if (invocation.action == imexc::Action::ListPipelines)
    return imex::listPipelines(invocation.options, llvm::outs());

  // Like other compilers, each input is compiled even if one before failed.
  int status = 0;
  for (const imexc::Invocation::Input &input : invocation.inputs) {
    imex::CompileOptions options = optionsFor(invocation, input);
    if (options.verbose)
      llvm::errs() << "imexc: compiling '" << input.path << "' to '"
                   << (options.output.empty() ? imex::defaultOutputPath(options)
                                              : options.output)
                   << "'\n";
    int result = imex::compileSafely(options);
    // After a crash the process's state is unknown: stop here.
    if (result == imex::kInternalErrorStatus) {
      llvm::errs().flush();
      std::_Exit(result);
    }
    if (result != 0)
      status = 1;
  }
  return status;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // Over a file-size limit (ulimit -f), writes fail with EFBIG and are
  // reported like a full disk, rather than the signal ending imexc.
  std::signal(SIGXFSZ, SIG_IGN);
  // An LLVM fatal error (a back end that cannot select an instruction for
  // the target) is reported as a failed compilation, not an abort with a
  // stack dump. Outputs are written only at the end, so none is left.
  llvm::install_fatal_error_handler([](void *, const char *reason, bool) {
    imex::errorLine() << "code generation failed: " << reason << "\n";
    std::_Exit(1);
  });
  int status = runImexc(argc, argv);
  // What went to standard output (help, pipelines, -###) must have arrived:
  // a full or closed stdout is an error, reported here rather than by
  // LLVM's fatal "IO failure on output stream" at exit.
  llvm::outs().flush();
  if (std::error_code error = llvm::outs().error()) {
    llvm::outs().clear_error();
    imex::errorLine() << "cannot write to standard output: " << error.message()
                      << "\n";
    return status ? status : 1;
  }
  return status;
}
