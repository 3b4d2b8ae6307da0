// Distributed matmul of a 7x5 by a 5x3 array, two ways, on any number of
// processes (7 rows and 5 columns split unevenly over 2 to 4): every
// count prints the same, twice.
// REQUIRES: mpi
// RUN: imexc %s --emit=exe -o %t
// RUN: %mpiexec -n 1 %t | FileCheck %s
// RUN: %mpiexec -n 2 %t | FileCheck %s
// RUN: %mpiexec -n 3 %t | FileCheck %s
// RUN: %mpiexec -n 4 %t | FileCheck %s

// CHECK:      {{\[}}[12,   15,   15],
// CHECK-NEXT:  [32,   35,   45],
// CHECK-NEXT:  [52,   55,   75],
// CHECK-NEXT:  [72,   75,   105],
// CHECK-NEXT:  [92,   95,   135],
// CHECK-NEXT:  [112,   115,   165],
// CHECK-NEXT:  [132,   135,   195]]
// CHECK-NEXT: Unranked Memref {{.*}}
// CHECK-NEXT: {{\[}}[12,   15,   15],
// CHECK-NEXT:  [32,   35,   45],
// CHECK-NEXT:  [52,   55,   75],
// CHECK-NEXT:  [72,   75,   105],
// CHECK-NEXT:  [92,   95,   135],
// CHECK-NEXT:  [112,   115,   165],
// CHECK-NEXT:  [132,   135,   195]]
// CHECK-NOT: Unranked

shard.grid @grid(shape = ?)
func.func private @printMemrefF32(memref<*xf32>)

// Rows of A split, B replicated: each process computes its rows of C,
// gathered whole.
func.func @mm_rows(%a: tensor<7x5xf32>, %b: tensor<5x3xf32>) -> tensor<7x3xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a_all = shard.shard %a to %rep : tensor<7x5xf32>
  %a_rows = shard.shard %a_all to %rows annotate_for_users : tensor<7x5xf32>
  %b_all = shard.shard %b to %rep : tensor<5x3xf32>
  %b_rep = shard.shard %b_all to %rep annotate_for_users : tensor<5x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7x3xf32>
  %rows3 = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %es = shard.shard %e to %rows3 : tensor<7x3xf32>
  %er = shard.shard %es to %rows3 annotate_for_users : tensor<7x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%er : tensor<7x3xf32>) -> tensor<7x3xf32>
  %c0 = linalg.matmul ins(%a_rows, %b_rep : tensor<7x5xf32>, tensor<5x3xf32>) outs(%z : tensor<7x3xf32>) -> tensor<7x3xf32>
  %c = shard.shard %c0 to %rows3 : tensor<7x3xf32>
  %c_all = shard.shard %c to %rep annotate_for_users : tensor<7x3xf32>
  return %c_all : tensor<7x3xf32>
}
// The contraction dimension split (A's columns, B's rows): each process
// computes a partial C, summed over processes (an allreduce).
func.func @mm_k(%a: tensor<7x5xf32>, %b: tensor<5x3xf32>) -> tensor<7x3xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a_all = shard.shard %a to %rep : tensor<7x5xf32>
  %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %a_rows = shard.shard %a_all to %cols annotate_for_users : tensor<7x5xf32>
  %b_all = shard.shard %b to %rep : tensor<5x3xf32>
  %b_rep = shard.shard %b_all to %rows annotate_for_users : tensor<5x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7x3xf32>
  %rows3 = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %es = shard.shard %e to %rows3 : tensor<7x3xf32>
  %er = shard.shard %es to %rows3 annotate_for_users : tensor<7x3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%er : tensor<7x3xf32>) -> tensor<7x3xf32>
  %c0 = linalg.matmul ins(%a_rows, %b_rep : tensor<7x5xf32>, tensor<5x3xf32>) outs(%z : tensor<7x3xf32>) -> tensor<7x3xf32>
  %c = shard.shard %c0 to %rows3 : tensor<7x3xf32>
  %c_all = shard.shard %c to %rep annotate_for_users : tensor<7x3xf32>
  return %c_all : tensor<7x3xf32>
}
func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0], [11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0], [21.0, 22.0, 23.0, 24.0, 25.0], [26.0, 27.0, 28.0, 29.0, 30.0], [31.0, 32.0, 33.0, 34.0, 35.0]]> : tensor<7x5xf32>
  %b = arith.constant dense<[[1.0, 0.0, 2.0], [0.0, 1.0, 2.0], [1.0, 1.0, 0.0], [2.0, 0.0, 1.0], [0.0, 2.0, 1.0]]> : tensor<5x3xf32>
  %c = call @mm_rows(%a, %b) : (tensor<7x5xf32>, tensor<5x3xf32>) -> tensor<7x3xf32>
  %m = bufferization.to_buffer %c : tensor<7x3xf32> to memref<7x3xf32>
  %u = memref.cast %m : memref<7x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %ck = call @mm_k(%a, %b) : (tensor<7x5xf32>, tensor<5x3xf32>) -> tensor<7x3xf32>
  %mk = bufferization.to_buffer %ck : tensor<7x3xf32> to memref<7x3xf32>
  %uk = memref.cast %mk : memref<7x3xf32> to memref<*xf32>
  call @printMemrefF32(%uk) : (memref<*xf32>) -> ()
  return
}
