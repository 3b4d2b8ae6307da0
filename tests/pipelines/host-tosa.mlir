// The host pipeline also lowers the elementwise TOSA ops that IMEX's
// ndarray programs mix in (tosa.add, tosa.sub, ...), with broadcasting.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: imex-opt %s --host | FileCheck %s --check-prefix=IR
// IR-NOT: {{ tosa\.}}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[10.0, 20.0, 30.0]]> : tensor<1x3xf32>
  %sum = tosa.add %a, %b : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %diff = tosa.sub %sum, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %max = tosa.maximum %diff, %sum : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %u = tensor.cast %max : tensor<2x3xf32> to tensor<*xf32>
  // CHECK: sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: {{\[}}[11,   22,   33],
  // CHECK-NEXT:  [14,   25,   36]]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
