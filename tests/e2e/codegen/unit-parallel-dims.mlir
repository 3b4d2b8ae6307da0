// Reductions whose parallel dimensions all have static extent 1 (one row
// summed, one column summed, a 1-row matvec, a 1-column vecmat, a 1x1
// matmul), with a dynamic or large static reduction dimension, through the
// -O3 code generation and -O0, checked against Inputs/unit-parallel-dims.cpp
// with one and two OpenMP threads. Cases are named by the input's shape
// (m x k x n for the matmul).
// (Such ops once broke the thread-level split of reductions, which now
// leaves reductions with parallel loops of one iteration single-threaded.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o --emit-header=%t/kernels.h
// RUN: %cg-cxx -I%t -c %S/Inputs/unit-parallel-dims.cpp -o %t/driver.o
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

// CHECK: ok rowsum_1xk 1x0
// CHECK-NEXT: ok rowsum_1xk 1x1
// CHECK-NEXT: ok rowsum_1xk 1x7
// CHECK-NEXT: ok rowsum_1xk 1x13
// CHECK-NEXT: ok rowsum_1xk 1x1023
// CHECK-NEXT: ok rowsum_1xk 1x1025
// CHECK-NEXT: ok rowsum_1xk 1x1048579
// CHECK-NEXT: ok colsum_kx1 0x1
// CHECK-NEXT: ok colsum_kx1 1x1
// CHECK-NEXT: ok colsum_kx1 7x1
// CHECK-NEXT: ok colsum_kx1 13x1
// CHECK-NEXT: ok colsum_kx1 1023x1
// CHECK-NEXT: ok colsum_kx1 1025x1
// CHECK-NEXT: ok colsum_kx1 1048579x1
// CHECK-NEXT: ok matvec_1xk 1x0
// CHECK-NEXT: ok matvec_1xk 1x1
// CHECK-NEXT: ok matvec_1xk 1x7
// CHECK-NEXT: ok matvec_1xk 1x13
// CHECK-NEXT: ok matvec_1xk 1x1023
// CHECK-NEXT: ok matvec_1xk 1x1025
// CHECK-NEXT: ok matvec_1xk 1x1048579
// CHECK-NEXT: ok vecmat_kx1 0x1
// CHECK-NEXT: ok vecmat_kx1 1x1
// CHECK-NEXT: ok vecmat_kx1 7x1
// CHECK-NEXT: ok vecmat_kx1 13x1
// CHECK-NEXT: ok vecmat_kx1 1023x1
// CHECK-NEXT: ok vecmat_kx1 1025x1
// CHECK-NEXT: ok vecmat_kx1 1048579x1
// CHECK-NEXT: ok matmul_1xkx1 1x0x1
// CHECK-NEXT: ok matmul_1xkx1 1x1x1
// CHECK-NEXT: ok matmul_1xkx1 1x7x1
// CHECK-NEXT: ok matmul_1xkx1 1x13x1
// CHECK-NEXT: ok matmul_1xkx1 1x1023x1
// CHECK-NEXT: ok matmul_1xkx1 1x1025x1
// CHECK-NEXT: ok matmul_1xkx1 1x1048579x1
// CHECK-NEXT: ok rowsum_static 1x70001
// CHECK-NEXT: ok colsum_static 70001x1
// CHECK-NEXT: 37 cases, 0 failed

func.func @rowsum_1xk(%x: tensor<1x?xf32>) -> tensor<1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %r = linalg.reduce ins(%x : tensor<1x?xf32>) outs(%init : tensor<1xf32>) dimensions = [1]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  return %r : tensor<1xf32>
}

func.func @colsum_kx1(%x: tensor<?x1xf32>) -> tensor<1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %r = linalg.reduce ins(%x : tensor<?x1xf32>) outs(%init : tensor<1xf32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  return %r : tensor<1xf32>
}

func.func @matvec_1xk(%a: tensor<1x?xf32>, %x: tensor<?xf32>) -> tensor<1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %r = linalg.matvec ins(%a, %x : tensor<1x?xf32>, tensor<?xf32>) outs(%init : tensor<1xf32>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}

func.func @vecmat_kx1(%x: tensor<?xf32>, %a: tensor<?x1xf32>) -> tensor<1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %r = linalg.vecmat ins(%x, %a : tensor<?xf32>, tensor<?x1xf32>) outs(%init : tensor<1xf32>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}

func.func @matmul_1xkx1(%a: tensor<1x?xf32>, %b: tensor<?x1xf32>) -> tensor<1x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1xf32>) -> tensor<1x1xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1x?xf32>, tensor<?x1xf32>) outs(%init : tensor<1x1xf32>) -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// Static: more than thread-chunk iterations.
func.func @rowsum_static(%x: tensor<1x70001xf32>) -> tensor<1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %r = linalg.reduce ins(%x : tensor<1x70001xf32>) outs(%init : tensor<1xf32>) dimensions = [1]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  return %r : tensor<1xf32>
}

func.func @colsum_static(%x: tensor<70001x1xf32>) -> tensor<1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %r = linalg.reduce ins(%x : tensor<70001x1xf32>) outs(%init : tensor<1xf32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  return %r : tensor<1xf32>
}
