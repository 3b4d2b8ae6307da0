// Same file name as ../b/k.mlir: imexc_add_kernel must keep them apart.
func.func @twice(%x: f64) -> f64 attributes {llvm.emit_c_interface} {
  %r = arith.addf %x, %x : f64
  return %r : f64
}
