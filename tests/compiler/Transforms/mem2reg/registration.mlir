// imex-opt's --mem2reg is the region-aware pass; the named pipeline of the
// same name is that pass; the upstream passes are all still there.
// RUN: imex-opt --help | FileCheck %s --check-prefix=HELP
// RUN: imex-opt %s --mem2reg | FileCheck %s
// RUN: imex-opt %s --pass-pipeline="builtin.module(mem2reg)" | FileCheck %s
// RUN: imex-opt %s --pass-pipeline="builtin.module(func.func(mem2reg{region-simplify=false}))" \
// RUN:   | FileCheck %s --check-prefix=NESTED
// RUN: imex-opt %s --sroa --canonicalize --cse --convert-scf-to-cf \
// RUN:   --lower-affine --sparsifier --gpu-lower-to-nvvm-pipeline -o /dev/null

// HELP:     --mem2reg {{.*}}Promote memory slots to SSA values, also through region control flow
// HELP-NEXT:  --region-simplify
// HELP-NOT: --mem2reg

// CHECK-LABEL: func.func @f(
// CHECK-NOT:     memref.alloca
// CHECK:         scf.if {{.*}} -> (i32)
// NESTED-LABEL: func.func @f(
// NESTED-NOT:     memref.alloca
// NESTED:         scf.if
func.func @f(%c: i1, %x: i32, %y: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  scf.if %c {
    memref.store %y, %a[] : memref<i32>
  }
  %v = memref.load %a[] : memref<i32>
  return %v : i32
}
