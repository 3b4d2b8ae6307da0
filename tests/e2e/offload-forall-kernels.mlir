// Tiles whose work is a contraction or a long reduction, and a forall
// directly in a loop, under --offload=gpu: the matmul of each 4 x 4 tile
// and the sum of each row of 1025 run inside their iteration's thread (no
// workgroup reduction or tiled contraction launched from within a kernel),
// and the forall in the loop launches once per trip. Values are NumPy's
// (a = (np.arange(8 * 1025).reshape(8, 1025) % 7): a[:8, :32] @
// a[:8, 40:72].T, a[:3].sum(1), a[:4, :5] + 2); the GPU build prints what
// the host build prints.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && env IMEXRT_TRACE_LAUNCHES=1 %t.gpu 2> %t.launches | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt %}
// RUN: %if vulkan %{ FileCheck %s --check-prefix=LAUNCHES < %t.launches %}
// LAUNCHES: launch tiled_matmul_kernel grid 1,1,1 workgroup 2,2,1
// LAUNCHES-NEXT: launch long_rows_kernel grid 1,1,1 workgroup 3,1,1
// LAUNCHES-COUNT-2: launch imexc_program_main_kernel grid 1,1,1 workgroup 4,1,1
// LAUNCHES-NOT: launch
// RUN: imexc %s --offload=gpu --emit=mlir -o /dev/null --mlir-print-ir-before=gpu-kernels-to-spirv-binary 2>&1 | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @tiled_matmul(
// IR: gpu.launch_func @tiled_matmul_kernel::@tiled_matmul_kernel blocks in (%c1, %c1, %c1) threads in (%c2, %c2, %c1)
// IR-NOT: gpu.launch_func
// IR-LABEL: gpu.module @tiled_matmul_kernel
// IR-NOT: gpu.barrier
// IR: scf.for %{{.*}} = %c0 to %c32 step %c1
// IR-LABEL: func.func @long_rows(
// IR: gpu.launch_func @long_rows_kernel::@long_rows_kernel blocks in (%c1, %c1, %c1) threads in (%c3, %c1, %c1)
// IR-NOT: gpu.launch_func
// IR-LABEL: gpu.module @long_rows_kernel
// IR-NOT: gpu.subgroup_reduce
// IR: scf.for %{{.*}} = %c0 to %c1025 step %c1

// CHECK: sizes = [8, 8]
// CHECK-NEXT: [233,   300,   213,   378,   228,   288,   250,   233],
// CHECK-NEXT: [269,   274,   342,   228,   450,   231,   348,   269],
// CHECK-NEXT: [312,   241,   254,   288,   231,   405,   222,   312],
// CHECK-NEXT: [229,   320,   271,   250,   348,   222,   418,   229],
// CHECK-NEXT: [426,   217,   330,   233,   269,   312,   229,   426],
// CHECK-NEXT: [217,   394,   228,   300,   274,   241,   320,   217],
// CHECK-NEXT: [330,   228,   441,   213,   342,   254,   271,   330],
// CHECK-NEXT: [233,   300,   213,   378,   228,   288,   250,   233]]
// CHECK: sizes = [3]
// CHECK-NEXT: [3069,  3078,  3073]
// CHECK: sizes = [4, 5]
// CHECK-NEXT: [2,   3,   4,   5,   6],
// CHECK-NEXT: [5,   6,   7,   8,   2],
// CHECK-NEXT: [8,   2,   3,   4,   5],
// CHECK-NEXT: [4,   5,   6,   7,   8]]

func.func private @printMemrefF32(tensor<*xf32>)
#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(j) -> (j)>
#to_scalar = affine_map<(j) -> ()>

// C = A B in 4 x 4 tiles, a matmul per tile.
func.func @tiled_matmul(%a: tensor<8x32xf32>, %b: tensor<32x8xf32>) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %r = scf.forall (%i, %j) in (2, 2) shared_outs(%o = %e) -> (tensor<8x8xf32>) {
    %r0 = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %c0 = affine.apply affine_map<(d0) -> (d0 * 4)>(%j)
    %x = tensor.extract_slice %a[%r0, 0] [4, 32] [1, 1] : tensor<8x32xf32> to tensor<4x32xf32>
    %y = tensor.extract_slice %b[0, %c0] [32, 4] [1, 1] : tensor<32x8xf32> to tensor<32x4xf32>
    %out = tensor.extract_slice %o[%r0, %c0] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%out : tensor<4x4xf32>) -> tensor<4x4xf32>
    %m = linalg.matmul ins(%x, %y : tensor<4x32xf32>, tensor<32x4xf32>) outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %m into %o[%r0, %c0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
    }
  }
  return %r : tensor<8x8xf32>
}

// Row sums of rows of 1025, one row per iteration.
func.func @long_rows(%a: tensor<3x1025xf32>) -> tensor<3xf32> {
  %e = tensor.empty() : tensor<3xf32>
  %r = scf.forall (%i) in (3) shared_outs(%o = %e) -> (tensor<3xf32>) {
    %in = tensor.extract_slice %a[%i, 0] [1, 1025] [1, 1] : tensor<3x1025xf32> to tensor<1025xf32>
    %zero = arith.constant 0.0 : f32
    %init = tensor.empty() : tensor<f32>
    %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
    %s = linalg.generic {indexing_maps = [#row, #to_scalar], iterator_types = ["reduction"]}
        ins(%in : tensor<1025xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%x: f32, %y: f32):
      %t = arith.addf %x, %y : f32
      linalg.yield %t : f32
    } -> tensor<f32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<f32> into tensor<3xf32>
    }
  }
  return %r : tensor<3xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e = tensor.empty() : tensor<8x1025xf32>
  %a = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<8x1025xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c1025 = arith.constant 1025 : index
    %c7 = arith.constant 7 : index
    %k = arith.muli %i, %c1025 : index
    %l = arith.addi %k, %j : index
    %m = arith.remui %l, %c7 : index
    %n = arith.index_cast %m : index to i32
    %f = arith.sitofp %n : i32 to f32
    linalg.yield %f : f32
  } -> tensor<8x1025xf32>
  %am = tensor.extract_slice %a[0, 0] [8, 32] [1, 1] : tensor<8x1025xf32> to tensor<8x32xf32>
  %bt = tensor.extract_slice %a[0, 40] [8, 32] [1, 1] : tensor<8x1025xf32> to tensor<8x32xf32>
  %et = tensor.empty() : tensor<32x8xf32>
  %bm = linalg.transpose ins(%bt : tensor<8x32xf32>) outs(%et : tensor<32x8xf32>) permutation = [1, 0]
  %c = func.call @tiled_matmul(%am, %bm) : (tensor<8x32xf32>, tensor<32x8xf32>) -> tensor<8x8xf32>
  %p0 = tensor.cast %c : tensor<8x8xf32> to tensor<*xf32>
  call @printMemrefF32(%p0) : (tensor<*xf32>) -> ()
  %rows = tensor.extract_slice %a[0, 0] [3, 1025] [1, 1] : tensor<8x1025xf32> to tensor<3x1025xf32>
  %s = func.call @long_rows(%rows) : (tensor<3x1025xf32>) -> tensor<3xf32>
  %p1 = tensor.cast %s : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%p1) : (tensor<*xf32>) -> ()
  // A forall directly in a loop: x <- x + 1 by rows, twice.
  %x0 = tensor.extract_slice %a[0, 0] [4, 5] [1, 1] : tensor<8x1025xf32> to tensor<4x5xf32>
  %x = scf.for %it = %c0 to %c2 step %c1 iter_args(%x1 = %x0) -> (tensor<4x5xf32>) {
    %e2 = tensor.empty() : tensor<4x5xf32>
    %y = scf.forall (%i) in (4) shared_outs(%o = %e2) -> (tensor<4x5xf32>) {
      %in = tensor.extract_slice %x1[%i, 0] [1, 5] [1, 1] : tensor<4x5xf32> to tensor<5xf32>
      %out = tensor.extract_slice %o[%i, 0] [1, 5] [1, 1] : tensor<4x5xf32> to tensor<5xf32>
      %s1 = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel"]}
          ins(%in : tensor<5xf32>) outs(%out : tensor<5xf32>) {
      ^bb0(%v: f32, %w: f32):
        %one = arith.constant 1.0 : f32
        %t = arith.addf %v, %one : f32
        linalg.yield %t : f32
      } -> tensor<5xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %s1 into %o[%i, 0] [1, 5] [1, 1] : tensor<5xf32> into tensor<4x5xf32>
      }
    }
    scf.yield %y : tensor<4x5xf32>
  }
  %p2 = tensor.cast %x : tensor<4x5xf32> to tensor<*xf32>
  call @printMemrefF32(%p2) : (tensor<*xf32>) -> ()
  return
}
