func.func @f() {
  %0 = arith.constant 1 : i32
  %1 = arith.addi %0, %nope : i32
  return
}
