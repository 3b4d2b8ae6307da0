// Comparisons give i1 masks; select picks per element (ReLU and a mask).
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @printMemrefI1(tensor<*xi1> {bufferization.access = "read"})
#id = affine_map<(d0) -> (d0)>

func.func @relu(%x: tensor<6xf32, #env>) -> (tensor<6xf32, #env>, tensor<6xi1, #env>) {
  %e = tensor.empty() : tensor<6xf32, #env>
  %m = tensor.empty() : tensor<6xi1, #env>
  %zero = arith.constant 0.0 : f32
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<6xf32, #env>) outs(%e, %m : tensor<6xf32, #env>, tensor<6xi1, #env>) {
  ^bb0(%v: f32, %o: f32, %b: i1):
    %pos = arith.cmpf ogt, %v, %zero : f32
    %s = arith.select %pos, %v, %zero : f32
    linalg.yield %s, %pos : f32, i1
  } -> (tensor<6xf32, #env>, tensor<6xi1, #env>)
  return %r#0, %r#1 : tensor<6xf32, #env>, tensor<6xi1, #env>
}

func.func @main() {
  %x = arith.constant dense<[-2.0, 3.0, 0.0, 7.5, -0.5, 1.0]> : tensor<6xf32>
  %g = ndarray.copy %x : tensor<6xf32> -> tensor<6xf32, #env>
  %r:2 = call @relu(%g) : (tensor<6xf32, #env>) -> (tensor<6xf32, #env>, tensor<6xi1, #env>)
  %h0 = ndarray.copy %r#0 : tensor<6xf32, #env> -> tensor<6xf32>
  %u0 = tensor.cast %h0 : tensor<6xf32> to tensor<*xf32>
  // CHECK: [0,  3,  0,  7.5,  0,  1]
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %h1 = ndarray.copy %r#1 : tensor<6xi1, #env> -> tensor<6xi1>
  %u1 = tensor.cast %h1 : tensor<6xi1> to tensor<*xi1>
  // CHECK: [0,  1,  0,  1,  0,  1]
  call @printMemrefI1(%u1) : (tensor<*xi1>) -> ()
  return
}
