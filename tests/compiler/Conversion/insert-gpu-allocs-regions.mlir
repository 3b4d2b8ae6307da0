// RUN: imex-opt %s -insert-gpu-allocs=in-regions=true | FileCheck %s
// RUN: imex-opt %s -insert-gpu-allocs="in-regions=true host-shared=false" | FileCheck %s --check-prefix=DEVICE
// RUN: not imex-opt %s -insert-gpu-allocs=client-api=cuda 2>&1 | FileCheck %s --check-prefix=BADAPI
// RUN: not imex-opt %s -insert-gpu-allocs="client-api=vulkan in-regions=true" 2>&1 | FileCheck %s --check-prefix=BADMODE

// BADAPI: Invalid clientAPI: cuda
// BADMODE: in-regions=true requires client-api=opencl

// Allocations whose nearest env_region is a GPU region become gpu.alloc;
// others, including those in a non-GPU region nested in a GPU one, stay.
// CHECK-LABEL: func.func @regions
// CHECK: region.env_region #region.gpu_env<device = "XeGPU"> {
// CHECK-NEXT: %[[G:.*]] = gpu.alloc  host_shared (%{{.*}}) : memref<?xf32>
// CHECK-NEXT: region.env_region "protect_copy_op" {
// CHECK-NEXT:   memref.alloc() : memref<4xf32>
// CHECK:      gpu.dealloc  %[[G]] : memref<?xf32>
// CHECK: memref.alloc() : memref<8xf32>
// CHECK: memref.dealloc
// DEVICE: gpu.alloc  (%{{.*}}) : memref<?xf32>
func.func @regions(%n: index) {
  region.env_region #region.gpu_env<device = "XeGPU"> {
    %m = memref.alloc(%n) : memref<?xf32>
    region.env_region "protect_copy_op" {
      %h = memref.alloc() : memref<4xf32>
    }
    memref.dealloc %m : memref<?xf32>
  }
  %o = memref.alloc() : memref<8xf32>
  memref.dealloc %o : memref<8xf32>
  return
}
