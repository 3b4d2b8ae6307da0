//===- VectorExtLayoutOps.cpp - to_layout, to_simd, to_simt ---------------===//

#include "vector_ext/IR/VectorExt.h"

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

#define GET_OP_CLASSES
#include "vector_ext/IR/VectorExtLayoutOps.cpp.inc"
