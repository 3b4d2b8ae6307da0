// Exported distributed functions compiled with --distributed-arrays=root,
// called from a C++ MPI program that keeps its arrays on rank 0: the other
// processes pass descriptors with null pointers. Each argument is
// broadcast from rank 0, every process computes on its part (10 and 7
// rows: uneven splits over 2 to 4 processes), and every process gets whole
// results. One executable runs on 1 to 4 processes; the generated header
// says how to call the functions.
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s --distributed-arrays=root -o %t/root.o --emit-header=%t/kernels.h
// RUN: %dist-cxx -fopenmp -I%t %S/Inputs/whole-on-root.cpp %t/root.o -o %t/root %dist-libs
// RUN: %mpiexec -n 1 %t/root | FileCheck %s
// RUN: %mpiexec -n 2 %t/root | FileCheck %s
// RUN: %mpiexec -n 3 %t/root | FileCheck %s
// RUN: %mpiexec -n 4 %t/root | FileCheck %s
// RUN: FileCheck %s --check-prefix=HEADER --input-file=%t/kernels.h
// CHECK: ok: scale_and_sum and column_sums with arrays from rank 0
// CHECK-NOT: FAIL
// HEADER: /* Distributed (shard.sharding, --distributed-arrays=root): call on every
// HEADER-NEXT: process of the grid. Array arguments are whole on rank 0 and not read on
// HEADER-NEXT: other processes (which may pass descriptors with null pointers). Array
// HEADER-NEXT: results are whole on every process. */
// HEADER-NEXT: void _mlir_ciface_scale_and_sum(imexc_scale_and_sum_result *result, imexc_memref_1d_f32 *arg0, float arg1);

shard.grid @grid(shape = ?)

// r = a * s, total = sum(a * s); a (of any size) split in parts.
func.func @scale_and_sum(%a: tensor<?xf32>, %s: f32) -> (tensor<?xf32>, tensor<f32>) {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a_parts = shard.shard %a to %split : tensor<?xf32>
  %a_local = shard.shard %a_parts to %split annotate_for_users : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a_local, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a_local : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %s : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  %r = shard.shard %r0 to %split : tensor<?xf32>
  %r_local = shard.shard %r to %split annotate_for_users : tensor<?xf32>
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %total = linalg.reduce ins(%r_local : tensor<?xf32>) outs(%z : tensor<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %sum = arith.addf %x, %acc : f32
      linalg.yield %sum : f32
    }
  return %r, %total : tensor<?xf32>, tensor<f32>
}

// The column sums of a 7x3 matrix split in rows.
func.func @column_sums(%m: tensor<7x3xf64>) -> tensor<3xf64> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %m_parts = shard.shard %m to %rows : tensor<7x3xf64>
  %m_local = shard.shard %m_parts to %rows annotate_for_users : tensor<7x3xf64>
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<3xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<3xf64>) -> tensor<3xf64>
  %sums = linalg.reduce ins(%m_local : tensor<7x3xf64>) outs(%z : tensor<3xf64>) dimensions = [0]
    (%x: f64, %acc: f64) {
      %s = arith.addf %x, %acc : f64
      linalg.yield %s : f64
    }
  return %sums : tensor<3xf64>
}
