//===- imex-kbin-dump.cpp - print the kernel binaries of a file -----------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Test tool: parses an MLIR file and, for every gpu.module with a
// `gpu.binary` StringAttr, prints the IMEXKBIN container records as stored
// (decoded field by field from the runtime's C layout) and the kernel table
// as the container reader sees it, or the size of a raw SPIR-V binary. With
// --extract-dir, each SPIR-V module is written to <dir>/<module>.<flavour>.spv
// (<dir>/<module>.spv for a raw binary) for spirv-val / spirv-dis.
//
//===----------------------------------------------------------------------===//

#include "KernelBinary.h" // the runtime's reader (runtime/lib)
#include "imex/CodeGen/KernelBinary.h"
#include "imex/InitImex.h"

#include "imexrt/kernel_binary.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>

using namespace mlir;
using namespace imex::codegen;

namespace {

llvm::cl::OptionCategory category("imex-kbin-dump options");
llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                     llvm::cl::desc("<input .mlir>"),
                                     llvm::cl::init("-"),
                                     llvm::cl::cat(category));
llvm::cl::opt<std::string>
    extractDir("extract-dir",
               llvm::cl::desc("Write each SPIR-V module to this directory"),
               llvm::cl::cat(category));

uint32_t u32(llvm::StringRef blob, uint64_t at) {
  return llvm::support::endian::read32le(blob.data() + at);
}
uint64_t u64(llvm::StringRef blob, uint64_t at) {
  return llvm::support::endian::read64le(blob.data() + at);
}

/// The stored records, field by field (the reader checked the bounds).
void printRecords(llvm::StringRef blob, llvm::raw_ostream &os) {
  os << "  header: magic " << blob.take_front(IMEXKBIN_MAGIC_BYTES)
     << " version " << u32(blob, offsetof(ImexKbinHeader, version))
     << " modules " << u32(blob, offsetof(ImexKbinHeader, numModules))
     << " kernels " << u32(blob, offsetof(ImexKbinHeader, numKernels))
     << " reserved " << u32(blob, offsetof(ImexKbinHeader, reserved)) << "\n";
  uint64_t record = IMEXKBIN_MODULES_OFFSET;
  uint32_t numModules = u32(blob, offsetof(ImexKbinHeader, numModules));
  for (uint32_t i = 0; i < numModules; ++i, record += sizeof(ImexKbinModule))
    os << "  module record @" << record << ": flavour "
       << u32(blob, record + offsetof(ImexKbinModule, flavour)) << " crc32 "
       << llvm::format_hex(u32(blob, record + offsetof(ImexKbinModule, crc32)),
                           10)
       << " offset " << u64(blob, record + offsetof(ImexKbinModule, offset))
       << " bytes " << u64(blob, record + offsetof(ImexKbinModule, bytes))
       << "\n";
  uint32_t numKernels = u32(blob, offsetof(ImexKbinHeader, numKernels));
  for (uint32_t i = 0; i < numKernels; ++i, record += sizeof(ImexKbinKernel))
    os << "  kernel record @" << record << ": name @"
       << u64(blob, record + offsetof(ImexKbinKernel, nameOffset)) << " ("
       << u32(blob, record + offsetof(ImexKbinKernel, nameBytes))
       << " bytes) args @"
       << u64(blob, record + offsetof(ImexKbinKernel, argsOffset)) << " ("
       << u32(blob, record + offsetof(ImexKbinKernel, numArgs)) << ")\n";
}

bool writeModule(llvm::StringRef moduleName, llvm::StringRef suffix,
                 const std::vector<uint32_t> &words) {
  llvm::SmallString<128> path(extractDir);
  llvm::sys::path::append(path, moduleName + suffix + ".spv");
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) {
    llvm::errs() << "error: cannot write '" << path << "': " << ec.message()
                 << "\n";
    return false;
  }
  for (uint32_t word : words) {
    char bytes[4];
    llvm::support::endian::write32le(bytes, word);
    os.write(bytes, sizeof(bytes));
  }
  return true;
}

bool dumpModule(gpu::GPUModuleOp module, llvm::raw_ostream &os) {
  auto attr = module->getAttrOfType<StringAttr>("gpu.binary");
  os << "gpu.module @" << module.getName() << ": ";
  if (!attr) {
    os << "no gpu.binary\n";
    return true;
  }
  llvm::StringRef blob = attr.getValue();
  imexrt::KernelBinary binary;
  std::string error;
  if (!imexrt::parseKernelBinary(blob.data(), blob.size(), binary, error)) {
    os << "malformed (" << error << ")\n";
    return false;
  }
  if (!binary.isContainer) {
    os << "raw SPIR-V, " << binary.modules[0].words.size() << " words\n";
    return extractDir.empty() ||
           writeModule(module.getName(), "", binary.modules[0].words);
  }
  os << "IMEXKBIN, " << blob.size() << " bytes\n";
  printRecords(blob, os);
  bool ok = true;
  for (const imexrt::ModuleImage &spirv : binary.modules) {
    // The flavour values are the same in both (KernelBinary.cpp asserts it).
    StringRef flavour = getFlavourName(SPIRVFlavour(spirv.flavour));
    os << "  module " << flavour << ": " << spirv.words.size()
       << " words, magic 0x";
    os.write_hex(spirv.words[0]);
    os << "\n";
    if (!extractDir.empty())
      ok &= writeModule(module.getName(), ("." + flavour).str(), spirv.words);
  }
  for (const imexrt::KernelEntry &kernel : binary.kernels) {
    os << "  kernel " << kernel.name << "(";
    llvm::interleaveComma(kernel.args, os, [&](const imexrt::KernelArg &arg) {
      os << (arg.kind == IMEXKBIN_ARG_BUFFER   ? "buffer"
             : arg.kind == IMEXKBIN_ARG_SCALAR ? "scalar"
                                               : "push")
         << ":" << arg.bytes;
    });
    os << ")\n";
  }
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(
      argc, argv, "print the kernel binaries (gpu.binary) of an MLIR file\n");

  DialectRegistry registry;
  imex::registerAllDialectsAndExtensions(registry);
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(inputFile, sourceMgr, ParserConfig(&context));
  if (!module)
    return 1;

  bool ok = true;
  module->walk([&](gpu::GPUModuleOp gpuModule) {
    ok &= dumpModule(gpuModule, llvm::outs());
  });
  return ok ? 0 : 1;
}
