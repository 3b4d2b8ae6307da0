// A crash inside the compiler (here MLIR 22's linalg.reduce parser, which
// goes on after its own parse error; found by mlir-fuzz) is an internal
// compiler error: a message, exit status 70, no output file and no stack
// dump.
// RUN: rm -f %t.o
// RUN: imexc %s -o %t.o > %t.err 2>&1; test $? -eq 70
// RUN: FileCheck %s --input-file=%t.err
// RUN: not test -e %t.o
// CHECK: internal-errors.mlir:[[#@LINE+5]]:{{[0-9]+}}: error: expected ']'
// CHECK: imexc: error: internal compiler error (signal 11) while compiling '{{.*}}internal-errors.mlir': a bug in imexc or MLIR; please report it with this input. No output written.
// CHECK-NOT: Stack dump
func.func @f(%m: tensor<4x3xi32>, %init: tensor<3xi32>) -> tensor<3xi32> {
  %r = linalg.reduce ins(%m : tensor<4x3xi32>) outs(%init : tensor<3xi32>)
         dimensions = [1.5e38]
    (%in: i32, %acc: i32) {
      %x = arith.maxsi %in, %acc : i32
      linalg.yield %x : i32
    }
  return %r : tensor<3xi32>
}
