//===- NDArrayDialect.cpp - ndarray dialect and attributes ----------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Dialect/NDArray/IR/NDArray.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace imex::ndarray;

#include "imex/Dialect/NDArray/IR/NDArrayOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "imex/Dialect/NDArray/IR/NDArrayOpsAttrs.cpp.inc"

void NDArrayDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "imex/Dialect/NDArray/IR/NDArrayOpsAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "imex/Dialect/NDArray/IR/NDArrayOps.cpp.inc"
      >();
}

imex::region::GPUEnvAttr imex::ndarray::getGPUEnv(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType)
    return {};
  auto envs = dyn_cast_or_null<EnvsAttr>(tensorType.getEncoding());
  if (!envs)
    return {};
  for (Attribute env : envs.getEnvs())
    if (auto gpuEnv = dyn_cast<region::GPUEnvAttr>(env))
      return gpuEnv;
  return {};
}
