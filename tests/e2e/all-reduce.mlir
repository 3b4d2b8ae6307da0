// gpu.all_reduce in gpu.launch ops written by hand (as upstream's GPU
// integration tests write them), through the gpu pipeline on Vulkan, whose
// group operations are subgroup-wide only: an operation form (add) and a
// body form (max) in workgroups of 37 threads (not a power of two), and a
// sum over a 2-D workgroup (8x4) that each of its threads reads.
// Expected: per workgroup b, sum_t (t + b) - max_t (t + b) = 630 + 36 b;
// all 32 threads of the second see 0 + 1 + ... + 31 = 496.
// RUN: %if vulkan %{ imexc %s --pipeline=gpu --emit=exe -o %t && %t | FileCheck %s %}
// The host prints the buffers (an unranked call), so they stay host-shared
// where device memory is unmapped, as on a discrete GPU:
// RUN: %if vulkan %{ env IMEXRT_VULKAN_DEVICE_MEMORY=unmapped %t | FileCheck %s %}
// CHECK: [630,  666,  702]
// CHECK: [496,  496,  496,  496]

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c37 = arith.constant 37 : index
  %rows = memref.alloc() : memref<3xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c37, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %b = arith.index_cast %bx : index to i32
    %x = arith.addi %i, %b : i32
    %m = gpu.all_reduce %x {
    ^bb0(%p: i32, %q: i32):
      %s = arith.maxsi %p, %q : i32
      gpu.yield %s : i32
    } : (i32) -> (i32)
    %s = gpu.all_reduce add %x uniform {} : (i32) -> (i32)
    %r = arith.subi %s, %m : i32
    %last = arith.cmpi eq, %tx, %c0 : index
    scf.if %last {
      memref.store %r, %rows[%bx] : memref<3xi32>
    }
    gpu.terminator
  }
  %u = memref.cast %rows : memref<3xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %cols = memref.alloc() : memref<4xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c4, %sz = %c1) {
    %row = arith.muli %ty, %c8 : index
    %id = arith.addi %row, %tx : index
    %i = arith.index_cast %id : index to i32
    %s = gpu.all_reduce add %i uniform {} : (i32) -> (i32)
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      memref.store %s, %cols[%ty] : memref<4xi32>
    }
    gpu.terminator
  }
  %v = memref.cast %cols : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%v) : (memref<*xi32>) -> ()
  memref.dealloc %rows : memref<3xi32>
  memref.dealloc %cols : memref<4xi32>
  return
}
