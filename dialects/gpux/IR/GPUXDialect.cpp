//===- GPUXDialect.cpp - gpux dialect implementation ----------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/GPUX/IR/GPUX.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h" // used by the generated type printer

using namespace mlir;
using namespace imex::gpux;

#include "imex/Dialect/GPUX/IR/GPUXOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "imex/Dialect/GPUX/IR/GPUXOpsTypes.cpp.inc"

void GPUXDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "imex/Dialect/GPUX/IR/GPUXOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "imex/Dialect/GPUX/IR/GPUXOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

Type GPUXDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Type type;
  OptionalParseResult parsed = generatedTypeParser(parser, &mnemonic, type);
  if (!parsed.has_value()) {
    parser.emitError(loc) << "unknown type `!gpux." << mnemonic << "`";
    return {};
  }
  if (failed(*parsed))
    return {};
  // Every gpux type is parameterless.
  if (succeeded(parser.parseOptionalLess())) {
    parser.emitError(loc) << "type " << type << " does not take parameters";
    return {};
  }
  return type;
}

void GPUXDialect::printType(Type type, DialectAsmPrinter &printer) const {
  // Only gpux types reach here, and each has a generated printer.
  (void)generatedTypePrinter(type, printer);
}

//===----------------------------------------------------------------------===//
// CreateStreamOp
//===----------------------------------------------------------------------===//

void CreateStreamOp::build(OpBuilder &builder, OperationState &result,
                           Value device, Value context) {
  // SameVariadicOperandSize: a stream is created either from both handles or
  // from none.
  assert(static_cast<bool>(device) == static_cast<bool>(context) &&
         "create_stream takes both a device and a context, or neither");
  if (device)
    result.addOperands({device, context});
  result.addTypes(StreamType::get(builder.getContext()));
}

//===----------------------------------------------------------------------===//
// LaunchFuncOp
//===----------------------------------------------------------------------===//

void LaunchFuncOp::build(OpBuilder &builder, OperationState &result,
                         Value stream, gpu::GPUFuncOp kernelFunc,
                         gpu::KernelDim3 gridSize, gpu::KernelDim3 blockSize,
                         Value dynamicSharedMemorySize,
                         ValueRange kernelOperands, Type asyncTokenType,
                         ValueRange asyncDependencies) {
  auto kernelModule = kernelFunc->getParentOfType<gpu::GPUModuleOp>();
  assert(kernelModule && "kernel gpu.func must be nested in a gpu.module");
  auto kernel =
      SymbolRefAttr::get(kernelModule.getNameAttr(),
                         {SymbolRefAttr::get(kernelFunc.getNameAttr())});
  build(builder, result, asyncTokenType, asyncDependencies, stream, kernel,
        gridSize.x, gridSize.y, gridSize.z, blockSize.x, blockSize.y,
        blockSize.z, dynamicSharedMemorySize, kernelOperands);
}

#define GET_OP_CLASSES
#include "imex/Dialect/GPUX/IR/GPUXOps.cpp.inc"
