//===- KernelBinaryTest.cpp - container and SPIR-V parsing (no device) ----===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "KernelBinary.h"
#include "TestUtil.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstddef>

using namespace imexrt;
using namespace imexrt_test;

namespace {

bool parse(const std::vector<unsigned char> &blob, KernelBinary &out,
           std::string &error) {
  return parseKernelBinary(blob.data(), blob.size(), out, error);
}

std::vector<unsigned char> bytesOf(const std::vector<uint32_t> &words) {
  std::vector<unsigned char> b(words.size() * 4);
  std::memcpy(b.data(), words.data(), b.size());
  return b;
}

// Overwrites a little-endian 32/64-bit field of a blob.
void put32(std::vector<unsigned char> &blob, size_t offset, uint32_t v) {
  std::memcpy(blob.data() + offset, &v, 4);
}
void put64(std::vector<unsigned char> &blob, size_t offset, uint64_t v) {
  std::memcpy(blob.data() + offset, &v, 8);
}

constexpr size_t kModule0 = sizeof(ImexKbinHeader);

} // namespace

TEST(ImexrtKernelBinary, KernelsAssembledAtBuildTime) {
  ASSERT_GT(loadSpirv("kernels.spv").size(), 5u);
  ASSERT_GT(loadSpirv("small_ints.spv").size(), 5u);
  ASSERT_GT(loadSpirv("opencl_add.spv").size(), 5u);
}

TEST(ImexrtKernelBinary, RawSpirvIsTheOpenCLFlavour) {
  KernelBinary bin;
  std::string error;
  ASSERT_TRUE(parse(bytesOf(loadSpirv("opencl_add.spv")), bin, error)) << error;
  EXPECT_FALSE(bin.isContainer);
  ASSERT_EQ(bin.modules.size(), 1u);
  EXPECT_EQ(bin.modules[0].flavour, IMEXKBIN_FLAVOUR_OPENCL);
  EXPECT_TRUE(bin.kernels.empty());
  const SpirvInfo &spv = bin.modules[0].spirv;
  EXPECT_TRUE(spv.hasCapability(kSpvCapabilityKernel));
  EXPECT_FALSE(spv.hasCapability(kSpvCapabilityShader));
  const SpirvEntryPoint *ep = spv.findEntryPoint("add_f32");
  ASSERT_NE(ep, nullptr);
  EXPECT_EQ(ep->executionModel, kSpvExecutionModelKernel);
  EXPECT_TRUE(ep->hasLocalSize);
  EXPECT_EQ(ep->localSize[0], 4u);
}

// A module whose kernels may read the grid size (BuiltIn NumWorkgroups)
// says so: the runtime must not split its launches.
TEST(ImexrtKernelBinary, ReadingTheGridSizeIsDetected) {
  std::vector<uint32_t> words = loadSpirv("kernels.spv");
  KernelBinary plain;
  std::string error;
  ASSERT_TRUE(parse(bytesOf(words), plain, error)) << error;
  EXPECT_FALSE(plain.modules[0].spirv.readsWorkgroupCount);
  // OpDecorate %gid BuiltIn GlobalInvocationId -> BuiltIn NumWorkgroups.
  const uint32_t opDecorate4 = (4u << 16) | 71u;
  bool rewritten = false;
  for (size_t i = 5; i + 3 < words.size(); i += words[i] >> 16) {
    if (words[i] == opDecorate4 && words[i + 2] == 11 && words[i + 3] == 28) {
      words[i + 3] = 24;
      rewritten = true;
    }
  }
  ASSERT_TRUE(rewritten);
  KernelBinary reading;
  ASSERT_TRUE(parse(bytesOf(words), reading, error)) << error;
  EXPECT_TRUE(reading.modules[0].spirv.readsWorkgroupCount);
}

TEST(ImexrtKernelBinary, ByteSwappedSpirvIsAccepted) {
  std::vector<uint32_t> words = loadSpirv("opencl_add.spv");
  for (uint32_t &w : words)
    w = __builtin_bswap32(w);
  KernelBinary bin;
  std::string error;
  ASSERT_TRUE(parse(bytesOf(words), bin, error)) << error;
  EXPECT_EQ(bin.modules[0].words[0], IMEXKBIN_SPIRV_MAGIC);
  EXPECT_NE(bin.modules[0].spirv.findEntryPoint("add_f32"), nullptr);
}

TEST(ImexrtKernelBinary, ContainerWithBothFlavours) {
  auto blob =
      makeContainer({{IMEXKBIN_FLAVOUR_OPENCL, loadSpirv("opencl_add.spv")},
                     {IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("kernels.spv")}},
                    mainKernelTable());
  KernelBinary bin;
  std::string error;
  ASSERT_TRUE(parse(blob, bin, error)) << error;
  EXPECT_TRUE(bin.isContainer);
  ASSERT_EQ(bin.modules.size(), 2u);
  const ModuleImage *vk = bin.findModule(IMEXKBIN_FLAVOUR_VULKAN);
  ASSERT_NE(vk, nullptr);
  EXPECT_TRUE(vk->spirv.hasCapability(kSpvCapabilityShader));
  EXPECT_EQ(vk->spirv.entryPointList(),
            "add_f32, inc_i32, iota2d, scalars, pushed");
  const SpirvEntryPoint *iota = vk->spirv.findEntryPoint("iota2d");
  ASSERT_NE(iota, nullptr);
  EXPECT_EQ(iota->executionModel, kSpvExecutionModelGLCompute);
  EXPECT_EQ(iota->localSize[0], 2u);
  EXPECT_EQ(iota->localSize[1], 2u);
  EXPECT_EQ(iota->localSize[2], 1u);
  EXPECT_NE(bin.findModule(IMEXKBIN_FLAVOUR_OPENCL), nullptr);

  ASSERT_EQ(bin.kernels.size(), 5u);
  const KernelEntry *scalars = bin.findKernel("scalars");
  ASSERT_NE(scalars, nullptr);
  ASSERT_EQ(scalars->args.size(), 9u);
  EXPECT_EQ(scalars->args[0].kind, IMEXKBIN_ARG_BUFFER);
  EXPECT_EQ(scalars->args[5].kind, IMEXKBIN_ARG_SCALAR);
  EXPECT_EQ(scalars->args[5].bytes, 8u);
  const KernelEntry *pushed = bin.findKernel("pushed");
  ASSERT_NE(pushed, nullptr);
  EXPECT_EQ(pushed->args[5].kind, IMEXKBIN_ARG_PUSH_CONSTANT);
  EXPECT_EQ(pushed->args[5].bytes, 8u);
  EXPECT_EQ(bin.findKernel("nope"), nullptr);
}

TEST(ImexrtKernelBinary, ContainerWithoutKernels) {
  auto blob = makeContainer(
      {{IMEXKBIN_FLAVOUR_OPENCL, loadSpirv("opencl_add.spv")}}, {});
  KernelBinary bin;
  std::string error;
  ASSERT_TRUE(parse(blob, bin, error)) << error;
  EXPECT_TRUE(bin.kernels.empty());
  EXPECT_EQ(bin.findModule(IMEXKBIN_FLAVOUR_VULKAN), nullptr);
}

// Version 1 containers, written before modules carried checksums, are
// still read; their checksum field (then reserved) is not checked.
TEST(ImexrtKernelBinary, VersionOneHasNoChecksums) {
  auto blob = makeContainer(
      {{IMEXKBIN_FLAVOUR_OPENCL, loadSpirv("opencl_add.spv")}}, {});
  put32(blob, offsetof(ImexKbinHeader, version),
        IMEXKBIN_VERSION_WITHOUT_CHECKSUMS);
  put32(blob, IMEXKBIN_MODULES_OFFSET + offsetof(ImexKbinModule, crc32), 0);
  KernelBinary bin;
  std::string error;
  ASSERT_TRUE(parse(blob, bin, error)) << error;
  EXPECT_NE(bin.findModule(IMEXKBIN_FLAVOUR_OPENCL), nullptr);
}

TEST(ImexrtKernelBinary, ParsedBinaryOwnsItsData) {
  KernelBinary bin;
  std::string error;
  {
    auto blob =
        makeContainer({{IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("kernels.spv")}},
                      mainKernelTable());
    ASSERT_TRUE(parse(blob, bin, error)) << error;
    std::fill(blob.begin(), blob.end(), 0);
  }
  EXPECT_EQ(bin.modules[0].words[0], IMEXKBIN_SPIRV_MAGIC);
  EXPECT_NE(bin.findKernel("add_f32"), nullptr);
}

struct BadBlob {
  const char *what;
  std::vector<unsigned char> blob;
  const char *expected; // substring of the error
};

class ImexrtKernelBinaryErrors : public ::testing::TestWithParam<int> {};

std::vector<BadBlob> badBlobs() {
  std::vector<BadBlob> cases;
  auto good = [] {
    return makeContainer(
        {{IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("kernels.spv")}},
        {{"add_f32", {buffer(), buffer(), buffer(), scalar(4)}}});
  };
  size_t kernel0 = kModule0 + sizeof(ImexKbinModule);

  cases.push_back({"empty", {}, "is empty"});
  cases.push_back({"garbage",
                   {'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd', '!'},
                   "not a kernel binary"});
  {
    auto b = good();
    b.resize(20);
    cases.push_back({"truncated header", b, "header needs"});
  }
  {
    auto b = good();
    put32(b, 8, 3);
    cases.push_back({"version", b, "version 3 is not supported"});
  }
  {
    // One flipped bit in the SPIR-V: the checksum no longer matches, and
    // the module never reaches a driver.
    auto b = good();
    uint64_t offset;
    std::memcpy(&offset, b.data() + kModule0 + 8, 8);
    b[offset + 40] ^= 0x10;
    cases.push_back({"damaged module", b, "is damaged: its CRC-32 is"});
  }
  {
    // An id bound past SPIR-V's limit (drivers allocate by it).
    auto b = good();
    uint64_t offset;
    std::memcpy(&offset, b.data() + kModule0 + 8, 8);
    put32(b, offset + 12, 0xFFFFFFFFu);
    resealChecksums(b);
    cases.push_back({"id bound", b, "id bound 4294967295 exceeds"});
  }
  {
    auto b = good();
    put32(b, 12, 0);
    cases.push_back({"no modules", b, "holds no module"});
  }
  {
    auto b = good();
    put32(b, 12, 100000);
    cases.push_back({"too many module records", b, "container truncated"});
  }
  {
    auto b = good();
    put32(b, kModule0, 7);
    cases.push_back({"flavour", b, "unknown flavour 7"});
  }
  {
    auto b = good();
    put64(b, kModule0 + 8, b.size() - 8);
    cases.push_back({"module out of range", b, "lies outside"});
  }
  {
    auto b = good();
    put64(b, kModule0 + 8, ~uint64_t(0) - 3);
    cases.push_back({"module offset overflow", b, "lies outside"});
  }
  {
    auto b = good();
    put64(b, kModule0 + 16, 22);
    cases.push_back({"module size not words", b, "not a whole number"});
  }
  {
    auto b = good();
    put64(b, kModule0 + 16, 12);
    resealChecksums(b);
    cases.push_back({"spirv too short", b, "too short"});
  }
  {
    // The first instruction after the header claims more words than remain.
    auto b = good();
    uint64_t offset;
    std::memcpy(&offset, b.data() + kModule0 + 8, 8);
    put32(b, offset + 20, 0xFFFF0011u);
    resealChecksums(b);
    cases.push_back({"truncated instruction", b, "malformed SPIR-V"});
  }
  {
    auto b = good();
    uint64_t offset;
    std::memcpy(&offset, b.data() + kModule0 + 8, 8);
    put32(b, offset + 20, 0x00000011u);
    resealChecksums(b);
    cases.push_back({"zero word count", b, "word count 0"});
  }
  {
    auto b = good();
    uint64_t offset;
    std::memcpy(&offset, b.data() + kModule0 + 8, 8);
    put32(b, offset, 0x12345678u);
    resealChecksums(b);
    cases.push_back({"module magic", b, "not SPIR-V"});
  }
  {
    auto b = good();
    put32(b, kernel0 + 8, 0);
    cases.push_back({"empty kernel name", b, "is empty or outside"});
  }
  {
    auto b = good();
    put64(b, kernel0, b.size());
    cases.push_back({"kernel name out of range", b, "is empty or outside"});
  }
  {
    auto b = good();
    put32(b, kernel0 + 12, 1000);
    cases.push_back({"argument table out of range", b, "lie outside"});
  }
  {
    auto b = good();
    uint64_t args;
    std::memcpy(&args, b.data() + kernel0 + 16, 8);
    put32(b, args, 5);
    cases.push_back({"argument kind", b, "unknown kind 5"});
  }
  {
    auto b = good();
    uint64_t args;
    std::memcpy(&args, b.data() + kernel0 + 16, 8);
    put32(b, args + 3 * 8 + 4, 0);
    cases.push_back({"scalar size", b, "has size 0"});
  }
  {
    // The first kernel's scalar (argument 3) as a push constant of 2 bytes.
    auto b = good();
    uint64_t args;
    std::memcpy(&args, b.data() + kernel0 + 16, 8);
    put32(b, args + 3 * 8, IMEXKBIN_ARG_PUSH_CONSTANT);
    put32(b, args + 3 * 8 + 4, 2);
    cases.push_back({"push-constant size", b,
                     "push-constant argument 3 has size 2 (must be 4 or 8"});
  }
  cases.push_back(
      {"duplicate flavour",
       makeContainer({{IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("kernels.spv")},
                      {IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("small_ints.spv")}},
                     {}),
       "two Vulkan modules"});
  cases.push_back(
      {"duplicate kernel",
       makeContainer({{IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("kernels.spv")}},
                     {{"inc_i32", {buffer(), scalar(4)}},
                      {"inc_i32", {buffer(), scalar(4)}}}),
       "twice"});
  {
    auto raw = bytesOf(loadSpirv("opencl_add.spv"));
    raw.pop_back();
    cases.push_back({"raw SPIR-V not words", raw, "whole number of words"});
  }
  return cases;
}

TEST_P(ImexrtKernelBinaryErrors, Rejected) {
  BadBlob c = badBlobs()[size_t(GetParam())];
  KernelBinary bin;
  std::string error;
  EXPECT_FALSE(parse(c.blob, bin, error)) << c.what;
  EXPECT_NE(error.find(c.expected), std::string::npos)
      << c.what << ": got \"" << error << "\", expected \"" << c.expected
      << "\"";
}

std::string blobName(const ::testing::TestParamInfo<int> &info) {
  std::string name = badBlobs()[size_t(info.param)].what;
  for (char &c : name)
    if (!isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Blobs, ImexrtKernelBinaryErrors,
                         ::testing::Range(0, int(badBlobs().size())), blobName);

TEST(ImexrtKernelBinary, NullPointer) {
  KernelBinary bin;
  std::string error;
  EXPECT_FALSE(parseKernelBinary(nullptr, 16, bin, error));
  EXPECT_NE(error.find("null"), std::string::npos);
}

TEST(ImexrtKernelBinary, LayoutMatchesTheAbiDocument) {
  EXPECT_EQ(sizeof(ImexKbinHeader), 24u);
  EXPECT_EQ(offsetof(ImexKbinHeader, version), 8u);
  EXPECT_EQ(offsetof(ImexKbinHeader, numModules), 12u);
  EXPECT_EQ(offsetof(ImexKbinHeader, numKernels), 16u);
  EXPECT_EQ(offsetof(ImexKbinModule, offset), 8u);
  EXPECT_EQ(offsetof(ImexKbinModule, bytes), 16u);
  EXPECT_EQ(offsetof(ImexKbinKernel, nameBytes), 8u);
  EXPECT_EQ(offsetof(ImexKbinKernel, numArgs), 12u);
  EXPECT_EQ(offsetof(ImexKbinKernel, argsOffset), 16u);
  EXPECT_EQ(offsetof(ImexKbinArg, bytes), 4u);
}
