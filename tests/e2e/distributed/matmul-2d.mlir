// A 2-D-distributed matmul: C = A B with C in blocks over a grid of
// processes, A split in rows along grid axis 0 and B in columns along grid
// axis 1, so each process computes its block from its own rows and
// columns (no reduction across processes); the blocks are gathered for
// printing. Grids 1x1, 2x1, 1x2 and 2x2 print the same, NumPy's A @ B.
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: for g in 1x1 2x1 1x2 2x2; do sed "s/shape = 1x1)/shape = $g)/" %s > %t/mm$g.mlir && imexc %t/mm$g.mlir --emit=exe -o %t/mm$g || exit 1; done
// RUN: %mpiexec -n 1 %t/mm1x1 | FileCheck %s
// RUN: %mpiexec -n 2 %t/mm2x1 | FileCheck %s
// RUN: %mpiexec -n 2 %t/mm1x2 | FileCheck %s
// RUN: %mpiexec -n 4 %t/mm2x2 | FileCheck %s

// CHECK: sizes = [8, 4] strides = [4, 1] data =
// CHECK-NEXT: {{\[}}[3,   3,   5,   3],
// CHECK-NEXT:  [4,   6,   4,   2],
// CHECK-NEXT:  [5,   3,   5,   6],
// CHECK-NEXT:  [5,   5,   5,   5],
// CHECK-NEXT:  [4,   5,   9,   5],
// CHECK-NEXT:  [5,   4,   2,   4],
// CHECK-NEXT:  [10,   4,   3,   8],
// CHECK-NEXT:  [3,   4,   7,   5]]

shard.grid @grid(shape = 1x1)
func.func private @printMemrefF32(memref<*xf32>)

// C = A B with C in 2-D blocks: A split in rows (grid axis 0), B in columns
// (grid axis 1); each process computes its block from its rows and columns.
func.func @matmul(%a: tensor<8x6xf32>, %b: tensor<6x4xf32>) -> tensor<8x4xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %cols = shard.sharding @grid split_axes = [[], [1]] : !shard.sharding
  %blocks = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  %aw = shard.shard %a to %rep : tensor<8x6xf32>
  %ar = shard.shard %aw to %rows annotate_for_users : tensor<8x6xf32>
  %bw = shard.shard %b to %rep : tensor<6x4xf32>
  %bc = shard.shard %bw to %cols annotate_for_users : tensor<6x4xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %zs = shard.shard %z to %blocks : tensor<8x4xf32>
  %zb = shard.shard %zs to %blocks annotate_for_users : tensor<8x4xf32>
  %c = linalg.matmul ins(%ar, %bc : tensor<8x6xf32>, tensor<6x4xf32>) outs(%zb : tensor<8x4xf32>) -> tensor<8x4xf32>
  %cs = shard.shard %c to %blocks : tensor<8x4xf32>
  %cw = shard.shard %cs to %rep annotate_for_users : tensor<8x4xf32>
  return %cw : tensor<8x4xf32>
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 0.0, 1.0, 0.0, 1.0], [0.0, 1.0, 1.0, 2.0, 1.0, 0.0], [2.0, 0.0, 1.0, 0.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [3.0, 0.0, 0.0, 1.0, 2.0, 0.0], [0.0, 2.0, 2.0, 0.0, 0.0, 1.0], [1.0, 0.0, 3.0, 1.0, 0.0, 2.0], [2.0, 2.0, 0.0, 0.0, 1.0, 1.0]]> : tensor<8x6xf32>
  %b = arith.constant dense<[[1.0, 0.0, 2.0, 1.0], [0.0, 1.0, 1.0, 0.0], [2.0, 1.0, 0.0, 1.0], [1.0, 1.0, 1.0, 0.0], [0.0, 2.0, 1.0, 1.0], [1.0, 0.0, 0.0, 2.0]]> : tensor<6x4xf32>
  %c = call @matmul(%a, %b) : (tensor<8x6xf32>, tensor<6x4xf32>) -> tensor<8x4xf32>
  %m = bufferization.to_buffer %c : tensor<8x4xf32> to memref<8x4xf32>
  %u = memref.cast %m : memref<8x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
