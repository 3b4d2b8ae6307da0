//===- MPIHelpers.cpp - small mpi dialect builders ------------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "MPIHelpers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

Value imex::buildWorldRank(OpBuilder &b, Location loc) {
  MLIRContext *ctx = b.getContext();
  Value world = mpi::CommWorldOp::create(b, loc, mpi::CommType::get(ctx));
  return mpi::CommRankOp::create(b, loc, mpi::RetvalType::get(ctx),
                                 b.getI32Type(), world)
      .getRank();
}

Value imex::buildSumOverProcesses(OpBuilder &b, Location loc, Value value,
                                  Value comm) {
  MLIRContext *ctx = b.getContext();
  if (!comm)
    comm = mpi::CommWorldOp::create(b, loc, mpi::CommType::get(ctx));
  Value slot =
      memref::AllocaOp::create(b, loc, MemRefType::get({}, value.getType()));
  memref::StoreOp::create(b, loc, value, slot);
  mpi::AllReduceOp::create(
      b, loc, Type(), slot, slot,
      mpi::MPI_ReductionOpEnumAttr::get(ctx, mpi::MPI_ReductionOpEnum::MPI_SUM),
      comm);
  return memref::LoadOp::create(b, loc, slot);
}

Value imex::buildProcessCount(OpBuilder &b, Location loc) {
  return buildSumOverProcesses(b, loc,
                               arith::ConstantIntOp::create(b, loc, 1, 32));
}
