// Jacobi stencils on uneven splits: a 1-D one (10 elements, 3 sweeps) on
// grids of 1 to 4 processes and a 2-D one (7x5, 4-point average, 2 sweeps)
// on grids of 1x1, 1x2, 3x1 and 2x2, so that parts differ in size (10 over
// 4: 3, 3, 2, 2; 7x5 over 2x2: rows 4 and 3, columns 3 and 2). The splits
// get explicit offsets and the views of each sweep share one halo
// exchange. Every grid prints the same, which NumPy gives for the same
// sweeps.
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: for g in 1:1x1 2:1x2 3:3x1 4:2x2; do sed -e "s/@line(shape = 1)/@line(shape = ${g%%:*})/" -e "s/@plane(shape = 1x1)/@plane(shape = ${g#*:})/" %s > %t/jacobi${g%%:*}.mlir && imexc %t/jacobi${g%%:*}.mlir --emit=exe -o %t/jacobi${g%%:*} || exit 1; done
// RUN: %mpiexec -n 1 %t/jacobi1 | FileCheck %s
// RUN: %mpiexec -n 2 %t/jacobi2 | FileCheck %s
// RUN: %mpiexec -n 3 %t/jacobi3 | FileCheck %s
// RUN: %mpiexec -n 4 %t/jacobi4 | FileCheck %s
// One halo exchange per sweep and split dimension, shared by the sweep's
// views, each a send to either neighbour: 3 x 2 sends for the 1-D stencil,
// 2 x 2 x 2 for the 2-D one:
// RUN: imexc %t/jacobi4.mlir --emit=mlir -o - | FileCheck %s --check-prefix=IR
// IR-COUNT-14: llvm.call @MPI_Send(
// IR-NOT:      llvm.call @MPI_Send(

// CHECK: sizes = [10] strides = [1] data =
// CHECK-NEXT: [0,  3,  6.75,  12,  19,  28,  39,  51.75,  66,  81]
// CHECK: sizes = [7, 5] strides = [5, 1] data =
// CHECK-NEXT: {{\[}}[0,   1,   4,   9,   16],
// CHECK-NEXT:  [8,   5.5625,   8,   9.125,   13],
// CHECK-NEXT:  [15,   8.8125,   6.375,   9,   9],
// CHECK-NEXT:  [4,   5.6875,   6.875,   5.6875,   4],
// CHECK-NEXT:  [9,   9,   6.375,   8.8125,   15],
// CHECK-NEXT:  [13,   9.125,   8,   5.5625,   8],
// CHECK-NEXT:  [16,   9,   4,   1,   0]]
// CHECK-NOT: Unranked

shard.grid @line(shape = 1)
shard.grid @plane(shape = 1x1)

func.func private @printMemrefF32(memref<*xf32>)

#id = affine_map<(i) -> (i)>
#id2 = affine_map<(i, j) -> (i, j)>

func.func @jacobi1d(%whole: tensor<10xf32>) -> tensor<10xf32> {
  %replicated = shard.sharding @line split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @line split_axes = [[0]] : !shard.sharding
  %half = arith.constant 0.5 : f32
  // Every process takes its part of the whole array (a local copy).
  %w = shard.shard %whole to %replicated : tensor<10xf32>
  %w_rows = shard.shard %w to %rows annotate_for_users : tensor<10xf32>
  %e = tensor.empty() : tensor<10xf32>
  %x0 = linalg.copy ins(%w_rows : tensor<10xf32>) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %x = shard.shard %x0 to %rows : tensor<10xf32>
  %s00 = ndarray.subview %x[0][8][1] : tensor<10xf32> to tensor<8xf32>
  %s01 = ndarray.subview %x[2][8][1] : tensor<10xf32> to tensor<8xf32>
  %s0e = tensor.empty() : tensor<8xf32>
  %s0avg = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%s00, %s01 : tensor<8xf32>, tensor<8xf32>) outs(%s0e : tensor<8xf32>) {
  ^bb0(%l: f32, %r: f32, %out: f32):
    %sum = arith.addf %l, %r : f32
    %avg = arith.mulf %sum, %half : f32
    linalg.yield %avg : f32
  } -> tensor<8xf32>
  %s0y = ndarray.insert_slice %s0avg into %x[1][8][1] : tensor<8xf32> into tensor<10xf32>
  %s0 = shard.shard %s0y to %rows : tensor<10xf32>
  %s10 = ndarray.subview %s0[0][8][1] : tensor<10xf32> to tensor<8xf32>
  %s11 = ndarray.subview %s0[2][8][1] : tensor<10xf32> to tensor<8xf32>
  %s1e = tensor.empty() : tensor<8xf32>
  %s1avg = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%s10, %s11 : tensor<8xf32>, tensor<8xf32>) outs(%s1e : tensor<8xf32>) {
  ^bb0(%l: f32, %r: f32, %out: f32):
    %sum = arith.addf %l, %r : f32
    %avg = arith.mulf %sum, %half : f32
    linalg.yield %avg : f32
  } -> tensor<8xf32>
  %s1y = ndarray.insert_slice %s1avg into %s0[1][8][1] : tensor<8xf32> into tensor<10xf32>
  %s1 = shard.shard %s1y to %rows : tensor<10xf32>
  %s20 = ndarray.subview %s1[0][8][1] : tensor<10xf32> to tensor<8xf32>
  %s21 = ndarray.subview %s1[2][8][1] : tensor<10xf32> to tensor<8xf32>
  %s2e = tensor.empty() : tensor<8xf32>
  %s2avg = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%s20, %s21 : tensor<8xf32>, tensor<8xf32>) outs(%s2e : tensor<8xf32>) {
  ^bb0(%l: f32, %r: f32, %out: f32):
    %sum = arith.addf %l, %r : f32
    %avg = arith.mulf %sum, %half : f32
    linalg.yield %avg : f32
  } -> tensor<8xf32>
  %s2y = ndarray.insert_slice %s2avg into %s1[1][8][1] : tensor<8xf32> into tensor<10xf32>
  %s2 = shard.shard %s2y to %rows : tensor<10xf32>

  %result = shard.shard %s2 to %replicated annotate_for_users : tensor<10xf32>
  return %result : tensor<10xf32>
}

func.func @jacobi2d(%whole: tensor<7x5xf32>) -> tensor<7x5xf32> {
  %replicated = shard.sharding @plane split_axes = [[]] : !shard.sharding
  %blocks = shard.sharding @plane split_axes = [[0], [1]] : !shard.sharding
  %quarter = arith.constant 0.25 : f32
  %w = shard.shard %whole to %replicated : tensor<7x5xf32>
  %w_blocks = shard.shard %w to %blocks annotate_for_users : tensor<7x5xf32>
  %e = tensor.empty() : tensor<7x5xf32>
  %x0 = linalg.copy ins(%w_blocks : tensor<7x5xf32>) outs(%e : tensor<7x5xf32>) -> tensor<7x5xf32>
  %x = shard.shard %x0 to %blocks : tensor<7x5xf32>
  %s0u = ndarray.subview %x[0, 1][5, 3][1, 1] : tensor<7x5xf32> to tensor<5x3xf32>
  %s0d = ndarray.subview %x[2, 1][5, 3][1, 1] : tensor<7x5xf32> to tensor<5x3xf32>
  %s0l = ndarray.subview %x[1, 0][5, 3][1, 1] : tensor<7x5xf32> to tensor<5x3xf32>
  %s0r = ndarray.subview %x[1, 2][5, 3][1, 1] : tensor<7x5xf32> to tensor<5x3xf32>
  %s0e = tensor.empty() : tensor<5x3xf32>
  %s0avg = linalg.generic {indexing_maps = [#id2, #id2, #id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%s0u, %s0d, %s0l, %s0r : tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>)
      outs(%s0e : tensor<5x3xf32>) {
  ^bb0(%u: f32, %d: f32, %l: f32, %r: f32, %out: f32):
    %ud = arith.addf %u, %d : f32
    %lr = arith.addf %l, %r : f32
    %sum = arith.addf %ud, %lr : f32
    %avg = arith.mulf %sum, %quarter : f32
    linalg.yield %avg : f32
  } -> tensor<5x3xf32>
  %s0y = ndarray.insert_slice %s0avg into %x[1, 1][5, 3][1, 1] : tensor<5x3xf32> into tensor<7x5xf32>
  %s0 = shard.shard %s0y to %blocks : tensor<7x5xf32>
  %s1u = ndarray.subview %s0[0, 1][5, 3][1, 1] : tensor<7x5xf32> to tensor<5x3xf32>
  %s1d = ndarray.subview %s0[2, 1][5, 3][1, 1] : tensor<7x5xf32> to tensor<5x3xf32>
  %s1l = ndarray.subview %s0[1, 0][5, 3][1, 1] : tensor<7x5xf32> to tensor<5x3xf32>
  %s1r = ndarray.subview %s0[1, 2][5, 3][1, 1] : tensor<7x5xf32> to tensor<5x3xf32>
  %s1e = tensor.empty() : tensor<5x3xf32>
  %s1avg = linalg.generic {indexing_maps = [#id2, #id2, #id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%s1u, %s1d, %s1l, %s1r : tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>)
      outs(%s1e : tensor<5x3xf32>) {
  ^bb0(%u: f32, %d: f32, %l: f32, %r: f32, %out: f32):
    %ud = arith.addf %u, %d : f32
    %lr = arith.addf %l, %r : f32
    %sum = arith.addf %ud, %lr : f32
    %avg = arith.mulf %sum, %quarter : f32
    linalg.yield %avg : f32
  } -> tensor<5x3xf32>
  %s1y = ndarray.insert_slice %s1avg into %s0[1, 1][5, 3][1, 1] : tensor<5x3xf32> into tensor<7x5xf32>
  %s1 = shard.shard %s1y to %blocks : tensor<7x5xf32>

  %result = shard.shard %s1 to %replicated annotate_for_users : tensor<7x5xf32>
  return %result : tensor<7x5xf32>
}

func.func @main() {
  %x = arith.constant dense<[0.0, 1.0, 4.0, 9.0, 16.0, 25.0, 36.0, 49.0, 64.0, 81.0]> : tensor<10xf32>
  %y = arith.constant dense<[
    [0.0, 1.0, 4.0, 9.0, 16.0],
    [8.0, 2.0, 15.0, 13.0, 13.0],
    [15.0, 2.0, 8.0, 16.0, 9.0],
    [4.0, 1.0, 0.0, 1.0, 4.0],
    [9.0, 16.0, 8.0, 2.0, 15.0],
    [13.0, 13.0, 15.0, 2.0, 8.0],
    [16.0, 9.0, 4.0, 1.0, 0.0]]> : tensor<7x5xf32>
  %r = call @jacobi1d(%x) : (tensor<10xf32>) -> tensor<10xf32>
  %m = bufferization.to_buffer %r : tensor<10xf32> to memref<10xf32>
  %u = memref.cast %m : memref<10xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %r2 = call @jacobi2d(%y) : (tensor<7x5xf32>) -> tensor<7x5xf32>
  %m2 = bufferization.to_buffer %r2 : tensor<7x5xf32> to memref<7x5xf32>
  %u2 = memref.cast %m2 : memref<7x5xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  return
}
