// Functions that compiled host code calls (runtime/host/HostSupport.cpp).
#include <gtest/gtest.h>

extern "C" void imexrtCheckFailed(const char *message);

TEST(HostSupportDeathTest, FailedCheckReportsOnStderrAndAborts) {
  EXPECT_DEATH(imexrtCheckFailed("dimension 'N' of 'b' differs"),
               "imexrt: run-time check failed: dimension 'N' of 'b' differs");
}
