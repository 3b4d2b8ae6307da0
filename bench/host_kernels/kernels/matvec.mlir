// y = A x.
func.func @matvec(%a: tensor<?x?xf32>, %x: tensor<?xf32>) -> tensor<?xf32>
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %init = tensor.empty(%m) : tensor<?xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<?xf32>) -> tensor<?xf32>
  %y = linalg.matvec ins(%a, %x : tensor<?x?xf32>, tensor<?xf32>)
                     outs(%acc : tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
