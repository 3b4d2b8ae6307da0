// The gpux pipeline: host-side gpu ops go onto the function's stream, then
// everything is lowered to the LLVM dialect with calls into the imexrt
// runtime, and the result translates to LLVM IR.
// RUN: imex-opt %s --gpux | FileCheck %s
// RUN: imex-opt %s --gpux | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

// CHECK-NOT: gpu.module
// CHECK-NOT: gpux.
// CHECK: llvm.mlir.global internal constant @kernels_scale_kernel_name("scale\00")
// CHECK: llvm.mlir.global internal constant @kernels_spirv_binary("\03\02#\07\00\00\01\00")
// CHECK-LABEL: llvm.func @scale_on_device
// CHECK: %[[S:.*]] = llvm.call @gpuCreateStream
// CHECK: %[[BUF:.*]] = llvm.call @gpuMemAlloc(%[[S]], %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, i64, i32) -> !llvm.ptr
// CHECK: llvm.call @gpuMemCopy(%[[S]],
// CHECK: llvm.cond_br
// CHECK: %[[MOD:.*]] = llvm.call @gpuModuleLoad(%[[S]],
// CHECK: %[[K:.*]] = llvm.call @gpuKernelGet(%[[S]], %[[MOD]],
// CHECK: llvm.call @gpuLaunchKernel(%[[S]], %[[K]],
// CHECK-NEXT: llvm.call @gpuWait(%[[S]])
// CHECK: llvm.call @gpuMemCopy(%[[S]],
// CHECK: llvm.call @gpuMemFree(%[[S]],
// CHECK-NEXT: llvm.call @gpuStreamDestroy(%[[S]])
// CHECK-NEXT: llvm.return
// CHECK: llvm.mlir.global internal @kernels_handle()
// CHECK: llvm.func internal @kernels_unload()
// CHECK: llvm.mlir.global_dtors dtors = [@kernels_unload]
// CHECK-NOT: unrealized_conversion_cast

// LLVMIR: @kernels_scale_kernel_name = internal constant [6 x i8] c"scale\00"{{$}}
// LLVMIR: @kernels_spirv_binary = internal constant [8 x i8] c"\03\02#\07\00\00\01\00"{{$}}
// LLVMIR: @kernels_handle = internal global ptr null, align 8
// LLVMIR: @llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @kernels_unload, ptr null }]
// LLVMIR: define void @scale_on_device(
// LLVMIR: %[[PARAMS:.*]] = alloca [4 x { ptr, i64 }]
// LLVMIR: %[[MOD:.*]] = call ptr @gpuModuleLoad(ptr %{{.*}}, ptr @kernels_spirv_binary, i64 8)
// LLVMIR: store atomic ptr %[[MOD]], ptr @kernels_handle monotonic, align 8
// LLVMIR: call ptr @gpuKernelGet(ptr %{{.*}}, ptr %[[MOD]], ptr @kernels_scale_kernel_name)
// LLVMIR: insertvalue [4 x { ptr, i64 }] %{{.*}}, i64 8, 0, 1
// LLVMIR: insertvalue [4 x { ptr, i64 }] %{{.*}}, i64 4, 1, 1
// LLVMIR: insertvalue [4 x { ptr, i64 }] %{{.*}}, i64 4, 2, 1
// LLVMIR: insertvalue [4 x { ptr, i64 }] %{{.*}}, ptr null, 3, 0
// LLVMIR: call ptr @gpuLaunchKernel(ptr %{{.*}}, ptr %{{.*}}, i64 %{{.*}}, i64 1, i64 1, i64 64, i64 1, i64 1, i32 0, ptr %[[PARAMS]], ptr %{{.*}})
// LLVMIR: define internal void @kernels_unload()
// LLVMIR: call void @gpuModuleUnload(ptr
// LLVMIR: declare void @gpuModuleUnload(ptr)
// LLVMIR: declare ptr @gpuLaunchKernel(ptr, ptr, i64, i64, i64, i64, i64, i64, i32, ptr, ptr)

module attributes {gpu.container_module} {
  // As serialize-spirv leaves it: the kernel binary in `gpu.binary`.
  gpu.module @kernels attributes {gpu.binary = "\03\02\23\07\00\00\01\00"} {
    gpu.func @scale(%buf: memref<?xf32>, %factor: f32, %n: i32) kernel {
      gpu.return
    }
  }

  func.func @scale_on_device(%host: memref<?xf32>, %factor: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %n = memref.dim %host, %c0 : memref<?xf32>
    %n32 = arith.index_cast %n : index to i32
    %dev = gpu.alloc host_shared (%n) : memref<?xf32>
    gpu.memcpy %dev, %host : memref<?xf32>, memref<?xf32>
    scf.for %it = %c0 to %c2 step %c1 {
      gpu.launch_func @kernels::@scale blocks in (%n, %c1, %c1) threads in (%c64, %c1, %c1) args(%dev : memref<?xf32>, %factor : f32, %n32 : i32)
    }
    gpu.memcpy %host, %dev : memref<?xf32>, memref<?xf32>
    gpu.dealloc %dev : memref<?xf32>
    return
  }
}
