func.func @f(%v: vector<8xi32>) {
  vector.print %g#2147483648 : vector<8xi32>
  return
}
