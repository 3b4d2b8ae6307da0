//===- TestUtil.h - helpers for the runtime tests ---------------*- C++ -*-===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An IMEXKBIN container writer (what the compiler emits), loading of the
// SPIR-V kernels assembled at build time, and an error recorder installed as
// the runtime's error handler.
//
//===----------------------------------------------------------------------===//
#ifndef IMEXRT_TESTS_TESTUTIL_H
#define IMEXRT_TESTS_TESTUTIL_H

#include "KernelBinary.h" // the runtime's reader (runtime/lib)
#include "imexrt/imexrt.h"
#include "imexrt/kernel_binary.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>
#include <vector>

namespace imexrt_test {

struct TestArg {
  uint32_t kind;
  uint32_t bytes;
};

inline TestArg buffer() { return {IMEXKBIN_ARG_BUFFER, sizeof(void *)}; }
inline TestArg scalar(uint32_t bytes) { return {IMEXKBIN_ARG_SCALAR, bytes}; }
inline TestArg pushConstant(uint32_t bytes) {
  return {IMEXKBIN_ARG_PUSH_CONSTANT, bytes};
}

struct TestKernel {
  std::string name;
  std::vector<TestArg> args;
};

struct TestModule {
  uint32_t flavour;
  std::vector<uint32_t> words;
};

/// Writes a container the way the compiler does: header, module records,
/// kernel records, then names, argument tables and SPIR-V words.
inline std::vector<unsigned char>
makeContainer(const std::vector<TestModule> &modules,
              const std::vector<TestKernel> &kernels) {
  std::vector<unsigned char> blob(sizeof(ImexKbinHeader) +
                                  modules.size() * sizeof(ImexKbinModule) +
                                  kernels.size() * sizeof(ImexKbinKernel));
  auto append = [&blob](const void *data, size_t bytes) {
    uint64_t offset = blob.size();
    const auto *p = static_cast<const unsigned char *>(data);
    blob.insert(blob.end(), p, p + bytes);
    return offset;
  };
  ImexKbinHeader header{};
  std::memcpy(header.magic, IMEXKBIN_MAGIC, IMEXKBIN_MAGIC_BYTES);
  header.version = IMEXKBIN_VERSION;
  header.numModules = uint32_t(modules.size());
  header.numKernels = uint32_t(kernels.size());
  std::memcpy(blob.data(), &header, sizeof(header));
  for (size_t k = 0; k < kernels.size(); ++k) {
    ImexKbinKernel rec{};
    rec.nameOffset = append(kernels[k].name.data(), kernels[k].name.size());
    rec.nameBytes = uint32_t(kernels[k].name.size());
    rec.numArgs = uint32_t(kernels[k].args.size());
    std::vector<ImexKbinArg> args;
    for (const TestArg &a : kernels[k].args)
      args.push_back({a.kind, a.bytes});
    rec.argsOffset = append(args.data(), args.size() * sizeof(ImexKbinArg));
    std::memcpy(blob.data() + sizeof(ImexKbinHeader) +
                    modules.size() * sizeof(ImexKbinModule) +
                    k * sizeof(ImexKbinKernel),
                &rec, sizeof(rec));
  }
  for (size_t m = 0; m < modules.size(); ++m) {
    ImexKbinModule rec{};
    rec.flavour = modules[m].flavour;
    // Put the words at an odd offset: the runtime must not need alignment.
    blob.push_back(0xAB);
    rec.offset = append(modules[m].words.data(), modules[m].words.size() * 4);
    rec.bytes = modules[m].words.size() * 4;
    rec.crc32 = imexrt::kernelBinaryCrc32(modules[m].words.data(), rec.bytes);
    std::memcpy(blob.data() + sizeof(ImexKbinHeader) +
                    m * sizeof(ImexKbinModule),
                &rec, sizeof(rec));
  }
  return blob;
}

/// Recomputes the module checksums of a container whose SPIR-V a test
/// changed on purpose, so that what it changed is what the reader sees.
inline void resealChecksums(std::vector<unsigned char> &blob) {
  ImexKbinHeader header;
  std::memcpy(&header, blob.data(), sizeof(header));
  for (uint32_t m = 0; m < header.numModules; ++m) {
    ImexKbinModule rec;
    size_t at = sizeof(ImexKbinHeader) + m * sizeof(ImexKbinModule);
    std::memcpy(&rec, blob.data() + at, sizeof(rec));
    rec.crc32 = imexrt::kernelBinaryCrc32(blob.data() + rec.offset, rec.bytes);
    std::memcpy(blob.data() + at, &rec, sizeof(rec));
  }
}

/// Reads a SPIR-V file assembled at build time (IMEXRT_TEST_KERNEL_DIR).
inline std::vector<uint32_t> loadSpirv(const std::string &name) {
  std::ifstream in(std::string(IMEXRT_TEST_KERNEL_DIR) + "/" + name,
                   std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                          std::istreambuf_iterator<char>());
  std::vector<uint32_t> words(bytes.size() / 4);
  if (!words.empty())
    std::memcpy(words.data(), bytes.data(), words.size() * 4);
  return words;
}

/// The kernel table of kernels.spvasm.
inline std::vector<TestKernel> mainKernelTable() {
  return {
      {"add_f32", {buffer(), buffer(), buffer(), scalar(4)}},
      {"inc_i32", {buffer(), scalar(4)}},
      {"iota2d", {buffer(), scalar(4)}},
      {"scalars",
       {buffer(), buffer(), buffer(), buffer(), scalar(4), scalar(8), scalar(4),
        scalar(8), scalar(4)}},
      {"pushed",
       {buffer(), buffer(), buffer(), buffer(), pushConstant(4),
        pushConstant(8), pushConstant(4), pushConstant(8), pushConstant(4)}},
  };
}

/// Launches that ran on the mock Level Zero driver, not on a device: not
/// counted as kernel executions.
inline uint64_t &mockLaunches() {
  static uint64_t n = 0;
  return n;
}

/// Collects runtime errors (installed as the error handler).
class ErrorLog {
public:
  static ErrorLog &get() {
    static ErrorLog log;
    return log;
  }
  static void handler(const char *message, void *) {
    ErrorLog &log = get();
    std::lock_guard<std::mutex> lock(log.mutex_);
    log.messages_.push_back(message);
  }
  std::vector<std::string> take() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<std::string> out;
    out.swap(messages_);
    return out;
  }

private:
  std::mutex mutex_;
  std::vector<std::string> messages_;
};

inline std::string join(const std::vector<std::string> &lines) {
  std::string out;
  for (const std::string &l : lines)
    out += "\n  " + l;
  return out;
}

inline bool contains(const std::string &s, const std::string &part) {
  return s.find(part) != std::string::npos;
}

/// Sets an environment variable for the scope, restoring the old value.
class EnvGuard {
public:
  EnvGuard(const char *name, const char *value) : name_(name) {
    if (const char *old = std::getenv(name)) {
      hadOld_ = true;
      old_ = old;
    }
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~EnvGuard() {
    if (hadOld_)
      setenv(name_, old_.c_str(), 1);
    else
      unsetenv(name_);
  }

private:
  const char *name_;
  bool hadOld_ = false;
  std::string old_;
};

/// Kernel parameters with stable storage, ending with {NULL, 0}.
class Params {
public:
  template <typename T> Params &add(T value) {
    storage_.emplace_back(sizeof(T));
    std::memcpy(storage_.back().data(), &value, sizeof(T));
    descs_.push_back({storage_.back().data(), sizeof(T)});
    return *this;
  }
  Params &ptr(const void *p) { return add(const_cast<void *>(p)); }
  imexrtParamDesc *get() {
    terminated_ = descs_;
    terminated_.push_back({nullptr, 0});
    return terminated_.data();
  }

private:
  std::deque<std::vector<unsigned char>> storage_;
  std::vector<imexrtParamDesc> descs_, terminated_;
};

} // namespace imexrt_test

#endif // IMEXRT_TESTS_TESTUTIL_H
