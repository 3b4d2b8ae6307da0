// Full reductions (no parallel dimension) through the -O3 code generation,
// which splits them into a fixed number of partial results on threads and
// accumulates each in vector lanes, and through -O0, on dynamic and static
// shapes from empty arrays (the initial value) to 2^20+3 elements, checked
// against Inputs/reduce.cpp with one and two OpenMP threads: f32 and i32
// sums, f32 and i32 maxima, a 2-D sum over both dimensions and a dot
// product. The f32 sums see multiples of 1/4, which every summation order
// adds up exactly, so they compare exactly.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -O3 --mcpu=native -o %t/o3.o --emit-header=%t/kernels.h
// RUN: imexc %s -O0 -o %t/o0.o
// RUN: %cg-cxx -I%t -c %S/Inputs/reduce.cpp -o %t/driver.o
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

// CHECK: ok sum_f32 0
// CHECK-NEXT: ok sum_f32 1
// CHECK-NEXT: ok sum_f32 7
// CHECK-NEXT: ok sum_f32 13
// CHECK-NEXT: ok sum_f32 1023
// CHECK-NEXT: ok sum_f32 1025
// CHECK-NEXT: ok sum_f32 1048579
// CHECK-NEXT: ok sum_i32 0
// CHECK-NEXT: ok sum_i32 1
// CHECK-NEXT: ok sum_i32 7
// CHECK-NEXT: ok sum_i32 13
// CHECK-NEXT: ok sum_i32 1023
// CHECK-NEXT: ok sum_i32 1025
// CHECK-NEXT: ok sum_i32 1048579
// CHECK-NEXT: ok max_f32 0
// CHECK-NEXT: ok max_f32 1
// CHECK-NEXT: ok max_f32 7
// CHECK-NEXT: ok max_f32 13
// CHECK-NEXT: ok max_f32 1023
// CHECK-NEXT: ok max_f32 1025
// CHECK-NEXT: ok max_f32 1048579
// CHECK-NEXT: ok max_i32 0
// CHECK-NEXT: ok max_i32 1
// CHECK-NEXT: ok max_i32 7
// CHECK-NEXT: ok max_i32 13
// CHECK-NEXT: ok max_i32 1023
// CHECK-NEXT: ok max_i32 1025
// CHECK-NEXT: ok max_i32 1048579
// CHECK-NEXT: ok dot_f32 0
// CHECK-NEXT: ok dot_f32 1
// CHECK-NEXT: ok dot_f32 7
// CHECK-NEXT: ok dot_f32 13
// CHECK-NEXT: ok dot_f32 1023
// CHECK-NEXT: ok dot_f32 1025
// CHECK-NEXT: ok dot_f32 1048579
// CHECK-NEXT: ok sum2d_f32 0x7
// CHECK-NEXT: ok sum2d_f32 7x0
// CHECK-NEXT: ok sum2d_f32 1x1
// CHECK-NEXT: ok sum2d_f32 7x13
// CHECK-NEXT: ok sum2d_f32 13x7
// CHECK-NEXT: ok sum2d_f32 1x1025
// CHECK-NEXT: ok sum2d_f32 1023x1
// CHECK-NEXT: ok sum2d_f32 1023x1025
// CHECK-NEXT: ok sum_f32_static 1025
// CHECK-NEXT: ok sum_f32_static_big 100003
// CHECK-NEXT: ok max_f32_static 13
// CHECK-NEXT: 46 cases, 0 failed

func.func @sum_f32(%x: tensor<?xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%x : tensor<?xf32>) outs(%init : tensor<f32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  %r = tensor.extract %s[] : tensor<f32>
  return %r : f32
}

func.func @sum_i32(%x: tensor<?xi32>) -> i32 {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<i32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<i32>) -> tensor<i32>
  %s = linalg.reduce ins(%x : tensor<?xi32>) outs(%init : tensor<i32>) dimensions = [0]
    (%v: i32, %acc: i32) {
      %a = arith.addi %v, %acc : i32
      linalg.yield %a : i32
    }
  %r = tensor.extract %s[] : tensor<i32>
  return %r : i32
}

func.func @max_f32(%x: tensor<?xf32>) -> f32 {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%x : tensor<?xf32>) outs(%init : tensor<f32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a = arith.maximumf %v, %acc : f32
      linalg.yield %a : f32
    }
  %r = tensor.extract %s[] : tensor<f32>
  return %r : f32
}

func.func @max_i32(%x: tensor<?xi32>) -> i32 {
  %min = arith.constant -2147483648 : i32
  %e = tensor.empty() : tensor<i32>
  %init = linalg.fill ins(%min : i32) outs(%e : tensor<i32>) -> tensor<i32>
  %s = linalg.reduce ins(%x : tensor<?xi32>) outs(%init : tensor<i32>) dimensions = [0]
    (%v: i32, %acc: i32) {
      %a = arith.maxsi %v, %acc : i32
      linalg.yield %a : i32
    }
  %r = tensor.extract %s[] : tensor<i32>
  return %r : i32
}

func.func @dot_f32(%x: tensor<?xf32>, %y: tensor<?xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.dot ins(%x, %y : tensor<?xf32>, tensor<?xf32>) outs(%init : tensor<f32>) -> tensor<f32>
  %r = tensor.extract %s[] : tensor<f32>
  return %r : f32
}

func.func @sum2d_f32(%x: tensor<?x?xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%x : tensor<?x?xf32>) outs(%init : tensor<f32>) dimensions = [0, 1]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  %r = tensor.extract %s[] : tensor<f32>
  return %r : f32
}

func.func @sum_f32_static(%x: tensor<1025xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%x : tensor<1025xf32>) outs(%init : tensor<f32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  %r = tensor.extract %s[] : tensor<f32>
  return %r : f32
}

// More than thread-chunk elements: split into partial sums on threads.
func.func @sum_f32_static_big(%x: tensor<100003xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%x : tensor<100003xf32>) outs(%init : tensor<f32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  %r = tensor.extract %s[] : tensor<f32>
  return %r : f32
}

// Fewer elements than one register tile.
func.func @max_f32_static(%x: tensor<13xf32>) -> f32 {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%x : tensor<13xf32>) outs(%init : tensor<f32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a = arith.maximumf %v, %acc : f32
      linalg.yield %a : f32
    }
  %r = tensor.extract %s[] : tensor<f32>
  return %r : f32
}
