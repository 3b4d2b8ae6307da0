//===- Diagnostics.h - error reporting of the .nda frontend -----*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Errors are printed as `file:line:col: error: message`, followed by the
// source line and a caret, through llvm::SourceMgr.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_FRONTEND_DIAGNOSTICS_H
#define IMEX_FRONTEND_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace imex::nda {

class DiagEngine {
public:
  /// Reports to `os` (stderr by default).
  explicit DiagEngine(llvm::SourceMgr &sourceMgr,
                      llvm::raw_ostream &os = llvm::errs())
      : sourceMgr(sourceMgr), os(os) {}

  void error(llvm::SMLoc loc, const llvm::Twine &message) {
    ++errors;
    if (errors > kMaxErrors)
      return;
    print(loc, llvm::SourceMgr::DK_Error, message);
    if (errors == kMaxErrors)
      os << "note: too many errors, stopping\n";
  }
  void note(llvm::SMLoc loc, const llvm::Twine &message) {
    if (errors <= kMaxErrors)
      print(loc, llvm::SourceMgr::DK_Note, message);
  }

  unsigned errorCount() const { return errors; }
  bool tooMany() const { return errors >= kMaxErrors; }

  static constexpr unsigned kMaxErrors = 50;

private:
  /// SourceMgr's format; on a line with UTF-8 text (which SourceMgr shows
  /// without a caret), columns and the caret count characters, not bytes.
  void print(llvm::SMLoc loc, llvm::SourceMgr::DiagKind kind,
             const llvm::Twine &message);

  llvm::SourceMgr &sourceMgr;
  llvm::raw_ostream &os;
  unsigned errors = 0;
};

} // namespace imex::nda

#endif
