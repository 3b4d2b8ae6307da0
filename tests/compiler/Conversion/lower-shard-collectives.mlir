// RUN: imex-opt %s -split-input-file -lower-shard-collectives -verify-diagnostics | FileCheck %s

shard.grid @grid(shape = 4)
// all_slice: the process's rows of the replicated tensor, no communication.
// CHECK-LABEL: func.func @slice
// CHECK-SAME: (%[[X:.*]]: tensor<12x2xf32>)
// CHECK: %[[P:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK: %[[LIN:.*]] = arith.addi %{{.*}}, %[[P]] : index
// CHECK: %[[OFF:.*]] = arith.muli %[[LIN]], %c3 : index
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
// CHECK: %[[RAW:.*]] = memref.alloc() : memref<96xi8>
// CHECK: %[[ELEMS:.*]] = memref.view %[[RAW]][%{{.*}}][] : memref<96xi8> to memref<12x2xf32>
// CHECK: %[[INTS:.*]] = memref.view %[[RAW]][%{{.*}}][] : memref<96xi8> to memref<24xi32>
// CHECK: bufferization.materialize_in_destination %[[PLACED]] in writable %[[ELEMS]]
// CHECK: %[[WORLD:.*]] = mpi.comm_world : !mpi.comm
// CHECK: mpi.allreduce(%[[INTS]], %[[INTS]], MPI_BOR, %[[WORLD]]) : memref<24xi32>, memref<24xi32>
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
// CHECK: mpi.allreduce({{.*}}, MPI_BOR, %[[COMM]]) : memref<12xi64>, memref<12xi64>
func.func @gather_one_axis(%p: tensor<4xi64>) -> tensor<12xi64> {
  %g = shard.all_gather %p on @grid2d grid_axes = [1] gather_axis = 0 : tensor<4xi64> -> tensor<12xi64>
  return %g : tensor<12xi64>
}

// -----

// Not supported yet, and said so.
shard.grid @dynamic(shape = ?)
func.func @dynamic_grid(%p: tensor<4xf32>) {
  // expected-error @+1 {{on a grid of dynamic shape is not supported yet: give shard.grid @dynamic a static shape}}
  %g = shard.all_gather %p on @dynamic grid_axes = [0] gather_axis = 0 : tensor<4xf32> -> tensor<?xf32>
  return
}

// -----

shard.grid @grid(shape = 2)
func.func @dynamic_shape(%q: tensor<?xf32>) {
  // expected-error @+1 {{needs tensors of static shape}}
  %g = shard.all_gather %q on @grid grid_axes = [0] gather_axis = 0 : tensor<?xf32> -> tensor<?xf32>
  return
}

// -----

shard.grid @grid(shape = 2)
func.func @booleans(%b: tensor<4xi1>) {
  // expected-error @+1 {{gathers 'i1', which has no whole-byte integer view}}
  %g = shard.all_gather %b on @grid grid_axes = [0] gather_axis = 0 : tensor<4xi1> -> tensor<8xi1>
  return
}
