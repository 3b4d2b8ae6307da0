// A public function calling a private one (imexc CLI tests).
func.func private @helper(%x: f64) -> f64 {
  %r = arith.mulf %x, %x : f64
  return %r : f64
}

func.func @api(%x: f64) -> f64 {
  %r = func.call @helper(%x) : (f64) -> f64
  return %r : f64
}
