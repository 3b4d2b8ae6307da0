// The gpux pipeline's output runs under mlir-runner against a host-memory
// stand-in for the runtime (defined below in the LLVM dialect; the lowering
// uses existing definitions of the entry points). The stand-in checks what
// compiled code passes through the runtime ABI: the ParamDesc array (true
// sizes, values behind `data`, the {NULL, 0} terminator), the EventDesc
// array, the binary size, memset patterns, and the module handle that the
// global destructor unloads at exit. Its gpuLaunchKernel performs what the
// `scale` kernel would do: buf[i] *= factor for i < n.
// RUN: imex-opt %s --gpux | %host-run | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels attributes {gpu.binary = "\03\02\23\07KERNELS"} {
    gpu.func @scale(%buf: memref<?xf32>, %factor: f32, %n: i32) kernel {
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  // Two synchronous launches: x * 3 * 3.
  func.func @scale_twice(%host: memref<?xf32>, %factor: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n = memref.dim %host, %c0 : memref<?xf32>
    %n32 = arith.index_cast %n : index to i32
    %dev = gpu.alloc host_shared (%n) : memref<?xf32>
    gpu.memcpy %dev, %host : memref<?xf32>, memref<?xf32>
    scf.for %it = %c0 to %c2 step %c1 {
      gpu.launch_func @kernels::@scale blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1) args(%dev : memref<?xf32>, %factor : f32, %n32 : i32)
    }
    gpu.memcpy %host, %dev : memref<?xf32>, memref<?xf32>
    gpu.dealloc %dev : memref<?xf32>
    return
  }

  // memset, then two async launches; the second depends on the first's
  // event and on the memcpy's token (which has no event).
  func.func @fill_and_scale(%host: memref<?xf32>, %value: f32, %factor: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %host, %c0 : memref<?xf32>
    %n32 = arith.index_cast %n : index to i32
    %dev = gpu.alloc (%n) : memref<?xf32>
    gpu.memset %dev, %value : memref<?xf32>, f32
    %t0 = gpu.launch_func async @kernels::@scale blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1) args(%dev : memref<?xf32>, %factor : f32, %n32 : i32)
    %t1 = gpu.memcpy async [%t0] %host, %dev : memref<?xf32>, memref<?xf32>
    %t2 = gpu.launch_func async [%t0, %t1] @kernels::@scale blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1) args(%dev : memref<?xf32>, %factor : f32, %n32 : i32)
    gpu.wait [%t2]
    gpu.memcpy %host, %dev : memref<?xf32>, memref<?xf32>
    gpu.dealloc %dev : memref<?xf32>
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %f1 = arith.constant 1.0 : f32
    %f3 = arith.constant 3.0 : f32
    %f05 = arith.constant 0.5 : f32
    %f25 = arith.constant 2.5 : f32
    %host = memref.alloc(%c4) : memref<?xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %fi, %f1 : f32
      memref.store %v, %host[%i] : memref<?xf32>
    }
    call @scale_twice(%host, %f3) : (memref<?xf32>, f32) -> ()
    %u = memref.cast %host : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    call @fill_and_scale(%host, %f25, %f05) : (memref<?xf32>, f32, f32) -> ()
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %host : memref<?xf32>
    return
  }

  // scale_twice: the module (11 bytes) is loaded for each launch; each
  // launch gets three parameters of 8, 4 and 4 bytes and no dependencies.
  // CHECK: alloc 16 shared 1
  // CHECK-NEXT: copy 16
  // CHECK-NEXT: load 11
  // CHECK-NEXT: launch 4 1 1 1 1 1 smem 0
  // CHECK-NEXT: param 8
  // CHECK-NEXT: param 4
  // CHECK-NEXT: param 4
  // CHECK-NEXT: params 3 deps 0
  // CHECK-NEXT: wait
  // CHECK-NEXT: load 11
  // CHECK-NEXT: launch 4 1 1 1 1 1 smem 0
  // CHECK: params 3 deps 0
  // CHECK-NEXT: wait
  // CHECK-NEXT: copy 16
  // CHECK-NEXT: free
  // CHECK-NEXT: destroy stream
  // CHECK: [9,  18,  27,  36]
  // fill_and_scale: a 4-byte pattern over 16 bytes; the second launch waits
  // for the first one's event only.
  // CHECK: alloc 16 shared 0
  // CHECK-NEXT: memset 4 16
  // CHECK-NEXT: load 11
  // CHECK-NEXT: launch
  // CHECK: params 3 deps 0
  // CHECK-NEXT: copy 16
  // CHECK-NEXT: load 11
  // CHECK-NEXT: launch
  // CHECK: params 3 deps 1
  // CHECK-NEXT: wait
  // CHECK-NEXT: copy 16
  // CHECK-NEXT: free
  // CHECK-NEXT: destroy stream
  // CHECK: [0.625,  0.625,  0.625,  0.625]
  // At exit, the destructor unloads the module loaded above, once.
  // CHECK-NEXT: unload 1
  // CHECK-NOT: unload

  //===--------------------------------------------------------------------===//
  // Host-memory stand-in for the runtime entry points.
  //===--------------------------------------------------------------------===//

  llvm.func @printI64(i64)
  llvm.func @printNewline()
  llvm.func @putchar(i32) -> i32
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
  llvm.mlir.global internal @stream_object(0 : i64) : i64
  llvm.mlir.global internal @event_object(0 : i64) : i64
  llvm.mlir.global internal @loaded_module(0 : i64) : i64

  // Prints a short word (up to 8 characters packed into an i64, first
  // character in the lowest byte) followed by a space.
  llvm.func @word(%packed: i64) {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %c255 = llvm.mlir.constant(255 : i64) : i64
    %space = llvm.mlir.constant(32 : i32) : i32
    llvm.br ^loop(%packed : i64)
  ^loop(%rest: i64):
    %done = llvm.icmp "eq" %rest, %c0 : i64
    llvm.cond_br %done, ^exit, ^body
  ^body:
    %byte = llvm.and %rest, %c255 : i64
    %char = llvm.trunc %byte : i64 to i32
    %0 = llvm.call @putchar(%char) : (i32) -> i32
    %next = llvm.lshr %rest, %c8 : i64
    llvm.br ^loop(%next : i64)
  ^exit:
    %1 = llvm.call @putchar(%space) : (i32) -> i32
    llvm.return
  }

  llvm.func @gpuCreateStream(%device: !llvm.ptr, %context: !llvm.ptr) -> !llvm.ptr {
    %s = llvm.mlir.addressof @stream_object : !llvm.ptr
    llvm.return %s : !llvm.ptr
  }

  llvm.func @gpuStreamDestroy(%stream: !llvm.ptr) {
    %destroy = llvm.mlir.constant(0x796f7274736564 : i64) : i64
    %streamw = llvm.mlir.constant(0x6d6165727473 : i64) : i64
    llvm.call @word(%destroy) : (i64) -> ()
    llvm.call @word(%streamw) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }

  llvm.func @gpuMemAlloc(%stream: !llvm.ptr, %bytes: i64, %alignment: i64, %shared: i32) -> !llvm.ptr {
    %alloc = llvm.mlir.constant(0x636f6c6c61 : i64) : i64
    %sharedw = llvm.mlir.constant(0x646572616873 : i64) : i64
    llvm.call @word(%alloc) : (i64) -> ()
    llvm.call @printI64(%bytes) : (i64) -> ()
    %sp = llvm.mlir.constant(32 : i32) : i32
    %0 = llvm.call @putchar(%sp) : (i32) -> i32
    llvm.call @word(%sharedw) : (i64) -> ()
    %s64 = llvm.sext %shared : i32 to i64
    llvm.call @printI64(%s64) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %p = llvm.call @malloc(%bytes) : (i64) -> !llvm.ptr
    llvm.return %p : !llvm.ptr
  }

  llvm.func @gpuMemFree(%stream: !llvm.ptr, %p: !llvm.ptr) {
    %freew = llvm.mlir.constant(0x65657266 : i64) : i64
    llvm.call @word(%freew) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.call @free(%p) : (!llvm.ptr) -> ()
    llvm.return
  }

  llvm.func @gpuMemCopy(%stream: !llvm.ptr, %dst: !llvm.ptr, %src: !llvm.ptr, %bytes: i64) {
    %copy = llvm.mlir.constant(0x79706f63 : i64) : i64
    llvm.call @word(%copy) : (i64) -> ()
    llvm.call @printI64(%bytes) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    "llvm.intr.memcpy"(%dst, %src, %bytes) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.return
  }

  // Repeats the pattern over the buffer.
  llvm.func @gpuMemSet(%stream: !llvm.ptr, %dst: !llvm.ptr, %pattern: !llvm.ptr, %patternBytes: i64, %bytes: i64) {
    %memset = llvm.mlir.constant(0x7465736d656d : i64) : i64
    llvm.call @word(%memset) : (i64) -> ()
    llvm.call @printI64(%patternBytes) : (i64) -> ()
    %sp = llvm.mlir.constant(32 : i32) : i32
    %0 = llvm.call @putchar(%sp) : (i32) -> i32
    llvm.call @printI64(%bytes) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %c0 = llvm.mlir.constant(0 : i64) : i64
    llvm.br ^loop(%c0 : i64)
  ^loop(%i: i64):
    %more = llvm.icmp "ult" %i, %bytes : i64
    llvm.cond_br %more, ^body, ^exit
  ^body:
    %at = llvm.getelementptr %dst[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    "llvm.intr.memcpy"(%at, %pattern, %patternBytes) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %next = llvm.add %i, %patternBytes : i64
    llvm.br ^loop(%next : i64)
  ^exit:
    llvm.return
  }

  // The module handle is the binary's address.
  llvm.func @gpuModuleLoad(%stream: !llvm.ptr, %data: !llvm.ptr, %bytes: i64) -> !llvm.ptr {
    %load = llvm.mlir.constant(0x64616f6c : i64) : i64
    llvm.call @word(%load) : (i64) -> ()
    llvm.call @printI64(%bytes) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %record = llvm.mlir.addressof @loaded_module : !llvm.ptr
    %asInt = llvm.ptrtoint %data : !llvm.ptr to i64
    llvm.store %asInt, %record : i64, !llvm.ptr
    llvm.return %data : !llvm.ptr
  }

  // Prints 1 if it unloads the handle that gpuModuleLoad returned.
  llvm.func @gpuModuleUnload(%module: !llvm.ptr) {
    %unload = llvm.mlir.constant(0x64616f6c6e75 : i64) : i64
    llvm.call @word(%unload) : (i64) -> ()
    %record = llvm.mlir.addressof @loaded_module : !llvm.ptr
    %loaded = llvm.load %record : !llvm.ptr -> i64
    %asInt = llvm.ptrtoint %module : !llvm.ptr to i64
    %same = llvm.icmp "eq" %loaded, %asInt : i64
    %flag = llvm.zext %same : i1 to i64
    llvm.call @printI64(%flag) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }

  llvm.func @gpuKernelGet(%stream: !llvm.ptr, %module: !llvm.ptr, %name: !llvm.ptr) -> !llvm.ptr {
    llvm.return %name : !llvm.ptr
  }

  llvm.func @gpuWait(%stream: !llvm.ptr) {
    %wait = llvm.mlir.constant(0x74696177 : i64) : i64
    llvm.call @word(%wait) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }

  // Prints the launch shape, each parameter's size, the parameter and
  // dependency counts, then runs `scale` from parameters 0 (buffer), 1
  // (factor) and 2 (count). Returns a (non-null) event.
  llvm.func @gpuLaunchKernel(%stream: !llvm.ptr, %kernel: !llvm.ptr,
                             %gx: i64, %gy: i64, %gz: i64, %bx: i64, %by: i64, %bz: i64,
                             %smem: i32, %params: !llvm.ptr, %deps: !llvm.ptr) -> !llvm.ptr {
    %launch = llvm.mlir.constant(0x68636e75616c : i64) : i64
    %paramw = llvm.mlir.constant(0x6d61726170 : i64) : i64
    %paramsw = llvm.mlir.constant(0x736d61726170 : i64) : i64
    %depsw = llvm.mlir.constant(0x73706564 : i64) : i64
    %smemw = llvm.mlir.constant(0x6d656d73 : i64) : i64
    %sp = llvm.mlir.constant(32 : i32) : i32
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @word(%launch) : (i64) -> ()
    llvm.call @printI64(%gx) : (i64) -> ()
    %0 = llvm.call @putchar(%sp) : (i32) -> i32
    llvm.call @printI64(%gy) : (i64) -> ()
    %1 = llvm.call @putchar(%sp) : (i32) -> i32
    llvm.call @printI64(%gz) : (i64) -> ()
    %2 = llvm.call @putchar(%sp) : (i32) -> i32
    llvm.call @printI64(%bx) : (i64) -> ()
    %3 = llvm.call @putchar(%sp) : (i32) -> i32
    llvm.call @printI64(%by) : (i64) -> ()
    %4 = llvm.call @putchar(%sp) : (i32) -> i32
    llvm.call @printI64(%bz) : (i64) -> ()
    %5 = llvm.call @putchar(%sp) : (i32) -> i32
    llvm.call @word(%smemw) : (i64) -> ()
    %smem64 = llvm.sext %smem : i32 to i64
    llvm.call @printI64(%smem64) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.br ^params(%c0 : i64)
  ^params(%i: i64):
    %pdata = llvm.getelementptr %params[%i, 0] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(ptr, i64)>
    %data = llvm.load %pdata : !llvm.ptr -> !llvm.ptr
    %end = llvm.icmp "eq" %data, %null : !llvm.ptr
    llvm.cond_br %end, ^deps(%c0 : i64), ^param
  ^param:
    %psize = llvm.getelementptr %params[%i, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(ptr, i64)>
    %size = llvm.load %psize : !llvm.ptr -> i64
    llvm.call @word(%paramw) : (i64) -> ()
    llvm.call @printI64(%size) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    %inext = llvm.add %i, %c1 : i64
    llvm.br ^params(%inext : i64)
  ^deps(%j: i64):
    %pevent = llvm.getelementptr %deps[%j, 0] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(ptr)>
    %event = llvm.load %pevent : !llvm.ptr -> !llvm.ptr
    %dend = llvm.icmp "eq" %event, %null : !llvm.ptr
    %jnext = llvm.add %j, %c1 : i64
    llvm.cond_br %dend, ^report, ^deps(%jnext : i64)
  ^report:
    llvm.call @word(%paramsw) : (i64) -> ()
    llvm.call @printI64(%i) : (i64) -> ()
    %6 = llvm.call @putchar(%sp) : (i32) -> i32
    llvm.call @word(%depsw) : (i64) -> ()
    llvm.call @printI64(%j) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    // The `scale` kernel.
    %d0p = llvm.getelementptr %params[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, i64)>
    %d0 = llvm.load %d0p : !llvm.ptr -> !llvm.ptr
    %buf = llvm.load %d0 : !llvm.ptr -> !llvm.ptr
    %d1p = llvm.getelementptr %params[1, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, i64)>
    %d1 = llvm.load %d1p : !llvm.ptr -> !llvm.ptr
    %factor = llvm.load %d1 : !llvm.ptr -> f32
    %d2p = llvm.getelementptr %params[2, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, i64)>
    %d2 = llvm.load %d2p : !llvm.ptr -> !llvm.ptr
    %n32 = llvm.load %d2 : !llvm.ptr -> i32
    %n = llvm.sext %n32 : i32 to i64
    llvm.br ^scale(%c0 : i64)
  ^scale(%k: i64):
    %more = llvm.icmp "slt" %k, %n : i64
    llvm.cond_br %more, ^element, ^done
  ^element:
    %at = llvm.getelementptr %buf[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %x = llvm.load %at : !llvm.ptr -> f32
    %y = llvm.fmul %x, %factor : f32
    llvm.store %y, %at : f32, !llvm.ptr
    %knext = llvm.add %k, %c1 : i64
    llvm.br ^scale(%knext : i64)
  ^done:
    %ev = llvm.mlir.addressof @event_object : !llvm.ptr
    llvm.return %ev : !llvm.ptr
  }
}
