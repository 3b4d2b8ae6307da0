//===- BufferizableOpInterfaceImpl.cpp - ndarray bufferization models -----===//

#include "ndarray/Transforms/BufferizableOpInterfaceImpl.h"
#include "ndarray/IR/NDArray.h"

#include "mlir/IR/DialectRegistry.h"

void imex::ndarray::registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry) {}
