// Matmuls in producer/consumer chains through the -O3 code generation
// (the fill, the matmul and a relu producer fused into the thread tiles of
// the chain's end) and -O0, on dynamic shapes from empty ones to
// 129x257x131, checked against Inputs/fusion-matmul.cpp with one and two
// OpenMP threads: a bias + relu epilogue, a relu feeding A, and C + A B
// accumulating into the argument C. Cases are named m x k x n.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/fusion-matmul.cpp -o %t/driver.o
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

// CHECK: ok matmul_bias_relu 0x5x7
// CHECK-NEXT: ok matmul_bias_relu 5x0x7
// CHECK-NEXT: ok matmul_bias_relu 1x1x1
// CHECK-NEXT: ok matmul_bias_relu 7x13x5
// CHECK-NEXT: ok matmul_bias_relu 13x7x13
// CHECK-NEXT: ok matmul_bias_relu 1x1025x1
// CHECK-NEXT: ok matmul_bias_relu 1025x3x1023
// CHECK-NEXT: ok matmul_bias_relu 129x257x131
// CHECK-NEXT: ok relu_matmul 0x5x7
// CHECK-NEXT: ok relu_matmul 5x0x7
// CHECK-NEXT: ok relu_matmul 1x1x1
// CHECK-NEXT: ok relu_matmul 7x13x5
// CHECK-NEXT: ok relu_matmul 13x7x13
// CHECK-NEXT: ok relu_matmul 1x1025x1
// CHECK-NEXT: ok relu_matmul 1025x3x1023
// CHECK-NEXT: ok relu_matmul 129x257x131
// CHECK-NEXT: ok matmul_acc 0x5x7
// CHECK-NEXT: ok matmul_acc 5x0x7
// CHECK-NEXT: ok matmul_acc 1x1x1
// CHECK-NEXT: ok matmul_acc 7x13x5
// CHECK-NEXT: ok matmul_acc 13x7x13
// CHECK-NEXT: ok matmul_acc 1x1025x1
// CHECK-NEXT: ok matmul_acc 1025x3x1023
// CHECK-NEXT: ok matmul_acc 129x257x131
// CHECK-NEXT: 24 cases, 0 failed

#col = affine_map<(i, j) -> (j)>
#id2 = affine_map<(i, j) -> (i, j)>

// relu(a @ b + bias[j])
func.func @matmul_bias_relu(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %bias: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %p = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.maximumf %s, %zero : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// relu(a) @ b
func.func @relu_matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %k = tensor.dim %a, %c1 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %ea = tensor.empty(%m, %k) : tensor<?x?xf32>
  %ra = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x?xf32>) outs(%ea : tensor<?x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = arith.maximumf %x, %zero : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %p = linalg.matmul ins(%ra, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}

// c + a @ b, accumulating into the argument
func.func @matmul_acc(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %p = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}
