// imexc: every failure is a diagnostic plus a one-line summary, a non-zero
// exit, and no output file.
// RUN: rm -rf %t && mkdir -p %t

// RUN: not imexc %t/missing.mlir -o %t/missing.o 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: imexc: error: cannot open input file '{{.*}}missing.mlir': No such file or directory
// MISSING: imexc: compilation of '{{.*}}missing.mlir' failed; no output written
// RUN: not test -e %t/missing.o

// Parse errors carry file:line:col.
// RUN: not imexc %S/Inputs/broken.mlir -o %t/broken.o 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: broken.mlir:3:23: error: use of undeclared SSA value name
// PARSE: compilation of '{{.*}}broken.mlir' failed
// RUN: not test -e %t/broken.o

// RUN: not imexc %S/Inputs/add.mlir --pipeline=nope -o %t/p.o 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: imexc: error: unknown pipeline 'nope' (see --list-pipelines)
// RUN: not test -e %t/p.o

// RUN: not imexc %S/Inputs/add.mlir --pass-pipeline='builtin.module(no-such-pass)' -o %t/pp.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PASSPIPE
// PASSPIPE: imexc: error: invalid --pass-pipeline: {{.*}}no-such-pass
// RUN: not test -e %t/pp.o

// A pipeline that does not reach the LLVM dialect cannot give an object.
// RUN: not imexc %S/Inputs/add.mlir --pass-pipeline='builtin.module(canonicalize)' -o %t/half.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HALF
// HALF: error: cannot translate the module to LLVM IR
// RUN: not test -e %t/half.o

// RUN: not imexc %S/Inputs/add.mlir -o %t/no/such/dir/out.o 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: imexc: error: cannot write '{{.*}}no/such/dir/out.o'

// RUN: not imexc %S/Inputs/add.mlir --target-triple=nonsense-arch-none -o %t/t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRIPLE
// TRIPLE: error: unknown target triple 'nonsense-arch-none'
// RUN: not test -e %t/t.o

// Command-line mistakes: one "imexc: error:" line (more in command-line.mlir).
// RUN: not imexc %S/Inputs/add.mlir --emit=bogus 2>&1 | FileCheck %s --check-prefix=EMIT
// EMIT: imexc: error: invalid value 'bogus' for --emit (expected obj, asm, llvm, bc, mlir, spirv, exe)
// RUN: not imexc %S/Inputs/add.mlir -O7 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: imexc: error: unknown optimization level '-O7' (use -O0, -O1, -O2 or -O3)
// RUN: not imexc %S/Inputs/add.mlir --no-such-flag 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: imexc: error: unknown option '--no-such-flag' (see --help)

// Unknown input languages are rejected.
// RUN: echo "x" > %t/prog.txt
// RUN: not imexc %t/prog.txt 2>&1 | FileCheck %s --check-prefix=LANG
// LANG: imexc: error: '{{.*}}prog.txt': unknown input language (expected .mlir or .nda, or name it with -x mlir|nda)
