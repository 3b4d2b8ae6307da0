// imex-opt registers every pass upstream mlir-opt does (its test passes
// aside) under the same names, plus the project's; `mem2reg` there is the
// project's region-aware one. InitImex.cpp lists upstream's core transforms
// pass by pass (to leave upstream's mem2reg out): a pass that a new LLVM
// adds to that group, and the list misses, fails here.
// RUN: mlir-opt --help | sed -n 's/^      --\([a-z0-9][a-z0-9-]*\) .*/\1/p' | grep -v test | sort -u > %t.upstream
// RUN: imex-opt --help | sed -n 's/^      --\([a-z0-9][a-z0-9-]*\) .*/\1/p' | sort -u > %t.ours
// RUN: comm -23 %t.upstream %t.ours | count 0
// RUN: imex-opt --help | FileCheck %s
// CHECK: --mem2reg {{.*}}Promote memory slots to SSA values, also through region
