// Driver of local-parts.mlir: every process builds its part of the global
// array a[i] = i + 1 (12 elements, split evenly), calls the distributed
// function, and checks its part of a * 2.5 and the whole sum; rank 0
// reports.
#include "kernels.h"

#include <mpi.h>

#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int64_t n = 12, part = n / size, first = rank * part;
  std::vector<float> a(part);
  for (int64_t j = 0; j < part; ++j)
    a[j] = float(first + j + 1);
  imexc_memref_1d_f32 arg{a.data(), a.data(), 0, {part}, {1}};
  imexc_scale_and_sum_result result;
  _mlir_ciface_scale_and_sum(&result, &arg, 2.5f);

  int bad = result.r0.sizes[0] != part ? 1 : 0;
  for (int64_t j = 0; !bad && j < part; ++j)
    if (result.r0.aligned[j] != a[j] * 2.5f) {
      std::printf("FAIL rank %d element %lld: %g\n", rank, (long long)j,
                  result.r0.aligned[j]);
      bad = 1;
    }
  const float total = 2.5f * n * (n + 1) / 2;
  if (result.r1.aligned[0] != total) {
    std::printf("FAIL rank %d total %g, want %g\n", rank, result.r1.aligned[0],
                total);
    bad = 1;
  }
  int anyBad = 0;
  MPI_Allreduce(&bad, &anyBad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0 && !anyBad)
    std::printf("ok: %lld elements on %d processes\n", (long long)n, size);
  MPI_Finalize();
  return anyBad;
}
