// tensor.bitcast, which bufferization does not take, becomes the
// arith.bitcast of each element (tensor-arith-to-linalg): on the host and
// with --offload=gpu, a GPU result reinterpreted as i32, its exponent
// fields taken with whole-tensor arith, and the bits read back as f32
// through a dynamic shape. Values are NumPy's
// (np.float32([2, 4, -6]).view(np.int32) and so on).
// RUN: imexc %s --emit=exe -o %t.host && %t.host | FileCheck %s
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | FileCheck %s %}
// The bitcasts run in kernels:
// RUN: imexc %s --offload=gpu --emit=mlir -o /dev/null --mlir-print-ir-before=gpu-kernels-to-spirv-binary 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL: gpu.func
// KERNEL: arith.bitcast {{.*}} : f32 to i32
// KERNEL: gpu.func
// KERNEL: arith.bitcast {{.*}} : i32 to f32

// CHECK: [1073741824,  1082130432,  -1061158912]
// CHECK: [128,  129,  129]
// CHECK: [2,  4,  -6]

func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})
func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, -3.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %x = linalg.add ins(%a, %a : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %bits = tensor.bitcast %x : tensor<3xf32> to tensor<3xi32>
  %c23 = arith.constant dense<23> : tensor<3xi32>
  %c255 = arith.constant dense<255> : tensor<3xi32>
  %shifted = arith.shrui %bits, %c23 : tensor<3xi32>
  %exponents = arith.andi %shifted, %c255 : tensor<3xi32>
  %dynamic = tensor.cast %bits : tensor<3xi32> to tensor<?xi32>
  %back = tensor.bitcast %dynamic : tensor<?xi32> to tensor<?xf32>
  %p0 = tensor.cast %bits : tensor<3xi32> to tensor<*xi32>
  call @printMemrefI32(%p0) : (tensor<*xi32>) -> ()
  %p1 = tensor.cast %exponents : tensor<3xi32> to tensor<*xi32>
  call @printMemrefI32(%p1) : (tensor<*xi32>) -> ()
  %p2 = tensor.cast %back : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%p2) : (tensor<*xf32>) -> ()
  return
}
