// Forms from upstream MLIR's and IMEX's shard tests that partitioning used
// to get wrong, run on any number of processes with the same output:
// - one value read by a split op and by an op propagation leaves without
//   annotations (upstream's "arrow" structure): the second reads it whole;
// - tosa.matmul with its batch split (partitioned as linalg.batch_matmul:
//   upstream's tosa model leaves the result whole);
// - a function already in its per-process form (an all_reduce) is left as
//   it is.
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: imexc %s --emit=exe -o %t/forms
// RUN: %mpiexec -n 1 %t/forms | FileCheck %s --check-prefixes=CHECK,ONE
// RUN: %mpiexec -n 2 %t/forms | FileCheck %s --check-prefixes=CHECK,TWO
// RUN: %mpiexec -n 3 %t/forms | FileCheck %s --check-prefixes=CHECK,THREE

// exp(x) is 1, e, e^2, ...: abs of it, then -exp(x) split and gathered.
// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [1,  2.71828,  7.38906,  20.0855]
// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [-1,  -2.71828,  -7.38906,  -20.0855]
// Batch b of a is (b + 1) * ones(2, 3), b of w is ones(3, 2): every
// element of batch b of the product is 3 * (b + 1).
// CHECK: sizes = [3, 2, 2] strides = [4, 2, 1] data =
// CHECK-NEXT: {{\[}}{{\[}}[3,   3],
// CHECK-NEXT:   [3,   3]],
// CHECK-NEXT: {{\[}}[6,   6],
// CHECK-NEXT:   [6,   6]],
// CHECK-NEXT: {{\[}}[9,   9],
// CHECK-NEXT:   [9,   9]]]
// The all_reduce sums over every process: 1 per process.
// CHECK: sizes = [1] strides = [1] data =
// ONE-NEXT: [1]
// TWO-NEXT: [2]
// THREE-NEXT: [3]

shard.grid @grid(shape = ?)

func.func @arrow(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %ex = linalg.exp ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %abs = linalg.abs ins(%ex : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %neg = linalg.negf ins(%ex : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %split = shard.shard %neg to %rows : tensor<4xf32>
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %whole = shard.shard %split to %rep annotate_for_users : tensor<4xf32>
  return %abs, %whole : tensor<4xf32>, tensor<4xf32>
}

func.func @batched(%a: tensor<3x2x3xf32>, %w: tensor<3x3x2xf32>) -> tensor<3x2x2xf32> {
  %batches = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %batches annotate_for_users : tensor<3x2x3xf32>
  %ws = shard.shard %w to %batches annotate_for_users : tensor<3x3x2xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %p = tosa.matmul %as, %ws, %zp, %zp : (tensor<3x2x3xf32>, tensor<3x3x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3x2x2xf32>
  %ps = shard.shard %p to %batches : tensor<3x2x2xf32>
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %whole = shard.shard %ps to %rep annotate_for_users : tensor<3x2x2xf32>
  return %whole : tensor<3x2x2xf32>
}

func.func @count(%one: tensor<1xi32>) -> tensor<1xi32> {
  %n = shard.all_reduce %one on @grid grid_axes = [0] reduction = sum : tensor<1xi32> -> tensor<1xi32>
  return %n : tensor<1xi32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %x = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %abs, %neg = call @arrow(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %m1 = bufferization.to_buffer %abs : tensor<4xf32> to memref<4xf32>
  %u1 = memref.cast %m1 : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %m2 = bufferization.to_buffer %neg : tensor<4xf32> to memref<4xf32>
  %u2 = memref.cast %m2 : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  %a = arith.constant dense<[[[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]], [[3.0, 3.0, 3.0], [3.0, 3.0, 3.0]]]> : tensor<3x2x3xf32>
  %w = arith.constant dense<1.0> : tensor<3x3x2xf32>
  %p = call @batched(%a, %w) : (tensor<3x2x3xf32>, tensor<3x3x2xf32>) -> tensor<3x2x2xf32>
  %m3 = bufferization.to_buffer %p : tensor<3x2x2xf32> to memref<3x2x2xf32>
  %u3 = memref.cast %m3 : memref<3x2x2xf32> to memref<*xf32>
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  %one = arith.constant dense<1> : tensor<1xi32>
  %n = call @count(%one) : (tensor<1xi32>) -> tensor<1xi32>
  %m4 = bufferization.to_buffer %n : tensor<1xi32> to memref<1xi32>
  %u4 = memref.cast %m4 : memref<1xi32> to memref<*xi32>
  call @printMemrefI32(%u4) : (memref<*xi32>) -> ()
  return
}
