// A small host program used by the imexc CLI tests.
func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.add ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @scale(%x: f64, %k: i32) -> f64 {
  %kf = arith.sitofp %k : i32 to f64
  %r = arith.mulf %x, %kf : f64
  return %r : f64
}
