// RUN: imex-opt %s -split-input-file -lower-shard-collectives -verify-diagnostics -canonicalize | FileCheck %s

shard.grid @grid(shape = 4)
// all_slice: the process's rows of the replicated tensor, no communication.
// CHECK-LABEL: func.func @slice
// CHECK-SAME: (%[[X:.*]]: tensor<12x2xf32>)
// CHECK: %[[P:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK: %[[OFF:.*]] = arith.muli %[[P]], %c3 : index
// CHECK: %[[S:.*]] = tensor.extract_slice %[[X]][%[[OFF]], 0] [3, 2] [1, 1] : tensor<12x2xf32> to tensor<3x2xf32>
// CHECK: return %[[S]]
func.func @slice(%x: tensor<12x2xf32>) -> tensor<3x2xf32> {
  %s = shard.all_slice %x on @grid grid_axes = [0] slice_axis = 0 : tensor<12x2xf32> -> tensor<3x2xf32>
  return %s : tensor<3x2xf32>
}

// all_gather: the part at its offset in zeros, combined by a bitwise-or
// allreduce over an integer view of the same bytes (flat for the MPI
// lowering), read back as elements.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[PART:.*]]: tensor<3x2xf32>)
// CHECK: %[[OFF:.*]] = arith.muli %{{.*}}, %c3 : index
// CHECK: %[[ZEROS:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<12x2xf32>)
// CHECK: %[[PLACED:.*]] = tensor.insert_slice %[[PART]] into %[[ZEROS]][%[[OFF]], 0] [3, 2] [1, 1]
// CHECK: %[[WORLD:.*]] = mpi.comm_world : !mpi.comm
// CHECK: %[[RAW:.*]] = memref.alloc() : memref<96xi8>
// CHECK: %[[ELEMS:.*]] = memref.view %[[RAW]][%{{.*}}][] : memref<96xi8> to memref<12x2xf32>
// CHECK: %[[INTS:.*]] = memref.view %[[RAW]][%{{.*}}][] : memref<96xi8> to memref<24xi32>
// CHECK: %[[FLAT:.*]] = memref.cast %[[INTS]] : memref<24xi32> to memref<?xi32>
// CHECK: bufferization.materialize_in_destination %[[PLACED]] in writable %[[ELEMS]]
// CHECK: mpi.allreduce(%[[FLAT]], %[[FLAT]], MPI_BOR, %[[WORLD]]) : memref<?xi32>, memref<?xi32>
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[ELEMS]] restrict writable : memref<12x2xf32> to tensor<12x2xf32>
// CHECK: return %[[R]]
func.func @gather(%p: tensor<3x2xf32>) -> tensor<12x2xf32> {
  %g = shard.all_gather %p on @grid grid_axes = [0] gather_axis = 0 : tensor<3x2xf32> -> tensor<12x2xf32>
  return %g : tensor<12x2xf32>
}

// -----

// On a 2-D grid, a gather along one axis talks to that axis's processes
// only: colour = index along the other axis, key = index along this one.
shard.grid @grid2d(shape = 2x3)
// CHECK-LABEL: func.func @gather_one_axis
// CHECK: %[[KEEP:.*]] = shard.process_multi_index on @grid2d axes = [1] : index
// CHECK: %[[COLOR:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[KEY:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %{{.*}}, %[[COMM:.*]] = mpi.comm_split(%{{.*}}, %[[COLOR]], %[[KEY]]) : !mpi.retval, !mpi.comm
// CHECK: mpi.allreduce({{.*}}, MPI_BOR, %[[COMM]]) : memref<?xi64>, memref<?xi64>
func.func @gather_one_axis(%p: tensor<4xi64>) -> tensor<12xi64> {
  %g = shard.all_gather %p on @grid2d grid_axes = [1] gather_axis = 0 : tensor<4xi64> -> tensor<12xi64>
  return %g : tensor<12xi64>
}

// -----

// A grid of dynamic shape is all processes: indices are ranks, its size
// the number of processes (a sum of ones, counted once at the function's
// entry: comm_size has no LLVM lowering),
// parts follow blockOf (the first size % P get one more), a gather learns
// the whole extent by summing the parts' sizes, and an all_reduce is one
// MPI_Allreduce over a flat view of a copy.
shard.grid @dynamic(shape = ?)
// CHECK-LABEL: func.func @dynamic_grid
// CHECK-NOT: shard.
// CHECK: mpi.allreduce({{.*}}, MPI_SUM, {{.*}}) : memref<i32>, memref<i32>
// CHECK-NOT: memref<i32>, memref<i32>
// CHECK: mpi.comm_rank
// CHECK: %[[Q:.*]] = arith.divui
// CHECK: %[[R:.*]] = arith.remui
// CHECK: arith.cmpi ult
// CHECK: tensor.extract_slice
// CHECK: mpi.allreduce({{.*}}, MPI_SUM, {{.*}}) : memref<i64>, memref<i64>
// CHECK: tensor.insert_slice
// CHECK: mpi.allreduce({{.*}}, MPI_BOR, {{.*}}) : memref<?xi32>, memref<?xi32>
// CHECK: mpi.allreduce({{.*}}, MPI_MAX, {{.*}}) : memref<?xf32>, memref<?xf32>
// CHECK-NOT: shard.
// CHECK: return
func.func @dynamic_grid(%x: tensor<10xf32>, %m: tensor<4xf32>) -> (index, index, index, tensor<?xf32>, tensor<?xf32>, tensor<4xf32>) {
  %i = shard.process_multi_index on @dynamic axes = [0] : index
  %n = shard.grid_shape @dynamic axes = [0] : index
  %s = shard.sharding @dynamic split_axes = [[0]] : !shard.sharding
  %local = shard.shard_shape dims = [10] sharding = %s device = [%i] : index
  %part = shard.all_slice %x on @dynamic grid_axes = [0] slice_axis = 0 : tensor<10xf32> -> tensor<?xf32>
  %whole = shard.all_gather %part on @dynamic grid_axes = [0] gather_axis = 0 : tensor<?xf32> -> tensor<?xf32>
  %max = shard.all_reduce %m on @dynamic grid_axes = [0] reduction = max : tensor<4xf32> -> tensor<4xf32>
  return %i, %n, %local, %part, %whole, %max : index, index, index, tensor<?xf32>, tensor<?xf32>, tensor<4xf32>
}

// -----

// Only one axis can be the process count.
shard.grid @dynamic2d(shape = 2x?)
func.func @dynamic_2d() -> index {
  // expected-error @+1 {{'shard.grid_shape' op on a grid of dynamic shape with 2 axes: only one axis can take its size from the number of processes}}
  %n = shard.grid_shape @dynamic2d axes = [1] : index
  return %n : index
}

// -----

shard.grid @grid(shape = 2)
func.func @booleans(%b: tensor<4xi1>) {
  // expected-error @+1 {{gathers 'i1', which has no whole-byte integer view}}
  %g = shard.all_gather %b on @grid grid_axes = [0] gather_axis = 0 : tensor<4xi1> -> tensor<8xi1>
  return
}

// -----

// The local size of a dimension of dynamic global size.
shard.grid @dynamic(shape = ?)
// CHECK-LABEL: func.func @shard_shape_of_dynamic
// CHECK-SAME:    (%[[N:.*]]: index, %[[I:.*]]: index)
// CHECK:       %[[P:.*]] = arith.index_cast
// CHECK:       %[[Q:.*]] = arith.divui %[[N]], %[[P]]
// CHECK:       %[[R:.*]] = arith.remui %[[N]], %[[P]]
// CHECK:       arith.cmpi ult, %[[I]], %[[R]]
// CHECK-NOT:   shard.
func.func @shard_shape_of_dynamic(%n: index, %i: index) -> index {
  %s = shard.sharding @dynamic split_axes = [[0]] : !shard.sharding
  %local = shard.shard_shape dims = [%n] sharding = %s device = [%i] : index
  return %local : index
}

// -----

// An argument whole on rank 0 (whole-arrays-on-root) is broadcast at the
// function's entry: its dynamic sizes summed over the processes, which
// count 0 but on rank 0, then its elements or-ed into zeros on the other
// processes; every use reads the broadcast array.
// CHECK-LABEL: func.func @from_root
// CHECK-SAME:    (%[[A:.*]]: tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK:       %{{.*}}, %[[RANK:.*]] = mpi.comm_rank
// CHECK:       %[[ROOT:.*]] = arith.cmpi eq, %[[RANK]], %c0_i32
// CHECK:       %[[D:.*]] = tensor.dim %[[A]], %c0
// CHECK:       arith.select %[[ROOT]], %[[D]], %c0
// CHECK:       mpi.allreduce({{.*}}, MPI_SUM, {{.*}}) : memref<i64>, memref<i64>
// CHECK:       %[[ZEROS:.*]] = linalg.fill
// CHECK:       %[[MINE:.*]] = arith.select %[[ROOT]], %[[A]], %[[ZEROS]] : tensor<?x3xf32>
// CHECK:       bufferization.materialize_in_destination %[[MINE]]
// CHECK:       mpi.allreduce(%[[FLAT:.*]], %[[FLAT]], MPI_BOR, {{.*}}) : memref<?xi32>, memref<?xi32>
// CHECK:       %[[WHOLE:.*]] = bufferization.to_tensor
// CHECK:       return %[[WHOLE]]
func.func @from_root(%a: tensor<?x3xf32> {imexc.whole_on_root}) -> tensor<?x3xf32> {
  return %a : tensor<?x3xf32>
}

// -----

func.func @from_root_booleans(
    // expected-error @+1 {{cannot broadcast arrays of 'i1', which has no whole-byte integer view}}
    %b: tensor<4xi1> {imexc.whole_on_root}) -> tensor<4xi1> {
  return %b : tensor<4xi1>
}

// -----

// A gather of parts that are not blocks (a view's): every process's size
// at its index, summed over the processes; a part goes after the parts
// of lower indices, the whole extent is all of them.
shard.grid @grid(shape = 4)
// CHECK-LABEL: func.func @gather_view_parts
// CHECK-SAME: (%[[PART:.*]]: tensor<?xf32>)
// CHECK: %[[SIZE:.*]] = tensor.dim %[[PART]], %c0
// CHECK: %[[WORLD:.*]] = mpi.comm_world
// CHECK: %[[I:.*]] = shard.process_multi_index on @grid axes = [0]
// CHECK: %[[SIZES:.*]] = memref.alloc() : memref<4xi64>
// CHECK: %[[FLAT:.*]] = memref.cast %[[SIZES]] : memref<4xi64> to memref<?xi64>
// CHECK: scf.for %[[Z:.*]] = %c0 to %c4 step %c1 {
// CHECK-NEXT:   memref.store %c0_i64, %[[SIZES]][%[[Z]]]
// CHECK: %[[MINE:.*]] = arith.index_cast %[[SIZE]] : index to i64
// CHECK: memref.store %[[MINE]], %[[SIZES]][%[[I]]]
// CHECK: mpi.allreduce(%[[FLAT]], %[[FLAT]], MPI_SUM, %[[WORLD]])
// CHECK: %[[SUMS:.*]]:2 = scf.for %[[J:.*]] = %c0 to %c4 step %c1 iter_args(%[[BELOW:.*]] = %c0_i64, %[[ALL:.*]] = %c0_i64)
// CHECK:   %[[S:.*]] = memref.load %[[SIZES]][%[[J]]]
// CHECK:   %[[LOWER:.*]] = arith.cmpi ult, %[[J]], %[[I]]
// CHECK:   %[[ADD:.*]] = arith.select %[[LOWER]], %[[S]], %c0_i64
// CHECK: %[[OFF:.*]] = arith.index_cast %[[SUMS]]#0 : i64 to index
// CHECK: %[[WHOLE:.*]] = arith.index_cast %[[SUMS]]#1 : i64 to index
// CHECK: %[[E:.*]] = tensor.empty(%[[WHOLE]])
// CHECK: tensor.insert_slice %[[PART]] into %{{.*}}[%[[OFF]]] [%[[SIZE]]] [1]
// CHECK: mpi.allreduce({{.*}}, MPI_BOR, %[[WORLD]])
func.func @gather_view_parts(%p: tensor<?xf32>) -> tensor<?xf32> {
  %g = shard.all_gather %p on @grid grid_axes = [0] gather_axis = 0 {imexc.parts_not_blocks} : tensor<?xf32> -> tensor<?xf32>
  return %g : tensor<?xf32>
}

// -----

// Collectives over no grid axes leave every process on its own: they are
// their inputs.
shard.grid @grid2d(shape = 2x4)
// CHECK-LABEL: func.func @no_axes
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NOT: shard.
// CHECK-NOT: mpi.
// CHECK: return %[[X]], %[[X]], %[[X]]
func.func @no_axes(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %g = shard.all_gather %x on @grid2d grid_axes = [] gather_axis = 0 : tensor<4xf32> -> tensor<4xf32>
  %s = shard.all_slice %x on @grid2d grid_axes = [] slice_axis = 0 : tensor<4xf32> -> tensor<4xf32>
  %r = shard.all_reduce %x on @grid2d grid_axes = [] : tensor<4xf32> -> tensor<4xf32>
  return %g, %s, %r : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
