//===- MPIMemoryEffects.h - memory effects of upstream mpi ops --*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_INTERFACES_MPIMEMORYEFFECTS_H
#define IMEX_INTERFACES_MPIMEMORYEFFECTS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace imex {

/// Declares the memory effects of the mpi ops: those of the blocking ops
/// with buffers (allreduce, send, recv) on them, and of every op on the MPI
/// library's state, so that buffer deallocation can place frees around
/// them (upstream declares no effects, which the deallocation pipeline
/// refuses).
/// The non-blocking isend/irecv use their buffer until mpi.wait and stay
/// without a model: deallocation refuses them instead of freeing early.
void registerMPIMemoryEffectsExternalModels(mlir::DialectRegistry &registry);

} // namespace imex

#endif
