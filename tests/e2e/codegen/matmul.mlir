// linalg.matmul on dynamic shapes through the -O3 code generation (thread
// tiles of whole register blocks, an m x n block of accumulators updated by
// outer products over k, peeled partial blocks; i32 takes the reduction
// path) and through -O0, from empty shapes (and k = 0, which leaves the zero
// fill) to 129x257x131, checked against Inputs/matmul.cpp with one and two
// OpenMP threads, in f32, f64 and i32. Cases are named m x k x n.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/matmul.cpp -o %t/driver.o
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

// CHECK: ok matmul_f32 0x5x7
// CHECK-NEXT: ok matmul_f32 5x0x7
// CHECK-NEXT: ok matmul_f32 5x7x0
// CHECK-NEXT: ok matmul_f32 1x1x1
// CHECK-NEXT: ok matmul_f32 7x13x5
// CHECK-NEXT: ok matmul_f32 13x7x13
// CHECK-NEXT: ok matmul_f32 1x1025x1
// CHECK-NEXT: ok matmul_f32 1023x1x7
// CHECK-NEXT: ok matmul_f32 7x1023x13
// CHECK-NEXT: ok matmul_f32 13x1025x7
// CHECK-NEXT: ok matmul_f32 1x1023x1025
// CHECK-NEXT: ok matmul_f32 1025x1x1023
// CHECK-NEXT: ok matmul_f32 129x257x131
// CHECK-NEXT: ok matmul_f64 0x5x7
// CHECK-NEXT: ok matmul_f64 5x0x7
// CHECK-NEXT: ok matmul_f64 5x7x0
// CHECK-NEXT: ok matmul_f64 1x1x1
// CHECK-NEXT: ok matmul_f64 7x13x5
// CHECK-NEXT: ok matmul_f64 13x7x13
// CHECK-NEXT: ok matmul_f64 1x1025x1
// CHECK-NEXT: ok matmul_f64 1023x1x7
// CHECK-NEXT: ok matmul_f64 7x1023x13
// CHECK-NEXT: ok matmul_f64 13x1025x7
// CHECK-NEXT: ok matmul_f64 1x1023x1025
// CHECK-NEXT: ok matmul_f64 1025x1x1023
// CHECK-NEXT: ok matmul_f64 129x257x131
// CHECK-NEXT: ok matmul_i32 0x5x7
// CHECK-NEXT: ok matmul_i32 5x0x7
// CHECK-NEXT: ok matmul_i32 5x7x0
// CHECK-NEXT: ok matmul_i32 1x1x1
// CHECK-NEXT: ok matmul_i32 7x13x5
// CHECK-NEXT: ok matmul_i32 13x7x13
// CHECK-NEXT: ok matmul_i32 1x1025x1
// CHECK-NEXT: ok matmul_i32 1023x1x7
// CHECK-NEXT: ok matmul_i32 7x1023x13
// CHECK-NEXT: ok matmul_i32 13x1025x7
// CHECK-NEXT: ok matmul_i32 1x1023x1025
// CHECK-NEXT: ok matmul_i32 1025x1x1023
// CHECK-NEXT: ok matmul_i32 129x257x131
// CHECK-NEXT: 39 cases, 0 failed

func.func @matmul_f32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @matmul_f64(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64>
  %n = tensor.dim %b, %c1 : tensor<?x?xf64>
  %e = tensor.empty(%m, %n) : tensor<?x?xf64>
  %zero = arith.constant 0.0 : f64
  %c = linalg.fill ins(%zero : f64) outs(%e : tensor<?x?xf64>) -> tensor<?x?xf64>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf64>, tensor<?x?xf64>) outs(%c : tensor<?x?xf64>) -> tensor<?x?xf64>
  return %r : tensor<?x?xf64>
}

func.func @matmul_i32(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xi32>
  %n = tensor.dim %b, %c1 : tensor<?x?xi32>
  %e = tensor.empty(%m, %n) : tensor<?x?xi32>
  %zero = arith.constant 0 : i32
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<?x?xi32>) -> tensor<?x?xi32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xi32>, tensor<?x?xi32>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
