//===- CommandLine.h - imexc's command line -------------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// imexc takes the spellings compiler users type: clang's (-c, -S,
// -emit-llvm, -O2, -ofile, -MD/-MMD/-MF/-MT/-MP, -x nda, -Werror, -###,
// @file) as well as its own long options, with one or two dashes and
// `=value` or a separate value. Unknown options are errors with a
// suggestion from imexc's own options; MLIR's debugging options pass
// through in their --mlir-NAME[=VALUE] form.
//
//===----------------------------------------------------------------------===//
#ifndef IMEXC_CLI_COMMANDLINE_H
#define IMEXC_CLI_COMMANDLINE_H

#include "imex/Driver/Driver.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace imexc {

/// Exit status for a command line imexc cannot use (compile errors: 1).
constexpr int kUsageErrorStatus = 2;

enum class Action { Compile, Help, Version, ListPipelines };

struct Invocation {
  /// Options shared by every input; input, output and the per-output file
  /// names are filled in per input.
  imex::CompileOptions options;
  /// The input files with the -x language in force where each was named
  /// ("": from the extension).
  struct Input {
    std::string path, language;
  };
  std::vector<Input> inputs;
  /// --mlir-* options, for MLIR's own parser.
  std::vector<std::string> mlirOptions;
  Action action = Action::Compile;
  /// -emit-llvm: LLVM IR instead of assembly (-S) or an object (-c).
  bool emitLLVM = false;
  /// -MD/-MMD: a dependency file named after each output (<output>.d).
  bool dependencyFileNextToOutput = false;
  /// --save-temps without a directory: <output>.temps for each output.
  bool saveTempsNextToOutput = false;
  /// --color: "auto" (NO_COLOR, then whether stderr is a terminal),
  /// "always" or "never".
  std::string color = "auto";
};

/// Parses the arguments after the program name (response files already
/// expanded). Returns the message for the first problem, "" if none.
std::string parseCommandLine(llvm::ArrayRef<const char *> args,
                             Invocation &invocation);

/// Makes diagnostics colored or not as --color and NO_COLOR say.
void applyColorChoice(const Invocation &invocation);

/// The --help text.
void printHelp(llvm::raw_ostream &os);

/// The one-paragraph usage printed when imexc is run with no arguments on a
/// terminal.
void printUsage(llvm::raw_ostream &os);

} // namespace imexc

#endif
