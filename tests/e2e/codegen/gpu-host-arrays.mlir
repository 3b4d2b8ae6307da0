// An exported function whose arrays are placed on the GPU
// (#region.gpu_env), called from C++ with ordinary host arrays
// (std::vector) and with device arrays from gpuMemAlloc: both work. The
// function copies host arguments into GPU memory and back and uses device
// arguments in place; its result is GPU memory (host-visible), released
// with gpuMemFree.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -o %t/k.o --emit-header=%t/kernels.h
// RUN: %cg-cxx -I%t -I%S/../../../runtime/include -c %S/Inputs/gpu-host-arrays.cpp -o %t/driver.o
// RUN: c++ %t/driver.o %t/k.o -o %t/run %cg-libs
// RUN: %if vulkan %{ %t/run | FileCheck %s --implicit-check-not=FAIL %}
// As on a discrete GPU, device memory the host cannot map:
// RUN: %if vulkan %{ env IMEXRT_VULKAN_DEVICE_MEMORY=unmapped %t/run | FileCheck %s --implicit-check-not=FAIL %}
// With --gpu-fallback=host the same object also runs where no device can
// (here: a Vulkan loader pointed at a driver that does not exist): the
// host version computes the results, device memory is host memory, and the
// runtime says so with IMEXRT_VERBOSE=1. Where a device exists it is used.
// RUN: imexc %s -o %t/fallback.o --gpu-fallback=host
// RUN: c++ %t/driver.o %t/fallback.o -o %t/run-fallback %cg-libs
// RUN: env VK_ICD_FILENAMES=%t/none.json IMEXRT_BACKEND=vulkan IMEXRT_VERBOSE=1 %t/run-fallback 2> %t/fallback.err \
// RUN:   | FileCheck %s --implicit-check-not=FAIL
// RUN: FileCheck %s --check-prefix=FALLBACK --input-file=%t/fallback.err
// FALLBACK: imexrt: no device can run GPU kernels (backend vulkan (chosen by IMEXRT_BACKEND) cannot run kernels: {{.*}}); running their host versions (objects compiled with --gpu-fallback=host)
// RUN: %if vulkan %{ env IMEXRT_VERBOSE=1 %t/run-fallback 2>&1 | FileCheck %s --check-prefix=DEVICE %}
// DEVICE: imexrt: using {{.*}} device
// DEVICE-NOT: host versions
// DEVICE: ok no runtime errors
// The same function without annotations, offloaded with --offload=gpu,
// takes host and device arrays alike and returns host memory:
// RUN: mkdir -p %t/offload && sed 's/, #gpu//g' %s > %t/plain.mlir
// RUN: imexc %t/plain.mlir --offload=gpu -o %t/offload.o --emit-header=%t/offload/kernels.h
// RUN: %cg-cxx -I%t/offload -I%S/../../../runtime/include -c %S/Inputs/gpu-host-arrays.cpp -o %t/offload-driver.o
// RUN: c++ %t/offload-driver.o %t/offload.o -o %t/run-offload %cg-libs
// RUN: %if vulkan %{ %t/run-offload offload | FileCheck %s --implicit-check-not=FAIL %}
// RUN: %if vulkan %{ env IMEXRT_VULKAN_DEVICE_MEMORY=unmapped %t/run-offload offload | FileCheck %s --implicit-check-not=FAIL %}
// RUN: FileCheck %s --check-prefix=OFFLOAD-HEADER --input-file=%t/offload/kernels.h
// OFFLOAD-HEADER: /* Offloaded to the GPU (--offload=gpu): arguments may be host or device memory
// OFFLOAD-HEADER-NEXT: (device arrays from gpuMemAlloc are used in place, host arrays are copied
// OFFLOAD-HEADER-NEXT: to the GPU and back; a function that runs no kernel reads its arrays on the
// OFFLOAD-HEADER-NEXT: host: pass it host or shared memory); array results are host memory. */
// OFFLOAD-HEADER-NEXT: void _mlir_ciface_axpy(
// The object's exported function asks the runtime first:
// RUN: imexc %s --gpu-fallback=host --emit=mlir | FileCheck %s --check-prefix=DISPATCH
// DISPATCH-DAG: llvm.mlir.global_ctors ctors = [@imexc_allow_host_fallback]
// DISPATCH-DAG: llvm.func internal @axpy__imexc_host(
// DISPATCH-DAG: llvm.call @imexrtUseHostFallback() : () -> i32
// DISPATCH-DAG: llvm.call @axpy__imexc_host(
// The header says which memory the function takes and gives:
// RUN: FileCheck %s --check-prefix=HEADER --input-file=%t/kernels.h
// HEADER: /* GPU-placed arrays: arguments may be host or device memory (device arrays from
// HEADER-NEXT: gpuMemAlloc are used in place, host arrays are copied to the GPU and
// HEADER-NEXT: back); array results are GPU memory, readable on the host, released
// HEADER-NEXT: with gpuMemFree(NULL, r.allocated). */
// HEADER-NEXT: void _mlir_ciface_axpy(

// CHECK: ok host 1
// CHECK-NEXT: ok host 7
// CHECK-NEXT: ok host 1025
// CHECK-NEXT: ok host 16777219
// CHECK-NEXT: ok device 1
// CHECK-NEXT: ok device 1 arguments in place
// CHECK-NEXT: ok device 7
// CHECK-NEXT: ok device 7 arguments in place
// CHECK-NEXT: ok device 1025
// CHECK-NEXT: ok device 1025 arguments in place
// CHECK-NEXT: ok device 16777219
// CHECK-NEXT: ok device 16777219 arguments in place
// CHECK-NEXT: ok device memory 1
// CHECK-NEXT: ok device memory 1 arguments in place
// CHECK-NEXT: ok device memory 7
// CHECK-NEXT: ok device memory 7 arguments in place
// CHECK-NEXT: ok device memory 1025
// CHECK-NEXT: ok device memory 1025 arguments in place
// CHECK-NEXT: ok device memory 16777219
// CHECK-NEXT: ok device memory 16777219 arguments in place
// CHECK-NEXT: ok no runtime errors

#gpu = #ndarray.envs<#region.gpu_env<device = "XeGPU">>

// r = a * s + b
func.func @axpy(%a: tensor<?xf32, #gpu>, %b: tensor<?xf32, #gpu>, %s: f32) -> tensor<?xf32, #gpu> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32, #gpu>
  %e = tensor.empty(%n) : tensor<?xf32, #gpu>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<?xf32, #gpu>, tensor<?xf32, #gpu>) outs(%e : tensor<?xf32, #gpu>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %s : f32
    %q = arith.addf %p, %y : f32
    linalg.yield %q : f32
  } -> tensor<?xf32, #gpu>
  return %r : tensor<?xf32, #gpu>
}
