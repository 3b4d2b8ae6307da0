// gpu.barrier and gpu.subgroup_reduce in a gpu.launch written by hand,
// through the gpu pipeline (whose buffer deallocation needs their memory
// effects): eight threads write a shared buffer, meet at the barrier and
// read it reversed; each sums its subgroup's values (lavapipe's subgroups
// have 8 lanes, a GPU's more: one subgroup here either way).
// RUN: %if vulkan %{ imexc %s --pipeline=gpu --emit=exe -o %t && %t | FileCheck %s %}
// CHECK: [7,  6,  5,  4,  3,  2,  1,  0]
// CHECK: [28,  28,  28,  28,  28,  28,  28,  28]

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %mid = memref.alloc() : memref<8xf32>
  %reversed = memref.alloc() : memref<8xf32>
  %sums = memref.alloc() : memref<8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %v = arith.sitofp %i : i32 to f32
    memref.store %v, %mid[%tx] : memref<8xf32>
    gpu.barrier
    %other = arith.subi %c7, %tx : index
    %w = memref.load %mid[%other] : memref<8xf32>
    memref.store %w, %reversed[%tx] : memref<8xf32>
    %s = gpu.subgroup_reduce add %v : (f32) -> f32
    memref.store %s, %sums[%tx] : memref<8xf32>
    gpu.terminator
  }
  %r = memref.cast %reversed : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%r) : (memref<*xf32>) -> ()
  %u = memref.cast %sums : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %mid : memref<8xf32>
  memref.dealloc %reversed : memref<8xf32>
  memref.dealloc %sums : memref<8xf32>
  return
}
