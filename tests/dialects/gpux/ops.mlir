// Every gpux op and type, in the generic form (the only form gpux has).
// RUN: imex-opt %s | FileCheck %s
// RUN: imex-opt %s | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | imex-opt | FileCheck %s

// CHECK: #[[MAP:.*]] = affine_map<(d0)[s0] -> (d0 + s0)>

module attributes {gpu.container_module} {
  gpu.module @K {
    gpu.func @k(%arg0: memref<8xf32>) kernel {
      gpu.return
    }
    gpu.func @k2(%arg0: memref<?xf32>, %arg1: f32) kernel {
      gpu.return
    }
  }

  // CHECK-LABEL: func.func @types
  // CHECK-SAME: (%{{.*}}: !gpux.OpaqueType, %{{.*}}: !gpux.StreamType, %{{.*}}: !gpux.DeviceType, %{{.*}}: !gpux.ContextType)
  // CHECK-SAME: -> (!gpux.OpaqueType, !gpux.StreamType, !gpux.DeviceType, !gpux.ContextType)
  func.func @types(%o: !gpux.OpaqueType, %s: !gpux.StreamType, %d: !gpux.DeviceType, %c: !gpux.ContextType)
      -> (!gpux.OpaqueType, !gpux.StreamType, !gpux.DeviceType, !gpux.ContextType) {
    return %o, %s, %d, %c : !gpux.OpaqueType, !gpux.StreamType, !gpux.DeviceType, !gpux.ContextType
  }

  // CHECK-LABEL: func.func @handles
  // CHECK-SAME: (%[[IN:.*]]: !gpux.DeviceType)
  func.func @handles(%in: !gpux.DeviceType) {
    // CHECK: %[[DEV:.*]] = "gpux.create_device"(%[[IN]]) : (!gpux.DeviceType) -> !gpux.DeviceType
    %dev = "gpux.create_device"(%in) : (!gpux.DeviceType) -> !gpux.DeviceType
    // CHECK: %[[CTX:.*]] = "gpux.create_context"(%[[DEV]]) : (!gpux.DeviceType) -> !gpux.ContextType
    %ctx = "gpux.create_context"(%dev) : (!gpux.DeviceType) -> !gpux.ContextType
    // CHECK: %[[S0:.*]] = "gpux.create_stream"() : () -> !gpux.StreamType
    %s0 = "gpux.create_stream"() : () -> !gpux.StreamType
    // CHECK: %[[S1:.*]] = "gpux.create_stream"(%[[DEV]], %[[CTX]]) : (!gpux.DeviceType, !gpux.ContextType) -> !gpux.StreamType
    %s1 = "gpux.create_stream"(%dev, %ctx) : (!gpux.DeviceType, !gpux.ContextType) -> !gpux.StreamType
    // CHECK: "gpux.destroy_stream"(%[[S1]]) : (!gpux.StreamType) -> ()
    "gpux.destroy_stream"(%s1) : (!gpux.StreamType) -> ()
    // CHECK: "gpux.destroy_stream"(%[[S0]]) : (!gpux.StreamType) -> ()
    "gpux.destroy_stream"(%s0) : (!gpux.StreamType) -> ()
    // CHECK: "gpux.destroy_context"(%[[CTX]]) : (!gpux.ContextType) -> ()
    "gpux.destroy_context"(%ctx) : (!gpux.ContextType) -> ()
    // CHECK: "gpux.destroy_device"(%[[DEV]]) : (!gpux.DeviceType) -> ()
    "gpux.destroy_device"(%dev) : (!gpux.DeviceType) -> ()
    return
  }

  // The example from the interface spec.
  // CHECK-LABEL: func.func @spec_example
  func.func @spec_example() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // CHECK: %[[S:.*]] = "gpux.create_stream"() : () -> !gpux.StreamType
    %s = "gpux.create_stream"() : () -> !gpux.StreamType
    // CHECK: %[[M:.*]] = "gpux.alloc"(%[[S]]) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (!gpux.StreamType) -> memref<8xf32>
    %m = "gpux.alloc"(%s) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (!gpux.StreamType) -> memref<8xf32>
    // CHECK: "gpux.launch_func"(%[[S]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[M]]) <{kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 1>}> : (!gpux.StreamType, index, index, index, index, index, index, memref<8xf32>) -> ()
    "gpux.launch_func"(%s, %c8, %c1, %c1, %c1, %c1, %c1, %m) <{kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 1>}> : (!gpux.StreamType, index, index, index, index, index, index, memref<8xf32>) -> ()
    // CHECK: "gpux.dealloc"(%[[S]], %[[M]]) : (!gpux.StreamType, memref<8xf32>) -> ()
    "gpux.dealloc"(%s, %m) : (!gpux.StreamType, memref<8xf32>) -> ()
    // CHECK: "gpux.destroy_stream"(%[[S]]) : (!gpux.StreamType) -> ()
    "gpux.destroy_stream"(%s) : (!gpux.StreamType) -> ()
    return
  }

  // Dynamic shared memory, several kernel operands, async token with deps.
  // CHECK-LABEL: func.func @launch
  // CHECK-SAME: (%[[S:[^:]*]]: !gpux.StreamType, %[[N:[^:]*]]: index, %[[SM:[^:]*]]: i32, %[[BUF:[^:]*]]: memref<?xf32>, %[[F:[^:]*]]: f32, %[[T0:[^:]*]]: !gpu.async.token, %[[T1:[^:]*]]: !gpu.async.token)
  func.func @launch(%s: !gpux.StreamType, %n: index, %smem: i32, %buf: memref<?xf32>, %f: f32,
                    %t0: !gpu.async.token, %t1: !gpu.async.token) -> !gpu.async.token {
    // CHECK: "gpux.launch_func"(%[[S]], %[[N]], %[[N]], %[[N]], %[[N]], %[[N]], %[[N]], %[[SM]], %[[BUF]], %[[F]]) <{kernel = @K::@k2, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 1, 2>}> : (!gpux.StreamType, index, index, index, index, index, index, i32, memref<?xf32>, f32) -> ()
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n, %smem, %buf, %f) <{kernel = @K::@k2, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 1, 2>}> : (!gpux.StreamType, index, index, index, index, index, index, i32, memref<?xf32>, f32) -> ()
    // CHECK: %[[T:.*]] = "gpux.launch_func"(%[[T0]], %[[T1]], %[[S]], %[[N]], %[[N]], %[[N]], %[[N]], %[[N]], %[[N]]) <{kernel = @K::@k2, operandSegmentSizes = array<i32: 2, 1, 1, 1, 1, 1, 1, 1, 0, 0>}> : (!gpu.async.token, !gpu.async.token, !gpux.StreamType, index, index, index, index, index, index) -> !gpu.async.token
    %t = "gpux.launch_func"(%t0, %t1, %s, %n, %n, %n, %n, %n, %n) <{kernel = @K::@k2, operandSegmentSizes = array<i32: 2, 1, 1, 1, 1, 1, 1, 1, 0, 0>}> : (!gpu.async.token, !gpu.async.token, !gpux.StreamType, index, index, index, index, index, index) -> !gpu.async.token
    // CHECK: return %[[T]]
    return %t : !gpu.async.token
  }

  // CHECK-LABEL: func.func @alloc
  // CHECK-SAME: (%[[S:[^:]*]]: !gpux.StreamType, %[[N:[^:]*]]: index, %[[T0:[^:]*]]: !gpu.async.token)
  func.func @alloc(%s: !gpux.StreamType, %n: index, %t0: !gpu.async.token) -> !gpu.async.token {
    // CHECK: %{{.*}} = "gpux.alloc"(%[[S]], %[[N]], %[[N]]) <{operandSegmentSizes = array<i32: 0, 1, 2, 0>}> : (!gpux.StreamType, index, index) -> memref<?x?xf32>
    %a = "gpux.alloc"(%s, %n, %n) <{operandSegmentSizes = array<i32: 0, 1, 2, 0>}> : (!gpux.StreamType, index, index) -> memref<?x?xf32>
    // CHECK: %{{.*}} = "gpux.alloc"(%[[S]], %[[N]]) <{hostShared, operandSegmentSizes = array<i32: 0, 1, 0, 1>}> : (!gpux.StreamType, index) -> memref<4xf32, #[[MAP]]>
    %b = "gpux.alloc"(%s, %n) <{hostShared, operandSegmentSizes = array<i32: 0, 1, 0, 1>}> : (!gpux.StreamType, index) -> memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
    // CHECK: %{{.*}}, %[[T:.*]] = "gpux.alloc"(%[[T0]], %[[S]], %[[N]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!gpu.async.token, !gpux.StreamType, index) -> (memref<?xi8>, !gpu.async.token)
    %c, %t = "gpux.alloc"(%t0, %s, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!gpu.async.token, !gpux.StreamType, index) -> (memref<?xi8>, !gpu.async.token)
    // CHECK: return %[[T]]
    return %t : !gpu.async.token
  }

  // CHECK-LABEL: func.func @transfers
  // CHECK-SAME: (%[[S:[^:]*]]: !gpux.StreamType, %[[D:[^:]*]]: memref<8xf32>, %[[SRC:[^:]*]]: memref<8xf32>, %[[V:[^:]*]]: f32, %[[T0:[^:]*]]: !gpu.async.token)
  func.func @transfers(%s: !gpux.StreamType, %dst: memref<8xf32>, %src: memref<8xf32>, %v: f32,
                       %t0: !gpu.async.token) {
    // CHECK: "gpux.memcpy"(%[[S]], %[[D]], %[[SRC]]) : (!gpux.StreamType, memref<8xf32>, memref<8xf32>) -> ()
    "gpux.memcpy"(%s, %dst, %src) : (!gpux.StreamType, memref<8xf32>, memref<8xf32>) -> ()
    // CHECK: %[[T1:.*]] = "gpux.memcpy"(%[[T0]], %[[S]], %[[D]], %[[SRC]]) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>, memref<8xf32>) -> !gpu.async.token
    %t1 = "gpux.memcpy"(%t0, %s, %dst, %src) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>, memref<8xf32>) -> !gpu.async.token
    // CHECK: "gpux.memset"(%[[S]], %[[D]], %[[V]]) : (!gpux.StreamType, memref<8xf32>, f32) -> ()
    "gpux.memset"(%s, %dst, %v) : (!gpux.StreamType, memref<8xf32>, f32) -> ()
    // CHECK: %[[T2:.*]] = "gpux.memset"(%[[T1]], %[[S]], %[[D]], %[[V]]) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>, f32) -> !gpu.async.token
    %t2 = "gpux.memset"(%t1, %s, %dst, %v) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>, f32) -> !gpu.async.token
    // CHECK: %[[T3:.*]] = "gpux.dealloc"(%[[T2]], %[[S]], %[[SRC]]) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>) -> !gpu.async.token
    %t3 = "gpux.dealloc"(%t2, %s, %src) : (!gpu.async.token, !gpux.StreamType, memref<8xf32>) -> !gpu.async.token
    // CHECK: %[[T4:.*]] = "gpux.wait"(%[[T1]], %[[T3]], %[[S]]) : (!gpu.async.token, !gpu.async.token, !gpux.StreamType) -> !gpu.async.token
    %t4 = "gpux.wait"(%t1, %t3, %s) : (!gpu.async.token, !gpu.async.token, !gpux.StreamType) -> !gpu.async.token
    // CHECK: "gpux.wait"(%[[T4]], %[[S]]) : (!gpu.async.token, !gpux.StreamType) -> ()
    "gpux.wait"(%t4, %s) : (!gpu.async.token, !gpux.StreamType) -> ()
    // CHECK: "gpux.wait"(%[[S]]) : (!gpux.StreamType) -> ()
    "gpux.wait"(%s) : (!gpux.StreamType) -> ()
    return
  }

  // The imexc extension has a custom form; it round-trips in both.
  // CHECK-LABEL: func.func @is_gpu_memory
  // CHECK-SAME: (%[[M:[^:]*]]: memref<?xf32, strided<[?], offset: ?>>)
  func.func @is_gpu_memory(%m: memref<?xf32, strided<[?], offset: ?>>) -> i1 {
    // CHECK: %[[R:.*]] = gpux.is_gpu_memory %[[M]] : memref<?xf32, strided<[?], offset: ?>>
    %r = gpux.is_gpu_memory %m : memref<?xf32, strided<[?], offset: ?>>
    // CHECK: %[[H:.*]] = gpux.is_gpu_memory %[[M]] host_access : memref<?xf32, strided<[?], offset: ?>>
    %h = gpux.is_gpu_memory %m host_access : memref<?xf32, strided<[?], offset: ?>>
    // CHECK: %[[B:.*]] = arith.andi %[[R]], %[[H]]
    %b = arith.andi %r, %h : i1
    // CHECK: return %[[B]]
    return %b : i1
  }
}
