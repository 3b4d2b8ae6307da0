// Half-precision scalars across the C interface (cli/half-scalars.mlir).
func.func @hfma(%a: f16, %x: f16, %y: f16) -> f16 attributes {llvm.emit_c_interface} {
  %m = arith.mulf %a, %x : f16
  %r = arith.addf %m, %y : f16
  return %r : f16
}
func.func @hpair(%a: f16, %b: bf16) -> (f16, bf16) attributes {llvm.emit_c_interface} {
  %m = arith.addf %a, %a : f16
  %n = arith.addf %b, %b : bf16
  return %m, %n : f16, bf16
}
