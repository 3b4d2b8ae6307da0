//===- MlirFuzz.cpp - libFuzzer target for the .mlir -> object path -------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Feeds programs to imexc as .mlir input: parse and verify, the pipeline
// imexc would choose (host, gpu with SPIR-V kernels, distributed,
// vector-ext), then LLVM code generation to an object, which is discarded.
// Goes through imex::compileSafely with imexc's default options, as imexc
// does, so it exercises what `imexc input.mlir -o input.o` does. A
// diagnostic is a normal outcome. A crash that imexc reports as an
// internal compiler error (a bug in MLIR's parser or a pass, caught by
// crash recovery) is counted and its input saved to MLIR_FUZZ_ARTIFACTS;
// a crash that escapes, a sanitizer report, a timeout or an exit (an LLVM
// fatal error) fails the run, and libFuzzer saves the input.
//
// The compiler's libraries are not instrumented, so libFuzzer has no
// coverage to steer by, and its byte mutations would mostly make lexer
// errors. Instead the custom mutator takes one of the seed programs
// (MLIR_FUZZ_SEEDS: directories of .mlir files), chosen uniformly, and
// mutates it the way a careless user edits a program: lines dropped,
// repeated or swapped, numbers, element types and dimensions replaced,
// the file cut short. At exit it prints how many inputs it tried and how
// many compiled or got a diagnostic. Run by the `mlir-fuzz` ctest entry.
//
//===----------------------------------------------------------------------===//

#include "imex/Driver/Driver.h"
#include "imex/InitImex.h"
#include "imex/Target/TargetInfo.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <regex>
#include <string>
#include <vector>

namespace {

/// The file each input is written to: imex::compile reads a path.
const std::string &inputPath() {
  static const std::string path = [] {
    llvm::SmallString<128> file;
    llvm::sys::fs::createTemporaryFile("mlir-fuzz", "mlir", file);
    return std::string(file);
  }();
  return path;
}

std::vector<std::string> &seeds() {
  static std::vector<std::string> programs;
  return programs;
}

/// Outcomes, printed at exit (a crash that escapes ends the run before).
struct Counts {
  uint64_t tried = 0, compiled = 0, rejected = 0, internalErrors = 0;
  ~Counts() {
    if (tried)
      std::fprintf(stderr,
                   "mlir-fuzz: %llu inputs: %llu compiled, %llu rejected with "
                   "a diagnostic, %llu internal compiler errors, 0 crashes\n",
                   (unsigned long long)tried, (unsigned long long)compiled,
                   (unsigned long long)rejected,
                   (unsigned long long)internalErrors);
  }
};
Counts counts;

/// Keeps an input that caused an internal compiler error for triage.
void saveInternalError(const uint8_t *data, size_t size) {
  const char *dir = std::getenv("MLIR_FUZZ_ARTIFACTS");
  if (!dir)
    return;
  std::string path = std::string(dir) + "/internal-error-" +
                     std::to_string(counts.internalErrors) + ".mlir";
  std::error_code ec;
  llvm::raw_fd_ostream file(path, ec);
  if (!ec)
    file.write(reinterpret_cast<const char *>(data), size);
}

void loadSeeds(llvm::StringRef dirs) {
  llvm::SmallVector<llvm::StringRef> list;
  dirs.split(list, ':', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef dir : list) {
    std::error_code ec;
    for (llvm::sys::fs::recursive_directory_iterator it(dir, ec), end;
         it != end && !ec; it.increment(ec)) {
      if (llvm::sys::path::extension(it->path()) != ".mlir")
        continue;
      if (auto file = llvm::MemoryBuffer::getFile(it->path()))
        seeds().push_back((*file)->getBuffer().str());
    }
  }
}

/// One edit of `text`, chosen by `rng`.
void mutate(std::string &text, std::mt19937_64 &rng) {
  auto pick = [&](size_t n) { return n ? size_t(rng() % n) : 0; };
  llvm::SmallVector<llvm::StringRef> parts;
  llvm::StringRef(text).split(parts, '\n');
  std::vector<std::string> lines(parts.begin(), parts.end());
  auto join = [&] { text = llvm::join(lines, "\n"); };
  // Replaces one match of `pattern` in a random line with a choice.
  auto replaceIn = [&](const std::regex &pattern,
                       const std::vector<const char *> &choices) {
    for (int attempt = 0; attempt < 8; ++attempt) {
      std::string &line = lines[pick(lines.size())];
      std::vector<std::smatch> found;
      for (std::sregex_iterator it(line.begin(), line.end(), pattern), end;
           it != end; ++it)
        found.push_back(*it);
      if (found.empty())
        continue;
      const std::smatch &match = found[pick(found.size())];
      line.replace(match.position(0), match.length(0),
                   choices[pick(choices.size())]);
      return;
    }
  };
  static const std::regex number("-?[0-9]+(\\.[0-9]+)?");
  static const std::regex type("\\b(f16|bf16|f32|f64|i1|i8|i16|i32|i64|"
                               "index)\\b");
  static const std::regex dimension("[0-9?]+x");
  switch (pick(7)) {
  case 0:
    lines.erase(lines.begin() + pick(lines.size()));
    break;
  case 1: {
    size_t i = pick(lines.size());
    lines.insert(lines.begin() + i, lines[i]);
    break;
  }
  case 2:
    std::swap(lines[pick(lines.size())], lines[pick(lines.size())]);
    break;
  case 3:
    replaceIn(number,
              {"0", "1", "-1", "7", "1023", "2147483648", "9223372036854775807",
               "-9223372036854775808", "1.5e38", "nan"});
    break;
  case 4:
    replaceIn(type, {"f16", "bf16", "f32", "f64", "i1", "i8", "i32", "i64",
                     "index", "ui32", "complex<f32>", "vector<4xf32>"});
    break;
  case 5:
    replaceIn(dimension,
              {"0x", "1x", "?x", "3x", "1048577x", "4611686018427387904x"});
    break;
  default:
    lines.resize(lines.size() ? 1 + pick(lines.size()) : 0);
    break;
  }
  join();
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  imex::registerAllPassesAndPipelines();
  imex::registerMLIROptions();
  imex::initializeLLVMTargets();
  if (const char *dirs = std::getenv("MLIR_FUZZ_SEEDS"))
    loadSeeds(dirs);
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned int seed) {
  if (seeds().empty())
    return size; // nothing to start from: keep the input
  std::mt19937_64 rng(seed);
  std::string text = seeds()[rng() % seeds().size()];
  for (unsigned edits = 1 + rng() % 3; edits; --edits)
    mutate(text, rng);
  size_t length = std::min(text.size(), maxSize);
  std::memcpy(data, text.data(), length);
  return length;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  {
    std::error_code ec;
    llvm::raw_fd_ostream file(inputPath(), ec);
    if (ec)
      return 0;
    file.write(reinterpret_cast<const char *>(data), size);
  }
  imex::CompileOptions options;
  options.input = inputPath();
  options.inputLanguage = "mlir";
  options.output = "/dev/null";
  // Kernels compile for the Vulkan flavour only: one SPIR-V conversion per
  // gpu.module instead of two, twice the inputs per second.
  options.gpuRuntime = "vulkan";
  ++counts.tried;
  int status = imex::compileSafely(options);
  if (status == 0) {
    ++counts.compiled;
  } else if (status == imex::kInternalErrorStatus) {
    ++counts.internalErrors;
    saveInternalError(data, size);
  } else {
    ++counts.rejected;
  }
  return 0;
}
