//===- BufferizableOpInterfaceImpl.cpp - gather/scatter bufferization -----===//

#include "vector_ext/Transforms/BufferizableOpInterfaceImpl.h"
#include "vector_ext/IR/VectorExt.h"

#include "mlir/IR/DialectRegistry.h"

void mlir::iree_compiler::IREE::VectorExt::
    registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry) {}
