// With device-copies, buffers that the host reaches only through copies of
// whole blocks (and as the function's whole result) get device memory, not
// host-shared memory, and those copies become gpu.memcpy: on a discrete GPU
// kernels then read device memory. Anything the host touches in place keeps
// host-shared memory and memref.copy. Without the option (IMEX's behaviour)
// nothing changes.
// RUN: imex-opt %s -insert-gpu-allocs="device-copies=true arguments-in-place=true" -split-input-file | FileCheck %s
// RUN: imex-opt %s -insert-gpu-allocs -split-input-file | FileCheck %s --check-prefix=SHARED

// A result the host only receives whole: device memory, copied out with
// gpu.memcpy, and freed after the copy.
// CHECK-LABEL: func.func @returned_whole
// CHECK:      %[[G:.*]] = gpu.alloc  (%{{.*}}) : memref<?xf32>
// CHECK:      gpu.launch
// CHECK:      %[[H:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT: gpu.memcpy  %[[H]], %[[G]]
// CHECK-NEXT: gpu.dealloc  %[[G]]
// CHECK-NEXT: return %[[H]]
// SHARED-LABEL: func.func @returned_whole
// SHARED:      gpu.alloc  host_shared
// SHARED:      memref.copy
// SHARED-NOT:  gpu.memcpy
func.func @returned_whole(%n: index) -> memref<?xf32> {
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %m = memref.alloc(%n) : memref<?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %m[%bx] : memref<?xf32>
    gpu.terminator
  }
  return %m : memref<?xf32>
}

// -----

// Returned while deallocation frees it only when it is not returned (the
// base-buffer test below never holds for it): the host copy's release frees
// it.
// CHECK-LABEL: func.func @returned_with_conditional_free
// CHECK:      %[[G:.*]] = gpu.alloc  () : memref<8xf32>
// CHECK:      scf.if
// CHECK-NEXT:   memref.dealloc
// CHECK:      gpu.memcpy  %[[H:.*]], %[[G]]
// CHECK-NEXT: gpu.dealloc  %[[G]]
// CHECK-NEXT: return %[[H]]
func.func @returned_with_conditional_free() -> memref<8xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %m[%bx] : memref<8xf32>
    gpu.terminator
  }
  %base, %offset, %size, %stride = memref.extract_strided_metadata %m : memref<8xf32> -> memref<f32>, index, index, index
  %p = memref.extract_aligned_pointer_as_index %base : memref<f32> -> index
  %q = memref.extract_aligned_pointer_as_index %m : memref<8xf32> -> index
  %other = arith.cmpi ne, %p, %q : index
  scf.if %other {
    memref.dealloc %base : memref<f32>
  }
  return %m : memref<8xf32>
}

// -----

// Read in place by the host: host-shared, as without the option.
// CHECK-LABEL: func.func @read_on_host
// CHECK:      %[[G:.*]] = gpu.alloc  host_shared () : memref<8xf32>
// CHECK:      memref.load %[[G]]
func.func @read_on_host() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %m[%bx] : memref<8xf32>
    gpu.terminator
  }
  %v = memref.load %m[%c0] : memref<8xf32>
  memref.dealloc %m : memref<8xf32>
  return %v : f32
}

// -----

// The host's own block copy out of a device buffer becomes gpu.memcpy;
// a copy into a strided view cannot, and keeps the buffer host-shared.
// CHECK-LABEL: func.func @host_copies
// CHECK:      %[[D:.*]] = gpu.alloc  () : memref<8xf32>
// CHECK:      %[[S:.*]] = gpu.alloc  host_shared () : memref<8xf32>
// CHECK:      gpu.memcpy  %[[OUT:.*]], %[[D]]
// CHECK:      memref.copy %[[S]], %{{.*}} : memref<8xf32> to memref<8xf32, strided<[2]>>
// SHARED-LABEL: func.func @host_copies
// SHARED-NOT:  gpu.memcpy
func.func @host_copies(%out: memref<8xf32>, %wide: memref<16xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  %d = memref.alloc() : memref<8xf32>
  %s = memref.alloc() : memref<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %d[%bx] : memref<8xf32>
    memref.store %f, %s[%bx] : memref<8xf32>
    gpu.terminator
  }
  memref.copy %d, %out : memref<8xf32> to memref<8xf32>
  %odd = memref.subview %wide[0] [8] [2] : memref<16xf32> to memref<8xf32, strided<[2]>>
  memref.copy %s, %odd : memref<8xf32> to memref<8xf32, strided<[2]>>
  memref.dealloc %d : memref<8xf32>
  memref.dealloc %s : memref<8xf32>
  return
}

// -----

// A host argument with an identity layout: a device copy in device memory,
// filled and read back with gpu.memcpy.
// CHECK-LABEL: func.func @identity_argument
// CHECK-SAME: (%[[A:.*]]: memref<?xf32>
// CHECK:      gpux.is_gpu_memory %[[A]] :
// CHECK:      %[[GA:.*]] = gpu.alloc  (%{{.*}}) : memref<?xf32>
// CHECK-NEXT: gpu.memcpy  %[[GA]], %[[A]]
// CHECK:      gpu.launch
// CHECK:      gpu.memcpy  %[[A]], %{{.*}}
// CHECK-NOT:  memref.copy
func.func @identity_argument(%a: memref<?xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%bx] : memref<?xf32>
    %s = arith.addf %v, %v : f32
    memref.store %s, %a[%bx] : memref<?xf32>
    gpu.terminator
  }
  return
}

// -----

// A strided argument keeps a host-shared copy: memref.copy moves views
// element by element on the host.
// CHECK-LABEL: func.func @strided_argument
// CHECK-SAME: (%[[B:.*]]: memref<?xf32, strided<[?], offset: ?>>
// CHECK:      gpux.is_gpu_memory %[[B]]
// CHECK:      gpu.alloc  host_shared
// CHECK:      memref.copy %[[B]]
// CHECK:      gpu.launch
// CHECK:      memref.copy %{{.*}}, %[[B]]
// CHECK-NOT:  gpu.memcpy
func.func @strided_argument(%b: memref<?xf32, strided<[?], offset: ?>>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %b[%bx] : memref<?xf32, strided<[?], offset: ?>>
    %s = arith.addf %v, %v : f32
    memref.store %s, %b[%bx] : memref<?xf32, strided<[?], offset: ?>>
    gpu.terminator
  }
  return
}

// -----

// Host uses the analysis cannot see as reads or writes of a memref are
// both: a call that takes the buffer unranked (printing it), and an op whose
// effects name no operand (mpi.allreduce). Both buffers stay host-shared,
// with or without the option.
func.func private @printMemrefF32(memref<*xf32>)
// CHECK-LABEL: func.func @opaque_host_uses
// CHECK-COUNT-2: gpu.alloc  host_shared
// SHARED-LABEL: func.func @opaque_host_uses
// SHARED-COUNT-2: gpu.alloc  host_shared
func.func @opaque_host_uses() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %printed = memref.alloc() : memref<4xf32>
  %reduced = memref.alloc() : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %printed[%bx] : memref<4xf32>
    memref.store %f, %reduced[%bx] : memref<4xf32>
    gpu.terminator
  }
  %u = memref.cast %printed : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %world = mpi.comm_world : !mpi.comm
  mpi.allreduce(%reduced, %reduced, MPI_SUM, %world) : memref<4xf32>, memref<4xf32>
  memref.dealloc %printed : memref<4xf32>
  memref.dealloc %reduced : memref<4xf32>
  return
}

// -----

// An argument the host reads in place: only GPU memory the host can reach
// is used in place (host_access); a discrete GPU's own memory is copied
// into host-shared memory like host memory.
// CHECK-LABEL: func.func @argument_read_on_host
// CHECK-SAME: (%[[A:.*]]: memref<?xf32>
// CHECK:      gpux.is_gpu_memory %[[A]] host_access :
// CHECK:      %[[G:.*]] = gpu.alloc  host_shared
// CHECK-NEXT: gpu.memcpy  %[[G]], %[[A]]
// CHECK:      memref.load
// SHARED-LABEL: func.func @argument_read_on_host
// SHARED-NOT:  gpux.is_gpu_memory
func.func @argument_read_on_host(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%bx] : memref<?xf32>
    %s = arith.addf %v, %v : f32
    memref.store %s, %a[%bx] : memref<?xf32>
    gpu.terminator
  }
  %first = memref.load %a[%c0] : memref<?xf32>
  return %first : f32
}

// -----

// A kernel that writes only part of an argument (through a subview): its
// device copy starts from the argument, so the rest survives the copy
// back. (IMEX copies in only what kernels read.)
// CHECK-LABEL: func.func @partial_write
// CHECK-SAME: (%[[A:.*]]: memref<?xf32>
// CHECK:      %[[G:.*]] = gpu.alloc
// CHECK-NEXT: gpu.memcpy  %[[G]], %[[A]]
// CHECK:      gpu.launch
// CHECK:      gpu.memcpy  %[[A]], %{{.*}}
// SHARED-LABEL: func.func @partial_write
// SHARED:      %[[G:.*]] = gpu.alloc  host_shared
// SHARED-NEXT: memref.copy %{{.*}}, %[[G]]
func.func @partial_write(%a: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %part = memref.subview %a[2] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: 2>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %part[%bx] : memref<4xf32, strided<[1], offset: 2>>
    gpu.terminator
  }
  return
}

// -----

// Must not fire: a copy inside a kernel is the device's (no gpu.memcpy in
// a launch), and an unranked host copy is a host access (it crashed the
// pass).
// CHECK-LABEL: func.func @copies_not_moved
// CHECK:      gpu.alloc  () : memref<8xf32>
// CHECK:      gpu.alloc  host_shared () : memref<8xf32>
// CHECK:      gpu.launch
// CHECK:        memref.copy
// CHECK-NOT:    gpu.memcpy
// CHECK:        gpu.terminator
// CHECK:      memref.copy %{{.*}}, %{{.*}} : memref<*xf32> to memref<*xf32>
func.func @copies_not_moved(%out: memref<*xf32>) {
  %c1 = arith.constant 1 : index
  %m = memref.alloc() : memref<8xf32>
  %n = memref.alloc() : memref<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.copy %m, %n : memref<8xf32> to memref<8xf32>
    gpu.terminator
  }
  %u = memref.cast %n : memref<8xf32> to memref<*xf32>
  memref.copy %u, %out : memref<*xf32> to memref<*xf32>
  memref.dealloc %m : memref<8xf32>
  memref.dealloc %n : memref<8xf32>
  return
}

// -----

// An allocation in a branch that a kernel there writes, and that leaves
// through the branch's result: freed where that result is, not at the
// return (which it does not dominate: the pass used to fail). The result
// may be that GPU buffer, handed back as a host copy and freed, or the
// argument, which is the caller's: it is compared with the argument.
// CHECK-LABEL: func.func @allocation_in_branch
// CHECK-SAME: (%[[FLAG:.*]]: i1, %[[A:.*]]: memref<8xf32>)
// CHECK:      %[[R:.*]] = scf.if %[[FLAG]]
// CHECK:      } else {
// CHECK-NEXT:   %[[G:.*]] = gpu.alloc
// CHECK:        scf.yield %[[G]]
// CHECK-NOT:  gpu.dealloc  %[[G]]
// CHECK:      %[[ON:.*]] = gpux.is_gpu_memory %[[R]] :
// CHECK-NEXT: %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK-NEXT: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-NEXT: %[[OTHER:.*]] = arith.cmpi ne, %[[PR]], %[[PA]]
// CHECK-NEXT: %[[OWNED:.*]] = arith.andi %[[ON]], %[[OTHER]]
// CHECK-NEXT: %[[H:.*]] = scf.if %[[OWNED]]
// CHECK:        memref.dealloc %[[R]]
// CHECK:      return %[[H]]
// SHARED-LABEL: func.func @allocation_in_branch
// SHARED-NOT:  gpu.dealloc
// SHARED:      return
func.func @allocation_in_branch(%flag: i1, %a: memref<8xf32>) -> memref<8xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  %r = scf.if %flag -> memref<8xf32> {
    scf.yield %a : memref<8xf32>
  } else {
    %m = memref.alloc() : memref<8xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      memref.store %f, %m[%bx] : memref<8xf32>
      gpu.terminator
    }
    scf.yield %m : memref<8xf32>
  }
  return %r : memref<8xf32>
}

// -----

// A kernel in a loop body on the buffer of the previous iteration (a
// loop-carried block argument): the loop's init and the body's new buffer
// get GPU memory, device memory as the host reaches them only through the
// loop's result, which the return hands back as a host copy (gpu.memcpy);
// nothing is asked of the block argument itself, and the body's buffer is
// freed where the loop's result is. (It was taken for a function argument:
// copies at the body's start, released at the return, which they do not
// dominate.) Without device copies both are host-shared.
// CHECK-LABEL: func.func @loop_carried
// CHECK:      %[[INIT:.*]] = gpu.alloc  () : memref<8xf32>
// CHECK:      %[[R:.*]] = scf.for {{.*}} iter_args(%[[PREV:.*]] = %[[INIT]])
// CHECK-NOT:    gpux.is_gpu_memory
// CHECK:        %[[NEXT:.*]] = gpu.alloc  () : memref<8xf32>
// CHECK:        gpu.launch
// CHECK:          memref.load %[[PREV]]
// CHECK:          memref.store %{{.*}}, %[[NEXT]]
// CHECK:        scf.yield %[[NEXT]]
// CHECK:      gpux.is_gpu_memory %[[R]]
// CHECK:        %[[H:.*]] = memref.alloc()
// CHECK-NEXT:   gpu.memcpy  %[[H]], %[[R]]
// CHECK-NEXT:   memref.dealloc %[[R]]
// SHARED-LABEL: func.func @loop_carried
// SHARED:      gpu.alloc  host_shared
// SHARED:      scf.for
// SHARED:        gpu.alloc  host_shared
func.func @loop_carried(%n: index) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<8xf32> {
    %next = memref.alloc() : memref<8xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %v = memref.load %prev[%bx] : memref<8xf32>
      %w = arith.addf %v, %f : f32
      memref.store %w, %next[%bx] : memref<8xf32>
      gpu.terminator
    }
    scf.yield %next : memref<8xf32>
  }
  return %r : memref<8xf32>
}

// -----

// Arguments that only the host code of a function with kernels touches may
// be device memory too (device arrays are used in place):
// - %read, read in place: used in place when it is host memory or GPU
//   memory the host reaches, else copied into host-shared memory (copied
//   in, not back: nothing stores into it);
// - %stored, written in place: the same, and its copy is copied back;
// - %whole, copied whole: the copy becomes gpu.memcpy, which reaches any
//   memory, and the argument is not copied itself.
// Without device copies (IMEX's behaviour) none of them is touched.
// CHECK-LABEL: func.func @host_only_arguments
// CHECK-SAME: (%[[READ:[^:]*]]: memref<8xf32>, %[[STORED:[^:]*]]: memref<8xf32>, %[[WHOLE:[^:]*]]: memref<8xf32>
// CHECK:      %[[S:.*]] = scf.if
// CHECK:      %[[HR:.*]] = gpux.is_gpu_memory %[[READ]] host_access
// CHECK-NEXT: %[[GR:.*]] = gpux.is_gpu_memory %[[READ]] :
// CHECK:      %[[NR:.*]] = arith.xori %[[GR]]
// CHECK-NEXT: %[[PR:.*]] = arith.ori %[[HR]], %[[NR]]
// CHECK-NEXT: %[[R:.*]] = scf.if %[[PR]]
// CHECK-NEXT:   scf.yield %[[READ]]
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[CR:.*]] = gpu.alloc  host_shared ()
// CHECK-NEXT:   gpu.memcpy  %[[CR]], %[[READ]]
// CHECK-NOT:  gpux.is_gpu_memory %[[WHOLE]]
// CHECK:      memref.load %[[R]]
// CHECK:      memref.store %{{.*}}, %[[S]]
// CHECK:      gpu.memcpy  %{{.*}}, %[[WHOLE]]
// CHECK:      scf.if
// CHECK-NEXT:   gpu.dealloc  %[[R]]
// CHECK:      scf.if
// CHECK-NEXT:   gpu.memcpy  %[[STORED]], %[[S]]
// CHECK-NEXT:   gpu.dealloc  %[[S]]
// CHECK:      return
// SHARED-LABEL: func.func @host_only_arguments
// SHARED-NOT:  gpux.is_gpu_memory
// SHARED:      return
func.func @host_only_arguments(%read: memref<8xf32>, %stored: memref<8xf32>, %whole: memref<8xf32>) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %m = memref.alloc() : memref<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %m[%bx] : memref<8xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %m[%bx] : memref<8xf32>
    gpu.terminator
  }
  %first = memref.load %read[%c0] : memref<8xf32>
  memref.store %first, %stored[%c0] : memref<8xf32>
  memref.copy %whole, %m : memref<8xf32> to memref<8xf32>
  return %m : memref<8xf32>
}

// -----

// A function without kernels has no device to copy with: its arguments are
// left as they are.
// CHECK-LABEL: func.func @no_kernels
// CHECK-NOT:  gpux.is_gpu_memory
// CHECK-NOT:  gpu.alloc
// CHECK:      return
func.func @no_kernels(%read: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %first = memref.load %read[%c0] : memref<8xf32>
  return %first : f32
}

// -----

// An argument that a kernel reads and that the host passes to a call: its
// device copy is copied in, and not copied back (a call is taken to leave
// its arguments as they are; the caller's array may be a constant). One
// the host stores into is copied back.
// CHECK-LABEL: func.func @call_argument
// CHECK-SAME: (%[[A:[^:]*]]: memref<8xf32>, %[[B:[^:]*]]: memref<8xf32>
// CHECK:      %[[GB:.*]] = scf.if
// CHECK:        gpu.memcpy  %{{.*}}, %[[B]]
// CHECK:      %[[GA:.*]] = scf.if
// CHECK:        gpu.memcpy  %{{.*}}, %[[A]]
// CHECK:      call @consume(%[[GA]])
// CHECK:      scf.if
// CHECK-NEXT:   gpu.dealloc  %[[GA]]
// CHECK:      scf.if
// CHECK-NEXT:   gpu.memcpy  %[[B]], %[[GB]]
// CHECK-NEXT:   gpu.dealloc  %[[GB]]
func.func private @consume(memref<8xf32>)
func.func @call_argument(%a: memref<8xf32>, %b: memref<8xf32>) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%bx] : memref<8xf32>
    %w = memref.load %b[%bx] : memref<8xf32>
    %s = arith.addf %v, %w : f32
    memref.store %s, %m[%bx] : memref<8xf32>
    gpu.terminator
  }
  call @consume(%a) : (memref<8xf32>) -> ()
  memref.store %f, %b[%c0] : memref<8xf32>
  return %m : memref<8xf32>
}

// -----

// Written by hand, without deallocation's clones: a kernel writes what a
// branch chooses, the argument or an allocation, and the function returns
// that. Where it is the argument's device copy (or the argument), the
// return keeps it (the copy is released, and copied back, at the return);
// only the allocation is the function's to copy out and free. (The device
// copy was freed twice.)
// CHECK-LABEL: func.func @chosen_argument_written
// CHECK-SAME: (%[[FLAG:[^:]*]]: i1, %[[A:[^:]*]]: memref<8xf32>)
// CHECK:      %[[COPY:.*]] = scf.if
// CHECK:      %[[R:.*]] = scf.if %[[FLAG]]
// CHECK:        scf.yield %[[COPY]]
// CHECK:      gpu.launch
// CHECK:      scf.if
// CHECK-NEXT:   gpu.memcpy  %[[A]], %[[COPY]]
// CHECK-NEXT:   gpu.dealloc  %[[COPY]]
// CHECK:      %[[ON:.*]] = gpux.is_gpu_memory %[[R]] :
// CHECK-NEXT: %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK-NEXT: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-NEXT: arith.cmpi ne, %[[PR]], %[[PA]]
// CHECK:      %[[PR2:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK-NEXT: %[[PC:.*]] = memref.extract_aligned_pointer_as_index %[[COPY]]
// CHECK-NEXT: arith.cmpi ne, %[[PR2]], %[[PC]]
// CHECK:      %[[H:.*]] = scf.if
// CHECK:      return %[[H]]
func.func @chosen_argument_written(%flag: i1, %a: memref<8xf32>) -> memref<8xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  %r = scf.if %flag -> memref<8xf32> {
    scf.yield %a : memref<8xf32>
  } else {
    %m = memref.alloc() : memref<8xf32>
    scf.yield %m : memref<8xf32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %r[%bx] : memref<8xf32>
    gpu.terminator
  }
  return %r : memref<8xf32>
}

// -----

// An allocation returned itself and through a branch's choice: where the
// choice is it, the choice's position gets the allocation's host copy (it
// was copied and freed for the choice, then copied from freed memory and
// freed again for the allocation).
// CHECK-LABEL: func.func @returned_and_chosen
// CHECK:      %[[G:.*]] = gpu.alloc  ()
// CHECK:      %[[R:.*]] = scf.if
// CHECK:      %[[H:.*]] = memref.alloc()
// CHECK-NEXT: gpu.memcpy  %[[H]], %[[G]]
// CHECK:      gpu.dealloc  %[[G]]
// CHECK:      gpux.is_gpu_memory %[[R]]
// CHECK:      %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK-NEXT: %[[PG:.*]] = memref.extract_aligned_pointer_as_index %[[G]]
// CHECK-NEXT: %[[SAME:.*]] = arith.cmpi eq, %[[PR]], %[[PG]]
// CHECK:      %[[C:.*]] = scf.if
// CHECK:      %[[SECOND:.*]] = arith.select %[[SAME]], %[[H]], %[[C]]
// CHECK:      return %[[H]], %[[SECOND]]
func.func @returned_and_chosen(%flag: i1) -> (memref<8xf32>, memref<8xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %a[%bx] : memref<8xf32>
    memref.store %f, %b[%bx] : memref<8xf32>
    gpu.terminator
  }
  %r = scf.if %flag -> memref<8xf32> {
    scf.yield %a : memref<8xf32>
  } else {
    scf.yield %b : memref<8xf32>
  }
  return %a, %r : memref<8xf32>, memref<8xf32>
}
