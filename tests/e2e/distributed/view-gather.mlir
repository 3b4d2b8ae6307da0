// A view of a split array gathered whole, on grids of static shape 1 to 4:
// the view's parts (x[2:9] of 10 elements in blocks of 3, 3, 2 and 2 are
// 1, 3, 2 and 1 elements) are not the blocks a split of 7 makes, so the
// gather places each part after the ones before it. Every count prints
// the same.
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: for p in 1 2 3 4; do sed "s/shape = 1)/shape = $p)/" %s > %t/vg$p.mlir && imexc %t/vg$p.mlir --emit=exe -o %t/vg$p || exit 1; done
// RUN: %mpiexec -n 1 %t/vg1 | FileCheck %s
// RUN: %mpiexec -n 2 %t/vg2 | FileCheck %s
// RUN: %mpiexec -n 3 %t/vg3 | FileCheck %s
// RUN: %mpiexec -n 4 %t/vg4 | FileCheck %s

// CHECK: sizes = [7] strides = [1] data =
// CHECK-NEXT: [6,  8,  10,  12,  14,  16,  18]

shard.grid @grid(shape = 1)
func.func private @printMemrefF32(memref<*xf32>)
func.func @middle(%x: tensor<10xf32>) -> tensor<7xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xa = shard.shard %x to %rep : tensor<10xf32>
  %xr = shard.shard %xa to %rows annotate_for_users : tensor<10xf32>
  %e = tensor.empty() : tensor<10xf32>
  %y0 = linalg.add ins(%xr, %xr : tensor<10xf32>, tensor<10xf32>) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %y = shard.shard %y0 to %rows : tensor<10xf32>
  %v = ndarray.subview %y[2][7][1] : tensor<10xf32> to tensor<7xf32>
  %va = shard.shard %v to %rep annotate_for_users : tensor<7xf32>
  return %va : tensor<7xf32>
}
func.func @main() {
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]> : tensor<10xf32>
  %r = call @middle(%x) : (tensor<10xf32>) -> tensor<7xf32>
  %m = bufferization.to_buffer %r : tensor<7xf32> to memref<7xf32>
  %u = memref.cast %m : memref<7xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
