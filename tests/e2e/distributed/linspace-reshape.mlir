// ndarray.linspace and ndarray.reshape on a distributed array: every
// process computes its part of a linspace of 16 values directly (no
// communication), reshapes its part to rows of a 4x4 array, and the whole
// array is gathered for printing. Grids of 1 to 4 processes print the
// same; on 3 the 16 values and 4 rows split unevenly. (insert_slice into a distributed array: jacobi-1d.mlir.)
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: for p in 1 2 3 4; do sed "s/shape = 1)/shape = $p)/" %s > %t/lr$p.mlir && imexc %t/lr$p.mlir --emit=exe -o %t/lr$p || exit 1; done
// RUN: %mpiexec -n 1 %t/lr1 | FileCheck %s
// RUN: %mpiexec -n 2 %t/lr2 | FileCheck %s
// RUN: %mpiexec -n 3 %t/lr3 | FileCheck %s
// RUN: %mpiexec -n 4 %t/lr4 | FileCheck %s
// The only collectives are the process-count checks (main's, and @make's
// on its first call) and the result's gather: linspace and reshape need
// no communication.
// RUN: imexc %t/lr4.mlir --emit=mlir -o - | FileCheck %s --check-prefix=IR
// IR-COUNT-3: llvm.call @MPI_Allreduce(
// IR-NOT:     llvm.call @MPI_Allreduce(

// CHECK: sizes = [4, 4] strides = [4, 1] data =
// CHECK-NEXT: {{\[}}[0,   1,   2,   3],
// CHECK-NEXT:  [4,   5,   6,   7],
// CHECK-NEXT:  [8,   9,   10,   11],
// CHECK-NEXT:  [12,   13,   14,   15]]

shard.grid @grid(shape = 1)
func.func private @printMemrefF32(memref<*xf32>)

// linspace of 16 values split over the processes, reshaped to 4x4 rows.
func.func @make() -> tensor<4x4xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %start = arith.constant 0.0 : f32
  %stop = arith.constant 15.0 : f32
  %num = arith.constant 16 : index
  %l = ndarray.linspace %start %stop %num true : (f32, f32, index) -> tensor<16xf32>
  %ls = shard.shard %l to %rows : tensor<16xf32>
  %c4 = arith.constant 4 : index
  %r = ndarray.reshape %ls %c4, %c4 : tensor<16xf32> -> tensor<4x4xf32>
  %rs = shard.shard %r to %rows : tensor<4x4xf32>
  %w = shard.shard %rs to %rep annotate_for_users : tensor<4x4xf32>
  return %w : tensor<4x4xf32>
}

func.func @main() {
  %r = call @make() : () -> tensor<4x4xf32>
  %m = bufferization.to_buffer %r : tensor<4x4xf32> to memref<4x4xf32>
  %u = memref.cast %m : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
