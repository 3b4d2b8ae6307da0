//===- Passes.h - iree_vector_ext transforms ------------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IREE_VECTOR_EXT_TRANSFORMS_PASSES_H
#define IREE_VECTOR_EXT_TRANSFORMS_PASSES_H

#include "imex/Dialect/VectorExt/IR/VectorExt.h"
#include "imex/Dialect/VectorExt/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::iree_compiler::IREE::VectorExt {

#define GEN_PASS_DECL
#include "imex/Dialect/VectorExt/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "imex/Dialect/VectorExt/Transforms/Passes.h.inc"

} // namespace mlir::iree_compiler::IREE::VectorExt

#endif
