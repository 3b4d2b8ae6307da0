// The declared memory effects drive generic transformations:
// * alloc only allocates its result (MemAlloc), so an unused alloc is dead and
//   a memref.load can be CSE'd across it;
// * dealloc (MemFree), memcpy and memset (MemWrite) are never dead; the writes
//   keep loads from being merged across them;
// * create/destroy, wait and launch_func declare no effects, so they count as
//   having any effect: never erased, never merged, and loads are not merged
//   across them.
// RUN: imex-opt %s --canonicalize --split-input-file | FileCheck %s --check-prefix=CANON
// RUN: imex-opt %s --cse --split-input-file | FileCheck %s --check-prefix=CSE

module attributes {gpu.container_module} {
  gpu.module @K {
    gpu.func @k() kernel {
      gpu.return
    }
  }

  // CANON-LABEL: func.func @dead_code
  // CANON-SAME: (%[[S:[^:]*]]: !gpux.StreamType, %[[D:[^:]*]]: !gpux.DeviceType, %[[M:[^:]*]]: memref<8xf32>, %[[V:[^:]*]]: f32, %[[C:[^:]*]]: index, %[[T:[^:]*]]: !gpu.async.token)
  func.func @dead_code(%s: !gpux.StreamType, %d: !gpux.DeviceType, %m: memref<8xf32>, %v: f32,
                       %c: index, %t: !gpu.async.token) {
    // Unused allocations go, with or without dependencies and token.
    // CANON-NOT: "gpux.alloc"
    %a0 = "gpux.alloc"(%s) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (!gpux.StreamType) -> memref<8xf32>
    %a1, %t1 = "gpux.alloc"(%t, %s, %c) <{hostShared, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!gpu.async.token, !gpux.StreamType, index) -> (memref<?xf32>, !gpu.async.token)
    // An allocation that is freed is used, so it stays.
    // CANON: %[[A:.*]] = "gpux.alloc"(%[[S]])
    %a2 = "gpux.alloc"(%s) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (!gpux.StreamType) -> memref<8xf32>
    // Handles with unused results are kept.
    // CANON-NEXT: "gpux.create_device"(%[[D]])
    %d2 = "gpux.create_device"(%d) : (!gpux.DeviceType) -> !gpux.DeviceType
    // CANON-NEXT: "gpux.create_context"(%[[D]])
    %ctx = "gpux.create_context"(%d) : (!gpux.DeviceType) -> !gpux.ContextType
    // CANON-NEXT: "gpux.create_stream"()
    %s2 = "gpux.create_stream"() : () -> !gpux.StreamType
    // So are ops whose token is unused.
    // CANON-NEXT: "gpux.wait"(%[[T]], %[[S]]) : (!gpu.async.token, !gpux.StreamType) -> !gpu.async.token
    %t2 = "gpux.wait"(%t, %s) : (!gpu.async.token, !gpux.StreamType) -> !gpu.async.token
    // CANON-NEXT: "gpux.memcpy"(%[[T]], %[[S]], %[[A]], %[[M]]) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>, memref<8xf32>) -> !gpu.async.token
    %t3 = "gpux.memcpy"(%t, %s, %a2, %m) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>, memref<8xf32>) -> !gpu.async.token
    // CANON-NEXT: "gpux.memset"(%[[T]], %[[S]], %[[M]], %[[V]]) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>, f32) -> !gpu.async.token
    %t4 = "gpux.memset"(%t, %s, %m, %v) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>, f32) -> !gpu.async.token
    // CANON-NEXT: "gpux.launch_func"(%[[T]], %[[S]], %[[C]], %[[C]], %[[C]], %[[C]], %[[C]], %[[C]]) <{kernel = @K::@k, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0, 0>}>
    %t5 = "gpux.launch_func"(%t, %s, %c, %c, %c, %c, %c, %c) <{kernel = @K::@k, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0, 0>}> : (!gpu.async.token, !gpux.StreamType, index, index, index, index, index, index) -> !gpu.async.token
    // CANON-NEXT: "gpux.dealloc"(%[[T]], %[[S]], %[[A]]) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>) -> !gpu.async.token
    %t6 = "gpux.dealloc"(%t, %s, %a2) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>) -> !gpu.async.token
    // CANON-NEXT: return
    return
  }
}

// -----

// CSE-LABEL: func.func @no_cse
// CSE-SAME: (%[[S:[^:]*]]: !gpux.StreamType, %[[D:[^:]*]]: !gpux.DeviceType)
func.func @no_cse(%s: !gpux.StreamType, %d: !gpux.DeviceType)
    -> (memref<8xf32>, memref<8xf32>, !gpux.StreamType, !gpux.StreamType, !gpux.ContextType, !gpux.ContextType) {
  // Two identical allocations are two buffers.
  // CSE: %[[A0:.*]] = "gpux.alloc"(%[[S]])
  // CSE: %[[A1:.*]] = "gpux.alloc"(%[[S]])
  %a0 = "gpux.alloc"(%s) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (!gpux.StreamType) -> memref<8xf32>
  %a1 = "gpux.alloc"(%s) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (!gpux.StreamType) -> memref<8xf32>
  // CSE: %[[S0:.*]] = "gpux.create_stream"()
  // CSE: %[[S1:.*]] = "gpux.create_stream"()
  %s0 = "gpux.create_stream"() : () -> !gpux.StreamType
  %s1 = "gpux.create_stream"() : () -> !gpux.StreamType
  // CSE: %[[C0:.*]] = "gpux.create_context"(%[[D]])
  // CSE: %[[C1:.*]] = "gpux.create_context"(%[[D]])
  %c0 = "gpux.create_context"(%d) : (!gpux.DeviceType) -> !gpux.ContextType
  %c1 = "gpux.create_context"(%d) : (!gpux.DeviceType) -> !gpux.ContextType
  // CSE: return %[[A0]], %[[A1]], %[[S0]], %[[S1]], %[[C0]], %[[C1]]
  return %a0, %a1, %s0, %s1, %c0, %c1 : memref<8xf32>, memref<8xf32>, !gpux.StreamType, !gpux.StreamType, !gpux.ContextType, !gpux.ContextType
}

// -----

// Loads of %buf are merged across an op that only allocates, but not across
// ops that write memory or declare no effects.
// CSE-LABEL: func.func @loads_across
// CSE-SAME: (%[[S:[^:]*]]: !gpux.StreamType, %[[BUF:[^:]*]]: memref<8xf32>, %[[OTHER:[^:]*]]: memref<8xf32>, %[[V:[^:]*]]: f32, %[[I:[^:]*]]: index)
func.func @loads_across(%s: !gpux.StreamType, %buf: memref<8xf32>, %other: memref<8xf32>, %v: f32, %i: index)
    -> (f32, f32, f32, f32, f32, f32) {
  // CSE: %[[L0:.*]] = memref.load %[[BUF]][%[[I]]]
  // CSE-NEXT: "gpux.alloc"
  // CSE-NEXT: "gpux.memcpy"
  // CSE-NEXT: %[[L1:.*]] = memref.load %[[BUF]][%[[I]]]
  // CSE-NEXT: "gpux.memset"
  // CSE-NEXT: %[[L2:.*]] = memref.load %[[BUF]][%[[I]]]
  // CSE-NEXT: "gpux.wait"
  // CSE-NEXT: %[[L3:.*]] = memref.load %[[BUF]][%[[I]]]
  // CSE-NEXT: "gpux.destroy_stream"
  // CSE-NEXT: %[[L4:.*]] = memref.load %[[BUF]][%[[I]]]
  // CSE-NEXT: return %[[L0]], %[[L0]], %[[L1]], %[[L2]], %[[L3]], %[[L4]]
  %l0 = memref.load %buf[%i] : memref<8xf32>
  %a = "gpux.alloc"(%s) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (!gpux.StreamType) -> memref<8xf32>
  %l1 = memref.load %buf[%i] : memref<8xf32>
  "gpux.memcpy"(%s, %a, %other) : (!gpux.StreamType, memref<8xf32>, memref<8xf32>) -> ()
  %l2 = memref.load %buf[%i] : memref<8xf32>
  "gpux.memset"(%s, %a, %v) : (!gpux.StreamType, memref<8xf32>, f32) -> ()
  %l3 = memref.load %buf[%i] : memref<8xf32>
  "gpux.wait"(%s) : (!gpux.StreamType) -> ()
  %l4 = memref.load %buf[%i] : memref<8xf32>
  "gpux.destroy_stream"(%s) : (!gpux.StreamType) -> ()
  %l5 = memref.load %buf[%i] : memref<8xf32>
  return %l0, %l1, %l2, %l3, %l4, %l5 : f32, f32, f32, f32, f32, f32
}
