// Deep nesting gets a diagnostic, not a stack overflow: imexc and imex-opt
// run on a thread with a large stack, imexc refuses more than 1000 nested
// regions, and the .nda parser more than 1000 nested expressions or 100
// nested blocks. Long flat expressions have no limit.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/gen-nested.py %t
// RUN: not imexc %t/ifs.mlir -o %t/ifs.o 2>&1 | FileCheck %s --check-prefix=IFS
// IFS: ifs.mlir:1001:3: error: operations nested more than 1000 regions deep; imexc accepts at most 1000 levels
// RUN: imexc %t/ifs-1000.mlir -o %t/ifs-1000.o
// RUN: imex-opt %t/types.mlir | FileCheck %s --check-prefix=TYPES
// TYPES: func.func private @g() -> tuple<tuple<tuple<
// RUN: not imexc %t/parens.nda -o %t/p.o 2>&1 | FileCheck %s --check-prefix=PARENS
// PARENS: parens.nda:2:1010: error: expression nested too deeply (more than 1000 levels)
// PARENS: parens.nda:3:1010: error: expression nested too deeply (more than 1000 levels)
// PARENS: parens.nda:4:2009: error: expression nested too deeply (more than 1000 levels)
// RUN: not imexc %t/blocks.nda -o %t/b.o 2>&1 | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: blocks.nda:101:{{[0-9]+}}: error: blocks nested too deeply (more than 100 levels)
// RUN: imexc %t/flat.nda --emit=exe -o %t/flat && %t/flat | FileCheck %s --check-prefix=FLAT
// FLAT: 9000
