//===- TargetInfo.cpp - what the MLIR pipeline needs to know of a CPU -----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/Target/TargetInfo.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <mutex>

void imex::initializeLLVMTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
    // Objects with inline assembly need the parsers too.
    llvm::InitializeAllAsmParsers();
  });
}

imex::ResolvedTarget imex::resolveTarget(llvm::StringRef triple,
                                         llvm::StringRef cpu,
                                         llvm::StringRef features) {
  ResolvedTarget target;
  target.triple =
      triple.empty() ? llvm::sys::getDefaultTargetTriple() : triple.str();
  llvm::SubtargetFeatures all;
  if (cpu == "native") {
    target.cpu = llvm::sys::getHostCPUName().str();
    for (const auto &[feature, enabled] : llvm::sys::getHostCPUFeatures())
      all.AddFeature(feature, enabled);
  } else {
    target.cpu = cpu.str();
  }
  // Explicit features come last, so they override the CPU's.
  llvm::SmallVector<llvm::StringRef> explicitFeatures;
  features.split(explicitFeatures, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef feature : explicitFeatures)
    all.AddFeature(feature.trim());
  target.features = all.getString();
  return target;
}

namespace {

/// The names in `candidates` closest to `name` (edit distance at most a
/// third of its length), for "did you mean" hints.
std::string closestNames(llvm::StringRef name,
                         llvm::ArrayRef<llvm::StringRef> candidates) {
  unsigned best = std::max<unsigned>(1, name.size() / 3) + 1;
  llvm::SmallVector<llvm::StringRef> closest;
  for (llvm::StringRef candidate : candidates) {
    unsigned distance = name.edit_distance(candidate, true, best);
    if (distance < best) {
      best = distance;
      closest.clear();
    }
    if (distance == best)
      closest.push_back(candidate);
  }
  std::string hint;
  for (llvm::StringRef candidate : llvm::ArrayRef(closest).take_front(3))
    hint +=
        (hint.empty() ? "; did you mean '" : " or '") + candidate.str() + "'";
  return hint.empty() ? hint : hint + "?";
}

} // namespace

std::string imex::checkTarget(llvm::StringRef tripleName, llvm::StringRef cpu,
                              llvm::StringRef features) {
  initializeLLVMTargets();
  llvm::Triple triple(tripleName.empty() ? llvm::sys::getDefaultTargetTriple()
                                         : tripleName.str());
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return "unknown target triple '" + triple.str() + "': " + error;
  // Host code runs on threads, allocates and calls the runtime: it needs a
  // CPU. (GPU kernels become SPIR-V whatever the host target is.)
  if (triple.isAMDGPU() || triple.isNVPTX() || triple.isSPIRV() ||
      triple.isSPIR())
    return "'" + triple.str() +
           "' is a GPU target; the host code needs a CPU target (GPU "
           "kernels are compiled to SPIR-V whatever the host target)";
  if (cpu == "native") {
    llvm::Triple host(llvm::sys::getDefaultTargetTriple());
    if (host.getArch() != triple.getArch())
      return "--mcpu=native names this machine's CPU (" +
             host.getArchName().str() + "), which cannot run code for '" +
             triple.str() + "'; name a CPU of that target instead";
    cpu = "";
  }
  // A subtarget of the generic CPU lists the target's CPUs and features
  // without warning about the names being checked.
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, "", ""));
  if (!info)
    return "cannot describe the CPUs of target '" + triple.str() + "'";
  if (!cpu.empty() && !info->isCPUStringValid(cpu)) {
    llvm::SmallVector<llvm::StringRef> names;
    for (const llvm::SubtargetSubTypeKV &kv :
         info->getAllProcessorDescriptions())
      names.push_back(kv.Key);
    return "'" + cpu.str() + "' is not a CPU of target '" + triple.str() + "'" +
           closestNames(cpu, names);
  }
  llvm::SmallVector<llvm::StringRef> names;
  for (const llvm::SubtargetFeatureKV &kv : info->getAllProcessorFeatures())
    names.push_back(kv.Key);
  llvm::SmallVector<llvm::StringRef> requested;
  features.split(requested, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef feature : requested) {
    feature = feature.trim();
    if (!feature.consume_front("+") && !feature.consume_front("-"))
      return "--mattr feature '" + feature.str() +
             "' must start with '+' (enable) or '-' (disable)";
    if (!llvm::is_contained(names, feature))
      return "'" + feature.str() + "' is not a feature of target '" +
             triple.str() + "'" + closestNames(feature, names);
  }
  return "";
}

unsigned imex::getVectorRegisterBits(const ResolvedTarget &target) {
  initializeLLVMTargets();
  llvm::Triple triple(target.triple);
  std::string error;
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!llvmTarget)
    return 0;
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      llvmTarget->createMCSubtargetInfo(triple, target.cpu, target.features));
  if (!info)
    return 0;
  auto has = [&](llvm::StringRef feature) {
    return info->checkFeatures(("+" + llvm::Twine(feature)).str());
  };
  if (triple.isX86())
    return has("avx512f") ? 512 : has("avx") ? 256 : has("sse2") ? 128 : 0;
  if (triple.isAArch64())
    return has("neon") ? 128 : 0;
  if (triple.isRISCV())
    return 0; // scalable vectors: not sized statically here
  return 0;
}
