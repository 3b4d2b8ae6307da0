// A program with its kernels already outlined (a gpu.module and
// gpu.launch_func, as upstream's Vulkan runner tests are written), through
// the gpu pipeline: the buffers main allocates and fills on the host become
// GPU memory, the kernel adds them, and the host reads the sum.
// RUN: %if vulkan %{ imexc %s --pipeline=gpu --emit=exe -o %t && env IMEXRT_CHECK_LEAKS=1 %t 2>&1 | FileCheck %s --implicit-check-not=imexrt %}
// CHECK: [3.5,  4.5,  5.5,  6.5,  7.5,  8.5,  9.5,  10.5]

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<8xf32>) kernel
        attributes {known_block_size = array<i32: 1, 1, 1>} {
      %i = gpu.block_id x
      %x = memref.load %a[%i] : memref<8xf32>
      %y = memref.load %b[%i] : memref<8xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %c[%i] : memref<8xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %half = arith.constant 3.5 : f32
    %a = memref.alloc() : memref<8xf32>
    %b = memref.alloc() : memref<8xf32>
    %c = memref.alloc() : memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %n = arith.index_cast %i : index to i32
      %f = arith.sitofp %n : i32 to f32
      memref.store %f, %a[%i] : memref<8xf32>
      memref.store %half, %b[%i] : memref<8xf32>
    }
    gpu.launch_func @kernels::@add blocks in (%c8, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : memref<8xf32>, %b : memref<8xf32>, %c : memref<8xf32>)
    %u = memref.cast %c : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %a : memref<8xf32>
    memref.dealloc %b : memref<8xf32>
    memref.dealloc %c : memref<8xf32>
    return
  }
}
