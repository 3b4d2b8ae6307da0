// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Heat diffusion on 2 MPI processes: each holds half of a 1024-cell rod
// whose left end is held at 100 degrees and right end at 0, runs 20000
// time steps of the imexc kernel (heat.mlir), and rank 0 prints the total
// heat and the temperature every 128 cells, gathered with MPI. (On another
// number of processes, the kernel's first call stops every process with
// a message.)
#include "heat.h"

#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int64_t cells = 1024, part = cells / size;
  std::vector<float> t(part, 0.0f);
  if (rank == 0)
    t[0] = 100.0f; // the hot end
  imexc_memref_1d_f32 mine{t.data(), t.data(), 0, {part}, {1}};
  const int steps = 20000;
  for (int step = 0; step < steps; ++step)
    _mlir_ciface_heat_step(&mine);

  imexc_total_heat_result total;
  _mlir_ciface_total_heat(&total, &mine);
  std::vector<float> rod(rank == 0 ? cells : 0);
  MPI_Gather(t.data(), int(part), MPI_FLOAT, rod.data(), int(part), MPI_FLOAT,
             0, MPI_COMM_WORLD);
  if (rank == 0) {
    std::printf("after %d steps: total heat %.1f\n", steps,
                total.r0.aligned[0]);
    for (int64_t i = 0; i < cells; i += 128)
      std::printf("  cell %4lld: %6.2f\n", (long long)i, rod[i]);
  }
  std::free(total.r0.allocated);
  MPI_Finalize();
  return 0;
}
