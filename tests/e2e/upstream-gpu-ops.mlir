// Host-side gpu ops in a function of several blocks, which
// convert-gpu-to-gpux leaves, go through upstream's gpu-to-llvm patterns to
// the runtime's mgpu* wrappers: streams from gpu.wait async, a device
// buffer on one, copies and a fill ordered on it, a second stream joined
// through events (gpu.wait async with two dependencies), then waits.
// RUN: imexc %s --pipeline=gpux --emit=mlir -o - | FileCheck %s --check-prefix=IR
// IR-DAG: llvm.call @mgpuStreamCreate
// IR-DAG: llvm.call @mgpuMemAlloc
// IR-DAG: llvm.call @mgpuMemcpy
// IR-DAG: llvm.call @mgpuMemset32
// IR-DAG: llvm.call @mgpuEventRecord
// IR-DAG: llvm.call @mgpuStreamWaitEvent
// IR-DAG: llvm.call @mgpuMemFree
// RUN: %if vulkan %{ imexc %s --pipeline=gpux --emit=exe -o %t && %t | FileCheck %s %}
// CHECK: [1,  2,  3,  4]
// CHECK: [7,  7,  7,  7]

func.func private @printMemrefF32(memref<*xf32>)

func.func @roundtrip(%host: memref<4xf32>, %out: memref<4xf32>, %fill: i1) {
  %s0 = gpu.wait async
  %dev, %t0 = gpu.alloc async [%s0] () : memref<4xf32>
  %t1 = gpu.memcpy async [%t0] %dev, %host : memref<4xf32>, memref<4xf32>
  cf.cond_br %fill, ^fill, ^copy(%t1 : !gpu.async.token)
^fill:
  %seven = arith.constant 7.0 : f32
  %t2 = gpu.memset async [%t1] %dev, %seven : memref<4xf32>, f32
  cf.br ^copy(%t2 : !gpu.async.token)
^copy(%t: !gpu.async.token):
  %other = gpu.wait async
  %joined = gpu.wait async [%t, %other]
  %t3 = gpu.memcpy async [%joined] %out, %dev : memref<4xf32>, memref<4xf32>
  %t4 = gpu.dealloc async [%t3] %dev : memref<4xf32>
  gpu.wait [%t4]
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %host = memref.alloc() : memref<4xf32>
  %out = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %v = arith.addf %f, %one : f32
    memref.store %v, %host[%i] : memref<4xf32>
  }
  %false = arith.constant false
  %true = arith.constant true
  call @roundtrip(%host, %out, %false) : (memref<4xf32>, memref<4xf32>, i1) -> ()
  %u = memref.cast %out : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @roundtrip(%host, %out, %true) : (memref<4xf32>, memref<4xf32>, i1) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %host : memref<4xf32>
  memref.dealloc %out : memref<4xf32>
  return
}
