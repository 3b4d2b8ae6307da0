// The memory effects imexc declares for upstream's gpu.barrier,
// gpu.subgroup_reduce and gpu.all_reduce: buffer deallocation accepts a
// gpu.launch written with them (upstream declares none, which it refuses),
// and a gpu.launch_func, which reads and writes the buffers it passes,
// CSE keeps two identical collectives apart (they synchronize threads),
// a load is not merged across a barrier (which orders memory), and
// insert-gpu-allocs sees no buffer access in them.
// RUN: imex-opt %s -ownership-based-buffer-deallocation | FileCheck %s --check-prefix=DEALLOC
// RUN: imex-opt %s -cse | FileCheck %s --check-prefix=CSE
// RUN: imex-opt %s -insert-gpu-allocs | FileCheck %s --check-prefix=ALLOCS

// DEALLOC-LABEL: func.func @collectives
// DEALLOC: gpu.launch
// DEALLOC: bufferization.dealloc
// CSE-LABEL: func.func @collectives
// CSE: memref.load %arg0[
// CSE: gpu.barrier
// CSE: memref.load %arg0[
// CSE-COUNT-2: gpu.subgroup_reduce add
// CSE-COUNT-2: gpu.all_reduce add
// ALLOCS-LABEL: func.func @collectives
// ALLOCS: %[[OUT:.*]] = gpu.alloc host_shared () : memref<8xf32>
// ALLOCS: gpu.launch
// ALLOCS: gpu.barrier
module attributes {gpu.container_module} {

func.func @collectives(%in: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %out = memref.alloc() : memref<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %a = memref.load %in[%tx] : memref<8xf32>
    gpu.barrier
    %b = memref.load %in[%tx] : memref<8xf32>
    %s1 = gpu.subgroup_reduce add %a : (f32) -> f32
    %s2 = gpu.subgroup_reduce add %a : (f32) -> f32
    %r1 = gpu.all_reduce add %b uniform {} : (f32) -> (f32)
    %r2 = gpu.all_reduce add %b uniform {} : (f32) -> (f32)
    %t = arith.addf %s1, %s2 : f32
    %u = arith.addf %r1, %r2 : f32
    %v = arith.addf %t, %u : f32
    memref.store %v, %out[%tx] : memref<8xf32>
    gpu.terminator
  }
  %w = memref.load %out[%c0] : memref<8xf32>
  return %w : f32
}

// DEALLOC-LABEL: func.func @outlined
// DEALLOC: %[[B:.*]] = memref.alloc() : memref<4xf32>
// DEALLOC: gpu.launch_func @kernels::@k {{.*}} args(%[[B]] : memref<4xf32>)
// DEALLOC: memref.extract_strided_metadata %[[B]]
// DEALLOC: bufferization.dealloc
gpu.module @kernels {
  gpu.func @k(%m: memref<4xf32>) kernel {
    gpu.return
  }
}
func.func @outlined() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = memref.alloc() : memref<4xf32>
  gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%b : memref<4xf32>)
  %v = memref.load %b[%c0] : memref<4xf32>
  return %v : f32
}

}
