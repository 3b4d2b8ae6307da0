//===- VectorExt.h - iree_vector_ext dialect --------------------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IREE_VECTOR_EXT_IR_VECTOREXT_H
#define IREE_VECTOR_EXT_IR_VECTOREXT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

#include "imex/Dialect/VectorExt/IR/VectorExtDialect.h.inc"

#include "imex/Dialect/VectorExt/IR/VectorExtAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "imex/Dialect/VectorExt/IR/VectorExtAttrs.h.inc"

#include "imex/Dialect/VectorExt/IR/VectorExtOpInterfaces.h.inc"

#define GET_OP_CLASSES
#include "imex/Dialect/VectorExt/IR/VectorExtLayoutOps.h.inc"

#define GET_OP_CLASSES
#include "imex/Dialect/VectorExt/IR/VectorExtOps.h.inc"

#endif // IREE_VECTOR_EXT_IR_VECTOREXT_H
