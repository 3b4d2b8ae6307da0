//===- MPIMemoryEffects.cpp - memory effects of upstream mpi ops ----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Interfaces/MPIMemoryEffects.h"

#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {

/// Every op also talks to the MPI library: a write to the default resource
/// keeps it in place relative to other such ops. Ops with buffers also
/// read (send) or write (receive) them.
template <typename Op>
struct MPIBufferEffects
    : MemoryEffectOpInterface::ExternalModel<MPIBufferEffects<Op>, Op> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) const {
    [[maybe_unused]] auto mpiOp = cast<Op>(op);
    effects.emplace_back(MemoryEffects::Write::get());
    if constexpr (std::is_same_v<Op, mpi::AllReduceOp>) {
      effects.emplace_back(MemoryEffects::Read::get(),
                           &mpiOp.getSendbufMutable());
      effects.emplace_back(MemoryEffects::Write::get(),
                           &mpiOp.getRecvbufMutable());
    } else if constexpr (std::is_same_v<Op, mpi::SendOp>) {
      effects.emplace_back(MemoryEffects::Read::get(), &mpiOp.getRefMutable());
    } else if constexpr (std::is_same_v<Op, mpi::RecvOp>) {
      effects.emplace_back(MemoryEffects::Write::get(), &mpiOp.getRefMutable());
    }
  }
};

} // namespace

void imex::registerMPIMemoryEffectsExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, mpi::MPIDialect *) {
    mpi::AllReduceOp::attachInterface<MPIBufferEffects<mpi::AllReduceOp>>(*ctx);
    mpi::SendOp::attachInterface<MPIBufferEffects<mpi::SendOp>>(*ctx);
    mpi::RecvOp::attachInterface<MPIBufferEffects<mpi::RecvOp>>(*ctx);
    // Ops without buffers: only the library's own state.
    mpi::InitOp::attachInterface<MPIBufferEffects<mpi::InitOp>>(*ctx);
    mpi::FinalizeOp::attachInterface<MPIBufferEffects<mpi::FinalizeOp>>(*ctx);
    mpi::CommWorldOp::attachInterface<MPIBufferEffects<mpi::CommWorldOp>>(*ctx);
    mpi::CommRankOp::attachInterface<MPIBufferEffects<mpi::CommRankOp>>(*ctx);
    mpi::CommSizeOp::attachInterface<MPIBufferEffects<mpi::CommSizeOp>>(*ctx);
    mpi::CommSplitOp::attachInterface<MPIBufferEffects<mpi::CommSplitOp>>(*ctx);
    mpi::RetvalCheckOp::attachInterface<MPIBufferEffects<mpi::RetvalCheckOp>>(
        *ctx);
    mpi::ErrorClassOp::attachInterface<MPIBufferEffects<mpi::ErrorClassOp>>(
        *ctx);
  });
}
