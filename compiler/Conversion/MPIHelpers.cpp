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
#include "mlir/Dialect/SCF/IR/SCF.h"

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

imex::PartPlacement imex::buildPartPlacement(OpBuilder &b, Location loc,
                                             Value size, Value rank,
                                             Value count, Value comm) {
  MLIRContext *ctx = b.getContext();
  Type i64 = b.getI64Type();
  // Every process's size at its rank, zeros elsewhere, summed over all.
  // (A heap buffer: the deallocation passes free it, and a gather in a
  // loop does not grow the stack.)
  Value sizes = memref::AllocOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, i64), ValueRange{count});
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 64);
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  scf::ForOp::create(b, loc, c0, count, c1, ValueRange{},
                     [&](OpBuilder &body, Location loc, Value i, ValueRange) {
                       memref::StoreOp::create(body, loc, zero, sizes, i);
                       scf::YieldOp::create(body, loc);
                     });
  memref::StoreOp::create(b, loc, arith::IndexCastOp::create(b, loc, i64, size),
                          sizes, rank);
  mpi::AllReduceOp::create(
      b, loc, Type(), sizes, sizes,
      mpi::MPI_ReductionOpEnumAttr::get(ctx, mpi::MPI_ReductionOpEnum::MPI_SUM),
      comm);
  auto sums = scf::ForOp::create(
      b, loc, c0, count, c1, ValueRange{zero, zero},
      [&](OpBuilder &body, Location loc, Value i, ValueRange sums) {
        Value part = memref::LoadOp::create(body, loc, sizes, i);
        Value below = arith::CmpIOp::create(body, loc,
                                            arith::CmpIPredicate::ult, i, rank);
        Value offset = arith::AddIOp::create(
            body, loc, sums[0],
            arith::SelectOp::create(body, loc, below, part, zero));
        Value total = arith::AddIOp::create(body, loc, sums[1], part);
        scf::YieldOp::create(body, loc, ValueRange{offset, total});
      });
  auto toIndex = [&](Value v) {
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
  };
  return {toIndex(sums.getResult(0)), toIndex(sums.getResult(1))};
}
