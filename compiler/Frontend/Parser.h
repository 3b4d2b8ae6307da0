//===- Parser.h - lexer and parser of the .nda array language ---*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_FRONTEND_PARSER_H
#define IMEX_FRONTEND_PARSER_H

#include "AST.h"
#include "Diagnostics.h"

#include <memory>

namespace imex::nda {

/// Parses the buffer `bufferId` of `sourceMgr`. Syntax errors are reported
/// to `diags` (the parser recovers at the next statement or definition);
/// the returned module holds everything that parsed.
std::unique_ptr<Module> parseModule(llvm::SourceMgr &sourceMgr,
                                    unsigned bufferId, DiagEngine &diags);

} // namespace imex::nda

#endif
