// RUN: imex-opt %s -convert-gpu-to-gpux -split-input-file | FileCheck %s
// The pass runs on any op, e.g. nested on functions.
// RUN: imex-opt %s -pass-pipeline='builtin.module(func.func(convert-gpu-to-gpux))' -split-input-file | FileCheck %s

// Every host-side op moves to one stream, created at the block start (unknown
// location) and destroyed right before the terminator. As with IMEX's
// greedy conversion, constants move ahead of it (each to the front, so in
// reverse order) and dead ops go.
module attributes {gpu.container_module} {
  gpu.module @K {
    gpu.func @k(%arg0: memref<8xf32>, %arg1: f32) kernel {
      gpu.return
    }
  }

  // CHECK-LABEL: func.func @sync
  // CHECK-SAME: (%[[HOST:.*]]: memref<8xf32>, %[[F:.*]]: f32)
  func.func @sync(%host: memref<8xf32>, %f: f32) {
    // CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
    // CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
    // CHECK-NEXT: %[[S:.*]] = "gpux.create_stream"() : () -> !gpux.StreamType
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // CHECK: %[[M:.*]] = "gpux.alloc"(%[[S]]) <{hostShared, operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (!gpux.StreamType) -> memref<8xf32>
    %m = gpu.alloc host_shared () : memref<8xf32>
    // CHECK-NEXT: "gpux.memcpy"(%[[S]], %[[M]], %[[HOST]]) : (!gpux.StreamType, memref<8xf32>, memref<8xf32>) -> ()
    gpu.memcpy %m, %host : memref<8xf32>, memref<8xf32>
    // CHECK-NEXT: "gpux.memset"(%[[S]], %[[M]], %[[F]]) : (!gpux.StreamType, memref<8xf32>, f32) -> ()
    gpu.memset %m, %f : memref<8xf32>, f32
    // CHECK-NEXT: "gpux.launch_func"(%[[S]], %[[C8]], %[[C1]], %[[C1]], %[[C1]], %[[C1]], %[[C1]], %[[M]], %[[F]]) <{kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 2>}> : (!gpux.StreamType, index, index, index, index, index, index, memref<8xf32>, f32) -> ()
    gpu.launch_func @K::@k blocks in (%c8, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<8xf32>, %f : f32)
    // CHECK-NEXT: "gpux.wait"(%[[S]]) : (!gpux.StreamType) -> ()
    gpu.wait
    // CHECK-NEXT: "gpux.dealloc"(%[[S]], %[[M]]) : (!gpux.StreamType, memref<8xf32>) -> ()
    gpu.dealloc %m : memref<8xf32>
    // CHECK-NEXT: "gpux.destroy_stream"(%[[S]]) : (!gpux.StreamType) -> ()
    // CHECK-NEXT: return
    return
  }

  // A function without gpu ops gets no stream.
  // CHECK-LABEL: func.func @no_gpu
  // CHECK-NOT: gpux
  // CHECK: return
  func.func @no_gpu() {
    return
  }
}

// -----

// Async tokens and dependencies are kept, on every op.
module attributes {gpu.container_module} {
  gpu.module @K {
    gpu.func @k(%arg0: memref<?xf32>) kernel {
      gpu.return
    }
  }

  // CHECK-LABEL: func.func @async
  // CHECK-SAME: (%[[N:.*]]: index, %[[T0:.*]]: !gpu.async.token, %[[V:.*]]: f32, %[[SRC:.*]]: memref<?xf32>)
  func.func @async(%n: index, %t0: !gpu.async.token, %v: f32, %src: memref<?xf32>) -> !gpu.async.token {
    // CHECK: %[[S:.*]] = "gpux.create_stream"()
    // CHECK: %[[M:.*]], %[[T1:.*]] = "gpux.alloc"(%[[T0]], %[[S]], %[[N]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!gpu.async.token, !gpux.StreamType, index) -> (memref<?xf32>, !gpu.async.token)
    %m, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    // CHECK: %[[T2:.*]] = "gpux.memcpy"(%[[T1]], %[[S]], %[[M]], %[[SRC]]) : (!gpu.async.token, !gpux.StreamType, memref<?xf32>, memref<?xf32>) -> !gpu.async.token
    %t2 = gpu.memcpy async [%t1] %m, %src : memref<?xf32>, memref<?xf32>
    // CHECK: %[[T3:.*]] = "gpux.memset"(%[[T2]], %[[S]], %[[M]], %[[V]]) : (!gpu.async.token, !gpux.StreamType, memref<?xf32>, f32) -> !gpu.async.token
    %t3 = gpu.memset async [%t2] %m, %v : memref<?xf32>, f32
    // CHECK: %[[T4:.*]] = "gpux.launch_func"(%[[T3]], %[[T2]], %[[S]], %[[N]], %[[N]], %[[N]], %[[N]], %[[N]], %[[N]], %[[M]]) <{kernel = @K::@k, operandSegmentSizes = array<i32: 2, 1, 1, 1, 1, 1, 1, 1, 0, 1>}> : (!gpu.async.token, !gpu.async.token, !gpux.StreamType, index, index, index, index, index, index, memref<?xf32>) -> !gpu.async.token
    %t4 = gpu.launch_func async [%t3, %t2] @K::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%m : memref<?xf32>)
    // CHECK: %[[T5:.*]] = "gpux.dealloc"(%[[T4]], %[[S]], %[[M]]) : (!gpu.async.token, !gpux.StreamType, memref<?xf32>) -> !gpu.async.token
    %t5 = gpu.dealloc async [%t4] %m : memref<?xf32>
    // CHECK: %[[T6:.*]] = "gpux.wait"(%[[T5]], %[[S]]) : (!gpu.async.token, !gpux.StreamType) -> !gpu.async.token
    %t6 = gpu.wait async [%t5]
    // CHECK: "gpux.wait"(%[[T6]], %[[S]]) : (!gpu.async.token, !gpux.StreamType) -> ()
    gpu.wait [%t6]
    // CHECK: "gpux.destroy_stream"(%[[S]])
    // CHECK-NEXT: return %[[T6]]
    return %t6 : !gpu.async.token
  }
}

// -----

// Dynamic sizes, symbol operands, dynamic shared memory; i32 grid and block
// sizes become index; cluster sizes are dropped.
#map = affine_map<(d0)[s0] -> (d0 + s0)>
module attributes {gpu.container_module} {
  gpu.module @K {
    gpu.func @k(%arg0: memref<?xf32, #map>) kernel {
      gpu.return
    }
  }

  // CHECK-LABEL: func.func @operands
  // CHECK-SAME: (%[[N:.*]]: index, %[[OFF:.*]]: index, %[[SMEM:.*]]: i32, %[[G:.*]]: i32)
  func.func @operands(%n: index, %off: index, %smem: i32, %g: i32) {
    // CHECK: %[[ONE:.*]] = arith.constant 1 : index
    // CHECK: %[[M:.*]] = "gpux.alloc"(%[[S:.*]], %[[N]], %[[OFF]]) <{operandSegmentSizes = array<i32: 0, 1, 1, 1>}> : (!gpux.StreamType, index, index) -> memref<?xf32, #map>
    %m = gpu.alloc (%n) [%off] : memref<?xf32, #map>
    // CHECK: %[[GX:.*]] = arith.index_castui %[[G]] : i32 to index
    // CHECK: "gpux.launch_func"(%[[S]], %[[GX]], %[[ONE]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SMEM]], %[[M]]) <{kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 1, 1>}> : (!gpux.StreamType, index, index, index, index, index, index, i32, memref<?xf32, #map>) -> ()
    %c1 = arith.constant 1 : i32
    gpu.launch_func @K::@k clusters in (%c1, %c1, %c1) blocks in (%g, %c1, %c1) threads in (%c1, %c1, %c1) : i32 dynamic_shared_memory_size %smem args(%m : memref<?xf32, #map>)
    gpu.dealloc %m : memref<?xf32, #map>
    return
  }
}

// -----

// The first gpux.create_stream in the block is reused, and no destroy is
// added (the function owns it already).
// CHECK-LABEL: func.func @reuse
// CHECK-SAME: (%[[D:.*]]: !gpux.DeviceType, %[[C:.*]]: !gpux.ContextType)
// CHECK-NEXT: %[[S:.*]] = "gpux.create_stream"(%[[D]], %[[C]])
// CHECK-NEXT: %[[S2:.*]] = "gpux.create_stream"()
// CHECK-NEXT: %[[M:.*]] = "gpux.alloc"(%[[S]])
// CHECK-NEXT: "gpux.dealloc"(%[[S]], %[[M]])
// CHECK-NEXT: "gpux.destroy_stream"(%[[S2]])
// CHECK-NEXT: "gpux.destroy_stream"(%[[S]])
// CHECK-NEXT: return
func.func @reuse(%d: !gpux.DeviceType, %c: !gpux.ContextType) {
  %s = "gpux.create_stream"(%d, %c) : (!gpux.DeviceType, !gpux.ContextType) -> !gpux.StreamType
  %s2 = "gpux.create_stream"() : () -> !gpux.StreamType
  %m = gpu.alloc () : memref<8xf32>
  gpu.dealloc %m : memref<8xf32>
  "gpux.destroy_stream"(%s2) : (!gpux.StreamType) -> ()
  "gpux.destroy_stream"(%s) : (!gpux.StreamType) -> ()
  return
}

// -----

// A function's stream created after its first gpu op is created earlier
// instead, so that it dominates every use.
// CHECK-LABEL: func.func @late_stream
// CHECK-NEXT: %[[S:.*]] = "gpux.create_stream"()
// CHECK-NEXT: %[[M:.*]] = "gpux.alloc"(%[[S]])
// CHECK-NEXT: "gpux.dealloc"(%[[S]], %[[M]])
// CHECK-NEXT: "gpux.destroy_stream"(%[[S]])
// CHECK-NEXT: return
func.func @late_stream() {
  %m = gpu.alloc () : memref<8xf32>
  %s = "gpux.create_stream"() : () -> !gpux.StreamType
  gpu.dealloc %m : memref<8xf32>
  "gpux.destroy_stream"(%s) : (!gpux.StreamType) -> ()
  return
}

// -----

// ... but one built from a device and context defined later cannot move, so
// the gpu ops before it stay.
// CHECK-LABEL: func.func @late_stream_with_operands
// CHECK-NEXT: gpu.alloc ()
// CHECK-NEXT: "gpux.create_context"(
// CHECK-NEXT: "gpux.create_stream"(
// CHECK-NEXT: "gpux.dealloc"(
func.func @late_stream_with_operands(%d: !gpux.DeviceType) {
  %m = gpu.alloc () : memref<8xf32>
  %c = "gpux.create_context"(%d) : (!gpux.DeviceType) -> !gpux.ContextType
  %s = "gpux.create_stream"(%d, %c) : (!gpux.DeviceType, !gpux.ContextType) -> !gpux.StreamType
  gpu.dealloc %m : memref<8xf32>
  "gpux.destroy_stream"(%s) : (!gpux.StreamType) -> ()
  return
}

// -----

// Ops in nested regions use the function's stream; an unused allocation is
// dead and goes.
// CHECK-LABEL: func.func @nested
// CHECK: %[[S:.*]] = "gpux.create_stream"()
// CHECK: scf.for
// CHECK-NEXT: %[[M:.*]] = "gpux.alloc"(%[[S]])
// CHECK-NEXT: scf.if
// CHECK-NEXT: "gpux.dealloc"(%[[S]], %[[M]])
// CHECK: "gpux.destroy_stream"(%[[S]])
// CHECK-NEXT: return
func.func @nested(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %m = gpu.alloc () : memref<8xf32>
    scf.if %c {
      %unused = gpu.alloc () : memref<4xf32>
      gpu.dealloc %m : memref<8xf32>
    }
  }
  return
}

// -----

// Functions with several blocks are left unchanged.
// CHECK-LABEL: func.func @multi_block
// CHECK-NOT: gpux
// CHECK: gpu.alloc ()
// CHECK: gpu.dealloc
// CHECK-NOT: gpux
func.func @multi_block(%c: i1) {
  %m = gpu.alloc () : memref<8xf32>
  cf.cond_br %c, ^a, ^b
^a:
  gpu.dealloc %m : memref<8xf32>
  cf.br ^b
^b:
  return
}

// -----

// Ops outside func.func are left unchanged, and so are declarations.
// CHECK-LABEL: llvm.func @in_llvm_func
// CHECK-NOT: gpux
// CHECK: gpu.wait
// CHECK: func.func private @decl
// CHECK-NOT: gpux
llvm.func @in_llvm_func() {
  gpu.wait
  llvm.return
}
func.func private @decl(memref<8xf32>)

// -----

// A launch of a kernel that is not a gpu.func in a gpu.module (here a
// gpu.binary object) keeps its form; the other ops are converted.
// CHECK-LABEL: func.func @not_a_gpu_module
// CHECK: "gpux.alloc"
// CHECK: gpu.launch_func @bin::@k
// CHECK-NOT: gpux.launch_func
module attributes {gpu.container_module} {
  gpu.binary @bin [#gpu.object<#nvvm.target, "BLOB">]
  func.func @not_a_gpu_module(%n: index) {
    %m = gpu.alloc () : memref<8xf32>
    gpu.launch_func @bin::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%m : memref<8xf32>)
    return
  }
}

// -----

// A token-producing wait without dependencies starts an async chain.
// CHECK-LABEL: func.func @wait_chain
// CHECK-NEXT: %[[S:.*]] = "gpux.create_stream"() : () -> !gpux.StreamType
// CHECK-NEXT: %[[W:.*]] = "gpux.wait"(%[[S]]) : (!gpux.StreamType) -> !gpu.async.token
// CHECK-NEXT: %[[M:.*]], %[[T:.*]] = "gpux.alloc"(%[[W]], %[[S]]) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!gpu.async.token, !gpux.StreamType) -> (memref<8xf32>, !gpu.async.token)
// CHECK-NEXT: "gpux.wait"(%[[T]], %[[S]]) : (!gpu.async.token, !gpux.StreamType) -> ()
func.func @wait_chain() {
  %0 = gpu.wait async
  %m, %t = gpu.alloc async [%0] () : memref<8xf32>
  gpu.wait [%t]
  return
}
