//===- Nda.h - nda dialect: variables of the .nda language ------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_NDA_IR_NDA_H
#define IMEX_NDA_IR_NDA_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/MemorySlotInterfaces.h"

#include "imex/Dialect/Nda/IR/NdaOpsDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "imex/Dialect/Nda/IR/NdaOpsTypes.h.inc"

#define GET_OP_CLASSES
#include "imex/Dialect/Nda/IR/NdaOps.h.inc"

#endif
