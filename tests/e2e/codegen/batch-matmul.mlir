// linalg.batch_matmul through the -O3 code generation (batch loops around
// register blocks of outer products) and -O0, on dynamic and static shapes
// from empty ones (and k = 0) to 4x129x131x127, checked against
// Inputs/batch-matmul.cpp with one and two OpenMP threads, in f32 and f64.
// Cases are named batch x m x k x n.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/batch-matmul.cpp -o %t/driver.o
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

// CHECK: ok batch_matmul_f32 0x3x4x5
// CHECK-NEXT: ok batch_matmul_f32 3x0x4x5
// CHECK-NEXT: ok batch_matmul_f32 2x3x0x5
// CHECK-NEXT: ok batch_matmul_f32 2x3x4x0
// CHECK-NEXT: ok batch_matmul_f32 1x1x1x1
// CHECK-NEXT: ok batch_matmul_f32 3x7x13x5
// CHECK-NEXT: ok batch_matmul_f32 2x13x7x13
// CHECK-NEXT: ok batch_matmul_f32 2x1x1025x7
// CHECK-NEXT: ok batch_matmul_f32 2x1025x1x13
// CHECK-NEXT: ok batch_matmul_f32 5x65x67x63
// CHECK-NEXT: ok batch_matmul_f32 4x129x131x127
// CHECK-NEXT: ok batch_matmul_f64 0x3x4x5
// CHECK-NEXT: ok batch_matmul_f64 3x0x4x5
// CHECK-NEXT: ok batch_matmul_f64 2x3x0x5
// CHECK-NEXT: ok batch_matmul_f64 2x3x4x0
// CHECK-NEXT: ok batch_matmul_f64 1x1x1x1
// CHECK-NEXT: ok batch_matmul_f64 3x7x13x5
// CHECK-NEXT: ok batch_matmul_f32_static 3x7x13x5
// CHECK-NEXT: ok batch_matmul_f32_static_big 4x64x64x64
// CHECK-NEXT: 19 cases, 0 failed

func.func @batch_matmul_f32(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %nb = tensor.dim %a, %c0 : tensor<?x?x?xf32>
  %m = tensor.dim %a, %c1 : tensor<?x?x?xf32>
  %n = tensor.dim %b, %c2 : tensor<?x?x?xf32>
  %e = tensor.empty(%nb, %m, %n) : tensor<?x?x?xf32>
  %zero = arith.constant 0.0 : f32
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32>) outs(%c : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

func.func @batch_matmul_f64(%a: tensor<?x?x?xf64>, %b: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %nb = tensor.dim %a, %c0 : tensor<?x?x?xf64>
  %m = tensor.dim %a, %c1 : tensor<?x?x?xf64>
  %n = tensor.dim %b, %c2 : tensor<?x?x?xf64>
  %e = tensor.empty(%nb, %m, %n) : tensor<?x?x?xf64>
  %zero = arith.constant 0.0 : f64
  %c = linalg.fill ins(%zero : f64) outs(%e : tensor<?x?x?xf64>) -> tensor<?x?x?xf64>
  %r = linalg.batch_matmul ins(%a, %b : tensor<?x?x?xf64>, tensor<?x?x?xf64>) outs(%c : tensor<?x?x?xf64>) -> tensor<?x?x?xf64>
  return %r : tensor<?x?x?xf64>
}

func.func @batch_matmul_f32_static(%a: tensor<3x7x13xf32>, %b: tensor<3x13x5xf32>) -> tensor<3x7x5xf32> {
  %e = tensor.empty() : tensor<3x7x5xf32>
  %zero = arith.constant 0.0 : f32
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<3x7x5xf32>) -> tensor<3x7x5xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x7x13xf32>, tensor<3x13x5xf32>) outs(%c : tensor<3x7x5xf32>) -> tensor<3x7x5xf32>
  return %r : tensor<3x7x5xf32>
}

// More than thread-chunk iterations: thread tiles over the batch.
func.func @batch_matmul_f32_static_big(%a: tensor<4x64x64xf32>, %b: tensor<4x64x64xf32>) -> tensor<4x64x64xf32> {
  %e = tensor.empty() : tensor<4x64x64xf32>
  %zero = arith.constant 0.0 : f32
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<4x64x64xf32>, tensor<4x64x64xf32>) outs(%c : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  return %r : tensor<4x64x64xf32>
}
