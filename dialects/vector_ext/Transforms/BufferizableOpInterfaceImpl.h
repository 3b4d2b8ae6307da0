//===- BufferizableOpInterfaceImpl.h - gather/scatter bufferization -------===//
#ifndef IREE_VECTOR_EXT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define IREE_VECTOR_EXT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::iree_compiler::IREE::VectorExt {
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);
} // namespace mlir::iree_compiler::IREE::VectorExt

#endif
