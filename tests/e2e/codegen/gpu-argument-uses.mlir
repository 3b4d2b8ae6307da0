// Exported --offload=gpu functions whose host code uses an array argument
// itself, called from C++ with host arrays, shared device arrays and device
// memory (gpuMemAlloc(..., 0), filled and read with gpuMemCopy), on a
// device whose memory the host maps (lavapipe's default) and on one whose
// memory it cannot map, as on a discrete GPU:
// - @first reads an element of its argument on the host: device memory the
//   host cannot reach is copied into host-shared memory first (it was used
//   in place, and the host read faulted).
// - @partial writes part of its output argument on the GPU: a host array's
//   device copy starts from the array's values (it started empty, and the
//   copy back overwrote the unwritten elements with garbage).
// REQUIRES: vulkan
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s --offload=gpu -o %t/k.o --emit-header=%t/kernels.h
// RUN: %cg-cxx -I%t -I%S/../../../runtime/include -c %S/Inputs/gpu-argument-uses.cpp -o %t/driver.o
// RUN: c++ %t/driver.o %t/k.o -o %t/run %cg-libs
// RUN: env IMEXRT_CHECK_LEAKS=1 %t/run 2>&1 | FileCheck %s --implicit-check-not=FAIL --implicit-check-not=imexrt
// RUN: env IMEXRT_VULKAN_DEVICE_MEMORY=unmapped IMEXRT_CHECK_LEAKS=1 %t/run 2>&1 | FileCheck %s --implicit-check-not=FAIL --implicit-check-not=imexrt
// The host read asks whether the argument is GPU memory the host can reach:
// RUN: imexc %s --offload=gpu --emit=mlir -o - | FileCheck %s --check-prefix=IR
// IR: llvm.call @imexrtIsHostAccessibleGpuMemory

// CHECK: ok first host
// CHECK-NEXT: ok first shared
// CHECK-NEXT: ok first device memory
// CHECK-NEXT: ok partial host
// CHECK-NEXT: ok partial shared
// CHECK-NEXT: ok partial device memory
// CHECK-NEXT: ok no runtime errors

// r = a - a[0], and a[0].
func.func @first(%a: tensor<?xf32>) -> (tensor<?xf32>, f32) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %v = tensor.extract %a[%c0] : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.subf %x, %v : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %r, %v : tensor<?xf32>, f32
}

// out[2..5] = 1; the rest of out stays as it was.
func.func @partial(%out: memref<?xf32>) {
  %s = memref.subview %out[2] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: 2>>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%s : memref<4xf32, strided<[1], offset: 2>>)
  return
}
