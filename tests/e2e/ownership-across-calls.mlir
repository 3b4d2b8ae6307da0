// Device memory belongs to its device, not to the stream that allocated
// it: @make allocates on its own stream (convert-gpu-to-gpux gives each
// function one), destroys that stream and returns the buffer; @release
// frees it on its stream. With IMEXRT_CHECK_LEAKS=1 the runtime reports at
// exit what was never freed: nothing here, one buffer when the program
// forgets to release it; freeing it twice is an error.
// REQUIRES: vulkan
// RUN: imexc %s --pipeline=gpux --emit=exe -o %t
// RUN: env IMEXRT_CHECK_LEAKS=1 %t 2> %t.err | FileCheck %s
// RUN: not grep imexrt %t.err
// CHECK: [3,  3,  3,  3]
// RUN: sed 's/^  call @release(%m)/  \/\/ forgotten/' %s | imexc - --pipeline=gpux --emit=exe -o %t.leak
// RUN: env IMEXRT_CHECK_LEAKS=1 %t.leak 2>&1 >/dev/null | FileCheck %s --check-prefix=LEAK
// LEAK: imexrt: 1 device allocation(s) never freed (16 bytes)
// RUN: sed 's/^  call @release(%m) : (memref<4xf32>) -> ()/&\n&/' %s | imexc - --pipeline=gpux --emit=exe -o %t.twice
// RUN: not %t.twice 2>&1 >/dev/null | FileCheck %s --check-prefix=TWICE
// TWICE: imexrt: gpuMemFree {{.*}}: 0x{{[0-9a-f]+}} was not returned by gpuMemAlloc, or was freed already

func.func private @printMemrefF32(memref<*xf32>)

func.func @make() -> memref<4xf32> {
  %m = gpu.alloc host_shared () : memref<4xf32>
  %c = arith.constant 3.0 : f32
  gpu.memset %m, %c : memref<4xf32>, f32
  return %m : memref<4xf32>
}

func.func @release(%m: memref<4xf32>) {
  gpu.dealloc %m : memref<4xf32>
  return
}

func.func @main() {
  %m = call @make() : () -> memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @release(%m) : (memref<4xf32>) -> ()
  return
}
