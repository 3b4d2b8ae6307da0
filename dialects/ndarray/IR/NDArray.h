//===- NDArray.h - ndarray dialect -----------------------------------------===//
#ifndef IMEX_NDARRAY_IR_NDARRAY_H
#define IMEX_NDARRAY_IR_NDARRAY_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "ndarray/IR/NDArrayOpsDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ndarray/IR/NDArrayOpsAttrs.h.inc"

#define GET_OP_CLASSES
#include "ndarray/IR/NDArrayOps.h.inc"

#endif // IMEX_NDARRAY_IR_NDARRAY_H
