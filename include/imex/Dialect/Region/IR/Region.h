//===- Region.h - region dialect ------------------------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_REGION_IR_REGION_H
#define IMEX_REGION_IR_REGION_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "imex/Dialect/Region/IR/RegionOpsDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "imex/Dialect/Region/IR/RegionOpsAttrs.h.inc"

#define GET_OP_CLASSES
#include "imex/Dialect/Region/IR/RegionOps.h.inc"

namespace imex::region {

/// True iff `op` is an env_region whose environment is a GPUEnvAttr.
bool isGpuRegion(EnvironmentRegionOp op);

/// True iff the nearest enclosing env_region of `op` is a GPU region. A nested
/// non-GPU region hides an outer GPU one.
bool isInGpuRegion(mlir::Operation *op);

/// True for the workgroup sizes kernels may ask for: powers of two from 1
/// to 1024 (the limit Vulkan guarantees).
bool isValidWorkgroupSize(uint64_t threads);

/// The environment of the nearest enclosing env_region of `op` if it is a
/// GPU one, else null.
GPUEnvAttr getEnclosingGpuEnv(mlir::Operation *op);

} // namespace imex::region

#endif // IMEX_REGION_IR_REGION_H
