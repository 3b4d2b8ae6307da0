//===- CommandLine.cpp - imexc's command line -----------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One table of options: each with its names (matched without the leading
// dashes, so -emit=mlir and --emit mlir are the same), how it takes a
// value, its help line and what it sets. The table is also what --help
// prints and where "did you mean" hints come from.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

#include <functional>

using llvm::StringRef;

namespace imexc {
namespace {

enum class Value {
  None,     ///< a flag
  Required, ///< -name=V, -name V, and for `joined` options -nameV
  Optional, ///< -name or -name=V
};

struct Option {
  std::vector<StringRef> names; ///< the first is the one --help shows
  Value value;
  /// Also -nameVALUE, as compilers take -ofile, -O2, -MFfile, -xnda.
  bool joined;
  StringRef metavar;
  StringRef help;
  /// Applies the option; returns an error message, or "" when it is fine.
  std::function<std::string(Invocation &, StringRef)> apply;
};

/// Returns "" when `value` is one of `allowed`, else the message.
std::string expectOneOf(StringRef option, StringRef value,
                        llvm::ArrayRef<StringRef> allowed) {
  if (llvm::is_contained(allowed, value))
    return "";
  return "invalid value '" + value.str() + "' for " + option.str() +
         " (expected " + llvm::join(allowed, ", ") + ")";
}

const std::vector<Option> &options() {
  using imex::EmitKind;
  static const std::vector<Option> table = {
      {{"o"},
       Value::Required,
       true,
       "FILE",
       "Output file ('-': stdout); default: the input's name with the "
       "output's extension",
       [](Invocation &inv, StringRef v) {
         inv.options.output = v.str();
         return std::string();
       }},
      {{"c"},
       Value::None,
       false,
       "",
       "Write an object file (the default)",
       [](Invocation &inv, StringRef) {
         inv.options.emit = EmitKind::Object;
         return std::string();
       }},
      {{"S"},
       Value::None,
       false,
       "",
       "Write assembly (.s)",
       [](Invocation &inv, StringRef) {
         inv.options.emit = EmitKind::Assembly;
         return std::string();
       }},
      {{"emit-llvm"},
       Value::None,
       false,
       "",
       "Write LLVM IR: text (.ll) with -S, else bitcode (.bc)",
       [](Invocation &inv, StringRef) {
         inv.emitLLVM = true;
         return std::string();
       }},
      {{"emit"},
       Value::Required,
       false,
       "KIND",
       "What to write: obj, asm, llvm (.ll), bc, mlir (stdout by default), "
       "spirv (the kernel module), exe (linked with the runtime)",
       [](Invocation &inv, StringRef v) {
         static const std::pair<StringRef, EmitKind> kinds[] = {
             {"obj", EmitKind::Object},    {"asm", EmitKind::Assembly},
             {"llvm", EmitKind::LLVMIR},   {"bc", EmitKind::Bitcode},
             {"mlir", EmitKind::MLIR},     {"spirv", EmitKind::SPIRV},
             {"exe", EmitKind::Executable}};
         for (const auto &[name, kind] : kinds)
           if (v == name) {
             inv.options.emit = kind;
             return std::string();
           }
         return expectOneOf(
             "--emit", v, {"obj", "asm", "llvm", "bc", "mlir", "spirv", "exe"});
       }},
      {{"emit-header"},
       Value::Optional,
       false,
       "FILE",
       "Also write a C/C++ header for the exported functions (default: the "
       "output's name with .h); rewritten only when its text changes",
       [](Invocation &inv, StringRef v) {
         inv.options.headerPath = v.str();
         return std::string();
       }},
      {{"O"},
       Value::Required,
       true,
       "N",
       "Optimization level 0-3 (-O0 .. -O3); reaches the MLIR pipeline",
       [](Invocation &inv, StringRef v) {
         if (v.size() != 1 || v[0] < '0' || v[0] > '3')
           return "unknown optimization level '-O" + v.str() +
                  "' (use -O0, -O1, -O2 or -O3)";
         inv.options.target.optLevel = unsigned(v[0] - '0');
         return std::string();
       }},
      {{"opt-level"},
       Value::Required,
       false,
       "N",
       "Same as -O<N>",
       [](Invocation &inv, StringRef v) {
         if (v.size() != 1 || v[0] < '0' || v[0] > '3')
           return "invalid value '" + v.str() +
                  "' for --opt-level (expected 0, 1, 2 or 3)";
         inv.options.target.optLevel = unsigned(v[0] - '0');
         return std::string();
       }},
      {{"x"},
       Value::Required,
       true,
       "LANG",
       "Input language of the inputs that follow: mlir or nda (default: "
       "from the extension; stdin: mlir)",
       [](Invocation &inv, StringRef v) {
         inv.options.inputLanguage = v.str();
         return expectOneOf("-x", v, {"mlir", "nda"});
       }},
      {{"pipeline"},
       Value::Required,
       false,
       "NAME",
       "Named pipeline (--list-pipelines); 'none' runs no pass; default: "
       "chosen from the program",
       [](Invocation &inv, StringRef v) {
         inv.options.pipeline = v.str();
         return std::string();
       }},
      {{"pipeline-options"},
       Value::Required,
       false,
       "'K=V ...'",
       "Options of the named pipelines, e.g. 'vector-bits=256 num-threads=4'",
       [](Invocation &inv, StringRef v) {
         inv.options.pipelineOptions = v.str();
         return std::string();
       }},
      {{"pass-pipeline"},
       Value::Required,
       false,
       "PIPELINE",
       "Textual pass pipeline instead, e.g. 'builtin.module(canonicalize)'",
       [](Invocation &inv, StringRef v) {
         inv.options.passPipeline = v.str();
         return std::string();
       }},
      {{"print-pipeline"},
       Value::None,
       false,
       "",
       "Print the pipeline that runs for each input to stderr",
       [](Invocation &inv, StringRef) {
         inv.options.printPipeline = true;
         return std::string();
       }},
      {{"list-pipelines"},
       Value::None,
       false,
       "",
       "List the named pipelines with the passes they run for these "
       "options, and exit",
       [](Invocation &inv, StringRef) {
         inv.action = Action::ListPipelines;
         return std::string();
       }},
      {{"target-triple", "target"},
       Value::Required,
       false,
       "TRIPLE",
       "Target triple (default: this machine's)",
       [](Invocation &inv, StringRef v) {
         inv.options.target.triple = v.str();
         return std::string();
       }},
      {{"mcpu", "march"},
       Value::Required,
       false,
       "CPU",
       "Target CPU; 'native' for this machine's (default: the generic CPU, "
       "e.g. x86-64 with SSE2 only)",
       [](Invocation &inv, StringRef v) {
         inv.options.target.cpu = v.str();
         return std::string();
       }},
      {{"mattr"},
       Value::Required,
       false,
       "+F,-F",
       "Target features added to or removed from the CPU's",
       [](Invocation &inv, StringRef v) {
         inv.options.target.features = v.str();
         return std::string();
       }},
      {{"sanitize", "fsanitize"},
       Value::Required,
       false,
       "address",
       "Instrument the generated host code with AddressSanitizer; "
       "--emit=exe links its runtime (other programs link with "
       "-fsanitize=address)",
       [](Invocation &inv, StringRef v) {
         inv.options.target.sanitizeAddress = v == "address";
         return expectOneOf("--sanitize", v, {"address"});
       }},
      {{"gpu-runtime"},
       Value::Required,
       false,
       "RUNTIME",
       "SPIR-V flavours embedded for GPU kernels: auto (both), level-zero, "
       "vulkan",
       [](Invocation &inv, StringRef v) {
         inv.options.gpuRuntime = v.str();
         return expectOneOf("--gpu-runtime", v,
                            {"auto", "level-zero", "vulkan"});
       }},
      {{"offload"},
       Value::Required,
       false,
       "WHAT",
       "none (default): only GPU-placed work runs on the GPU; gpu: every "
       "linalg op does",
       [](Invocation &inv, StringRef v) {
         inv.options.offload = v.str();
         return expectOneOf("--offload", v, {"none", "gpu"});
       }},
      {{"mpi"},
       Value::Required,
       false,
       "IMPL",
       "MPI implementation of distributed programs (shard.sharding): mpich "
       "(default) or openmpi; --emit=exe links it",
       [](Invocation &inv, StringRef v) {
         inv.options.mpi = v.str();
         return expectOneOf("--mpi", v, {"mpich", "openmpi"});
       }},
      {{"distributed-arrays"},
       Value::Required,
       false,
       "HOW",
       "How exported distributed functions take arrays: local (default): "
       "each process passes its own part of a split array; root: whole "
       "arrays on rank 0, results whole on every process",
       [](Invocation &inv, StringRef v) {
         inv.options.distributedArrays = v.str();
         return expectOneOf("--distributed-arrays", v, {"local", "root"});
       }},
      {{"gpu-fallback"},
       Value::Required,
       false,
       "WHAT",
       "none (default); host: the object also carries host versions of its "
       "GPU code, which run when no device can (IMEXRT_VERBOSE=1 says so)",
       [](Invocation &inv, StringRef v) {
         inv.options.gpuFallback = v.str();
         return expectOneOf("--gpu-fallback", v, {"none", "host"});
       }},
      {{"MD", "MMD", "md"},
       Value::None,
       false,
       "",
       "Write a dependency file <output>.d for make and ninja",
       [](Invocation &inv, StringRef) {
         inv.dependencyFileNextToOutput = true;
         return std::string();
       }},
      {{"MF", "mf"},
       Value::Required,
       true,
       "FILE",
       "Write the dependency file to FILE",
       [](Invocation &inv, StringRef v) {
         inv.options.dependencyFile = v.str();
         return std::string();
       }},
      {{"MT"},
       Value::Required,
       true,
       "TARGET",
       "Target of the dependency rule (default: the output); repeatable",
       [](Invocation &inv, StringRef v) {
         inv.options.dependencyTargets.push_back(v.str());
         return std::string();
       }},
      {{"MP"},
       Value::None,
       false,
       "",
       "Add a phony target for the input to the dependency file",
       [](Invocation &inv, StringRef) {
         inv.options.phonyDependencies = true;
         return std::string();
       }},
      {{"save-temps"},
       Value::Optional,
       false,
       "DIR",
       "Keep the IR after every pass and the LLVM IR in DIR (default: "
       "<output>.temps)",
       [](Invocation &inv, StringRef v) {
         inv.options.saveTempsDir = v.str();
         inv.saveTempsNextToOutput = v.empty();
         return std::string();
       }},
      {{"Werror"},
       Value::None,
       false,
       "",
       "Treat warnings as errors",
       [](Invocation &inv, StringRef) {
         inv.options.warningsAsErrors = true;
         return std::string();
       }},
      {{"color"},
       Value::Optional,
       false,
       "WHEN",
       "Color diagnostics: auto (default; NO_COLOR turns it off), always "
       "(also --color alone), never",
       [](Invocation &inv, StringRef v) {
         inv.color = v.empty() ? "always" : v.str();
         return expectOneOf("--color", inv.color, {"auto", "always", "never"});
       }},
      {{"fcolor-diagnostics"},
       Value::None,
       false,
       "",
       "Same as --color=always",
       [](Invocation &inv, StringRef) {
         inv.color = "always";
         return std::string();
       }},
      {{"fno-color-diagnostics"},
       Value::None,
       false,
       "",
       "Same as --color=never",
       [](Invocation &inv, StringRef) {
         inv.color = "never";
         return std::string();
       }},
      {{"###"},
       Value::None,
       false,
       "",
       "Print the pipeline and the files that would be written; write "
       "nothing",
       [](Invocation &inv, StringRef) {
         inv.options.dryRun = true;
         return std::string();
       }},
      {{"v", "verbose"},
       Value::None,
       false,
       "",
       "Say what the driver does: the pipeline, the output, the link line",
       [](Invocation &inv, StringRef) {
         inv.options.verbose = true;
         inv.options.printPipeline = true;
         return std::string();
       }},
      {{"help", "h"},
       Value::None,
       false,
       "",
       "Print this help and exit",
       [](Invocation &inv, StringRef) {
         inv.action = Action::Help;
         return std::string();
       }},
      {{"version"},
       Value::None,
       false,
       "",
       "Print the version and exit",
       [](Invocation &inv, StringRef) {
         inv.action = Action::Version;
         return std::string();
       }},
  };
  return table;
}

const Option *findOption(StringRef name) {
  for (const Option &option : options())
    if (llvm::is_contained(option.names, name))
      return &option;
  return nullptr;
}

/// How --help and hints spell an option: one dash for the one-letter and
/// clang-style ones, two for the long ones.
std::string spelling(StringRef name) {
  bool clangStyle = name.size() == 1 || name == "###" || name == "Werror" ||
                    name == "emit-llvm" || name.starts_with("M") ||
                    name.starts_with("f");
  return (clangStyle ? "-" : "--") + name.str();
}

/// "; did you mean '--pipeline=gpu'?" for `--pipline=gpu`, or "" (also for
/// one-letter names such as -g, which anything is close to).
std::string suggestion(StringRef name, StringRef valuePart) {
  if (name.size() < 2)
    return "";
  unsigned best = std::max<unsigned>(2, name.size() / 3) + 1;
  StringRef closest;
  for (const Option &option : options())
    for (StringRef candidate : option.names) {
      unsigned distance = name.edit_distance(candidate, true, best);
      if (distance < best) {
        best = distance;
        closest = candidate;
      }
    }
  if (closest.empty())
    return "";
  return "; did you mean '" + spelling(closest) + valuePart.str() + "'?";
}

} // namespace

std::string parseCommandLine(llvm::ArrayRef<const char *> args,
                             Invocation &invocation) {
  // The first problem is the one reported; parsing goes on so that options
  // after it (--color) still count.
  std::string firstError;
  auto fail = [&](const std::string &message) {
    if (firstError.empty())
      firstError = message;
    return false;
  };
  bool onlyInputs = false;
  for (size_t i = 0; i < args.size(); ++i) {
    StringRef arg = args[i];
    if (onlyInputs || arg == "-" || !arg.starts_with("-")) {
      invocation.inputs.push_back(
          {arg.str(), invocation.options.inputLanguage});
      continue;
    }
    if (arg == "--") {
      onlyInputs = true;
      continue;
    }
    StringRef body = arg.drop_front(arg.starts_with("--") ? 2 : 1);
    if (body.starts_with("mlir-")) {
      invocation.mlirOptions.push_back("--" + body.str());
      continue;
    }
    auto [name, value] = body.split('=');
    bool hasValue = body.contains('=');
    const Option *option = findOption(name);
    if (!option && !arg.starts_with("--")) {
      // Joined values: -ofile, -O2, -MFdeps.d, -xnda.
      for (const Option &candidate : options()) {
        if (!candidate.joined)
          continue;
        for (StringRef prefix : candidate.names)
          if (body.size() > prefix.size() && body.starts_with(prefix)) {
            option = &candidate;
            value = body.drop_front(prefix.size());
            hasValue = true;
            break;
          }
        if (option)
          break;
      }
    }
    if (!option) {
      fail("unknown option '" + arg.str() + "'" +
           suggestion(name, hasValue ? "=" + value.str() : "") +
           " (see --help)");
      continue;
    }
    std::string shown = spelling(option->names.front());
    if (option->value == Value::None && hasValue) {
      fail("option " + shown + " takes no value");
      continue;
    }
    if (option->value == Value::Required && !hasValue) {
      if (i + 1 == args.size()) {
        fail("option " + shown + " needs a value (" + option->metavar.str() +
             ")");
        continue;
      }
      value = args[++i];
    }
    std::string error = option->apply(invocation, value);
    if (!error.empty())
      fail(error);
  }
  if (!firstError.empty())
    return firstError;

  // -c, -S and -emit-llvm combine as in clang.
  imex::CompileOptions &options = invocation.options;
  if (invocation.emitLLVM) {
    if (options.emit == imex::EmitKind::Assembly)
      options.emit = imex::EmitKind::LLVMIR;
    else if (options.emit == imex::EmitKind::Object)
      options.emit = imex::EmitKind::Bitcode;
    else
      return "-emit-llvm goes with -S (LLVM IR text) or -c (bitcode)";
  }
  if (!options.pipeline.empty() && !options.passPipeline.empty())
    return "--pipeline and --pass-pipeline exclude each other";
  if (options.gpuFallback == "host" && !options.passPipeline.empty())
    return "--gpu-fallback=host needs a named pipeline, not --pass-pipeline";
  if (invocation.inputs.size() > 1) {
    std::pair<bool, StringRef> singleFileOptions[] = {
        {!options.output.empty(), "-o"},
        {options.headerPath && !options.headerPath->empty(),
         "--emit-header=FILE"},
        {!options.dependencyFile.empty(), "-MF"},
        {options.emit == imex::EmitKind::Executable,
         "--emit=exe (one executable)"}};
    for (auto [given, what] : singleFileOptions)
      if (given)
        return what.str() + " names one file, but there are " +
               std::to_string(invocation.inputs.size()) +
               " inputs; compile them one at a time";
  }
  return "";
}

void applyColorChoice(const Invocation &invocation) {
  std::string color = invocation.color;
  const char *noColor = std::getenv("NO_COLOR");
  if (color == "auto" && noColor && *noColor)
    color = "never";
  // LLVM's and MLIR's diagnostic printers both ask WithColor.
  if (color == "always")
    llvm::WithColor::setAutoDetectFunction(
        [](const llvm::raw_ostream &) { return true; });
  else if (color == "never")
    llvm::WithColor::setAutoDetectFunction(
        [](const llvm::raw_ostream &) { return false; });
}

void printUsage(llvm::raw_ostream &os) {
  os << "usage: imexc [options] <input.mlir|input.nda|-> ...\n"
        "  imexc k.mlir -o k.o --emit-header   object and C/C++ header\n"
        "  imexc prog.nda --emit=exe -o prog   an executable\n"
        "imexc --help lists the options.\n";
}

void printHelp(llvm::raw_ostream &os) {
  os << "imexc: compiles MLIR and .nda array programs, with their GPU "
        "kernels as SPIR-V, to native objects\n\n";
  printUsage(os);
  os << "\nOptions (long ones also with one dash; values as --opt=V or "
        "--opt V):\n";
  for (const Option &option : options()) {
    std::string left = "  " + spelling(option.names.front());
    if (option.value == Value::Required)
      left += option.names.front() == "O" ? "<" + option.metavar.str() + ">"
                                          : " " + option.metavar.str();
    else if (option.value == Value::Optional)
      left += "[=" + option.metavar.str() + "]";
    for (StringRef alias : llvm::ArrayRef(option.names).drop_front())
      left += ", " + spelling(alias);
    os << left;
    os.indent(left.size() < 30 ? 30 - left.size() : 1);
    os << option.help << "\n";
  }
  os << "  @FILE                       Read more arguments from FILE\n"
        "\nMLIR's debugging options pass through in the form "
        "--mlir-NAME[=VALUE], e.g. --mlir-print-ir-after-all, "
        "--mlir-timing, --mlir-pass-pipeline-crash-reproducer=FILE, "
        "--mlir-print-op-on-diagnostic (see imex-opt --help).\n"
        "\nExit status: 0 on success, 1 when a compilation fails (no output "
        "is written for it), 2 for a command line imexc cannot use.\n";
}

} // namespace imexc
