// Round-trip of the nda dialect in custom and generic form.
// RUN: imex-opt %s | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | imex-opt | FileCheck %s
// RUN: imex-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @variables
// CHECK-SAME: (%[[T:.*]]: tensor<?xf32>, %[[S:.*]]: i64)
// CHECK: %[[X:.*]] = nda.var "x" : !nda.ref<tensor<?xf32>>
// CHECK: %[[N:.*]] = nda.var "n" {note} : !nda.ref<i64>
// CHECK: nda.store %[[T]], %[[X]] : !nda.ref<tensor<?xf32>>
// CHECK: nda.store %[[S]], %[[N]] : !nda.ref<i64>
// CHECK: %[[V:.*]] = nda.load %[[X]] : !nda.ref<tensor<?xf32>>
// CHECK: return %[[V]]
// GENERIC: "nda.var"() <{name = "x"}> : () -> !nda.ref<tensor<?xf32>>
// GENERIC: "nda.store"(%{{.*}}, %{{.*}}) : (tensor<?xf32>, !nda.ref<tensor<?xf32>>) -> ()
// GENERIC: "nda.load"(%{{.*}}) : (!nda.ref<tensor<?xf32>>) -> tensor<?xf32>
func.func @variables(%t: tensor<?xf32>, %s: i64) -> tensor<?xf32> {
  %x = nda.var "x" : !nda.ref<tensor<?xf32>>
  %n = nda.var "n" {note} : !nda.ref<i64>
  nda.store %t, %x : !nda.ref<tensor<?xf32>>
  nda.store %s, %n : !nda.ref<i64>
  %v = nda.load %x : !nda.ref<tensor<?xf32>>
  return %v : tensor<?xf32>
}
