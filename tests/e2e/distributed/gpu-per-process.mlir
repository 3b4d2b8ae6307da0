// GPU-placed arrays in a distributed program: each process runs its part of
// the array work as kernels on its own device (lavapipe here), and MPI
// moves the host-shared buffers. The function's tensors are GPU-placed
// (#region.gpu_env), its rows split over 1 to 3 processes (10 rows: uneven
// on 3); each process launches over its own rows. Then the project's
// distributed stats program with --offload=gpu (all array work on the GPU)
// prints what its host build prints, on 1 to 3 processes.
// REQUIRES: mpi, vulkan
// RUN: rm -rf %t && mkdir -p %t
// RUN: for p in 1 2 3; do sed "s/shape = 1)/shape = $p)/" %s > %t/scale$p.mlir && imexc %t/scale$p.mlir --emit=exe -o %t/scale$p || exit 1; done
// RUN: %mpiexec -n 1 %t/scale1 | FileCheck %s
// RUN: %mpiexec -n 3 %t/scale3 | FileCheck %s
// RUN: env IMEXRT_TRACE_LAUNCHES=1 IMEXRT_CHECK_LEAKS=1 %mpiexec -n 2 %t/scale2 2>&1 | FileCheck %s --check-prefix=PARTS
// CHECK: sizes = [10] strides = [1] data =
// CHECK-NEXT: [0,  2,  4,  6,  8,  10,  12,  14,  16,  18]
// Each of the 2 processes doubles its 5 rows on its device, four rows per
// thread (vectorize-gpu-parallel-loops), so two threads:
// PARTS-COUNT-2: launch scale_kernel grid 1,1,1 workgroup 2,1,1
// PARTS-NOT: never freed
//
// RUN: for p in 1 2 3; do sed "s/shape = 1)/shape = $p)/" %S/stats.mlir > %t/stats$p.mlir && imexc %t/stats$p.mlir --offload=gpu --emit=exe -o %t/stats-gpu$p && imexc %t/stats$p.mlir --emit=exe -o %t/stats-host$p || exit 1; done
// RUN: for p in 1 2 3; do %mpiexec -n $p %t/stats-gpu$p | sed 's/base@ = 0x[0-9a-f]*//' > %t/gpu$p.txt && %mpiexec -n $p %t/stats-host$p | sed 's/base@ = 0x[0-9a-f]*//' > %t/host$p.txt && diff %t/host$p.txt %t/gpu$p.txt || exit 1; done
// MPI reads and writes its buffers on the host, so they stay host-shared
// where device memory is unmapped (as on a discrete GPU):
// RUN: env IMEXRT_VULKAN_DEVICE_MEMORY=unmapped %mpiexec -n 2 %t/stats-gpu2 | sed 's/base@ = 0x[0-9a-f]*//' > %t/gpu2-unmapped.txt && diff %t/host2.txt %t/gpu2-unmapped.txt
// The all_reduce of a reduction over split columns returns a view of its
// buffer, which must come back as a host copy (not freed on return):
// RUN: imexc %S/Inputs/column-row-sums.mlir --offload=gpu --emit=exe -o %t/rowsums
// RUN: for p in 1 2 3; do env IMEXRT_CHECK_LEAKS=1 %mpiexec -n $p %t/rowsums 2>&1 | FileCheck %s --check-prefix=ROWSUMS || exit 1; done
// ROWSUMS: sizes = [4] strides = [1] data =
// ROWSUMS-NEXT: [6,  15,  24,  33]
// ROWSUMS-NOT: never freed
// ROWSUMS-NOT: free()
// RUN: imexc %t/stats2.mlir --offload=gpu --emit=mlir -o - | FileCheck %s --check-prefix=IR
// IR: llvm.call @gpuLaunchKernel
// IR: llvm.call @MPI_Allreduce

#gpu = #ndarray.envs<#region.gpu_env<device = "XeGPU">>

shard.grid @grid(shape = 1)

func.func private @printMemrefF32(memref<*xf32>)

func.func @scale(%x: tensor<10xf32, #gpu>) -> tensor<10xf32, #gpu> {
  %whole = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xw = shard.shard %x to %whole : tensor<10xf32, #gpu>
  %xs = shard.shard %xw to %rows annotate_for_users : tensor<10xf32, #gpu>
  %e = tensor.empty() : tensor<10xf32, #gpu>
  %y = linalg.add ins(%xs, %xs : tensor<10xf32, #gpu>, tensor<10xf32, #gpu>) outs(%e : tensor<10xf32, #gpu>) -> tensor<10xf32, #gpu>
  %ys = shard.shard %y to %rows : tensor<10xf32, #gpu>
  %yw = shard.shard %ys to %whole annotate_for_users : tensor<10xf32, #gpu>
  return %yw : tensor<10xf32, #gpu>
}

func.func @main() {
  %x = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<10xf32>
  %xg = ndarray.copy %x : tensor<10xf32> -> tensor<10xf32, #gpu>
  %r = call @scale(%xg) : (tensor<10xf32, #gpu>) -> tensor<10xf32, #gpu>
  %rh = ndarray.copy %r : tensor<10xf32, #gpu> -> tensor<10xf32>
  %m = bufferization.to_buffer %rh : tensor<10xf32> to memref<10xf32>
  %u = memref.cast %m : memref<10xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
