//===- BufferizableOpInterfaceImpl.h - region bufferization models --------===//
#ifndef IMEX_REGION_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define IMEX_REGION_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace imex::region {
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);
} // namespace imex::region

#endif
