// A function whose kernel writes two arrays and that returns both, under
// --offload=gpu. Deallocation hands the second back to the caller without
// a copy and frees it only when it is not returned; the GPU allocation must
// not free it on return as well. (It did: the caller printed freed memory
// and freed it again, a double free.)
// REQUIRES: vulkan
// RUN: imexc %s --offload=gpu --emit=exe -o %t
// RUN: env IMEXRT_CHECK_LEAKS=1 %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: not grep imexrt %t.err
// Results in device memory the host cannot map (as on a discrete GPU) come
// back through copies, and are freed:
// RUN: env IMEXRT_VULKAN_DEVICE_MEMORY=unmapped IMEXRT_CHECK_LEAKS=1 %t 2>&1 | FileCheck %s --implicit-check-not=imexrt
// CHECK: [2,  3,  4,  5,  6,  7,  8]
// CHECK: [2,  4,  6,  8,  10,  12,  14]

#id1 = affine_map<(i) -> (i)>
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @both(%a: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r:2 = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%e, %e : tensor<?xf32>, tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32, %p: f32):
    %s = arith.addf %x, %one : f32
    %d = arith.addf %x, %x : f32
    linalg.yield %s, %d : f32, f32
  } -> (tensor<?xf32>, tensor<?xf32>)
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<7xf32>
  %da = tensor.cast %a : tensor<7xf32> to tensor<?xf32>
  %r:2 = call @both(%da) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  %u = tensor.cast %r#0 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %v = tensor.cast %r#1 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  return
}
