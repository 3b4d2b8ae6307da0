// The communication model of docs/distributed.md, checked against what MPI
// sees (a PMPI wrapper counting MPI_Allreduce calls and bytes): for the
// program of any-process-count.mlir, every rank passes 7 allreduces of 240
// bytes in all, on any number of processes: the process count (4), the
// gathered 10x4 result (its extent, 8, then 160), the full sum (4), the
// column sums (16) and the gathered row sums (8, then 40).
// REQUIRES: mpi
// Preloading next to the ASan runtime does not work:
// UNSUPPORTED: asan
// RUN: rm -rf %t && mkdir -p %t
// RUN: cc -shared -fPIC $(pkg-config --cflags mpich) %S/Inputs/count-allreduce.c -o %t/libcount.so $(pkg-config --libs mpich)
// RUN: imexc %S/any-process-count.mlir --emit=exe -o %t/prog
// RUN: env LD_PRELOAD=%t/libcount.so %mpiexec -n 1 %t/prog | FileCheck %s --check-prefix=ONE
// RUN: env LD_PRELOAD=%t/libcount.so %mpiexec -n 3 %t/prog | FileCheck %s --check-prefix=THREE
// ONE: rank 0: MPI_Allreduce 7 calls, 240 bytes
// THREE-DAG: rank 0: MPI_Allreduce 7 calls, 240 bytes
// THREE-DAG: rank 1: MPI_Allreduce 7 calls, 240 bytes
// THREE-DAG: rank 2: MPI_Allreduce 7 calls, 240 bytes
