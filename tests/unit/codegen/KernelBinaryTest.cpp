//===- KernelBinaryTest.cpp - the IMEXKBIN container writer and reader ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "CodeGen/KernelBinary.h"

#include "imexrt/kernel_binary.h"

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
  binary.modules.push_back(
      {SPIRVFlavour::OpenCL, {0x07230203u, 0x00010000u, 0u, 7u, 0u, 42u}});
  binary.modules.push_back(
      {SPIRVFlavour::Vulkan, {0x07230203u, 0x00010000u, 0u, 9u, 0u}});
  binary.kernels.push_back({"main_kernel",
                            {{KernelArgKind::Buffer, 8},
                             {KernelArgKind::Scalar, 4},
                             {KernelArgKind::Scalar, 8}}});
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
  EXPECT_TRUE(isKernelBinaryContainer(blob));
  EXPECT_EQ(blob.substr(0, 8), "IMEXKBIN");
  EXPECT_EQ(u32(blob, offsetof(ImexKbinHeader, version)), IMEXKBIN_VERSION);
  EXPECT_EQ(u32(blob, offsetof(ImexKbinHeader, numModules)), 2u);
  EXPECT_EQ(u32(blob, offsetof(ImexKbinHeader, numKernels)), 2u);
  EXPECT_EQ(u32(blob, offsetof(ImexKbinHeader, reserved)), 0u);

  // Module records right after the header, kernel records right after them.
  size_t rec = IMEXKBIN_MODULES_OFFSET;
  EXPECT_EQ(u32(blob, rec + offsetof(ImexKbinModule, flavour)),
            IMEXKBIN_FLAVOUR_OPENCL);
  EXPECT_EQ(u32(blob, rec + offsetof(ImexKbinModule, reserved)), 0u);
  uint64_t oclOffset = u64(blob, rec + offsetof(ImexKbinModule, offset));
  EXPECT_EQ(u64(blob, rec + offsetof(ImexKbinModule, bytes)), 6u * 4u);
  rec += sizeof(ImexKbinModule);
  EXPECT_EQ(u32(blob, rec + offsetof(ImexKbinModule, flavour)),
            IMEXKBIN_FLAVOUR_VULKAN);
  uint64_t vkOffset = u64(blob, rec + offsetof(ImexKbinModule, offset));
  EXPECT_EQ(u64(blob, rec + offsetof(ImexKbinModule, bytes)), 5u * 4u);
  rec += sizeof(ImexKbinModule);

  EXPECT_EQ(oclOffset % 8, 0u);
  EXPECT_EQ(vkOffset % 8, 0u);
  EXPECT_EQ(u32(blob, oclOffset), IMEXKBIN_SPIRV_MAGIC);
  EXPECT_EQ(u32(blob, oclOffset + 5 * 4), 42u);
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
  EXPECT_EQ(u32(blob, args + 2 * sizeof(ImexKbinArg) + 4), 8u);
  rec += sizeof(ImexKbinKernel);
  EXPECT_EQ(u32(blob, rec + offsetof(ImexKbinKernel, nameBytes)), 2u);
  EXPECT_EQ(u32(blob, rec + offsetof(ImexKbinKernel, numArgs)), 0u);

  // Nothing after the last module's words.
  EXPECT_EQ(blob.size(), std::max(oclOffset + 24, vkOffset + 20));
}

TEST(KernelBinary, RoundTrip) {
  KernelBinary in = sampleBinary();
  llvm::Expected<KernelBinary> out = readKernelBinary(write(in));
  ASSERT_TRUE(static_cast<bool>(out)) << llvm::toString(out.takeError());
  EXPECT_FALSE(out->isRawSPIRV);
  ASSERT_EQ(out->modules.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(out->modules[i].flavour, in.modules[i].flavour);
    EXPECT_EQ(out->modules[i].words, in.modules[i].words);
  }
  ASSERT_EQ(out->kernels.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(out->kernels[i].name, in.kernels[i].name);
    EXPECT_EQ(out->kernels[i].args, in.kernels[i].args);
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

TEST(KernelBinary, ReaderRejectsEveryTruncation) {
  std::string blob = write(sampleBinary());
  for (size_t size = 0; size < blob.size(); ++size) {
    llvm::Expected<KernelBinary> out =
        readKernelBinary(llvm::StringRef(blob.data(), size));
    EXPECT_FALSE(static_cast<bool>(out)) << "accepted " << size << " bytes";
    llvm::consumeError(out.takeError());
  }
}

TEST(KernelBinary, ReaderRejectsCorruptRecords) {
  std::string good = write(sampleBinary());
  auto expectError = [](std::string blob, const char *what) {
    llvm::Expected<KernelBinary> out = readKernelBinary(blob);
    ASSERT_FALSE(static_cast<bool>(out)) << what;
    EXPECT_NE(llvm::toString(out.takeError()).find(what), std::string::npos);
  };
  std::string bad = good;
  llvm::support::endian::write32le(&bad[offsetof(ImexKbinHeader, version)], 2);
  expectError(bad, "unsupported IMEXKBIN version 2");

  bad = good;
  llvm::support::endian::write32le(&bad[offsetof(ImexKbinHeader, numKernels)],
                                   0xffffffffu);
  expectError(bad, "records run past the end");

  bad = good;
  llvm::support::endian::write32le(
      &bad[IMEXKBIN_MODULES_OFFSET + offsetof(ImexKbinModule, flavour)], 7);
  expectError(bad, "unknown flavour 7");

  bad = good;
  llvm::support::endian::write64le(
      &bad[IMEXKBIN_MODULES_OFFSET + offsetof(ImexKbinModule, offset)],
      ~uint64_t(0) - 3);
  expectError(bad, "outside the blob");

  bad = good;
  size_t kernel0 = IMEXKBIN_MODULES_OFFSET + 2 * sizeof(ImexKbinModule);
  llvm::support::endian::write32le(
      &bad[kernel0 + offsetof(ImexKbinKernel, numArgs)], 0x10000000u);
  expectError(bad, "argument table outside the blob");

  bad = good;
  uint64_t args = u64(good, kernel0 + offsetof(ImexKbinKernel, argsOffset));
  llvm::support::endian::write32le(&bad[args], 5);
  expectError(bad, "unknown kind 5");
}

TEST(KernelBinary, RawSPIRVInEitherByteOrder) {
  std::vector<uint32_t> words = {0x07230203u, 0x00010000u, 0u, 3u, 0u};
  std::string le(words.size() * 4, '\0'), be(words.size() * 4, '\0');
  for (size_t i = 0; i < words.size(); ++i) {
    llvm::support::endian::write32le(&le[i * 4], words[i]);
    llvm::support::endian::write32be(&be[i * 4], words[i]);
  }
  for (const std::string &blob : {le, be}) {
    llvm::Expected<KernelBinary> out = readKernelBinary(blob);
    ASSERT_TRUE(static_cast<bool>(out)) << llvm::toString(out.takeError());
    EXPECT_TRUE(out->isRawSPIRV);
    ASSERT_EQ(out->modules.size(), 1u);
    EXPECT_EQ(out->modules[0].flavour, SPIRVFlavour::OpenCL);
    EXPECT_EQ(out->modules[0].words, words);
    EXPECT_TRUE(out->kernels.empty());
  }
  llvm::Expected<KernelBinary> junk = readKernelBinary("not a kernel binary!");
  ASSERT_FALSE(static_cast<bool>(junk));
  llvm::consumeError(junk.takeError());
}

} // namespace
