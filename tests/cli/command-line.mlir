// imexc's command line takes the habits of compiler users (clang's
// spellings, response files, dependency-file options, -x, -###, -Werror),
// answers mistakes with one "imexc: error:" line and exit status 2 (usage)
// or 1 (a failed compilation), and suggests only its own options.
// RUN: rm -rf %t && mkdir -p %t && cp %S/Inputs/add.mlir %t/add.mlir

// Usage errors: exit status 2, a hint from imexc's own options.
// RUN: bash -c 'imexc --pipline=gpu %t/add.mlir; echo "status $?"' 2>&1 | FileCheck %s --check-prefix=TYPO
// TYPO: imexc: error: unknown option '--pipline=gpu'; did you mean '--pipeline=gpu'? (see --help)
// TYPO-NEXT: status 2
// RUN: bash -c 'imexc -Ofast %t/add.mlir; echo "status $?"' 2>&1 | FileCheck %s --check-prefix=OFAST
// OFAST: imexc: error: unknown optimization level '-Ofast' (use -O0, -O1, -O2 or -O3)
// OFAST-NEXT: status 2
// RUN: not imexc %t/add.mlir -o 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: imexc: error: option -o needs a value (FILE)
// RUN: not imexc %t/add.mlir -c=x 2>&1 | FileCheck %s --check-prefix=FLAGVALUE
// FLAGVALUE: imexc: error: option -c takes no value
// RUN: not imexc %t/add.mlir --pipeline=host --pass-pipeline='builtin.module(cse)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXCLUSIVE
// EXCLUSIVE: imexc: error: --pipeline and --pass-pipeline exclude each other

// Targets are checked before anything runs: no LLVM warnings, no abort.
// RUN: bash -c 'imexc %t/add.mlir --mcpu=skylake-foo -o %t/cpu.o; echo "status $?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CPU --implicit-check-not=recognized
// CPU: imexc: error: 'skylake-foo' is not a CPU of target '{{.*}}'; did you mean 'skylake'?
// CPU-NEXT: status 2
// RUN: not test -e %t/cpu.o
// RUN: not imexc %t/add.mlir --target-triple=aarch64-linux-gnu --mcpu=native 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NATIVE --implicit-check-not=recognized
// NATIVE: imexc: error: --mcpu=native names this machine's CPU ({{.*}}), which cannot run code for 'aarch64-linux-gnu'; name a CPU of that target instead
// RUN: not imexc %t/add.mlir --mattr=+avx9 2>&1 | FileCheck %s --check-prefix=FEATURE
// FEATURE: imexc: error: 'avx9' is not a feature of target '{{.*}}'; did you mean 'avx'
// RUN: not imexc %t/add.mlir --mattr=avx2 2>&1 | FileCheck %s --check-prefix=FEATURESIGN
// FEATURESIGN: imexc: error: --mattr feature 'avx2' must start with '+' (enable) or '-' (disable)
// RUN: imexc %t/add.mlir --target-triple=aarch64-linux-gnu --mcpu=neoverse-v2 --mattr=+sve2 -o %t/arm.o

// A compilation that fails: exit status 1, the op's location, no IR dump
// (--mlir-print-op-on-diagnostic brings it back), and module-level errors
// without a file:0:0 location.
// RUN: bash -c "imexc %t/add.mlir --pass-pipeline='builtin.module(canonicalize)' -o %t/half.o; echo status \$?" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BACKEND --implicit-check-not=current --implicit-check-not=:0:0
// BACKEND: add.mlir:2:1: error: cannot be converted to LLVM IR
// BACKEND: imexc: error: cannot translate the module to LLVM IR
// BACKEND: status 1
// RUN: not imexc %t/add.mlir --pass-pipeline='builtin.module(canonicalize)' --mlir-print-op-on-diagnostic 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPDUMP
// OPDUMP: note: see current operation

// clang's output kinds: -c, -S, -emit-llvm (-S: text, else bitcode), with
// outputs named after the input.
// RUN: cd %t && imexc -c add.mlir && imexc -S add.mlir && imexc -S -emit-llvm add.mlir && imexc -emit-llvm add.mlir
// RUN: file %t/add.o %t/add.s %t/add.ll %t/add.bc | FileCheck %s --check-prefix=KINDS
// KINDS: add.o: ELF
// KINDS: add.s: assembler source
// KINDS: add.ll: ASCII text
// KINDS: add.bc: LLVM IR bitcode
// Joined values, one or two dashes.
// RUN: imexc -O3 -emit=asm -o%t/joined.s %t/add.mlir && test -s %t/joined.s

// Dependency files: -MD/-MMD next to the output, -MF (also joined), -MT,
// -MP, and paths with spaces escaped for make.
// RUN: cp %t/add.mlir "%t/my kernel.mlir"
// RUN: imexc "%t/my kernel.mlir" -o "%t/my kernel.o" -MMD -MP
// RUN: FileCheck %s --check-prefix=MMD < "%t/my kernel.o.d"
// MMD: {{.*}}my\ kernel.o: {{.*}}my\ kernel.mlir
// MMD-EMPTY:
// MMD-NEXT: {{.*}}my\ kernel.mlir:
// RUN: imexc %t/add.mlir -o %t/mt.o -MF%t/mt.d -MT custom-target -MTother
// RUN: FileCheck %s --check-prefix=MT < %t/mt.d
// MT: custom-target other: {{.*}}add.mlir

// Response files.
// RUN: echo '-O1 -o %t/from-file.o' > %t/args.rsp
// RUN: imexc @%t/args.rsp %t/add.mlir && test -s %t/from-file.o
// RUN: not imexc @%t/missing.rsp %t/add.mlir 2>&1 | FileCheck %s --check-prefix=RSP
// RSP: imexc: error: {{.*}}missing.rsp

// -save-temps without a directory keeps them next to the output.
// RUN: imexc %t/add.mlir -o %t/temps.o -save-temps
// RUN: test -f %t/temps.o.temps/module.ll

// -x names the language of standard input.
// RUN: echo 'def twice(x: f64) -> f64: return 2.0 * x' | imexc -x nda - --emit=mlir --pipeline=none \
// RUN:   | FileCheck %s --check-prefix=NDA
// NDA: func.func @twice
// RUN: not imexc -x fortran %t/add.mlir 2>&1 | FileCheck %s --check-prefix=LANG
// LANG: imexc: error: invalid value 'fortran' for -x (expected mlir, nda)

// -x applies to the inputs after it.
// RUN: cp %t/add.mlir %t/add.txt && printf 'def twice(x: f64) -> f64:\n    return 2.0 * x\n' > %t/prog.txt
// RUN: cd %t && imexc -x nda prog.txt -x mlir add.txt -c && test -s prog.o && test -s add.o

// Pipeline choices are checked before anything is compiled: usage errors.
// RUN: bash -c 'imexc %t/add.mlir --pipeline=gpux2; echo "status $?"' 2>&1 | FileCheck %s --check-prefix=BADPIPE
// BADPIPE: imexc: error: unknown pipeline 'gpux2' (see --list-pipelines)
// BADPIPE-NEXT: status 2
// RUN: bash -c "imexc %t/add.mlir --pipeline-options='bogus=1'; echo status \$?" 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: imexc: error: invalid --pipeline-options 'bogus=1': {{.*}}no such option bogus
// BADOPT: status 2
// One-letter options get no hint: anything is close to them.
// RUN: not imexc -g %t/add.mlir 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: imexc: error: unknown option '-g' (see --help)
// An executable needs a program.
// RUN: not imexc %t/add.mlir --emit=exe -o %t/noprog 2>&1 | FileCheck %s --check-prefix=NOMAIN
// NOMAIN: imexc: error: --emit=exe needs a program: a 'func.func @main()' (in .nda, a 'def main():')
// RUN: not test -e %t/noprog

// Several inputs, each to its own output; -o cannot name them all.
// RUN: mkdir -p %t/many && cp %t/add.mlir %t/many/a.mlir && cp %t/add.mlir %t/many/b.mlir
// RUN: cd %t/many && imexc -c a.mlir b.mlir && test -s a.o && test -s b.o
// RUN: not imexc %t/many/a.mlir %t/many/b.mlir -o %t/many/x.o 2>&1 | FileCheck %s --check-prefix=MANY
// MANY: imexc: error: -o names one file, but there are 2 inputs; compile them one at a time

// -### shows the pipeline chosen and the files it would write, and writes
// none; --print-pipeline shows the pipeline while compiling.
// RUN: imexc -### %S/../e2e/add-f32.mlir --emit=exe -o %t/dry | FileCheck %s --check-prefix=DRY
// DRY: input: {{.*}}add-f32.mlir
// DRY-NEXT: pipeline: builtin.module(func.func(tensor-arith-to-linalg,decompose-aggregated-ops),mark-read-only-runtime-arguments,isolate-updated-arrays,func.func(isolate-parallel-insert-sources),convert-ndarray-to-linalg,{{.*}}tile-and-vectorize-for-cpu
// DRY-NEXT: output: {{.*}}dry
// DRY-NEXT: link: {{.*}}libimexrt.a
// RUN: not test -e %t/dry
// RUN: imexc %t/add.mlir -o %t/printed.o --print-pipeline 2>&1 | FileCheck %s --check-prefix=PRINT
// PRINT: imexc: pipeline for '{{.*}}add.mlir': builtin.module(

// -Werror: a warning (here: a SPIR-V dump that cannot be written) fails
// the compilation.
// RUN: mkdir -p %t/werror/ocl.spv && cd %t/werror && env IMEX_DUMP_SPIRV_BINARY=1 \
// RUN:   imexc %S/../compiler/CodeGen/serialize-spirv.mlir --pass-pipeline='builtin.module(serialize-spirv)' --emit=mlir -o plain.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARNING
// WARNING: warning: IMEX_DUMP_SPIRV_BINARY: cannot write 'ocl.spv'
// RUN: cd %t/werror && env IMEX_DUMP_SPIRV_BINARY=1 not imexc %S/../compiler/CodeGen/serialize-spirv.mlir \
// RUN:   --pass-pipeline='builtin.module(serialize-spirv)' --emit=mlir -o strict.mlir -Werror 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WERROR
// WERROR: error: IMEX_DUMP_SPIRV_BINARY: cannot write 'ocl.spv': Is a directory [-Werror]
// RUN: not test -e %t/werror/strict.mlir

// Colors: never by default on a pipe, always when asked, and NO_COLOR wins
// over auto.
// RUN: not imexc %t/add.mlir --emit=bogus --color=always 2>&1 | FileCheck %s --check-prefix=COLOR
// COLOR: imexc: {{.\[[0-9;]*m}}error: {{.*}}invalid value 'bogus'
// RUN: not imexc %t/add.mlir --emit=bogus 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: env NO_COLOR=1 not imexc %t/add.mlir --emit=bogus -fno-color-diagnostics 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: {{^}}imexc: error: invalid value 'bogus'

// With no argument on a terminal imexc prints its usage instead of waiting.
// RUN: bash -c 'script -qec imexc /dev/null; echo "status $?"' | FileCheck %s --check-prefix=USAGE
// USAGE: usage: imexc [options]
// USAGE: status 2

// --help lists imexc's options and, briefly, the MLIR pass-through ones.
// RUN: imexc --help | FileCheck %s --check-prefix=HELP
// HELP: -o FILE
// HELP: -MF FILE
// HELP: --mlir-NAME[=VALUE]
// HELP: Exit status: 0 on success, 1 when a compilation fails
