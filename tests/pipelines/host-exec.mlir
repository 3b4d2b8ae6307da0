// The host pipeline lowers tensor/linalg code to the LLVM dialect; the result
// runs under mlir-runner.
// RUN: imex-opt %s --host | %host-run | FileCheck %s
// RUN: imex-opt %s --host | FileCheck %s --check-prefix=OMP
// The elementwise loop runs on OpenMP threads.
// OMP: omp.parallel
// OMP: omp.wsloop

func.func private @printMemrefF32(tensor<*xf32>)

func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.add ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.5, -2.0, 10.0]> : tensor<3xf32>
  %da = tensor.cast %a : tensor<3xf32> to tensor<?xf32>
  %db = tensor.cast %b : tensor<3xf32> to tensor<?xf32>
  %r = call @add(%da, %db) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  // CHECK: sizes = [3]
  // CHECK-NEXT: [1.5,  0,  13]
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
