//===- RuntimeTest.cpp - libimexrt through its C API ----------------------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Runs real SPIR-V kernels (tests/unit/runtime/kernels/*.spvasm, assembled at
// build time) through the Vulkan backend - on lavapipe where there is no GPU.
// Tests that need a Vulkan device skip with a message when there is none.
// The backend-selection tests need no device.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <thread>
#include <type_traits>

using namespace imexrt_test;

namespace {

/// Prints how many kernels this process ran, and appends the number to
/// $IMEXRT_TEST_LAUNCH_LOG if set (so a test driver can sum them up).
class RuntimeEnvironment : public ::testing::Environment {
public:
  void SetUp() override { imexrtSetErrorHandler(ErrorLog::handler, nullptr); }
  void TearDown() override {
    uint64_t launches = imexrtGetLaunchCount() - mockLaunches();
    std::printf("[imexrt] %llu kernel launch(es) executed on a device",
                (unsigned long long)launches);
    if (mockLaunches())
      std::printf(" (and %llu on the mock Level Zero driver)",
                  (unsigned long long)mockLaunches());
    std::printf("\n");
    if (const char *log = std::getenv("IMEXRT_TEST_LAUNCH_LOG")) {
      if (FILE *f = std::fopen(log, "a")) {
        std::fprintf(f, "%llu\n", (unsigned long long)launches);
        std::fclose(f);
      }
    }
    imexrtShutdown();
  }
};

::testing::Environment *const gEnvironment =
    ::testing::AddGlobalTestEnvironment(new RuntimeEnvironment);

class ImexrtRuntime : public ::testing::Test {
protected:
  void SetUp() override {
    imexrtShutdown();
    imexrtSetBackend(nullptr);
    ErrorLog::get().take();
  }
  void TearDown() override {
    std::vector<std::string> errors = ErrorLog::get().take();
    EXPECT_TRUE(errors.empty()) << "unexpected runtime errors:" << join(errors);
    imexrtShutdown();
    imexrtSetBackend(nullptr);
    ErrorLog::get().take();
  }
  /// Expects exactly one error since the last check, containing every part.
  void expectError(std::initializer_list<const char *> parts) {
    std::vector<std::string> errors = ErrorLog::get().take();
    ASSERT_EQ(errors.size(), 1u) << "errors:" << join(errors);
    for (const char *part : parts)
      EXPECT_TRUE(contains(errors[0], part))
          << "\"" << errors[0] << "\" lacks \"" << part << "\"";
    EXPECT_EQ(errors[0], imexrtGetLastError());
  }
};

class ImexrtVulkan : public ImexrtRuntime {
protected:
  void SetUp() override {
    ImexrtRuntime::SetUp();
    ASSERT_EQ(imexrtSetBackend("vulkan"), 0);
    if (!imexrtGetBackend()) {
      std::vector<std::string> errors = ErrorLog::get().take();
      GTEST_SKIP() << "no Vulkan device (lavapipe comes with "
                      "mesa-vulkan-drivers):"
                   << join(errors);
    }
    stream = gpuCreateStream(nullptr, nullptr);
    ASSERT_NE(stream, nullptr);
    blob = makeContainer({{IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("kernels.spv")}},
                         mainKernelTable());
    module = gpuModuleLoad(stream, blob.data(), blob.size());
    ASSERT_NE(module, nullptr);
  }
  void TearDown() override {
    if (stream)
      gpuStreamDestroy(stream);
    ImexrtRuntime::TearDown();
  }
  void *kernel(const char *name, void *s = nullptr) {
    return gpuKernelGet(s ? s : stream, module, name);
  }
  /// Shared memory: the tests read and write it on the host.
  template <typename T> T *alloc(size_t count, void *s = nullptr) {
    return static_cast<T *>(
        gpuMemAlloc(s ? s : stream, count * sizeof(T), 64, 1));
  }
  /// c = a + b over n floats, block 4.
  void *launchAdd(void *s, void *k, float *a, float *b, float *c, size_t n,
                  imexrtEventDesc *deps = nullptr) {
    Params p;
    p.ptr(a).ptr(b).ptr(c).add<int64_t>(int64_t(n)); // index: 8 bytes
    return gpuLaunchKernel(s, k, (n + 3) / 4, 1, 1, 4, 1, 1, 0, p.get(), deps);
  }
  /// Four threads, each with its own stream, load a new copy of the kernel
  /// binary at the same time and add arrays in gpuMemAlloc(isShared)
  /// memory (filled and read with gpuMemCopy) in 25 rounds; returns the
  /// module each thread got.
  std::vector<void *> addOnSeveralThreads(int32_t isShared) {
    const int threads = 4, rounds = 25;
    const size_t n = 3000;
    std::vector<unsigned char> binary = blob;
    std::vector<void *> modules(threads, nullptr);
    std::atomic<int> ready{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        void *s = gpuCreateStream(nullptr, nullptr);
        ASSERT_NE(s, nullptr);
        ready.fetch_add(1);
        while (ready.load() < threads)
          std::this_thread::yield();
        modules[t] = gpuModuleLoad(s, binary.data(), binary.size());
        ASSERT_NE(modules[t], nullptr);
        void *k = gpuKernelGet(s, modules[t], "add_f32");
        ASSERT_NE(k, nullptr);
        float *a = static_cast<float *>(gpuMemAlloc(s, n * 4, 64, isShared));
        float *b = static_cast<float *>(gpuMemAlloc(s, n * 4, 64, isShared));
        float *c = static_cast<float *>(gpuMemAlloc(s, n * 4, 64, isShared));
        ASSERT_TRUE(a && b && c);
        std::vector<float> ha(n), hb(n), hc(n);
        for (int r = 0; r < rounds; ++r) {
          for (size_t i = 0; i < n; ++i) {
            ha[i] = float(t * 1000 + r);
            hb[i] = float(i);
          }
          gpuMemCopy(s, a, ha.data(), n * 4);
          gpuMemCopy(s, b, hb.data(), n * 4);
          ASSERT_NE(launchAdd(s, k, a, b, c, n), nullptr);
          gpuMemCopy(s, hc.data(), c, n * 4); // waits for the launch
          for (size_t i = 0; i < n; ++i)
            ASSERT_EQ(hc[i], float(t * 1000 + r) + float(i))
                << "thread " << t << " round " << r;
        }
        gpuMemFree(s, a);
        gpuMemFree(s, b);
        gpuMemFree(s, c);
        gpuStreamDestroy(s);
      });
    }
    for (std::thread &th : pool)
      th.join();
    return modules;
  }
  void *launchInc(void *s, void *k, int32_t *buf, int32_t n,
                  imexrtEventDesc *deps = nullptr) {
    Params p;
    p.ptr(buf).add<int32_t>(n);
    return gpuLaunchKernel(s, k, (size_t(n) + 7) / 8, 1, 1, 8, 1, 1, 0, p.get(),
                           deps);
  }

  /// Runs iota2d (2x2 work groups) over a width x height array, first
  /// filled with -1, and checks that every element was written.
  void checkIota2d(int width, int height) {
    int32_t *out = alloc<int32_t>(size_t(width) * height);
    int32_t minusOne = -1;
    gpuMemSet(stream, out, &minusOne, 4, size_t(width) * height * 4);
    Params p;
    p.ptr(out).add(int32_t(width));
    ASSERT_NE(gpuLaunchKernel(stream, kernel("iota2d"), width / 2, height / 2,
                              1, 2, 2, 1, 0, p.get(), nullptr),
              nullptr);
    gpuWait(stream);
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x)
        ASSERT_EQ(out[y * width + x], x + 1000 * y) << x << "," << y;
    gpuMemFree(stream, out);
  }

  void *stream = nullptr;
  void *module = nullptr;
  std::vector<unsigned char> blob;
};

} // namespace

//===----------------------------------------------------------------------===//
// ABI shape (no device)
//===----------------------------------------------------------------------===//

TEST(ImexrtAbi, SignaturesMatchTheAbiDocument) {
  // docs/runtime-abi.md: size_t = i64, int32_t = i32, pointers = ptr.
  static_assert(
      std::is_same<decltype(&gpuCreateDevice), void *(*)(void *)>::value, "");
  static_assert(
      std::is_same<decltype(&gpuDestroyDevice), void (*)(void *)>::value, "");
  static_assert(
      std::is_same<decltype(&gpuCreateContext), void *(*)(void *)>::value, "");
  static_assert(
      std::is_same<decltype(&gpuDestroyContext), void (*)(void *)>::value, "");
  static_assert(std::is_same<decltype(&gpuCreateStream),
                             void *(*)(void *, void *)>::value,
                "");
  static_assert(
      std::is_same<decltype(&gpuStreamDestroy), void (*)(void *)>::value, "");
  static_assert(std::is_same<decltype(&gpuMemAlloc),
                             void *(*)(void *, size_t, size_t, int32_t)>::value,
                "");
  static_assert(
      std::is_same<decltype(&gpuMemFree), void (*)(void *, void *)>::value, "");
  static_assert(std::is_same<decltype(&gpuMemCopy),
                             void (*)(void *, void *, void *, size_t)>::value,
                "");
  static_assert(
      std::is_same<decltype(&gpuMemSet), void (*)(void *, void *, const void *,
                                                  size_t, size_t)>::value,
      "");
  static_assert(std::is_same<decltype(&gpuModuleLoad),
                             void *(*)(void *, const void *, size_t)>::value,
                "");
  static_assert(
      std::is_same<decltype(&gpuModuleUnload), void (*)(void *)>::value, "");
  static_assert(std::is_same<decltype(&gpuKernelGet),
                             void *(*)(void *, void *, const char *)>::value,
                "");
  static_assert(
      std::is_same<decltype(&gpuLaunchKernel),
                   void *(*)(void *, void *, size_t, size_t, size_t, size_t,
                             size_t, size_t, int32_t, imexrtParamDesc *,
                             imexrtEventDesc *)>::value,
      "");
  static_assert(std::is_same<decltype(&gpuWait), void (*)(void *)>::value, "");
  static_assert(std::is_same<decltype(&imexrtIsGpuMemory),
                             int32_t (*)(const void *)>::value,
                "");
  static_assert(sizeof(imexrtParamDesc) == 2 * sizeof(void *), "");
  static_assert(sizeof(imexrtEventDesc) == sizeof(void *), "");
  SUCCEED();
}

//===----------------------------------------------------------------------===//
// Backend selection and errors (no device needed)
//===----------------------------------------------------------------------===//

TEST_F(ImexrtRuntime, LevelZeroWithoutDriverIsAClearError) {
  EnvGuard env("IMEXRT_BACKEND", "level-zero");
  void *stream = gpuCreateStream(nullptr, nullptr);
  if (stream) {
    gpuStreamDestroy(stream);
    GTEST_SKIP() << "this machine has a Level Zero GPU";
  }
  expectError({"gpuCreateStream", "level-zero", "IMEXRT_BACKEND"});
  std::string message = imexrtGetLastError();
  EXPECT_TRUE(contains(message, "zeInit") || contains(message, "cannot load"))
      << message;
  // Every later call fails the same way, without crashing.
  // (a failed allocation gives host memory: FailedAllocationsGiveHostMemory)
  gpuMemFree(nullptr, gpuMemAlloc(nullptr, 64, 64, 0));
  expectError({"gpuMemAlloc", "level-zero"});
  EXPECT_EQ(gpuModuleLoad(nullptr, "x", 1), nullptr);
  expectError({"gpuModuleLoad"});
  gpuWait(nullptr);
  expectError({"gpuWait"});
  EXPECT_EQ(imexrtGetBackend(), nullptr);
  expectError({"imexrtGetBackend", "level-zero"});
}

TEST_F(ImexrtRuntime, NoBackendNamesEveryBackendTried) {
  EnvGuard backend("IMEXRT_BACKEND", "auto");
  EnvGuard loader("IMEXRT_VULKAN_LOADER", "/nonexistent/libvulkan.so.1");
  const char *name = imexrtGetBackend();
  if (name)
    GTEST_SKIP() << "backend " << name << " works without Vulkan here";
  expectError({"no backend can run kernels", "level-zero: ",
               "vulkan: cannot load /nonexistent/libvulkan.so.1"});
  EXPECT_EQ(gpuCreateDevice(nullptr), nullptr);
  expectError({"gpuCreateDevice", "level-zero: ", "vulkan: "});
}

TEST_F(ImexrtRuntime, UnknownBackendNames) {
  EXPECT_EQ(imexrtSetBackend("cuda"), -1);
  expectError({"imexrtSetBackend", "'cuda' is not a backend"});
  EnvGuard env("IMEXRT_BACKEND", "opencl");
  EXPECT_EQ(imexrtGetBackend(), nullptr);
  expectError({"IMEXRT_BACKEND='opencl' is not a backend"});
}

TEST_F(ImexrtRuntime, FunctionOverridesEnvironment) {
  EnvGuard env("IMEXRT_BACKEND", "level-zero");
  ASSERT_EQ(imexrtSetBackend("vulkan"), 0);
  const char *name = imexrtGetBackend();
  if (!name) {
    expectError({"vulkan", "imexrtSetBackend"});
    GTEST_SKIP() << "no Vulkan device";
  }
  EXPECT_STREQ(name, "vulkan");
  // The active backend cannot change under running code...
  EXPECT_EQ(imexrtSetBackend("level-zero"), -1);
  expectError({"already in use", "imexrtShutdown"});
  EXPECT_EQ(imexrtSetBackend("vulkan"), 0);
  // ...but can after a shutdown.
  imexrtShutdown();
  EXPECT_EQ(imexrtSetBackend("level-zero"), 0);
}

TEST_F(ImexrtRuntime, RetryAfterFailedSelection) {
  ASSERT_EQ(imexrtSetBackend("level-zero"), 0);
  if (imexrtGetBackend())
    GTEST_SKIP() << "this machine has a Level Zero GPU";
  expectError({"level-zero"});
  ASSERT_EQ(imexrtSetBackend("vulkan"), 0);
  const char *name = imexrtGetBackend();
  if (!name) {
    ErrorLog::get().take();
    GTEST_SKIP() << "no Vulkan device";
  }
  EXPECT_STREQ(name, "vulkan");
}

TEST_F(ImexrtRuntime, BadDeviceIndex) {
  EnvGuard env("IMEXRT_DEVICE", "99");
  EXPECT_EQ(gpuCreateStream(nullptr, nullptr), nullptr);
  std::vector<std::string> errors = ErrorLog::get().take();
  ASSERT_EQ(errors.size(), 1u);
  // Either no backend at all, or the index is out of range.
  EXPECT_TRUE(contains(errors[0], "IMEXRT_DEVICE='99'") ||
              contains(errors[0], "no backend"))
      << errors[0];
}

TEST_F(ImexrtRuntime, ErrorHandlerAndLastError) {
  struct Seen {
    int calls = 0;
    std::string message;
  } seen;
  imexrtSetErrorHandler(
      [](const char *message, void *data) {
        auto *s = static_cast<Seen *>(data);
        ++s->calls;
        s->message = message;
      },
      &seen);
  uint64_t before = imexrtGetErrorCount();
  imexrtClearLastError();
  EXPECT_STREQ(imexrtGetLastError(), "");
  gpuStreamDestroy(reinterpret_cast<void *>(0x1234));
  EXPECT_EQ(seen.calls, 1);
  EXPECT_TRUE(contains(seen.message, "gpuStreamDestroy")) << seen.message;
  EXPECT_EQ(seen.message, imexrtGetLastError());
  EXPECT_EQ(imexrtGetErrorCount(), before + 1);

  // The last error is per thread.
  std::thread other([] {
    EXPECT_STREQ(imexrtGetLastError(), "");
    gpuDestroyContext(reinterpret_cast<void *>(0x99));
    EXPECT_TRUE(contains(imexrtGetLastError(), "gpuDestroyContext"));
  });
  other.join();
  EXPECT_TRUE(contains(imexrtGetLastError(), "gpuStreamDestroy"));
  EXPECT_EQ(seen.calls, 2);
  imexrtClearLastError();
  EXPECT_STREQ(imexrtGetLastError(), "");
  imexrtSetErrorHandler(ErrorLog::handler, nullptr);
}

// The error policy is process state and the default ends the process, so
// these tests run their failing calls in death-test children.
TEST_F(ImexrtRuntime, AnErrorEndsTheProcessByDefault) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EnvGuard policy("IMEXRT_ON_ERROR", nullptr);
  EXPECT_EXIT(
      {
        imexrtSetErrorHandler(nullptr, nullptr);
        gpuStreamDestroy(reinterpret_cast<void *>(0x1234));
        std::fprintf(stderr, "returned from the failing call\n");
      },
      ::testing::ExitedWithCode(IMEXRT_ERROR_EXIT_STATUS),
      "^imexrt: gpuStreamDestroy: [^\n]*\n"
      "imexrt: ending the process with exit status 70 \\(the default error "
      "policy\\); to handle runtime errors in the program, set "
      "IMEXRT_ON_ERROR=continue or call imexrtSetErrorPolicy\\(\\)\n$");
}

TEST_F(ImexrtRuntime, ErrorPolicyFromTheEnvironment) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  {
    EnvGuard policy("IMEXRT_ON_ERROR", "continue");
    // Each cause is printed once, however many calls fail for it; every
    // error is counted.
    EXPECT_EXIT(
        {
          imexrtSetErrorHandler(nullptr, nullptr);
          uint64_t before = imexrtGetErrorCount();
          gpuStreamDestroy(reinterpret_cast<void *>(0x1234));
          gpuStreamDestroy(reinterpret_cast<void *>(0x1234));
          gpuDestroyContext(reinterpret_cast<void *>(0x99));
          bool ok = imexrtGetErrorPolicy() == IMEXRT_ERROR_CONTINUE &&
                    imexrtGetErrorCount() == before + 3;
          std::fprintf(stderr, "went on\n");
          std::exit(ok ? 0 : 1);
        },
        ::testing::ExitedWithCode(0),
        "^imexrt: gpuStreamDestroy: [^\n]*\n"
        "imexrt: gpuDestroyContext: [^\n]*\nwent on\n$");
  }
  {
    EnvGuard policy("IMEXRT_ON_ERROR", "bogus");
    EXPECT_EXIT(
        {
          imexrtSetErrorHandler(nullptr, nullptr);
          gpuStreamDestroy(reinterpret_cast<void *>(0x1234));
        },
        ::testing::ExitedWithCode(IMEXRT_ERROR_EXIT_STATUS),
        "exit status 70 \\(IMEXRT_ON_ERROR='bogus' is neither 'exit' nor "
        "'continue'\\)");
  }
}

TEST_F(ImexrtRuntime, ErrorPolicyFromTheProgramWins) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  {
    EnvGuard policy("IMEXRT_ON_ERROR", "exit");
    EXPECT_EXIT(
        {
          imexrtSetErrorHandler(nullptr, nullptr);
          imexrtSetErrorPolicy(IMEXRT_ERROR_CONTINUE);
          gpuStreamDestroy(reinterpret_cast<void *>(0x1234));
          std::exit(imexrtGetErrorPolicy() == IMEXRT_ERROR_CONTINUE ? 0 : 1);
        },
        ::testing::ExitedWithCode(0), "gpuStreamDestroy");
  }
  {
    EnvGuard policy("IMEXRT_ON_ERROR", "continue");
    EXPECT_EXIT(
        {
          imexrtSetErrorHandler(nullptr, nullptr);
          imexrtSetErrorPolicy(IMEXRT_ERROR_EXIT);
          gpuStreamDestroy(reinterpret_cast<void *>(0x1234));
        },
        ::testing::ExitedWithCode(IMEXRT_ERROR_EXIT_STATUS),
        "\\(chosen with imexrtSetErrorPolicy\\)");
  }
  // With a handler installed (as in this fixture) nothing ends the process.
  imexrtSetErrorPolicy(static_cast<imexrtErrorPolicy>(7));
  expectError({"imexrtSetErrorPolicy", "7 is not an imexrtErrorPolicy"});
}

// Host fallback (objects compiled with --gpu-fallback=host) is process
// state that stays on, so it is tried in death-test children. Without a
// device the GPU memory functions work on host memory, without errors.
TEST_F(ImexrtRuntime, HostFallbackWithoutDevice) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EnvGuard backend("IMEXRT_BACKEND", "vulkan");
  EnvGuard loader("IMEXRT_VULKAN_LOADER", "libnonexistent-vulkan.so");
  EnvGuard verbose("IMEXRT_VERBOSE", "1");
  EXPECT_EXIT(
      {
        imexrtSetErrorHandler(nullptr, nullptr);
        imexrtAllowHostFallback();
        auto *a = static_cast<float *>(gpuMemAlloc(nullptr, 64, 64, 0));
        auto *b = static_cast<float *>(std::malloc(64));
        float pattern = 2.5f;
        gpuMemSet(nullptr, a, &pattern, sizeof(float), 64);
        gpuMemCopy(nullptr, b, a, 64);
        bool ok = imexrtUseHostFallback() == 1 && b[15] == 2.5f &&
                  imexrtGetErrorCount() == 0 &&
                  reinterpret_cast<uintptr_t>(a) % 64 == 0;
        gpuMemFree(nullptr, a);
        gpuMemFree(nullptr, b); // a host version's result: malloc'd
        std::exit(ok && imexrtGetErrorCount() == 0 ? 0 : 1);
      },
      ::testing::ExitedWithCode(0),
      "imexrt: no device can run GPU kernels \\(backend vulkan \\(chosen by "
      "IMEXRT_BACKEND\\) cannot run kernels: cannot load "
      "libnonexistent-vulkan.so.*\\); running their host versions");
  // Not allowed (an object without the fallback): the usual error.
  EXPECT_EXIT(
      {
        imexrtSetErrorHandler(nullptr, nullptr);
        gpuMemAlloc(nullptr, 64, 64, 0);
      },
      ::testing::ExitedWithCode(IMEXRT_ERROR_EXIT_STATUS), "gpuMemAlloc");
}

TEST_F(ImexrtVulkan, HostFallbackNotUsedWithADevice) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(std::exit(imexrtUseHostFallback() == 0 ? 0 : 1),
              ::testing::ExitedWithCode(0), "");
}

// Queries answer with their return value: probing for a device does not
// end the program, nor print.
TEST_F(ImexrtRuntime, QueriesDoNotEndTheProcess) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EnvGuard policy("IMEXRT_ON_ERROR", nullptr);
  EnvGuard backend("IMEXRT_BACKEND", "vulkan");
  EnvGuard loader("IMEXRT_VULKAN_LOADER", "libnonexistent-vulkan.so");
  EXPECT_EXIT(
      {
        imexrtSetErrorHandler(nullptr, nullptr);
        bool ok = imexrtGetBackend() == nullptr &&
                  imexrtSetBackend("bogus") == -1 &&
                  std::strstr(imexrtGetLastError(), "'bogus'") &&
                  imexrtGetErrorCount() == 2;
        std::exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "^$");
}

TEST_F(ImexrtRuntime, LastErrorIsTheCallersCopy) {
  imexrtSetBackend("first");
  const char *first = imexrtGetLastError();
  std::string expected = first;
  imexrtSetBackend("second");
  EXPECT_EQ(first, expected) << "a later error changed the returned string";
  EXPECT_TRUE(contains(imexrtGetLastError(), "'second'"));
  EXPECT_EQ(ErrorLog::get().take().size(), 2u);
}

// What compiled code calls to free a buffer (memref-to-LLVM lowering).
extern "C" void _mlir_memref_to_llvm_free(void *ptr);

// When the program goes on after a failed allocation, the compiled code
// around it gets zero-filled host memory instead of a null pointer, and
// frees it the way it frees GPU memory.
TEST_F(ImexrtRuntime, FailedAllocationsGiveHostMemory) {
  void *badStream = reinterpret_cast<void *>(0x4321);
  auto *bytes =
      static_cast<unsigned char *>(gpuMemAlloc(badStream, 100, 128, 0));
  expectError({"gpuMemAlloc", "not a live stream"});
  ASSERT_NE(bytes, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(bytes) % 128, 0u);
  for (int i = 0; i < 100; ++i)
    ASSERT_EQ(bytes[i], 0) << "byte " << i;
  gpuMemFree(badStream, bytes); // no error: it is host memory
  void *other = gpuMemAlloc(badStream, 8, 3, 0);
  expectError({"gpuMemAlloc"});
  ASSERT_NE(other, nullptr);
  _mlir_memref_to_llvm_free(other);
}

TEST_F(ImexrtRuntime, ForeignHandlesAreErrorsNotCrashes) {
  int notAHandle = 0;
  gpuDestroyDevice(&notAHandle);
  expectError({"gpuDestroyDevice", "not a device handle"});
  gpuDestroyContext(&notAHandle);
  expectError({"gpuDestroyContext", "not a context handle"});
  gpuStreamDestroy(&notAHandle);
  expectError({"gpuStreamDestroy"});
  EXPECT_EQ(gpuCreateContext(&notAHandle), nullptr);
  expectError({"gpuCreateContext", "not a device handle"});
  EXPECT_EQ(gpuCreateDevice(&notAHandle), nullptr);
  expectError({"gpuCreateDevice", "is not a device handle"});
  EXPECT_EQ(gpuCreateStream(&notAHandle, nullptr), nullptr);
  expectError({"gpuCreateStream", "not a device handle"});
  gpuMemFree(nullptr, gpuMemAlloc(&notAHandle, 16, 64, 0));
  expectError({"gpuMemAlloc", "not a live stream"});
  // Unloading something that is not a module, or NULL, does nothing.
  gpuModuleUnload(&notAHandle);
  gpuModuleUnload(nullptr);
  gpuDestroyDevice(nullptr);
  gpuDestroyContext(nullptr);
  gpuStreamDestroy(nullptr);
  EXPECT_TRUE(ErrorLog::get().take().empty());
}

//===----------------------------------------------------------------------===//
// Devices, contexts, streams, memory (Vulkan)
//===----------------------------------------------------------------------===//

TEST_F(ImexrtVulkan, ListsDevices) {
  int32_t n = imexrtGetDeviceCount();
  ASSERT_GE(n, 1);
  bool vulkan = false;
  for (int32_t i = 0; i < n; ++i) {
    imexrtDeviceInfo info;
    ASSERT_EQ(imexrtGetDeviceInfo(i, &info), 0);
    EXPECT_GT(std::strlen(info.name), 0u);
    EXPECT_TRUE(std::string(info.backend) == "vulkan" ||
                std::string(info.backend) == "level-zero")
        << info.backend;
    if (std::string(info.backend) == "vulkan") {
      vulkan = true;
      std::printf("[imexrt] device %d: %s %s (type %d)\n", i, info.backend,
                  info.name, info.type);
    }
  }
  EXPECT_TRUE(vulkan);
  imexrtDeviceInfo info;
  EXPECT_EQ(imexrtGetDeviceInfo(n, &info), -1);
  expectError({"imexrtGetDeviceInfo", "out of range"});
  EXPECT_STREQ(imexrtGetBackend(), "vulkan");
}

TEST_F(ImexrtVulkan, DevicesContextsAndStreams) {
  void *device = gpuCreateDevice(nullptr);
  ASSERT_NE(device, nullptr);
  void *same = gpuCreateDevice(device);
  ASSERT_NE(same, nullptr);
  void *context = gpuCreateContext(device);
  ASSERT_NE(context, nullptr);
  void *s1 = gpuCreateStream(device, context);
  void *s2 = gpuCreateStream(same, nullptr);
  void *s3 = gpuCreateStream(nullptr, context);
  ASSERT_NE(s1, nullptr);
  ASSERT_NE(s2, nullptr);
  ASSERT_NE(s3, nullptr);
  // Memory allocated on one stream is usable on another of the device.
  float *a = alloc<float>(8, s1), *b = alloc<float>(8, s2),
        *c = alloc<float>(8, s3);
  for (int i = 0; i < 8; ++i) {
    a[i] = float(i);
    b[i] = 0.5f;
  }
  EXPECT_NE(launchAdd(s3, kernel("add_f32", s3), a, b, c, 8), nullptr);
  gpuWait(s3);
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(c[i], float(i) + 0.5f);
  gpuMemFree(s1, a);
  gpuMemFree(s2, b);
  gpuMemFree(s1, c);
  // Handles of the wrong kind are rejected.
  EXPECT_EQ(gpuCreateStream(context, nullptr), nullptr);
  expectError({"gpuCreateStream", "not a device handle"});
  EXPECT_EQ(gpuCreateStream(nullptr, device), nullptr);
  expectError({"gpuCreateStream", "not a context handle"});
  gpuStreamDestroy(s1);
  gpuStreamDestroy(s2);
  gpuStreamDestroy(s3);
  gpuDestroyContext(context);
  gpuDestroyDevice(same);
  gpuDestroyDevice(device);
  // Destroyed handles are no longer accepted.
  gpuWait(s1);
  expectError({"gpuWait", "not a live stream"});
}

TEST_F(ImexrtVulkan, SharedAllocationsAreHostVisible) {
  auto *p = static_cast<unsigned char *>(gpuMemAlloc(stream, 1000, 64, 1));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
  for (int i = 0; i < 1000; ++i)
    p[i] = static_cast<unsigned char>(i);
  for (int i = 0; i < 1000; ++i)
    ASSERT_EQ(p[i], static_cast<unsigned char>(i));
  void *big = gpuMemAlloc(stream, 100, 4096, 1);
  ASSERT_NE(big, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(big) % 4096, 0u);
  void *empty = gpuMemAlloc(stream, 0, 64, 0);
  EXPECT_NE(empty, nullptr);
  gpuMemFree(stream, empty);
  gpuMemFree(stream, big);
  gpuMemFree(stream, p);
  gpuMemFree(stream, nullptr); // nothing
}

TEST_F(ImexrtVulkan, TellsGpuMemoryFromHostMemory) {
  uint64_t allocations = imexrtGetAllocationCount();
  auto *p = static_cast<char *>(gpuMemAlloc(stream, 1000, 64, 0));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(imexrtGetAllocationCount(), allocations + 1);
  EXPECT_EQ(imexrtIsGpuMemory(p), 1);
  EXPECT_EQ(imexrtIsGpuMemory(p + 999), 1); // a view's first element
  EXPECT_EQ(imexrtIsGpuMemory(p + 1000), 0);
  EXPECT_EQ(imexrtIsGpuMemory(p - 1), 0);
  std::vector<char> host(16);
  EXPECT_EQ(imexrtIsGpuMemory(host.data()), 0);
  EXPECT_EQ(imexrtIsGpuMemory(nullptr), 0);
  gpuMemFree(stream, p);
  EXPECT_EQ(imexrtIsGpuMemory(p), 0); // freed
  EXPECT_EQ(imexrtGetAllocationCount(), allocations + 1);
  // An empty allocation (an array of no elements) is GPU memory at its
  // address: compiled code asks before freeing or copying it.
  for (int shared : {0, 1}) {
    auto *empty = static_cast<char *>(gpuMemAlloc(stream, 0, 64, shared));
    ASSERT_NE(empty, nullptr);
    EXPECT_EQ(imexrtIsGpuMemory(empty), 1);
    EXPECT_EQ(imexrtIsGpuMemory(empty + 1), 0);
    gpuMemFree(stream, empty);
    EXPECT_EQ(imexrtIsGpuMemory(empty), 0);
  }
}

TEST_F(ImexrtRuntime, FailedAllocationsAreNotGpuMemory) {
  uint64_t allocations = imexrtGetAllocationCount();
  void *bytes = gpuMemAlloc(reinterpret_cast<void *>(0x4321), 100, 64, 0);
  expectError({"gpuMemAlloc", "not a live stream"});
  EXPECT_EQ(imexrtIsGpuMemory(bytes), 0);
  EXPECT_EQ(imexrtGetAllocationCount(), allocations);
  _mlir_memref_to_llvm_free(bytes);
}

TEST_F(ImexrtVulkan, AllocationErrors) {
  gpuMemFree(stream, gpuMemAlloc(stream, 16, 48, 0));
  expectError({"gpuMemAlloc", "[vulkan]", "not a power of two"});
  int local = 0;
  gpuMemFree(stream, &local);
  expectError({"gpuMemFree", "was not returned by gpuMemAlloc"});
  char *p = alloc<char>(64);
  gpuMemFree(stream, p + 16);
  expectError({"gpuMemFree", "was not returned by gpuMemAlloc"});
  gpuMemFree(stream, p);
  gpuMemFree(stream, p);
  expectError({"gpuMemFree", "freed already"});
}

TEST_F(ImexrtVulkan, CopyAndSet) {
  const size_t n = 256;
  int32_t *a = alloc<int32_t>(n), *b = alloc<int32_t>(n);
  std::vector<int32_t> host(n), back(n, 0);
  for (size_t i = 0; i < n; ++i)
    host[i] = int32_t(i * 7 - 100);
  gpuMemCopy(stream, a, host.data(), n * 4); // host -> device
  gpuMemCopy(stream, b, a, n * 4);           // device -> device
  gpuMemCopy(stream, back.data(), b, n * 4); // device -> host
  EXPECT_EQ(back, host);

  uint8_t byte = 0xA5;
  gpuMemSet(stream, a, &byte, 1, 100);
  for (int i = 0; i < 100; ++i)
    ASSERT_EQ(reinterpret_cast<uint8_t *>(a)[i], 0xA5);
  int32_t word = -42;
  gpuMemSet(stream, a, &word, 4, n * 4);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(a[i], -42);
  double d = 3.25;
  gpuMemSet(stream, b, &d, 8, n * 4);
  for (size_t i = 0; i < n / 2; ++i)
    ASSERT_EQ(reinterpret_cast<double *>(b)[i], 3.25);
  uint16_t half = 0xBEEF;
  gpuMemSet(stream, b, &half, 2, 6);
  EXPECT_EQ(reinterpret_cast<uint16_t *>(b)[2], 0xBEEF);
  const unsigned char rgb[3] = {1, 2, 3};
  gpuMemSet(stream, a, rgb, 3, 30);
  for (int i = 0; i < 30; ++i)
    ASSERT_EQ(reinterpret_cast<unsigned char *>(a)[i], rgb[i % 3]);

  gpuMemSet(stream, a, &word, 4, 10);
  expectError({"gpuMemSet", "not a whole number of 4-byte patterns"});
  gpuMemSet(stream, nullptr, &word, 4, 8);
  expectError({"gpuMemSet", "null destination"});
  gpuMemCopy(stream, a, nullptr, 8);
  expectError({"gpuMemCopy", "null source"});
  gpuMemCopy(stream, nullptr, nullptr, 0); // nothing to do
  gpuMemFree(stream, a);
  gpuMemFree(stream, b);
}

TEST_F(ImexrtVulkan, DefaultStream) {
  // A NULL stream is the runtime's default stream on the default device.
  float *a = static_cast<float *>(gpuMemAlloc(nullptr, 64 * 4, 64, 0));
  float *b = static_cast<float *>(gpuMemAlloc(nullptr, 64 * 4, 64, 0));
  float *c = static_cast<float *>(gpuMemAlloc(nullptr, 64 * 4, 64, 1));
  ASSERT_TRUE(a && b && c);
  float one = 1.0f, two = 2.0f;
  gpuMemSet(nullptr, a, &one, 4, 64 * 4);
  gpuMemSet(nullptr, b, &two, 4, 64 * 4);
  void *k = gpuKernelGet(nullptr, module, "add_f32");
  ASSERT_NE(k, nullptr);
  EXPECT_NE(launchAdd(nullptr, k, a, b, c, 64), nullptr);
  gpuWait(nullptr);
  for (int i = 0; i < 64; ++i)
    ASSERT_EQ(c[i], 3.0f);
  gpuMemFree(nullptr, a);
  gpuMemFree(nullptr, b);
  gpuMemFree(nullptr, c);
  gpuStreamDestroy(nullptr); // NULL: nothing to destroy
}

//===----------------------------------------------------------------------===//
// Kernels (Vulkan)
//===----------------------------------------------------------------------===//

TEST_F(ImexrtVulkan, LaunchAddAndWait) {
  const size_t n = 1000; // not a multiple of the work-group size
  float *a = alloc<float>(n), *b = alloc<float>(n), *c = alloc<float>(n + 4);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = 2.0f * float(i) + 0.25f;
  }
  c[n] = -1.0f;
  void *k = kernel("add_f32");
  ASSERT_NE(k, nullptr);
  uint64_t launches = imexrtGetLaunchCount();
  void *event = launchAdd(stream, k, a, b, c, n);
  EXPECT_NE(event, nullptr);
  gpuWait(stream);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(c[i], 3.0f * float(i) + 0.25f) << i;
  EXPECT_EQ(c[n], -1.0f) << "the bound check in the kernel saw n";
  EXPECT_EQ(imexrtGetLaunchCount(), launches + 1);
  gpuMemFree(stream, a);
  gpuMemFree(stream, b);
  gpuMemFree(stream, c);
}

TEST_F(ImexrtVulkan, ModulesAndKernelsAreCached) {
  EXPECT_EQ(gpuModuleLoad(stream, blob.data(), blob.size()), module);
  void *other = gpuCreateStream(nullptr, nullptr);
  EXPECT_EQ(gpuModuleLoad(other, blob.data(), blob.size()), module);
  void *k1 = kernel("add_f32");
  ASSERT_NE(k1, nullptr);
  EXPECT_EQ(kernel("add_f32"), k1);
  EXPECT_EQ(gpuKernelGet(other, module, "add_f32"), k1);
  void *k2 = kernel("inc_i32");
  ASSERT_NE(k2, nullptr);
  EXPECT_NE(k2, k1);
  // The same bytes at another address are another module.
  std::vector<unsigned char> copy = blob;
  void *module2 = gpuModuleLoad(stream, copy.data(), copy.size());
  ASSERT_NE(module2, nullptr);
  EXPECT_NE(module2, module);
  gpuModuleUnload(module2);

  // After unloading, old handles are errors, and a new load works.
  gpuModuleUnload(module);
  gpuModuleUnload(module); // twice: nothing
  int32_t *buf = alloc<int32_t>(8);
  EXPECT_EQ(launchInc(stream, k2, buf, 8), nullptr);
  expectError({"gpuLaunchKernel", "is not a kernel"});
  EXPECT_EQ(gpuKernelGet(stream, module, "inc_i32"), nullptr);
  expectError({"gpuKernelGet", "not a loaded module"});
  module = gpuModuleLoad(stream, blob.data(), blob.size());
  ASSERT_NE(module, nullptr);
  void *k3 = kernel("inc_i32");
  ASSERT_NE(k3, nullptr);
  std::memset(buf, 0, 32);
  EXPECT_NE(launchInc(stream, k3, buf, 8), nullptr);
  gpuWait(stream);
  EXPECT_EQ(buf[7], 1);
  gpuMemFree(stream, buf);
  gpuStreamDestroy(other);
}

// The same scalars from storage buffers ("scalars") and from the
// push-constant block ("pushed", offsets 0, 8, 16, 24, 32 by the table's
// layout rule).
class ImexrtVulkanScalars : public ImexrtVulkan,
                            public ::testing::WithParamInterface<const char *> {
};

TEST_P(ImexrtVulkanScalars, ArgumentsOfEveryWidth) {
  void *k = kernel(GetParam());
  ASSERT_NE(k, nullptr);
  int32_t *o32 = alloc<int32_t>(2);
  int64_t *o64 = alloc<int64_t>(1);
  float *of = alloc<float>(1);
  double *od = alloc<double>(1);
  struct Case {
    int32_t a;
    int64_t b;
    float c;
    double d;
    int64_t idx; // index: 8 bytes on the host, i32 in the kernel
  };
  const Case cases[] = {
      {41, 0x123456789ALL, 1.5f, 0.1, 21},
      {-7, -5000000000LL, -0.0625f, -1e300, -3},
      {INT32_MAX - 1, INT64_MIN + 7, 3.0e38f, 4.9e-324, (1LL << 30) - 1},
      // The extremes of the kernel's i32 index (doubled, it wraps).
      {0, 0, 0.0f, 0.0, INT32_MIN},
      {0, 0, 0.0f, 0.0, INT32_MAX},
  };
  for (const Case &c : cases) {
    Params p;
    p.ptr(o32).ptr(o64).ptr(of).ptr(od).add(c.a).add(c.b).add(c.c).add(c.d).add(
        c.idx);
    ASSERT_NE(gpuLaunchKernel(stream, k, 1, 1, 1, 1, 1, 1, 0, p.get(), nullptr),
              nullptr);
    gpuWait(stream);
    EXPECT_EQ(o32[0], c.a + 1);
    EXPECT_EQ(o32[1], int32_t(c.idx * 2));
    EXPECT_EQ(o64[0], c.b + 1);
    EXPECT_EQ(of[0], c.c * 2.0f);
    EXPECT_EQ(od[0], c.d * 2.0);
  }
  // An index that does not fit the kernel's signed 32 bits is refused.
  for (int64_t idx : {int64_t(1) << 40, int64_t(1) << 31,
                      (int64_t(1) << 32) - 1, INT64_C(-1) << 40}) {
    Params p;
    p.ptr(o32)
        .ptr(o64)
        .ptr(of)
        .ptr(od)
        .add(int32_t(1))
        .add(int64_t(1))
        .add(1.0f)
        .add(1.0)
        .add(idx);
    EXPECT_EQ(gpuLaunchKernel(stream, k, 1, 1, 1, 1, 1, 1, 0, p.get(), nullptr),
              nullptr)
        << idx;
    expectError({"gpuLaunchKernel", "scalar argument 8", "does not fit"});
  }
  gpuMemFree(stream, o32);
  gpuMemFree(stream, o64);
  gpuMemFree(stream, of);
  gpuMemFree(stream, od);
}

INSTANTIATE_TEST_SUITE_P(BufferOrPushConstant, ImexrtVulkanScalars,
                         ::testing::Values("scalars", "pushed"));

TEST_F(ImexrtVulkan, PushConstantBlockBeyondTheDeviceLimit) {
  // 4 buffers and 1024 bytes of push constants, more than any device's
  // maxPushConstantsSize (lavapipe: 256): refused when the kernel is taken.
  std::vector<TestKernel> table = mainKernelTable();
  table[4].args.resize(4);
  table[4].args.resize(4 + 128, pushConstant(8));
  auto tooBig = makeContainer(
      {{IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("kernels.spv")}}, table);
  void *m = gpuModuleLoad(stream, tooBig.data(), tooBig.size());
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(gpuKernelGet(stream, m, "pushed"), nullptr);
  expectError({"gpuKernelGet", "'pushed' has 1024 bytes of push constants",
               "the device takes at most"});
  gpuModuleUnload(m);
}

TEST_F(ImexrtVulkan, IndexWithItsHostSizeInTheKernelTable) {
  // The compiler writes an index's host size (8) into the table; the kernel
  // reads an i32, the low half of the little-endian value.
  std::vector<TestKernel> table = mainKernelTable();
  table[3].args[8] = scalar(8);
  auto hostSized = makeContainer(
      {{IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("kernels.spv")}}, table);
  void *m = gpuModuleLoad(stream, hostSized.data(), hostSized.size());
  ASSERT_NE(m, nullptr);
  void *k = gpuKernelGet(stream, m, "scalars");
  ASSERT_NE(k, nullptr);
  int32_t *o32 = alloc<int32_t>(2);
  int64_t *o64 = alloc<int64_t>(1);
  float *of = alloc<float>(1);
  double *od = alloc<double>(1);
  for (int64_t idx : {int64_t(12345), int64_t(-77)}) {
    Params p;
    p.ptr(o32)
        .ptr(o64)
        .ptr(of)
        .ptr(od)
        .add(int32_t(0))
        .add(int64_t(0))
        .add(0.0f)
        .add(0.0)
        .add(idx);
    ASSERT_NE(gpuLaunchKernel(stream, k, 1, 1, 1, 1, 1, 1, 0, p.get(), nullptr),
              nullptr);
    gpuWait(stream);
    EXPECT_EQ(o32[1], int32_t(idx * 2));
  }
  gpuMemFree(stream, o32);
  gpuMemFree(stream, o64);
  gpuMemFree(stream, of);
  gpuMemFree(stream, od);
  gpuModuleUnload(m);
}

TEST_F(ImexrtVulkan, EightAndSixteenBitScalars) {
  auto small = makeContainer(
      {{IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("small_ints.spv")}},
      {{"small_ints", {buffer(), scalar(1), scalar(2), scalar(1)}}});
  void *m = gpuModuleLoad(stream, small.data(), small.size());
  ASSERT_NE(m, nullptr);
  void *k = gpuKernelGet(stream, m, "small_ints");
  ASSERT_NE(k, nullptr);
  int32_t *out = alloc<int32_t>(3);
  Params p;
  p.ptr(out).add(int8_t(-5)).add(int16_t(-300)).add(uint8_t(200));
  ASSERT_NE(gpuLaunchKernel(stream, k, 1, 1, 1, 1, 1, 1, 0, p.get(), nullptr),
            nullptr);
  gpuWait(stream);
  EXPECT_EQ(out[0], -5);
  EXPECT_EQ(out[1], -300);
  EXPECT_EQ(out[2], 200);
  gpuMemFree(stream, out);
  gpuModuleUnload(m);
}

TEST_F(ImexrtVulkan, TwoDimensionalGrid) { checkIota2d(8, 6); }

// Grids beyond the device's work-group count limit (65535 per dimension on
// lavapipe and most devices) run as several dispatches with base work-group
// ids; every invocation sees its id in the whole grid.
TEST_F(ImexrtVulkan, GridBeyondTheDeviceLimitIsSplit) {
  const int32_t n = 8 * (2 * 65535 + 5) - 3;
  int32_t *buf = alloc<int32_t>(n);
  std::memset(buf, 0, size_t(n) * 4);
  ASSERT_NE(launchInc(stream, kernel("inc_i32"), buf, n), nullptr);
  gpuWait(stream);
  for (int32_t i = 0; i < n; ++i)
    ASSERT_EQ(buf[i], 1) << i;
  gpuMemFree(stream, buf);
  checkIota2d(2, 2 * 65537); // 65537 work groups along y
}

TEST_F(ImexrtVulkan, EmptyGridLaunchesNothing) {
  int32_t *buf = alloc<int32_t>(8);
  std::memset(buf, 0, 32);
  uint64_t launches = imexrtGetLaunchCount();
  EXPECT_NE(launchInc(stream, kernel("inc_i32"), buf, 0), nullptr);
  Params p;
  p.ptr(buf).add(int32_t(8));
  EXPECT_NE(gpuLaunchKernel(stream, kernel("inc_i32"), 0, 1, 1, 8, 1, 1, 0,
                            p.get(), nullptr),
            nullptr);
  gpuWait(stream);
  EXPECT_EQ(imexrtGetLaunchCount(), launches);
  EXPECT_EQ(buf[0], 0);
  gpuMemFree(stream, buf);
}

TEST_F(ImexrtVulkan, WorkOnAStreamRunsInOrder) {
  const int32_t n = 512;
  int32_t *buf = alloc<int32_t>(n);
  std::memset(buf, 0, n * 4);
  void *k = kernel("inc_i32");
  // 40 launches without waiting (more than the runtime keeps in flight),
  // then a copy, which is ordered after them.
  for (int i = 0; i < 40; ++i)
    ASSERT_NE(launchInc(stream, k, buf, n), nullptr);
  std::vector<int32_t> host(n);
  gpuMemCopy(stream, host.data(), buf, n * 4);
  for (int32_t v : host)
    ASSERT_EQ(v, 40);
  // A memset is ordered too: launches, then set, then more launches.
  for (int i = 0; i < 3; ++i)
    launchInc(stream, k, buf, n);
  int32_t zero = 0;
  gpuMemSet(stream, buf, &zero, 4, n * 4);
  launchInc(stream, k, buf, n);
  gpuWait(stream);
  for (int32_t i = 0; i < n; ++i)
    ASSERT_EQ(buf[i], 1);
  gpuMemFree(stream, buf);
}

TEST_F(ImexrtVulkan, EventsOrderWorkAcrossStreams) {
  const int32_t n = 256;
  void *other = gpuCreateStream(nullptr, nullptr);
  ASSERT_NE(other, nullptr);
  int32_t *buf = alloc<int32_t>(n);
  std::memset(buf, 0, n * 4);
  void *k = kernel("inc_i32");
  void *last = nullptr;
  for (int i = 0; i < 10; ++i)
    last = launchInc(stream, k, buf, n);
  ASSERT_NE(last, nullptr);
  // The other stream waits for the first one's last launch.
  imexrtEventDesc deps[] = {{last}, {nullptr}};
  void *event = launchInc(other, k, buf, n, deps);
  ASSERT_NE(event, nullptr);
  gpuWait(other);
  for (int32_t i = 0; i < n; ++i)
    ASSERT_EQ(buf[i], 11);
  // An event of the same stream is satisfied by stream order.
  imexrtEventDesc self[] = {{event}, {nullptr}};
  EXPECT_NE(launchInc(other, k, buf, n, self), nullptr);
  gpuWait(other);
  EXPECT_EQ(buf[0], 12);
  // Something that is not an event.
  int bogus = 0;
  imexrtEventDesc bad[] = {{&bogus}, {nullptr}};
  EXPECT_EQ(launchInc(other, k, buf, n, bad), nullptr);
  expectError({"gpuLaunchKernel", "dependency 0", "not an event"});
  gpuMemFree(stream, buf);
  gpuStreamDestroy(other);
}

TEST_F(ImexrtVulkan, StreamsOnSeveralThreads) {
  std::vector<void *> modules = addOnSeveralThreads(/*isShared=*/1);
  // Every thread loaded the same new binary at the same time: one module.
  for (size_t t = 1; t < modules.size(); ++t)
    EXPECT_EQ(modules[t], modules[0]);
  gpuModuleUnload(modules[0]);
}

TEST_F(ImexrtVulkan, OneStreamSharedByThreads) {
  const int threads = 3, rounds = 20;
  const int32_t n = 128;
  void *k = kernel("inc_i32");
  std::vector<int32_t *> bufs;
  for (int t = 0; t < threads; ++t) {
    bufs.push_back(alloc<int32_t>(n));
    std::memset(bufs.back(), 0, n * 4);
  }
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (int r = 0; r < rounds; ++r)
        ASSERT_NE(launchInc(stream, k, bufs[t], n), nullptr);
    });
  for (std::thread &th : pool)
    th.join();
  gpuWait(stream);
  for (int t = 0; t < threads; ++t) {
    for (int32_t i = 0; i < n; ++i)
      ASSERT_EQ(bufs[t][i], rounds);
    gpuMemFree(stream, bufs[t]);
  }
}

TEST_F(ImexrtVulkan, BufferArgumentsInsideAllocations) {
  float *a = alloc<float>(256), *b = alloc<float>(256), *c = alloc<float>(256);
  for (int i = 0; i < 256; ++i) {
    a[i] = 1.0f;
    b[i] = float(i);
    c[i] = 0.0f;
  }
  // 256 bytes into the allocation: aligned for every Vulkan device.
  EXPECT_NE(launchAdd(stream, kernel("add_f32"), a, b + 64, c + 64, 8),
            nullptr);
  gpuWait(stream);
  EXPECT_EQ(c[63], 0.0f);
  EXPECT_EQ(c[64], 65.0f);
  EXPECT_EQ(c[71], 72.0f);
  EXPECT_EQ(c[72], 0.0f);
  // 4 bytes in: not a storage-buffer offset any device accepts.
  EXPECT_EQ(launchAdd(stream, kernel("add_f32"), a, b, c + 1, 8), nullptr);
  expectError({"gpuLaunchKernel", "buffer argument 2", "alignment"});
  gpuMemFree(stream, a);
  gpuMemFree(stream, b);
  gpuMemFree(stream, c);
}

//===----------------------------------------------------------------------===//
// Error paths (Vulkan)
//===----------------------------------------------------------------------===//

TEST_F(ImexrtVulkan, BadKernelBinaries) {
  const char garbage[] = "this is not SPIR-V at all";
  EXPECT_EQ(gpuModuleLoad(stream, garbage, sizeof(garbage)), nullptr);
  expectError({"gpuModuleLoad", "[vulkan]", "not a kernel binary"});

  // A Vulkan module whose instruction stream is cut short.
  std::vector<uint32_t> words = loadSpirv("kernels.spv");
  words.resize(words.size() - 3);
  words.back() = 0x00400036; // OpFunction claiming 64 words
  auto truncated =
      makeContainer({{IMEXKBIN_FLAVOUR_VULKAN, words}}, mainKernelTable());
  EXPECT_EQ(gpuModuleLoad(stream, truncated.data(), truncated.size()), nullptr);
  expectError({"gpuModuleLoad", "malformed SPIR-V"});

  // Damaged modules that the driver would crash on never reach it: a
  // flipped byte (the checksum) and a huge id bound (the header check).
  auto flipped = makeContainer(
      {{IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("kernels.spv")}}, mainKernelTable());
  uint64_t offset;
  std::memcpy(&offset,
              flipped.data() + IMEXKBIN_MODULES_OFFSET +
                  offsetof(ImexKbinModule, offset),
              sizeof offset);
  auto bound = flipped;
  flipped[offset + 101] ^= 0x01;
  EXPECT_EQ(gpuModuleLoad(stream, flipped.data(), flipped.size()), nullptr);
  expectError({"gpuModuleLoad", "is damaged"});
  uint32_t hugeBound = 0xFFFFFFFFu;
  std::memcpy(bound.data() + offset + 12, &hugeBound, sizeof hugeBound);
  resealChecksums(bound);
  EXPECT_EQ(gpuModuleLoad(stream, bound.data(), bound.size()), nullptr);
  expectError({"gpuModuleLoad", "id bound 4294967295 exceeds"});

  // Raw SPIR-V is the OpenCL flavour, which Vulkan cannot run.
  std::vector<uint32_t> opencl = loadSpirv("opencl_add.spv");
  EXPECT_EQ(gpuModuleLoad(stream, opencl.data(), opencl.size() * 4), nullptr);
  expectError({"gpuModuleLoad", "raw SPIR-V", "OpenCL"});

  // A container with only the OpenCL flavour.
  auto clOnly = makeContainer({{IMEXKBIN_FLAVOUR_OPENCL, opencl}},
                              {{"add_f32", {buffer(), buffer(), buffer()}}});
  EXPECT_EQ(gpuModuleLoad(stream, clOnly.data(), clOnly.size()), nullptr);
  expectError({"gpuModuleLoad", "no Vulkan module"});

  // OpenCL SPIR-V labelled as the Vulkan flavour never reaches the driver.
  auto mislabelled =
      makeContainer({{IMEXKBIN_FLAVOUR_VULKAN, opencl}},
                    {{"add_f32", {buffer(), buffer(), buffer()}}});
  EXPECT_EQ(gpuModuleLoad(stream, mislabelled.data(), mislabelled.size()),
            nullptr);
  expectError({"gpuModuleLoad", "Shader capability"});

  EXPECT_EQ(gpuModuleLoad(stream, nullptr, 16), nullptr);
  expectError({"gpuModuleLoad", "null"});

  // The good module still works after all that.
  EXPECT_NE(kernel("add_f32"), nullptr);
}

#ifdef IMEXRT_TEST_VULKAN_WITHOUT_INT64
// A module that needs 64-bit integers (kernels.spv declares Int64, as
// imexc's modules with 64-bit word loads do) on a device without
// shaderInt64 is refused with the way out, not handed to the driver.
TEST_F(ImexrtRuntime, Int64ModulesNeedShaderInt64) {
  EnvGuard loader("IMEXRT_VULKAN_LOADER", IMEXRT_TEST_VULKAN_WITHOUT_INT64);
  ASSERT_EQ(imexrtSetBackend("vulkan"), 0);
  if (!imexrtGetBackend())
    GTEST_SKIP() << "no Vulkan device:" << join(ErrorLog::get().take());
  void *stream = gpuCreateStream(nullptr, nullptr);
  ASSERT_NE(stream, nullptr);
  auto blob = makeContainer(
      {{IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("kernels.spv")}}, mainKernelTable());
  EXPECT_EQ(gpuModuleLoad(stream, blob.data(), blob.size()), nullptr);
  expectError({"gpuModuleLoad", "64-bit integers", "shaderInt64",
               "vulkan-int64-loads=false"});
  gpuStreamDestroy(stream);
}
#endif

TEST_F(ImexrtVulkan, UnknownKernelName) {
  EXPECT_EQ(kernel("mul_f32"), nullptr);
  expectError({"gpuKernelGet", "unknown kernel 'mul_f32'",
               "add_f32, inc_i32, iota2d, scalars"});
  EXPECT_EQ(kernel(nullptr), nullptr);
  expectError({"gpuKernelGet", "name is null"});
  // In the SPIR-V but not in the kernel table.
  auto noTable =
      makeContainer({{IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("kernels.spv")}},
                    {{"add_f32", {buffer(), buffer(), buffer(), scalar(4)}}});
  void *m = gpuModuleLoad(stream, noTable.data(), noTable.size());
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(gpuKernelGet(stream, m, "iota2d"), nullptr);
  expectError({"gpuKernelGet", "no argument table"});
  gpuModuleUnload(m);
}

TEST_F(ImexrtVulkan, PointerThatIsNotARuntimeAllocation) {
  std::vector<float> a(8, 1.0f), b(8, 2.0f), c(8, 0.0f);
  EXPECT_EQ(
      launchAdd(stream, kernel("add_f32"), a.data(), b.data(), c.data(), 8),
      nullptr);
  expectError({"gpuLaunchKernel", "kernel 'add_f32'", "buffer argument 0",
               "does not point into memory from gpuMemAlloc"});
  // A freed allocation is not a runtime allocation any more.
  float *x = alloc<float>(8);
  gpuMemFree(stream, x);
  EXPECT_EQ(launchAdd(stream, kernel("add_f32"), x, x, x, 8), nullptr);
  expectError({"buffer argument 0"});
  EXPECT_EQ(c[0], 0.0f);
}

TEST_F(ImexrtVulkan, LaunchShapeErrors) {
  void *k = kernel("inc_i32");
  int32_t *buf = alloc<int32_t>(64);
  Params p;
  p.ptr(buf).add(int32_t(64));
  // Block size differs from the shader's LocalSize (8, 1, 1).
  EXPECT_EQ(gpuLaunchKernel(stream, k, 8, 1, 1, 16, 1, 1, 0, p.get(), nullptr),
            nullptr);
  expectError({"block size (16, 1, 1)", "LocalSize (8, 1, 1)"});
  // Dynamic shared memory is not a Vulkan thing.
  Params withLocal;
  withLocal.ptr(buf).add(int32_t(64)).add(int32_t(0));
  EXPECT_EQ(gpuLaunchKernel(stream, k, 8, 1, 1, 8, 1, 1, 256, withLocal.get(),
                            nullptr),
            nullptr);
  expectError({"dynamic shared memory"});
  // Wrong number of arguments.
  Params tooFew;
  tooFew.ptr(buf);
  EXPECT_EQ(
      gpuLaunchKernel(stream, k, 8, 1, 1, 8, 1, 1, 0, tooFew.get(), nullptr),
      nullptr);
  expectError({"passes 1 arguments", "lists 2"});
  // A buffer passed with a size that is not a pointer's.
  int32_t *addr = buf;
  int32_t count = 64;
  imexrtParamDesc descs[] = {{&addr, 4}, {&count, 4}, {nullptr, 0}};
  EXPECT_EQ(gpuLaunchKernel(stream, k, 8, 1, 1, 8, 1, 1, 0, descs, nullptr),
            nullptr);
  expectError({"buffer argument 0 has size 4"});
  // Grid larger than the device allows.
  EXPECT_EQ(gpuLaunchKernel(stream, k, size_t(1) << 40, 1, 1, 8, 1, 1, 0,
                            p.get(), nullptr),
            nullptr);
  expectError({"exceeds the device's limit"});
  gpuMemFree(stream, buf);
}

//===----------------------------------------------------------------------===//
// Upstream-style wrappers (Vulkan)
//===----------------------------------------------------------------------===//

TEST_F(ImexrtVulkan, UpstreamStyleWrappers) {
  void *s = mgpuStreamCreate();
  ASSERT_NE(s, nullptr);
  void *m = mgpuModuleLoad(blob.data(), blob.size());
  EXPECT_EQ(m, module);
  void *f = mgpuModuleGetFunction(m, "add_f32");
  ASSERT_NE(f, nullptr);
  const size_t n = 40;
  auto *a = static_cast<float *>(mgpuMemAlloc(n * 4, s, true));
  auto *b = static_cast<float *>(mgpuMemAlloc(n * 4, s, false));
  auto *c = static_cast<float *>(mgpuMemAlloc(n * 4, s, false));
  ASSERT_TRUE(a && b && c);
  float one = 1.0f;
  mgpuMemset32(a, *reinterpret_cast<uint32_t *>(&one), n, s);
  std::vector<float> host(n);
  for (size_t i = 0; i < n; ++i)
    host[i] = float(i);
  mgpuMemcpy(b, host.data(), n * 4, s);
  // Sizes are not passed: the kernel table supplies them.
  int64_t count = int64_t(n);
  void *params[] = {&a, &b, &c, &count};
  mgpuLaunchKernel(f, n / 4, 1, 1, 4, 1, 1, 0, s, params, nullptr, 4);
  mgpuStreamSynchronize(s);
  // c is device memory: read through copies.
  mgpuMemcpy(host.data(), c, n * 4, s);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(host[i], float(i) + 1.0f);
  mgpuMemset16(c, 0, 2 * n, s);
  mgpuMemcpy(host.data(), c, n * 4, s);
  EXPECT_EQ(host[0], 0.0f);
  EXPECT_EQ(host[n - 1], 0.0f);
  mgpuMemFree(a, s);
  mgpuMemFree(b, s);
  mgpuMemFree(c, s);
  mgpuStreamDestroy(s);
  mgpuModuleUnload(m);
  mgpuModuleUnload(m);
}

//===----------------------------------------------------------------------===//
// Unmapped device memory (Vulkan), as on discrete GPUs
//===----------------------------------------------------------------------===//

/// Device allocations as a discrete GPU gets them: device-local and not
/// mapped, reached through copies (IMEXRT_VULKAN_DEVICE_MEMORY=unmapped
/// makes lavapipe do so).
class ImexrtVulkanUnmapped : public ImexrtVulkan {
protected:
  EnvGuard memory{"IMEXRT_VULKAN_DEVICE_MEMORY", "unmapped"};
  template <typename T> T *deviceAlloc(size_t count) {
    return static_cast<T *>(gpuMemAlloc(stream, count * sizeof(T), 64, 0));
  }
};

TEST_F(ImexrtVulkanUnmapped, DeviceMemoryIsNotHostMemory) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  auto *p = static_cast<char *>(gpuMemAlloc(stream, 1000, 4096 * 4, 0));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % (4096 * 4), 0u);
  EXPECT_EQ(imexrtIsGpuMemory(p), 1);
  EXPECT_EQ(imexrtIsGpuMemory(p + 999), 1);
  EXPECT_EQ(imexrtIsGpuMemory(p + 1000), 0);
  // The host cannot touch it: a fault, not someone else's memory.
  EXPECT_DEATH(*reinterpret_cast<volatile char *>(p) = 1, "");
  // Shared memory stays host memory.
  auto *shared = static_cast<char *>(gpuMemAlloc(stream, 16, 64, 1));
  ASSERT_NE(shared, nullptr);
  shared[15] = 7;
  EXPECT_EQ(shared[15], 7);
  gpuMemFree(stream, shared);
  gpuMemFree(stream, p);
}

TEST_F(ImexrtVulkanUnmapped, CopiesInPiecesAndAtOffsets) {
  // More than the 32 MiB staging buffer, so that copies go in pieces.
  const size_t n = (40u << 20) / sizeof(int32_t);
  std::vector<int32_t> host(n), back(n, -1);
  for (size_t i = 0; i < n; ++i)
    host[i] = int32_t(i * 2654435761u);
  int32_t *a = deviceAlloc<int32_t>(n), *b = deviceAlloc<int32_t>(n + 3);
  ASSERT_TRUE(a && b);
  gpuMemCopy(stream, a, host.data(), n * sizeof(int32_t));
  gpuMemCopy(stream, b + 3, a, n * sizeof(int32_t)); // device to device
  gpuMemCopy(stream, back.data(), b + 3, n * sizeof(int32_t));
  EXPECT_EQ(back, host);
  // Overlapping ranges of one allocation: as memmove.
  gpuMemCopy(stream, b, b + 3, 10 * sizeof(int32_t));
  std::vector<int32_t> head(13);
  gpuMemCopy(stream, head.data(), b, head.size() * sizeof(int32_t));
  for (size_t i = 0; i < 10; ++i)
    EXPECT_EQ(head[i], host[i]) << i;
  EXPECT_EQ(head[12], host[9]);
  gpuMemFree(stream, a);
  gpuMemFree(stream, b);
}

TEST_F(ImexrtVulkanUnmapped, FillsWithAnyPattern) {
  const size_t n = (33u << 20) / 12; // 12-byte patterns past the staging size
  struct Triple {
    int32_t x, y, z;
  } pattern{1, -2, 3};
  auto *t = deviceAlloc<Triple>(n);
  auto *c = deviceAlloc<unsigned char>(101);
  ASSERT_TRUE(t && c);
  gpuMemSet(stream, t, &pattern, sizeof(pattern), n * sizeof(pattern));
  std::vector<Triple> back(n);
  gpuMemCopy(stream, back.data(), t, n * sizeof(Triple));
  for (size_t i = 0; i < n; ++i)
    ASSERT_TRUE(back[i].x == 1 && back[i].y == -2 && back[i].z == 3) << i;
  unsigned char byte = 0xab;
  gpuMemSet(stream, c, &byte, 1, 101);
  std::vector<unsigned char> bytes(101);
  gpuMemCopy(stream, bytes.data(), c, 101);
  EXPECT_EQ(bytes, std::vector<unsigned char>(101, 0xab));
  gpuMemFree(stream, t);
  gpuMemFree(stream, c);
}

TEST_F(ImexrtVulkanUnmapped, KernelsUseDeviceMemory) {
  const size_t n = 1000;
  float *a = deviceAlloc<float>(n), *b = deviceAlloc<float>(n),
        *c = deviceAlloc<float>(n);
  ASSERT_TRUE(a && b && c);
  std::vector<float> host(n);
  for (size_t i = 0; i < n; ++i)
    host[i] = float(i);
  gpuMemCopy(stream, a, host.data(), n * sizeof(float));
  float quarter = 0.25f;
  gpuMemSet(stream, b, &quarter, sizeof(float), n * sizeof(float));
  EXPECT_NE(launchAdd(stream, kernel("add_f32"), a, b, c, n), nullptr);
  // The copy waits for the launch before it.
  gpuMemCopy(stream, host.data(), c, n * sizeof(float));
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(host[i], float(i) + 0.25f) << i;
  gpuMemFree(stream, a);
  gpuMemFree(stream, b);
  gpuMemFree(stream, c);
}

TEST_F(ImexrtVulkanUnmapped, CopiesPastTheEndAreErrors) {
  auto *a = deviceAlloc<char>(100);
  ASSERT_NE(a, nullptr);
  std::vector<char> host(4096);
  // Allocations are rounded up to 16 bytes; past that is outside.
  gpuMemCopy(stream, a + 64, host.data(), 4000);
  expectError({"gpuMemCopy", "[vulkan]", "runs past the end"});
  gpuMemCopy(stream, host.data(), a, 4000);
  expectError({"gpuMemCopy", "runs past the end"});
  char zero = 0;
  gpuMemSet(stream, a, &zero, 1, 4000);
  expectError({"gpuMemSet", "runs past the end"});
  gpuMemFree(stream, a);
}

TEST_F(ImexrtVulkanUnmapped, FillsWithPatternsLargerThanTheStagingBuffer) {
  const size_t patternBytes = (33u << 20) + 4; // past the 32 MiB staging
  std::vector<unsigned char> pattern(patternBytes);
  for (size_t i = 0; i < patternBytes; ++i)
    pattern[i] = static_cast<unsigned char>(i * 7);
  auto *d = deviceAlloc<unsigned char>(2 * patternBytes);
  ASSERT_NE(d, nullptr);
  gpuMemSet(stream, d, pattern.data(), patternBytes, 2 * patternBytes);
  std::vector<unsigned char> back(2 * patternBytes);
  gpuMemCopy(stream, back.data(), d, back.size());
  EXPECT_TRUE(std::equal(pattern.begin(), pattern.end(), back.begin()));
  EXPECT_TRUE(
      std::equal(pattern.begin(), pattern.end(), back.begin() + patternBytes));
  gpuMemFree(stream, d);
}

TEST_F(ImexrtVulkanUnmapped, TellsWhatTheHostCanReach) {
  auto *device = deviceAlloc<char>(100);
  auto *shared = static_cast<char *>(gpuMemAlloc(stream, 100, 64, 1));
  ASSERT_TRUE(device && shared);
  EXPECT_EQ(imexrtIsGpuMemory(device + 50), 1);
  EXPECT_EQ(imexrtIsHostAccessibleGpuMemory(device + 50), 0);
  EXPECT_EQ(imexrtIsHostAccessibleGpuMemory(shared + 50), 1);
  std::vector<char> host(8);
  EXPECT_EQ(imexrtIsHostAccessibleGpuMemory(host.data()), 0);
  gpuMemFree(stream, device);
  gpuMemFree(stream, shared);
  EXPECT_EQ(imexrtIsHostAccessibleGpuMemory(shared), 0); // freed
}

// Device memory the device maps (lavapipe's default) is host-accessible.
TEST_F(ImexrtVulkan, MappedDeviceMemoryIsHostAccessible) {
  EnvGuard memory("IMEXRT_VULKAN_DEVICE_MEMORY", "mapped");
  imexrtShutdown();
  void *s = gpuCreateStream(nullptr, nullptr);
  ASSERT_NE(s, nullptr);
  auto *device = static_cast<char *>(gpuMemAlloc(s, 100, 64, 0));
  ASSERT_NE(device, nullptr);
  EXPECT_EQ(imexrtIsHostAccessibleGpuMemory(device), 1);
  gpuMemFree(s, device);
  gpuStreamDestroy(s);
  stream = nullptr; // the fixture's went with the shutdown
}

// The same with device memory, whose copies go through each stream's
// staging buffer at once.
TEST_F(ImexrtVulkanUnmapped, StagingOnSeveralThreads) {
  std::vector<void *> modules = addOnSeveralThreads(/*isShared=*/0);
  gpuModuleUnload(modules[0]);
}

TEST_F(ImexrtRuntime, UnknownDeviceMemoryModeIsAnError) {
  EnvGuard memory("IMEXRT_VULKAN_DEVICE_MEMORY", "discrete");
  ASSERT_EQ(imexrtSetBackend("vulkan"), 0);
  if (!imexrtGetBackend())
    GTEST_SKIP() << "no Vulkan device";
  EXPECT_EQ(gpuCreateStream(nullptr, nullptr), nullptr);
  expectError({"gpuCreateStream", "IMEXRT_VULKAN_DEVICE_MEMORY=discrete",
               "auto, mapped, unmapped"});
}

// Memory belongs to its device, not to the stream that allocated it: it
// outlives that stream, and any stream frees it, once.
TEST_F(ImexrtVulkan, MemoryOutlivesItsStream) {
  void *first = gpuCreateStream(nullptr, nullptr);
  void *p = gpuMemAlloc(first, 64, 64, 1);
  ASSERT_NE(p, nullptr);
  gpuStreamDestroy(first);
  EXPECT_EQ(imexrtIsGpuMemory(p), 1);
  void *second = gpuCreateStream(nullptr, nullptr);
  gpuMemFree(second, p);
  EXPECT_TRUE(ErrorLog::get().take().empty());
  EXPECT_EQ(imexrtIsGpuMemory(p), 0);
  gpuMemFree(second, p);
  expectError({"gpuMemFree", "was not returned by gpuMemAlloc, or was freed "
                             "already"});
  gpuStreamDestroy(second);
}

// Events of the upstream-style wrappers: recorded on a stream, waited for
// by the host or another stream; a stream given where an event is expected
// (a token that reached a block argument) stands for all its work, and
// destroying it as an event ends the stream.
TEST_F(ImexrtVulkan, UpstreamStyleEvents) {
  void *s = mgpuStreamCreate();
  void *other = mgpuStreamCreate();
  ASSERT_TRUE(s && other);
  void *f = mgpuModuleGetFunction(mgpuModuleLoad(blob.data(), blob.size()),
                                  "add_f32");
  const size_t n = 40;
  auto *a = static_cast<float *>(mgpuMemAlloc(n * 4, s, true));
  auto *c = static_cast<float *>(mgpuMemAlloc(n * 4, s, true));
  float one = 1.0f;
  mgpuMemset32(a, *reinterpret_cast<uint32_t *>(&one), n, s);
  int64_t count = int64_t(n);
  void *params[] = {&a, &a, &c, &count};
  mgpuLaunchKernel(f, n / 4, 1, 1, 4, 1, 1, 0, s, params, nullptr, 4);
  void *event = mgpuEventCreate();
  ASSERT_NE(event, nullptr);
  mgpuEventSynchronize(event); // never recorded: nothing to wait for
  mgpuEventRecord(event, s);
  mgpuStreamWaitEvent(other, event);
  EXPECT_EQ(c[n - 1], 2.0f);
  mgpuEventSynchronize(event);
  mgpuEventDestroy(event);
  mgpuStreamWaitEvent(other, s);
  mgpuEventDestroy(s); // the stream, ended
  EXPECT_TRUE(ErrorLog::get().take().empty());
  mgpuStreamSynchronize(s);
  expectError({"is not a live stream"});
  int notAHandle = 0;
  mgpuEventSynchronize(&notAHandle);
  expectError({"mgpuEventSynchronize", "is not a live event"});
  mgpuEventRecord(&notAHandle, other);
  expectError({"mgpuEventRecord", "is not a live event"});
  mgpuEventDestroy(&notAHandle);
  expectError({"mgpuEventDestroy", "is not a live event"});
  mgpuMemFree(a, other);
  mgpuMemFree(c, other);
  mgpuStreamDestroy(other);
}
