// Argmax and argmin reductions (a value and its index, the forms
// torch-mlir and IREE write) run on the GPU as single-output workgroup
// reductions (split-arg-reductions), over more elements than lavapipe lets
// one thread loop over (65535), with the serial semantics: the first
// position of the best value, only if it beats the initial value strictly,
// and with floats a NaN that makes the value NaN and ends the search.
// Inputs are x[k] = (k * 7919 mod 1009) (+ offsets), so the maximum 1008
// and the minimum 0 recur every 1009 elements, in other threads' shares.
// Non-NaN results are NumPy's (argmax/argmin on the same arrays); the GPU
// build (--offload=gpu, on Vulkan) prints exactly what the host build
// prints.
// RUN: imexc %s --emit=exe -o %t.host && %t.host | sed 's/base@ = 0x[0-9a-f]*//' > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: %if vulkan %{ imexc %s --offload=gpu --emit=exe -o %t.gpu && %t.gpu | sed 's/base@ = 0x[0-9a-f]*//' > %t.gpu.txt && diff %t.host.txt %t.gpu.txt %}
// On the GPU the parts are workgroup reductions, not one-thread loops:
// RUN: imexc %s --offload=gpu --emit=mlir -o /dev/null --mlir-print-ir-before=gpu-kernels-to-spirv-binary 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL: gpu.launch_func  @argmax_f32_kernel::@argmax_f32_kernel blocks in ({{.*}}) threads in (%c256, %c1, %c1)
// KERNEL: gpu.func @argmax_f32_kernel({{.*}}) kernel
// KERNEL: gpu.subgroup_reduce  minui

// 131075 elements, 5000 at 100000 and 120000:
// CHECK: [5000]
// CHECK: [100000]
// ... NaN at 90000: NaN, and the first maximum before it:
// CHECK: [nan]
// CHECK: [765]
// ... NaN at 110000: NaN, 100000:
// CHECK: [nan]
// CHECK: [100000]
// ... an initial value that nothing beats (1e30, index 7), one that ties
// (5000: not beaten strictly), and a NaN initial value:
// CHECK: [1e+30]
// CHECK: [7]
// CHECK: [5000]
// CHECK: [7]
// CHECK: [nan]
// CHECK: [7]
// Zeros of both signs, -0 first (at 0), +0 first at 1: the value +0
// (maximumf orders the zeros), the index 0 (ogt does not).
// CHECK: [0]
// CHECK: [0]
// Row argmin of 5x70001 (+inf and -1 initially), the swapped comparison
// (val > in):
// CHECK: [0,  0,  0,  0,  0]
// CHECK: [0,  629,  249,  878,  498]
// Unsigned argmax of x - 500 as i32, the value selected: -1 (the largest
// unsigned) first at k = 676:
// CHECK: [-1]
// CHECK: [676]
// Signed column argmax of 70001x3 i32 (x - 500), i64 indices:
// CHECK: [508,  508,  508]
// CHECK: [255,  591,  927]
// An i8 index over 300 elements, 5 at 10 and 260 (which wraps to 4):
// the first, 10.
// CHECK: [5]
// CHECK: [10]

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})
func.func private @printMemrefI32(tensor<*xi32> {bufferization.access = "read"})
func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read"})
func.func private @printMemrefI8(tensor<*xi8> {bufferization.access = "read"})

// x[k] = k * 7919 mod 1009, as f32.
func.func @make(%n: index) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %c7919 = arith.constant 7919 : index
  %c1009 = arith.constant 1009 : index
  %r = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>], iterator_types = ["parallel"]}
      outs(%e : tensor<?xf32>) {
  ^bb0(%o: f32):
    %k = linalg.index 0 : index
    %p = arith.muli %k, %c7919 : index
    %m = arith.remui %p, %c1009 : index
    %i = arith.index_cast %m : index to i32
    %f = arith.sitofp %i : i32 to f32
    linalg.yield %f : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// IREE's argmax (tests/e2e/linalg/argmax.mlir), from (v0, i0).
func.func @argmax_f32(%x: tensor<?xf32>, %v0: f32, %i0: i32) -> (tensor<f32>, tensor<i32>) {
  %ev = tensor.empty() : tensor<f32>
  %ei = tensor.empty() : tensor<i32>
  %iv = linalg.fill ins(%v0 : f32) outs(%ev : tensor<f32>) -> tensor<f32>
  %ii = linalg.fill ins(%i0 : i32) outs(%ei : tensor<i32>) -> tensor<i32>
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>],
      iterator_types = ["reduction"]}
      ins(%x : tensor<?xf32>) outs(%iv, %ii : tensor<f32>, tensor<i32>) {
  ^bb0(%in: f32, %val: f32, %idx: i32):
    %i = linalg.index 0 : index
    %i_cast = arith.index_cast %i : index to i32
    %maxval = arith.maximumf %in, %val : f32
    %cmp = arith.cmpf ogt, %in, %val : f32
    %sel_idx = arith.select %cmp, %i_cast, %idx : i32
    linalg.yield %maxval, %sel_idx : f32, i32
  } -> (tensor<f32>, tensor<i32>)
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}

// Row argmin, index output first, comparison written as val > in.
func.func @argmin_rows(%x: tensor<?x?xf32>) -> (tensor<?xi32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %inf = arith.constant 0x7F800000 : f32
  %none = arith.constant -1 : i32
  %ev = tensor.empty(%m) : tensor<?xf32>
  %ei = tensor.empty(%m) : tensor<?xi32>
  %iv = linalg.fill ins(%inf : f32) outs(%ev : tensor<?xf32>) -> tensor<?xf32>
  %ii = linalg.fill ins(%none : i32) outs(%ei : tensor<?xi32>) -> tensor<?xi32>
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%ii, %iv : tensor<?xi32>, tensor<?xf32>) {
  ^bb0(%in: f32, %idx: i32, %val: f32):
    %j = linalg.index 1 : index
    %j_cast = arith.index_cast %j : index to i32
    %minval = arith.minimumf %val, %in : f32
    %cmp = arith.cmpf ogt, %val, %in : f32
    %sel_idx = arith.select %cmp, %j_cast, %idx : i32
    linalg.yield %sel_idx, %minval : i32, f32
  } -> (tensor<?xi32>, tensor<?xf32>)
  return %r#0, %r#1 : tensor<?xi32>, tensor<?xf32>
}

// Unsigned argmax of an i32 element computed in the body (x - 500), the
// value selected with the index.
func.func @argmax_unsigned(%x: tensor<?xf32>) -> (tensor<i32>, tensor<i32>) {
  %zero = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<i32>
  %ei = tensor.empty() : tensor<i32>
  %iv = linalg.fill ins(%zero : i32) outs(%ev : tensor<i32>) -> tensor<i32>
  %ii = linalg.fill ins(%zero : i32) outs(%ei : tensor<i32>) -> tensor<i32>
  %c500 = arith.constant 500 : i32
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>],
      iterator_types = ["reduction"]}
      ins(%x : tensor<?xf32>) outs(%iv, %ii : tensor<i32>, tensor<i32>) {
  ^bb0(%in: f32, %val: i32, %idx: i32):
    %i = linalg.index 0 : index
    %i_cast = arith.index_cast %i : index to i32
    %w = arith.fptosi %in : f32 to i32
    %v = arith.subi %w, %c500 : i32
    %cmp = arith.cmpi ugt, %v, %val : i32
    %sel_val = arith.select %cmp, %v, %val : i32
    %sel_idx = arith.select %cmp, %i_cast, %idx : i32
    linalg.yield %sel_val, %sel_idx : i32, i32
  } -> (tensor<i32>, tensor<i32>)
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// Signed column argmax (torch-mlir's form for integers), i64 indices.
func.func @argmax_columns(%x: tensor<?x3xi32>) -> (tensor<3xi32>, tensor<3xi64>) {
  %lowest = arith.constant -2147483648 : i32
  %zero = arith.constant 0 : i64
  %ev = tensor.empty() : tensor<3xi32>
  %ei = tensor.empty() : tensor<3xi64>
  %iv = linalg.fill ins(%lowest : i32) outs(%ev : tensor<3xi32>) -> tensor<3xi32>
  %ii = linalg.fill ins(%zero : i64) outs(%ei : tensor<3xi64>) -> tensor<3xi64>
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (j)>],
      iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<?x3xi32>) outs(%iv, %ii : tensor<3xi32>, tensor<3xi64>) {
  ^bb0(%in: i32, %val: i32, %idx: i64):
    %i = linalg.index 0 : index
    %i_cast = arith.index_cast %i : index to i64
    %maxval = arith.maxsi %in, %val : i32
    %cmp = arith.cmpi sgt, %in, %val : i32
    %sel_idx = arith.select %cmp, %i_cast, %idx : i64
    linalg.yield %maxval, %sel_idx : i32, i64
  } -> (tensor<3xi32>, tensor<3xi64>)
  return %r#0, %r#1 : tensor<3xi32>, tensor<3xi64>
}

// IREE's form with an i8 index: serially the position wraps.
func.func @argmax_i8_index(%x: tensor<300xf32>) -> (tensor<f32>, tensor<i8>) {
  %ninf = arith.constant 0xFF800000 : f32
  %z8 = arith.constant 0 : i8
  %ev = tensor.empty() : tensor<f32>
  %ei = tensor.empty() : tensor<i8>
  %iv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<f32>) -> tensor<f32>
  %ii = linalg.fill ins(%z8 : i8) outs(%ei : tensor<i8>) -> tensor<i8>
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>],
      iterator_types = ["reduction"]}
      ins(%x : tensor<300xf32>) outs(%iv, %ii : tensor<f32>, tensor<i8>) {
  ^bb0(%in: f32, %val: f32, %idx: i8):
    %i = linalg.index 0 : index
    %i_cast = arith.index_cast %i : index to i8
    %nv = arith.maximumf %in, %val : f32
    %cmp = arith.cmpf ogt, %in, %val : f32
    %ni = arith.select %cmp, %i_cast, %idx : i8
    linalg.yield %nv, %ni : f32, i8
  } -> (tensor<f32>, tensor<i8>)
  return %r#0, %r#1 : tensor<f32>, tensor<i8>
}

func.func @print_f32(%v: tensor<f32>, %i: tensor<i32>) {
  %vu = tensor.cast %v : tensor<f32> to tensor<*xf32>
  %iu = tensor.cast %i : tensor<i32> to tensor<*xi32>
  func.call @printMemrefF32(%vu) : (tensor<*xf32>) -> ()
  func.call @printMemrefI32(%iu) : (tensor<*xi32>) -> ()
  return
}

func.func @main() {
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %big = arith.constant 1.0e30 : f32
  %c5000 = arith.constant 5000.0 : f32
  %i0 = arith.constant 0 : i32
  %i7 = arith.constant 7 : i32
  %n = arith.constant 131075 : index
  %k90000 = arith.constant 90000 : index
  %k100000 = arith.constant 100000 : index
  %k110000 = arith.constant 110000 : index
  %k120000 = arith.constant 120000 : index
  %base = func.call @make(%n) : (index) -> tensor<?xf32>
  %x1 = tensor.insert %c5000 into %base[%k100000] : tensor<?xf32>
  %x = tensor.insert %c5000 into %x1[%k120000] : tensor<?xf32>
  %a:2 = func.call @argmax_f32(%x, %ninf, %i0) : (tensor<?xf32>, f32, i32) -> (tensor<f32>, tensor<i32>)
  func.call @print_f32(%a#0, %a#1) : (tensor<f32>, tensor<i32>) -> ()
  %xn1 = tensor.insert %nan into %x[%k90000] : tensor<?xf32>
  %b:2 = func.call @argmax_f32(%xn1, %ninf, %i0) : (tensor<?xf32>, f32, i32) -> (tensor<f32>, tensor<i32>)
  func.call @print_f32(%b#0, %b#1) : (tensor<f32>, tensor<i32>) -> ()
  %xn2 = tensor.insert %nan into %x[%k110000] : tensor<?xf32>
  %c:2 = func.call @argmax_f32(%xn2, %ninf, %i0) : (tensor<?xf32>, f32, i32) -> (tensor<f32>, tensor<i32>)
  func.call @print_f32(%c#0, %c#1) : (tensor<f32>, tensor<i32>) -> ()
  %d:2 = func.call @argmax_f32(%x, %big, %i7) : (tensor<?xf32>, f32, i32) -> (tensor<f32>, tensor<i32>)
  func.call @print_f32(%d#0, %d#1) : (tensor<f32>, tensor<i32>) -> ()
  %e:2 = func.call @argmax_f32(%x, %c5000, %i7) : (tensor<?xf32>, f32, i32) -> (tensor<f32>, tensor<i32>)
  func.call @print_f32(%e#0, %e#1) : (tensor<f32>, tensor<i32>) -> ()
  %f:2 = func.call @argmax_f32(%x, %nan, %i7) : (tensor<?xf32>, f32, i32) -> (tensor<f32>, tensor<i32>)
  func.call @print_f32(%f#0, %f#1) : (tensor<f32>, tensor<i32>) -> ()

  // Zeros: -0 where k mod 3 != 1, +0 where k mod 3 == 1.
  %pz = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %ez = tensor.empty(%n) : tensor<?xf32>
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %zeros = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>], iterator_types = ["parallel"]}
      outs(%ez : tensor<?xf32>) {
  ^bb0(%o: f32):
    %k = linalg.index 0 : index
    %m = arith.remui %k, %c3 : index
    %one = arith.cmpi eq, %m, %c1 : index
    %z = arith.select %one, %pz, %nz : f32
    linalg.yield %z : f32
  } -> tensor<?xf32>
  %g:2 = func.call @argmax_f32(%zeros, %ninf, %i0) : (tensor<?xf32>, f32, i32) -> (tensor<f32>, tensor<i32>)
  func.call @print_f32(%g#0, %g#1) : (tensor<f32>, tensor<i32>) -> ()

  %rows_n = arith.constant 350005 : index
  %flat = func.call @make(%rows_n) : (index) -> tensor<?xf32>
  %c5 = arith.constant 5 : index
  %c70001 = arith.constant 70001 : index
  %rows = tensor.expand_shape %flat [[0, 1]] output_shape [%c5, %c70001] : tensor<?xf32> into tensor<?x?xf32>
  %h:2 = func.call @argmin_rows(%rows) : (tensor<?x?xf32>) -> (tensor<?xi32>, tensor<?xf32>)
  %hv = tensor.cast %h#1 : tensor<?xf32> to tensor<*xf32>
  %hi = tensor.cast %h#0 : tensor<?xi32> to tensor<*xi32>
  func.call @printMemrefF32(%hv) : (tensor<*xf32>) -> ()
  func.call @printMemrefI32(%hi) : (tensor<*xi32>) -> ()

  %u:2 = func.call @argmax_unsigned(%base) : (tensor<?xf32>) -> (tensor<i32>, tensor<i32>)
  %uv = tensor.cast %u#0 : tensor<i32> to tensor<*xi32>
  %ui = tensor.cast %u#1 : tensor<i32> to tensor<*xi32>
  func.call @printMemrefI32(%uv) : (tensor<*xi32>) -> ()
  func.call @printMemrefI32(%ui) : (tensor<*xi32>) -> ()

  %cols_n = arith.constant 210003 : index
  %cflat = func.call @make(%cols_n) : (index) -> tensor<?xf32>
  %c500 = arith.constant 500 : i32
  %ec = tensor.empty(%cols_n) : tensor<?xi32>
  %ci = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>], iterator_types = ["parallel"]}
      ins(%cflat : tensor<?xf32>) outs(%ec : tensor<?xi32>) {
  ^bb0(%v: f32, %o: i32):
    %w = arith.fptosi %v : f32 to i32
    %s = arith.subi %w, %c500 : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  %c70001b = arith.constant 70001 : index
  %cols = tensor.expand_shape %ci [[0, 1]] output_shape [%c70001b, 3] : tensor<?xi32> into tensor<?x3xi32>
  %q:2 = func.call @argmax_columns(%cols) : (tensor<?x3xi32>) -> (tensor<3xi32>, tensor<3xi64>)
  %qv = tensor.cast %q#0 : tensor<3xi32> to tensor<*xi32>
  %qi = tensor.cast %q#1 : tensor<3xi64> to tensor<*xi64>
  func.call @printMemrefI32(%qv) : (tensor<*xi32>) -> ()
  func.call @printMemrefI64(%qi) : (tensor<*xi64>) -> ()

  %e300 = tensor.empty() : tensor<300xf32>
  %c10 = arith.constant 10 : index
  %c260 = arith.constant 260 : index
  %zero = arith.constant 0.0 : f32
  %five = arith.constant 5.0 : f32
  %z300 = linalg.fill ins(%zero : f32) outs(%e300 : tensor<300xf32>) -> tensor<300xf32>
  %t1 = tensor.insert %five into %z300[%c10] : tensor<300xf32>
  %t2 = tensor.insert %five into %t1[%c260] : tensor<300xf32>
  %w:2 = func.call @argmax_i8_index(%t2) : (tensor<300xf32>) -> (tensor<f32>, tensor<i8>)
  %wv = tensor.cast %w#0 : tensor<f32> to tensor<*xf32>
  %wi = tensor.cast %w#1 : tensor<i8> to tensor<*xi8>
  func.call @printMemrefF32(%wv) : (tensor<*xf32>) -> ()
  func.call @printMemrefI8(%wi) : (tensor<*xi8>) -> ()
  return
}
