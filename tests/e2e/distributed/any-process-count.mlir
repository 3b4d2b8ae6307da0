// A grid of dynamic shape takes its size from the number of processes:
// one executable runs under any `mpiexec -n`, and 10 rows split unevenly
// over 3 and 4 processes (the first 10 % P parts get a row more). The same
// program as stats.mlir otherwise; every count prints the same.
// A grid of static shape 3 or 4 splits the same rows unevenly too (it takes
// the same route, and checks the process count).
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s --emit=exe -o %t/any
// RUN: %mpiexec -n 1 %t/any | FileCheck %s
// RUN: %mpiexec -n 2 %t/any | FileCheck %s
// RUN: %mpiexec -n 3 %t/any | FileCheck %s
// RUN: %mpiexec -n 4 %t/any | FileCheck %s
// RUN: for p in 3 4; do sed "s/shape = ?)/shape = $p)/" %s > %t/static$p.mlir && imexc %t/static$p.mlir --emit=exe -o %t/static$p || exit 1; done
// RUN: %mpiexec -n 3 %t/static3 | FileCheck %s
// RUN: %mpiexec -n 4 %t/static4 | FileCheck %s
// RUN: not %mpiexec -n 2 %t/static3 > %t/wrong.txt 2>&1
// RUN: FileCheck %s --check-prefix=WRONG --input-file=%t/wrong.txt
// WRONG: imexrt: run-time check failed: {{.*}}static3.mlir:{{[0-9]+}}:1: shard.grid @grid needs 3 processes: run the program with mpiexec -n 3

// CHECK: sizes = [10, 4] strides = [4, 1] data =
// CHECK-NEXT: {{\[}}[2,   6,   12,   20],
// CHECK-NEXT:  [30,   42,   56,   72],
// CHECK-NEXT:  [90,   110,   132,   156],
// CHECK-NEXT:  [182,   210,   240,   272],
// CHECK-NEXT:  [306,   342,   380,   420],
// CHECK-NEXT:  [462,   506,   552,   600],
// CHECK-NEXT:  [650,   702,   756,   812],
// CHECK-NEXT:  [870,   930,   992,   1056],
// CHECK-NEXT:  [1122,   1190,   1260,   1332],
// CHECK-NEXT:  [1406,   1482,   1560,   1640]]
// CHECK-NEXT: Unranked Memref {{.*}} sizes = [] strides = [] data =
// CHECK-NEXT: [22960]
// CHECK-NEXT: Unranked Memref {{.*}} sizes = [4] strides = [1] data =
// CHECK-NEXT: [5120,  5520,  5940,  6380]
// CHECK-NEXT: Unranked Memref {{.*}} sizes = [10] strides = [1] data =
// CHECK-NEXT: [40,  200,  488,  904,  1448,  2120,  2920,  3848,  4904,  6088]
// CHECK-NOT: Unranked
// A grid of dynamic shape: as many processes as the program runs on.
shard.grid @grid(shape = ?)

func.func private @printMemrefF32(memref<*xf32>)

func.func @stats(%x: tensor<10x4xf32>)
    -> (tensor<10x4xf32>, tensor<f32>, tensor<4xf32>, tensor<10xf32>) {
  %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %x_all = shard.shard %x to %replicated : tensor<10x4xf32>
  %x_rows = shard.shard %x_all to %rows annotate_for_users : tensor<10x4xf32>
  %e = tensor.empty() : tensor<10x4xf32>
  %sq = linalg.mul ins(%x_rows, %x_rows : tensor<10x4xf32>, tensor<10x4xf32>) outs(%e : tensor<10x4xf32>) -> tensor<10x4xf32>
  // Each split result is annotated where it is defined (sharding
  // propagation places later annotations where they do not dominate).
  %y0 = linalg.add ins(%sq, %x_rows : tensor<10x4xf32>, tensor<10x4xf32>) outs(%e : tensor<10x4xf32>) -> tensor<10x4xf32>
  %y = shard.shard %y0 to %rows : tensor<10x4xf32>
  %y_all = shard.shard %y to %replicated annotate_for_users : tensor<10x4xf32>
  %y_r = shard.shard %y to %rows annotate_for_users : tensor<10x4xf32>
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %z0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %total = linalg.reduce ins(%y_r : tensor<10x4xf32>) outs(%z0 : tensor<f32>) dimensions = [0, 1]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  %e1 = tensor.empty() : tensor<4xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %colsum = linalg.reduce ins(%y_r : tensor<10x4xf32>) outs(%z1 : tensor<4xf32>) dimensions = [0]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  // The row sums are split like the rows.
  %e2 = tensor.empty() : tensor<10xf32>
  %rows1 = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %e2s = shard.shard %e2 to %rows1 : tensor<10xf32>
  %e2r = shard.shard %e2s to %rows1 annotate_for_users : tensor<10xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2r : tensor<10xf32>) -> tensor<10xf32>
  %rowsum = linalg.reduce ins(%y_r : tensor<10x4xf32>) outs(%z2 : tensor<10xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  %rowsum_rows = shard.shard %rowsum to %rows1 : tensor<10xf32>
  %rowsum_all = shard.shard %rowsum_rows to %replicated annotate_for_users : tensor<10xf32>
  return %y_all, %total, %colsum, %rowsum_all : tensor<10x4xf32>, tensor<f32>, tensor<4xf32>, tensor<10xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 4.0],
[5.0, 6.0, 7.0, 8.0],
[9.0, 10.0, 11.0, 12.0],
[13.0, 14.0, 15.0, 16.0],
[17.0, 18.0, 19.0, 20.0],
[21.0, 22.0, 23.0, 24.0],
[25.0, 26.0, 27.0, 28.0],
[29.0, 30.0, 31.0, 32.0],
[33.0, 34.0, 35.0, 36.0],
[37.0, 38.0, 39.0, 40.0]]> : tensor<10x4xf32>
  %y, %total, %colsum, %rowsum = call @stats(%x) : (tensor<10x4xf32>) -> (tensor<10x4xf32>, tensor<f32>, tensor<4xf32>, tensor<10xf32>)
  %ym = bufferization.to_buffer %y : tensor<10x4xf32> to memref<10x4xf32>
  %yu = memref.cast %ym : memref<10x4xf32> to memref<*xf32>
  call @printMemrefF32(%yu) : (memref<*xf32>) -> ()
  %tm = bufferization.to_buffer %total : tensor<f32> to memref<f32>
  %tu = memref.cast %tm : memref<f32> to memref<*xf32>
  call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  %cm = bufferization.to_buffer %colsum : tensor<4xf32> to memref<4xf32>
  %cu = memref.cast %cm : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  %rm = bufferization.to_buffer %rowsum : tensor<10xf32> to memref<10xf32>
  %ru = memref.cast %rm : memref<10xf32> to memref<*xf32>
  call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  return
}
