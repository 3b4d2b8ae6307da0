//===- VectorExtOps.cpp - transfer_gather/scatter, arg_compare, yield -----===//

#include "vector_ext/IR/VectorExt.h"

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

#include "vector_ext/IR/VectorExtOpInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "vector_ext/IR/VectorExtOps.cpp.inc"
