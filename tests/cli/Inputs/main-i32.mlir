func.func @main() -> i32 {
  %c3 = arith.constant 3 : i32
  return %c3 : i32
}
