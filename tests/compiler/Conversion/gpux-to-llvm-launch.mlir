// RUN: imex-opt %s -convert-gpux-to-llvm -split-input-file | FileCheck %s

// A synchronous launch: the binary (no NUL added) and the kernel name
// (NUL-terminated) become internal constant globals, at the start of the
// module, the newest first and without alignment, as IMEX emits them; the
// module handle lives in @K_handle, after the functions, which the
// destructor @K_unload passes to gpuModuleUnload;
// every kernel operand is passed through a stack slot with its true size
// (memrefs as their aligned pointer); the launch is followed by gpuWait.
// CHECK: llvm.mlir.global internal constant @K_k_kernel_name("k\00") {addr_space = 0 : i32}
// CHECK-NEXT: llvm.mlir.global internal constant @K_spirv_binary("\03\02#\07\00BIN") {addr_space = 0 : i32}
// CHECK-LABEL: llvm.func @widths
// CHECK-SAME: (%[[S:[^:]*]]: !llvm.ptr, %[[N:[^:]*]]: i64, %[[B:[^:]*]]: i1, %[[I8:[^:]*]]: i8, %[[I16:[^:]*]]: i16, %[[I32:[^:]*]]: i32, %[[I64:[^:]*]]: i64, %[[H:[^:]*]]: f16, %[[F:[^:]*]]: f32, %[[D:[^:]*]]: f64,
// CHECK-SAME: %[[V:[^:]*]]: vector<4xf32>)
// CHECK: %[[BIN:.*]] = llvm.mlir.addressof @K_spirv_binary : !llvm.ptr
// CHECK-NEXT: %[[BLOB:.*]] = llvm.getelementptr %[[BIN]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<8 x i8>
// CHECK-NEXT: %[[SIZE:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-NEXT: %[[MOD:.*]] = llvm.call @gpuModuleLoad(%[[S]], %[[BLOB]], %[[SIZE]]) : (!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
// CHECK-NEXT: %[[HANDLE:.*]] = llvm.mlir.addressof @K_handle : !llvm.ptr
// CHECK-NEXT: llvm.store %[[MOD]], %[[HANDLE]] atomic monotonic {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[NAMEADDR:.*]] = llvm.mlir.addressof @K_k_kernel_name : !llvm.ptr
// CHECK-NEXT: %[[NAME:.*]] = llvm.getelementptr %[[NAMEADDR]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x i8>
// CHECK-NEXT: %[[KERNEL:.*]] = llvm.call @gpuKernelGet(%[[S]], %[[MOD]], %[[NAME]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK-NEXT: llvm.mlir.undef : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK: %[[A0:.*]] = llvm.alloca %{{.*}} x i1 : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[B]], %[[A0]] : i1, !llvm.ptr
// CHECK-NEXT: %[[Z0:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[P0:.*]] = llvm.insertvalue %[[A0]], %{{.*}}[0, 0] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: llvm.insertvalue %[[Z0]], %[[P0]][0, 1] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK: %[[A1:.*]] = llvm.alloca %{{.*}} x i8 : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[I8]], %[[A1]] : i8, !llvm.ptr
// CHECK-NEXT: %[[Z1:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[P1:.*]] = llvm.insertvalue %[[A1]], %{{.*}}[1, 0] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: llvm.insertvalue %[[Z1]], %[[P1]][1, 1] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK: %[[A2:.*]] = llvm.alloca %{{.*}} x i16 : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[I16]], %[[A2]] : i16, !llvm.ptr
// CHECK-NEXT: %[[Z2:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %[[P2:.*]] = llvm.insertvalue %[[A2]], %{{.*}}[2, 0] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: llvm.insertvalue %[[Z2]], %[[P2]][2, 1] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK: %[[A3:.*]] = llvm.alloca %{{.*}} x i32 : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[I32]], %[[A3]] : i32, !llvm.ptr
// CHECK-NEXT: %[[Z3:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: %[[P3:.*]] = llvm.insertvalue %[[A3]], %{{.*}}[3, 0] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: llvm.insertvalue %[[Z3]], %[[P3]][3, 1] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK: %[[A4:.*]] = llvm.alloca %{{.*}} x i64 : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[I64]], %[[A4]] : i64, !llvm.ptr
// CHECK-NEXT: %[[Z4:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-NEXT: %[[P4:.*]] = llvm.insertvalue %[[A4]], %{{.*}}[4, 0] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: llvm.insertvalue %[[Z4]], %[[P4]][4, 1] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK: %[[A5:.*]] = llvm.alloca %{{.*}} x f16 : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[H]], %[[A5]] : f16, !llvm.ptr
// CHECK-NEXT: %[[Z5:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %[[P5:.*]] = llvm.insertvalue %[[A5]], %{{.*}}[5, 0] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: llvm.insertvalue %[[Z5]], %[[P5]][5, 1] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK: %[[A6:.*]] = llvm.alloca %{{.*}} x f32 : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[F]], %[[A6]] : f32, !llvm.ptr
// CHECK-NEXT: %[[Z6:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: %[[P6:.*]] = llvm.insertvalue %[[A6]], %{{.*}}[6, 0] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: llvm.insertvalue %[[Z6]], %[[P6]][6, 1] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK: %[[A7:.*]] = llvm.alloca %{{.*}} x f64 : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[D]], %[[A7]] : f64, !llvm.ptr
// CHECK-NEXT: %[[Z7:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-NEXT: %[[P7:.*]] = llvm.insertvalue %[[A7]], %{{.*}}[7, 0] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: llvm.insertvalue %[[Z7]], %[[P7]][7, 1] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK: %[[A8:.*]] = llvm.alloca %{{.*}} x i64 : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[N]], %[[A8]] : i64, !llvm.ptr
// CHECK-NEXT: %[[Z8:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-NEXT: %[[P8:.*]] = llvm.insertvalue %[[A8]], %{{.*}}[8, 0] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: llvm.insertvalue %[[Z8]], %[[P8]][8, 1] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK: %[[V9:.*]] = llvm.extractvalue %[[M9:.*]][1] : !llvm.struct<(ptr, ptr, i64
// CHECK: %[[A9:.*]] = llvm.alloca %{{.*}} x !llvm.ptr : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[V9]], %[[A9]] : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[Z9:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-NEXT: %[[P9:.*]] = llvm.insertvalue %[[A9]], %{{.*}}[9, 0] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: llvm.insertvalue %[[Z9]], %[[P9]][9, 1] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK: %[[V10:.*]] = llvm.extractvalue %[[M10:.*]][1] : !llvm.struct<(ptr, ptr, i64
// CHECK: %[[A10:.*]] = llvm.alloca %{{.*}} x !llvm.ptr : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[V10]], %[[A10]] : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[Z10:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-NEXT: %[[P10:.*]] = llvm.insertvalue %[[A10]], %{{.*}}[10, 0] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: llvm.insertvalue %[[Z10]], %[[P10]][10, 1] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK: %[[A11:.*]] = llvm.alloca %{{.*}} x vector<4xf32> : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[V]], %[[A11]] : vector<4xf32>, !llvm.ptr
// CHECK-NEXT: %[[Z11:.*]] = llvm.mlir.constant(16 : i64) : i64
// CHECK-NEXT: %[[P11:.*]] = llvm.insertvalue %[[A11]], %{{.*}}[11, 0] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: llvm.insertvalue %[[Z11]], %[[P11]][11, 1] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: %[[ENDP:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[E0:.*]] = llvm.insertvalue %[[ENDP]], %{{.*}}[12, 0] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: %[[ENDZ:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %[[PARAMS:.*]] = llvm.insertvalue %[[ENDZ]], %[[E0]][12, 1] : !llvm.array<13 x struct<(ptr, i64)>>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[PSLOT:.*]] = llvm.alloca %[[ONE]] x !llvm.array<13 x struct<(ptr, i64)>> : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[PARAMS]], %[[PSLOT]] : !llvm.array<13 x struct<(ptr, i64)>>, !llvm.ptr
// CHECK-NEXT: %[[ONE2:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[DEPS:.*]] = llvm.alloca %[[ONE2]] x !llvm.array<1 x struct<(ptr)>> : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[DNULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[POS:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %[[DEND:.*]] = llvm.getelementptr %[[DEPS]][0, %[[POS]], 0] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<1 x struct<(ptr)>>
// CHECK-NEXT: llvm.store %[[DNULL]], %[[DEND]] : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[SMEM:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.call @gpuLaunchKernel(%[[S]], %[[KERNEL]], %[[N]], %[[N]], %[[N]], %[[N]], %[[N]], %[[N]], %[[SMEM]], %[[PSLOT]], %[[DEPS]]) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK-NEXT: llvm.call @gpuWait(%[[S]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.return
// CHECK: llvm.mlir.global internal @K_handle() {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.ptr {
// CHECK-NEXT: %[[Z:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: llvm.return %[[Z]] : !llvm.ptr
// CHECK: llvm.func internal @K_unload() {
// CHECK-NEXT: %[[ADDR:.*]] = llvm.mlir.addressof @K_handle : !llvm.ptr
// CHECK-NEXT: %[[H:.*]] = llvm.load %[[ADDR]] atomic monotonic {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[LOADED:.*]] = llvm.icmp "ne" %[[H]], %[[NULL]] : !llvm.ptr
// CHECK-NEXT: llvm.cond_br %[[LOADED]], ^[[UNLOAD:.*]], ^[[DONE:.*]]
// CHECK-NEXT: ^[[UNLOAD]]:
// CHECK-NEXT: llvm.call @gpuModuleUnload(%[[H]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.store %[[NULL]], %[[ADDR]] atomic monotonic {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: llvm.br ^[[DONE]]
// CHECK-NEXT: ^[[DONE]]:
// CHECK-NEXT: llvm.return
// CHECK: llvm.func @gpuModuleUnload(!llvm.ptr)
// CHECK: llvm.mlir.global_dtors dtors = [@K_unload], priorities = [65535 : i32], data = [#llvm.zero]
// CHECK-DAG: llvm.func @gpuModuleLoad(!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @gpuKernelGet(!llvm.ptr, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK-DAG: llvm.func @gpuLaunchKernel(!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK-DAG: llvm.func @gpuWait(!llvm.ptr)
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  gpu.module @K attributes {gpu.binary = "\03\02\23\07\00BIN"} {
    gpu.func @k(%a0: i1, %a1: i8, %a2: i16, %a3: i32, %a4: i64, %a5: f16, %a6: f32, %a7: f64, %a8: index, %a9: memref<8xf32>, %a10: memref<?x?xi8>, %a11: vector<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @widths(%s: !gpux.StreamType, %n: index, %a0: i1, %a1: i8, %a2: i16, %a3: i32, %a4: i64, %a5: f16, %a6: f32, %a7: f64, %a9: memref<8xf32>, %a10: memref<?x?xi8>, %a11: vector<4xf32>) {
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n, %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %n, %a9, %a10, %a11) {kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 12>} : (!gpux.StreamType, index, index, index, index, index, index, i1, i8, i16, i32, i64, f16, f32, f64, index, memref<8xf32>, memref<?x?xi8>, vector<4xf32>) -> ()
    return
  }
}

// -----

// An async launch: dynamic shared memory is passed as the i32 size, the
// launch's event replaces its token, and the dependencies' events fill the
// EventDesc array, null events (here the memset's token, a null constant, is
// left out statically; others at run time) never ending it early.
// CHECK-LABEL: llvm.func @async
// CHECK-SAME: (%[[S:[^:]*]]: !llvm.ptr, %[[N:[^:]*]]: i64, %[[SMEM:[^:]*]]: i32, %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %[[T0:[^:]*]]: !llvm.ptr, %[[T1:[^:]*]]: !llvm.ptr)
// CHECK: llvm.call @gpuMemSet
// CHECK: %[[KERNEL:.*]] = llvm.call @gpuKernelGet
// CHECK: %[[PSLOT:.*]] = llvm.alloca %{{.*}} x !llvm.array<2 x struct<(ptr, i64)>>
// CHECK: %[[DEPS:.*]] = llvm.alloca %{{.*}} x !llvm.array<3 x struct<(ptr)>> : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[P0:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %[[E0:.*]] = llvm.getelementptr %[[DEPS]][0, %[[P0]], 0] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<3 x struct<(ptr)>>
// CHECK-NEXT: llvm.store %[[T0]], %[[E0]] : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[NZ0:.*]] = llvm.icmp "ne" %[[T0]], %[[NULL]] : !llvm.ptr
// CHECK-NEXT: %[[STEP0:.*]] = llvm.zext %[[NZ0]] : i1 to i64
// CHECK-NEXT: %[[P1:.*]] = llvm.add %[[P0]], %[[STEP0]] : i64
// CHECK-NEXT: %[[E1:.*]] = llvm.getelementptr %[[DEPS]][0, %[[P1]], 0]
// CHECK-NEXT: llvm.store %[[T1]], %[[E1]] : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[NZ1:.*]] = llvm.icmp "ne" %[[T1]], %[[NULL]] : !llvm.ptr
// CHECK-NEXT: %[[STEP1:.*]] = llvm.zext %[[NZ1]] : i1 to i64
// CHECK-NEXT: %[[P2:.*]] = llvm.add %[[P1]], %[[STEP1]] : i64
// CHECK-NEXT: %[[E2:.*]] = llvm.getelementptr %[[DEPS]][0, %[[P2]], 0]
// CHECK-NEXT: llvm.store %[[NULL]], %[[E2]] : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[EV:.*]] = llvm.call @gpuLaunchKernel(%[[S]], %[[KERNEL]], %[[N]], %[[N]], %[[N]], %[[N]], %[[N]], %[[N]], %[[SMEM]], %[[PSLOT]], %[[DEPS]])
// CHECK-NOT: gpuWait
// CHECK-NEXT: llvm.return %[[EV]] : !llvm.ptr
module attributes {gpu.container_module} {
  gpu.module @K attributes {gpu.binary = "BIN"} {
    gpu.func @k(%arg0: memref<?xf32>) kernel {
      gpu.return
    }
  }
  func.func @async(%s: !gpux.StreamType, %n: index, %smem: i32, %m: memref<?xf32>, %t0: !gpu.async.token, %t1: !gpu.async.token) -> !gpu.async.token {
    %c0 = arith.constant 0.0 : f32
    %t2 = "gpux.memset"(%t1, %s, %m, %c0) : (!gpu.async.token, !gpux.StreamType, memref<?xf32>, f32) -> !gpu.async.token
    %t3 = "gpux.launch_func"(%t0, %t1, %t2, %s, %n, %n, %n, %n, %n, %n, %smem, %m) {kernel = @K::@k, operandSegmentSizes = array<i32: 3, 1, 1, 1, 1, 1, 1, 1, 1, 1>} : (!gpu.async.token, !gpu.async.token, !gpu.async.token, !gpux.StreamType, index, index, index, index, index, index, i32, memref<?xf32>) -> !gpu.async.token
    return %t3 : !gpu.async.token
  }
}

// -----

// Several launches share the per-module globals: one binary, handle and
// destructor per gpu.module, one name per kernel; each runtime function is
// declared once; an existing destructor list is extended; every gpu.module,
// launched or not, is erased.
// CHECK: llvm.mlir.global internal constant @L_a_kernel_name("a\00")
// CHECK-NEXT: llvm.mlir.global internal constant @L_spirv_binary("second")
// CHECK-NEXT: llvm.mlir.global internal constant @K_b_kernel_name("b\00")
// CHECK-NEXT: llvm.mlir.global internal constant @K_a_kernel_name("a\00")
// CHECK-NEXT: llvm.mlir.global internal constant @K_spirv_binary("first")
// CHECK-LABEL: llvm.func @many
// CHECK: llvm.mlir.addressof @K_spirv_binary
// CHECK: llvm.mlir.addressof @K_a_kernel_name
// CHECK: llvm.call @gpuLaunchKernel
// CHECK: llvm.mlir.addressof @K_spirv_binary
// CHECK: llvm.mlir.addressof @K_a_kernel_name
// CHECK: llvm.call @gpuLaunchKernel
// CHECK: llvm.mlir.addressof @K_spirv_binary
// CHECK: llvm.mlir.addressof @K_b_kernel_name
// CHECK: llvm.call @gpuLaunchKernel
// CHECK: llvm.mlir.addressof @L_spirv_binary
// CHECK: llvm.mlir.addressof @L_handle
// CHECK: llvm.mlir.addressof @L_a_kernel_name
// CHECK: llvm.call @gpuLaunchKernel
// CHECK: llvm.mlir.global internal @K_handle()
// CHECK: llvm.func internal @K_unload()
// CHECK: llvm.mlir.global internal @L_handle()
// CHECK: llvm.func internal @L_unload()
// CHECK: llvm.mlir.global_dtors dtors = [@user_dtor, @K_unload, @L_unload], priorities = [0 : i32, 65535 : i32, 65535 : i32], data = [#llvm.zero, #llvm.zero, #llvm.zero]
// CHECK-NOT: llvm.mlir.global_dtors
// CHECK-NOT: gpu.module
// CHECK-COUNT-1: llvm.func @gpuLaunchKernel(
// CHECK-NOT: llvm.func @gpuLaunchKernel(
module attributes {gpu.container_module} {
  gpu.module @K attributes {gpu.binary = "first"} {
    gpu.func @a(%arg0: i32) kernel { gpu.return }
    gpu.func @b(%arg0: i32) kernel { gpu.return }
  }
  gpu.module @L attributes {gpu.binary = "second"} {
    gpu.func @a(%arg0: i32) kernel { gpu.return }
  }
  gpu.module @unused {
  }
  llvm.func @user_dtor() {
    llvm.return
  }
  llvm.mlir.global_dtors dtors = [@user_dtor], priorities = [0 : i32], data = [#llvm.zero]
  func.func @many(%s: !gpux.StreamType, %n: index, %x: i32) {
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n, %x) {kernel = @K::@a, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 1>} : (!gpux.StreamType, index, index, index, index, index, index, i32) -> ()
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n, %x) {kernel = @K::@a, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 1>} : (!gpux.StreamType, index, index, index, index, index, index, i32) -> ()
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n, %x) {kernel = @K::@b, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 1>} : (!gpux.StreamType, index, index, index, index, index, index, i32) -> ()
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n, %x) {kernel = @L::@a, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 1>} : (!gpux.StreamType, index, index, index, index, index, index, i32) -> ()
    return
  }
}

// -----

// A launch outside the entry block (here in a loop body) gets its stack
// slots at the start of the function's entry block.
// CHECK-LABEL: llvm.func @in_loop
// CHECK-NEXT: unrealized_conversion_cast
// CHECK-NEXT: llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[DEPS:.*]] = llvm.alloca %{{.*}} x !llvm.array<1 x struct<(ptr)>>
// CHECK-NEXT: llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[PARAMS:.*]] = llvm.alloca %{{.*}} x !llvm.array<2 x struct<(ptr, i64)>>
// CHECK-NEXT: llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[SLOT:.*]] = llvm.alloca %{{.*}} x f32
// CHECK: scf.for
// CHECK-NOT: llvm.alloca
// CHECK: llvm.store %{{.*}}, %[[SLOT]] : f32, !llvm.ptr
// CHECK: llvm.call @gpuLaunchKernel(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[PARAMS]], %[[DEPS]])
// CHECK-NEXT: llvm.call @gpuWait
module attributes {gpu.container_module} {
  gpu.module @K attributes {gpu.binary = "BIN"} {
    gpu.func @k(%arg0: f32) kernel {
      gpu.return
    }
  }
  func.func @in_loop(%s: !gpux.StreamType, %n: index, %f: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n, %f) {kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 1>} : (!gpux.StreamType, index, index, index, index, index, index, f32) -> ()
    }
    return
  }
}

// -----

// Existing globals of the expected form are reused.
// CHECK: llvm.mlir.global internal constant @K_spirv_binary("BIN")
// CHECK-NOT: @K_spirv_binary(
// CHECK-LABEL: llvm.func @reuse
// CHECK: llvm.mlir.addressof @K_spirv_binary
module attributes {gpu.container_module} {
  llvm.mlir.global internal constant @K_spirv_binary("BIN") {addr_space = 0 : i32}
  gpu.module @K attributes {gpu.binary = "BIN"} {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @reuse(%s: !gpux.StreamType, %n: index) {
    "gpux.launch_func"(%s, %n, %n, %n, %n, %n, %n) {kernel = @K::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0>} : (!gpux.StreamType, index, index, index, index, index, index) -> ()
    return
  }
}
