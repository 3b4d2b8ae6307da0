//===- VectorExtDialect.cpp - iree_vector_ext dialect registration --------===//

#include "vector_ext/IR/VectorExt.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

#include "vector_ext/IR/VectorExtDialect.cpp.inc"

void IREEVectorExtDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "vector_ext/IR/VectorExtAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "vector_ext/IR/VectorExtLayoutOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "vector_ext/IR/VectorExtOps.cpp.inc"
      >();
}
