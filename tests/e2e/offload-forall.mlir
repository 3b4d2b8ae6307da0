// Tiled code written with scf.forall (as IREE and upstream tiling produce
// it) under --offload=gpu: each forall becomes one kernel whose threads are
// its iterations, not a host loop launching its body once per iteration.
// Rows of 1025 (one per iteration, the function called in a loop), 2 x 3 tiles of a
// 5 x 7 sum with partial tiles at the edges (dynamic slice sizes), and
// row sums and scaled rows over a dynamic number of rows (the kernel
// guards its threads against the row count, and the loop of a row's
// elements runs in its thread). Values are NumPy's
// (a = (np.arange(7 * 1025).reshape(7, 1025) % 11): 2a + 1 three times,
// a[:5, :7] + a[:7, 100:105].T, a[:, :13].sum(1), 3 * a[:, :13]); and
// IREE's simple_forall (forall_to_for.mlir): 4 x 4 tiles moved whole, with
// steps of 4 over dynamic bounds (r = a[:6, 100:120];
// r[:4, :20] = a[:4, :20]). The GPU build prints what the host build prints.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && env IMEXRT_TRACE_LAUNCHES=1 %t.gpu 2> %t.launches | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt %}
// RUN: %if vulkan %{ FileCheck %s --check-prefix=LAUNCHES < %t.launches %}
// One launch per call, as many threads as iterations:
// LAUNCHES-COUNT-3: launch rows_kernel grid 1,1,1 workgroup 7,1,1
// LAUNCHES: launch tiles_kernel grid 1,1,1 workgroup 3,3,1
// LAUNCHES: launch row_sums_kernel grid 1,1,1 workgroup 256,1,1
// LAUNCHES: launch scaled_rows_kernel grid 1,1,1 workgroup 256,1,1
// LAUNCHES: launch tile_copy_kernel grid 1,1,1 workgroup 32,8,1
// LAUNCHES-NOT: launch
// The same in the IR, on machines without Vulkan too: each function
// launches once, the loops inside the iterations run in the kernel.
// RUN: imexc %s --offload=gpu --emit=mlir -o /dev/null --mlir-print-ir-before=gpu-kernels-to-spirv-binary 2>&1 | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @rows(
// IR-NOT: scf.{{for|parallel|forall}}
// IR: gpu.launch_func @rows_kernel::@rows_kernel blocks in (%c1, %c1, %c1) threads in (%c7, %c1, %c1)
// IR-NOT: gpu.launch_func
// IR-LABEL: gpu.module @rows_kernel
// IR: scf.for %{{.*}} = %c0 to %c1025 step %c1
// IR-LABEL: func.func @tiles(
// IR-NOT: scf.{{for|parallel|forall}}
// IR: gpu.launch_func @tiles_kernel::@tiles_kernel blocks in (%c1, %c1, %c1) threads in (%c3, %c3, %c1)
// IR-NOT: gpu.launch_func
// IR-LABEL: func.func @row_sums(
// IR-NOT: scf.{{for|parallel|forall}}
// IR: gpu.launch_func @row_sums_kernel::@row_sums_kernel
// IR-NOT: gpu.launch_func
// IR-LABEL: func.func @scaled_rows(
// IR-NOT: scf.{{for|parallel|forall}}
// IR: gpu.launch_func @scaled_rows_kernel::@scaled_rows_kernel
// IR-NOT: gpu.launch_func
// IR-LABEL: func.func @tile_copy(
// IR-NOT: scf.{{for|parallel|forall}}
// IR: gpu.launch_func @tile_copy_kernel::@tile_copy_kernel
// IR-NOT: gpu.launch_func
// IR-LABEL: func.func @main(

// CHECK: sizes = [7, 9]
// CHECK-NEXT: [39,   47,   55,   63,   71,   79,   87,   7,   15],
// CHECK-NEXT: [55,   63,   71,   79,   87,   7,   15,   23,   31],
// CHECK-NEXT: [71,   79,   87,   7,   15,   23,   31,   39,   47],
// CHECK-NEXT: [87,   7,   15,   23,   31,   39,   47,   55,   63],
// CHECK-NEXT: [15,   23,   31,   39,   47,   55,   63,   71,   79],
// CHECK-NEXT: [31,   39,   47,   55,   63,   71,   79,   87,   7],
// CHECK-NEXT: [47,   55,   63,   71,   79,   87,   7,   15,   23]]
// CHECK: sizes = [5, 7]
// CHECK-NEXT: [1,   4,   7,   10,   13,   5,   8],
// CHECK-NEXT: [4,   7,   10,   13,   16,   8,   11],
// CHECK-NEXT: [7,   10,   13,   16,   8,   11,   14],
// CHECK-NEXT: [10,   13,   16,   19,   11,   3,   6],
// CHECK-NEXT: [13,   16,   19,   0,   3,   6,   9]]
// CHECK: sizes = [7]
// CHECK-NEXT: [56,  60,  64,  68,  72,  65,  58]
// CHECK: sizes = [7, 13]
// CHECK-NEXT: [0,   3,   6,   9,   12,   15,   18,   21,   24,   27,   30,   0,   3],
// CHECK-NEXT: [6,   9,   12,   15,   18,   21,   24,   27,   30,   0,   3,   6,   9],
// CHECK-NEXT: [12,   15,   18,   21,   24,   27,   30,   0,   3,   6,   9,   12,   15],
// CHECK-NEXT: [18,   21,   24,   27,   30,   0,   3,   6,   9,   12,   15,   18,   21],
// CHECK-NEXT: [24,   27,   30,   0,   3,   6,   9,   12,   15,   18,   21,   24,   27],
// CHECK-NEXT: [30,   0,   3,   6,   9,   12,   15,   18,   21,   24,   27,   30,   0],
// CHECK-NEXT: [3,   6,   9,   12,   15,   18,   21,   24,   27,   30,   0,   3,   6]]
// CHECK: sizes = [6, 20]
// CHECK-NEXT: [0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   0,   1,   2,   3,   4,   5,   6,   7,   8],
// CHECK-NEXT: [2,   3,   4,   5,   6,   7,   8,   9,   10,   0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10],
// CHECK-NEXT: [4,   5,   6,   7,   8,   9,   10,   0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   0,   1],
// CHECK-NEXT: [6,   7,   8,   9,   10,   0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   0,   1,   2,   3],
// CHECK-NEXT: [9,   10,   0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   0,   1,   2,   3,   4,   5,   6],
// CHECK-NEXT: [0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   0,   1,   2,   3,   4,   5,   6,   7,   8]]

func.func private @printMemrefF32(tensor<*xf32>)

#tile_rows = affine_map<(i) -> (i * 2)>
#tile_cols = affine_map<(j) -> (j * 3)>
#rows_left = affine_map<(i) -> (-(i * 2) + 5, 2)>
#cols_left = affine_map<(j) -> (-(j * 3) + 7, 3)>
#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(j) -> (j)>
#to_scalar = affine_map<(j) -> ()>

// out[i, :] = 2 * a[i, :] + 1, one iteration per row, rows of 1025.
func.func @rows(%a: tensor<7x1025xf32>) -> tensor<7x1025xf32> {
  %e = tensor.empty() : tensor<7x1025xf32>
  %r = scf.forall (%i) in (7) shared_outs(%o = %e) -> (tensor<7x1025xf32>) {
    %in = tensor.extract_slice %a[%i, 0] [1, 1025] [1, 1] : tensor<7x1025xf32> to tensor<1025xf32>
    %out = tensor.extract_slice %o[%i, 0] [1, 1025] [1, 1] : tensor<7x1025xf32> to tensor<1025xf32>
    %s = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel"]}
        ins(%in : tensor<1025xf32>) outs(%out : tensor<1025xf32>) {
    ^bb0(%x: f32, %y: f32):
      %two = arith.constant 2.0 : f32
      %one = arith.constant 1.0 : f32
      %m = arith.mulf %x, %two : f32
      %p = arith.addf %m, %one : f32
      linalg.yield %p : f32
    } -> tensor<1025xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, 0] [1, 1025] [1, 1] : tensor<1025xf32> into tensor<7x1025xf32>
    }
  }
  return %r : tensor<7x1025xf32>
}

// a + b^T in tiles of 2 x 3 over 5 x 7: the last row and column of tiles
// are partial (dynamic slice sizes).
func.func @tiles(%a: tensor<5x7xf32>, %b: tensor<7x5xf32>) -> tensor<5x7xf32> {
  %e = tensor.empty() : tensor<5x7xf32>
  %r = scf.forall (%i, %j) in (3, 3) shared_outs(%o = %e) -> (tensor<5x7xf32>) {
    %r0 = affine.apply #tile_rows(%i)
    %c0 = affine.apply #tile_cols(%j)
    %nr = affine.min #rows_left(%i)
    %nc = affine.min #cols_left(%j)
    %x = tensor.extract_slice %a[%r0, %c0] [%nr, %nc] [1, 1] : tensor<5x7xf32> to tensor<?x?xf32>
    %y = tensor.extract_slice %b[%c0, %r0] [%nc, %nr] [1, 1] : tensor<7x5xf32> to tensor<?x?xf32>
    %out = tensor.extract_slice %o[%r0, %c0] [%nr, %nc] [1, 1] : tensor<5x7xf32> to tensor<?x?xf32>
    %s = linalg.generic {indexing_maps = [#id2, affine_map<(i, j) -> (j, i)>, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%x, %y : tensor<?x?xf32>, tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) {
    ^bb0(%u: f32, %v: f32, %w: f32):
      %t = arith.addf %u, %v : f32
      linalg.yield %t : f32
    } -> tensor<?x?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%r0, %c0] [%nr, %nc] [1, 1] : tensor<?x?xf32> into tensor<5x7xf32>
    }
  }
  return %r : tensor<5x7xf32>
}

// Row sums of a dynamic number of rows: each iteration sums its row.
func.func @row_sums(%a: tensor<?x13xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x13xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = scf.forall (%i) in (%n) shared_outs(%o = %e) -> (tensor<?xf32>) {
    %in = tensor.extract_slice %a[%i, 0] [1, 13] [1, 1] : tensor<?x13xf32> to tensor<13xf32>
    %zero = arith.constant 0.0 : f32
    %init = tensor.empty() : tensor<f32>
    %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
    %s = linalg.generic {indexing_maps = [#row, #to_scalar], iterator_types = ["reduction"]}
        ins(%in : tensor<13xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%x: f32, %y: f32):
      %t = arith.addf %x, %y : f32
      linalg.yield %t : f32
    } -> tensor<f32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<f32> into tensor<?xf32>
    }
  }
  return %r : tensor<?xf32>
}

// out[i, :] = 3 * a[i, :] over a dynamic number of rows.
func.func @scaled_rows(%a: tensor<?x13xf32>) -> tensor<?x13xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x13xf32>
  %e = tensor.empty(%n) : tensor<?x13xf32>
  %r = scf.forall (%i) in (%n) shared_outs(%o = %e) -> (tensor<?x13xf32>) {
    %in = tensor.extract_slice %a[%i, 0] [1, 13] [1, 1] : tensor<?x13xf32> to tensor<13xf32>
    %out = tensor.extract_slice %o[%i, 0] [1, 13] [1, 1] : tensor<?x13xf32> to tensor<13xf32>
    %s = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel"]}
        ins(%in : tensor<13xf32>) outs(%out : tensor<13xf32>) {
    ^bb0(%x: f32, %y: f32):
      %three = arith.constant 3.0 : f32
      %t = arith.mulf %x, %three : f32
      linalg.yield %t : f32
    } -> tensor<13xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, 0] [1, 13] [1, 1] : tensor<13xf32> into tensor<?x13xf32>
    }
  }
  return %r : tensor<?x13xf32>
}

// IREE's simple_forall: 4 x 4 tiles of %src moved into %dst, steps of 4.
func.func @tile_copy(%src: tensor<?x?xf32>, %dst: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = tensor.dim %src, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %dst, %c1 : tensor<?x?xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (%rows, %cols) step (4, 4) shared_outs(%o = %dst) -> (tensor<?x?xf32>) {
    %tile = tensor.extract_slice %src[%i, %j] [4, 4] [1, 1] : tensor<?x?xf32> to tensor<4x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %tile into %o[%i, %j] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<?x?xf32>
    }
  }
  return %r : tensor<?x?xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  // a[i, j] = (i * 1025 + j) mod 11
  %e = tensor.empty() : tensor<7x1025xf32>
  %a = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<7x1025xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c1025 = arith.constant 1025 : index
    %c11 = arith.constant 11 : index
    %k = arith.muli %i, %c1025 : index
    %l = arith.addi %k, %j : index
    %m = arith.remui %l, %c11 : index
    %n = arith.index_cast %m : index to i32
    %f = arith.sitofp %n : i32 to f32
    linalg.yield %f : f32
  } -> tensor<7x1025xf32>
  // Three times, as a loop around the forall (its result fed back).
  %r = scf.for %it = %c0 to %c3 step %c1 iter_args(%x = %a) -> (tensor<7x1025xf32>) {
    %y = func.call @rows(%x) : (tensor<7x1025xf32>) -> tensor<7x1025xf32>
    scf.yield %y : tensor<7x1025xf32>
  }
  %tail = tensor.extract_slice %r[0, 1016] [7, 9] [1, 1] : tensor<7x1025xf32> to tensor<7x9xf32>
  %p0 = tensor.cast %tail : tensor<7x9xf32> to tensor<*xf32>
  call @printMemrefF32(%p0) : (tensor<*xf32>) -> ()

  %s = tensor.extract_slice %a[0, 0] [5, 7] [1, 1] : tensor<7x1025xf32> to tensor<5x7xf32>
  %t = tensor.extract_slice %a[0, 100] [7, 5] [1, 1] : tensor<7x1025xf32> to tensor<7x5xf32>
  %sum = func.call @tiles(%s, %t) : (tensor<5x7xf32>, tensor<7x5xf32>) -> tensor<5x7xf32>
  %p1 = tensor.cast %sum : tensor<5x7xf32> to tensor<*xf32>
  call @printMemrefF32(%p1) : (tensor<*xf32>) -> ()

  %rows13 = tensor.extract_slice %a[0, 0] [7, 13] [1, 1] : tensor<7x1025xf32> to tensor<7x13xf32>
  %dyn = tensor.cast %rows13 : tensor<7x13xf32> to tensor<?x13xf32>
  %rs = func.call @row_sums(%dyn) : (tensor<?x13xf32>) -> tensor<?xf32>
  %p2 = tensor.cast %rs : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%p2) : (tensor<*xf32>) -> ()
  %scaled = func.call @scaled_rows(%dyn) : (tensor<?x13xf32>) -> tensor<?x13xf32>
  %p3 = tensor.cast %scaled : tensor<?x13xf32> to tensor<*xf32>
  call @printMemrefF32(%p3) : (tensor<*xf32>) -> ()
  %src = tensor.extract_slice %a[0, 0] [4, 21] [1, 1] : tensor<7x1025xf32> to tensor<4x21xf32>
  %dst = tensor.extract_slice %a[0, 100] [6, 20] [1, 1] : tensor<7x1025xf32> to tensor<6x20xf32>
  %srcd = tensor.cast %src : tensor<4x21xf32> to tensor<?x?xf32>
  %dstd = tensor.cast %dst : tensor<6x20xf32> to tensor<?x?xf32>
  %moved = func.call @tile_copy(%srcd, %dstd) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %p4 = tensor.cast %moved : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%p4) : (tensor<*xf32>) -> ()
  return
}
