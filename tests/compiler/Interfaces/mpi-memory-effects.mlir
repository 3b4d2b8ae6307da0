// The memory effects imexc declares for upstream's mpi ops let buffer
// deallocation free a buffer after the collective that reads and writes
// it; the non-blocking isend, which uses its buffer until mpi.wait, has
// none and is still refused.
// RUN: imex-opt %s -split-input-file -ownership-based-buffer-deallocation -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @allreduce
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: mpi.allreduce(%[[B]], %[[B]], MPI_SUM, %{{.*}})
// CHECK: %[[V:.*]] = memref.load %[[B]]
// CHECK: bufferization.dealloc
// CHECK-NEXT: return %[[V]]
func.func @allreduce() -> f32 {
  mpi.init
  %w = mpi.comm_world : !mpi.comm
  %r, %rank = mpi.comm_rank(%w) : !mpi.retval, i32
  %b = memref.alloc() : memref<4xf32>
  mpi.allreduce(%b, %b, MPI_SUM, %w) : memref<4xf32>, memref<4xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %b[%c0] : memref<4xf32>
  mpi.finalize
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @send_recv
// CHECK: mpi.send
// CHECK: mpi.recv
// CHECK: bufferization.dealloc
func.func @send_recv(%tag: i32, %dest: i32) {
  %w = mpi.comm_world : !mpi.comm
  %b = memref.alloc() : memref<4xf32>
  mpi.send(%b, %tag, %dest, %w) : memref<4xf32>, i32, i32
  mpi.recv(%b, %tag, %dest, %w) : memref<4xf32>, i32, i32
  return
}

// -----

func.func @isend(%tag: i32, %dest: i32) {
  %w = mpi.comm_world : !mpi.comm
  %b = memref.alloc() : memref<4xf32>
  // expected-error @+1 {{ops with unknown memory side effects are not supported}}
  %req = mpi.isend(%b, %tag, %dest, %w) : memref<4xf32>, i32, i32 -> !mpi.request
  return
}
