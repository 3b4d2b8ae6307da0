// RUN: imex-opt %s -insert-gpu-allocs=in-regions=true | FileCheck %s
// RUN: imex-opt %s -insert-gpu-allocs="in-regions=true host-shared=false" | FileCheck %s --check-prefix=DEVICE
// RUN: imex-opt %s -insert-gpu-allocs="in-regions=true arguments-in-place=true" | FileCheck %s --check-prefix=INPLACE
// RUN: imex-opt %s -insert-gpu-allocs="in-regions=true device-copies=true" | FileCheck %s --check-prefix=REGIONS
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

// An exported function's arguments that a kernel uses get device buffers:
// %a (read on the device) is copied in, %b (written) copied out before the
// return; a private function's are taken as they come, from its callers.
// CHECK-LABEL: func.func @exported
// CHECK-SAME: (%[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>)
// CHECK-COUNT-2: gpu.alloc  host_shared (%{{.*}}) : memref<?xf32>
// CHECK: memref.copy %[[A]], %[[DA:.*]] :
// CHECK-NOT: memref.copy %[[B]]
// CHECK: gpu.launch
// CHECK:   memref.load %[[DA]]
// CHECK:   memref.store %{{.*}}, %[[DB:.*]]{{\[}}
// CHECK: gpu.dealloc  %[[DA]]
// CHECK-NEXT: memref.copy %[[DB]], %[[B]]
// CHECK-NEXT: gpu.dealloc  %[[DB]]
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @internal
// CHECK-NOT: gpu.alloc
// CHECK: return
// With arguments-in-place, the runtime decides per argument: GPU memory is
// used as it is; other memory gets the device copy, copied back and freed
// only then.
// INPLACE-LABEL: func.func @exported
// INPLACE-SAME: (%[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>)
// INPLACE: %[[BONGPU:.*]] = gpux.is_gpu_memory %[[B]] : memref<?xf32>
// INPLACE-NEXT: %[[DB:.*]] = scf.if %[[BONGPU]] -> (memref<?xf32>) {
// INPLACE-NEXT:   scf.yield %[[B]] : memref<?xf32>
// INPLACE-NEXT: } else {
// INPLACE:        %[[BCOPY:.*]] = gpu.alloc  host_shared
// INPLACE-NEXT:   scf.yield %[[BCOPY]] : memref<?xf32>
// INPLACE-NEXT: }
// INPLACE-NEXT: %[[AONGPU:.*]] = gpux.is_gpu_memory %[[A]] : memref<?xf32>
// INPLACE-NEXT: %[[DA:.*]] = scf.if %[[AONGPU]] -> (memref<?xf32>) {
// INPLACE-NEXT:   scf.yield %[[A]] : memref<?xf32>
// INPLACE-NEXT: } else {
// INPLACE:        %[[ACOPY:.*]] = gpu.alloc  host_shared
// INPLACE-NEXT:   memref.copy %[[A]], %[[ACOPY]]
// INPLACE-NEXT:   scf.yield %[[ACOPY]] : memref<?xf32>
// INPLACE-NEXT: }
// INPLACE: gpu.launch
// INPLACE:   memref.load %[[DA]]
// INPLACE:   memref.store %{{.*}}, %[[DB]]{{\[}}
// INPLACE: %[[AONHOST:.*]] = arith.xori %[[AONGPU]], %{{.*}} : i1
// INPLACE-NEXT: scf.if %[[AONHOST]] {
// INPLACE-NEXT:   gpu.dealloc  %[[DA]]
// INPLACE-NEXT: }
// INPLACE: %[[BONHOST:.*]] = arith.xori %[[BONGPU]], %{{.*}} : i1
// INPLACE-NEXT: scf.if %[[BONHOST]] {
// INPLACE-NEXT:   memref.copy %[[DB]], %[[B]]
// INPLACE-NEXT:   gpu.dealloc  %[[DB]]
// INPLACE-NEXT: }
// INPLACE-NEXT: return
// INPLACE-LABEL: func.func private @internal
// INPLACE-NOT: gpux.is_gpu_memory
// INPLACE: return
func.func @exported(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  region.env_region #region.gpu_env<device = "XeGPU"> {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %v = memref.load %a[%c0] : memref<?xf32>
      memref.store %v, %b[%c0] : memref<?xf32>
      gpu.terminator
    }
  }
  return
}
func.func private @internal(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  region.env_region #region.gpu_env<device = "XeGPU"> {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      memref.store %f, %a[%c0] : memref<?xf32>
      gpu.terminator
    }
  }
  return
}

// A global that a kernel reads (the constant a store in a GPU region
// copies from) gets a device copy at the function's entry, in every
// function: the kernel does not read host memory.
// CHECK-LABEL: func.func private @reads_global
// CHECK: %[[G:.*]] = memref.get_global @value : memref<f32>
// CHECK-NEXT: %[[D:.*]] = gpu.alloc  host_shared () : memref<f32>
// CHECK-NEXT: memref.copy %[[G]], %[[D]]
// CHECK: gpu.launch
// CHECK:   memref.load %[[D]][]
// CHECK: gpu.dealloc  %[[D]]
// CHECK-NEXT: return
memref.global "private" constant @value : memref<f32> = dense<-1.0>
func.func private @reads_global(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  region.env_region #region.gpu_env<device = "XeGPU"> {
    %g = memref.get_global @value : memref<f32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %v = memref.load %g[] : memref<f32>
      memref.store %v, %a[%c0] : memref<?xf32>
      gpu.terminator
    }
  }
  return
}

// A function offloaded as a whole (imexc.offload_device) is placed as in
// whole-program offload: its regions are inlined, and the host buffer a
// kernel writes becomes a GPU allocation, shared with the host that reads
// it.
// CHECK-LABEL: func @offloaded_function
// CHECK-NOT: region.env_region
// CHECK: %[[BUF:.*]] = gpu.alloc host_shared () : memref<4xf32>
// CHECK: gpu.launch
// CHECK: memref.load %[[BUF]]
func.func @offloaded_function() -> f32 attributes {imexc.offload_device = "XeGPU"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  region.env_region #region.gpu_env<device = "XeGPU"> {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      memref.store %f, %m[%tx] : memref<4xf32>
      gpu.terminator
    }
  }
  %v = memref.load %m[%c0] : memref<4xf32>
  return %v : f32
}

// A gpu.launch written as such, outside any GPU region (upstream's GPU
// tests are written so), places its function's buffers the same way: the
// local buffer it writes and the host reads becomes a host-shared GPU
// allocation, freed with gpu.dealloc.
// CHECK-LABEL: func @own_launch
// CHECK: %[[TMP:.*]] = gpu.alloc host_shared () : memref<13xi32>
// CHECK: gpu.launch
// CHECK: memref.store %{{.*}}, %[[TMP]]
// CHECK: memref.load %[[TMP]]
// CHECK: gpu.dealloc %[[TMP]]
func.func @own_launch() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c13 = arith.constant 13 : index
  %tmp = memref.alloc() : memref<13xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c13, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    memref.store %t, %tmp[%tx] : memref<13xi32>
    gpu.terminator
  }
  %v = memref.load %tmp[%c0] : memref<13xi32>
  memref.dealloc %tmp : memref<13xi32>
  return %v : i32
}

// in-regions mode: a GPU region's temporary that only kernels use is device
// memory; what the region hands back (the function returns it as it is, and
// the caller reads it) stays host-shared.
// REGIONS-LABEL: func.func @region_allocations
// REGIONS:      region.env_region
// REGIONS-NEXT: %[[T:.*]] = gpu.alloc  (%{{.*}}) : memref<?xf32>
// REGIONS-NEXT: %[[O:.*]] = gpu.alloc  host_shared (%{{.*}}) : memref<?xf32>
// REGIONS:      gpu.dealloc  %[[T]]
// REGIONS:      region.env_region_yield %[[O]]
func.func @region_allocations(%n: index) -> memref<?xf32> {
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = region.env_region #region.gpu_env<device = "XeGPU"> -> memref<?xf32> {
    %t = memref.alloc(%n) : memref<?xf32>
    %o = memref.alloc(%n) : memref<?xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      memref.store %f, %t[%bx] : memref<?xf32>
      %v = memref.load %t[%bx] : memref<?xf32>
      memref.store %v, %o[%bx] : memref<?xf32>
      gpu.terminator
    }
    memref.dealloc %t : memref<?xf32>
    region.env_region_yield %o : memref<?xf32>
  }
  return %r : memref<?xf32>
}
