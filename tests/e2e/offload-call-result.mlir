// Under --offload=gpu, @make returns an array it built on the GPU (as a
// host copy) and @main uses it in its own kernel: the kernel reads a device
// copy of the result, and @main frees the result itself and releases the
// copy, each once. (The result's deallocation once freed the device copy
// instead: an invalid gpuMemFree at exit, status 70, and a leak.)
// REQUIRES: vulkan
// RUN: imexc %s --offload=gpu --emit=exe -o %t
// RUN: env IMEXRT_CHECK_LEAKS=1 %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: not grep imexrt %t.err
// Results in device memory the host cannot map (as on a discrete GPU) come
// back through copies, and are freed:
// RUN: env IMEXRT_VULKAN_DEVICE_MEMORY=unmapped IMEXRT_CHECK_LEAKS=1 %t 2>&1 | FileCheck %s --implicit-check-not=imexrt
// CHECK: [2,  2,  2,  2,  2]

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

#id1 = affine_map<(i) -> (i)>

func.func @make(%n: index) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %one = arith.constant 1.0 : f32
  %r = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @main() {
  %c5 = arith.constant 5 : index
  %x = call @make(%c5) : (index) -> tensor<?xf32>
  %e = tensor.empty(%c5) : tensor<?xf32>
  %w = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%q: f32, %o: f32):
    %t = arith.addf %q, %q : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  %u = tensor.cast %w : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
