//===- HostSupport.h - memref descriptors and 16-bit floats for printers --===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Shared by the printers of compiled programs: MLIR's runner format
// (HostSupport.cpp) and NumPy's (NumPyPrint.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef IMEXRT_HOST_HOSTSUPPORT_H
#define IMEXRT_HOST_HOSTSUPPORT_H

#include <cstdint>
#include <cstring>

namespace imexrt_host {

/// An unranked memref as compiled code passes it: rank and a pointer to the
/// ranked descriptor.
struct UnrankedMemRef {
  int64_t rank;
  void *descriptor;
};

/// A ranked descriptor { T *allocated, *aligned; int64_t offset;
/// int64_t sizes[rank], strides[rank]; } seen through its rank.
template <typename T> struct MemRefView {
  T *aligned;
  int64_t offset;
  int64_t rank;
  const int64_t *sizes;
  const int64_t *strides;

  explicit MemRefView(const UnrankedMemRef &m) : rank(m.rank) {
    auto *fields = static_cast<char *>(m.descriptor);
    std::memcpy(&aligned, fields + sizeof(T *), sizeof(T *));
    std::memcpy(&offset, fields + 2 * sizeof(T *), sizeof(int64_t));
    sizes = reinterpret_cast<const int64_t *>(fields + 2 * sizeof(T *) +
                                              sizeof(int64_t));
    strides = sizes + rank;
  }
};

/// Storage types whose printed form differs from the stored one.
struct Half {
  uint16_t bits;
};
struct BFloat {
  uint16_t bits;
};

float halfToFloat(uint16_t bits);
float bfloatToFloat(uint16_t bits);

} // namespace imexrt_host

#endif
