// Under --offload=gpu, kernels in a loop body that work on the previous
// iteration's arrays (scf.for iter_args, as iterative methods write them)
// and a host read of one element per iteration. The compiler failed:
// "operand #0 does not dominate this use", from copies made for the loop's
// block arguments as if they were the function's. GPU builds print what
// the host build prints, with device memory mapped or not, and free all
// they allocate.
// REQUIRES: vulkan
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: imexc %s --offload=gpu --emit=exe -o %t.gpu
// RUN: env IMEXRT_CHECK_LEAKS=1 %t.gpu 2> %t.gpu.err | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt && not grep imexrt %t.gpu.err
// RUN: env IMEXRT_VULKAN_DEVICE_MEMORY=unmapped IMEXRT_CHECK_LEAKS=1 %t.gpu 2> %t.unmapped.err | sed 's/base@ = 0x[0-9a-f]*//' > %t.unmapped.txt && diff %t.host.txt %t.unmapped.txt && not grep imexrt %t.unmapped.err
// x halves 6 times from 1; acc adds each new x to 1: 1.5, 1.75, ...
// CHECK: 1.5
// CHECK-NEXT: 1.75
// CHECK-NEXT: 1.875
// CHECK-NEXT: 1.9375
// CHECK-NEXT: 1.96875
// CHECK-NEXT: 1.98438
// CHECK: [1.98438,  1.98438,  1.98438]

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  %init = arith.constant dense<1.0> : tensor<1025xf32>
  %half = arith.constant dense<0.5> : tensor<1025xf32>
  %r:2 = scf.for %it = %c0 to %c6 step %c1 iter_args(%x = %init, %acc = %init) -> (tensor<1025xf32>, tensor<1025xf32>) {
    %e = tensor.empty() : tensor<1025xf32>
    %y = linalg.mul ins(%x, %half : tensor<1025xf32>, tensor<1025xf32>) outs(%e : tensor<1025xf32>) -> tensor<1025xf32>
    %e2 = tensor.empty() : tensor<1025xf32>
    %a2 = linalg.add ins(%acc, %y : tensor<1025xf32>, tensor<1025xf32>) outs(%e2 : tensor<1025xf32>) -> tensor<1025xf32>
    %v = tensor.extract %a2[%c1] : tensor<1025xf32>
    func.call @printF32(%v) : (f32) -> ()
    func.call @printNewline() : () -> ()
    scf.yield %y, %a2 : tensor<1025xf32>, tensor<1025xf32>
  }
  %s = tensor.extract_slice %r#1[1022] [3] [1] : tensor<1025xf32> to tensor<3xf32>
  %u = tensor.cast %s : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
