// Argmax as one linalg.generic with two results (the maximum and the first
// index holding it, from linalg.index), a reduction the code generation
// cannot split into partial results: full over a 1-D array and along the
// rows of a 2-D one, through -O3 and -O0, on dynamic shapes from empty ones
// to 2^20+3 elements, checked exactly against Inputs/argmax.cpp with one and
// two OpenMP threads. Ties are frequent (small integers): the first index
// must win.
// The -O3 compilation must be silent: the code generation does not try to
// split such reductions (upstream's splitting would report an error).
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o 2>&1 | count 0
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/argmax.cpp -o %t/driver.o
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

// CHECK: ok argmax 0
// CHECK-NEXT: ok argmax 1
// CHECK-NEXT: ok argmax 7
// CHECK-NEXT: ok argmax 13
// CHECK-NEXT: ok argmax 1023
// CHECK-NEXT: ok argmax 1025
// CHECK-NEXT: ok argmax 1048579
// CHECK-NEXT: ok argmax_rows 0x7
// CHECK-NEXT: ok argmax_rows 7x0
// CHECK-NEXT: ok argmax_rows 1x1
// CHECK-NEXT: ok argmax_rows 7x13
// CHECK-NEXT: ok argmax_rows 13x7
// CHECK-NEXT: ok argmax_rows 1x1025
// CHECK-NEXT: ok argmax_rows 1023x1
// CHECK-NEXT: ok argmax_rows 1023x1025
// CHECK-NEXT: ok argmax_rows 3x262147
// CHECK-NEXT: ok argmax_rows 262147x3
// CHECK-NEXT: 17 cases, 0 failed

#id1 = affine_map<(i) -> (i)>
#scalar = affine_map<(i) -> ()>
#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// (max, first index of it); (-inf, 0) for an empty array.
func.func @argmax(%x: tensor<?xf32>) -> (f32, i32) {
  %ninf = arith.constant 0xFF800000 : f32
  %zi = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<f32>
  %ei = tensor.empty() : tensor<i32>
  %v0 = linalg.fill ins(%ninf : f32) outs(%ev : tensor<f32>) -> tensor<f32>
  %i0 = linalg.fill ins(%zi : i32) outs(%ei : tensor<i32>) -> tensor<i32>
  %r:2 = linalg.generic {indexing_maps = [#id1, #scalar, #scalar], iterator_types = ["reduction"]}
      ins(%x : tensor<?xf32>) outs(%v0, %i0 : tensor<f32>, tensor<i32>) {
  ^bb0(%v: f32, %bv: f32, %bi: i32):
    %j = linalg.index 0 : index
    %ji = arith.index_cast %j : index to i32
    %gt = arith.cmpf ogt, %v, %bv : f32
    %nv = arith.select %gt, %v, %bv : f32
    %ni = arith.select %gt, %ji, %bi : i32
    linalg.yield %nv, %ni : f32, i32
  } -> (tensor<f32>, tensor<i32>)
  %mv = tensor.extract %r#0[] : tensor<f32>
  %mi = tensor.extract %r#1[] : tensor<i32>
  return %mv, %mi : f32, i32
}

// Per row: (max, first column holding it).
func.func @argmax_rows(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zi = arith.constant 0 : i32
  %ev = tensor.empty(%m) : tensor<?xf32>
  %ei = tensor.empty(%m) : tensor<?xi32>
  %v0 = linalg.fill ins(%ninf : f32) outs(%ev : tensor<?xf32>) -> tensor<?xf32>
  %i0 = linalg.fill ins(%zi : i32) outs(%ei : tensor<?xi32>) -> tensor<?xi32>
  %r:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%v0, %i0 : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%v: f32, %bv: f32, %bi: i32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %gt = arith.cmpf ogt, %v, %bv : f32
    %nv = arith.select %gt, %v, %bv : f32
    %ni = arith.select %gt, %ji, %bi : i32
    linalg.yield %nv, %ni : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xi32>
}
