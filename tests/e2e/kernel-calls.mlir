// Helper functions called in the body of an offloaded linalg op: with
// --offload=gpu their calls are inlined into the kernel
// (inline-calls-in-gpu-launches), nested calls and a helper of several
// blocks too, and the program prints what the host build prints:
// x[k] = k mod 7, then clamp(2 * x - 5, 0) = [0, 0, 0, 1, 3, 5, 7, 0, ...].
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt %}
// The kernels call nothing:
// RUN: imexc %s --offload=gpu --emit=mlir -o /dev/null --mlir-print-ir-before=gpu-kernels-to-spirv-binary 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL: gpu.module
// KERNEL-NOT: call
// KERNEL: gpu.func
// KERNEL-NOT: call
// KERNEL: gpu.return
// CHECK: [0,  0,  0,  1,  3,  5,  7,  0,  0,  0]

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @cyclic(%k: index) -> f32 {
  %c7 = arith.constant 7 : index
  %m = arith.remui %k, %c7 : index
  %i = arith.index_cast %m : index to i32
  %f = arith.sitofp %i : i32 to f32
  return %f : f32
}

func.func @affine(%x: f32) -> f32 {
  %two = arith.constant 2.0 : f32
  %five = arith.constant 5.0 : f32
  %d = arith.mulf %x, %two : f32
  %y = arith.subf %d, %five : f32
  return %y : f32
}

func.func @clamped(%x: f32) -> f32 {
  %zero = arith.constant 0.0 : f32
  %y = call @affine(%x) : (f32) -> f32
  %neg = arith.cmpf olt, %y, %zero : f32
  cf.cond_br %neg, ^low, ^keep
^low:
  return %zero : f32
^keep:
  return %y : f32
}

func.func @main() {
  %e = tensor.empty() : tensor<10xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%e : tensor<10xf32>) {
  ^bb0(%o: f32):
    %k = linalg.index 0 : index
    %x = func.call @cyclic(%k) : (index) -> f32
    %y = func.call @clamped(%x) : (f32) -> f32
    linalg.yield %y : f32
  } -> tensor<10xf32>
  %u = tensor.cast %r : tensor<10xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
