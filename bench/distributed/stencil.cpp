// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Distributed stencil benchmark driver: every process holds its part of an
// array of N floats and runs 10 Jacobi sweeps through the imexc kernel
// (jacobi.mlir, compiled for the process count; it updates the part in
// place and exchanges halos itself), then the same sweeps as the anchor:
// clang++ -O3 OpenMP hand loops with an MPI_Sendrecv halo exchange. Both
// results are compared. Rank 0 prints:
//   jacobi-<N> <processes> <threads> <imexc seconds> <hand loop seconds>
#include "kernels.h"
#include "timing.h"

#include <mpi.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int kSweeps = 10;

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int64_t n = std::atoll(argv[1]);
  const int64_t part = n / size; // run.sh's sizes divide evenly
  const int64_t first = rank * part;
  auto initial = [&](int64_t i) { return float((first + i) % 13); };

  std::vector<float> mine(part);
  double imexcSeconds = bestTime(5, [&] {
    for (int64_t i = 0; i < part; ++i)
      mine[i] = initial(i);
    imexc_memref_1d_f32 x{mine.data(), mine.data(), 0, {part}, {1}};
    for (int s = 0; s < kSweeps; ++s)
      _mlir_ciface_jacobi(&x);
  });

  // Hand loops: x and y with one halo element on either side.
  std::vector<float> x(part + 2), y(part + 2);
  const int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int right = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;
  double handSeconds = bestTime(5, [&] {
    for (int64_t i = 0; i < part; ++i)
      x[i + 1] = initial(i);
    for (int s = 0; s < kSweeps; ++s) {
      MPI_Sendrecv(&x[1], 1, MPI_FLOAT, left, 0, &x[part + 1], 1, MPI_FLOAT,
                   right, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Sendrecv(&x[part], 1, MPI_FLOAT, right, 1, &x[0], 1, MPI_FLOAT, left,
                   1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      // The array's own ends keep their values.
      const int64_t lo = rank == 0 ? 2 : 1;
      const int64_t hi = rank == size - 1 ? part - 1 : part;
      y[1] = x[1];
      y[part] = x[part];
      float *xs = x.data(), *ys = y.data();
#pragma omp parallel for simd
      for (int64_t i = lo; i <= hi; ++i)
        ys[i] = (xs[i - 1] + xs[i + 1]) * 0.5f;
      std::swap(x, y);
    }
  });

  int bad = 0;
  for (int64_t i = 0; i < part && !bad; ++i)
    if (std::fabs(mine[i] - x[i + 1]) > 1e-5f) {
      std::fprintf(stderr, "FAIL rank %d element %lld: imexc %g, hand %g\n",
                   rank, (long long)(first + i), mine[i], x[i + 1]);
      bad = 1;
    }
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("jacobi-%lld %d %d %.6e %.6e\n", (long long)n, size,
                omp_get_max_threads(), imexcSeconds, handSeconds);
  MPI_Finalize();
  return bad;
}
