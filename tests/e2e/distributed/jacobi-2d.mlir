// A 2-D Jacobi stencil (4-point average) on an 8x8 array split in blocks
// over grids of 1x1, 2x1, 1x2 and 2x2 processes: two sweeps, each with one
// halo exchange in both dimensions. Every grid prints the same, which
// NumPy gives for the same sweeps.
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: for g in 1x1 2x1 1x2 2x2; do sed "s/shape = 1x1)/shape = $g)/" %s > %t/jacobi$g.mlir && imexc %t/jacobi$g.mlir --emit=exe -o %t/jacobi$g || exit 1; done
// RUN: %mpiexec -n 1 %t/jacobi1x1 | FileCheck %s
// RUN: %mpiexec -n 2 %t/jacobi2x1 | FileCheck %s
// RUN: %mpiexec -n 2 %t/jacobi1x2 | FileCheck %s
// RUN: %mpiexec -n 4 %t/jacobi2x2 | FileCheck %s

// CHECK: sizes = [8, 8] strides = [8, 1] data =
// CHECK-NEXT: {{\[}}[0,   1,   4,   9,   16,   8,   2,   15],
// CHECK-NEXT:  [13,   6.5,   7.0625,   7.875,   10.6875,   9.125,   6.75,   4],
// CHECK-NEXT:  [1,   5.875,   6.5,   7.375,   9.1875,   9.8125,   7.5,   2],
// CHECK-NEXT:  [15,   9.3125,   6.8125,   7.75,   7.5,   9.25,   10.1875,   9],
// CHECK-NEXT:  [4,   5.8125,   7.625,   6.5,   7.375,   9.1875,   9.125,   8],
// CHECK-NEXT:  [2,   6,   6.8125,   6.8125,   7.75,   7.5,   10.6875,   16],
// CHECK-NEXT:  [9,   6,   9,   9.0625,   7.9375,   9.875,   8.875,   16],
// CHECK-NEXT:  [8,   2,   15,   13,   13,   15,   2,   8]]
// CHECK-NOT: Unranked

shard.grid @grid(shape = 1x1)

func.func private @printMemrefF32(memref<*xf32>)

#id = affine_map<(i, j) -> (i, j)>

func.func @jacobi(%whole: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %blocks = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  %quarter = arith.constant 0.25 : f32
  %w = shard.shard %whole to %replicated : tensor<8x8xf32>
  %w_blocks = shard.shard %w to %blocks annotate_for_users : tensor<8x8xf32>
  %e = tensor.empty() : tensor<8x8xf32>
  %x0 = linalg.copy ins(%w_blocks : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %x = shard.shard %x0 to %blocks : tensor<8x8xf32>
  %s0u = ndarray.subview %x[0, 1][6, 6][1, 1] : tensor<8x8xf32> to tensor<6x6xf32>
  %s0d = ndarray.subview %x[2, 1][6, 6][1, 1] : tensor<8x8xf32> to tensor<6x6xf32>
  %s0l = ndarray.subview %x[1, 0][6, 6][1, 1] : tensor<8x8xf32> to tensor<6x6xf32>
  %s0r = ndarray.subview %x[1, 2][6, 6][1, 1] : tensor<8x8xf32> to tensor<6x6xf32>
  %s0e = tensor.empty() : tensor<6x6xf32>
  %s0avg = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s0u, %s0d, %s0l, %s0r : tensor<6x6xf32>, tensor<6x6xf32>, tensor<6x6xf32>, tensor<6x6xf32>)
      outs(%s0e : tensor<6x6xf32>) {
  ^bb0(%u: f32, %d: f32, %l: f32, %r: f32, %out: f32):
    %ud = arith.addf %u, %d : f32
    %lr = arith.addf %l, %r : f32
    %sum = arith.addf %ud, %lr : f32
    %avg = arith.mulf %sum, %quarter : f32
    linalg.yield %avg : f32
  } -> tensor<6x6xf32>
  %s0y = ndarray.insert_slice %s0avg into %x[1, 1][6, 6][1, 1] : tensor<6x6xf32> into tensor<8x8xf32>
  %s0 = shard.shard %s0y to %blocks : tensor<8x8xf32>
  %s1u = ndarray.subview %s0[0, 1][6, 6][1, 1] : tensor<8x8xf32> to tensor<6x6xf32>
  %s1d = ndarray.subview %s0[2, 1][6, 6][1, 1] : tensor<8x8xf32> to tensor<6x6xf32>
  %s1l = ndarray.subview %s0[1, 0][6, 6][1, 1] : tensor<8x8xf32> to tensor<6x6xf32>
  %s1r = ndarray.subview %s0[1, 2][6, 6][1, 1] : tensor<8x8xf32> to tensor<6x6xf32>
  %s1e = tensor.empty() : tensor<6x6xf32>
  %s1avg = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s1u, %s1d, %s1l, %s1r : tensor<6x6xf32>, tensor<6x6xf32>, tensor<6x6xf32>, tensor<6x6xf32>)
      outs(%s1e : tensor<6x6xf32>) {
  ^bb0(%u: f32, %d: f32, %l: f32, %r: f32, %out: f32):
    %ud = arith.addf %u, %d : f32
    %lr = arith.addf %l, %r : f32
    %sum = arith.addf %ud, %lr : f32
    %avg = arith.mulf %sum, %quarter : f32
    linalg.yield %avg : f32
  } -> tensor<6x6xf32>
  %s1y = ndarray.insert_slice %s1avg into %s0[1, 1][6, 6][1, 1] : tensor<6x6xf32> into tensor<8x8xf32>
  %s1 = shard.shard %s1y to %blocks : tensor<8x8xf32>

  %result = shard.shard %s1 to %replicated annotate_for_users : tensor<8x8xf32>
  return %result : tensor<8x8xf32>
}

func.func @main() {
  // x[i, j] = (8 i + j)^2 mod 17
  %x = arith.constant dense<[
    [0.0, 1.0, 4.0, 9.0, 16.0, 8.0, 2.0, 15.0],
    [13.0, 13.0, 15.0, 2.0, 8.0, 16.0, 9.0, 4.0],
    [1.0, 0.0, 1.0, 4.0, 9.0, 16.0, 8.0, 2.0],
    [15.0, 13.0, 13.0, 15.0, 2.0, 8.0, 16.0, 9.0],
    [4.0, 1.0, 0.0, 1.0, 4.0, 9.0, 16.0, 8.0],
    [2.0, 15.0, 13.0, 13.0, 15.0, 2.0, 8.0, 16.0],
    [9.0, 4.0, 1.0, 0.0, 1.0, 4.0, 9.0, 16.0],
    [8.0, 2.0, 15.0, 13.0, 13.0, 15.0, 2.0, 8.0]]> : tensor<8x8xf32>
  %r = call @jacobi(%x) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %m = bufferization.to_buffer %r : tensor<8x8xf32> to memref<8x8xf32>
  %u = memref.cast %m : memref<8x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
