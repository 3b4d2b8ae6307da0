// Elementwise kernels through the -O3 code generation (fusion of the chain
// into one loop nest, thread tiles, peeled vector tiles) and through -O0
// (plain parallel loops), on dynamic and static shapes from empty arrays to
// 2^20+3 elements, each checked against the driver's reference
// (Inputs/elementwise.cpp) with one and two OpenMP threads: a triad, a chain
// of five ops on 1-D and (with a broadcast row) 2-D arrays, and a chain whose
// intermediate is used twice and also returned.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/elementwise.cpp -o %t/driver.o
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

// CHECK: ok triad 0
// CHECK-NEXT: ok triad 1
// CHECK-NEXT: ok triad 7
// CHECK-NEXT: ok triad 13
// CHECK-NEXT: ok triad 1023
// CHECK-NEXT: ok triad 1025
// CHECK-NEXT: ok triad 1048579
// CHECK-NEXT: ok chain5 0
// CHECK-NEXT: ok chain5 1
// CHECK-NEXT: ok chain5 7
// CHECK-NEXT: ok chain5 13
// CHECK-NEXT: ok chain5 1023
// CHECK-NEXT: ok chain5 1025
// CHECK-NEXT: ok chain5 1048579
// CHECK-NEXT: ok chain5_2d 0x7
// CHECK-NEXT: ok chain5_2d 7x0
// CHECK-NEXT: ok chain5_2d 1x1
// CHECK-NEXT: ok chain5_2d 7x13
// CHECK-NEXT: ok chain5_2d 13x7
// CHECK-NEXT: ok chain5_2d 1x1025
// CHECK-NEXT: ok chain5_2d 1023x1
// CHECK-NEXT: ok chain5_2d 1023x1025
// CHECK-NEXT: ok chain_two_results 0
// CHECK-NEXT: ok chain_two_results 1
// CHECK-NEXT: ok chain_two_results 13
// CHECK-NEXT: ok chain_two_results 1025
// CHECK-NEXT: ok chain_two_results 1048579
// CHECK-NEXT: ok triad_static 1025
// CHECK-NEXT: ok triad_static_big 65537
// CHECK-NEXT: ok chain5_2d_static 13x1025
// CHECK-NEXT: 30 cases, 0 failed

#id1 = affine_map<(i) -> (i)>
#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>

// y = a + s * b
func.func @triad(%a: tensor<?xf32>, %b: tensor<?xf32>, %s: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %s, %y : f32
    %t = arith.addf %x, %m : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// y = max((a + b) * c - a, b) * s + 1, one op at a time.
func.func @chain5(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>, %s: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %t1 = linalg.add ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %t2 = linalg.mul ins(%t1, %c : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %t3 = linalg.sub ins(%t2, %a : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %t4 = linalg.max ins(%t3, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %one = arith.constant 1.0 : f32
  %t5 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%t4 : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %s : f32
    %p = arith.addf %m, %one : f32
    linalg.yield %p : f32
  } -> tensor<?xf32>
  return %t5 : tensor<?xf32>
}

// y = |a * b + r[j] - a| / (b * b + 1) on rows, r broadcast along them.
func.func @chain5_2d(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %r: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %one = arith.constant 1.0 : f32
  %t1 = linalg.mul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %t2 = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%t1, %r : tensor<?x?xf32>, tensor<?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  %t3 = linalg.sub ins(%t2, %a : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %t4 = linalg.abs ins(%t3 : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %t5 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%t4, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %sq = arith.mulf %y, %y : f32
    %d = arith.addf %sq, %one : f32
    %q = arith.divf %x, %d : f32
    linalg.yield %q : f32
  } -> tensor<?x?xf32>
  return %t5 : tensor<?x?xf32>
}

// t = a + b is used by two ops and returned: (t, t * t - t).
func.func @chain_two_results(%a: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %t = linalg.add ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %e2 = tensor.empty(%n) : tensor<?xf32>
  %sq = linalg.mul ins(%t, %t : tensor<?xf32>, tensor<?xf32>) outs(%e2 : tensor<?xf32>) -> tensor<?xf32>
  %e3 = tensor.empty(%n) : tensor<?xf32>
  %d = linalg.sub ins(%sq, %t : tensor<?xf32>, tensor<?xf32>) outs(%e3 : tensor<?xf32>) -> tensor<?xf32>
  return %t, %d : tensor<?xf32>, tensor<?xf32>
}

func.func @triad_static(%a: tensor<1025xf32>, %b: tensor<1025xf32>, %s: f32) -> tensor<1025xf32> {
  %e = tensor.empty() : tensor<1025xf32>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<1025xf32>, tensor<1025xf32>) outs(%e : tensor<1025xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %s, %y : f32
    %t = arith.addf %x, %m : f32
    linalg.yield %t : f32
  } -> tensor<1025xf32>
  return %r : tensor<1025xf32>
}

// Large enough for thread tiles (more than thread-chunk elements).
func.func @triad_static_big(%a: tensor<65537xf32>, %b: tensor<65537xf32>, %s: f32) -> tensor<65537xf32> {
  %e = tensor.empty() : tensor<65537xf32>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<65537xf32>, tensor<65537xf32>) outs(%e : tensor<65537xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %s, %y : f32
    %t = arith.addf %x, %m : f32
    linalg.yield %t : f32
  } -> tensor<65537xf32>
  return %r : tensor<65537xf32>
}

func.func @chain5_2d_static(%a: tensor<13x1025xf32>, %b: tensor<13x1025xf32>, %r: tensor<1025xf32>) -> tensor<13x1025xf32> {
  %e = tensor.empty() : tensor<13x1025xf32>
  %one = arith.constant 1.0 : f32
  %t1 = linalg.mul ins(%a, %b : tensor<13x1025xf32>, tensor<13x1025xf32>) outs(%e : tensor<13x1025xf32>) -> tensor<13x1025xf32>
  %t2 = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%t1, %r : tensor<13x1025xf32>, tensor<1025xf32>) outs(%e : tensor<13x1025xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<13x1025xf32>
  %t3 = linalg.sub ins(%t2, %a : tensor<13x1025xf32>, tensor<13x1025xf32>) outs(%e : tensor<13x1025xf32>) -> tensor<13x1025xf32>
  %t4 = linalg.abs ins(%t3 : tensor<13x1025xf32>) outs(%e : tensor<13x1025xf32>) -> tensor<13x1025xf32>
  %t5 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%t4, %b : tensor<13x1025xf32>, tensor<13x1025xf32>) outs(%e : tensor<13x1025xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %sq = arith.mulf %y, %y : f32
    %d = arith.addf %sq, %one : f32
    %q = arith.divf %x, %d : f32
    linalg.yield %q : f32
  } -> tensor<13x1025xf32>
  return %t5 : tensor<13x1025xf32>
}
