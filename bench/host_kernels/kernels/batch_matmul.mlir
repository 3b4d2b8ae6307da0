// C[b] = A[b] B[b] (A: BxMxK, B: BxKxN).
func.func @batch_matmul(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %bs = tensor.dim %a, %c0 : tensor<?x?x?xf32>
  %m = tensor.dim %a, %c1 : tensor<?x?x?xf32>
  %n = tensor.dim %b, %c2 : tensor<?x?x?xf32>
  %init = tensor.empty(%bs, %m, %n) : tensor<?x?x?xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32>)
                           outs(%acc : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %c : tensor<?x?x?xf32>
}
