// Workgroup reductions whose threads take four consecutive elements per
// step (convert-region-reductions-to-gpu with vectorize): 16-byte vector
// loads for the groups that lie whole in the row, groups that follow the
// buffer's 16-byte groups wherever the row starts, one by one for the
// partial groups at the row's ends. Row sums of 5 rows of 1025 (they
// start at every alignment), 1024 and 259, and of rows of 3 and 5 (every
// alignment again), which take workgroup reductions in workgroups of 2
// threads, and rows of 5 also in workgroups of 4 (run below: rows without
// a whole group, rows with one); full sums of 1, 7, 1023, 1025 and
// 2^20 + 3 elements, of the views one and four elements in, and of two
// elements one past a group's start; a sum over two reduction loops (rows
// of 13 under an outer loop of 300); dot products of two views one element
// apart (never both aligned) and of views whose starts are aligned alike
// (four and eight elements apart); row
// products and NaN-propagating row maxima whose -1, 2s and NaNs sit in the
// partial groups; an i32 max with an input broadcast along the rows.
// Sums are of small integers, so exact, and every value is NumPy's; the
// GPU build (--offload=gpu, on Vulkan) prints exactly what the host build
// prints.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt %}
// RUN: %if vulkan %{ imexc %s --offload=gpu --pipeline-options=workgroup-size=2 --emit=exe -o %t.gpu2 && %t.gpu2 | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu2.txt && diff %t.host.txt %t.gpu2.txt %}
// RUN: %if vulkan %{ imexc %s --offload=gpu --pipeline-options=workgroup-size=4 --emit=exe -o %t.gpu4 && %t.gpu4 | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu4.txt && diff %t.host.txt %t.gpu4.txt %}
// Their inputs are read as 64-bit words (vulkan-int64-loads), so a device
// without shaderInt64 refuses them, with the way out; built without the
// words, they run there and print the same:
// RUN: %if vulkan %{ env IMEXRT_VULKAN_LOADER=%vulkan_without_int64 not %t.gpu 2>&1 | FileCheck %s --check-prefix=NO-INT64 %}
// RUN: %if vulkan %{ imexc %s --offload=gpu --pipeline-options=vulkan-int64-loads=false --emit=exe -o %t.nowords && env IMEXRT_VULKAN_LOADER=%vulkan_without_int64 %t.nowords | sed 's/base@ = 0x[0-9a-f]*//' > %t.nowords.txt && diff %t.host.txt %t.nowords.txt %}
// NO-INT64: gpuModuleLoad [vulkan]: the kernels use 64-bit integers, which this device does not support (no shaderInt64); where they come from vector loads, compile with --pipeline-options=vulkan-int64-loads=false
// The kernels load vectors and accumulate four lanes per thread:
// RUN: imexc %s --offload=gpu --emit=mlir -o /dev/null --mlir-print-ir-before=gpu-kernels-to-spirv-binary 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL-LABEL: gpu.func @row_sums_kernel
// KERNEL: scf.for {{.*}} -> (vector<4xf32>)
// KERNEL: vector.load {{.*}} {alignment = 4 : i64, imexc.aligned_vector} : memref<?xf32>, vector<4xf32>
// KERNEL-LABEL: gpu.func @tail_sum_kernel
// KERNEL: vector.load {{.*}} : memref<?xf32>, vector<4xf32>
// KERNEL-LABEL: gpu.func @neighbour_dot_kernel
// KERNEL: arith.mulf {{.*}} : vector<4xf32>
// KERNEL-LABEL: gpu.func @row_max_f32_kernel
// KERNEL: arith.maximumf {{.*}} : vector<4xf32>
// KERNEL-LABEL: gpu.func @row_products_kernel
// KERNEL: arith.mulf {{.*}} : vector<4xf32>
// KERNEL-LABEL: gpu.func @plane_sums_kernel
// KERNEL: vector.load {{.*}} : memref<?xf32>, vector<4xf32>
// KERNEL-LABEL: gpu.func @row_max_kernel
// KERNEL: arith.subi {{.*}} : vector<4xi32>
// KERNEL: arith.maxsi {{.*}} : vector<4xi32>

// Row sums of a[i, j] = (i * n + j) mod 13 (NumPy's a.sum(1)):
// CHECK: sizes = [5]
// CHECK-NEXT: [6139,  6143,  6147,  6151,  6155]
// CHECK: sizes = [5]
// CHECK-NEXT: [6129,  6138,  6147,  6156,  6139]
// CHECK: sizes = [2]
// CHECK-NEXT: [1548,  1549]
// CHECK: sizes = [5]
// CHECK-NEXT: [3,  12,  21,  30,  13]
// CHECK: sizes = [4]
// CHECK-NEXT: [10,  35,  34,  20]
// Full sums of x[i] = i mod 13, of x[1:] and of x[4:], as i32:
// CHECK: [0]
// CHECK: [21]
// CHECK: [21]
// CHECK: [15]
// CHECK: [6120]
// CHECK: [6120]
// CHECK: [6114]
// CHECK: [6139]
// CHECK: [6139]
// CHECK: [6133]
// CHECK: [6291468]
// CHECK: [6291468]
// CHECK: [6291462]
// Sums over the last two dimensions of (2, 300, 13), (i * 3900 + j * 13 + k) mod 13:
// CHECK: sizes = [2]
// CHECK-NEXT: [23400,  23400]
// sum(x[1:] * x[:-1]) of 1023 elements:
// CHECK: [44784]
// sum(x[1:1001] * x[5:1005]) and sum(x[0:1001] * x[8:1009]) (both inputs
// start a 16-byte group in the same place: vector loads), and sum(x[1:3])
// of x = 0, 1, 2 (two elements, one past a group's start: no whole group):
// CHECK: [32032]
// CHECK: [30030]
// CHECK: [3]
// Row products and maxima of 5 rows of 1025:
// CHECK: [-16,  -16,  -16,  -16,  -16]
// CHECK: [2,  nan,  nan,  2,  2]
// Row maxima of a[i, j] - b[i], a as above on i32 rows of 1025, b = 0, 1, 2:
// CHECK: sizes = [3]
// CHECK-NEXT: [12,  11,  10]
// Bitwise or and and along those rows of a + 16 (workgroup memory only:
// no subgroup operation for them):
// CHECK: [31,  31,  31]
// CHECK: [16,  16,  16]

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})

#id1 = affine_map<(i) -> (i)>
#id2 = affine_map<(i, j) -> (i, j)>
#id3 = affine_map<(i, j, k) -> (i, j, k)>
#rows = affine_map<(i, j) -> (i)>
#planes = affine_map<(i, j, k) -> (i)>
#all = affine_map<(i) -> ()>

func.func @row_sums(%a: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%m) : tensor<?xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %s: f32):
    %t = arith.addf %x, %s : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @full_sum(%x: tensor<?xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#id1, #all], iterator_types = ["reduction"]}
      ins(%x : tensor<?xf32>) outs(%init : tensor<f32>) {
  ^bb0(%v: f32, %s: f32):
    %t = arith.addf %v, %s : f32
    linalg.yield %t : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// The sum of the view x[k:], which starts k elements into the buffer.
func.func @tail_sum(%x: tensor<?xf32>, %k: index) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %m = arith.subi %n, %k : index
  %tail = tensor.extract_slice %x[%k] [%m] [1] : tensor<?xf32> to tensor<?xf32>
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#id1, #all], iterator_types = ["reduction"]}
      ins(%tail : tensor<?xf32>) outs(%init : tensor<f32>) {
  ^bb0(%v: f32, %s: f32):
    %t = arith.addf %v, %s : f32
    linalg.yield %t : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// sum(x[1:] * x[:-1]): two inputs one element apart in one buffer, never
// both at the start of a 16-byte group.
// sum(x[a:a+len] * x[b:b+len]).
func.func @shifted_dot(%x: tensor<?xf32>, %a: index, %b: index, %len: index) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %u = tensor.extract_slice %x[%a] [%len] [1] : tensor<?xf32> to tensor<?xf32>
  %v = tensor.extract_slice %x[%b] [%len] [1] : tensor<?xf32> to tensor<?xf32>
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #all], iterator_types = ["reduction"]}
      ins(%u, %v : tensor<?xf32>, tensor<?xf32>) outs(%init : tensor<f32>) {
  ^bb0(%p: f32, %q: f32, %s: f32):
    %pq = arith.mulf %p, %q : f32
    %t = arith.addf %pq, %s : f32
    linalg.yield %t : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

func.func @print_as_i32(%t: tensor<f32>) {
  %i = arith.fptosi %t : tensor<f32> to tensor<i32>
  %u = tensor.cast %i : tensor<i32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @neighbour_dot(%x: tensor<?xf32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %m = arith.subi %n, %c1 : index
  %hi = tensor.extract_slice %x[1] [%m] [1] : tensor<?xf32> to tensor<?xf32>
  %lo = tensor.extract_slice %x[0] [%m] [1] : tensor<?xf32> to tensor<?xf32>
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #all], iterator_types = ["reduction"]}
      ins(%hi, %lo : tensor<?xf32>, tensor<?xf32>) outs(%init : tensor<f32>) {
  ^bb0(%a: f32, %b: f32, %s: f32):
    %p = arith.mulf %a, %b : f32
    %t = arith.addf %p, %s : f32
    linalg.yield %t : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// Row maxima (NaN propagates) and row products, whose partial groups hold
// the combiner's identity in their other lanes.
func.func @row_max_f32(%a: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %lowest = arith.constant 0xFF800000 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%m) : tensor<?xf32>
  %init = linalg.fill ins(%lowest : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %s: f32):
    %t = arith.maximumf %x, %s : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row_products(%a: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%m) : tensor<?xf32>
  %init = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %s: f32):
    %t = arith.mulf %x, %s : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// Rows of 1025: 2 at columns 0, 1, 1023 and 1024 (the partial groups of
// misaligned rows), -1 at column 512, else 1; and NaN in row 1 at column 0
// and in row 2 at column 1024.
func.func @edges(%m: index, %n: index, %nan_rows: i1) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c512 = arith.constant 512 : index
  %c1023 = arith.constant 1023 : index
  %c1024 = arith.constant 1024 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %minus = arith.constant -1.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %j0 = arith.cmpi eq, %j, %c0 : index
    %j1 = arith.cmpi eq, %j, %c1 : index
    %j1023 = arith.cmpi eq, %j, %c1023 : index
    %j1024 = arith.cmpi eq, %j, %c1024 : index
    %lo = arith.ori %j0, %j1 : i1
    %hi = arith.ori %j1023, %j1024 : i1
    %edge = arith.ori %lo, %hi : i1
    %mid = arith.cmpi eq, %j, %c512 : index
    %v0 = arith.select %edge, %two, %one : f32
    %v1 = arith.select %mid, %minus, %v0 : f32
    %i1 = arith.cmpi eq, %i, %c1 : index
    %i2 = arith.cmpi eq, %i, %c2 : index
    %nan1 = arith.andi %i1, %j0 : i1
    %nan2 = arith.andi %i2, %j1024 : i1
    %nanhere = arith.ori %nan1, %nan2 : i1
    %usenan = arith.andi %nanhere, %nan_rows : i1
    %v = arith.select %usenan, %nan, %v1 : f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @plane_sums(%a: tensor<?x?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?x?xf32>
  %e = tensor.empty(%m) : tensor<?xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id3, #planes], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%a : tensor<?x?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %s: f32):
    %t = arith.addf %x, %s : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row_max(%a: tensor<?x?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %lowest = arith.constant -2147483648 : i32
  %m = tensor.dim %a, %c0 : tensor<?x?xi32>
  %e = tensor.empty(%m) : tensor<?xi32>
  %init = linalg.fill ins(%lowest : i32) outs(%e : tensor<?xi32>) -> tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id2, #rows, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<?x?xi32>, tensor<?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%x: i32, %y: i32, %s: i32):
    %d = arith.subi %x, %y : i32
    %t = arith.maxsi %d, %s : i32
    linalg.yield %t : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

func.func @row_bits(%a: tensor<?x?xi32>) -> (tensor<?xi32>, tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %none = arith.constant 0 : i32
  %all = arith.constant -1 : i32
  %m = tensor.dim %a, %c0 : tensor<?x?xi32>
  %e = tensor.empty(%m) : tensor<?xi32>
  %zeros = linalg.fill ins(%none : i32) outs(%e : tensor<?xi32>) -> tensor<?xi32>
  %ones = linalg.fill ins(%all : i32) outs(%e : tensor<?xi32>) -> tensor<?xi32>
  %or = linalg.reduce ins(%a : tensor<?x?xi32>) outs(%zeros : tensor<?xi32>) dimensions = [1]
    (%x: i32, %s: i32) {
      %t = arith.ori %x, %s : i32
      linalg.yield %t : i32
    }
  %and = linalg.reduce ins(%a : tensor<?x?xi32>) outs(%ones : tensor<?xi32>) dimensions = [1]
    (%x: i32, %s: i32) {
      %t = arith.andi %x, %s : i32
      linalg.yield %t : i32
    }
  return %or, %and : tensor<?xi32>, tensor<?xi32>
}

// (linear index) mod 13, as f32, in the given shapes.
func.func @pattern1(%n: index) -> tensor<?xf32> {
  %c13 = arith.constant 13 : index
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %k = arith.remui %i, %c13 : index
    %j = arith.index_cast %k : index to i32
    %f = arith.sitofp %j : i32 to f32
    linalg.yield %f : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @pattern2(%m: index, %n: index) -> tensor<?x?xf32> {
  %c13 = arith.constant 13 : index
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %l = arith.muli %i, %n : index
    %p = arith.addi %l, %j : index
    %k = arith.remui %p, %c13 : index
    %q = arith.index_cast %k : index to i32
    %f = arith.sitofp %q : i32 to f32
    linalg.yield %f : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @pattern3(%m: index, %n: index, %p: index) -> tensor<?x?x?xf32> {
  %c13 = arith.constant 13 : index
  %e = tensor.empty(%m, %n, %p) : tensor<?x?x?xf32>
  %r = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e : tensor<?x?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %in = arith.muli %i, %n : index
    %ij = arith.addi %in, %j : index
    %ijp = arith.muli %ij, %p : index
    %l = arith.addi %ijp, %k : index
    %v = arith.remui %l, %c13 : index
    %q = arith.index_cast %v : index to i32
    %f = arith.sitofp %q : i32 to f32
    linalg.yield %f : f32
  } -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

func.func @run_row_sums(%m: index, %n: index) {
  %a = call @pattern2(%m, %n) : (index, index) -> tensor<?x?xf32>
  %r = call @row_sums(%a) : (tensor<?x?xf32>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @run_full_sums(%n: index) {
  %x = call @pattern1(%n) : (index) -> tensor<?xf32>
  %s = call @full_sum(%x) : (tensor<?xf32>) -> tensor<f32>
  %si = arith.fptosi %s : tensor<f32> to tensor<i32>
  %u = tensor.cast %si : tensor<i32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %long = arith.cmpi sge, %n, %c4 : index
  scf.if %long {
    %t1 = func.call @tail_sum(%x, %c1) : (tensor<?xf32>, index) -> tensor<f32>
    %t1i = arith.fptosi %t1 : tensor<f32> to tensor<i32>
    %v1 = tensor.cast %t1i : tensor<i32> to tensor<*xi32>
    func.call @printMemrefI32(%v1) : (tensor<*xi32>) -> ()
    %t4 = func.call @tail_sum(%x, %c4) : (tensor<?xf32>, index) -> tensor<f32>
    %t4i = arith.fptosi %t4 : tensor<f32> to tensor<i32>
    %v4 = tensor.cast %t4i : tensor<i32> to tensor<*xi32>
    func.call @printMemrefI32(%v4) : (tensor<*xi32>) -> ()
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %c259 = arith.constant 259 : index
  %c300 = arith.constant 300 : index
  %c1023 = arith.constant 1023 : index
  %c1024 = arith.constant 1024 : index
  %c1025 = arith.constant 1025 : index
  %big = arith.constant 1048579 : index
  call @run_row_sums(%c5, %c1025) : (index, index) -> ()
  call @run_row_sums(%c5, %c1024) : (index, index) -> ()
  call @run_row_sums(%c2, %c259) : (index, index) -> ()
  call @run_row_sums(%c5, %c3) : (index, index) -> ()
  call @run_row_sums(%c4, %c5) : (index, index) -> ()
  call @run_full_sums(%c1) : (index) -> ()
  call @run_full_sums(%c7) : (index) -> ()
  call @run_full_sums(%c1023) : (index) -> ()
  call @run_full_sums(%c1025) : (index) -> ()
  call @run_full_sums(%big) : (index) -> ()

  %planes = call @pattern3(%c2, %c300, %c13) : (index, index, index) -> tensor<?x?x?xf32>
  %p = call @plane_sums(%planes) : (tensor<?x?x?xf32>) -> tensor<?xf32>
  %pu = tensor.cast %p : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%pu) : (tensor<*xf32>) -> ()

  %x1023 = call @pattern1(%c1023) : (index) -> tensor<?xf32>
  %d1023 = call @neighbour_dot(%x1023) : (tensor<?xf32>) -> tensor<f32>
  %d1023i = arith.fptosi %d1023 : tensor<f32> to tensor<i32>
  %d1023u = tensor.cast %d1023i : tensor<i32> to tensor<*xi32>
  call @printMemrefI32(%d1023u) : (tensor<*xi32>) -> ()
  %c8 = arith.constant 8 : index
  %c1000 = arith.constant 1000 : index
  %c1001 = arith.constant 1001 : index
  %same1 = call @shifted_dot(%x1023, %c1, %c5, %c1000) : (tensor<?xf32>, index, index, index) -> tensor<f32>
  call @print_as_i32(%same1) : (tensor<f32>) -> ()
  %same0 = call @shifted_dot(%x1023, %c0, %c8, %c1001) : (tensor<?xf32>, index, index, index) -> tensor<f32>
  call @print_as_i32(%same0) : (tensor<f32>) -> ()
  %x3 = call @pattern1(%c3) : (index) -> tensor<?xf32>
  %t3 = call @tail_sum(%x3, %c1) : (tensor<?xf32>, index) -> tensor<f32>
  call @print_as_i32(%t3) : (tensor<f32>) -> ()

  %false = arith.constant false
  %true = arith.constant true
  %signs = call @edges(%c5, %c1025, %false) : (index, index, i1) -> tensor<?x?xf32>
  %prods = call @row_products(%signs) : (tensor<?x?xf32>) -> tensor<?xf32>
  %produ = tensor.cast %prods : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%produ) : (tensor<*xf32>) -> ()
  %nans = call @edges(%c5, %c1025, %true) : (index, index, i1) -> tensor<?x?xf32>
  %maxs = call @row_max_f32(%nans) : (tensor<?x?xf32>) -> tensor<?xf32>
  %maxu = tensor.cast %maxs : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%maxu) : (tensor<*xf32>) -> ()

  %af = call @pattern2(%c3, %c1025) : (index, index) -> tensor<?x?xf32>
  %ai = arith.fptosi %af : tensor<?x?xf32> to tensor<?x?xi32>
  %bf = call @pattern1(%c3) : (index) -> tensor<?xf32>
  %bi = arith.fptosi %bf : tensor<?xf32> to tensor<?xi32>
  %mx = call @row_max(%ai, %bi) : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %mu = tensor.cast %mx : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%mu) : (tensor<*xi32>) -> ()
  %c16 = arith.constant 16 : i32
  %sixteen = tensor.splat %c16[%c3, %c1025] : tensor<?x?xi32>
  %ai16 = arith.addi %ai, %sixteen : tensor<?x?xi32>
  %or, %and = call @row_bits(%ai16) : (tensor<?x?xi32>) -> (tensor<?xi32>, tensor<?xi32>)
  %oru = tensor.cast %or : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%oru) : (tensor<*xi32>) -> ()
  %andu = tensor.cast %and : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%andu) : (tensor<*xi32>) -> ()
  return
}
