// 2-D linalg.transpose on dynamic shapes through the -O3 code generation
// (vectors along the output's innermost dimension) and -O0, from empty
// shapes to 3x262147 and 262147x3, checked exactly against
// Inputs/transpose.cpp with one and two OpenMP threads, in f32, f64 and i32.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/transpose.cpp -o %t/driver.o
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

// CHECK: ok transpose_f32 0x7
// CHECK-NEXT: ok transpose_f32 7x0
// CHECK-NEXT: ok transpose_f32 1x1
// CHECK-NEXT: ok transpose_f32 7x13
// CHECK-NEXT: ok transpose_f32 13x7
// CHECK-NEXT: ok transpose_f32 1x1025
// CHECK-NEXT: ok transpose_f32 1025x1
// CHECK-NEXT: ok transpose_f32 1023x1025
// CHECK-NEXT: ok transpose_f32 1025x1023
// CHECK-NEXT: ok transpose_f32 3x262147
// CHECK-NEXT: ok transpose_f32 262147x3
// CHECK-NEXT: ok transpose_f64 0x7
// CHECK-NEXT: ok transpose_f64 7x0
// CHECK-NEXT: ok transpose_f64 1x1
// CHECK-NEXT: ok transpose_f64 7x13
// CHECK-NEXT: ok transpose_f64 13x7
// CHECK-NEXT: ok transpose_f64 1x1025
// CHECK-NEXT: ok transpose_f64 1025x1
// CHECK-NEXT: ok transpose_i32 0x7
// CHECK-NEXT: ok transpose_i32 0x7
// CHECK-NEXT: ok transpose_i32 7x0
// CHECK-NEXT: ok transpose_i32 1x1
// CHECK-NEXT: ok transpose_i32 7x13
// CHECK-NEXT: ok transpose_i32 13x7
// CHECK-NEXT: ok transpose_i32 1x1025
// CHECK-NEXT: ok transpose_i32 1025x1
// CHECK-NEXT: 25 cases, 0 failed

func.func @transpose_f32(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %r = linalg.transpose ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) permutation = [1, 0]
  return %r : tensor<?x?xf32>
}

func.func @transpose_f64(%x: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c1 : tensor<?x?xf64>
  %d1 = tensor.dim %x, %c0 : tensor<?x?xf64>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf64>
  %r = linalg.transpose ins(%x : tensor<?x?xf64>) outs(%e : tensor<?x?xf64>) permutation = [1, 0]
  return %r : tensor<?x?xf64>
}

func.func @transpose_i32(%x: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c1 : tensor<?x?xi32>
  %d1 = tensor.dim %x, %c0 : tensor<?x?xi32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xi32>
  %r = linalg.transpose ins(%x : tensor<?x?xi32>) outs(%e : tensor<?x?xi32>) permutation = [1, nan]
  return %r : tensor<?x?xi32>
}
