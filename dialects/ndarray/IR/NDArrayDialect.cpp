//===- NDArrayDialect.cpp - ndarray dialect implementation ----------------===//

#include "ndarray/IR/NDArray.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace imex::ndarray;

#include "ndarray/IR/NDArrayOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ndarray/IR/NDArrayOpsAttrs.cpp.inc"

void NDArrayDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ndarray/IR/NDArrayOpsAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ndarray/IR/NDArrayOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "ndarray/IR/NDArrayOps.cpp.inc"
