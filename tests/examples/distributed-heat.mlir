// The distributed example (examples/distributed) builds with its Makefile
// (imexc + pkg-config imexrt-mpich) and its README command runs it on 2
// MPI processes, which print the rod NumPy computes for the same steps.
// On 3 processes the kernel's first call stops every process with a
// message.
// REQUIRES: mpi
// RUN: rm -rf %t && cp -r %S/../../examples/distributed %t
// RUN: make -s -C %t run IMEXC=%imexc_path PKG_CONFIG_PATH=%imex_obj_root/lib/pkgconfig | FileCheck %s
// CHECK: after 20000 steps: total heat 1133{{[0-9]}}.{{[0-9]}}
// CHECK-NEXT: cell    0: 100.00
// CHECK-NEXT: cell  128:  36.54
// CHECK-NEXT: cell  256:   7.03
// CHECK-NEXT: cell  384:   0.66
// CHECK-NEXT: cell  512:   0.03
// CHECK-NEXT: cell  640:   0.00
// RUN: not timeout 120 %mpiexec -n 3 %t/heat 2>&1 | FileCheck %s --check-prefix=WRONG
// WRONG: imexrt: run-time check failed: {{.*}}heat.mlir:6:1: shard.grid @rod needs 2 processes: run the program with mpiexec -n 2
