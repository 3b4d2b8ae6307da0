//===- KernelBinary.cpp - kernel binary and SPIR-V parsing ----------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "KernelBinary.h"
#include "Util.h"

#include "imexrt/kernel_binary.h"

#include <array>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <map>

namespace imexrt {

namespace {

constexpr uint32_t kOpMemoryModel = 14;
constexpr uint32_t kOpEntryPoint = 15;
constexpr uint32_t kOpExecutionMode = 16;
constexpr uint32_t kOpCapability = 17;
constexpr uint32_t kExecutionModeLocalSize = 17;
constexpr uint32_t kOpDecorate = 71;
constexpr uint32_t kDecorationBuiltIn = 11;
constexpr uint32_t kBuiltInNumWorkgroups = 24;

// Largest scalar argument the container may describe (a vector<16xf64>).
constexpr uint32_t kMaxScalarBytes = 128;

uint32_t byteSwap(uint32_t v) {
  return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
}

uint32_t readLE32(const unsigned char *p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 |
         uint32_t(p[3]) << 24;
}

uint64_t readLE64(const unsigned char *p) {
  return uint64_t(readLE32(p)) | uint64_t(readLE32(p + 4)) << 32;
}

// Whether [offset, offset + size) lies inside a blob of `total` bytes.
bool inRange(uint64_t offset, uint64_t size, uint64_t total) {
  return offset <= total && size <= total - offset;
}

// Decodes a SPIR-V literal string starting at words[begin], ending before
// words[end]. Returns false if it has no NUL terminator.
bool readLiteralString(const std::vector<uint32_t> &words, size_t begin,
                       size_t end, std::string &out) {
  out.clear();
  for (size_t i = begin; i < end; ++i) {
    for (int b = 0; b < 4; ++b) {
      char c = char((words[i] >> (8 * b)) & 0xff);
      if (c == '\0')
        return true;
      out.push_back(c);
    }
  }
  return false;
}

} // namespace

bool SpirvInfo::hasCapability(uint32_t cap) const {
  for (uint32_t c : capabilities)
    if (c == cap)
      return true;
  return false;
}

const SpirvEntryPoint *
SpirvInfo::findEntryPoint(const std::string &name) const {
  for (const SpirvEntryPoint &ep : entryPoints)
    if (ep.name == name)
      return &ep;
  return nullptr;
}

std::string SpirvInfo::entryPointList() const {
  std::string list;
  for (const SpirvEntryPoint &ep : entryPoints) {
    if (!list.empty())
      list += ", ";
    list += ep.name;
  }
  return list.empty() ? std::string("none") : list;
}

/// Reflected polynomial 0xEDB88320, bit by bit: modules are small and
/// loaded once.
uint32_t kernelBinaryCrc32(const void *data, size_t bytes) {
  const auto *p = static_cast<const unsigned char *>(data);
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < bytes; ++i) {
    crc ^= p[i];
    for (int bit = 0; bit < 8; ++bit)
      crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

bool parseSpirv(std::vector<uint32_t> &words, SpirvInfo &info,
                std::string &error) {
  info = SpirvInfo();
  if (words.size() < 5) {
    error =
        format("SPIR-V module too short (%zu words; the header alone has 5)",
               words.size());
    return false;
  }
  if (words[0] == byteSwap(IMEXKBIN_SPIRV_MAGIC)) {
    for (uint32_t &w : words)
      w = byteSwap(w);
  }
  if (words[0] != IMEXKBIN_SPIRV_MAGIC) {
    error = format("not SPIR-V: first word is 0x%08x, expected 0x%08x",
                   words[0], IMEXKBIN_SPIRV_MAGIC);
    return false;
  }
  info.version = words[1];
  uint32_t major = (words[1] >> 16) & 0xff, minor = (words[1] >> 8) & 0xff;
  if (major != 1 || (words[1] & 0xff0000ffu) != 0) {
    error = format("unsupported SPIR-V version word 0x%08x", words[1]);
    return false;
  }
  (void)minor;
  if (words[3] == 0) {
    error = "malformed SPIR-V header: id bound is 0";
    return false;
  }
  if (words[3] > IMEXKBIN_SPIRV_MAX_ID_BOUND) {
    error = format("malformed SPIR-V header: id bound %u exceeds SPIR-V's "
                   "limit of %u (a damaged module)",
                   words[3], IMEXKBIN_SPIRV_MAX_ID_BOUND);
    return false;
  }

  std::map<uint32_t, std::array<uint32_t, 3>> localSizes; // entry id -> x,y,z
  size_t i = 5;
  while (i < words.size()) {
    uint32_t wordCount = words[i] >> 16;
    uint32_t opcode = words[i] & 0xffff;
    if (wordCount == 0) {
      error =
          format("malformed SPIR-V: instruction at word %zu (opcode %u) has "
                 "word count 0",
                 i, opcode);
      return false;
    }
    if (wordCount > words.size() - i) {
      error = format("malformed SPIR-V: instruction at word %zu (opcode %u) "
                     "needs %u words, only %zu left",
                     i, opcode, wordCount, words.size() - i);
      return false;
    }
    size_t end = i + wordCount;
    switch (opcode) {
    case kOpCapability:
      if (wordCount < 2) {
        error = format("malformed SPIR-V: OpCapability at word %zu", i);
        return false;
      }
      info.capabilities.push_back(words[i + 1]);
      break;
    case kOpMemoryModel:
      if (wordCount < 3) {
        error = format("malformed SPIR-V: OpMemoryModel at word %zu", i);
        return false;
      }
      info.addressingModel = words[i + 1];
      break;
    case kOpEntryPoint: {
      SpirvEntryPoint ep;
      if (wordCount < 4 || !readLiteralString(words, i + 3, end, ep.name)) {
        error = format("malformed SPIR-V: OpEntryPoint at word %zu", i);
        return false;
      }
      ep.executionModel = words[i + 1];
      ep.id = words[i + 2];
      info.entryPoints.push_back(std::move(ep));
      break;
    }
    case kOpExecutionMode:
      if (wordCount < 3) {
        error = format("malformed SPIR-V: OpExecutionMode at word %zu", i);
        return false;
      }
      if (words[i + 2] == kExecutionModeLocalSize) {
        if (wordCount < 6) {
          error = format("malformed SPIR-V: LocalSize at word %zu", i);
          return false;
        }
        localSizes[words[i + 1]] = {words[i + 3], words[i + 4], words[i + 5]};
      }
      break;
    case kOpDecorate:
      if (wordCount >= 4 && words[i + 2] == kDecorationBuiltIn &&
          words[i + 3] == kBuiltInNumWorkgroups)
        info.readsWorkgroupCount = true;
      break;
    default:
      break;
    }
    i = end;
  }
  for (SpirvEntryPoint &ep : info.entryPoints) {
    auto it = localSizes.find(ep.id);
    if (it == localSizes.end())
      continue;
    ep.hasLocalSize = true;
    for (int d = 0; d < 3; ++d)
      ep.localSize[d] = it->second[d];
  }
  return true;
}

const ModuleImage *KernelBinary::findModule(uint32_t flavour) const {
  for (const ModuleImage &m : modules)
    if (m.flavour == flavour)
      return &m;
  return nullptr;
}

const KernelEntry *KernelBinary::findKernel(const std::string &name) const {
  for (const KernelEntry &k : kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

const char *flavourName(uint32_t flavour) {
  switch (flavour) {
  case IMEXKBIN_FLAVOUR_OPENCL:
    return "OpenCL/Level Zero";
  case IMEXKBIN_FLAVOUR_VULKAN:
    return "Vulkan";
  default:
    return "unknown";
  }
}

static bool loadWords(const unsigned char *p, uint64_t bytes,
                      std::vector<uint32_t> &words) {
  words.resize(size_t(bytes / 4));
  if (bytes)
    std::memcpy(words.data(), p, size_t(bytes));
  return true;
}

bool parseKernelBinary(const void *data, size_t bytes, KernelBinary &out,
                       std::string &error) {
  out = KernelBinary();
  if (bytes == 0) {
    error = "the kernel binary is empty (0 bytes)";
    return false;
  }
  if (!data) {
    error = format("kernel binary pointer is null (%zu bytes)", bytes);
    return false;
  }
  const auto *p = static_cast<const unsigned char *>(data);
  if (bytes >= 4 && (readLE32(p) == IMEXKBIN_SPIRV_MAGIC ||
                     readLE32(p) == byteSwap(IMEXKBIN_SPIRV_MAGIC))) {
    if (bytes % 4) {
      error = format("raw SPIR-V of %zu bytes is not a whole number of words",
                     bytes);
      return false;
    }
    ModuleImage m;
    m.flavour = IMEXKBIN_FLAVOUR_OPENCL;
    loadWords(p, bytes, m.words);
    if (!parseSpirv(m.words, m.spirv, error))
      return false;
    out.modules.push_back(std::move(m));
    return true;
  }
  if (bytes < IMEXKBIN_MAGIC_BYTES ||
      std::memcmp(p, IMEXKBIN_MAGIC, IMEXKBIN_MAGIC_BYTES) != 0) {
    std::string start;
    for (size_t i = 0; i < bytes && i < 8; ++i)
      start += format("%s%02x", i ? " " : "", unsigned(p[i]));
    error = format("not a kernel binary: neither SPIR-V (magic 0x%08x) nor an "
                   "IMEXKBIN container (%zu bytes starting with [%s])",
                   IMEXKBIN_SPIRV_MAGIC, bytes, start.c_str());
    return false;
  }
  if (bytes < sizeof(ImexKbinHeader)) {
    error = format("IMEXKBIN container truncated: %zu bytes, header needs %zu",
                   bytes, sizeof(ImexKbinHeader));
    return false;
  }
  out.isContainer = true;
  uint32_t version = readLE32(p + 8);
  uint32_t numModules = readLE32(p + 12);
  uint32_t numKernels = readLE32(p + 16);
  if (version != IMEXKBIN_VERSION &&
      version != IMEXKBIN_VERSION_WITHOUT_CHECKSUMS) {
    error =
        format("IMEXKBIN container version %u is not supported (expected "
               "%u or %u)",
               version, IMEXKBIN_VERSION_WITHOUT_CHECKSUMS, IMEXKBIN_VERSION);
    return false;
  }
  if (numModules == 0) {
    error = "IMEXKBIN container holds no module";
    return false;
  }
  uint64_t recordsEnd = IMEXKBIN_MODULES_OFFSET +
                        uint64_t(numModules) * sizeof(ImexKbinModule) +
                        uint64_t(numKernels) * sizeof(ImexKbinKernel);
  if (recordsEnd > bytes) {
    error =
        format("IMEXKBIN container truncated: %u module and %u kernel "
               "records need %llu bytes, the blob has %zu",
               numModules, numKernels, (unsigned long long)recordsEnd, bytes);
    return false;
  }

  for (uint32_t m = 0; m < numModules; ++m) {
    const unsigned char *rec =
        p + IMEXKBIN_MODULES_OFFSET + uint64_t(m) * sizeof(ImexKbinModule);
    ModuleImage image;
    image.flavour = readLE32(rec);
    uint64_t offset = readLE64(rec + 8), size = readLE64(rec + 16);
    if (image.flavour != IMEXKBIN_FLAVOUR_OPENCL &&
        image.flavour != IMEXKBIN_FLAVOUR_VULKAN) {
      error = format("IMEXKBIN module %u has unknown flavour %u (1 = OpenCL/"
                     "Level Zero, 2 = Vulkan)",
                     m, image.flavour);
      return false;
    }
    if (out.findModule(image.flavour)) {
      error = format("IMEXKBIN container holds two %s modules",
                     flavourName(image.flavour));
      return false;
    }
    if (!inRange(offset, size, bytes)) {
      error = format("IMEXKBIN module %u (%s): SPIR-V at offset %llu, %llu "
                     "bytes, lies outside the %zu-byte blob",
                     m, flavourName(image.flavour), (unsigned long long)offset,
                     (unsigned long long)size, bytes);
      return false;
    }
    if (size % 4) {
      error = format("IMEXKBIN module %u (%s): %llu bytes is not a whole "
                     "number of SPIR-V words",
                     m, flavourName(image.flavour), (unsigned long long)size);
      return false;
    }
    if (version >= 2) {
      uint32_t expected = readLE32(rec + 4);
      uint32_t actual = kernelBinaryCrc32(p + offset, size);
      if (actual != expected) {
        error = format("IMEXKBIN module %u (%s) is damaged: its CRC-32 is "
                       "0x%08x, the container records 0x%08x",
                       m, flavourName(image.flavour), actual, expected);
        return false;
      }
    }
    loadWords(p + offset, size, image.words);
    std::string spirvError;
    if (!parseSpirv(image.words, image.spirv, spirvError)) {
      error =
          format("IMEXKBIN module %u (%s): ", m, flavourName(image.flavour)) +
          spirvError;
      return false;
    }
    out.modules.push_back(std::move(image));
  }

  const unsigned char *kernelRecords =
      p + IMEXKBIN_MODULES_OFFSET +
      uint64_t(numModules) * sizeof(ImexKbinModule);
  for (uint32_t k = 0; k < numKernels; ++k) {
    const unsigned char *rec =
        kernelRecords + uint64_t(k) * sizeof(ImexKbinKernel);
    uint64_t nameOffset = readLE64(rec);
    uint32_t nameBytes = readLE32(rec + 8);
    uint32_t numArgs = readLE32(rec + 12);
    uint64_t argsOffset = readLE64(rec + 16);
    if (nameBytes == 0 || !inRange(nameOffset, nameBytes, bytes)) {
      error = format("IMEXKBIN kernel record %u: name (offset %llu, %u bytes) "
                     "is empty or outside the %zu-byte blob",
                     k, (unsigned long long)nameOffset, nameBytes, bytes);
      return false;
    }
    KernelEntry entry;
    entry.name.assign(reinterpret_cast<const char *>(p + nameOffset),
                      nameBytes);
    if (entry.name.find('\0') != std::string::npos) {
      error = format("IMEXKBIN kernel record %u: name contains a NUL byte", k);
      return false;
    }
    if (out.findKernel(entry.name)) {
      error = "IMEXKBIN container describes kernel '" + entry.name + "' twice";
      return false;
    }
    if (!inRange(argsOffset, uint64_t(numArgs) * sizeof(ImexKbinArg), bytes)) {
      error = format("IMEXKBIN kernel '%s': %u argument records at offset "
                     "%llu lie outside the %zu-byte blob",
                     entry.name.c_str(), numArgs,
                     (unsigned long long)argsOffset, bytes);
      return false;
    }
    for (uint32_t a = 0; a < numArgs; ++a) {
      const unsigned char *arg =
          p + argsOffset + uint64_t(a) * sizeof(ImexKbinArg);
      KernelArg ka;
      ka.kind = readLE32(arg);
      ka.bytes = readLE32(arg + 4);
      if (ka.kind != IMEXKBIN_ARG_BUFFER && ka.kind != IMEXKBIN_ARG_SCALAR &&
          ka.kind != IMEXKBIN_ARG_PUSH_CONSTANT) {
        error = format("IMEXKBIN kernel '%s': argument %u has unknown kind %u "
                       "(0 = buffer, 1 = scalar, 2 = push constant)",
                       entry.name.c_str(), a, ka.kind);
        return false;
      }
      if (ka.kind == IMEXKBIN_ARG_PUSH_CONSTANT && ka.bytes != 4 &&
          ka.bytes != 8) {
        error = format("IMEXKBIN kernel '%s': push-constant argument %u has "
                       "size %u (must be 4 or 8 bytes)",
                       entry.name.c_str(), a, ka.bytes);
        return false;
      }
      if (ka.kind == IMEXKBIN_ARG_SCALAR &&
          (ka.bytes == 0 || ka.bytes > kMaxScalarBytes)) {
        error = format("IMEXKBIN kernel '%s': scalar argument %u has size %u "
                       "(must be 1 to %u bytes)",
                       entry.name.c_str(), a, ka.bytes, kMaxScalarBytes);
        return false;
      }
      entry.args.push_back(ka);
    }
    out.kernels.push_back(std::move(entry));
  }
  return true;
}

} // namespace imexrt
