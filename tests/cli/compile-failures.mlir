// Programs that cannot be compiled as asked get one clean error (at the
// offending function where there is one), exit 1 and no output file: no
// stack dump, no object that fails to link, no executable that crashes.
// RUN: rm -rf %t && mkdir -p %t
//
// Functions named like what generated code calls (malloc, libm, OpenMP,
// the runtime) would replace it.
// RUN: not imexc %S/Inputs/reserved-names.mlir -o %t/r.o 2>&1 | FileCheck %s --check-prefix=RESERVED
// RESERVED-NOT: printMemrefF32
// RESERVED: reserved-names.mlir:3:1: error: the function name 'malloc' is reserved: generated code calls the C library's, libm's, OpenMP's or the imexc runtime's function of that name; rename it
// RESERVED: reserved-names.mlir:6:1: error: the function name 'expf' is reserved
// RESERVED: reserved-names.mlir:9:1: error: the function name '__kmpc_fork_call' is reserved
// RUN: not imexc %S/Inputs/reserved-name.nda -o %t/r.o 2>&1 | FileCheck %s --check-prefix=RESERVEDNDA
// RESERVEDNDA: reserved-name.nda:1:5: error: the function name 'free' is reserved
// RUN: not test -e %t/r.o
//
// A header declares functions by their names: they must be C identifiers.
// RUN: not imexc %S/Inputs/dotted-name.mlir -o %t/d.o --emit-header=%t/d.h 2>&1 | FileCheck %s --check-prefix=HEADER
// HEADER: dotted-name.mlir:1:1: error: cannot declare 'scale.v2' in a C header: its name is not a C identifier
// RUN: not test -e %t/d.o
// RUN: imexc %S/Inputs/dotted-name.mlir -o %t/d.o
//
// An executable's main takes nothing; one returning i32 gives the status.
// RUN: not imexc %S/Inputs/main-with-arguments.mlir --emit=exe -o %t/prog 2>&1 | FileCheck %s --check-prefix=MAIN
// MAIN: main-with-arguments.mlir:1:1: error: --emit=exe: 'main' must be 'func.func @main()' or 'func.func @main() -> i32' with a body; it has type '(tensor<?xf32>) -> tensor<?xf32>'
// RUN: not test -e %t/prog
// RUN: imexc %S/Inputs/main-i32.mlir --emit=exe -o %t/status
// RUN: sh -c '%t/status; test $? -eq 3'
//
// Host code needs a CPU target; a back end's own errors are one message.
// RUN: not imexc %S/Inputs/add.mlir --target-triple=amdgcn-amd-amdhsa -o %t/g.o 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: imexc: error: 'amdgcn-amd-amdhsa' is a GPU target; the host code needs a CPU target
// RUN: not imexc %S/Inputs/add.mlir --target-triple=bpf -o %t/b.o 2>&1 | FileCheck %s --check-prefix=BACKEND
// BACKEND-NOT: LLVM ERROR
// BACKEND: imexc: error: code generation for 'bpf' failed: in function add {{.*}}: stack arguments are not supported (and {{[0-9]+}} more errors)
// BACKEND-NEXT: imexc: compilation of '{{.*}}add.mlir' failed; no output written
// RUN: not test -e %t/g.o && not test -e %t/b.o
