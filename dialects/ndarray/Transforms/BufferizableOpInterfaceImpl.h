//===- BufferizableOpInterfaceImpl.h - ndarray bufferization models -------===//
#ifndef IMEX_NDARRAY_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define IMEX_NDARRAY_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace imex::ndarray {
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);
} // namespace imex::ndarray

#endif
