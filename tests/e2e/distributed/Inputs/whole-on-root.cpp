// Driver of whole-on-root.mlir: rank 0 holds the arrays (a[i] = i + 1, 10
// elements; m[i][j] = 3 i + j, 7x3); the other processes pass descriptors
// with null pointers. Every process checks the whole results it gets, and
// that the kernels' first call gave it its share of the cores for OpenMP;
// rank 0 reports.
#include "kernels.h"

#include <mpi.h>
#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int defaultThreads = omp_get_max_threads();
  int bad = 0;
  auto fail = [&](const char *what, long long i, double got) {
    std::printf("FAIL rank %d %s %lld: %g\n", rank, what, i, got);
    bad = 1;
  };

  const int64_t n = 10;
  std::vector<float> a;
  imexc_memref_1d_f32 aArg{nullptr, nullptr, 0, {0}, {1}};
  if (rank == 0) {
    for (int64_t i = 0; i < n; ++i)
      a.push_back(float(i + 1));
    aArg = imexc_memref_1d_f32{a.data(), a.data(), 0, {n}, {1}};
  }
  imexc_scale_and_sum_result scaled;
  _mlir_ciface_scale_and_sum(&scaled, &aArg, 2.5f);
  if (scaled.r0.sizes[0] != n)
    fail("size", 0, double(scaled.r0.sizes[0]));
  for (int64_t i = 0; !bad && i < n; ++i)
    if (scaled.r0.aligned[i] != 2.5f * float(i + 1))
      fail("element", i, scaled.r0.aligned[i]);
  if (scaled.r1.aligned[0] != 2.5f * n * (n + 1) / 2)
    fail("total", 0, scaled.r1.aligned[0]);
  std::free(scaled.r0.allocated);
  std::free(scaled.r1.allocated);

  std::vector<double> m;
  imexc_memref_2d_f64 mArg{nullptr, nullptr, 0, {7, 3}, {3, 1}};
  if (rank == 0) {
    for (int i = 0; i < 7; ++i)
      for (int j = 0; j < 3; ++j)
        m.push_back(3.0 * i + j);
    mArg.allocated = mArg.aligned = m.data();
  }
  imexc_column_sums_result sums;
  _mlir_ciface_column_sums(&sums, &mArg);
  for (int j = 0; j < 3; ++j)
    if (sums.r0.aligned[j] != 63.0 + 7 * j) // the sum over i of 3 i + j
      fail("column sum", j, sums.r0.aligned[j]);
  std::free(sums.r0.allocated);

  // mpiexec runs every process on this machine.
  const int share =
      size > 1 && !std::getenv("OMP_NUM_THREADS")
          ? int(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN) / size))
          : defaultThreads;
  if (omp_get_max_threads() != share)
    fail("OpenMP threads", 0, omp_get_max_threads());

  int anyBad = 0;
  MPI_Allreduce(&bad, &anyBad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0 && !anyBad)
    std::printf("ok: scale_and_sum and column_sums with arrays from rank 0\n");
  MPI_Finalize();
  return anyBad;
}
