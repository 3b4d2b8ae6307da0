// RUN: imex-opt %s -convert-gpux-to-llvm -split-input-file | FileCheck %s

// Device, context and stream handles: every create/destroy op calls its
// runtime entry point; a stream without device and context passes nulls.
// Runtime functions are declared once each, at the end of the module.
// CHECK-LABEL: llvm.func @handles
// CHECK-SAME: (%[[HINT:.*]]: !llvm.ptr)
// CHECK-NEXT: %[[DEV:.*]] = llvm.call @gpuCreateDevice(%[[HINT]]) : (!llvm.ptr) -> !llvm.ptr
// CHECK-NEXT: %[[CTX:.*]] = llvm.call @gpuCreateContext(%[[DEV]]) : (!llvm.ptr) -> !llvm.ptr
// CHECK-NEXT: %[[N0:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[N1:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[S0:.*]] = llvm.call @gpuCreateStream(%[[N0]], %[[N1]]) : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK-NEXT: %[[S1:.*]] = llvm.call @gpuCreateStream(%[[DEV]], %[[CTX]]) : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK-NEXT: llvm.call @gpuStreamDestroy(%[[S1]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.call @gpuStreamDestroy(%[[S0]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.call @gpuDestroyContext(%[[CTX]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.call @gpuDestroyDevice(%[[DEV]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.return
// CHECK-DAG: llvm.func @gpuCreateDevice(!llvm.ptr) -> !llvm.ptr
// CHECK-DAG: llvm.func @gpuCreateContext(!llvm.ptr) -> !llvm.ptr
// CHECK-DAG: llvm.func @gpuCreateStream(!llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK-DAG: llvm.func @gpuStreamDestroy(!llvm.ptr)
// CHECK-DAG: llvm.func @gpuDestroyContext(!llvm.ptr)
// CHECK-DAG: llvm.func @gpuDestroyDevice(!llvm.ptr)
// CHECK-NOT: llvm.func @gpuStreamDestroy
func.func @handles(%hint: !gpux.DeviceType) {
  %dev = "gpux.create_device"(%hint) : (!gpux.DeviceType) -> !gpux.DeviceType
  %ctx = "gpux.create_context"(%dev) : (!gpux.DeviceType) -> !gpux.ContextType
  %s0 = "gpux.create_stream"() : () -> !gpux.StreamType
  %s1 = "gpux.create_stream"(%dev, %ctx) : (!gpux.DeviceType, !gpux.ContextType) -> !gpux.StreamType
  "gpux.destroy_stream"(%s1) : (!gpux.StreamType) -> ()
  "gpux.destroy_stream"(%s0) : (!gpux.StreamType) -> ()
  "gpux.destroy_context"(%ctx) : (!gpux.ContextType) -> ()
  "gpux.destroy_device"(%dev) : (!gpux.DeviceType) -> ()
  return
}

// -----

// alloc: bytes from the shape, alignment 64, the shared flag as an i32, and
// a descriptor around the returned pointer. memcpy: bytes of the source.
// memset: the value in a stack slot, its size, and the bytes of the buffer.
// wait and dealloc. (Inherent attributes in the trailing dictionary, as the
// IMEX tests write them.)
// CHECK-LABEL: llvm.func @memory
// CHECK-SAME: (%[[S:[^:]*]]: !llvm.ptr, %[[N:[^:]*]]: i64,
// CHECK-SAME: %[[V:[^:]*]]: i16)
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK: %[[ELEMS:.*]] = llvm.mul %[[C4]], %[[N]] : i64
// CHECK: %[[END:.*]] = llvm.getelementptr %{{.*}}[%[[ELEMS]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[BYTES:.*]] = llvm.ptrtoint %[[END]] : !llvm.ptr to i64
// CHECK: %[[ALIGN:.*]] = llvm.mlir.constant(64 : i64) : i64
// CHECK: %[[SHARED:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[P:.*]] = llvm.call @gpuMemAlloc(%[[S]], %[[BYTES]], %[[ALIGN]], %[[SHARED]]) : (!llvm.ptr, i64, i64, i32) -> !llvm.ptr
// CHECK: %[[D0:.*]] = llvm.insertvalue %[[P]], %{{.*}}[0]
// CHECK: %[[D1:.*]] = llvm.insertvalue %[[P]], %[[D0]][1]
// CHECK: %[[HOSTDIM:.*]] = llvm.extractvalue %[[HOST:.*]][3, 0]
// CHECK: %[[CPYN:.*]] = llvm.mul %{{.*}}, %[[HOSTDIM]] : i64
// CHECK: %[[ROW:.*]] = llvm.mlir.constant(16 : i64) : i64
// CHECK: %[[CPYBYTES:.*]] = llvm.mul %[[CPYN]], %[[ROW]] : i64
// CHECK: %[[DST:.*]] = llvm.extractvalue %[[M:.*]][1]
// CHECK: %[[SRC:.*]] = llvm.extractvalue %[[HOST]][1]
// CHECK: llvm.call @gpuMemCopy(%[[S]], %[[DST]], %[[SRC]], %[[CPYBYTES]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK: %[[NOTSHARED:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: llvm.call @gpuMemAlloc(%[[S]], %{{.*}}, %{{.*}}, %[[NOTSHARED]])
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: %[[SLOT:.*]] = llvm.alloca %[[ONE]] x i16 : (i64) -> !llvm.ptr
// CHECK: llvm.store %[[V]], %[[SLOT]] : i16, !llvm.ptr
// CHECK: %[[VBYTES:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK: %[[SETBYTES:.*]] = llvm.mlir.constant(32 : i64) : i64
// CHECK: %[[SETTOTAL:.*]] = llvm.mul %{{.*}}, %[[SETBYTES]] : i64
// CHECK: %[[IPTR:.*]] = llvm.extractvalue %[[I:.*]][1]
// CHECK: llvm.call @gpuMemSet(%[[S]], %[[IPTR]], %[[SLOT]], %[[VBYTES]], %[[SETTOTAL]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64) -> ()
// CHECK: llvm.call @gpuWait(%[[S]]) : (!llvm.ptr) -> ()
// CHECK: %[[IALLOC:.*]] = llvm.extractvalue %[[I]][0]
// CHECK: llvm.call @gpuMemFree(%[[S]], %[[IALLOC]]) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK: %[[MALLOC:.*]] = llvm.extractvalue %[[M]][0]
// CHECK: llvm.call @gpuMemFree(%[[S]], %[[MALLOC]]) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK: llvm.return
// CHECK-DAG: llvm.func @gpuMemAlloc(!llvm.ptr, i64, i64, i32) -> !llvm.ptr
// CHECK-DAG: llvm.func @gpuMemCopy(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64)
// CHECK-DAG: llvm.func @gpuMemSet(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64)
// CHECK-DAG: llvm.func @gpuWait(!llvm.ptr)
// CHECK-DAG: llvm.func @gpuMemFree(!llvm.ptr, !llvm.ptr)
func.func @memory(%s: !gpux.StreamType, %n: index, %host: memref<?x4xf32>, %v: i16) {
  %m = "gpux.alloc"(%s, %n) {hostShared, operandSegmentSizes = array<i32: 0, 1, 1, 0>} : (!gpux.StreamType, index) -> memref<?x4xf32>
  "gpux.memcpy"(%s, %m, %host) : (!gpux.StreamType, memref<?x4xf32>, memref<?x4xf32>) -> ()
  %i = "gpux.alloc"(%s) {operandSegmentSizes = array<i32: 0, 1, 0, 0>} : (!gpux.StreamType) -> memref<16xi16>
  "gpux.memset"(%s, %i, %v) : (!gpux.StreamType, memref<16xi16>, i16) -> ()
  "gpux.wait"(%s) : (!gpux.StreamType) -> ()
  "gpux.dealloc"(%s, %i) : (!gpux.StreamType, memref<16xi16>) -> ()
  "gpux.dealloc"(%s, %m) : (!gpux.StreamType, memref<?x4xf32>) -> ()
  return
}

// -----

// Async forms: the runtime runs these ops in stream order, so their tokens
// become null events. A buffer with a dynamic offset is filled from its
// first element (aligned pointer + offset). Tokens cross the function
// signature as !llvm.ptr.
// CHECK-LABEL: llvm.func @async
// CHECK-SAME: -> !llvm.ptr
// CHECK: llvm.call @gpuMemAlloc
// CHECK: llvm.call @gpuMemCopy
// CHECK: %[[BASE:.*]] = llvm.extractvalue %[[SUB:.*]][1]
// CHECK: %[[OFF:.*]] = llvm.extractvalue %[[SUB]][2]
// CHECK: %[[FIRST:.*]] = llvm.getelementptr %[[BASE]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: llvm.call @gpuMemSet(%{{.*}}, %[[FIRST]],
// CHECK: llvm.call @gpuWait
// CHECK: llvm.call @gpuMemFree
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: llvm.return %[[NULL]] : !llvm.ptr
func.func @async(%s: !gpux.StreamType, %t0: !gpu.async.token, %src: memref<8xf32>, %sub: memref<4xf32, strided<[1], offset: ?>>, %f: f32) -> !gpu.async.token {
  %m, %t1 = "gpux.alloc"(%t0, %s) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!gpu.async.token, !gpux.StreamType) -> (memref<8xf32>, !gpu.async.token)
  %t2 = "gpux.memcpy"(%t1, %s, %m, %src) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>, memref<8xf32>) -> !gpu.async.token
  %t3 = "gpux.memset"(%t2, %s, %sub, %f) : (!gpu.async.token, !gpux.StreamType, memref<4xf32, strided<[1], offset: ?>>, f32) -> !gpu.async.token
  %t4 = "gpux.wait"(%t3, %s) : (!gpu.async.token, !gpux.StreamType) -> !gpu.async.token
  %t5 = "gpux.dealloc"(%t4, %s, %m) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>) -> !gpu.async.token
  return %t5 : !gpu.async.token
}

// -----

// Handles and tokens flow through branches.
// CHECK-LABEL: llvm.func @branches
// CHECK: llvm.cond_br %{{.*}}, ^bb1(%{{.*}} : !llvm.ptr), ^bb1(%{{.*}} : !llvm.ptr)
// CHECK: ^bb1(%[[S:.*]]: !llvm.ptr):
// CHECK: llvm.call @gpuStreamDestroy(%[[S]])
func.func @branches(%c: i1, %a: !gpux.StreamType, %b: !gpux.StreamType) {
  cf.cond_br %c, ^bb1(%a : !gpux.StreamType), ^bb1(%b : !gpux.StreamType)
^bb1(%s: !gpux.StreamType):
  "gpux.destroy_stream"(%s) : (!gpux.StreamType) -> ()
  return
}

// -----

// is_gpu_memory asks the runtime about the first element (aligned pointer
// plus offset) and compares its int32_t answer with 0.
// CHECK-LABEL: llvm.func @is_gpu_memory
// CHECK: %[[ALIGNED:.*]] = llvm.extractvalue %{{.*}}[1]
// CHECK: %[[OFFSET:.*]] = llvm.extractvalue %{{.*}}[2]
// CHECK: %[[FIRST:.*]] = llvm.getelementptr %[[ALIGNED]][%[[OFFSET]]]
// CHECK: %[[ANSWER:.*]] = llvm.call @imexrtIsGpuMemory(%[[FIRST]]) : (!llvm.ptr) -> i32
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[R:.*]] = llvm.icmp "ne" %[[ANSWER]], %[[ZERO]] : i32
// CHECK: llvm.return %[[R]] : i1
// CHECK: llvm.func @imexrtIsGpuMemory(!llvm.ptr) -> i32
func.func @is_gpu_memory(%m: memref<?xf32, strided<[1], offset: ?>>) -> i1 {
  %r = gpux.is_gpu_memory %m : memref<?xf32, strided<[1], offset: ?>>
  return %r : i1
}

// -----

// With host_access, only GPU memory the host may touch in place counts.
// CHECK-LABEL: llvm.func @is_host_accessible_gpu_memory
// CHECK: %[[ANSWER:.*]] = llvm.call @imexrtIsHostAccessibleGpuMemory(%{{.*}}) : (!llvm.ptr) -> i32
// CHECK: llvm.icmp "ne" %[[ANSWER]]
// CHECK-NOT: @imexrtIsGpuMemory
func.func @is_host_accessible_gpu_memory(%m: memref<?xf32>) -> i1 {
  %r = gpux.is_gpu_memory %m host_access : memref<?xf32>
  return %r : i1
}

// -----

// Host-side gpu ops that convert-gpu-to-gpux leaves (a function of several
// blocks) become calls of the runtime's mgpu* wrappers through upstream's
// patterns: streams from gpu.wait async, work ordered on them, a join of two
// streams through events, a host wait.
// CHECK-LABEL: llvm.func @leftover_gpu_ops
// CHECK:         %[[S:.*]] = llvm.call @mgpuStreamCreate()
// CHECK:         llvm.call @mgpuMemAlloc(%{{.*}}, %[[S]], %{{.*}})
// CHECK:         llvm.call @mgpuMemcpy(%{{.*}}, %{{.*}}, %{{.*}}, %[[S]])
// CHECK:         llvm.cond_br
// CHECK:         llvm.call @mgpuMemset32(%{{.*}}, %{{.*}}, %{{.*}}, %[[S]])
// CHECK:         llvm.call @mgpuEventCreate()
// CHECK:         llvm.call @mgpuEventRecord
// CHECK:         llvm.call @mgpuStreamWaitEvent
// CHECK:         llvm.call @mgpuMemFree
// CHECK:         llvm.call @mgpuStreamSynchronize
// CHECK:         llvm.call @mgpuStreamDestroy
// CHECK-NOT:     gpu.
func.func @leftover_gpu_ops(%host: memref<4xf32>, %fill: i1) {
  %s0 = gpu.wait async
  %dev, %t0 = gpu.alloc async [%s0] () : memref<4xf32>
  %t1 = gpu.memcpy async [%t0] %dev, %host : memref<4xf32>, memref<4xf32>
  cf.cond_br %fill, ^fill, ^done(%t1 : !gpu.async.token)
^fill:
  %seven = arith.constant 7.0 : f32
  %t2 = gpu.memset async [%t1] %dev, %seven : memref<4xf32>, f32
  cf.br ^done(%t2 : !gpu.async.token)
^done(%t: !gpu.async.token):
  %other = gpu.wait async
  %joined = gpu.wait async [%t, %other]
  %t3 = gpu.dealloc async [%joined] %dev : memref<4xf32>
  gpu.wait [%t3]
  return
}

// -----

// A run-time check still in host code (IMEX's pipelines do not run
// convert-asserts-to-imexrt) goes through upstream's lowering: the message,
// then abort.
// CHECK-LABEL: llvm.func @checked
// CHECK:         llvm.cond_br %{{.*}}, ^[[OK:.*]], ^[[FAIL:.*]]
// CHECK:       ^[[FAIL]]:
// CHECK:         llvm.call @puts
// CHECK:         llvm.call @abort()
// CHECK-NOT:     cf.assert
func.func @checked(%n: i64) {
  %zero = arith.constant 0 : i64
  %ok = arith.cmpi sge, %n, %zero : i64
  cf.assert %ok, "count must be non-negative"
  return
}
