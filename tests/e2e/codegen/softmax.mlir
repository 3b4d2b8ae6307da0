// Row-wise softmax as four linalg.generic ops (row maximum, exp of the
// shifted values, row sum, division) through the -O3 code generation, which
// fuses the rows' ops into one thread tile, and through -O0, on dynamic and
// static shapes from empty arrays to 3x262147 and 262147x3, checked against
// Inputs/softmax.cpp with one and two OpenMP threads. Some rows hold values
// near 80 that overflow exp unless shifted by the row maximum.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/softmax.cpp -o %t/driver.o
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

// CHECK: ok softmax 0x7
// CHECK-NEXT: ok softmax 7x0
// CHECK-NEXT: ok softmax 1x1
// CHECK-NEXT: ok softmax 7x13
// CHECK-NEXT: ok softmax 13x7
// CHECK-NEXT: ok softmax 1x1025
// CHECK-NEXT: ok softmax 1023x1
// CHECK-NEXT: ok softmax 1023x1025
// CHECK-NEXT: ok softmax 1025x1023
// CHECK-NEXT: ok softmax 3x262147
// CHECK-NEXT: ok softmax 262147x3
// CHECK-NEXT: ok softmax_static 13x1025
// CHECK-NEXT: ok softmax_static_big 129x257
// CHECK-NEXT: 13 cases, 0 failed

#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e1 = tensor.empty(%m) : tensor<?xf32>
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<?xf32>) -> tensor<?xf32>
  %max = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%m0 : tensor<?xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.maximumf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%v: f32, %mx: f32, %o: f32):
    %d = arith.subf %v, %mx : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<?x?xf32>) outs(%s0 : tensor<?xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%v: f32, %sm: f32, %o: f32):
    %r = arith.divf %v, %sm : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @softmax_static(%x: tensor<13x1025xf32>) -> tensor<13x1025xf32> {
  %e1 = tensor.empty() : tensor<13xf32>
  %e2 = tensor.empty() : tensor<13x1025xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<13xf32>) -> tensor<13xf32>
  %max = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<13x1025xf32>) outs(%m0 : tensor<13xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.maximumf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<13xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<13x1025xf32>, tensor<13xf32>) outs(%e2 : tensor<13x1025xf32>) {
  ^bb0(%v: f32, %mx: f32, %o: f32):
    %d = arith.subf %v, %mx : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<13x1025xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<13xf32>) -> tensor<13xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<13x1025xf32>) outs(%s0 : tensor<13xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<13xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<13x1025xf32>, tensor<13xf32>) outs(%e2 : tensor<13x1025xf32>) {
  ^bb0(%v: f32, %sm: f32, %o: f32):
    %r = arith.divf %v, %sm : f32
    linalg.yield %r : f32
  } -> tensor<13x1025xf32>
  return %y : tensor<13x1025xf32>
}

// More than thread-chunk iterations: thread tiles of whole rows.
func.func @softmax_static_big(%x: tensor<129x257xf32>) -> tensor<129x257xf32> {
  %e1 = tensor.empty() : tensor<129xf32>
  %e2 = tensor.empty() : tensor<129x257xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<129xf32>) -> tensor<129xf32>
  %max = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<129x257xf32>) outs(%m0 : tensor<129xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.maximumf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<129xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<129x257xf32>, tensor<129xf32>) outs(%e2 : tensor<129x257xf32>) {
  ^bb0(%v: f32, %mx: f32, %o: f32):
    %d = arith.subf %v, %mx : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<129x257xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<129xf32>) -> tensor<129xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<129x257xf32>) outs(%s0 : tensor<129xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<129xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<129x257xf32>, tensor<129xf32>) outs(%e2 : tensor<129x257xf32>) {
  ^bb0(%v: f32, %sm: f32, %o: f32):
    %r = arith.divf %v, %sm : f32
    linalg.yield %r : f32
  } -> tensor<129x257xf32>
  return %y : tensor<129x257xf32>
}
