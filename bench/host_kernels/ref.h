// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Hand-written C++ versions of the benchmark kernels (ref.cpp). The same
// source is compiled twice: into namespace ref_serial without OpenMP (the
// `omp parallel for` pragmas are ignored; `omp simd` reductions stay, through
// -fopenmp-simd) and into namespace ref_omp with -fopenmp. All arrays are
// dense and row-major; outputs are preallocated by the caller.
#ifndef HOST_KERNELS_REF_H
#define HOST_KERNELS_REF_H

#include <cstdint>

#define HOST_KERNELS_REF_DECLS                                                 \
  void triad(float *a, const float *b, const float *c, float s, int64_t n);    \
  float sum(const float *x, int64_t n);                                        \
  float maxreduce(const float *x, int64_t n);                                  \
  void rowsum(const float *a, float *r, int64_t m, int64_t n);                 \
  void colsum(const float *a, float *r, int64_t m, int64_t n);                 \
  void matvec(const float *a, const float *x, float *y, int64_t m, int64_t n); \
  void matmul(const float *a, const float *b, float *c, int64_t m, int64_t n,  \
              int64_t k);                                                      \
  void batchMatmul(const float *a, const float *b, float *c, int64_t batch,    \
                   int64_t m, int64_t n, int64_t k);                           \
  void conv2d(const float *in, const float *w, float *out, int64_t n,          \
              int64_t h, int64_t wd, int64_t c, int64_t kh, int64_t kw,        \
              int64_t f);                                                      \
  void transpose(const float *a, float *b, int64_t m, int64_t n);              \
  void softmax(const float *x, float *y, int64_t m, int64_t n);                \
  void layernorm(const float *x, float *y, int64_t m, int64_t n);              \
  void eltwiseChain(const float *x, const float *y, float *out, int64_t n);    \
  /* STREAM triad on arrays much larger than the caches; GB/s. */              \
  double streamTriad(int64_t n, int reps);

namespace ref_serial {
HOST_KERNELS_REF_DECLS
}
namespace ref_omp {
HOST_KERNELS_REF_DECLS
}

#endif
