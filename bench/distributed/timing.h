// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Timing of a collective computation for the distributed benchmark
// drivers.
#ifndef IMEXC_BENCH_DISTRIBUTED_TIMING_H
#define IMEXC_BENCH_DISTRIBUTED_TIMING_H

#include <mpi.h>

#include <algorithm>

/// The best of `reps` timed runs of `call` (after one untimed run), each
/// taking as long as its slowest process.
template <typename F> double bestTime(int reps, F call) {
  call();
  double bestSeconds = 1e30;
  for (int r = 0; r < reps; ++r) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    call();
    double seconds = MPI_Wtime() - t0;
    MPI_Allreduce(MPI_IN_PLACE, &seconds, 1, MPI_DOUBLE, MPI_MAX,
                  MPI_COMM_WORLD);
    bestSeconds = std::min(bestSeconds, seconds);
  }
  return bestSeconds;
}

#endif
