// RUN: imex-opt %s -split-input-file -finish-shard-to-mpi -verify-diagnostics | FileCheck %s
// RUN: imex-opt %s -split-input-file -finish-shard-to-mpi=mpi=openmpi -verify-diagnostics | FileCheck %s --check-prefix=OPENMPI
// RUN: not imex-opt %s -split-input-file -finish-shard-to-mpi=mpi=lam 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: unknown MPI implementation 'lam' (expected mpich or openmpi)

// A program that uses MPI: main initialises MPI, counts the processes (a
// sum of ones: mpi.comm_size has no LLVM lowering upstream) and checks the
// grid against them, finalises before returning; prints run on rank 0; the
// module names its MPI; the grid goes.
// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">}
// OPENMPI: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
// CHECK-NOT: shard.grid
shard.grid @grid(shape = 4)
func.func private @printMemrefF32(memref<*xf32>)
// CHECK-LABEL: func.func @work
func.func @work(%m: memref<*xf32>) {
  %w = mpi.comm_world : !mpi.comm
  %r, %rank = mpi.comm_rank(%w) : !mpi.retval, i32
  // CHECK: mpi.comm_rank
  // CHECK-NEXT: %[[W:.*]] = mpi.comm_world : !mpi.comm
  // CHECK-NEXT: %{{.*}}, %[[RANK:.*]] = mpi.comm_rank(%[[W]]) : !mpi.retval, i32
  // CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %[[RANK]], %[[ZERO]] : i32
  // CHECK-NEXT: scf.if %[[FIRST]] {
  // CHECK-NEXT:   func.call @printMemrefF32(%{{.*}})
  // CHECK-NEXT: }
  call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @main
// CHECK-NEXT: mpi.init
// CHECK: %[[W:.*]] = mpi.comm_world : !mpi.comm
// CHECK: %[[ONE:.*]] = memref.alloca() : memref<i32>
// CHECK: mpi.allreduce(%[[ONE]], %[[ONE]], MPI_SUM, %[[W]])
// CHECK-NEXT: %[[N:.*]] = memref.load %[[ONE]][] : memref<i32>
// CHECK-NEXT: %[[FOUR:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi eq, %[[N]], %[[FOUR]] : i32
// CHECK-NEXT: cf.assert %[[OK]], "{{.*}}finish-shard-to-mpi.mlir:13:1: shard.grid @grid needs 4 processes: run the program with mpiexec -n 4"
// CHECK: mpi.finalize
// CHECK-NEXT: return
func.func @main() {
  return
}

// -----

// Without MPI ops there is nothing to set up: the grid goes, prints stay,
// no attribute.
// CHECK-LABEL: module {
// CHECK-NOT: shard.grid
// CHECK-NOT: mpi.
shard.grid @grid(shape = 2)
func.func private @printNewline()
func.func @main() {
  call @printNewline() : () -> ()
  return
}

// -----

// A module that names its MPI already keeps it.
// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
// OPENMPI: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  func.func @rank() -> i32 {
    %w = mpi.comm_world : !mpi.comm
    %r, %rank = mpi.comm_rank(%w) : !mpi.retval, i32
    return %rank : i32
  }
}

// -----

// A shard op that convert-shard-to-mpi left is an error.
shard.grid @grid(shape = 2)
func.func @left(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'shard.all_to_all' op has no MPI lowering (convert-shard-to-mpi left it)}}
  %y = shard.all_to_all %x on @grid grid_axes = [0] split_axis = 0 concat_axis = 0 : tensor<2xf32> -> tensor<2xf32>
  return %y : tensor<2xf32>
}
