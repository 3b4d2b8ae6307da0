// linalg.matvec (y = A x: a dot product per row, partial sums in vector
// lanes) and linalg.vecmat (y = x A: vectors along the rows of A) through
// the -O3 code generation and -O0, on dynamic and static shapes from empty
// ones to 3x262147 and 262147x3, checked against Inputs/matvec.cpp with one
// and two OpenMP threads. Cases are named by the shape of A.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/matvec.cpp -o %t/driver.o
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

// CHECK: ok matvec_f32 0x7
// CHECK-NEXT: ok matvec_f32 7x0
// CHECK-NEXT: ok matvec_f32 1x1
// CHECK-NEXT: ok matvec_f32 7x13
// CHECK-NEXT: ok matvec_f32 13x7
// CHECK-NEXT: ok matvec_f32 1x1025
// CHECK-NEXT: ok matvec_f32 1025x1
// CHECK-NEXT: ok matvec_f32 1023x1025
// CHECK-NEXT: ok matvec_f32 1025x1023
// CHECK-NEXT: ok matvec_f32 3x262147
// CHECK-NEXT: ok matvec_f32 262147x3
// CHECK-NEXT: ok vecmat_f32 0x7
// CHECK-NEXT: ok vecmat_f32 7x0
// CHECK-NEXT: ok vecmat_f32 1x1
// CHECK-NEXT: ok vecmat_f32 7x13
// CHECK-NEXT: ok vecmat_f32 13x7
// CHECK-NEXT: ok vecmat_f32 1x1025
// CHECK-NEXT: ok vecmat_f32 1025x1
// CHECK-NEXT: ok vecmat_f32 1023x1025
// CHECK-NEXT: ok vecmat_f32 1025x1023
// CHECK-NEXT: ok vecmat_f32 3x262147
// CHECK-NEXT: ok vecmat_f32 262147x3
// CHECK-NEXT: ok matvec_f32_static 13x7
// CHECK-NEXT: ok vecmat_f32_static 7x13
// CHECK-NEXT: ok matvec_f32_static_big 257x1025
// CHECK-NEXT: 25 cases, 0 failed

// y = A x
func.func @matvec_f32(%a: tensor<?x?xf32>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.matvec ins(%a, %x : tensor<?x?xf32>, tensor<?xf32>) outs(%init : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// y = x A
func.func @vecmat_f32(%x: tensor<?xf32>, %a: tensor<?x?xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.vecmat ins(%x, %a : tensor<?xf32>, tensor<?x?xf32>) outs(%init : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @matvec_f32_static(%a: tensor<13x7xf32>, %x: tensor<7xf32>) -> tensor<13xf32> {
  %e = tensor.empty() : tensor<13xf32>
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<13xf32>) -> tensor<13xf32>
  %r = linalg.matvec ins(%a, %x : tensor<13x7xf32>, tensor<7xf32>) outs(%init : tensor<13xf32>) -> tensor<13xf32>
  return %r : tensor<13xf32>
}

func.func @vecmat_f32_static(%x: tensor<7xf32>, %a: tensor<7x13xf32>) -> tensor<13xf32> {
  %e = tensor.empty() : tensor<13xf32>
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<13xf32>) -> tensor<13xf32>
  %r = linalg.vecmat ins(%x, %a : tensor<7xf32>, tensor<7x13xf32>) outs(%init : tensor<13xf32>) -> tensor<13xf32>
  return %r : tensor<13xf32>
}

// More than thread-chunk iterations: thread tiles over the rows.
func.func @matvec_f32_static_big(%a: tensor<257x1025xf32>, %x: tensor<1025xf32>) -> tensor<257xf32> {
  %e = tensor.empty() : tensor<257xf32>
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<257xf32>) -> tensor<257xf32>
  %r = linalg.matvec ins(%a, %x : tensor<257x1025xf32>, tensor<1025xf32>) outs(%init : tensor<257xf32>) -> tensor<257xf32>
  return %r : tensor<257xf32>
}
