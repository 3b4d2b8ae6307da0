// The outputs of a compilation are written all or nothing, every write is
// checked, and files that are not regular are written into, never replaced.
//
// A write that fails (here: over a file-size limit, as on a full disk)
// leaves the old files and no temporary file, with one clean error.
// RUN: rm -rf %t && mkdir -p %t && echo OLD > %t/keep.o && echo OLDH > %t/keep.h
// RUN: not sh -c 'ulimit -f 4; exec imexc %S/Inputs/add.mlir -o %t/keep.o --emit-header=%t/keep.h' 2>&1 | FileCheck %s --check-prefix=FULL
// FULL-NOT: Stack dump
// FULL: imexc: error: cannot write '{{.*}}keep.o': File too large
// FULL-NEXT: imexc: compilation of '{{.*}}add.mlir' failed; no output written
// FULL-NOT: LLVM ERROR
// RUN: grep -qx OLD %t/keep.o && grep -qx OLDH %t/keep.h
// RUN: ls -A %t | FileCheck %s --check-prefix=NOTEMP
// NOTEMP-NOT: tmp
//
// One output that cannot be written (a header or dependency file in a
// missing directory) keeps the others from being written too.
// RUN: not imexc %S/Inputs/add.mlir -o %t/keep.o --emit-header=%t/missing/keep.h 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: imexc: error: cannot write '{{.*}}missing/keep.h': No such file or directory
// RUN: not imexc %S/Inputs/add.mlir -o %t/keep.o -MF %t/missing/keep.d 2>&1 | FileCheck %s --check-prefix=MISSINGDEP
// MISSINGDEP: imexc: error: cannot write '{{.*}}missing/keep.d': No such file or directory
// RUN: printf 'def main():\n    print(1)\n' > %t/prog.nda
// RUN: not imexc %t/prog.nda --emit=exe -o %t/missing/prog 2>&1 | FileCheck %s --check-prefix=MISSINGEXE
// MISSINGEXE: imexc: error: cannot write '{{.*}}missing/prog': No such file or directory
// RUN: rm %t/prog.nda
// RUN: grep -qx OLD %t/keep.o && grep -qx OLDH %t/keep.h
// RUN: ls -A %t | FileCheck %s --check-prefix=NOTEMP
//
// Success replaces both; a link to an output stays a link, and the file it
// names gets the output.
// RUN: imexc %S/Inputs/add.mlir -o %t/keep.o --emit-header=%t/keep.h
// RUN: not grep -qx OLD %t/keep.o && grep -q add %t/keep.h
// RUN: ln -s keep.h %t/link.h && imexc %S/Inputs/add.mlir --emit=mlir -o %t/link.h
// RUN: test -L %t/link.h && grep -q "llvm.func @add" %t/keep.h
// An executable is written the same way, and can be run.
// RUN: printf 'def main():\n    print(42)\n' > %t/prog.nda
// RUN: imexc %t/prog.nda --emit=exe -o %t/prog && %t/prog | FileCheck %s --check-prefix=RUNS
// RUNS: 42
//
// Devices and FIFOs are written into: /dev/full reports that it is full
// and stays a device; a FIFO stays a FIFO and its reader gets the output;
// /dev/stdout works; a full standard output is a clean error.
// RUN: not imexc %S/Inputs/add.mlir -o /dev/full 2>&1 | FileCheck %s --check-prefix=DEVFULL
// DEVFULL: imexc: error: cannot write '/dev/full': No space left on device
// RUN: test -c /dev/full
// RUN: imexc %S/Inputs/add.mlir -o /dev/null
// RUN: test -c /dev/null
// RUN: mkfifo %t/fifo
// RUN: sh -c 'cat %t/fifo > %t/from-fifo & imexc %S/Inputs/add.mlir --emit=mlir -o %t/fifo; wait'
// RUN: test -p %t/fifo && FileCheck %s --check-prefix=TEXT < %t/from-fifo
// RUN: imexc %S/Inputs/add.mlir --emit=mlir -o /dev/stdout | FileCheck %s --check-prefix=TEXT
// TEXT: llvm.func @add
// RUN: not sh -c 'imexc %S/Inputs/add.mlir --emit=mlir -o - > /dev/full' 2>&1 | FileCheck %s --check-prefix=STDOUT
// STDOUT: imexc: error: cannot write '-': No space left on device
// STDOUT-NOT: LLVM ERROR
// RUN: not sh -c 'imexc --list-pipelines > /dev/full' 2>&1 | FileCheck %s --check-prefix=LIST
// LIST: imexc: error: cannot write to standard output: No space left on device
// LIST-NOT: LLVM ERROR
