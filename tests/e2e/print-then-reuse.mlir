// A program that prints tensors and goes on computing with them, as one
// debugs a loop: the compiler refused it ("'tensor.cast' op not
// bufferizable under the given constraints: cannot avoid RaW conflict",
// pointing at the print's cast), on the host and with --offload=gpu alike.
// REQUIRES: vulkan
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: imexc %s --offload=gpu --emit=exe -o %t.gpu
// RUN: env IMEXRT_CHECK_LEAKS=1 %t.gpu 2> %t.gpu.err | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt && not grep imexrt %t.gpu.err
// CHECK: [2,  4,  6]
// CHECK: [3,  6,  9]
// CHECK: [4,  8,  12]
// CHECK: [5,  10,  15]
// CHECK: [5,  10,  15]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %x = linalg.add ins(%a, %a : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%y = %x) -> (tensor<3xf32>) {
    %u = tensor.cast %y : tensor<3xf32> to tensor<*xf32>
    func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    %e2 = tensor.empty() : tensor<3xf32>
    %z = linalg.add ins(%y, %a : tensor<3xf32>, tensor<3xf32>) outs(%e2 : tensor<3xf32>) -> tensor<3xf32>
    scf.yield %z : tensor<3xf32>
  }
  %v = tensor.cast %r : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  return
}
