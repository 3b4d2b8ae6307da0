//===- KernelBinaryTest.cpp - the IMEXKBIN container writer ---------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "imex/CodeGen/KernelBinary.h"
#include "KernelBinary.h" // the runtime's reader (runtime/lib)

#include "imexrt/kernel_binary.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/Endian.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>

using namespace imex::codegen;

namespace {

uint32_t u32(const std::string &blob, size_t at) {
  return llvm::support::endian::read32le(blob.data() + at);
}
uint64_t u64(const std::string &blob, size_t at) {
  return llvm::support::endian::read64le(blob.data() + at);
}

KernelBinary sampleBinary() {
  KernelBinary binary;
  // Header-only SPIR-V modules (magic, version, generator, bound, schema).
  binary.modules.push_back(
      {SPIRVFlavour::OpenCL, {0x07230203u, 0x00010000u, 0u, 7u, 0u}});
  binary.modules.push_back(
      {SPIRVFlavour::Vulkan, {0x07230203u, 0x00010300u, 0u, 9u, 0u}});
  binary.kernels.push_back({"main_kernel",
                            {{KernelArgKind::Buffer, 8},
                             {KernelArgKind::Scalar, 4},
                             {KernelArgKind::PushConstant, 8}}});
  binary.kernels.push_back({"k2", {}});
  return binary;
}

std::string write(const KernelBinary &binary) {
  llvm::Expected<std::string> blob = writeKernelBinary(binary);
  EXPECT_TRUE(static_cast<bool>(blob)) << llvm::toString(blob.takeError());
  return blob ? *blob : std::string();
}

TEST(KernelBinary, FlavourNames) {
  EXPECT_EQ(getFlavourName(SPIRVFlavour::OpenCL), "opencl");
  EXPECT_EQ(getFlavourName(SPIRVFlavour::Vulkan), "vulkan");
  EXPECT_EQ(parseFlavour("opencl"), SPIRVFlavour::OpenCL);
  EXPECT_EQ(parseFlavour("vulkan"), SPIRVFlavour::Vulkan);
  EXPECT_EQ(parseFlavour("level-zero"), std::nullopt);
  EXPECT_EQ(parseFlavour(""), std::nullopt);
}

TEST(KernelBinary, HeaderAndRecordsFollowTheRuntimeLayout) {
  std::string blob = write(sampleBinary());
  ASSERT_GE(blob.size(), sizeof(ImexKbinHeader));
  EXPECT_EQ(blob.substr(0, 8), "IMEXKBIN");
  EXPECT_EQ(u32(blob, offsetof(ImexKbinHeader, version)), IMEXKBIN_VERSION);
  EXPECT_EQ(u32(blob, offsetof(ImexKbinHeader, numModules)), 2u);
  EXPECT_EQ(u32(blob, offsetof(ImexKbinHeader, numKernels)), 2u);
  EXPECT_EQ(u32(blob, offsetof(ImexKbinHeader, reserved)), 0u);

  // Module records right after the header, kernel records right after them.
  size_t rec = IMEXKBIN_MODULES_OFFSET;
  EXPECT_EQ(u32(blob, rec + offsetof(ImexKbinModule, flavour)),
            IMEXKBIN_FLAVOUR_OPENCL);
  uint64_t oclOffset = u64(blob, rec + offsetof(ImexKbinModule, offset));
  EXPECT_EQ(u64(blob, rec + offsetof(ImexKbinModule, bytes)), 5u * 4u);
  // The module's CRC-32 (zlib's), which the runtime checks.
  EXPECT_EQ(u32(blob, rec + offsetof(ImexKbinModule, crc32)),
            llvm::crc32(llvm::arrayRefFromStringRef(
                llvm::StringRef(blob).substr(oclOffset, 5u * 4u))));
  rec += sizeof(ImexKbinModule);
  EXPECT_EQ(u32(blob, rec + offsetof(ImexKbinModule, flavour)),
            IMEXKBIN_FLAVOUR_VULKAN);
  uint64_t vkOffset = u64(blob, rec + offsetof(ImexKbinModule, offset));
  EXPECT_EQ(u64(blob, rec + offsetof(ImexKbinModule, bytes)), 5u * 4u);
  rec += sizeof(ImexKbinModule);

  EXPECT_EQ(oclOffset % 8, 0u);
  EXPECT_EQ(vkOffset % 8, 0u);
  EXPECT_EQ(u32(blob, oclOffset), IMEXKBIN_SPIRV_MAGIC);
  EXPECT_EQ(u32(blob, oclOffset + 3 * 4), 7u);
  EXPECT_EQ(u32(blob, vkOffset + 3 * 4), 9u);

  uint64_t nameOffset = u64(blob, rec + offsetof(ImexKbinKernel, nameOffset));
  EXPECT_EQ(u32(blob, rec + offsetof(ImexKbinKernel, nameBytes)), 11u);
  EXPECT_EQ(blob.substr(nameOffset, 11), "main_kernel");
  EXPECT_EQ(u32(blob, rec + offsetof(ImexKbinKernel, numArgs)), 3u);
  uint64_t args = u64(blob, rec + offsetof(ImexKbinKernel, argsOffset));
  EXPECT_EQ(args % 8, 0u);
  EXPECT_EQ(u32(blob, args + offsetof(ImexKbinArg, kind)), IMEXKBIN_ARG_BUFFER);
  EXPECT_EQ(u32(blob, args + offsetof(ImexKbinArg, bytes)), 8u);
  EXPECT_EQ(u32(blob, args + sizeof(ImexKbinArg)), IMEXKBIN_ARG_SCALAR);
  EXPECT_EQ(u32(blob, args + sizeof(ImexKbinArg) + 4), 4u);
  EXPECT_EQ(u32(blob, args + 2 * sizeof(ImexKbinArg)),
            IMEXKBIN_ARG_PUSH_CONSTANT);
  EXPECT_EQ(u32(blob, args + 2 * sizeof(ImexKbinArg) + 4), 8u);
  rec += sizeof(ImexKbinKernel);
  EXPECT_EQ(u32(blob, rec + offsetof(ImexKbinKernel, nameBytes)), 2u);
  EXPECT_EQ(u32(blob, rec + offsetof(ImexKbinKernel, numArgs)), 0u);

  // Nothing after the last module's words.
  EXPECT_EQ(blob.size(), std::max(oclOffset + 20, vkOffset + 20));
}

/// Reads `blob` with the runtime's parser, the one that ships.
bool readBack(const std::string &blob, imexrt::KernelBinary &out,
              std::string &error) {
  return imexrt::parseKernelBinary(blob.data(), blob.size(), out, error);
}

TEST(KernelBinary, TheRuntimeReadsWhatTheCompilerWrites) {
  KernelBinary in = sampleBinary();
  imexrt::KernelBinary out;
  std::string error;
  ASSERT_TRUE(readBack(write(in), out, error)) << error;
  EXPECT_TRUE(out.isContainer);
  ASSERT_EQ(out.modules.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(out.modules[i].flavour, uint32_t(in.modules[i].flavour));
    EXPECT_EQ(out.modules[i].words, in.modules[i].words);
  }
  ASSERT_EQ(out.kernels.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(out.kernels[i].name, in.kernels[i].name);
    ASSERT_EQ(out.kernels[i].args.size(), in.kernels[i].args.size());
    for (size_t a = 0; a < in.kernels[i].args.size(); ++a) {
      EXPECT_EQ(out.kernels[i].args[a].kind,
                uint32_t(in.kernels[i].args[a].kind));
      EXPECT_EQ(out.kernels[i].args[a].bytes, in.kernels[i].args[a].bytes);
    }
  }
}

TEST(KernelBinary, Deterministic) {
  EXPECT_EQ(write(sampleBinary()), write(sampleBinary()));
}

TEST(KernelBinary, WriterRejectsBadInput) {
  KernelBinary twice = sampleBinary();
  twice.modules[1].flavour = SPIRVFlavour::OpenCL;
  llvm::Expected<std::string> a = writeKernelBinary(twice);
  ASSERT_FALSE(static_cast<bool>(a));
  EXPECT_NE(llvm::toString(a.takeError()).find("two opencl modules"),
            std::string::npos);

  KernelBinary empty = sampleBinary();
  empty.modules[0].words.clear();
  llvm::Expected<std::string> b = writeKernelBinary(empty);
  ASSERT_FALSE(static_cast<bool>(b));
  llvm::consumeError(b.takeError());

  KernelBinary unnamed = sampleBinary();
  unnamed.kernels[1].name.clear();
  llvm::Expected<std::string> c = writeKernelBinary(unnamed);
  ASSERT_FALSE(static_cast<bool>(c));
  llvm::consumeError(c.takeError());
}

// What SerializeSPIRV attaches: a raw module, in either byte order.
TEST(KernelBinary, RawSPIRVInEitherByteOrder) {
  std::vector<uint32_t> words = {0x07230203u, 0x00010000u, 0u, 3u, 0u};
  std::string le(words.size() * 4, '\0'), be(words.size() * 4, '\0');
  for (size_t i = 0; i < words.size(); ++i) {
    llvm::support::endian::write32le(&le[i * 4], words[i]);
    llvm::support::endian::write32be(&be[i * 4], words[i]);
  }
  for (const std::string &blob : {le, be}) {
    imexrt::KernelBinary out;
    std::string error;
    ASSERT_TRUE(readBack(blob, out, error)) << error;
    EXPECT_FALSE(out.isContainer);
    ASSERT_EQ(out.modules.size(), 1u);
    EXPECT_EQ(out.modules[0].flavour, uint32_t(IMEXKBIN_FLAVOUR_OPENCL));
    EXPECT_EQ(out.modules[0].words, words);
    EXPECT_TRUE(out.kernels.empty());
  }
}

// Malformed containers: tests/unit/runtime/KernelBinaryTest.cpp.
TEST(KernelBinary, EveryTruncationIsRejected) {
  std::string blob = write(sampleBinary());
  for (size_t size = 1; size < blob.size(); ++size) {
    imexrt::KernelBinary out;
    std::string error;
    EXPECT_FALSE(readBack(blob.substr(0, size), out, error))
        << "accepted " << size << " bytes";
  }
}

} // namespace
