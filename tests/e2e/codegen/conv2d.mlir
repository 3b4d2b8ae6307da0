// A 3x3 convolution, linalg.conv_2d_nhwc_hwcf with unit strides and
// dilations, through the -O3 code generation (a reduction over the input
// channels innermost) and -O0, on dynamic and static shapes from empty ones
// (no images, no output rows, no channels, no filters) to 2x34x34x16x33,
// checked against Inputs/conv2d.cpp with one and two OpenMP threads. Cases
// are named n x h x w x c x f (input n x h x w x c, filter 3 x 3 x c x f).
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/conv2d.cpp -o %t/driver.o
// RUN: c++ %t/driver.o %t/o3.o -o %t/o3 %cg-libs
// RUN: c++ %t/driver.o %t/o0.o -o %t/o0 %cg-libs
// RUN: env OMP_NUM_THREADS=1 %t/o3 | FileCheck %s --implicit-check-not=FAIL
// RUN: env OMP_NUM_THREADS=2 %t/o3 | FileCheck %s --implicit-check-not=FAIL
// RUN: env OMP_NUM_THREADS=1 %t/o0 | FileCheck %s --implicit-check-not=FAIL
// RUN: env OMP_NUM_THREADS=2 %t/o0 | FileCheck %s --implicit-check-not=FAIL
// The same kernels on the GPU (--offload=gpu: every linalg op in a kernel,
// the host arrays copied in and out), on Vulkan (lavapipe without a GPU):
// RUN: %if vulkan %{ imexc %s --offload=gpu -o %t/gpu.o %}
// RUN: %if vulkan %{ c++ %t/driver.o %t/gpu.o -o %t/gpu %cg-libs %}
// RUN: %if vulkan %{ env IMEXRT_TRACE_LAUNCHES=1 %t/gpu 2>&1 | %check-launches | FileCheck %s --implicit-check-not=FAIL %}

// CHECK: ok conv2d_f32 0x5x5x3x4
// CHECK-NEXT: ok conv2d_f32 1x3x3x1x1
// CHECK-NEXT: ok conv2d_f32 1x2x5x3x4
// CHECK-NEXT: ok conv2d_f32 1x5x5x0x3
// CHECK-NEXT: ok conv2d_f32 1x5x5x3x0
// CHECK-NEXT: ok conv2d_f32 2x7x13x3x5
// CHECK-NEXT: ok conv2d_f32 1x13x7x1x13
// CHECK-NEXT: ok conv2d_f32 1x3x1027x2x3
// CHECK-NEXT: ok conv2d_f32 1x1027x3x2x3
// CHECK-NEXT: ok conv2d_f32 2x34x34x16x33
// CHECK-NEXT: ok conv2d_f32_static 1x9x9x4x8
// CHECK-NEXT: ok conv2d_f32_static_big 2x18x18x8x16
// CHECK-NEXT: 12 cases, 0 failed

// Input n x h x w x c, filter 3 x 3 x c x f, output n x (h-2) x (w-2) x f.
func.func @conv2d_f32(%x: tensor<?x?x?x?xf32>, %w: tensor<3x3x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %x, %c0 : tensor<?x?x?x?xf32>
  %h = tensor.dim %x, %c1 : tensor<?x?x?x?xf32>
  %wd = tensor.dim %x, %c2 : tensor<?x?x?x?xf32>
  %f = tensor.dim %w, %c3 : tensor<3x3x?x?xf32>
  %oh = arith.subi %h, %c2 : index
  %ow = arith.subi %wd, %c2 : index
  %e = tensor.empty(%n, %oh, %ow, %f) : tensor<?x?x?x?xf32>
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<?x?x?x?xf32>, tensor<3x3x?x?xf32>) outs(%init : tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

func.func @conv2d_f32_static(%x: tensor<1x9x9x4xf32>, %w: tensor<3x3x4x8xf32>) -> tensor<1x7x7x8xf32> {
  %e = tensor.empty() : tensor<1x7x7x8xf32>
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x9x9x4xf32>, tensor<3x3x4x8xf32>) outs(%init : tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32>
  return %r : tensor<1x7x7x8xf32>
}

// More than thread-chunk iterations: thread tiles.
func.func @conv2d_f32_static_big(%x: tensor<2x18x18x8xf32>, %w: tensor<3x3x8x16xf32>) -> tensor<2x16x16x16xf32> {
  %e = tensor.empty() : tensor<2x16x16x16xf32>
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x16x16xf32>) -> tensor<2x16x16x16xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x18x18x8xf32>, tensor<3x3x8x16xf32>) outs(%init : tensor<2x16x16x16xf32>) -> tensor<2x16x16x16xf32>
  return %r : tensor<2x16x16x16xf32>
}
