//===- ClientAPIOption.h - the client-api option of IMEX's passes -*- C++
//-*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to compiler/CodeGen.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_CODEGEN_CLIENTAPIOPTION_H
#define IMEX_CODEGEN_CLIENTAPIOPTION_H

#include "imex/CodeGen/KernelBinary.h"

#include "mlir/IR/Operation.h"

#include <optional>

namespace imex::codegen {

/// The flavour that the `client-api` option of IMEX's SPIR-V passes names
/// (opencl or vulkan); reports it at `op` otherwise.
inline std::optional<SPIRVFlavour> flavourOfClientAPI(mlir::Operation *op,
                                                      llvm::StringRef api) {
  std::optional<SPIRVFlavour> flavour = parseFlavour(api);
  if (!flavour)
    op->emitError("Invalid clientAPI: ") << api;
  return flavour;
}

} // namespace imex::codegen

#endif
