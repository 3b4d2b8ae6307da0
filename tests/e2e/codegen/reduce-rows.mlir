// Partial reductions through the -O3 code generation (row sums: partial
// sums in vector lanes along the reduced innermost dimension; column sums:
// vectors along the kept innermost dimension) and through -O0, on dynamic
// and static shapes from empty arrays to 3x262147 and 262147x3 (16387x3 for
// column sums, which fork threads once per row at -O0), checked against
// Inputs/reduce-rows.cpp with one and two OpenMP threads: f32 and i32 row
// and column sums and f32 row maxima.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/reduce-rows.cpp -o %t/driver.o
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
// Every GPU run's launches are checked (%check-launches): kernels run in
// workgroups of many threads, and a call launches a fixed number of them.
// The check fails on the one-thread workgroups of the old mapping (whose
// long rows llvmpipe also gets wrong, hence `|| true`):
// RUN: %if vulkan %{ imexc %s --offload=gpu --pipeline-options=workgroup-size=1 -o %t/gpu1.o %}
// RUN: %if vulkan %{ c++ %t/driver.o %t/gpu1.o -o %t/gpu1 %cg-libs %}
// RUN: %if vulkan %{ env IMEXRT_TRACE_LAUNCHES=1 %t/gpu1 > %t/gpu1.txt 2>&1 || true %}
// RUN: %if vulkan %{ %check-launches < %t/gpu1.txt | FileCheck %s --check-prefix=ONE-THREAD %}
// ONE-THREAD: FAIL launch rowsum_f32_kernel: one-thread workgroups

// CHECK: ok rowsum_f32 0x7
// CHECK-NEXT: ok rowsum_f32 7x0
// CHECK-NEXT: ok rowsum_f32 1x1
// CHECK-NEXT: ok rowsum_f32 7x13
// CHECK-NEXT: ok rowsum_f32 13x7
// CHECK-NEXT: ok rowsum_f32 1x1025
// CHECK-NEXT: ok rowsum_f32 1023x1
// CHECK-NEXT: ok rowsum_f32 1023x1025
// CHECK-NEXT: ok rowsum_f32 1025x1023
// CHECK-NEXT: ok rowsum_f32 3x262147
// CHECK-NEXT: ok rowsum_f32 262147x3
// CHECK-NEXT: ok colsum_f32 0x7
// CHECK-NEXT: ok colsum_f32 7x0
// CHECK-NEXT: ok colsum_f32 1x1
// CHECK-NEXT: ok colsum_f32 7x13
// CHECK-NEXT: ok colsum_f32 13x7
// CHECK-NEXT: ok colsum_f32 1x1025
// CHECK-NEXT: ok colsum_f32 1023x1
// CHECK-NEXT: ok colsum_f32 1023x1025
// CHECK-NEXT: ok colsum_f32 1025x1023
// CHECK-NEXT: ok colsum_f32 3x262147
// CHECK-NEXT: ok colsum_f32 16387x3
// CHECK-NEXT: ok rowmax_f32 0x7
// CHECK-NEXT: ok rowmax_f32 7x0
// CHECK-NEXT: ok rowmax_f32 1x1
// CHECK-NEXT: ok rowmax_f32 7x13
// CHECK-NEXT: ok rowmax_f32 13x7
// CHECK-NEXT: ok rowmax_f32 1x1025
// CHECK-NEXT: ok rowmax_f32 1023x1
// CHECK-NEXT: ok rowmax_f32 1023x1025
// CHECK-NEXT: ok rowmax_f32 1025x1023
// CHECK-NEXT: ok rowmax_f32 3x262147
// CHECK-NEXT: ok rowmax_f32 262147x3
// CHECK-NEXT: ok rowsum_i32 0x7
// CHECK-NEXT: ok rowsum_i32 7x0
// CHECK-NEXT: ok rowsum_i32 1x1
// CHECK-NEXT: ok rowsum_i32 7x13
// CHECK-NEXT: ok rowsum_i32 13x7
// CHECK-NEXT: ok rowsum_i32 1x1025
// CHECK-NEXT: ok rowsum_i32 1023x1
// CHECK-NEXT: ok rowsum_i32 1023x1025
// CHECK-NEXT: ok rowsum_i32 1025x1023
// CHECK-NEXT: ok rowsum_i32 3x262147
// CHECK-NEXT: ok rowsum_i32 262147x3
// CHECK-NEXT: ok colsum_i32 0x7
// CHECK-NEXT: ok colsum_i32 7x0
// CHECK-NEXT: ok colsum_i32 1x1
// CHECK-NEXT: ok colsum_i32 7x13
// CHECK-NEXT: ok colsum_i32 13x7
// CHECK-NEXT: ok colsum_i32 1x1025
// CHECK-NEXT: ok colsum_i32 1023x1
// CHECK-NEXT: ok colsum_i32 1023x1025
// CHECK-NEXT: ok colsum_i32 1025x1023
// CHECK-NEXT: ok colsum_i32 3x262147
// CHECK-NEXT: ok colsum_i32 16387x3
// CHECK-NEXT: ok rowsum_f32_static 7x13
// CHECK-NEXT: ok colsum_f32_static 13x1025
// CHECK-NEXT: ok rowsum_f32_static_big 129x1025
// CHECK-NEXT: ok colsum_f32_static_big 1025x129
// CHECK-NEXT: 59 cases, 0 failed

func.func @rowsum_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %init_v = arith.constant 0.0 : f32
  %init = linalg.fill ins(%init_v : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.reduce ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) dimensions = [1]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  return %r : tensor<?xf32>
}

func.func @colsum_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %init_v = arith.constant 0.0 : f32
  %init = linalg.fill ins(%init_v : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.reduce ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  return %r : tensor<?xf32>
}

func.func @rowmax_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %init_v = arith.constant 0xFF800000 : f32
  %init = linalg.fill ins(%init_v : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.reduce ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) dimensions = [1]
    (%v: f32, %acc: f32) {
      %a = arith.maximumf %v, %acc : f32
      linalg.yield %a : f32
    }
  return %r : tensor<?xf32>
}

func.func @rowsum_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xi32>
  %e = tensor.empty(%n) : tensor<?xi32>
  %init_v = arith.constant 0 : i32
  %init = linalg.fill ins(%init_v : i32) outs(%e : tensor<?xi32>) -> tensor<?xi32>
  %r = linalg.reduce ins(%x : tensor<?x?xi32>) outs(%init : tensor<?xi32>) dimensions = [1]
    (%v: i32, %acc: i32) {
      %a = arith.addi %v, %acc : i32
      linalg.yield %a : i32
    }
  return %r : tensor<?xi32>
}

func.func @colsum_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xi32>
  %e = tensor.empty(%n) : tensor<?xi32>
  %init_v = arith.constant 0 : i32
  %init = linalg.fill ins(%init_v : i32) outs(%e : tensor<?xi32>) -> tensor<?xi32>
  %r = linalg.reduce ins(%x : tensor<?x?xi32>) outs(%init : tensor<?xi32>) dimensions = [0]
    (%v: i32, %acc: i32) {
      %a = arith.addi %v, %acc : i32
      linalg.yield %a : i32
    }
  return %r : tensor<?xi32>
}

func.func @rowsum_f32_static(%x: tensor<7x13xf32>) -> tensor<7xf32> {
  %e = tensor.empty() : tensor<7xf32>
  %init_v = arith.constant 0.0 : f32
  %init = linalg.fill ins(%init_v : f32) outs(%e : tensor<7xf32>) -> tensor<7xf32>
  %r = linalg.reduce ins(%x : tensor<7x13xf32>) outs(%init : tensor<7xf32>) dimensions = [1]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  return %r : tensor<7xf32>
}

func.func @colsum_f32_static(%x: tensor<13x1025xf32>) -> tensor<1025xf32> {
  %e = tensor.empty() : tensor<1025xf32>
  %init_v = arith.constant 0.0 : f32
  %init = linalg.fill ins(%init_v : f32) outs(%e : tensor<1025xf32>) -> tensor<1025xf32>
  %r = linalg.reduce ins(%x : tensor<13x1025xf32>) outs(%init : tensor<1025xf32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  return %r : tensor<1025xf32>
}

// More than thread-chunk iterations: thread tiles over the rows.
func.func @rowsum_f32_static_big(%x: tensor<129x1025xf32>) -> tensor<129xf32> {
  %e = tensor.empty() : tensor<129xf32>
  %init_v = arith.constant 0.0 : f32
  %init = linalg.fill ins(%init_v : f32) outs(%e : tensor<129xf32>) -> tensor<129xf32>
  %r = linalg.reduce ins(%x : tensor<129x1025xf32>) outs(%init : tensor<129xf32>) dimensions = [1]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  return %r : tensor<129xf32>
}

// The reduced dimension outermost: thread tiles over the columns.
func.func @colsum_f32_static_big(%x: tensor<1025x129xf32>) -> tensor<129xf32> {
  %e = tensor.empty() : tensor<129xf32>
  %init_v = arith.constant 0.0 : f32
  %init = linalg.fill ins(%init_v : f32) outs(%e : tensor<129xf32>) -> tensor<129xf32>
  %r = linalg.reduce ins(%x : tensor<1025x129xf32>) outs(%init : tensor<129xf32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  return %r : tensor<129xf32>
}
