// Reductions in producer/consumer chains and with initial values through
// the -O3 code generation (producers fused into the thread tiles of their
// consumers, reductions accumulating into an argument) and -O0, on dynamic
// shapes from empty ones to 2^20+3 elements, checked against
// Inputs/fusion.cpp with one and two OpenMP threads: a sum with an initial
// value, a sum of squares, row sums into an argument, column sums of a
// product, a row-wise layer norm (mean, centred values, variance,
// normalization), a sum over the middle dimension of a 3-D array and a
// global maximum subtracted from every element.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/fusion.cpp -o %t/driver.o
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

// CHECK: ok sum_acc 0
// CHECK-NEXT: ok sum_acc 1
// CHECK-NEXT: ok sum_acc 7
// CHECK-NEXT: ok sum_acc 13
// CHECK-NEXT: ok sum_acc 1023
// CHECK-NEXT: ok sum_acc 1025
// CHECK-NEXT: ok sum_acc 1048579
// CHECK-NEXT: ok sumsq 0
// CHECK-NEXT: ok sumsq 1
// CHECK-NEXT: ok sumsq 7
// CHECK-NEXT: ok sumsq 13
// CHECK-NEXT: ok sumsq 1023
// CHECK-NEXT: ok sumsq 1025
// CHECK-NEXT: ok sumsq 1048579
// CHECK-NEXT: ok rowsum_acc 0x7
// CHECK-NEXT: ok rowsum_acc 7x0
// CHECK-NEXT: ok rowsum_acc 1x1
// CHECK-NEXT: ok rowsum_acc 7x13
// CHECK-NEXT: ok rowsum_acc 13x7
// CHECK-NEXT: ok rowsum_acc 1x1025
// CHECK-NEXT: ok rowsum_acc 1023x1
// CHECK-NEXT: ok rowsum_acc 1023x1025
// CHECK-NEXT: ok rowsum_acc 3x262147
// CHECK-NEXT: ok rowsum_acc 262147x3
// CHECK-NEXT: ok colsum_prod 0x7
// CHECK-NEXT: ok colsum_prod 7x0
// CHECK-NEXT: ok colsum_prod 1x1
// CHECK-NEXT: ok colsum_prod 7x13
// CHECK-NEXT: ok colsum_prod 13x7
// CHECK-NEXT: ok colsum_prod 1x1025
// CHECK-NEXT: ok colsum_prod 1023x1
// CHECK-NEXT: ok colsum_prod 1023x1025
// CHECK-NEXT: ok colsum_prod 3x262147
// CHECK-NEXT: ok colsum_prod 16387x3
// CHECK-NEXT: ok layernorm 0x7
// CHECK-NEXT: ok layernorm 7x0
// CHECK-NEXT: ok layernorm 1x1
// CHECK-NEXT: ok layernorm 7x13
// CHECK-NEXT: ok layernorm 13x7
// CHECK-NEXT: ok layernorm 1x1025
// CHECK-NEXT: ok layernorm 1023x1
// CHECK-NEXT: ok layernorm 1023x1025
// CHECK-NEXT: ok layernorm 3x262147
// CHECK-NEXT: ok layernorm 262147x3
// CHECK-NEXT: ok sum_mid 0x3x4
// CHECK-NEXT: ok sum_mid 2x0x3
// CHECK-NEXT: ok sum_mid 3x4x0
// CHECK-NEXT: ok sum_mid 1x1x1
// CHECK-NEXT: ok sum_mid 3x7x13
// CHECK-NEXT: ok sum_mid 13x1025x3
// CHECK-NEXT: ok sum_mid 7x3x1025
// CHECK-NEXT: ok sum_mid 33x65x129
// CHECK-NEXT: ok sum_mid 2x1025x1023
// CHECK-NEXT: ok sub_global_max 0
// CHECK-NEXT: ok sub_global_max 1
// CHECK-NEXT: ok sub_global_max 7
// CHECK-NEXT: ok sub_global_max 13
// CHECK-NEXT: ok sub_global_max 1023
// CHECK-NEXT: ok sub_global_max 1025
// CHECK-NEXT: ok sub_global_max 1048579
// CHECK-NEXT: 60 cases, 0 failed

#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#id1 = affine_map<(i) -> (i)>
#scalar = affine_map<(i) -> ()>

// init + sum(x)
func.func @sum_acc(%x: tensor<?xf32>, %init: f32) -> f32 {
  %e = tensor.empty() : tensor<f32>
  %i = linalg.fill ins(%init : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%x : tensor<?xf32>) outs(%i : tensor<f32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  %r = tensor.extract %s[] : tensor<f32>
  return %r : f32
}

// acc + rowsum(x), accumulating into the argument
func.func @rowsum_acc(%x: tensor<?x?xf32>, %acc0: tensor<?xf32>) -> tensor<?xf32> {
  %s = linalg.reduce ins(%x : tensor<?x?xf32>) outs(%acc0 : tensor<?xf32>) dimensions = [1]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  return %s : tensor<?xf32>
}

// sum of squares
func.func @sumsq(%x: tensor<?xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %i = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#id1, #scalar], iterator_types = ["reduction"]}
      ins(%x : tensor<?xf32>) outs(%i : tensor<f32>) {
  ^bb0(%v: f32, %acc: f32):
    %sq = arith.mulf %v, %v : f32
    %a = arith.addf %sq, %acc : f32
    linalg.yield %a : f32
  } -> tensor<f32>
  %r = tensor.extract %s[] : tensor<f32>
  return %r : f32
}

// column sums of a * b (elementwise producer fused into a column reduction)
func.func @colsum_prod(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %p = linalg.mul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %en = tensor.empty(%n) : tensor<?xf32>
  %i = linalg.fill ins(%zero : f32) outs(%en : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.reduce ins(%p : tensor<?x?xf32>) outs(%i : tensor<?xf32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a2 = arith.addf %v, %acc : f32
      linalg.yield %a2 : f32
    }
  return %s : tensor<?xf32>
}

// row-wise layer norm: (x - mean) / sqrt(var + 1e-5)
func.func @layernorm(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %nf0 = arith.index_cast %n : index to i64
  %nf = arith.sitofp %nf0 : i64 to f32
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %er = tensor.empty(%m) : tensor<?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%er : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%z : tensor<?xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %v, %acc : f32
    linalg.yield %a : f32
  } -> tensor<?xf32>
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %cen = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %mean = arith.divf %s, %nf : f32
    %d = arith.subf %v, %mean : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%er : tensor<?xf32>) -> tensor<?xf32>
  %var = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%cen : tensor<?x?xf32>) outs(%z2 : tensor<?xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %sq = arith.mulf %v, %v : f32
    %a = arith.addf %sq, %acc : f32
    linalg.yield %a : f32
  } -> tensor<?xf32>
  %e3 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%cen, %var : tensor<?x?xf32>, tensor<?xf32>) outs(%e3 : tensor<?x?xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %vv = arith.divf %s, %nf : f32
    %ve = arith.addf %vv, %eps : f32
    %r = math.rsqrt %ve : f32
    %q = arith.mulf %v, %r : f32
    linalg.yield %q : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// sum over the middle dimension of a 3-D array
func.func @sum_mid(%x: tensor<?x?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = tensor.dim %x, %c0 : tensor<?x?x?xf32>
  %c = tensor.dim %x, %c2 : tensor<?x?x?xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%a, %c) : tensor<?x?xf32>
  %i = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = linalg.reduce ins(%x : tensor<?x?x?xf32>) outs(%i : tensor<?x?xf32>) dimensions = [1]
    (%v: f32, %acc: f32) {
      %a2 = arith.addf %v, %acc : f32
      linalg.yield %a2 : f32
    }
  return %s : tensor<?x?xf32>
}

// global max of 2-D then subtract (full reduction feeding elementwise)
func.func @sub_global_max(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %e0 = tensor.empty() : tensor<f32>
  %i = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %mx = linalg.reduce ins(%x : tensor<?xf32>) outs(%i : tensor<f32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a = arith.maximumf %v, %acc : f32
      linalg.yield %a : f32
    }
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id1, #scalar, #id1], iterator_types = ["parallel"]}
      ins(%x, %mx : tensor<?xf32>, tensor<f32>) outs(%e : tensor<?xf32>) {
  ^bb0(%v: f32, %m: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    linalg.yield %d : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
