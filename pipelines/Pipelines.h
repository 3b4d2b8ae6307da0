//===- Pipelines.h - the registry of named pipelines ----------------------===//
//
// Every named pipeline is a textual pass pipeline plus a one-line summary, so
// imex-opt (`--<name>`, `--pass-pipeline`) and imexc (`--pipeline=<name>`,
// `--list-pipelines`) see exactly the same thing.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_PIPELINES_PIPELINES_H
#define IMEX_PIPELINES_PIPELINES_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace imex {

struct NamedPipeline {
  llvm::StringRef name;
  llvm::StringRef summary;
  /// Pass pipeline elements, as accepted inside `builtin.module(...)`.
  llvm::StringRef passes;
};

/// All named pipelines, in the order they are listed to users.
llvm::ArrayRef<NamedPipeline> getNamedPipelines();

/// The pipeline called `name`, or null.
const NamedPipeline *lookupNamedPipeline(llvm::StringRef name);

/// Appends the passes of `pipeline` to `pm` (anchored on builtin.module).
mlir::LogicalResult addNamedPipeline(const NamedPipeline &pipeline,
                                     mlir::OpPassManager &pm,
                                     llvm::raw_ostream &errors);

/// Registers every named pipeline as a pass pipeline (`--<name>`).
void registerNamedPipelines();

} // namespace imex

#endif
