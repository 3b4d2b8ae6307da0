// RUN: imex-opt %s --pass-pipeline="builtin.module(func.func(shard-partition))" -split-input-file -verify-diagnostics

// Shardings the ndarray partition models cannot implement are reported, never
// guessed.

shard.grid @grid4(shape = 4)

// The view's requested parts are not on the shards that hold the source.
func.func @subview_not_local(%arg0: tensor<16xf32>) -> tensor<14xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16xf32>
  %1 = shard.shard %0 to %s annotate_for_users : tensor<16xf32>
  // expected-error @+1 {{'ndarray.subview' op shard 0 needs source elements [2, 5) of dimension 0 but holds only [0, 4); give the source halos (coalesce-shard-ops) or annotate the result with the slice's own sharding}}
  %2 = ndarray.subview %1[2] [14] [1] : tensor<16xf32> to tensor<14xf32>
  %t = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 3, 7, 11, 14] : !shard.sharding
  %3 = shard.shard %2 to %t : tensor<14xf32>
  return %3 : tensor<14xf32>
}

// -----

shard.grid @grid4(shape = 4)

func.func @not_divisible(%arg0: tensor<10xf32>) -> tensor<10xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<10xf32>
  %1 = shard.shard %0 to %s annotate_for_users : tensor<10xf32>
  // expected-error @+1 {{'ndarray.subview' op the result dimension 0 of size 10 is not divisible by its 4 shards; give explicit sharded_dims_offsets}}
  %2 = ndarray.subview %1[0] [10] [1] : tensor<10xf32> to tensor<10xf32>
  %3 = shard.shard %2 to %s : tensor<10xf32>
  return %3 : tensor<10xf32>
}

// -----

shard.grid @grid2x2(shape = 2x2)

func.func @two_axes(%arg0: tensor<16xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid2x2 split_axes = [[0, 1]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16xf32>
  %1 = shard.shard %0 to %s annotate_for_users : tensor<16xf32>
  // expected-error @+1 {{'ndarray.subview' op cannot partition a dimension split over more than one grid axis (source sharding)}}
  %2 = ndarray.subview %1[0] [8] [1] : tensor<16xf32> to tensor<8xf32>
  %3 = shard.shard %2 to %s : tensor<8xf32>
  return %3 : tensor<8xf32>
}

// -----

shard.grid @grid4(shape = 4)

func.func @subview_replicated_result(%arg0: tensor<16xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %r = shard.sharding @grid4 split_axes = [[]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16xf32>
  %1 = shard.shard %0 to %s annotate_for_users : tensor<16xf32>
  // expected-error @+1 {{'ndarray.subview' op the result must be split like source dimension 0; a replicated result needs resharding}}
  %2 = ndarray.subview %1[0] [8] [1] : tensor<16xf32> to tensor<8xf32>
  %3 = shard.shard %2 to %r : tensor<8xf32>
  return %3 : tensor<8xf32>
}

// -----

shard.grid @grid4(shape = 4)

// Each shard would write source elements it does not own.
func.func @insert_wrong_source(%arg0: tensor<16xf32>, %arg1: tensor<8xf32>) -> tensor<16xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16xf32>
  %1 = shard.shard %0 to %s annotate_for_users : tensor<16xf32>
  %2 = shard.shard %arg1 to %s : tensor<8xf32>
  %3 = shard.shard %2 to %s annotate_for_users : tensor<8xf32>
  // expected-error @+1 {{'ndarray.insert_slice' op a split source must be sharded like the slice's elements lie on the destination's shards}}
  %4 = ndarray.insert_slice %3 into %1[4] [8] [1] : tensor<8xf32> into tensor<16xf32>
  %5 = shard.shard %4 to %s : tensor<16xf32>
  return %5 : tensor<16xf32>
}

// -----

shard.grid @grid4(shape = 4)

func.func @insert_result_sharding(%arg0: tensor<16xf32>, %arg1: tensor<f32>) -> tensor<16xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %h = shard.sharding @grid4 split_axes = [[0]] halo_sizes = [1, 1] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16xf32>
  %1 = shard.shard %0 to %s annotate_for_users : tensor<16xf32>
  // expected-error @+1 {{'ndarray.insert_slice' op the result must be sharded like the destination}}
  %2 = ndarray.insert_slice %arg1 into %1[4] [8] [1] : tensor<f32> into tensor<16xf32>
  %3 = shard.shard %2 to %h : tensor<16xf32>
  return %3 : tensor<16xf32>
}

// -----

shard.grid @grid4(shape = 4)

func.func @reshape_split_source(%arg0: tensor<16x6xf32>) -> tensor<6x16xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %t = shard.sharding @grid4 split_axes = [[], [0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<16x6xf32>
  %1 = shard.shard %0 to %s annotate_for_users : tensor<16x6xf32>
  %c6 = arith.constant 6 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'ndarray.reshape' op a split source is only supported when source and result split their evenly divisible leading dimensions alike; replicate the source}}
  %2 = ndarray.reshape %1 %c6, %c16 : tensor<16x6xf32> -> tensor<6x16xf32>
  %3 = shard.shard %2 to %t : tensor<6x16xf32>
  return %3 : tensor<6x16xf32>
}

// -----

shard.grid @grid4(shape = 4)

func.func @linspace_dynamic_halos(%a: f32, %b: f32, %n: index, %h: i64) -> tensor<?xf32> {
  // expected-error @+1 {{'ndarray.linspace' op cannot partition with dynamic halo sizes or shard offsets in the result sharding}}
  %0 = ndarray.linspace %a %b %n true : (f32, f32, index) -> tensor<?xf32>
  %s = shard.sharding @grid4 split_axes = [[0]] halo_sizes = [%h, 1] : !shard.sharding
  %1 = shard.shard %0 to %s : tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

shard.grid @any(shape = ?)

// Where halos lie depends on every process's part: only on grids of static
// shape.
func.func @halos_any_process_count(%a: f32, %b: f32, %n: index) -> tensor<?xf32> {
  // expected-error @+1 {{'ndarray.linspace' op cannot partition with halos or explicit offsets on a grid of dynamic shape (result sharding): they need a grid of static shape whose size divides the array}}
  %0 = ndarray.linspace %a %b %n true : (f32, f32, index) -> tensor<?xf32>
  %s = shard.sharding @any split_axes = [[0]] halo_sizes = [1, 1] : !shard.sharding
  %1 = shard.shard %0 to %s : tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// copy, delete and cast_elemtype go through upstream's elementwise model,
// which crashes (LLVM 22) on what these report.
shard.grid @grid4(shape = 4)

// Upstream partitioning cannot reshard from explicit offsets to a plain
// split: the operand arrives without a value.
func.func @copy_reshard_from_offsets(%arg0: tensor<4x3xi64>) -> tensor<4x3xi64> {
  %s = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 1, 2, 3, 4] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<4x3xi64>
  %t = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %1 = shard.shard %0 to %t annotate_for_users : tensor<4x3xi64>
  // expected-error @+1 {{'ndarray.copy' op cannot partition: operand 0 could not be resharded to the op's sharding (upstream partitioning does not reshard, e.g., to or from explicit sharded_dims_offsets)}}
  %2 = ndarray.copy %1 : tensor<4x3xi64> -> tensor<4x3xi64>
  %3 = shard.shard %2 to %t : tensor<4x3xi64>
  return %3 : tensor<4x3xi64>
}

// -----

shard.grid @grid4(shape = 4)

// Not annotated (sharding-propagation would annotate it).
func.func @copy_result_without_sharding(%arg0: tensor<4x3xi64>) -> tensor<4x3xi64> {
  %s = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<4x3xi64>
  %1 = shard.shard %0 to %s annotate_for_users : tensor<4x3xi64>
  // expected-error @+1 {{'ndarray.copy' op cannot partition: result 0 has no sharding (annotate it, or run sharding-propagation first)}}
  %2 = ndarray.copy %1 : tensor<4x3xi64> -> tensor<4x3xi64>
  return %2 : tensor<4x3xi64>
}

// -----

shard.grid @grid4(shape = 4)

func.func @cast_offsets_changed(%arg0: tensor<4x3xi64>) -> tensor<4x3xf32> {
  %s = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 2, 2, 3, 4] : !shard.sharding
  %0 = shard.shard %arg0 to %s : tensor<4x3xi64>
  %1 = shard.shard %0 to %s annotate_for_users : tensor<4x3xi64>
  // expected-error @+1 {{'ndarray.cast_elemtype' op cannot partition: the result must be sharded like the operand when either has explicit sharded_dims_offsets}}
  %2 = ndarray.cast_elemtype %1 : tensor<4x3xi64> to tensor<4x3xf32>
  %t = shard.sharding @grid4 split_axes = [[0]] sharded_dims_offsets = [0, 1, 2, 3, 4] : !shard.sharding
  %3 = shard.shard %2 to %t : tensor<4x3xf32>
  return %3 : tensor<4x3xf32>
}
