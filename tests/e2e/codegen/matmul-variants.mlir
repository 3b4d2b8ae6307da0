// More linalg.matmul forms through the -O3 code generation and -O0, checked
// against Inputs/matmul-variants.cpp with one and two OpenMP threads: B
// transposed through indexing_maps (k innermost in both operands) on dynamic
// shapes from empty to 129x257x131, and static shapes smaller than one
// register block, of whole blocks, and with partial blocks in m and n.
// Cases are named m x k x n.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/matmul-variants.cpp -o %t/driver.o
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

// CHECK: ok matmul_tb_f32 0x5x7
// CHECK-NEXT: ok matmul_tb_f32 5x0x7
// CHECK-NEXT: ok matmul_tb_f32 5x7x0
// CHECK-NEXT: ok matmul_tb_f32 1x1x1
// CHECK-NEXT: ok matmul_tb_f32 7x13x5
// CHECK-NEXT: ok matmul_tb_f32 13x7x13
// CHECK-NEXT: ok matmul_tb_f32 1x1025x1
// CHECK-NEXT: ok matmul_tb_f32 1023x1x7
// CHECK-NEXT: ok matmul_tb_f32 7x1023x13
// CHECK-NEXT: ok matmul_tb_f32 13x1025x7
// CHECK-NEXT: ok matmul_tb_f32 1x1023x1025
// CHECK-NEXT: ok matmul_tb_f32 1025x1x1023
// CHECK-NEXT: ok matmul_tb_f32 129x257x131
// CHECK-NEXT: ok matmul_f32_static 13x7x5
// CHECK-NEXT: ok matmul_f32_static_64 64x64x64
// CHECK-NEXT: ok matmul_f32_static_big 129x131x257
// CHECK-NEXT: 16 cases, 0 failed

// B transposed (k innermost in both operands).
func.func @matmul_tb_f32(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul indexing_maps = [
      affine_map<(m, n, k) -> (m, k)>,
      affine_map<(m, n, k) -> (n, k)>,
      affine_map<(m, n, k) -> (m, n)>]
    ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Smaller than one register block.
func.func @matmul_f32_static(%a: tensor<13x7xf32>, %b: tensor<7x5xf32>) -> tensor<13x5xf32> {
  %e = tensor.empty() : tensor<13x5xf32>
  %zero = arith.constant 0.0 : f32
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<13x5xf32>) -> tensor<13x5xf32>
  %r = linalg.matmul ins(%a, %b : tensor<13x7xf32>, tensor<7x5xf32>) outs(%c : tensor<13x5xf32>) -> tensor<13x5xf32>
  return %r : tensor<13x5xf32>
}

// Whole register blocks, more than thread-chunk iterations.
func.func @matmul_f32_static_64(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %zero = arith.constant 0.0 : f32
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// Partial blocks in m and n.
func.func @matmul_f32_static_big(%a: tensor<129x131xf32>, %b: tensor<131x257xf32>) -> tensor<129x257xf32> {
  %e = tensor.empty() : tensor<129x257xf32>
  %zero = arith.constant 0.0 : f32
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<129x257xf32>) -> tensor<129x257xf32>
  %r = linalg.matmul ins(%a, %b : tensor<129x131xf32>, tensor<131x257xf32>) outs(%c : tensor<129x257xf32>) -> tensor<129x257xf32>
  return %r : tensor<129x257xf32>
}
