//===- PromotableRegionOpInterfaceImpl.h - region op models ---------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// External PromotableRegionOpInterface models for scf, affine and region
// ops, so that mem2reg promotes slots through them.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_INTERFACES_PROMOTABLEREGIONOPINTERFACEIMPL_H
#define IMEX_INTERFACES_PROMOTABLEREGIONOPINTERFACEIMPL_H

#include "llvm/ADT/ArrayRef.h"

#include <utility>

namespace mlir {
class DialectRegistry;
class Operation;
class RewriterBase;
} // namespace mlir

namespace imex {
/// Attaches the models to scf.{if,for,while,execute_region,index_switch}
/// (loads and stores), scf.{forall,parallel,reduce} (loads only),
/// affine.{for,if} and region.env_region (loads and stores).
void registerPromotableRegionOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);

/// `added` lists results (op, result number) that these models gave region
/// ops for promoted slots. Removes those that nothing needs in the end,
/// together with the values yielded for them and, for loops, their
/// iteration arguments and inits; values that only feed each other
/// (e.g. around a loop through a nested if) go too. Entries of other ops,
/// and scf.while results, are left alone.
void pruneUnusedPromotionResults(
    llvm::ArrayRef<std::pair<mlir::Operation *, unsigned>> added,
    mlir::RewriterBase &rewriter);
} // namespace imex

#endif // IMEX_INTERFACES_PROMOTABLEREGIONOPINTERFACEIMPL_H
