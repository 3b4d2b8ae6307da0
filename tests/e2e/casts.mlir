// Conversions between integer and float types in one kernel.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF64(tensor<*xf64> {bufferization.access = "read"})
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})
#id = affine_map<(d0) -> (d0)>

func.func @conv(%a: tensor<4xf32, #env>) -> (tensor<4xi32, #env>, tensor<4xf64, #env>) {
  %e0 = tensor.empty() : tensor<4xi32, #env>
  %e1 = tensor.empty() : tensor<4xf64, #env>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32, #env>) outs(%e0, %e1 : tensor<4xi32, #env>, tensor<4xf64, #env>) {
  ^bb0(%x: f32, %o0: i32, %o1: f64):
    %i = arith.fptosi %x : f32 to i32
    %s = arith.trunci %i : i32 to i8
    %w = arith.extsi %s : i8 to i32
    %f = arith.extf %x : f32 to f64
    %half = arith.constant 0.5 : f64
    %g = arith.addf %f, %half : f64
    linalg.yield %w, %g : i32, f64
  } -> (tensor<4xi32, #env>, tensor<4xf64, #env>)
  return %r#0, %r#1 : tensor<4xi32, #env>, tensor<4xf64, #env>
}

func.func @main() {
  %a = arith.constant dense<[1.75, -1.75, 300.0, 0.25]> : tensor<4xf32>
  %g = ndarray.copy %a : tensor<4xf32> -> tensor<4xf32, #env>
  %r:2 = call @conv(%g) : (tensor<4xf32, #env>) -> (tensor<4xi32, #env>, tensor<4xf64, #env>)
  %h0 = ndarray.copy %r#0 : tensor<4xi32, #env> -> tensor<4xi32>
  %u0 = tensor.cast %h0 : tensor<4xi32> to tensor<*xi32>
  // fptosi truncates; 300 wraps to 44 through i8.
  // CHECK: [1,  -1,  44,  0]
  call @printMemrefI32(%u0) : (tensor<*xi32>) -> ()
  %h1 = ndarray.copy %r#1 : tensor<4xf64, #env> -> tensor<4xf64>
  %u1 = tensor.cast %h1 : tensor<4xf64> to tensor<*xf64>
  // CHECK: [2.25,  -1.25,  300.5,  0.75]
  call @printMemrefF64(%u1) : (tensor<*xf64>) -> ()
  return
}
