func.func @copy(%a: tensor<5xf32>) -> tensor<5xf32> {
  %c = ndarray.copy %a : tensor<5xf32> -> tensor<5xf32>
  return %c : tensor<5xf32>
}
