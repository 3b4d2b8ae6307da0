// tile-and-vectorize-for-cpu read a reduction op after tiling had erased
// it (heap-use-after-free under ASan; found by mlir-fuzz on a full sum of
// a static 12x4 array).
func.func @total(%y: tensor<12x4xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %t = linalg.reduce ins(%y : tensor<12x4xf32>) outs(%z : tensor<f32>) dimensions = [0, 1]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  return %t : tensor<f32>
}
