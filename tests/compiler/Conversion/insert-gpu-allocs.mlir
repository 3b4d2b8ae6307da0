// RUN: imex-opt %s -insert-gpu-allocs -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=OPENCL
// RUN: imex-opt %s -insert-gpu-allocs=client-api=vulkan -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=VULKAN
// RUN: imex-opt %s -insert-gpu-allocs=arguments-in-place=true -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=INPLACE
// Vulkan buffers are not gpu.alloc: arguments are always copied.
// RUN: imex-opt %s -insert-gpu-allocs="client-api=vulkan arguments-in-place=true" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=VULKAN

// A local allocation used on the device and read on the host (through the
// return) becomes a host-shared gpu.alloc; the return gets a host copy and
// the old dealloc is replaced by gpu.dealloc before the return.
// OPENCL-LABEL: func.func @alloc_returned
// OPENCL-SAME: (%[[N:.*]]: index)
// OPENCL:      %[[G:.*]] = gpu.alloc  host_shared (%[[N]]) : memref<?xf32>
// OPENCL:      gpu.launch
// OPENCL:        memref.store %{{.*}}, %[[G]]
// OPENCL:      %[[H:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// OPENCL-NEXT: memref.copy %[[G]], %[[H]]
// OPENCL-NEXT: gpu.dealloc  %[[G]] : memref<?xf32>
// OPENCL-NEXT: return %[[H]]
// VULKAN-LABEL: func.func @alloc_returned
// VULKAN:      memref.alloc
// VULKAN-NOT:  gpu.alloc
// VULKAN-NOT:  gpu.dealloc
func.func @alloc_returned(%n: index) -> memref<?xf32> {
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

// Device-only allocation: not host-shared; memref.dealloc is replaced.
// OPENCL-LABEL: func.func @device_only
// OPENCL:     %[[G:.*]] = gpu.alloc  () : memref<16xf32>
// OPENCL-NOT: memref.dealloc
// OPENCL:     gpu.dealloc  %[[G]]
// OPENCL-NEXT: return
func.func @device_only() {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %f = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<16xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c16, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %m[%bx] : memref<16xf32>
    gpu.terminator
  }
  memref.dealloc %m : memref<16xf32>
  return
}

// -----

// A function argument read on the device and written there through a
// subview: device buffer at entry, copy in (host wrote it before the call),
// copy out (device wrote it) and dealloc before the return. Vulkan uses
// memref.alloc and no gpu.dealloc.
// OPENCL-LABEL: func.func @argument
// OPENCL-SAME: (%[[A:.*]]: memref<?xf32>, %[[N:.*]]: index)
// OPENCL-NEXT: %[[C0:.*]] = arith.constant 0 : index
// OPENCL-NEXT: %[[D:.*]] = memref.dim %[[A]], %[[C0]]
// OPENCL-NEXT: %[[G:.*]] = gpu.alloc  host_shared (%[[D]]) : memref<?xf32>
// OPENCL-NEXT: memref.copy %[[A]], %[[G]]
// OPENCL:      memref.subview %[[G]]
// OPENCL:      gpu.launch
// OPENCL:      memref.copy %[[G]], %[[A]]
// OPENCL-NEXT: gpu.dealloc  %[[G]]
// OPENCL-NEXT: return
// VULKAN-LABEL: func.func @argument
// VULKAN:      %[[G:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// VULKAN-NEXT: memref.copy %{{.*}}, %[[G]]
// VULKAN:      memref.copy %[[G]], %{{.*}}
// VULKAN-NOT:  gpu.dealloc
// VULKAN:      return
// With arguments-in-place, the copy is made only for memory that is not
// GPU memory already.
// INPLACE-LABEL: func.func @argument
// INPLACE-SAME: (%[[A:.*]]: memref<?xf32>, %[[N:.*]]: index)
// INPLACE-NEXT: %[[ONGPU:.*]] = gpux.is_gpu_memory %[[A]]
// INPLACE-NEXT: %[[G:.*]] = scf.if %[[ONGPU]] -> (memref<?xf32>) {
// INPLACE:      memref.subview %[[G]]
// INPLACE:      gpu.launch
// INPLACE:      scf.if
// INPLACE-NEXT:   memref.copy %[[G]], %[[A]]
// INPLACE-NEXT:   gpu.dealloc  %[[G]]
// INPLACE-NEXT: }
// INPLACE-NEXT: return
func.func @argument(%a: memref<?xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %sv = memref.subview %a[1] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %sv[%bx] : memref<?xf32, strided<[1], offset: 1>>
    %w = arith.addf %v, %v : f32
    memref.store %w, %sv[%bx] : memref<?xf32, strided<[1], offset: 1>>
    gpu.terminator
  }
  return
}

// -----

// A global read on the device is copied in; the host may read it afterwards,
// but the device never writes it, so it is not copied back.
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
// Globals are not arguments: always copied.
// INPLACE-LABEL: func.func @global_read
// INPLACE: gpux.is_gpu_memory %arg0
// INPLACE-NOT: gpux.is_gpu_memory
// INPLACE: %[[GL:.*]] = memref.get_global @table : memref<4xf32>
// INPLACE-NEXT: %[[G:.*]] = gpu.alloc  host_shared () : memref<4xf32>
// INPLACE-NEXT: memref.copy %[[GL]], %[[G]]
// OPENCL-LABEL: func.func @global_read
// OPENCL:      %[[GL:.*]] = memref.get_global @table : memref<4xf32>
// OPENCL-NEXT: %[[G:.*]] = gpu.alloc  host_shared () : memref<4xf32>
// OPENCL-NEXT: memref.copy %[[GL]], %[[G]]
// OPENCL:      gpu.launch
// OPENCL:        memref.load %[[G]]
// OPENCL-NOT:  memref.copy %[[G]], %[[GL]]
// OPENCL:      gpu.dealloc  %[[G]]
func.func @global_read(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.get_global @table : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %t[%bx] : memref<4xf32>
    memref.store %v, %out[%bx] : memref<4xf32>
    gpu.terminator
  }
  return
}

// -----

// Strided arguments get an identity-layout buffer and a cast back; with
// arguments-in-place, the argument itself is the other choice.
// INPLACE-LABEL: func.func @strided_argument
// INPLACE: scf.if %{{.*}} -> (memref<8xf32, strided<[?], offset: ?>>) {
// INPLACE-NEXT: scf.yield %arg0
// INPLACE-NEXT: } else {
// INPLACE-NEXT: %[[G:.*]] = gpu.alloc  host_shared () : memref<8xf32>
// INPLACE-NEXT: %[[C:.*]] = memref.cast %[[G]] : memref<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// INPLACE-NEXT: memref.copy %arg0, %[[C]]
// INPLACE-NEXT: scf.yield %[[C]]
// OPENCL-LABEL: func.func @strided_argument
// OPENCL: %[[G:.*]] = gpu.alloc  host_shared () : memref<8xf32>
// OPENCL: %[[C:.*]] = memref.cast %[[G]] : memref<8xf32> to memref<8xf32, strided<[?], offset: ?>>
// OPENCL: memref.load %[[C]]
func.func @strided_argument(%a: memref<8xf32, strided<[?], offset: ?>>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%bx] : memref<8xf32, strided<[?], offset: ?>>
    gpu.terminator
  }
  return
}

// -----

// A static offset or stride (a subview's layout) cannot be cast to from an
// identity buffer: the device copy is a flat buffer as long as the layout
// reaches (offset 5 + 1 * 4 + 1 * 1 + 1 = 11 elements), viewed with the
// argument's layout.
// INPLACE-LABEL: func.func @static_strided_argument
// INPLACE: scf.if %{{.*}} -> (memref<2x2xf32, strided<[4, 1], offset: 5>>) {
// INPLACE-NEXT: scf.yield %arg0
// INPLACE-NEXT: } else {
// INPLACE: %[[G:.*]] = gpu.alloc  host_shared (%{{.*}}) : memref<?xf32>
// INPLACE-NEXT: %[[V:.*]] = memref.reinterpret_cast %[[G]] to offset: [5], sizes: [2, 2], strides: [4, 1] : memref<?xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
// INPLACE-NEXT: memref.copy %arg0, %[[V]]
// INPLACE-NEXT: scf.yield %[[V]]
// INPLACE: memref.copy %{{.*}}, %arg0
// INPLACE-NEXT: gpu.dealloc
// OPENCL-LABEL: func.func @static_strided_argument
// OPENCL: arith.maxsi
// OPENCL: %[[G:.*]] = gpu.alloc  host_shared (%{{.*}}) : memref<?xf32>
// OPENCL-NEXT: memref.reinterpret_cast %[[G]] to offset: [5], sizes: [2, 2], strides: [4, 1]
func.func @static_strided_argument(%a: memref<2x2xf32, strided<[4, 1], offset: 5>>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%bx, %by] : memref<2x2xf32, strided<[4, 1], offset: 5>>
    %w = arith.addf %v, %v : f32
    memref.store %w, %a[%bx, %by] : memref<2x2xf32, strided<[4, 1], offset: 5>>
    gpu.terminator
  }
  return
}

// -----

// A negative stride (a reversed view) runs from the offset down: the
// buffer reaches offset + (size - 1) * max(stride, 0) + 1 elements.
// OPENCL-LABEL: func.func @reversed_argument
// OPENCL: %{{.*}}, %[[OFF:.*]], %[[SIZE:.*]], %[[STRIDE:.*]] = memref.extract_strided_metadata %arg0
// OPENCL: %[[LAST:.*]] = arith.subi %[[SIZE]], %c1
// OPENCL: %[[UP:.*]] = arith.maxsi %[[STRIDE]], %c0
// OPENCL: %[[SPAN:.*]] = arith.muli %[[LAST]], %[[UP]]
// OPENCL: %[[END:.*]] = arith.addi %[[OFF]], %[[SPAN]]
// OPENCL: %[[EXTENT:.*]] = arith.addi %[[END]], %c1
// OPENCL: %[[N:.*]] = arith.select %{{.*}}, %c0{{.*}}, %[[EXTENT]]
// OPENCL: %[[G:.*]] = gpu.alloc  host_shared (%[[N]]) : memref<?xf32>
// OPENCL-NEXT: memref.reinterpret_cast %[[G]] to offset: [7], sizes: [8], strides: [-1]
func.func @reversed_argument(%a: memref<8xf32, strided<[-1], offset: 7>>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%bx] : memref<8xf32, strided<[-1], offset: 7>>
    %w = arith.addf %v, %v : f32
    memref.store %w, %a[%bx] : memref<8xf32, strided<[-1], offset: 7>>
    gpu.terminator
  }
  return
}

// -----

// An argument whose layout is not strided has no device copy.
// expected-error @below {{a buffer used on the GPU must have a strided layout, not 'memref<4xf32, affine_map<(d0) -> (d0 floordiv 2)>>'}}
func.func @not_strided(%a: memref<4xf32, affine_map<(d0) -> (d0 floordiv 2)>>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%bx] : memref<4xf32, affine_map<(d0) -> (d0 floordiv 2)>>
    gpu.terminator
  }
  return
}

// -----

// Buffers already in a GPU address space, and buffers not used on the
// device, are left alone.
// OPENCL-LABEL: func.func @left_alone
// INPLACE-LABEL: func.func @left_alone
// INPLACE-NOT: gpux.is_gpu_memory
// INPLACE: return
// OPENCL-NOT: gpu.alloc
// OPENCL-NOT: gpu.dealloc
func.func @left_alone(%a: memref<8xf32, #gpu.address_space<global>>, %b: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 0.0 : f32
  memref.store %f, %b[%c1] : memref<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %a[%bx] : memref<8xf32, #gpu.address_space<global>>
    gpu.terminator
  }
  return
}

// -----

// Empty function bodies and declarations are no-ops.
// OPENCL-LABEL: func.func private @decl
func.func private @decl(memref<8xf32>)

// -----

// expected-error @+1 {{Function must have exactly one block}}
func.func @two_blocks() {
  cf.br ^bb1
^bb1:
  return
}

// -----

func.func @unhandled_producer(%n: index) {
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  // expected-error @+1 {{Unhandled memref producer}}
  %m = memref.alloca(%n) : memref<?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %m[%bx] : memref<?xf32>
    gpu.terminator
  }
  return
}

// -----

// A buffer a branch chooses (partitioning gives one process a reduction's
// init and the others a neutral one) is each allocation it may be: both
// become GPU allocations, freed by the branch result's owner (no free on
// return), host-shared where the host touches them (it fills %b). A branch
// that yields anything else stays an error.
// OPENCL-LABEL: func @branch_chosen
// OPENCL: gpu.alloc () : memref<f32>
// OPENCL: %[[PICK:.*]] = scf.if
// OPENCL: gpu.alloc host_shared () : memref<f32>
// OPENCL: gpu.launch
// OPENCL: memref.store %{{.*}}, %[[PICK]][]
// OPENCL: memref.dealloc %[[PICK]]
// OPENCL-NOT: gpu.dealloc
// OPENCL: return
func.func @branch_chosen(%first: i1) {
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<f32>
  %pick = scf.if %first -> (memref<f32>) {
    scf.yield %a : memref<f32>
  } else {
    %b = memref.alloc() : memref<f32>
    memref.store %f, %b[] : memref<f32>
    scf.yield %b : memref<f32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %pick[] : memref<f32>
    gpu.terminator
  }
  memref.dealloc %pick : memref<f32>
  return
}

// -----

// Nested branches: all three allocations they may yield (which the host
// does not touch).
// OPENCL-LABEL: func @nested_branches
// OPENCL-COUNT-3: gpu.alloc () : memref<f32>
// OPENCL-NOT: memref.alloc()
func.func @nested_branches(%first: i1, %second: i1) {
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<f32>
  %pick = scf.if %first -> (memref<f32>) {
    scf.yield %a : memref<f32>
  } else {
    %inner = scf.if %second -> (memref<f32>) {
      %b = memref.alloc() : memref<f32>
      scf.yield %b : memref<f32>
    } else {
      %c = memref.alloc() : memref<f32>
      scf.yield %c : memref<f32>
    }
    scf.yield %inner : memref<f32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %pick[] : memref<f32>
    gpu.terminator
  }
  memref.dealloc %pick : memref<f32>
  return
}

// -----

// A branch may also yield an argument (host memory of the caller's): the
// argument gets its device copy, filled from it (the kernel may write only
// part of what it chooses) and copied back, and the branch yields the copy.
// OPENCL-LABEL: func.func @branch_chooses_argument
// OPENCL-SAME: (%{{.*}}: i1, %[[ARG:.*]]: memref<f32>)
// OPENCL:      %[[COPY:.*]] = gpu.alloc  host_shared () : memref<f32>
// OPENCL-NEXT: memref.copy %[[ARG]], %[[COPY]]
// OPENCL:      scf.yield %[[COPY]]
// OPENCL:      gpu.launch
// OPENCL:      memref.copy %[[COPY]], %[[ARG]]
func.func @branch_chooses_argument(%first: i1, %arg: memref<f32>) {
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<f32>
  %pick = scf.if %first -> (memref<f32>) {
    scf.yield %a : memref<f32>
  } else {
    scf.yield %arg : memref<f32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %pick[] : memref<f32>
    gpu.terminator
  }
  return
}

// -----

func.func @branch_chooses_stack(%first: i1) {
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<f32>
  // The error names what cannot be placed, the note what it is part of.
  // expected-note @+1 {{of a buffer used on the GPU}}
  %pick = scf.if %first -> (memref<f32>) {
    scf.yield %a : memref<f32>
  } else {
    // expected-error @+1 {{Unhandled memref producer}}
    %b = memref.alloca() : memref<f32>
    scf.yield %b : memref<f32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %pick[] : memref<f32>
    gpu.terminator
  }
  return
}

// -----

// An allocation freed inside a branch is freed on the GPU there, not again
// on return; workgroup memory that a launch allocates itself stays as it is.
// OPENCL-LABEL: func @freed_in_branch
// OPENCL: scf.if
// OPENCL:   %[[BUF:.*]] = gpu.alloc  (%{{.*}}) : memref<?xf32>
// OPENCL:   gpu.launch
// OPENCL:     memref.alloc() : memref<64xf32, 3>
// OPENCL:   gpu.dealloc  %[[BUF]] : memref<?xf32>
// OPENCL: }
// OPENCL-NOT: gpu.dealloc
// OPENCL: return
func.func @freed_in_branch(%n: index, %c: i1) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %f = arith.constant 1.0 : f32
  scf.if %c {
    %buf = memref.alloc(%n) : memref<?xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %scratch = memref.alloc() : memref<64xf32, 3>
      memref.store %f, %scratch[%tx] : memref<64xf32, 3>
      %v = memref.load %scratch[%tx] : memref<64xf32, 3>
      memref.store %v, %buf[%tx] : memref<?xf32>
      gpu.terminator
    }
    memref.dealloc %buf : memref<?xf32>
  }
  return
}

// -----

// XeGPU accesses (xegpu.load_nd/store_nd/prefetch_nd through descriptors
// from xegpu.create_nd_tdesc, moved by xegpu.update_nd_offset) are device
// accesses of the memref each descriptor was made from: both arguments get
// device buffers, %a copied in, %b copied back out.
// OPENCL-LABEL: func.func @xegpu
// OPENCL-SAME:  (%[[A:.*]]: memref<8x16xf32>, %[[B:.*]]: memref<8x16xf32>)
// OPENCL-DAG:   %[[GB:.*]] = gpu.alloc  host_shared () : memref<8x16xf32>
// OPENCL-DAG:   %[[GA:.*]] = gpu.alloc  host_shared () : memref<8x16xf32>
// OPENCL:       memref.copy %[[A]], %[[GA]]
// OPENCL:       gpu.launch
// OPENCL:         xegpu.create_nd_tdesc %[[GA]]
// OPENCL:         xegpu.create_nd_tdesc %[[GB]]
// OPENCL:       gpu.dealloc  %[[GA]]
// OPENCL-NEXT:  memref.copy %[[GB]], %[[B]]
// OPENCL-NEXT:  gpu.dealloc  %[[GB]]
func.func @xegpu(%a: memref<8x16xf32>, %b: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %ta = xegpu.create_nd_tdesc %a[%c0, %c0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %tb = xegpu.create_nd_tdesc %b[%c0, %c0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.prefetch_nd %ta : !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %tb1 = xegpu.update_nd_offset %tb, [%c0, %c0] : !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %tb1 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.terminator
  }
  return
}

// -----

// An op that touches memory the pass cannot attribute to a memref stops it.
func.func @unattributed_effect() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{Unhandled mem op in gpu region}}
    gpu.printf "x"
    gpu.terminator
  }
  return
}

// -----

// A view of a local allocation returned (an all_reduce's elements in its
// raw bytes): the return gets a host copy of the view, and the device
// buffer is freed before the return.
// OPENCL-LABEL: func.func @view_returned
// OPENCL:      %[[G:.*]] = gpu.alloc  host_shared () : memref<16xi8>
// OPENCL:      %[[V:.*]] = memref.view %[[G]]
// OPENCL:      %[[H:.*]] = memref.alloc() : memref<4xf32>
// OPENCL-NEXT: memref.copy %[[V]], %[[H]]
// OPENCL-NEXT: gpu.dealloc  %[[G]] : memref<16xi8>
// OPENCL-NEXT: return %[[H]]
func.func @view_returned() -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %raw = memref.alloc() : memref<16xi8>
  %v = memref.view %raw[%c0][] : memref<16xi8> to memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %v[%bx] : memref<4xf32>
    gpu.terminator
  }
  return %v : memref<4xf32>
}

// -----

// A call's result that a kernel reads moves into a GPU allocation of the
// caller's, made right after the call: the callee's buffer is copied in and
// freed there, and the allocation takes over every other use, the
// deallocation's base buffer and the pointer its ownership checks compare
// included (they then free the GPU buffer, through the runtime's generic
// free). The copy is a host one: the allocation is host-shared.
// OPENCL-LABEL: func.func @call_result
// OPENCL:      %[[R:.*]] = call @make
// OPENCL-NEXT: %[[C0:.*]] = arith.constant 0
// OPENCL-NEXT: %[[N:.*]] = memref.dim %[[R]], %[[C0]]
// OPENCL-NEXT: %[[G:.*]] = gpu.alloc  host_shared (%[[N]])
// OPENCL-NEXT: memref.copy %[[R]], %[[G]]
// OPENCL-NEXT: memref.dealloc %[[R]]
// OPENCL:      gpu.launch
// OPENCL:        memref.load %[[G]]
// OPENCL:      %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[G]]
// OPENCL:      memref.extract_aligned_pointer_as_index %[[G]]
// OPENCL-NEXT: memref.dealloc %[[BASE]]
// OPENCL-NOT:  gpu.dealloc  %[[G]]
// OPENCL:      return
// Vulkan leaves host buffers, allocations and call results alike, in place.
// VULKAN-LABEL: func.func @call_result
// VULKAN:      %[[R:.*]] = call @make
// VULKAN-NOT:  memref.copy
// VULKAN:      memref.load %[[R]]
func.func private @make(index) -> memref<?xf32>
func.func @call_result(%n: index, %out: memref<f32>) -> index {
  %c1 = arith.constant 1 : index
  %r = call @make(%n) : (index) -> memref<?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %r[%bx] : memref<?xf32>
    memref.store %v, %out[] : memref<f32>
    gpu.terminator
  }
  %base, %offset, %size, %stride = memref.extract_strided_metadata %r : memref<?xf32> -> memref<f32>, index, index, index
  %p = memref.extract_aligned_pointer_as_index %r : memref<?xf32> -> index
  memref.dealloc %base : memref<f32>
  return %p : index
}

// -----

// Ownership-based deallocation frees an allocation through the base buffer
// of its metadata, and not when the function returns it: that free stays
// (the runtime's generic free releases GPU buffers), and no GPU free is
// added on return, which would free a returned buffer.
// OPENCL-LABEL: func.func @freed_through_metadata
// OPENCL:      %[[G:.*]] = gpu.alloc  host_shared
// OPENCL:      %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[G]]
// OPENCL:      scf.if
// OPENCL-NEXT:   memref.dealloc %[[BASE]]
// OPENCL-NOT:  gpu.dealloc
// OPENCL:      return
func.func @freed_through_metadata(%n: index, %returned: i1) -> memref<?xf32> {
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %m = memref.alloc(%n) : memref<?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %m[%bx] : memref<?xf32>
    gpu.terminator
  }
  %base, %offset, %size, %stride = memref.extract_strided_metadata %m : memref<?xf32> -> memref<f32>, index, index, index
  %free = arith.xori %returned, %returned : i1
  scf.if %free {
    memref.dealloc %base : memref<f32>
  }
  %r = scf.if %returned -> (memref<?xf32>) {
    scf.yield %m : memref<?xf32>
  } else {
    %c = memref.alloc(%n) : memref<?xf32>
    memref.copy %m, %c : memref<?xf32> to memref<?xf32>
    scf.yield %c : memref<?xf32>
  }
  return %r : memref<?xf32>
}

// -----

// A call's result that a kernel writes: its allocation is what the
// function frees (no copy back, no second free).
// OPENCL-LABEL: func.func @call_result_written
// OPENCL:      %[[R:.*]] = call @make
// OPENCL:      %[[G:.*]] = gpu.alloc  host_shared
// OPENCL:      memref.dealloc %[[R]]
// OPENCL:      gpu.launch
// OPENCL:        memref.store %{{.*}}, %[[G]]
// OPENCL:      %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[G]]
// OPENCL-NEXT: memref.dealloc %[[BASE]]
// OPENCL-NEXT: return
func.func private @make(index) -> memref<?xf32>
func.func @call_result_written(%n: index) {
  %c1 = arith.constant 1 : index
  %f = arith.constant 2.0 : f32
  %r = call @make(%n) : (index) -> memref<?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %r[%bx] : memref<?xf32>
    gpu.terminator
  }
  %base, %offset, %size, %stride = memref.extract_strided_metadata %r : memref<?xf32> -> memref<f32>, index, index, index
  memref.dealloc %base : memref<f32>
  return
}

// -----

// A loop-carried buffer that a call in the loop body makes: the call's
// result moves into a GPU allocation in the body (host-shared: the host
// copies the result in), which the loop carries and its result's owner
// frees. The loop's init, which the host does not touch, is not shared.
// OPENCL-LABEL: func.func @made_in_loop_body
// OPENCL:      %[[INIT:.*]] = gpu.alloc  ()
// OPENCL:      scf.for {{.*}} iter_args(%[[PREV:.*]] = %[[INIT]])
// OPENCL:        memref.store %{{.*}}, %[[PREV]]
// OPENCL:        %[[NEXT:.*]] = func.call @make
// OPENCL-NEXT:   %[[G:.*]] = gpu.alloc  host_shared ()
// OPENCL-NEXT:   memref.copy %[[NEXT]], %[[G]]
// OPENCL-NEXT:   memref.dealloc %[[NEXT]]
// OPENCL-NEXT:   scf.yield %[[G]]
// OPENCL-NOT:  gpu.dealloc
// OPENCL:      return
func.func private @make() -> memref<8xf32>
func.func @made_in_loop_body(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<8xf32> {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      memref.store %f, %prev[%bx] : memref<8xf32>
      gpu.terminator
    }
    %next = func.call @make() : () -> memref<8xf32>
    scf.yield %next : memref<8xf32>
  }
  return
}

// -----

// scf.while: the body's arguments and the loop's results are what the
// condition passes on, the condition's arguments the init and what the body
// yields. All are the two allocations, host-shared (the condition reads
// them on the host), freed by the result's owner. The function returns
// what the loop chose: where that is GPU memory (here always), the caller
// gets a host copy and the GPU buffer is freed.
// OPENCL-LABEL: func.func @while_carried
// OPENCL:      %[[INIT:.*]] = gpu.alloc  host_shared ()
// OPENCL:      %[[R:.*]] = scf.while (%[[X:.*]] = %[[INIT]])
// OPENCL:        memref.load %[[X]]
// OPENCL:      } do {
// OPENCL:        %[[NEXT:.*]] = gpu.alloc  host_shared ()
// OPENCL:        gpu.launch
// OPENCL:          memref.store %{{.*}}, %[[NEXT]]
// OPENCL:      %[[ON:.*]] = gpux.is_gpu_memory %[[R]]
// OPENCL-NEXT: %[[H:.*]] = scf.if %[[ON]]
// OPENCL-NEXT:   %[[COPY:.*]] = memref.alloc()
// OPENCL-NEXT:   memref.copy %[[R]], %[[COPY]]
// OPENCL-NEXT:   memref.dealloc %[[R]]
// OPENCL-NEXT:   scf.yield %[[COPY]]
// OPENCL-NEXT: } else {
// OPENCL-NEXT:   scf.yield %[[R]]
// OPENCL-NOT:  gpu.dealloc
// OPENCL:      return %[[H]]
func.func @while_carried(%limit: f32) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %init = memref.alloc() : memref<8xf32>
  %r = scf.while (%x = %init) : (memref<8xf32>) -> memref<8xf32> {
    %v = memref.load %x[%c0] : memref<8xf32>
    %go = arith.cmpf olt, %v, %limit : f32
    scf.condition(%go) %x : memref<8xf32>
  } do {
  ^bb0(%x: memref<8xf32>):
    %next = memref.alloc() : memref<8xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %v = memref.load %x[%bx] : memref<8xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %next[%bx] : memref<8xf32>
      gpu.terminator
    }
    scf.yield %next : memref<8xf32>
  }
  return %r : memref<8xf32>
}

// -----

// A call with two results, one used on the GPU: both move into allocations
// (they may be one buffer, which the caller's frees, now of the
// allocations, would otherwise free twice), and the callee's buffers are
// freed once: the second only where it is not the first.
// OPENCL-LABEL: func.func @call_results_alike
// OPENCL:      %[[R:.*]]:2 = call @make_two
// OPENCL-NEXT: %[[G:.*]] = gpu.alloc  host_shared ()
// OPENCL-NEXT: memref.copy %[[R]]#0, %[[G]]
// OPENCL-NEXT: %[[H:.*]] = memref.alloc()
// OPENCL-NEXT: memref.copy %[[R]]#1, %[[H]]
// OPENCL-NEXT: %[[B0:[^,]*]], %{{.*}} = memref.extract_strided_metadata %[[R]]#0
// OPENCL-NEXT: %[[P0:.*]] = memref.extract_aligned_pointer_as_index %[[B0]]
// OPENCL-NEXT: memref.dealloc %[[R]]#0
// OPENCL-NEXT: %[[B1:[^,]*]], %{{.*}} = memref.extract_strided_metadata %[[R]]#1
// OPENCL-NEXT: %[[P1:.*]] = memref.extract_aligned_pointer_as_index %[[B1]]
// OPENCL-NEXT: %[[OTHER:.*]] = arith.cmpi ne, %[[P1]], %[[P0]]
// OPENCL-NEXT: scf.if %[[OTHER]] {
// OPENCL-NEXT:   memref.dealloc %[[R]]#1
// OPENCL:      memref.load %[[G]]
// OPENCL:      gpu.dealloc  %[[G]]
// OPENCL-NEXT: memref.dealloc %[[H]]
func.func private @make_two() -> (memref<8xf32>, memref<8xf32>)
func.func @call_results_alike(%out: memref<f32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r:2 = call @make_two() : () -> (memref<8xf32>, memref<8xf32>)
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %r#0[%bx] : memref<8xf32>
    memref.store %v, %out[] : memref<f32>
    gpu.terminator
  }
  memref.dealloc %r#0 : memref<8xf32>
  memref.dealloc %r#1 : memref<8xf32>
  return
}

// -----

// One chosen buffer returned twice: one host copy, handed back in both
// places (the second result is the first's copy where its pointer is the
// first's), and the GPU buffer freed once.
// OPENCL-LABEL: func.func @chosen_returned_twice
// OPENCL:      %[[R:.*]] = scf.if
// OPENCL:      %[[ON0:.*]] = gpux.is_gpu_memory %[[R]]
// OPENCL-NEXT: %[[H0:.*]] = scf.if %[[ON0]]
// OPENCL:        memref.dealloc %[[R]]
// OPENCL:      %[[ON1:.*]] = gpux.is_gpu_memory %[[R]]
// OPENCL-NEXT: %[[P1:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// OPENCL-NEXT: %[[P0:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// OPENCL-NEXT: %[[SAME:.*]] = arith.cmpi eq, %[[P1]], %[[P0]]
// OPENCL:      %[[OWNED:.*]] = arith.andi %[[ON1]]
// OPENCL-NEXT: %[[H1:.*]] = scf.if %[[OWNED]]
// OPENCL:      %[[SECOND:.*]] = arith.select %[[SAME]], %[[H0]], %[[H1]]
// OPENCL:      return %[[H0]], %[[SECOND]]
func.func @chosen_returned_twice(%first: i1) -> (memref<8xf32>, memref<8xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %pick = scf.if %first -> (memref<8xf32>) {
    scf.yield %a : memref<8xf32>
  } else {
    scf.yield %b : memref<8xf32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %pick[%bx] : memref<8xf32>
    gpu.terminator
  }
  return %pick, %pick : memref<8xf32>, memref<8xf32>
}

// -----

// scf.index_switch: the buffer chosen is each case's and the default's.
// OPENCL-LABEL: func.func @switch_chosen
// OPENCL-COUNT-3: gpu.alloc  ()
// OPENCL:      scf.index_switch
// OPENCL-NOT:  memref.alloc()
func.func @switch_chosen(%k: index) {
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<f32>
  %b = memref.alloc() : memref<f32>
  %c = memref.alloc() : memref<f32>
  %pick = scf.index_switch %k -> memref<f32>
  case 0 {
    scf.yield %a : memref<f32>
  }
  case 1 {
    scf.yield %b : memref<f32>
  }
  default {
    scf.yield %c : memref<f32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %f, %pick[] : memref<f32>
    gpu.terminator
  }
  return
}
