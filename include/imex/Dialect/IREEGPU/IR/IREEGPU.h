//===- IREEGPU.h - IREE's GPU attributes, held as written -------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_DIALECT_IREEGPU_IR_IREEGPU_H
#define IMEX_DIALECT_IREEGPU_IR_IREEGPU_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

#include "imex/Dialect/IREEGPU/IR/IREEGPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "imex/Dialect/IREEGPU/IR/IREEGPUAttrs.h.inc"

#endif
