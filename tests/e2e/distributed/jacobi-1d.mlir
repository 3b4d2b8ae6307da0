// A 1-D Jacobi stencil on a distributed array: three sweeps of
// x[1:15] = (x[0:14] + x[2:16]) / 2, each reading its neighbours' boundary
// values through a halo exchange (shard.update_halo, lowered to MPI
// send/receive). The rows of x are split over a grid of 1, 2 or 4
// processes (set per run); every count prints the same, which NumPy gives
// for the same sweeps.
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: for p in 1 2 4; do sed "s/shape = 1)/shape = $p)/" %s > %t/jacobi$p.mlir && imexc %t/jacobi$p.mlir --emit=exe -o %t/jacobi$p || exit 1; done
// RUN: %mpiexec -n 1 %t/jacobi1 | FileCheck %s
// RUN: %mpiexec -n 2 %t/jacobi2 | FileCheck %s
// RUN: %mpiexec -n 4 %t/jacobi4 | FileCheck %s
// One halo exchange per sweep, each a send to either neighbour (and no
// other communication but the final gather):
// RUN: imexc %t/jacobi4.mlir --emit=mlir -o - | FileCheck %s --check-prefix=IR
// IR-COUNT-6: llvm.call @MPI_Send(
// IR-NOT:     llvm.call @MPI_Send(

// CHECK: sizes = [16] strides = [1] data =
// CHECK-NEXT: [0,  3,  6.75,  12,  19,  28,  39,  52,  67,  84,  103,  124,  147,  171.75,  198,  225]
// CHECK-NOT: Unranked

shard.grid @grid(shape = 1)

func.func private @printMemrefF32(memref<*xf32>)

#id = affine_map<(i) -> (i)>

func.func @jacobi(%whole: tensor<16xf32>) -> tensor<16xf32> {
  %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %half = arith.constant 0.5 : f32
  // Every process takes its part of the whole array (a local copy).
  %w = shard.shard %whole to %replicated : tensor<16xf32>
  %w_rows = shard.shard %w to %rows annotate_for_users : tensor<16xf32>
  %e = tensor.empty() : tensor<16xf32>
  %x0 = linalg.copy ins(%w_rows : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %x = shard.shard %x0 to %rows : tensor<16xf32>
  %s00 = ndarray.subview %x[0][14][1] : tensor<16xf32> to tensor<14xf32>
  %s01 = ndarray.subview %x[2][14][1] : tensor<16xf32> to tensor<14xf32>
  %s0e = tensor.empty() : tensor<14xf32>
  %s0avg = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%s00, %s01 : tensor<14xf32>, tensor<14xf32>) outs(%s0e : tensor<14xf32>) {
  ^bb0(%l: f32, %r: f32, %out: f32):
    %sum = arith.addf %l, %r : f32
    %avg = arith.mulf %sum, %half : f32
    linalg.yield %avg : f32
  } -> tensor<14xf32>
  %s0y = ndarray.insert_slice %s0avg into %x[1][14][1] : tensor<14xf32> into tensor<16xf32>
  %s0 = shard.shard %s0y to %rows : tensor<16xf32>
  %s10 = ndarray.subview %s0[0][14][1] : tensor<16xf32> to tensor<14xf32>
  %s11 = ndarray.subview %s0[2][14][1] : tensor<16xf32> to tensor<14xf32>
  %s1e = tensor.empty() : tensor<14xf32>
  %s1avg = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%s10, %s11 : tensor<14xf32>, tensor<14xf32>) outs(%s1e : tensor<14xf32>) {
  ^bb0(%l: f32, %r: f32, %out: f32):
    %sum = arith.addf %l, %r : f32
    %avg = arith.mulf %sum, %half : f32
    linalg.yield %avg : f32
  } -> tensor<14xf32>
  %s1y = ndarray.insert_slice %s1avg into %s0[1][14][1] : tensor<14xf32> into tensor<16xf32>
  %s1 = shard.shard %s1y to %rows : tensor<16xf32>
  %s20 = ndarray.subview %s1[0][14][1] : tensor<16xf32> to tensor<14xf32>
  %s21 = ndarray.subview %s1[2][14][1] : tensor<16xf32> to tensor<14xf32>
  %s2e = tensor.empty() : tensor<14xf32>
  %s2avg = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%s20, %s21 : tensor<14xf32>, tensor<14xf32>) outs(%s2e : tensor<14xf32>) {
  ^bb0(%l: f32, %r: f32, %out: f32):
    %sum = arith.addf %l, %r : f32
    %avg = arith.mulf %sum, %half : f32
    linalg.yield %avg : f32
  } -> tensor<14xf32>
  %s2y = ndarray.insert_slice %s2avg into %s1[1][14][1] : tensor<14xf32> into tensor<16xf32>
  %s2 = shard.shard %s2y to %rows : tensor<16xf32>

  %result = shard.shard %s2 to %replicated annotate_for_users : tensor<16xf32>
  return %result : tensor<16xf32>
}

func.func @main() {
  %x = arith.constant dense<[0.0, 1.0, 4.0, 9.0, 16.0, 25.0, 36.0, 49.0, 64.0, 81.0, 100.0, 121.0, 144.0, 169.0, 196.0, 225.0]> : tensor<16xf32>
  %r = call @jacobi(%x) : (tensor<16xf32>) -> tensor<16xf32>
  %m = bufferization.to_buffer %r : tensor<16xf32> to memref<16xf32>
  %u = memref.cast %m : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
