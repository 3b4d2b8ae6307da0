//===- TargetInfo.h - what the MLIR pipeline needs to know of a CPU -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The host pipeline sizes its vectors for the target that LLVM will
// generate code for; both resolve `--mcpu=native` and `--mattr` the same way
// through these helpers.
//
//===----------------------------------------------------------------------===//
#ifndef IMEX_TARGET_TARGETINFO_H
#define IMEX_TARGET_TARGETINFO_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace imex {

/// A target as LLVM takes it: triple, CPU name and feature string, with
/// "native" and empty fields resolved.
struct ResolvedTarget {
  std::string triple;
  std::string cpu;
  std::string features;
};

/// Registers every LLVM target (once per process).
void initializeLLVMTargets();

/// `triple` (empty: the host's), `cpu` ("native": the host's CPU with its
/// features) and `features` (`--mattr`, e.g. "+avx2,-avx512f", applied after
/// the CPU's) as LLVM takes them.
ResolvedTarget resolveTarget(llvm::StringRef triple, llvm::StringRef cpu,
                             llvm::StringRef features);

/// Checks what resolveTarget takes before anything builds a target from it
/// (LLVM only warns about unknown CPUs and features, then may abort): an
/// unknown triple, `native` for another architecture than this machine's, a
/// CPU or feature the target does not have. Returns the message for the
/// user ("" when all is well), with the closest valid names.
std::string checkTarget(llvm::StringRef triple, llvm::StringRef cpu,
                        llvm::StringRef features);

/// Width in bits of the widest vector registers `target` has for floating
/// point (x86: 512 with AVX-512, 256 with AVX, else 128; AArch64 and other
/// targets with vector units: 128); 0 when the target is unknown or has none.
unsigned getVectorRegisterBits(const ResolvedTarget &target);

} // namespace imex

#endif
