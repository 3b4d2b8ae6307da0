// No output may overwrite the input or another output: each case is an
// error, and every file stays as it was (links count as the same file).
// RUN: rm -rf %t && mkdir -p %t && cp %S/Inputs/add.mlir %t/work.mlir && cp %t/work.mlir %t/original.mlir
// RUN: not imexc %t/work.mlir -o %t/work.mlir 2>&1 | FileCheck %s --check-prefix=SELF
// SELF: imexc: error: the output '{{.*}}work.mlir' is also the input; refusing to overwrite it
// RUN: ln -s %t/work.mlir %t/link.mlir
// RUN: not imexc %t/link.mlir -o %t/work.mlir 2>&1 | FileCheck %s --check-prefix=SELF
// RUN: not imexc %t/work.mlir -o %t/work.o --emit-header=%t/work.o 2>&1 | FileCheck %s --check-prefix=HEADER
// HEADER: imexc: error: the header (--emit-header) '{{.*}}work.o' is also the output; refusing to overwrite it
// RUN: not imexc %t/work.mlir -o %t/work.o --emit-header=%t/work.mlir 2>&1 | FileCheck %s --check-prefix=HEADERIN
// HEADERIN: imexc: error: the header (--emit-header) '{{.*}}work.mlir' is also the input
// RUN: not imexc %t/work.mlir -o %t/work.o -MF %t/work.mlir 2>&1 | FileCheck %s --check-prefix=DEP
// DEP: imexc: error: the dependency file '{{.*}}work.mlir' is also the input
// RUN: cmp %t/work.mlir %t/original.mlir
// RUN: not test -e %t/work.o
