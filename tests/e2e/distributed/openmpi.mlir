// Open MPI is selectable (--mpi=openmpi): distributed programs compiled
// for it link with its library and print under its mpiexec what they
// print under MPICH's, on every process count. The programs are those of
// any-process-count.mlir (a grid of the run's size, uneven splits,
// reductions: allreduce with Open MPI's predefined operations) and
// jacobi-1d.mlir (halo exchanges).
// REQUIRES: openmpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %S/any-process-count.mlir --mpi=openmpi --emit=exe -o %t/any
// RUN: %openmpi-exec -n 1 %t/any | FileCheck %S/any-process-count.mlir
// RUN: %openmpi-exec -n 3 %t/any | FileCheck %S/any-process-count.mlir
// RUN: %openmpi-exec -n 4 %t/any | FileCheck %S/any-process-count.mlir
// RUN: sed "s/shape = 1)/shape = 2)/" %S/jacobi-1d.mlir > %t/jacobi2.mlir
// RUN: imexc %t/jacobi2.mlir --mpi=openmpi --emit=exe -o %t/jacobi2
// RUN: %openmpi-exec -n 2 %t/jacobi2 | FileCheck %S/jacobi-1d.mlir
// The objects refer to Open MPI's own symbols:
// RUN: imexc %S/any-process-count.mlir --mpi=openmpi --emit=mlir -o - | FileCheck %s
// CHECK: llvm.mlir.global external @ompi_mpi_op_sum()
// CHECK-NOT: @ompi_mpi_sum
