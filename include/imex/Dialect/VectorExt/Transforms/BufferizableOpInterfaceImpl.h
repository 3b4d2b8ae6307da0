//===- BufferizableOpInterfaceImpl.h - gather/scatter bufferization -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IREE_VECTOR_EXT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define IREE_VECTOR_EXT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::iree_compiler::IREE::VectorExt {
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);
} // namespace mlir::iree_compiler::IREE::VectorExt

#endif
