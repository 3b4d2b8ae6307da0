// A result number beyond any operation's (found by mlir-fuzz) gets a
// diagnostic at the number: MLIR's parser would size a table by it and run
// out of memory. Numbers in comments and strings do not count, and an
// ordinary one compiles.
// RUN: not imexc %s -o %t.o 2>&1 | FileCheck %s
// CHECK: result-numbers.mlir:[[#@LINE+8]]:19: error: result number 2147483648 is larger than any operation has (imexc accepts up to 1048576)
// RUN: sed -e 's/%%g#2147483648/%%g#1/' %s > %t.ok.mlir
// RUN: imexc %t.ok.mlir -o %t.o
// Not an error here: %g#99999999999, nor in "%g#99999999999".
func.func private @two() -> (vector<8xi32>, vector<8xi32>)
func.func @f(%v: vector<8xi32>) {
  %g:2 = func.call @two() {note = "%g#99999999999"} : () -> (vector<8xi32>, vector<8xi32>)
  vector.print %g#1 : vector<8xi32>
  vector.print %g#2147483648 : vector<8xi32>
  return
}
