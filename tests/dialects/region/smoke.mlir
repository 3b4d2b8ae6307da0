// RUN: imex-opt %s | FileCheck %s
// CHECK: region.env_region #region.gpu_env<device = "XeGPU">
%0 = region.env_region #region.gpu_env<device = "XeGPU"> -> i32 {
  %c = arith.constant 1 : i32
  region.env_region_yield %c : i32
}
