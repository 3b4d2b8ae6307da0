//===- BufferizableOpInterfaceImpl.h - ndarray bufferization models -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
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
