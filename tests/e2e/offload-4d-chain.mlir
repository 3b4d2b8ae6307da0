// A chain of elementwise ops on static 4-D arrays under --offload=gpu: it
// fuses into one kernel whose sizes and strides are constants inside the
// kernel, not arguments. (As arguments, each 4-D array would add nine
// scalars, and a Vulkan kernel binds at most 32 buffers on many devices.)
// The host path prints the same.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// RUN: imexc %s --offload=gpu --emit=mlir -o /dev/null --mlir-print-ir-after=gpu-kernel-outlining 2>&1 | FileCheck %s --check-prefix=KERNEL
// Four arguments: the four arrays; loop bounds are constants inside too
// (with sizes and strides as arguments there were 41).
// KERNEL: gpu.func @chain_kernel(%arg0: {{.*}}, %arg3: memref<24xf32, strided<[1]>>) kernel

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// (a * b + c) * a - b
func.func @chain(%a: tensor<2x3x2x2xf32>, %b: tensor<2x3x2x2xf32>, %c: tensor<2x3x2x2xf32>) -> tensor<2x3x2x2xf32> {
  %e = tensor.empty() : tensor<2x3x2x2xf32>
  %m = linalg.mul ins(%a, %b : tensor<2x3x2x2xf32>, tensor<2x3x2x2xf32>) outs(%e : tensor<2x3x2x2xf32>) -> tensor<2x3x2x2xf32>
  %s = linalg.add ins(%m, %c : tensor<2x3x2x2xf32>, tensor<2x3x2x2xf32>) outs(%e : tensor<2x3x2x2xf32>) -> tensor<2x3x2x2xf32>
  %p = linalg.mul ins(%s, %a : tensor<2x3x2x2xf32>, tensor<2x3x2x2xf32>) outs(%e : tensor<2x3x2x2xf32>) -> tensor<2x3x2x2xf32>
  %r = linalg.sub ins(%p, %b : tensor<2x3x2x2xf32>, tensor<2x3x2x2xf32>) outs(%e : tensor<2x3x2x2xf32>) -> tensor<2x3x2x2xf32>
  return %r : tensor<2x3x2x2xf32>
}

func.func @main() {
  %e = tensor.empty() : tensor<2x3x2x2xf32>
  // a = linear index, b = 2, c = 1
  %a = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<2x3x2x2xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %l = linalg.index 3 : index
    %c12 = arith.constant 12 : index
    %c4 = arith.constant 4 : index
    %c2 = arith.constant 2 : index
    %i12 = arith.muli %i, %c12 : index
    %j4 = arith.muli %j, %c4 : index
    %k2 = arith.muli %k, %c2 : index
    %s0 = arith.addi %i12, %j4 : index
    %s1 = arith.addi %s0, %k2 : index
    %s2 = arith.addi %s1, %l : index
    %n = arith.index_cast %s2 : index to i32
    %f = arith.sitofp %n : i32 to f32
    linalg.yield %f : f32
  } -> tensor<2x3x2x2xf32>
  %b = arith.constant dense<2.0> : tensor<2x3x2x2xf32>
  %c = arith.constant dense<1.0> : tensor<2x3x2x2xf32>
  %r = call @chain(%a, %b, %c) : (tensor<2x3x2x2xf32>, tensor<2x3x2x2xf32>, tensor<2x3x2x2xf32>) -> tensor<2x3x2x2xf32>
  %u = tensor.cast %r : tensor<2x3x2x2xf32> to tensor<*xf32>
  // (2x + 1) x - 2 for x = 0..23
  // CHECK: {{\[}}[{{\[}}[-2,   1],
  // CHECK-NEXT: [8,   19]],
  // CHECK: [988,   1079]]]]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
