//===- TargetInfo.cpp - what the MLIR pipeline needs to know of a CPU -----===//

#include "Target/TargetInfo.h"

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
