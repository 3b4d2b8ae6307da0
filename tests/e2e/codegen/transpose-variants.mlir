// More linalg.transpose forms through the -O3 code generation and -O0,
// checked exactly against Inputs/transpose-variants.cpp with one and two
// OpenMP threads: a 3-D permutation [1, 2, 0] on dynamic shapes, and static
// 2-D shapes with and without thread tiles.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/transpose-variants.cpp -o %t/driver.o
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

// CHECK: ok transpose3d_f32 0x3x4
// CHECK-NEXT: ok transpose3d_f32 2x0x3
// CHECK-NEXT: ok transpose3d_f32 1x1x1
// CHECK-NEXT: ok transpose3d_f32 3x7x13
// CHECK-NEXT: ok transpose3d_f32 13x7x3
// CHECK-NEXT: ok transpose3d_f32 7x1025x3
// CHECK-NEXT: ok transpose3d_f32 33x65x129
// CHECK-NEXT: ok transpose_f32_static 13x1025
// CHECK-NEXT: ok transpose_f32_static_big 257x129
// CHECK-NEXT: 9 cases, 0 failed

// y[j][k][i] = x[i][j][k]
func.func @transpose3d_f32(%x: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %x, %c1 : tensor<?x?x?xf32>
  %d1 = tensor.dim %x, %c2 : tensor<?x?x?xf32>
  %d2 = tensor.dim %x, %c0 : tensor<?x?x?xf32>
  %e = tensor.empty(%d0, %d1, %d2) : tensor<?x?x?xf32>
  %r = linalg.transpose ins(%x : tensor<?x?x?xf32>) outs(%e : tensor<?x?x?xf32>) permutation = [1, 2, 0]
  return %r : tensor<?x?x?xf32>
}

func.func @transpose_f32_static(%x: tensor<13x1025xf32>) -> tensor<1025x13xf32> {
  %e = tensor.empty() : tensor<1025x13xf32>
  %r = linalg.transpose ins(%x : tensor<13x1025xf32>) outs(%e : tensor<1025x13xf32>) permutation = [1, 0]
  return %r : tensor<1025x13xf32>
}

// More than thread-chunk iterations: thread tiles.
func.func @transpose_f32_static_big(%x: tensor<257x129xf32>) -> tensor<129x257xf32> {
  %e = tensor.empty() : tensor<129x257xf32>
  %r = linalg.transpose ins(%x : tensor<257x129xf32>) outs(%e : tensor<129x257xf32>) permutation = [1, 0]
  return %r : tensor<129x257xf32>
}
