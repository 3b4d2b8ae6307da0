// An exported function whose arrays are placed on the GPU
// (#region.gpu_env), called from C++ with ordinary host arrays
// (std::vector) and with device arrays from gpuMemAlloc: both work. The
// function copies host arguments into GPU memory and back; its result is
// GPU memory (host-visible), released with gpuMemFree.
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s -o %t/k.o --emit-header=%t/kernels.h
// RUN: %cg-cxx -I%t -I%S/../../../runtime/include -c %S/Inputs/gpu-host-arrays.cpp -o %t/driver.o
// RUN: c++ %t/driver.o %t/k.o -o %t/run %cg-libs
// RUN: %if vulkan %{ %t/run | FileCheck %s --implicit-check-not=FAIL %}
// The header says which memory the function takes and gives:
// RUN: FileCheck %s --check-prefix=HEADER --input-file=%t/kernels.h
// HEADER: /* GPU-placed arrays: arguments may be host or device memory
// HEADER-NEXT: copied to the GPU and back); array results are GPU memory
// HEADER-NEXT: released with gpuMemFree(NULL, r.allocated). */
// HEADER-NEXT: void _mlir_ciface_axpy(

// CHECK: ok host 1
// CHECK-NEXT: ok host 7
// CHECK-NEXT: ok host 1025
// CHECK-NEXT: ok host 1048579
// CHECK-NEXT: ok device 1
// CHECK-NEXT: ok device 7
// CHECK-NEXT: ok device 1025
// CHECK-NEXT: ok device 1048579
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
