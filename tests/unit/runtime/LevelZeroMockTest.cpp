//===- LevelZeroMockTest.cpp - the Level Zero backend against a mock ------===//
//
// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// No machine of ours has a Level Zero driver, so these tests load the mock
// driver (mock/MockLevelZero.cpp) through IMEXRT_LEVEL_ZERO_LOADER and check
// what the backend asks of it: selection of Level Zero when it has a GPU,
// synchronous immediate command lists on the compute queue group, arguments
// with their true sizes, the build log of a failed module build, fills and
// copies, and the release of everything at shutdown. The mock executes
// add_f32 on the host, so results are checked too.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <dlfcn.h>

using namespace imexrt_test;

namespace {

class ImexrtLevelZeroMock : public ::testing::Test {
protected:
  void SetUp() override {
    imexrtShutdown();
    imexrtSetBackend(nullptr);
    loader_ = std::make_unique<EnvGuard>("IMEXRT_LEVEL_ZERO_LOADER",
                                         IMEXRT_TEST_MOCK_ZE);
    backend_ = std::make_unique<EnvGuard>("IMEXRT_BACKEND", "auto");
    ErrorLog::get().take();
    launchesBefore_ = imexrtGetLaunchCount();
    ASSERT_STREQ(imexrtGetBackend(), "level-zero")
        << join(ErrorLog::get().take());
    stream = gpuCreateStream(nullptr, nullptr);
    ASSERT_NE(stream, nullptr);
  }
  void TearDown() override {
    std::vector<std::string> errors = ErrorLog::get().take();
    EXPECT_TRUE(errors.empty()) << "unexpected runtime errors:" << join(errors);
    mockLaunches() += imexrtGetLaunchCount() - launchesBefore_;
    imexrtShutdown();
    imexrtSetBackend(nullptr);
    backend_.reset();
    loader_.reset();
    driverLog();
  }
  /// What the backend called since the last look.
  static std::string driverLog() {
    void *h = dlopen(IMEXRT_TEST_MOCK_ZE, RTLD_NOW | RTLD_NOLOAD);
    if (!h)
      return "";
    auto take = reinterpret_cast<const char *(*)()>(dlsym(h, "mockZeTakeLog"));
    std::string log = take ? take() : "";
    dlclose(h);
    return log;
  }
  static size_t count(const std::string &log, const std::string &line) {
    size_t n = 0;
    for (size_t at = log.find(line); at != std::string::npos;
         at = log.find(line, at + 1))
      ++n;
    return n;
  }
  void expectError(std::initializer_list<const char *> parts) {
    std::vector<std::string> errors = ErrorLog::get().take();
    ASSERT_EQ(errors.size(), 1u) << join(errors);
    for (const char *part : parts)
      EXPECT_TRUE(contains(errors[0], part))
          << "\"" << errors[0] << "\" lacks \"" << part << "\"";
  }

  void *stream = nullptr;

private:
  std::unique_ptr<EnvGuard> loader_, backend_;
  uint64_t launchesBefore_ = 0;
};

} // namespace

TEST_F(ImexrtLevelZeroMock, AutoPrefersALevelZeroGpu) {
  int32_t n = imexrtGetDeviceCount();
  ASSERT_GE(n, 1);
  imexrtDeviceInfo info;
  ASSERT_EQ(imexrtGetDeviceInfo(0, &info), 0);
  EXPECT_STREQ(info.backend, "level-zero");
  EXPECT_STREQ(info.name, "Mock Level Zero GPU");
  EXPECT_EQ(info.type, IMEXRT_DEVICE_TYPE_DISCRETE_GPU);
  EXPECT_EQ(info.vendorId, 0x8086u);
  std::string log = driverLog();
  EXPECT_TRUE(contains(log, "zeInit 1")) << log; // ZE_INIT_FLAG_GPU_ONLY
  EXPECT_TRUE(contains(log, "zeContextCreate")) << log;
  // The compute group (1), not the copy-only group (0); synchronous mode.
  EXPECT_TRUE(
      contains(log, "zeCommandListCreateImmediate ordinal=1 mode=synchronous"))
      << log;
}

TEST_F(ImexrtLevelZeroMock, RunsAKernel) {
  const size_t n = 16;
  auto *a = static_cast<float *>(gpuMemAlloc(stream, n * 4, 64, 1));
  auto *b = static_cast<float *>(gpuMemAlloc(stream, n * 4, 64, 1));
  auto *c = static_cast<float *>(gpuMemAlloc(stream, n * 4, 64, 0));
  ASSERT_TRUE(a && b && c);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = 100.0f;
  }
  std::vector<uint32_t> spirv = loadSpirv("opencl_add.spv");
  void *module = gpuModuleLoad(stream, spirv.data(), spirv.size() * 4);
  ASSERT_NE(module, nullptr);
  void *kernel = gpuKernelGet(stream, module, "add_f32");
  ASSERT_NE(kernel, nullptr);
  for (int round = 0; round < 2; ++round) {
    Params p;
    p.ptr(a).ptr(b).ptr(c);
    EXPECT_NE(gpuLaunchKernel(stream, kernel, n / 4, 1, 1, 4, 1, 1, 0, p.get(),
                              nullptr),
              nullptr);
  }
  gpuWait(stream);
  std::vector<float> host(n);
  gpuMemCopy(stream, host.data(), c, n * 4); // device memory: a real copy
  for (size_t i = 0; i < n; ++i)
    EXPECT_EQ(host[i], float(i) + 100.0f);
  std::string log = driverLog();
  EXPECT_EQ(count(log, "zeMemAllocShared 64 align=64"), 2u) << log;
  EXPECT_EQ(count(log, "zeMemAllocDevice 64 align=64"), 1u) << log;
  EXPECT_EQ(count(log, "zeModuleCreate format=0"), 1u) << log; // IL_SPIRV
  EXPECT_EQ(count(log, "zeKernelCreate add_f32"), 1u) << log;  // once
  EXPECT_EQ(count(log, "zeKernelSetGroupSize 4 1 1"), 2u) << log;
  EXPECT_EQ(count(log, "zeKernelSetArgumentValue 2 8\n"), 2u) << log;
  EXPECT_EQ(count(log, "zeCommandListAppendLaunchKernel add_f32 4 1 1"), 2u)
      << log;
  EXPECT_EQ(count(log, "zeCommandListAppendMemoryCopy 64"), 1u) << log;
  gpuMemFree(stream, a);
  gpuMemFree(stream, b);
  gpuMemFree(stream, c);
  EXPECT_EQ(count(driverLog(), "zeMemFree"), 3u);
}

TEST_F(ImexrtLevelZeroMock, ArgumentsKeepTheirTrueSizes) {
  std::vector<uint32_t> spirv = loadSpirv("opencl_args.spv");
  void *module = gpuModuleLoad(stream, spirv.data(), spirv.size() * 4);
  ASSERT_NE(module, nullptr);
  void *kernel = gpuKernelGet(stream, module, "args");
  ASSERT_NE(kernel, nullptr);
  void *buf = gpuMemAlloc(stream, 64, 64, 0);
  Params p;
  p.ptr(buf)
      .add(int8_t(1))
      .add(int16_t(2))
      .add(int32_t(3))
      .add(int64_t(4))
      .add(5.0f)
      .add(6.0);
  driverLog();
  ASSERT_NE(
      gpuLaunchKernel(stream, kernel, 1, 1, 1, 1, 1, 1, 0, p.get(), nullptr),
      nullptr);
  std::string log = driverLog();
  const char *expected[] = {
      "zeKernelSetArgumentValue 0 8\n", "zeKernelSetArgumentValue 1 1\n",
      "zeKernelSetArgumentValue 2 2\n", "zeKernelSetArgumentValue 3 4\n",
      "zeKernelSetArgumentValue 4 8\n", "zeKernelSetArgumentValue 5 4\n",
      "zeKernelSetArgumentValue 6 8\n"};
  for (const char *line : expected)
    EXPECT_TRUE(contains(log, line)) << line << " in\n" << log;

  // Dynamic local memory: the last entry, set as (size, NULL).
  Params local;
  local.ptr(buf)
      .add(int8_t(1))
      .add(int16_t(2))
      .add(int32_t(3))
      .add(int64_t(4))
      .add(5.0f)
      .add(6.0)
      .add(int32_t(0));
  ASSERT_NE(gpuLaunchKernel(stream, kernel, 1, 1, 1, 1, 1, 1, 512, local.get(),
                            nullptr),
            nullptr);
  log = driverLog();
  EXPECT_TRUE(contains(log, "zeKernelSetArgumentValue 7 512 null")) << log;

  // mgpuLaunchKernel passes no sizes: every argument is pointer-sized.
  void *ptrs[] = {&buf, &buf, &buf};
  mgpuLaunchKernel(kernel, 1, 1, 1, 1, 1, 1, 0, stream, ptrs, nullptr, 3);
  log = driverLog();
  EXPECT_EQ(count(log, " 8\n"), 3u) << log;
  gpuMemFree(stream, buf);
}

TEST_F(ImexrtLevelZeroMock, ContainerGivesTheOpenCLModule) {
  std::vector<uint32_t> opencl = loadSpirv("opencl_add.spv");
  auto both =
      makeContainer({{IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("kernels.spv")},
                     {IMEXKBIN_FLAVOUR_OPENCL, opencl}},
                    mainKernelTable());
  driverLog();
  void *module = gpuModuleLoad(stream, both.data(), both.size());
  ASSERT_NE(module, nullptr);
  std::string log = driverLog();
  EXPECT_TRUE(contains(log, "bytes=" + std::to_string(opencl.size() * 4) +
                                " magic=0x07230203"))
      << log;
  EXPECT_NE(gpuKernelGet(stream, module, "add_f32"), nullptr);
  // Vulkan entry points are not Level Zero kernels.
  EXPECT_EQ(gpuKernelGet(stream, module, "iota2d"), nullptr);
  expectError({"gpuKernelGet [level-zero]", "unknown kernel 'iota2d'",
               "kernels: add_f32"});

  auto vulkanOnly = makeContainer(
      {{IMEXKBIN_FLAVOUR_VULKAN, loadSpirv("kernels.spv")}}, mainKernelTable());
  EXPECT_EQ(gpuModuleLoad(stream, vulkanOnly.data(), vulkanOnly.size()),
            nullptr);
  expectError({"gpuModuleLoad [level-zero]", "no OpenCL/Level Zero module"});
}

TEST_F(ImexrtLevelZeroMock, BuildFailureShowsTheBuildLog) {
  std::vector<uint32_t> spirv = loadSpirv("opencl_add.spv");
  {
    EnvGuard fail("MOCK_ZE_BUILD_FAIL", "1");
    EXPECT_EQ(gpuModuleLoad(stream, spirv.data(), spirv.size() * 4), nullptr);
  }
  expectError({"gpuModuleLoad [level-zero]",
               "ZE_RESULT_ERROR_MODULE_BUILD_FAILURE",
               "build log:", "error: mock IGC cannot compile this module"});
  // Nothing was cached: the next load builds again, with the build flags.
  EnvGuard flags("IMEX_ENABLE_LARGE_REG_FILE", "1");
  driverLog();
  EXPECT_NE(gpuModuleLoad(stream, spirv.data(), spirv.size() * 4), nullptr);
  EXPECT_TRUE(contains(driverLog(), "flags='-ze-opt-large-register-file '"));
}

TEST_F(ImexrtLevelZeroMock, FillsAndCopies) {
  auto *p = static_cast<unsigned char *>(gpuMemAlloc(stream, 48, 64, 1));
  ASSERT_NE(p, nullptr);
  driverLog();
  uint32_t word = 0x11223344;
  gpuMemSet(stream, p, &word, 4, 48); // the engine fills
  EXPECT_EQ(reinterpret_cast<uint32_t *>(p)[11], word);
  uint64_t wide = 0x0102030405060708ull; // wider than the engine's 4 bytes
  gpuMemSet(stream, p, &wide, 8, 48);
  EXPECT_EQ(reinterpret_cast<uint64_t *>(p)[5], wide);
  const unsigned char rgb[3] = {7, 8, 9}; // not a power of two
  gpuMemSet(stream, p, rgb, 3, 48);
  EXPECT_EQ(p[45], 7);
  EXPECT_EQ(p[47], 9);
  std::string log = driverLog();
  EXPECT_EQ(count(log, "zeCommandListAppendMemoryFill pattern=4 size=48"), 1u)
      << log;
  EXPECT_EQ(count(log, "zeCommandListAppendMemoryCopy 48"), 2u) << log;
  gpuMemFree(stream, p);
}

TEST_F(ImexrtLevelZeroMock, ShutdownReleasesEverything) {
  std::vector<uint32_t> spirv = loadSpirv("opencl_add.spv");
  void *module = gpuModuleLoad(stream, spirv.data(), spirv.size() * 4);
  ASSERT_NE(gpuKernelGet(stream, module, "add_f32"), nullptr);
  ASSERT_NE(gpuMemAlloc(stream, 16, 64, 0), nullptr); // never freed
  driverLog();
  imexrtShutdown();
  stream = nullptr;
  std::string log = driverLog();
  for (const char *line : {"zeCommandListDestroy", "zeKernelDestroy add_f32",
                           "zeModuleDestroy", "zeMemFree", "zeContextDestroy"})
    EXPECT_TRUE(contains(log, line)) << line << " in\n" << log;
  // The kernel goes before its module, the memory before its context.
  EXPECT_LT(log.find("zeKernelDestroy"), log.find("zeModuleDestroy"));
  EXPECT_LT(log.find("zeMemFree"), log.find("zeContextDestroy"));
}
