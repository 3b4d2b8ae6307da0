//===- BFloat16.cpp - the bf16 helper LLVM's x86 backend calls ------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LLVM's x86 backend computes some bfloat operations (a select of bfloat
// vectors, which its optimizer forms from a select of their bits) through
// float, and calls __truncsfbf2 to come back: a helper that GCC 13's libgcc
// has and GCC 12's (Debian 12) lacks. It is defined weak, so that a C
// runtime's own wins where there is one.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && (defined(__clang__) || __GNUC__ >= 13)
extern "C" __attribute__((weak, visibility("default"))) __bf16
__truncsfbf2(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  uint16_t rounded;
  if ((bits & 0x7fffffffu) > 0x7f800000u) // NaN: keep it, quiet
    rounded = static_cast<uint16_t>((bits >> 16) | 0x40u);
  else // to nearest, ties to even
    rounded =
        static_cast<uint16_t>((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
  __bf16 result;
  std::memcpy(&result, &rounded, sizeof result);
  return result;
}
#endif
