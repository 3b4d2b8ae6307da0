// A constant dimension index outside the operand's rank (found by
// mlir-fuzz) gets a diagnostic at the op: the verifiers accept it, and
// upstream's value-bounds analysis crashed on it while tiling a matmul.
// Indices in range compile.
// RUN: not imexc %s -O3 -o %t.o 2>&1 | FileCheck %s
// CHECK: dimension-indices.mlir:[[#@LINE+9]]:8: error: 'tensor.dim' op dimension index -1 is out of range for 'tensor<?x?xf64>' (rank 2)
// CHECK-NOT: error:
// RUN: sed -e 's/constant -1 : index/constant 0 : index/' %s > %t.ok.mlir
// RUN: imexc %t.ok.mlir -O3 -o %t.o

func.func @matmul(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %zero = arith.constant 0.0 : f64
  %cm = arith.constant -1 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %cm : tensor<?x?xf64>
  %n = tensor.dim %b, %c1 : tensor<?x?xf64>
  %e = tensor.empty(%m, %n) : tensor<?x?xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<?x?xf64>) -> tensor<?x?xf64>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf64>, tensor<?x?xf64>) outs(%z : tensor<?x?xf64>) -> tensor<?x?xf64>
  return %r : tensor<?x?xf64>
}
