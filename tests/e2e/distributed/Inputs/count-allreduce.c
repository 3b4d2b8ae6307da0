// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A PMPI wrapper, preloaded into a distributed program: counts the
// MPI_Allreduce calls and the bytes each passes (count x type size), and
// every rank prints its totals at MPI_Finalize. communication.mlir checks
// them against the model in docs/distributed.md.
#include <mpi.h>
#include <stdio.h>
static long calls, bytes;
int MPI_Allreduce(const void *send, void *recv, int count, MPI_Datatype type,
                  MPI_Op op, MPI_Comm comm) {
  int size;
  MPI_Type_size(type, &size);
  ++calls;
  bytes += (long)count * size;
  return PMPI_Allreduce(send, recv, count, type, op, comm);
}
int MPI_Finalize(void) {
  int rank;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printf("rank %d: MPI_Allreduce %ld calls, %ld bytes\n", rank, calls, bytes);
  return PMPI_Finalize();
}
