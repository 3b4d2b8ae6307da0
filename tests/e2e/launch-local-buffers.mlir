// gpu.launch written as such (as upstream MLIR's GPU integration tests
// are), compiled with the gpu pipeline: a buffer that main allocates and a
// launch fills, and a callee's temporary that one launch writes and the
// next reads, both plain memref.alloc. Each becomes GPU memory; the host
// reads the results, and no device memory is left behind.
// RUN: imexc %s --pipeline=gpu --emit=mlir -o - | FileCheck %s --check-prefix=IR
// IR-COUNT-2: llvm.call @gpuMemAlloc
// RUN: %if vulkan %{ imexc %s --pipeline=gpu --emit=exe -o %t && env IMEXRT_CHECK_LEAKS=1 %t 2>&1 | FileCheck %s --implicit-check-not=imexrt %}
// CHECK: [0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12]
// CHECK: [0,  1,  4,  9,  16,  25,  36,  49,  64,  81,  100,  121,  144]

func.func private @printMemrefI32(memref<*xi32>)

func.func @squares(%out: memref<13xi32>) {
  %one = arith.constant 1 : index
  %n = arith.constant 13 : index
  %tmp = memref.alloc() : memref<13xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %one, %sz = %one) {
    %t = arith.index_cast %tx : index to i32
    memref.store %t, %tmp[%tx] : memref<13xi32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %one, %sz = %one) {
    %v = memref.load %tmp[%tx] : memref<13xi32>
    %s = arith.muli %v, %v : i32
    memref.store %s, %out[%tx] : memref<13xi32>
    gpu.terminator
  }
  memref.dealloc %tmp : memref<13xi32>
  return
}

func.func @main() {
  %one = arith.constant 1 : index
  %n = arith.constant 13 : index
  %ids = memref.alloc() : memref<13xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %one, %sz = %one) {
    %t = arith.index_cast %tx : index to i32
    memref.store %t, %ids[%tx] : memref<13xi32>
    gpu.terminator
  }
  %u = memref.cast %ids : memref<13xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %sq = memref.alloc() : memref<13xi32>
  call @squares(%sq) : (memref<13xi32>) -> ()
  %v = memref.cast %sq : memref<13xi32> to memref<*xi32>
  call @printMemrefI32(%v) : (memref<*xi32>) -> ()
  memref.dealloc %ids : memref<13xi32>
  memref.dealloc %sq : memref<13xi32>
  return
}
