// imexc: optimization levels, targets, dependency files, intermediates and
// MLIR's debugging options.
// RUN: rm -rf %t && mkdir -p %t

// -O0 keeps the C-interface wrapper's call that -O3 inlines.
// RUN: imexc %S/Inputs/add.mlir --emit=llvm -O0 -o %t/o0.ll
// RUN: imexc %S/Inputs/add.mlir --emit=llvm -O3 -o %t/o3.ll
// RUN: FileCheck %s --check-prefix=O0 < %t/o0.ll
// RUN: FileCheck %s --check-prefix=O3 < %t/o3.ll
// O0: define {{.*}} @_mlir_ciface_scale
// O0-NEXT: call double @scale
// O3: define {{.*}} @_mlir_ciface_scale
// O3-NOT: call double @scale
// O3: ret double

// Cross compilation to another architecture.
// RUN: imexc %S/Inputs/add.mlir --emit=asm --target-triple=aarch64-linux-gnu -o - \
// RUN:   | FileCheck %s --check-prefix=AARCH64
// AARCH64: fmul d0,

// RUN: imexc %S/Inputs/add.mlir --mcpu=native -o %t/native.o

// -MD writes <output>.d next to the output; -MF names it.
// RUN: imexc %S/Inputs/add.mlir -o %t/dep.o -MD
// RUN: FileCheck %s --check-prefix=DEP < %t/dep.o.d
// DEP: dep.o: {{.*}}Inputs/add.mlir
// RUN: imexc %S/Inputs/add.mlir -o %t/dep2.o -MF %t/custom.d
// RUN: FileCheck %s --check-prefix=DEP2 < %t/custom.d
// DEP2: dep2.o: {{.*}}Inputs/add.mlir

// --save-temps keeps the IR after every pass and the LLVM IR.
// RUN: imexc %S/Inputs/add.mlir -o %t/temps.o --save-temps=%t/temps
// RUN: ls -R %t/temps | FileCheck %s --check-prefix=TEMPS
// TEMPS-DAG: module.ll
// TEMPS-DAG: one-shot-bufferize.mlir
// TEMPS-DAG: reconcile-unrealized-casts.mlir

// MLIR's debugging options pass through.
// RUN: imexc %S/Inputs/add.mlir -o %t/dbg.o --mlir-print-ir-after=canonicalize 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PRINT
// PRINT: IR Dump After Canonicalizer
// RUN: imexc %S/Inputs/add.mlir -o %t/timing.o --mlir-timing 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: Execution time report

// Inline assembly needs the target's assembly parser in the object writer.
// RUN: imexc %S/Inputs/inline-asm.mlir -o %t/asm.o
// RUN: printf '#include <stdio.h>\nint _mlir_ciface_answer(void);\nint main(void) { printf("%%%%d\\n", _mlir_ciface_answer()); return 0; }\n' > %t/asm-main.c
// RUN: cc %t/asm-main.c %t/asm.o -o %t/asm-run && %t/asm-run | FileCheck %s --check-prefix=ASM
// ASM: 42
