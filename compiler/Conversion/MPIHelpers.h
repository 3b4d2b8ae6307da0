//===- MPIHelpers.h - small mpi dialect builders ----------------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_CONVERSION_MPIHELPERS_H
#define IMEX_CONVERSION_MPIHELPERS_H

#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/IR/Builders.h"

namespace imex {

/// This process's rank in MPI_COMM_WORLD (i32).
mlir::Value buildWorldRank(mlir::OpBuilder &b, mlir::Location loc);

/// The number of processes (i32), as the sum of a 1 from each:
/// mpi.comm_size has no LLVM lowering upstream (LLVM 22).
mlir::Value buildProcessCount(mlir::OpBuilder &b, mlir::Location loc);

/// `value` (an integer scalar) summed over the processes of `comm` (all
/// of them without one).
mlir::Value buildSumOverProcesses(mlir::OpBuilder &b, mlir::Location loc,
                                  mlir::Value value, mlir::Value comm = {});

/// Where this process's part of a dimension lies among the parts of the
/// `count` processes of `comm`, in rank order, from each process's `size`:
/// the sum of the sizes of the ranks below `rank` (this process's), and
/// the sum of all. Index values in and out. One MPI_Allreduce of a size
/// per process: parts need not be the blocks a split makes (a view's).
struct PartPlacement {
  mlir::Value offset;
  mlir::Value total;
};
PartPlacement buildPartPlacement(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value size, mlir::Value rank,
                                 mlir::Value count, mlir::Value comm);

} // namespace imex

#endif
