// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Distributed benchmark driver: every process takes its part of an array
// of N floats (the first N % P parts one element longer, as imexc splits),
// then times the imexc-compiled distributed sums (sumsq.mlir: of squares,
// of exp) and, as the anchor, the same in clang++ -O3 OpenMP hand loops with
// MPI_Allreduce. Rank 0 prints one line per kernel:
//   <kernel> <processes> <threads> <imexc seconds> <hand loop seconds>
// Results are checked against a double-precision sum.
#include "kernels.h"
#include "timing.h"

#include <mpi.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int64_t n = argc > 1 ? std::atoll(argv[1]) : (int64_t(1) << 25);
  const int64_t q = n / size, r = n % size;
  const int64_t part = q + (rank < r ? 1 : 0);
  const int64_t first = rank * q + std::min<int64_t>(rank, r);
  std::vector<float> a(part);
  for (int64_t j = 0; j < part; ++j)
    a[j] = float((first + j) % 7) * 0.5f;
  imexc_memref_1d_f32 arg{a.data(), a.data(), 0, {part}, {1}};
  int bad = 0;
  // Times `compiled` and `handLoop` (each returns the whole sum) against a
  // double-precision sum of f(x).
  auto measure = [&](const char *kernel, auto f, auto compiled, auto hand) {
    double localWant = 0;
    for (float x : a)
      localWant += f(double(x));
    double want = 0;
    MPI_Allreduce(&localWant, &want, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    float got = 0, anchor = 0;
    double imexcSeconds = bestTime(20, [&] { got = compiled(); });
    double handSeconds = bestTime(20, [&] { anchor = hand(); });
    if (std::fabs(got - want) > 1e-3 * want ||
        std::fabs(anchor - want) > 1e-3 * want) {
      bad = 1;
      if (rank == 0)
        std::fprintf(stderr, "FAIL %s: imexc %g, hand loop %g, want %g\n",
                     kernel, got, anchor, want);
    }
    if (rank == 0)
      std::printf("%s %d %d %.6e %.6e\n", kernel, size, omp_get_max_threads(),
                  imexcSeconds, handSeconds);
  };
  const float *p = a.data();
  auto allreduce = [](float local) {
    float whole = 0;
    MPI_Allreduce(&local, &whole, 1, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    return whole;
  };
  measure(
      "sumsq", [](double x) { return x * x; },
      [&] {
        imexc_sumsq_result result;
        _mlir_ciface_sumsq(&result, &arg);
        float sum = result.r0.aligned[0];
        std::free(result.r0.allocated);
        return sum;
      },
      [&] {
        float local = 0;
#pragma omp parallel for simd reduction(+ : local)
        for (int64_t j = 0; j < part; ++j)
          local += p[j] * p[j];
        return allreduce(local);
      });
  measure(
      "sumexp", [](double x) { return std::exp(x); },
      [&] {
        imexc_sumexp_result result;
        _mlir_ciface_sumexp(&result, &arg);
        float sum = result.r0.aligned[0];
        std::free(result.r0.allocated);
        return sum;
      },
      [&] {
        // A double sum: 2^25 float terms of this size lose too much.
        double local = 0;
#pragma omp parallel for reduction(+ : local)
        for (int64_t j = 0; j < part; ++j)
          local += std::exp(p[j]);
        return allreduce(float(local));
      });
  MPI_Finalize();
  return bad;
}
