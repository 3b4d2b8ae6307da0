//===- GPUXDialect.cpp - gpux dialect implementation ----------------------===//

#include "gpux/IR/GPUX.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace imex::gpux;

#include "gpux/IR/GPUXOpsDialect.cpp.inc"

void GPUXDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "gpux/IR/GPUXOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "gpux/IR/GPUXOps.cpp.inc"
