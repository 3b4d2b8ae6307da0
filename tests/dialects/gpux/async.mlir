// gpux ops implement the upstream gpu::AsyncOpInterface, so upstream async
// passes thread tokens through them: gpu-async-region adds a dependency
// (growing the first operandSegmentSizes entry of launch_func/alloc) and a
// token result to each gpux op, and reuses tokens the ops already return.
// Ops without the interface (create_stream, destroy_stream) are left alone.
// RUN: imex-opt %s --gpu-async-region | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @K {
    gpu.func @k(%arg0: memref<8xf32>) kernel {
      gpu.return
    }
  }

  // CHECK-LABEL: func.func @thread_tokens
  // CHECK-SAME: (%[[V:.*]]: f32)
  func.func @thread_tokens(%v: f32) {
    %c1 = arith.constant 1 : index
    // CHECK: %[[S:.*]] = "gpux.create_stream"() : () -> !gpux.StreamType
    %s = "gpux.create_stream"() : () -> !gpux.StreamType
    // CHECK-NEXT: %[[T0:.*]] = gpu.wait async
    // CHECK-NEXT: %[[M:.*]], %[[T1:.*]] = "gpux.alloc"(%[[T0]], %[[S]]) <{hostShared, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!gpu.async.token, !gpux.StreamType) -> (memref<8xf32>, !gpu.async.token)
    %m = "gpux.alloc"(%s) {hostShared, operandSegmentSizes = array<i32: 0, 1, 0, 0>} : (!gpux.StreamType) -> memref<8xf32>
    // CHECK-NEXT: %[[T2:.*]] = "gpux.memset"(%[[T1]], %[[S]], %[[M]], %[[V]]) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>, f32) -> !gpu.async.token
    "gpux.memset"(%s, %m, %v) : (!gpux.StreamType, memref<8xf32>, f32) -> ()
    // CHECK-NEXT: %[[T3:.*]] = "gpux.launch_func"(%[[T2]], %[[S]], %{{.*}}, %[[M]]) <{kernel = @K::@k, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0, 1>}> : (!gpu.async.token, !gpux.StreamType, index, index, index, index, index, index, memref<8xf32>) -> !gpu.async.token
    "gpux.launch_func"(%s, %c1, %c1, %c1, %c1, %c1, %c1, %m) <{kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 1>}> : (!gpux.StreamType, index, index, index, index, index, index, memref<8xf32>) -> ()
    // An op that already returns a token only gains the dependency.
    // CHECK-NEXT: %[[T4:.*]] = "gpux.memcpy"(%[[T3]], %[[S]], %[[M]], %[[M]]) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>, memref<8xf32>) -> !gpu.async.token
    %t = "gpux.memcpy"(%s, %m, %m) : (!gpux.StreamType, memref<8xf32>, memref<8xf32>) -> !gpu.async.token
    // CHECK-NEXT: %[[T5:.*]] = "gpux.wait"(%[[T4]], %[[S]]) : (!gpu.async.token, !gpux.StreamType) -> !gpu.async.token
    "gpux.wait"(%s) : (!gpux.StreamType) -> ()
    // CHECK-NEXT: %[[T6:.*]] = "gpux.dealloc"(%[[T5]], %[[S]], %[[M]]) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>) -> !gpu.async.token
    "gpux.dealloc"(%s, %m) : (!gpux.StreamType, memref<8xf32>) -> ()
    // The host waits for the last token before the stream goes away.
    // CHECK-NEXT: gpu.wait [%[[T6]]]
    // CHECK-NEXT: "gpux.destroy_stream"(%[[S]]) : (!gpux.StreamType) -> ()
    "gpux.destroy_stream"(%s) : (!gpux.StreamType) -> ()
    return
  }
}
