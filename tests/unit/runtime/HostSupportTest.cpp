// Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Functions that compiled host code calls (runtime/host/HostSupport.cpp).
#include <gtest/gtest.h>

extern "C" void imexrtCheckFailed(const char *message);

TEST(HostSupportDeathTest, FailedCheckReportsOnStderrAndAborts) {
  EXPECT_DEATH(imexrtCheckFailed("dimension 'N' of 'b' differs"),
               "imexrt: run-time check failed: dimension 'N' of 'b' differs");
}
