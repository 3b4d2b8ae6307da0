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

} // namespace imex

#endif
