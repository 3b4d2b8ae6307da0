//===- Util.h - small helpers shared by the runtime sources -----*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#ifndef IMEXRT_LIB_UTIL_H
#define IMEXRT_LIB_UTIL_H

#include <cstddef>
#include <string>

namespace imexrt {

/// printf into a std::string (any length).
std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/// Reads an environment variable; empty if unset.
std::string getEnv(const char *name);

/// Whether IMEXRT_VERBOSE is set to something other than 0: the runtime then
/// logs backend and device choices to stderr.
bool verbose();

/// Fills `bytes` bytes at `dst` (host memory) with copies of the
/// `patternBytes`-byte value at `pattern`; `bytes` is a whole number of
/// patterns.
void fillPattern(void *dst, const void *pattern, size_t patternBytes,
                 size_t bytes);

} // namespace imexrt

#endif // IMEXRT_LIB_UTIL_H
