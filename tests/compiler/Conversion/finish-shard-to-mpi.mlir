// RUN: imex-opt %s -split-input-file -finish-shard-to-mpi -verify-diagnostics | FileCheck %s
// RUN: imex-opt %s -split-input-file -finish-shard-to-mpi=mpi=openmpi -verify-diagnostics | FileCheck %s --check-prefix=OPENMPI
// RUN: not imex-opt %s -split-input-file -finish-shard-to-mpi=mpi=lam 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: unknown MPI implementation 'lam' (expected mpich or openmpi)

// A program that uses MPI: main initialises MPI, gives the process its
// share of the cores for OpenMP, counts the processes (a sum of ones:
// mpi.comm_size has no LLVM lowering upstream) and checks the grid against
// them, finalises before returning; prints run on rank 0; the module names
// its MPI; the grid goes.
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
// CHECK-NEXT: call @imexrtShareCoresWithLocalProcesses()
// CHECK: %[[W:.*]] = mpi.comm_world : !mpi.comm
// CHECK: %[[ONE:.*]] = memref.alloca() : memref<i32>
// CHECK: mpi.allreduce(%[[ONE]], %[[ONE]], MPI_SUM, %[[W]])
// CHECK-NEXT: %[[N:.*]] = memref.load %[[ONE]][] : memref<i32>
// CHECK-NEXT: %[[FOUR:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi eq, %[[N]], %[[FOUR]] : i32
// CHECK-NEXT: cf.assert %[[OK]], "{{.*}}finish-shard-to-mpi.mlir:[[#@LINE-26]]:1: shard.grid @grid needs 4 processes: run the program with mpiexec -n 4"
// CHECK: mpi.finalize
// CHECK-NEXT: return
func.func @main() {
  return
}

// -----

// An exported distributed function (partition-sharded-functions named its
// grids) sets the process up on its first call, which a global flag
// remembers: its static grid is checked, and so is a static grid made
// dynamic for uneven splits (imexc.processes); the dynamic one fits any
// count. A private function and a function without grids do not.
// CHECK: func.func private @imexrtShareCoresWithLocalProcesses()
// CHECK-NEXT: memref.global "private" @__imexc_called_exported : memref<i8> = dense<0>
// CHECK-NOT: memref.global
shard.grid @static(shape = 2)
shard.grid @dynamic(shape = ?)
shard.grid @uneven(shape = ?) {imexc.processes = 3 : i64}
// CHECK-LABEL: func.func @exported
// CHECK-NOT:   imexc.grids
// CHECK-NEXT:  %[[FLAG:.*]] = memref.get_global @__imexc_called_exported : memref<i8>
// CHECK-NEXT:  %[[CALLED:.*]] = memref.load %[[FLAG]][] : memref<i8>
// CHECK-NEXT:  %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK-NEXT:  %[[FIRST:.*]] = arith.cmpi eq, %[[CALLED]], %[[ZERO]] : i8
// CHECK-NEXT:  scf.if %[[FIRST]] {
// CHECK-NEXT:    func.call @imexrtShareCoresWithLocalProcesses()
// CHECK:         mpi.allreduce
// CHECK:         %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[OK:.*]] = arith.cmpi eq, %{{.*}}, %[[TWO]] : i32
// CHECK-NEXT:    cf.assert %[[OK]], "{{.*}}shard.grid @static needs 2 processes: run the program with mpiexec -n 2"
// CHECK-NEXT:    %[[THREE:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[OK3:.*]] = arith.cmpi eq, %{{.*}}, %[[THREE]] : i32
// CHECK-NEXT:    cf.assert %[[OK3]], "{{.*}}shard.grid @uneven needs 3 processes: run the program with mpiexec -n 3"
// CHECK-NOT:     cf.assert
// CHECK:         %[[ONE:.*]] = arith.constant 1 : i8
// CHECK-NEXT:    memref.store %[[ONE]], %[[FLAG]][] : memref<i8>
// CHECK-NEXT:  }
// CHECK-NEXT:  mpi.comm_world
func.func @exported() attributes {imexc.grids = [@static, @dynamic, @uneven]} {
  %w = mpi.comm_world : !mpi.comm
  return
}
// CHECK-LABEL: func.func private @helper
// CHECK-NEXT:  mpi.comm_world
func.func private @helper() attributes {imexc.grids = [@static]} {
  %w = mpi.comm_world : !mpi.comm
  return
}
// CHECK-LABEL: func.func @plain
// CHECK-NEXT:  mpi.comm_world
func.func @plain() {
  %w = mpi.comm_world : !mpi.comm
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

// A map without an implementation gets one next to its entries (MPI's
// lowering reports a map without one as an error).
// CHECK: module attributes {dlti.map = #dlti.map<"MPI:comm_world_size" = 4 : i32, "MPI:Implementation" = "MPICH">}
// OPENMPI: module attributes {dlti.map = #dlti.map<"MPI:comm_world_size" = 4 : i32, "MPI:Implementation" = "OpenMPI">}
module attributes {dlti.map = #dlti.map<"MPI:comm_world_size" = 4 : i32>} {
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

// -----

// MPI's LLVM lowering counts a buffer's first dimension only: buffers of
// other ranks are collapsed to one dimension (a dynamic size makes the
// whole dynamic, even next to a 0), a 0-d one expanded. In-place
// allreduce buffers stay one.
// CHECK-LABEL: func.func @buffers
// CHECK-SAME:    (%[[A:.*]]: memref<2x4xf32>, %[[B:.*]]: memref<?x0xf32>, %[[C:.*]]: memref<f64>, %[[D:.*]]: memref<8xi32>)
// CHECK:       %[[A1:.*]] = memref.collapse_shape %[[A]] {{\[\[}}0, 1]] : memref<2x4xf32> into memref<8xf32>
// CHECK-NEXT:  mpi.send(%[[A1]], {{.*}}) : memref<8xf32>, i32, i32
// CHECK:       %[[B1:.*]] = memref.collapse_shape %[[B]] {{\[\[}}0, 1]] : memref<?x0xf32> into memref<?xf32>
// CHECK-NEXT:  mpi.recv(%[[B1]], {{.*}}) : memref<?xf32>, i32, i32
// CHECK:       %[[C1:.*]] = memref.expand_shape %[[C]] [] output_shape [1] : memref<f64> into memref<1xf64>
// CHECK-NEXT:  mpi.allreduce(%[[C1]], %[[C1]], MPI_SUM, {{.*}}) : memref<1xf64>, memref<1xf64>
// CHECK-NEXT:  mpi.allreduce(%[[D]], %[[D]], MPI_BOR, {{.*}}) : memref<8xi32>, memref<8xi32>
func.func @buffers(%a: memref<2x4xf32>, %b: memref<?x0xf32>, %c: memref<f64>, %d: memref<8xi32>) {
  %w = mpi.comm_world : !mpi.comm
  %tag = arith.constant 7 : i32
  %to = arith.constant 1 : i32
  mpi.send(%a, %tag, %to, %w) : memref<2x4xf32>, i32, i32
  mpi.recv(%b, %tag, %to, %w) : memref<?x0xf32>, i32, i32
  mpi.allreduce(%c, %c, MPI_SUM, %w) : memref<f64>, memref<f64>
  mpi.allreduce(%d, %d, MPI_BOR, %w) : memref<8xi32>, memref<8xi32>
  return
}

// -----

// A strided buffer cannot be collapsed in place.
func.func @strided(%a: memref<2x4xf32, strided<[8, 1]>>) {
  %w = mpi.comm_world : !mpi.comm
  %tag = arith.constant 7 : i32
  %to = arith.constant 1 : i32
  // expected-error @+1 {{'mpi.send' op needs a contiguous buffer, not 'memref<2x4xf32, strided<[8, 1]>>'}}
  mpi.send(%a, %tag, %to, %w) : memref<2x4xf32, strided<[8, 1]>>, i32, i32
  return
}

// -----

// convert-shard-to-mpi (LLVM 22) asks a halo exchange buffer of dynamic
// shape for its sizes at index kDynamic; the k-th such query of a buffer
// becomes its k-th dynamic dimension. Other queries stay.
// CHECK-LABEL: func.func @halo_sizes
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:  memref.dim %{{.*}}, %[[C0]] : memref<?x3x?xf32>
// CHECK-NEXT:  %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:  memref.dim %{{.*}}, %[[C2]] : memref<?x3x?xf32>
func.func @halo_sizes(%t: tensor<?x3x?xf32>) -> (index, index, index) {
  %b = bufferization.to_buffer %t : tensor<?x3x?xf32> to memref<?x3x?xf32>
  %bad = arith.constant -9223372036854775808 : index
  %d0 = memref.dim %b, %bad : memref<?x3x?xf32>
  %d2 = memref.dim %b, %bad : memref<?x3x?xf32>
  %two = arith.constant 2 : index
  %same = memref.dim %b, %two : memref<?x3x?xf32>
  return %d0, %d2, %same : index, index, index
}
