//===- SerializeSPIRV.cpp - attach serialized SPIR-V to gpu.modules -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Spec 6.2: the spirv.module @__spv__M made for gpu.module @M becomes the raw
// SPIR-V words (host byte order) in M's `gpu.binary` StringAttr.
//
//===----------------------------------------------------------------------===//

#include "imex/CodeGen/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Target/SPIRV/Serialization.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace imex {
#define GEN_PASS_DEF_SERIALIZESPIRV
#include "imex/CodeGen/Passes.h.inc"
} // namespace imex

using namespace mlir;

namespace {

/// Looks for `name` among the spirv.modules directly inside `region`.
spirv::ModuleOp findSPIRVModule(Region &region, StringRef name) {
  for (Block &block : region)
    for (auto module : block.getOps<spirv::ModuleOp>())
      if (module.getSymName() == name)
        return module;
  return nullptr;
}

bool dumpRequested() {
  const char *value = std::getenv("IMEX_DUMP_SPIRV_BINARY");
  return value && *value && StringRef(value) != "0";
}

struct SerializeSPIRVPass : imex::impl::SerializeSPIRVBase<SerializeSPIRVPass> {
  void runOnOperation() override {
    SmallVector<gpu::GPUModuleOp> modules;
    getOperation().walk(
        [&](gpu::GPUModuleOp module) { modules.push_back(module); });

    bool dump = dumpRequested();
    bool failedAny = false;
    for (gpu::GPUModuleOp module : modules) {
      std::string name = ("__spv__" + module.getName()).str();
      // Inside the gpu.module (OpenCL conversion), else beside it (Vulkan).
      spirv::ModuleOp spirvModule =
          findSPIRVModule(module.getBodyRegion(), name);
      if (!spirvModule && module->getParentOp())
        spirvModule = findSPIRVModule(*module->getParentRegion(), name);
      if (!spirvModule) {
        module.emitError("Unable to find corresponding SPIR-V module");
        failedAny = true;
        continue;
      }

      SmallVector<uint32_t> words;
      if (failed(spirv::serialize(spirvModule, words))) {
        module.emitError() << "cannot serialize spirv.module @" << name;
        failedAny = true;
        continue;
      }
      StringRef bytes(reinterpret_cast<const char *>(words.data()),
                      words.size() * sizeof(uint32_t));
      module->setAttr("gpu.binary", StringAttr::get(&getContext(), bytes));

      if (dump) {
        std::string path = (module.getName() + ".spv").str();
        std::error_code ec;
        llvm::raw_fd_ostream os(path, ec);
        if (ec)
          module.emitWarning() << "IMEX_DUMP_SPIRV_BINARY: cannot write '"
                               << path << "': " << ec.message();
        else
          os << bytes;
      }
      spirvModule.erase();
    }
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
