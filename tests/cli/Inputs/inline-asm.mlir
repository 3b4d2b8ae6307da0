// Inline assembly (cli/options.mlir).
func.func @answer() -> i32 attributes {llvm.emit_c_interface} {
  %r = llvm.inline_asm "movl $$42, $0", "=r" : () -> i32
  return %r : i32
}
