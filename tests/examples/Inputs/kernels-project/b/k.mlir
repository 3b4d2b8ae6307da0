// Same file name as ../a/k.mlir: imexc_add_kernel must keep them apart.
func.func @square(%x: f64) -> f64 attributes {llvm.emit_c_interface} {
  %r = arith.mulf %x, %x : f64
  return %r : f64
}
