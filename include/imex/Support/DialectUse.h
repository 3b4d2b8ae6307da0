//===- DialectUse.h - which dialects a piece of IR uses ---------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_SUPPORT_DIALECTUSE_H
#define IMEX_SUPPORT_DIALECTUSE_H

#include "mlir/IR/Dialect.h"
#include "mlir/IR/Operation.h"

namespace imex {

/// True if `root`, or an op nested in it, belongs to the dialect whose
/// namespace is `dialect` ("shard", "mpi", ...). Unregistered ops belong
/// to none.
inline bool usesDialect(mlir::Operation *root, llvm::StringRef dialect) {
  return root
      ->walk([&](mlir::Operation *op) {
        mlir::Dialect *owner = op->getDialect();
        return owner && owner->getNamespace() == dialect
                   ? mlir::WalkResult::interrupt()
                   : mlir::WalkResult::advance();
      })
      .wasInterrupted();
}

} // namespace imex

#endif
