//===- Driver.h - the imexc compilation flow ------------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Everything imexc does after its command line is parsed: read the input,
// run a named or custom pipeline, and write MLIR, LLVM IR, assembly, an
// object, a C header or a linked executable. Kept free of the CLI library so
// it builds without exceptions and can be driven from tests.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_DRIVER_DRIVER_H
#define IMEX_DRIVER_DRIVER_H

#include "imex/Target/LLVMEmission.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace imex {

enum class EmitKind {
  Object,
  Assembly,
  LLVMIR,
  Bitcode,
  MLIR,
  SPIRV,
  Executable
};

struct CompileOptions {
  std::string input = "-"; ///< "-" reads standard input
  /// "mlir" or "nda"; empty: from the input's extension (stdin: MLIR).
  std::string inputLanguage;
  std::string output;       ///< empty: derived from the input and EmitKind
  std::string pipeline;     ///< a named pipeline; empty: chosen by content
  std::string passPipeline; ///< a textual pipeline; overrides `pipeline`
  /// Options of the named pipelines ("vector-bits=256 num-threads=4"),
  /// applied after those the other fields imply.
  std::string pipelineOptions;
  EmitKind emit = EmitKind::Object;
  /// Set when a header is requested; empty: next to the output, ".h".
  std::optional<std::string> headerPath;
  NativeTargetOptions target;
  /// Which SPIR-V flavours GPU kernels are embedded in: "auto" (OpenCL for
  /// Level Zero and Vulkan, so one object runs anywhere), "level-zero" or
  /// "vulkan".
  std::string gpuRuntime = "auto";
  /// --offload: "none" or "gpu" (every linalg op on the GPU).
  std::string offload = "none";
  /// --mpi: the MPI implementation of distributed programs, "mpich" or
  /// "openmpi".
  std::string mpi = "mpich";
  /// --distributed-arrays: how exported distributed functions take arrays,
  /// "local" (each process's part) or "root" (whole on rank 0).
  std::string distributedArrays = "local";
  /// --gpu-fallback: "none" or "host" (the object also carries the host
  /// versions of its GPU code, run when no device can; HostFallback.h).
  std::string gpuFallback = "none";
  /// Dependency file (-MD/-MF); empty: none.
  std::string dependencyFile;
  /// Its targets (-MT); empty: the output.
  std::vector<std::string> dependencyTargets;
  /// -MP: a phony target for each prerequisite, so that deleting one does
  /// not break the build.
  bool phonyDependencies = false;
  /// -Werror: warnings are reported, and fail the compilation, as errors.
  bool warningsAsErrors = false;
  /// Print the pipeline that runs to stderr (--print-pipeline).
  bool printPipeline = false;
  /// -###: print the pipeline and what would be written, write nothing.
  bool dryRun = false;
  /// Directory for every intermediate (IR after each pass, LLVM IR).
  std::string saveTempsDir;
  /// Path of the imexc executable, used to find the runtime library.
  std::string executablePath;
  bool verbose = false;
};

/// The output file name for `options` when none was given.
std::string defaultOutputPath(const CompileOptions &options);

/// The "imexc: error: " prefix of the driver's own messages on stderr (in
/// color when stderr shows colors).
llvm::raw_ostream &errorLine();

/// Checks the pipeline choice of `options` (--pipeline names a pipeline,
/// --pass-pipeline parses, --pipeline-options are options of the named
/// pipelines) before anything is compiled; returns the message, or "".
std::string checkPipelineOptions(const CompileOptions &options);

/// Runs one compilation. Diagnostics (with file:line:col where known) go to
/// stderr; returns 0 on success, 1 on failure, with no partial output left.
int compile(const CompileOptions &options);

/// Exit status of a compilation that crashed.
constexpr int kInternalErrorStatus = 70;

/// imex::compile on a thread with a large stack (deep nesting gets a
/// diagnostic, not a stack overflow). A crash inside it (MLIR's parser, a
/// pass, LLVM) is reported as an internal compiler error, and
/// kInternalErrorStatus returned: the state of the process is then unknown,
/// so callers should end it.
int compileSafely(const CompileOptions &options);

/// Prints every named pipeline with its summary and the passes it runs for
/// `options` (-O level, target, --pipeline-options). Returns the exit code.
int listPipelines(const CompileOptions &options, llvm::raw_ostream &os);

} // namespace imex

#endif
