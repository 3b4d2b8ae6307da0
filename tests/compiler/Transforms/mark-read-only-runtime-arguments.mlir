// RUN: imex-opt %s -mark-read-only-runtime-arguments | FileCheck %s
// The pass makes one-shot bufferization see that printing only reads:
// RUN: imex-opt %s -mark-read-only-runtime-arguments -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=BUFFERIZED

// The printers' tensor arguments are read only; other declarations, memref
// arguments, an access already given and a printer with a body (the
// program's own function) stay as they are.
// CHECK: func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
// CHECK: func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"}, i32)
// CHECK: func.func private @printMemrefF64(memref<*xf64>)
// CHECK: func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read-write"})
// CHECK: func.func private @consume(tensor<*xf32>)
// CHECK: func.func @printMemrefI8(%{{.*}}: tensor<*xi8>)
func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>, i32)
func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read-write"})
func.func private @consume(tensor<*xf32>)
func.func @printMemrefI8(%t: tensor<*xi8>) {
  return
}

// Printing a tensor and then reading it again: a "RaW conflict" error
// before (the print was taken to write what it was passed, and an unranked
// cast cannot be copied); now one buffer, printed and read.
// BUFFERIZED-LABEL: func.func @print_then_reuse
// BUFFERIZED:       %[[B:.*]] = memref.alloc
// BUFFERIZED:       %[[U:.*]] = memref.cast %[[B]]
// BUFFERIZED:       call @printMemrefF32(%[[U]])
// BUFFERIZED:       linalg.add ins(%[[B]]
func.func @print_then_reuse(%a: tensor<3xf32>) -> tensor<3xf32> {
  %e = tensor.empty() : tensor<3xf32>
  %x = linalg.add ins(%a, %a : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %p = tensor.cast %x : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%p) : (tensor<*xf32>) -> ()
  %e2 = tensor.empty() : tensor<3xf32>
  %y = linalg.add ins(%x, %a : tensor<3xf32>, tensor<3xf32>) outs(%e2 : tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}
