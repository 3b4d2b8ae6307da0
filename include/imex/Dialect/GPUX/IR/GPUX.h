//===- GPUX.h - gpux dialect ------------------------------------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_GPUX_IR_GPUX_H
#define IMEX_GPUX_IR_GPUX_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
// gpux ops use !gpu.async.token and gpu::AsyncOpInterface, and launch_func
// builds from a gpu::GPUFuncOp.
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "imex/Dialect/GPUX/IR/GPUXOpsDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "imex/Dialect/GPUX/IR/GPUXOpsTypes.h.inc"

#define GET_OP_CLASSES
#include "imex/Dialect/GPUX/IR/GPUXOps.h.inc"

#endif // IMEX_GPUX_IR_GPUX_H
