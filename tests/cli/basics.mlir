// imexc: version, pipelines, output kinds and default output names.
// RUN: imexc --version | FileCheck %s --check-prefix=VERSION
// VERSION: imexc {{[0-9]+\.[0-9]+\.[0-9]+}} (LLVM/MLIR 22.

// RUN: imexc --list-pipelines | FileCheck %s --check-prefix=LIST
// LIST: ndarray
// LIST-NEXT: lower ndarray ops
// LIST-NEXT: add-gpu-regions{offload-device=},convert-ndarray-to-linalg
// With --offload=gpu every linalg op goes on the GPU:
// RUN: imexc --list-pipelines --offload=gpu | FileCheck %s --check-prefix=OFFLOAD
// OFFLOAD: func.func(fuse-elementwise-ops),add-gpu-regions{offload-device=gpu}
// OFFLOAD: {{^}}gpu{{$}}
// OFFLOAD: drop-regions,canonicalize{{.*}},func.func(insert-gpu-allocs{{.*}}in-regions=false
// LIST: {{^}}host{{$}}
// LIST-NEXT: without GPU placement
// LIST-NEXT: convert-ndarray-to-linalg,func.func(tosa-to-linalg-named{{.*}}tosa-to-tensor),func.func(tile-and-vectorize-for-cpu

// Default output names follow the input: add.o, add.s, add.ll.
// RUN: rm -rf %t && mkdir -p %t && cp %S/Inputs/add.mlir %t/ && cd %t
// RUN: imexc add.mlir && imexc add.mlir --emit=asm && imexc add.mlir --emit=llvm
// RUN: ls %t | FileCheck %s --check-prefix=NAMES
// NAMES: add.ll
// NAMES: add.mlir
// NAMES: add.o
// NAMES: add.s

// The object defines the functions and their C interfaces.
// RUN: nm %t/add.o | FileCheck %s --check-prefix=SYMS
// SYMS-DAG: T _mlir_ciface_add
// SYMS-DAG: T _mlir_ciface_scale
// SYMS-DAG: T add
// SYMS-DAG: T scale

// RUN: FileCheck %s --check-prefix=ASM < %t/add.s
// ASM: .text
// ASM: _mlir_ciface_add:

// Private functions stay inside the object and get no C interface.
// RUN: imexc %S/Inputs/private.mlir -O0 --emit=llvm -o - | FileCheck %s --check-prefix=PRIVATE
// PRIVATE-NOT: @_mlir_ciface_helper
// PRIVATE-DAG: define internal double @helper(double
// PRIVATE-DAG: define double @api(double
// PRIVATE-DAG: define double @_mlir_ciface_api(double

// RUN: imexc %S/Inputs/add.mlir --emit=llvm -o - | FileCheck %s --check-prefix=LLVM
// LLVM: define {{.*}} @_mlir_ciface_scale(double {{.*}}, i32 {{.*}})
// LLVM: sitofp i32 {{.*}} to double

// MLIR output goes to stdout by default and is in the LLVM dialect.
// RUN: imexc %S/Inputs/add.mlir --emit=mlir | FileCheck %s --check-prefix=MLIR
// MLIR: llvm.func @scale
// MLIR-NOT: linalg.

// A custom pipeline replaces the default one.
// RUN: imexc %S/Inputs/add.mlir --emit=mlir --pass-pipeline='builtin.module(canonicalize)' \
// RUN:   | FileCheck %s --check-prefix=CUSTOM
// CUSTOM: linalg.add

// Standard input works, and the same input always gives the same object
// (run-time check messages name the input: '<stdin>' or its path).
// RUN: imexc - -o %t/stdin.o < %S/Inputs/add.mlir
// RUN: imexc - -o %t/stdin-again.o < %S/Inputs/add.mlir
// RUN: cmp %t/stdin.o %t/stdin-again.o
// RUN: cd %t && imexc add.mlir -o %t/again.o
// RUN: cmp %t/add.o %t/again.o

// Programs with iree_vector_ext ops get the vector-ext pipeline by default.
// RUN: imexc %S/../e2e/vector_ext/arg-explicit-indices.mlir --emit=mlir | FileCheck %s --check-prefix=VX
// VX-NOT: iree_vector_ext.
// VX: llvm.func @main
