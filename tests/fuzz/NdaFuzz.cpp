//===- NdaFuzz.cpp - libFuzzer target for the .nda frontend ---------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Feeds arbitrary bytes to the .nda lexer and parser and, when the input
// parses, to the type checker and IR emitter (importNdaSource). Diagnostics
// are discarded: the only failures are crashes, sanitizer reports and
// timeouts. Run by the `nda-fuzz` ctest entry on the tests/frontend/*.nda
// seed corpus.
//
//===----------------------------------------------------------------------===//

#include "Parser.h"
#include "imex/Frontend/Frontend.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

namespace {

mlir::MLIRContext &fuzzContext() {
  // One context for all inputs: creating one per input dominates the run
  // time. Threading is off so no worker pool is started.
  static mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  static bool initialized = false;
  if (!initialized) {
    // Drop MLIR diagnostics (e.g. a verifier failure) like the frontend's.
    context.getDiagEngine().registerHandler(
        [](mlir::Diagnostic &) { return mlir::success(); });
    initialized = true;
  }
  return context;
}

unsigned addBuffer(llvm::SourceMgr &sourceMgr, const uint8_t *data,
                   size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  return sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz.nda"), llvm::SMLoc());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  {
    llvm::SourceMgr sourceMgr;
    unsigned id = addBuffer(sourceMgr, data, size);
    imex::nda::DiagEngine diags(sourceMgr, llvm::nulls());
    std::unique_ptr<imex::nda::Module> ast =
        imex::nda::parseModule(sourceMgr, id, diags);
    if (!ast || diags.errorCount() > 0)
      return 0;
  }
  // Syntactically valid: type-check and emit IR (this parses again, with
  // its own diagnostics engine).
  llvm::SourceMgr sourceMgr;
  unsigned id = addBuffer(sourceMgr, data, size);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      imex::nda::importNdaSource(sourceMgr, id, &fuzzContext(), llvm::nulls());
  (void)module;
  return 0;
}
