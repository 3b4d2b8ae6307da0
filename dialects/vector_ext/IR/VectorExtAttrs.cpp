//===- VectorExtAttrs.cpp - nested_layout and VectorLayoutInterface -------===//

#include "vector_ext/IR/VectorExt.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::iree_compiler::IREE::VectorExt;

#include "vector_ext/IR/VectorExtAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "vector_ext/IR/VectorExtAttrs.cpp.inc"
