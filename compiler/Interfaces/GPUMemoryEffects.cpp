//===- GPUMemoryEffects.cpp - memory effects of upstream gpu ops ----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Interfaces/GPUMemoryEffects.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

namespace {

template <typename Op>
struct ThreadSyncEffects
    : MemoryEffectOpInterface::ExternalModel<ThreadSyncEffects<Op>, Op> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) const {
    auto *sync = imex::GPUThreadSyncResource::get();
    effects.emplace_back(MemoryEffects::Read::get(), sync);
    effects.emplace_back(MemoryEffects::Write::get(), sync);
    if constexpr (std::is_same_v<Op, gpu::BarrierOp>) {
      effects.emplace_back(MemoryEffects::Read::get());
      effects.emplace_back(MemoryEffects::Write::get());
    }
    if constexpr (std::is_same_v<Op, gpu::AllReduceOp>) {
      // A combiner body's ops have effects of their own; unknown ones are
      // taken to read and write all memory.
      for (Operation &nested : cast<Op>(op).getBody().getOps()) {
        if (std::optional<SmallVector<MemoryEffects::EffectInstance>> known =
                getEffectsRecursively(&nested)) {
          effects.append(known->begin(), known->end());
          continue;
        }
        effects.emplace_back(MemoryEffects::Read::get());
        effects.emplace_back(MemoryEffects::Write::get());
      }
    }
  }
};

/// A launch of an outlined kernel reads and writes the buffers it passes;
/// registering host memory touches the buffer's pages.
template <typename Op>
struct BufferOperandEffects
    : MemoryEffectOpInterface::ExternalModel<BufferOperandEffects<Op>, Op> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) const {
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<MemRefType, UnrankedMemRefType>(operand.get().getType()))
        continue;
      effects.emplace_back(MemoryEffects::Read::get(), &operand);
      effects.emplace_back(MemoryEffects::Write::get(), &operand);
    }
  }
};

} // namespace

void imex::registerGPUMemoryEffectsExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, gpu::GPUDialect *) {
    gpu::BarrierOp::attachInterface<ThreadSyncEffects<gpu::BarrierOp>>(*ctx);
    gpu::AllReduceOp::attachInterface<ThreadSyncEffects<gpu::AllReduceOp>>(
        *ctx);
    gpu::SubgroupReduceOp::attachInterface<
        ThreadSyncEffects<gpu::SubgroupReduceOp>>(*ctx);
    gpu::LaunchFuncOp::attachInterface<BufferOperandEffects<gpu::LaunchFuncOp>>(
        *ctx);
    gpu::HostRegisterOp::attachInterface<
        BufferOperandEffects<gpu::HostRegisterOp>>(*ctx);
  });
}
