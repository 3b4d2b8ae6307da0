// RUN: imex-opt %s --pass-pipeline="builtin.module(func.func(sharding-propagation,shard-partition,canonicalize,cse))" -split-input-file | FileCheck %s

// Partitioning of the ndarray ops (after sharding propagation): every process
// works on its own shard; index arithmetic on the process index picks its
// part.

shard.grid @grid4(shape = 4)

// Rows 511..513 of a 1024-row array on 4 shards: shard 1 holds one row, shard
// 2 two, the others none. The part (start, size) comes from the explicit
// offsets [0, 0, 1, 3, 3]; the offset is relative to the local shard's first
// row (256 * index) and 0 for an empty part.
// CHECK-LABEL: func.func @subview
// CHECK-SAME:    (%[[A:.*]]: tensor<256x1024xi64>) -> tensor<?x3xi64>
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:   %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:   %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG:   %[[C511:.*]] = arith.constant 511 : index
// CHECK:       %[[P:.*]] = shard.process_multi_index on @grid4 axes = [0] : index
// CHECK:       %[[START:.*]] = arith.select %{{.*}}, %[[C3]], %{{.*}} : index
// CHECK:       %[[END:.*]] = arith.select %{{.*}}, %[[C3]], %{{.*}} : index
// CHECK:       %[[SIZE:.*]] = arith.subi %[[END]], %[[START]] : index
// CHECK:       %[[FIRST:.*]] = arith.muli %[[P]], %[[C256]] : index
// CHECK:       %[[G:.*]] = arith.addi %[[START]], %[[C511]] : index
// CHECK:       %[[L:.*]] = arith.subi %[[G]], %[[FIRST]] : index
// CHECK:       %[[EMPTY:.*]] = arith.cmpi sle, %[[SIZE]], %[[C0]] : index
// CHECK:       %[[OFF:.*]] = arith.select %[[EMPTY]], %[[C0]], %[[L]] : index
// CHECK:       %[[V:.*]] = ndarray.subview %[[A]][%[[OFF]], 0] [%[[SIZE]], 3] [1, 1] : tensor<256x1024xi64> to tensor<?x3xi64>
// CHECK:       return %[[V]]
func.func @subview(%arg0: tensor<1024x1024xi64>) -> tensor<3x3xi64> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<1024x1024xi64>
  %1 = ndarray.subview %0[511, 0][3, 3][1, 1] : tensor<1024x1024xi64> to tensor<3x3xi64>
  return %1 : tensor<3x3xi64>
}

// -----

shard.grid @grid4(shape = 4)

// A rank-reducing view of the split dimension 1 (8 columns, 2 per shard).
// CHECK-LABEL: func.func @subview_rank_reduce
// CHECK-SAME:    (%[[A:.*]]: tensor<16x2xf32>) -> tensor<2xf32>
// CHECK-NOT:   shard.process_multi_index
// CHECK:       ndarray.subview %[[A]][3, 0] [1, 2] [1, 1] : tensor<16x2xf32> to tensor<2xf32>
func.func @subview_rank_reduce(%arg0: tensor<16x8xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid4 split_axes = [[], [0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16x8xf32>
  %1 = ndarray.subview %0[3, 0][1, 8][1, 1] : tensor<16x8xf32> to tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

shard.grid @grid4(shape = 4)

// The source part each shard holds goes to its own part of the slice
// [2, 10): offsets [0, 2, 6, 8, 8] of the source.
// CHECK-LABEL: func.func @insert
// CHECK-SAME:    (%[[D:.*]]: tensor<4xf32>, %[[S:.*]]: tensor<?xf32>) -> tensor<4xf32>
// CHECK:       %[[P:.*]] = shard.process_multi_index on @grid4 axes = [0] : index
// CHECK:       %[[CORE:.*]] = arith.muli %[[P]], %{{.*}} : index
// CHECK:       %[[SIZE:.*]] = arith.subi
// CHECK:       %[[OFF:.*]] = arith.select
// CHECK:       %[[I:.*]] = ndarray.insert_slice %[[S]] into %[[D]][%[[OFF]]] [%[[SIZE]]] [1] : tensor<?xf32> into tensor<4xf32>
// CHECK-NEXT:  return %[[I]]
func.func @insert(%arg0: tensor<16xf32>, %arg1: tensor<8xf32>) -> tensor<16xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16xf32>
  %1 = ndarray.insert_slice %arg1 into %0[2][8][1] : tensor<8xf32> into tensor<16xf32>
  return %1 : tensor<16xf32>
}

// -----

shard.grid @grid4(shape = 4)

// A broadcast scalar fills the part of the slice [3, 13) that lies in the
// local core [4p, 4p + 4): from max(0, 4p - 3) to min(10, 4p + 1).
// CHECK-LABEL: func.func @insert_scalar
// CHECK-SAME:    (%[[D:.*]]: tensor<4x3xf32>, %[[S:.*]]: tensor<f32>) -> tensor<4x3xf32>
// CHECK:       %[[P:.*]] = shard.process_multi_index on @grid4 axes = [0] : index
// CHECK:       %[[CORE:.*]] = arith.muli %[[P]], %{{.*}} : index
// CHECK:       %[[LO:.*]] = arith.maxsi
// CHECK:       %[[HI:.*]] = arith.minsi
// CHECK:       %[[N:.*]] = arith.subi %[[HI]], %[[LO]] : index
// CHECK:       %[[COUNT:.*]] = arith.maxsi %[[N]], %{{.*}} : index
// CHECK:       %[[OFF:.*]] = arith.select
// CHECK:       ndarray.insert_slice %[[S]] into %[[D]][%[[OFF]], 0] [%[[COUNT]], 3] [1, 1] : tensor<f32> into tensor<4x3xf32>
func.func @insert_scalar(%arg0: tensor<16x3xf32>, %v: tensor<f32>) -> tensor<16x3xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16x3xf32>
  %1 = ndarray.insert_slice %v into %0[3, 0][10, 3][1, 1] : tensor<f32> into tensor<16x3xf32>
  return %1 : tensor<16x3xf32>
}

// -----

shard.grid @grid4(shape = 4)

// A replicated source with a dynamic slice: each process cuts the part that
// falls into its core out of the full source.
// CHECK-LABEL: func.func @insert_dynamic
// CHECK-SAME:    (%[[D:.*]]: tensor<4xf32>, %[[S:.*]]: tensor<?xf32>, %[[O:.*]]: index, %[[N:.*]]: index)
// CHECK:       arith.ceildivsi
// CHECK:       %[[CUT:.*]] = ndarray.subview %[[S]][%{{.*}}] [%[[COUNT:.*]]] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK-NEXT:  ndarray.insert_slice %[[CUT]] into %[[D]][%{{.*}}] [%[[COUNT]]] [2] : tensor<?xf32> into tensor<4xf32>
func.func @insert_dynamic(%arg0: tensor<16xf32>, %v: tensor<?xf32>, %o: index, %n: index) -> tensor<16xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16xf32>
  %1 = ndarray.insert_slice %v into %0[%o][%n][2] : tensor<?xf32> into tensor<16xf32>
  return %1 : tensor<16xf32>
}

// -----

shard.grid @grid4(shape = 4)

// With halos, the local tensor starts one element before the core, and the
// halos are refreshed after the update.
// CHECK-LABEL: func.func @insert_halo
// CHECK-SAME:    (%[[D:.*]]: tensor<6xf32>, %[[S:.*]]: tensor<?xf32>) -> tensor<6xf32>
// CHECK:       %[[I:.*]] = ndarray.insert_slice %[[S]] into %[[D]]
// CHECK-NEXT:  %[[H:.*]] = shard.update_halo %[[I]] on @grid4 split_axes = {{\[\[}}0]] halo_sizes = [1, 1] : tensor<6xf32>
// CHECK-NEXT:  return %[[H]]
func.func @insert_halo(%arg0: tensor<16xf32>, %arg1: tensor<8xf32>) -> tensor<16xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] halo_sizes = [1, 1] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16xf32>
  %1 = ndarray.insert_slice %arg1 into %0[4][8][1] : tensor<8xf32> into tensor<16xf32>
  return %1 : tensor<16xf32>
}

// -----

shard.grid @grid4(shape = 4)

// Each process computes its 4 values directly: start + step * 4p up to (but
// excluding) start + step * (4p + 4), step = (stop - start) / 15 in f32 (the
// compute type of an f32 result).
// CHECK-LABEL: func.func @linspace
// CHECK-SAME:    (%[[START:.*]]: i64, %[[STOP:.*]]: i64) -> tensor<4xf32>
// CHECK-DAG:   %[[N:.*]] = arith.constant 4 : index
// CHECK-DAG:   %[[DIV:.*]] = arith.constant 1.500000e+01 : f32
// CHECK:       %[[P:.*]] = shard.process_multi_index on @grid4 axes = [0] : index
// CHECK:       %[[FIRST:.*]] = arith.muli %[[P]], %{{.*}} : index
// CHECK:       %[[FSTART:.*]] = arith.sitofp %[[START]] : i64 to f32
// CHECK:       %[[FSTOP:.*]] = arith.sitofp %[[STOP]] : i64 to f32
// CHECK:       %[[DIFF:.*]] = arith.subf %[[FSTOP]], %[[FSTART]] : f32
// CHECK:       %[[STEP:.*]] = arith.divf %[[DIFF]], %[[DIV]] : f32
// CHECK:       %[[LSTART:.*]] = arith.addf %[[FSTART]], %{{.*}} : f32
// CHECK:       %[[LSTOP:.*]] = arith.addf %[[FSTART]], %{{.*}} : f32
// CHECK:       ndarray.linspace %[[LSTART]] %[[LSTOP]] %[[N]] false : (f32, f32, index) -> tensor<4xf32>
func.func @linspace(%a: i64, %b: i64) -> tensor<16xf32> {
  %c = arith.constant 16 : i64
  %0 = ndarray.linspace %a %b %c true : (i64, i64, i64) -> tensor<16xf32>
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %1 = shard.shard %0 to %s : tensor<16xf32>
  return %1 : tensor<16xf32>
}

// -----

shard.grid @grid4(shape = 4)

// Halos extend the local part by 1 before and 2 after (balanced split of a
// dynamic count); explicit offsets give the part directly.
// CHECK-LABEL: func.func @linspace_halo
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:   %[[C3:.*]] = arith.constant 3 : index
// CHECK:       %[[P:.*]] = shard.process_multi_index on @grid4 axes = [0] : index
// CHECK:       %[[START:.*]] = arith.addi
// CHECK:       %[[SIZE:.*]] = arith.addi
// CHECK:       %[[FIRST:.*]] = arith.subi %[[START]], %[[C1]] : index
// CHECK:       %[[N:.*]] = arith.addi %[[SIZE]], %[[C3]] : index
// CHECK:       ndarray.linspace %{{.*}} %{{.*}} %[[N]] false : (f64, f64, index) -> tensor<?xf64>
func.func @linspace_halo(%a: f64, %b: f64, %n: index) -> tensor<?xf64> {
  %0 = ndarray.linspace %a %b %n true : (f64, f64, index) -> tensor<?xf64>
  %s = shard.sharding @grid4 split_axes = [[0]] halo_sizes = [1, 2] : !shard.sharding
  %1 = shard.shard %0 to %s : tensor<?xf64>
  return %1 : tensor<?xf64>
}

// CHECK-LABEL: func.func @linspace_offsets
// CHECK-DAG:   %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:   %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:   %[[C10:.*]] = arith.constant 10 : index
// CHECK:       %[[P:.*]] = shard.process_multi_index on @grid4 axes = [0] : index
// CHECK:       arith.select %{{.*}}, %[[C6]], %{{.*}} : index
// CHECK:       arith.select %{{.*}}, %[[C10]], %{{.*}} : index
// CHECK:       ndarray.linspace %{{.*}} %{{.*}} %{{.*}} false : (f32, f32, index) -> tensor<?xf32>
func.func @linspace_offsets(%a: f32, %b: f32) -> tensor<10xf32> {
  %n = arith.constant 10 : index
  %0 = ndarray.linspace %a %b %n true : (f32, f32, index) -> tensor<10xf32>
  %s = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 0, 5, 6, 10] : !shard.sharding
  %1 = shard.shard %0 to %s : tensor<10xf32>
  return %1 : tensor<10xf32>
}

// A constant count of a result of dynamic size splits as on IMEX (and as
// upstream's shard.shard_shape lowering splits): 11 values over 4 processes
// are 2, 3, 3, 3 (one more from process p >= 4 - 11 % 4 = 1 on), with an
// index count.
// CHECK-LABEL: func.func @linspace_constant_count_uneven
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:   %[[C2:.*]] = arith.constant 2 : index
// CHECK:       %[[P:.*]] = shard.process_multi_index on @grid4 axes = [0] : index
// CHECK:       %[[LONG:.*]] = arith.cmpi sge, %[[P]], %[[C1]] : index
// CHECK:       %[[EXTRA:.*]] = arith.select %[[LONG]], %[[C1]], %{{.*}} : index
// CHECK:       %[[N:.*]] = arith.addi %[[EXTRA]], %[[C2]] : index
// CHECK:       ndarray.linspace %{{.*}} %{{.*}} %[[N]] false : (f64, f64, index) -> tensor<?xi64>
func.func @linspace_constant_count_uneven() -> tensor<?xi64> {
  %c0 = arith.constant 0 : i64
  %c11 = arith.constant 11 : i64
  %0 = ndarray.linspace %c0 %c11 %c11 false : (i64, i64, i64) -> tensor<?xi64>
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %1 = shard.shard %0 to %s : tensor<?xi64>
  return %1 : tensor<?xi64>
}

// -----

shard.grid @any(shape = ?)

// On a grid of dynamic shape the process count is asked at run time, and
// the first 10 % count processes get one value more.
// CHECK-LABEL: func.func @linspace_any_process_count
// CHECK-DAG:   %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK:       %[[COUNT:.*]] = shard.grid_shape @any axes = [0] : index
// CHECK:       %[[P:.*]] = shard.process_multi_index on @any axes = [0] : index
// CHECK:       %[[Q:.*]] = arith.divsi %[[C10]], %[[COUNT]] : index
// CHECK:       %[[R:.*]] = arith.remsi %[[C10]], %[[COUNT]] : index
// CHECK:       %[[QP:.*]] = arith.muli %[[P]], %[[Q]] : index
// CHECK:       %[[EXTRA:.*]] = arith.minsi %[[P]], %[[R]] : index
// CHECK:       %[[FIRST:.*]] = arith.addi %[[QP]], %[[EXTRA]] : index
// CHECK:       %[[LONG:.*]] = arith.cmpi sge, %[[P]], %[[R]] : index
// CHECK:       %[[ONE:.*]] = arith.select %[[LONG]], %[[C0]], %[[C1]] : index
// CHECK:       %[[SIZE:.*]] = arith.addi %[[Q]], %[[ONE]] : index
// CHECK:       ndarray.linspace %{{.*}} %{{.*}} %[[SIZE]] false : (f32, f32, index) -> tensor<?xf32>
func.func @linspace_any_process_count(%a: f32, %b: f32) -> tensor<10xf32> {
  %n = arith.constant 10 : index
  %0 = ndarray.linspace %a %b %n true : (f32, f32, index) -> tensor<10xf32>
  %s = shard.sharding @any split_axes = [[0]] : !shard.sharding
  %1 = shard.shard %0 to %s : tensor<10xf32>
  return %1 : tensor<10xf32>
}

// -----

shard.grid @grid4(shape = 4)

// 16x6 -> 32x3 keeps the row split (each shard's 24 elements stay in place);
// 16x6 -> 6x16 split along columns is computed from the gathered source.
// CHECK-LABEL: func.func @reshape
// CHECK-SAME:    (%[[A:.*]]: tensor<4x6xf32>) -> (tensor<8x3xf32>, tensor<6x4xf32>)
// CHECK-DAG:   %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:   %[[C8:.*]] = arith.constant 8 : index
// CHECK:       %[[G:.*]] = shard.all_gather %[[A]] on @grid4 grid_axes = [0] gather_axis = 0 : tensor<4x6xf32> -> tensor<16x6xf32>
// CHECK:       %[[R1:.*]] = ndarray.reshape %[[A]] %[[C8]], %[[C3]] : tensor<4x6xf32> -> tensor<8x3xf32>
// CHECK:       %[[R2:.*]] = ndarray.reshape %[[G]] %{{.*}}, %{{.*}} {copy = true} : tensor<16x6xf32> -> tensor<6x16xf32>
// CHECK:       %[[P:.*]] = shard.process_multi_index on @grid4 axes = [0] : index
// CHECK:       %[[OFF:.*]] = arith.muli %[[P]], %{{.*}} : index
// CHECK:       %[[V:.*]] = ndarray.subview %[[R2]][0, %[[OFF]]] [6, 4] [1, 1] : tensor<6x16xf32> to tensor<6x4xf32>
// CHECK:       return %[[R1]], %[[V]]
func.func @reshape(%arg0: tensor<16x6xf32>) -> (tensor<32x3xf32>, tensor<6x16xf32>) {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16x6xf32>
  %c32 = arith.constant 32 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c16 = arith.constant 16 : index
  %1 = ndarray.reshape %0 %c32, %c3 : tensor<16x6xf32> -> tensor<32x3xf32>
  %2 = ndarray.reshape %0 %c6, %c16 {copy = true} : tensor<16x6xf32> -> tensor<6x16xf32>
  %t = shard.sharding @grid4 split_axes = [[], [0]] : !shard.sharding
  %3 = shard.shard %2 to %t : tensor<6x16xf32>
  return %1, %3 : tensor<32x3xf32>, tensor<6x16xf32>
}

// -----

shard.grid @grid4(shape = 4)

// copy, cast_elemtype and delete work on the local shard.
// CHECK-LABEL: func.func @elementwise
// CHECK-SAME:    (%[[A:.*]]: tensor<16x2xf32>) -> tensor<16x2xf64>
// CHECK-NEXT:  %[[C:.*]] = ndarray.copy %[[A]] : tensor<16x2xf32> -> tensor<16x2xf32>
// CHECK-NEXT:  %[[E:.*]] = ndarray.cast_elemtype %[[C]] : tensor<16x2xf32> to tensor<16x2xf64>
// CHECK-NEXT:  ndarray.delete %[[C]] : tensor<16x2xf32>
// CHECK-NEXT:  return %[[E]]
func.func @elementwise(%arg0: tensor<16x8xf32>) -> tensor<16x8xf64> {
  %s = shard.sharding @grid4 split_axes = [[], [0]] : !shard.sharding
  %a = shard.shard %arg0 to %s : tensor<16x8xf32>
  %0 = ndarray.copy %a : tensor<16x8xf32> -> tensor<16x8xf32>
  %1 = ndarray.cast_elemtype %0 : tensor<16x8xf32> to tensor<16x8xf64>
  ndarray.delete %0 : tensor<16x8xf32>
  return %1 : tensor<16x8xf64>
}

