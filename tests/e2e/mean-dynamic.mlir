// Mean of a dynamically sized vector: reduce to 0-d, divide by the length.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// The same program with its arrays on the GPU, run through Vulkan:
// RUN: %if vulkan %{ %gpu-env %s | imexc - --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// Its kernels really are GPU launches:
// RUN: %gpu-env %s | imexc - --emit=mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: llvm.call @gpuLaunchKernel

#env = #ndarray.envs<"host">
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @mean(%x: tensor<?xf32, #env>) -> tensor<f32, #env> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32, #env>
  %ni = arith.index_cast %n : index to i32
  %nf = arith.sitofp %ni : i32 to f32
  %e = tensor.empty() : tensor<f32, #env>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32, #env>) -> tensor<f32, #env>
  %s = linalg.reduce ins(%x : tensor<?xf32, #env>) outs(%init : tensor<f32, #env>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %a = arith.addf %v, %acc : f32
      linalg.yield %a : f32
    }
  %e2 = tensor.empty() : tensor<f32, #env>
  %r = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%s : tensor<f32, #env>) outs(%e2 : tensor<f32, #env>) {
  ^bb0(%v: f32, %o: f32):
    %q = arith.divf %v, %nf : f32
    linalg.yield %q : f32
  } -> tensor<f32, #env>
  return %r : tensor<f32, #env>
}

func.func @main() {
  %x = arith.constant dense<[2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0]> : tensor<7xf32>
  %d = tensor.cast %x : tensor<7xf32> to tensor<?xf32>
  %g = ndarray.copy %d : tensor<?xf32> -> tensor<?xf32, #env>
  %r = call @mean(%g) : (tensor<?xf32, #env>) -> tensor<f32, #env>
  %h = ndarray.copy %r : tensor<f32, #env> -> tensor<f32>
  %u = tensor.cast %h : tensor<f32> to tensor<*xf32>
  // CHECK: [8]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
