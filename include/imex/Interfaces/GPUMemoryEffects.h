//===- GPUMemoryEffects.h - memory effects of upstream gpu ops -*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_INTERFACES_GPUMEMORYEFFECTS_H
#define IMEX_INTERFACES_GPUMEMORYEFFECTS_H

#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace imex {

/// The threads of a workgroup or subgroup meeting in a collective op: a
/// resource of its own, which such ops read and write so that no pass
/// moves them across each other, while they touch no buffer.
struct GPUThreadSyncResource
    : mlir::SideEffects::Resource::Base<GPUThreadSyncResource> {
  llvm::StringRef getName() final { return "imexc.gpu_thread_sync"; }
};

/// Declares the memory effects of the gpu ops that upstream leaves without
/// any, which ownership-based buffer deallocation refuses in code written
/// with them: gpu.barrier, gpu.all_reduce and gpu.subgroup_reduce read and
/// write GPUThreadSyncResource, and gpu.barrier, which orders the threads'
/// memory accesses, also all memory (gpu.all_reduce adds its body's
/// effects); gpu.launch_func and gpu.host_register read and write their
/// memref operands.
void registerGPUMemoryEffectsExternalModels(mlir::DialectRegistry &registry);

} // namespace imex

#endif
