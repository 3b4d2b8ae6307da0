//===- GPUX.h - gpux dialect -----------------------------------------------===//
#ifndef IMEX_GPUX_IR_GPUX_H
#define IMEX_GPUX_IR_GPUX_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "gpux/IR/GPUXOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "gpux/IR/GPUXOps.h.inc"

#endif // IMEX_GPUX_IR_GPUX_H
