// An exported distributed function called from a C++ MPI program: each
// process passes its own part of the split array and gets its own part of
// the split result, and the whole sum (combined with an allreduce) on
// every process. 2 and 4 processes over 12 elements; the generated header
// says how to call it.
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: for p in 2 4; do sed "s/shape = 2)/shape = $p)/" %s > %t/parts$p.mlir && imexc %t/parts$p.mlir -o %t/parts$p.o --emit-header=%t/kernels.h || exit 1; done
// RUN: %dist-cxx -I%t -c %S/Inputs/local-parts.cpp -o %t/driver.o
// RUN: for p in 2 4; do c++ %t/driver.o %t/parts$p.o -o %t/parts$p %dist-libs || exit 1; done
// RUN: %mpiexec -n 2 %t/parts2 | FileCheck %s
// RUN: %mpiexec -n 4 %t/parts4 | FileCheck %s
// RUN: FileCheck %s --check-prefix=HEADER --input-file=%t/kernels.h
// CHECK: ok: 12 elements on {{[24]}} processes
// CHECK-NOT: FAIL
// HEADER: /* Distributed (shard.sharding): call on every process of the grid. An array
// HEADER-NEXT: split across processes (shard.shard of an argument or result) is the
// HEADER-NEXT: calling process's own part; a replicated one is whole on every process. */
// HEADER-NEXT: void _mlir_ciface_scale_and_sum(imexc_scale_and_sum_result *result, imexc_memref_1d_f32 *arg0, float arg1);

shard.grid @grid(shape = 2)

// r = a * s (split like a), total = sum(a * s) (on every process).
func.func @scale_and_sum(%a: tensor<12xf32>, %s: f32) -> (tensor<12xf32>, tensor<f32>) {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a_parts = shard.shard %a to %split : tensor<12xf32>
  %a_local = shard.shard %a_parts to %split annotate_for_users : tensor<12xf32>
  %e = tensor.empty() : tensor<12xf32>
  %r0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a_local : tensor<12xf32>) outs(%e : tensor<12xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %s : f32
    linalg.yield %y : f32
  } -> tensor<12xf32>
  %r = shard.shard %r0 to %split : tensor<12xf32>
  %r_local = shard.shard %r to %split annotate_for_users : tensor<12xf32>
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %total = linalg.reduce ins(%r_local : tensor<12xf32>) outs(%z : tensor<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %t = arith.addf %x, %acc : f32
      linalg.yield %t : f32
    }
  return %r, %total : tensor<12xf32>, tensor<f32>
}
