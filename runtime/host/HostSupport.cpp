//===- HostSupport.cpp - functions that compiled host code calls ----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// imexrtCheckFailed, which failed run-time checks (cf.assert, e.g. the .nda
// frontend's dimension checks) call; memrefCopy, which the memref-to-LLVM
// lowering calls for copies between non-contiguous buffers, and the
// printers: compiled programs print arrays with `func.call
// @printMemrefF32(%m)` and vectors with `vector.print`. These are the
// functions those calls reach, with MLIR's runner-utils names and output
// format (so the same FileCheck expectations hold under mlir-runner and for
// imexc executables), for every element type: i1, i8, i16, i32, i64, index,
// f16, bf16, f32, f64.
// Each printMemref exists in two forms: `printMemrefX(rank, descriptor)`,
// called when the declaration has no C interface, and
// `_mlir_ciface_printMemrefX(UnrankedMemRef *)`.
//
//===----------------------------------------------------------------------===//

#include "HostSupport.h"

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <vector>

#include <unistd.h>

namespace imexrt_host {

float halfToFloat(uint16_t bits) {
  uint32_t sign = uint32_t(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  uint32_t result;
  if (exponent == 0x1f) { // inf / nan
    result = sign | 0x7f800000 | (mantissa << 13);
  } else if (exponent != 0) { // normal
    result = sign | ((exponent + 112) << 23) | (mantissa << 13);
  } else if (mantissa == 0) { // zero
    result = sign;
  } else { // subnormal: normalize
    exponent = 113;
    while (!(mantissa & 0x400)) {
      mantissa <<= 1;
      --exponent;
    }
    result = sign | (exponent << 23) | ((mantissa & 0x3ff) << 13);
  }
  float value;
  std::memcpy(&value, &result, sizeof(value));
  return value;
}

float bfloatToFloat(uint16_t bits) {
  uint32_t widened = uint32_t(bits) << 16;
  float value;
  std::memcpy(&value, &widened, sizeof(value));
  return value;
}

} // namespace imexrt_host

namespace {

using namespace imexrt_host;

void printElement(std::ostream &os, int8_t v) { os << int(v); }
void printElement(std::ostream &os, bool v) { os << int(v); }
void printElement(std::ostream &os, Half v) { os << halfToFloat(v.bits); }
void printElement(std::ostream &os, BFloat v) { os << bfloatToFloat(v.bits); }
template <typename T> void printElement(std::ostream &os, T v) { os << v; }

void printSpaces(std::ostream &os, int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    os << ' ';
}

/// Nested brackets, rows on their own lines, as MLIR's runner utils print
/// them; an empty dimension prints as [].
template <typename T>
void printData(std::ostream &os, const MemRefView<T> &m, int64_t dim,
               int64_t offset) {
  if (dim == m.rank) {
    printElement(os, m.aligned[offset]);
    return;
  }
  int64_t size = m.sizes[dim];
  os << "[";
  for (int64_t i = 0; i < size; ++i) {
    if (i > 0) {
      os << ", ";
      if (dim + 1 < m.rank)
        os << "\n";
      printSpaces(os, dim + 1);
    }
    printData(os, m, dim + 1, offset + i * m.strides[dim]);
  }
  os << "]";
}

template <typename T> void printMemRef(const UnrankedMemRef &unranked) {
  MemRefView<T> m(unranked);
  std::ostream &os = std::cout;
  os << "Unranked Memref base@ = " << static_cast<void *>(m.aligned)
     << " rank = " << m.rank << " offset = " << m.offset << " sizes = [";
  for (int64_t i = 0; i < m.rank; ++i)
    os << (i ? ", " : "") << m.sizes[i];
  os << "] strides = [";
  for (int64_t i = 0; i < m.rank; ++i)
    os << (i ? ", " : "") << m.strides[i];
  os << "] data = \n";
  if (m.rank == 0)
    os << "[";
  printData(os, m, 0, m.offset);
  if (m.rank == 0)
    os << "]";
  os << '\n' << std::flush;
}

} // namespace

#define IMEXRT_PRINT_MEMREF(SUFFIX, TYPE)                                      \
  extern "C" __attribute__((visibility("default"))) void                       \
  _mlir_ciface_printMemref##SUFFIX(UnrankedMemRef *m) {                        \
    printMemRef<TYPE>(*m);                                                     \
  }                                                                            \
  extern "C" __attribute__((visibility("default"))) void printMemref##SUFFIX(  \
      int64_t rank, void *descriptor) {                                        \
    printMemRef<TYPE>(UnrankedMemRef{rank, descriptor});                       \
  }

IMEXRT_PRINT_MEMREF(I1, bool)
IMEXRT_PRINT_MEMREF(I8, int8_t)
IMEXRT_PRINT_MEMREF(I16, int16_t)
IMEXRT_PRINT_MEMREF(I32, int32_t)
IMEXRT_PRINT_MEMREF(I64, int64_t)
IMEXRT_PRINT_MEMREF(Ind, int64_t)
IMEXRT_PRINT_MEMREF(F16, Half)
IMEXRT_PRINT_MEMREF(BF16, BFloat)
IMEXRT_PRINT_MEMREF(F32, float)
IMEXRT_PRINT_MEMREF(F64, double)

#undef IMEXRT_PRINT_MEMREF

/// Copies a strided `src` into a strided `dst` of the same shape, element by
/// element (`elementBytes` each); called by lowered `memref.copy`.
extern "C" __attribute__((visibility("default"))) void
memrefCopy(int64_t elementBytes, UnrankedMemRef *src, UnrankedMemRef *dst) {
  MemRefView<char> from(*src), to(*dst);
  int64_t rank = from.rank;
  int64_t count = 1;
  for (int64_t d = 0; d < rank; ++d)
    count *= from.sizes[d];
  // Walk the index space like an odometer; offsets count elements.
  std::vector<int64_t> index(rank, 0);
  int64_t srcOffset = from.offset, dstOffset = to.offset;
  for (int64_t n = 0; n < count; ++n) {
    std::memcpy(to.aligned + dstOffset * elementBytes,
                from.aligned + srcOffset * elementBytes, elementBytes);
    for (int64_t d = rank - 1; d >= 0; --d) {
      srcOffset += from.strides[d];
      dstOffset += to.strides[d];
      if (++index[d] < from.sizes[d])
        break;
      srcOffset -= from.strides[d] * from.sizes[d];
      dstOffset -= to.strides[d] * to.sizes[d];
      index[d] = 0;
    }
  }
}

#define IMEXRT_EXPORT extern "C" __attribute__((visibility("default")))

/// A run-time check of compiled code failed: report it on stderr (stdout may
/// be buffered and would be lost) and stop, like a C assert.
IMEXRT_EXPORT [[noreturn]] void imexrtCheckFailed(const char *message) {
  std::fflush(stdout);
  std::fprintf(stderr, "imexrt: run-time check failed: %s\n", message);
  std::abort();
}

/// LLVM's OpenMP runtime, when the program links it (imexc's host code
/// does); weak, so that the runtime does not need it.
extern "C" __attribute__((weak)) void omp_set_num_threads(int);

/// The number of processes of an MPI job on this machine, as the process
/// managers of MPICH (Hydra), Open MPI and Slurm tell each process; 0 if
/// none does.
static int localProcessCount() {
  for (const char *name : {"MPI_LOCALNRANKS", "OMPI_COMM_WORLD_LOCAL_SIZE",
                           "SLURM_NTASKS_PER_NODE"}) {
    if (const char *value = std::getenv(name)) {
      int count = std::atoi(value);
      if (count > 0)
        return count;
    }
  }
  return 0;
}

/// A process of an MPI job: unless OMP_NUM_THREADS says otherwise, its
/// OpenMP loops run on its share of the machine's cores (cores / processes
/// on this machine, at least 1), so that the processes' threads do not
/// outnumber the cores (with OpenMP's default of one thread per core in
/// every process, P processes would run P times too many threads).
IMEXRT_EXPORT void imexrtShareCoresWithLocalProcesses(void) {
  if (!omp_set_num_threads || std::getenv("OMP_NUM_THREADS"))
    return;
  int processes = localProcessCount();
  if (processes <= 1)
    return;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  omp_set_num_threads(int(std::max(1L, cores / processes)));
}

// The scalar printers `vector.print` lowers to.
IMEXRT_EXPORT void printI64(int64_t v) { std::cout << v; }
IMEXRT_EXPORT void printU64(uint64_t v) { std::cout << v; }
IMEXRT_EXPORT void printF32(float v) { std::cout << v; }
IMEXRT_EXPORT void printF64(double v) { std::cout << v; }
IMEXRT_EXPORT void printF16(uint16_t bits) { std::cout << halfToFloat(bits); }
IMEXRT_EXPORT void printBF16(uint16_t bits) {
  std::cout << bfloatToFloat(bits);
}
IMEXRT_EXPORT void printString(const char *s) { std::cout << s; }
IMEXRT_EXPORT void printOpen() { std::cout << "( "; }
IMEXRT_EXPORT void printClose() { std::cout << " )"; }
IMEXRT_EXPORT void printComma() { std::cout << ", "; }
IMEXRT_EXPORT void printNewline() { std::cout << '\n' << std::flush; }
#undef IMEXRT_EXPORT
