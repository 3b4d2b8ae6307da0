// IMEX's profiling variables: with IMEX_ENABLE_PROFILING each kernel launch
// runs IMEX_PROFILING_WARMUPS times untimed and IMEX_PROFILING_RUNS times
// timed, and one line per launch says how long it took; the program's
// output is that of a single run (the kernel is idempotent). Without the
// variable nothing is printed. A bad count is ignored with a warning.
// REQUIRES: vulkan
// RUN: %gpu-env %S/add-f32.mlir | imexc - --emit=exe -o %t
// RUN: env IMEX_ENABLE_PROFILING=1 IMEX_PROFILING_RUNS=3 IMEX_PROFILING_WARMUPS=2 %t 2> %t.err | FileCheck %S/add-f32.mlir
// RUN: FileCheck %s --input-file=%t.err
// CHECK: imexrt: profile kernel '{{.*}}' grid {{[0-9,]+}} workgroup {{[0-9,]+}}: 3 runs (after 2 warm-ups): mean {{[0-9.]+}} ms, min {{[0-9.]+}} ms, max {{[0-9.]+}} ms
// RUN: %t 2> %t.quiet | FileCheck %S/add-f32.mlir
// RUN: not grep profile %t.quiet
// RUN: env IMEX_ENABLE_PROFILING=1 IMEX_PROFILING_RUNS=many %t 2> %t.bad | FileCheck %S/add-f32.mlir
// RUN: FileCheck %s --check-prefix=BAD --input-file=%t.bad
// BAD: imexrt: ignoring IMEX_PROFILING_RUNS=many (expected a count up to 1000000)
// BAD: imexrt: profile kernel '{{.*}}' grid {{.*}}: 1 runs (after 0 warm-ups)
