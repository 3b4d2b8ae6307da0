// RUN: imex-opt %s -split-input-file \
// RUN:   -pass-pipeline='builtin.module(func.func(tile-and-vectorize-for-cpu{vector-bits=256},canonicalize,cse))' \
// RUN:   | FileCheck %s
// Without vector registers the tiles stay scalar:
// RUN: imex-opt %s -split-input-file \
// RUN:   -pass-pipeline='builtin.module(func.func(tile-and-vectorize-for-cpu{vector-bits=0}))' \
// RUN:   | FileCheck %s --check-prefix=SCALAR
// RUN: not imex-opt %s -split-input-file \
// RUN:   -pass-pipeline='builtin.module(func.func(tile-and-vectorize-for-cpu{register-tile=4}))' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADTILE

// BADTILE: error: tile-and-vectorize-for-cpu: register-tile and cache-tile take two positive sizes ('m,n', 'n,k')
// SCALAR-NOT: vector.

// An elementwise chain is fused into one loop nest: thread tiles of 32768
// elements, register tiles of 4 x 8 lanes (peeled), one vector expression.
// CHECK-LABEL: func.func @elementwise_chain
// CHECK:       scf.forall (%{{.*}}) = (0) to (%{{.*}}) step (32768)
// CHECK:         scf.for {{.*}} step %c32
// CHECK:           %[[X:.*]] = vector.transfer_read {{.*}} : tensor<32xf32>, vector<32xf32>
// CHECK:           %[[Y:.*]] = vector.transfer_read {{.*}} : tensor<32xf32>, vector<32xf32>
// CHECK:           %[[S:.*]] = arith.addf %[[X]], %[[Y]] : vector<32xf32>
// CHECK:           %[[M:.*]] = arith.mulf %[[S]], %[[S]] : vector<32xf32>
// CHECK:           vector.transfer_write %[[M]]
// The partial tile at the end stays a (fused) linalg op.
// CHECK:         scf.for
// CHECK:           linalg.generic
// CHECK:             arith.addf
// CHECK:             arith.mulf
// CHECK:       scf.forall.in_parallel
// CHECK-NOT:   linalg.generic
// CHECK:       return
#id = affine_map<(d0) -> (d0)>
func.func @elementwise_chain(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%s : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.mulf %a, %a : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  return %m : tensor<?xf32>
}

// -----

// A reduction without parallel dimensions: 16 partial sums computed in
// parallel, each by a loop that carries 32 partial sums in a vector.
// CHECK-LABEL: func.func @full_sum
// CHECK:       %[[PARTS:.*]] = scf.forall (%{{.*}}) in (16) shared_outs({{.*}}) -> (tensor<16xf32>)
// CHECK:         scf.for {{.*}} step %c32 iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<32xf32>)
// CHECK:           %[[V:.*]] = vector.transfer_read
// CHECK:           arith.addf %[[V]], %[[ACC]] : vector<32xf32>
// CHECK:         vector.reduction <add>, %{{.*}} : vector<32xf32> into f32
// CHECK:       %[[ALL:.*]] = vector.transfer_read %[[PARTS]]
// CHECK:       vector.reduction <add>, %[[ALL]], %{{.*}} : vector<16xf32> into f32
func.func @full_sum(%x: tensor<?xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce ins(%x : tensor<?xf32>) outs(%f : tensor<f32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %s = arith.addf %v, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>
}

// -----

// A matmul: thread tiles of about an eighth of the rows in whole register
// blocks (at least 4 and at most 32 blocks of 6 rows); cache blocks of
// 512 columns x 256 of k, each block's panel of B copied to a contiguous
// buffer (vectorized rows); a 6 x 16 block of accumulators (one vector per
// row) carried through the k loop and updated by FMAs; the partial blocks
// stay linalg.matmul.
// CHECK-DAG:   #[[SHARE:.*]] = affine_map<()[s0] -> (192, (s0 ceildiv 48) * 6)>
// CHECK-DAG:   #[[ATLEAST:.*]] = affine_map<()[s0] -> (24, s0)>
// CHECK-LABEL: func.func @matmul
// CHECK:       %[[M:.*]] = tensor.dim %arg0, %c0
// CHECK:       %[[S:.*]] = affine.min #[[SHARE]]()[%[[M]]]
// CHECK:       %[[ROWS:.*]] = affine.max #[[ATLEAST]]()[%[[S]]]
// CHECK:       scf.forall (%{{.*}}) = (0) to (%[[M]]) step (%[[ROWS]])
// CHECK:         scf.for {{.*}} step %c512
// CHECK:           scf.for {{.*}} step %c256
// CHECK:             %[[PANEL:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf32>
// CHECK:             scf.for {{.*}} iter_args(%{{.*}} = %[[PANEL]])
// CHECK:               vector.transfer_read {{.*}} : tensor<1x32xf32>, vector<32xf32>
// CHECK:               linalg.copy
// CHECK:         scf.for {{.*}} step %c6
// CHECK:           scf.for {{.*}} step %c16
// CHECK:             scf.for {{.*}} iter_args({{.*}}) -> (vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>, vector<1x16xf32>)
// CHECK-COUNT-6:       vector.fma {{.*}} : vector<16xf32>
// CHECK:           linalg.matmul {{.*}} -> tensor<6x?xf32>
// CHECK:         linalg.matmul {{.*}} -> tensor<?x?xf32>
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Static sizes: the thread tile is computed at compile time (100 rows: an
// eighth rounded up to whole 6-row blocks is 18, so the minimum, 24). B's
// panel is not copied: it is B itself, whose rows are contiguous (64
// columns, no cache blocks along n).
// CHECK-LABEL: func.func @matmul_static_narrow
// CHECK:       scf.forall (%{{.*}}) = (0) to (100) step (24)
// CHECK-NOT:   linalg.copy
// CHECK:       return
func.func @matmul_static_narrow(%a: tensor<100x300xf32>, %b: tensor<300x64xf32>, %c: tensor<100x64xf32>) -> tensor<100x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<100x300xf32>, tensor<300x64xf32>) outs(%c : tensor<100x64xf32>) -> tensor<100x64xf32>
  return %r : tensor<100x64xf32>
}

// -----

// Few rows (12 < 4 blocks of 6): the panel of B is read in place, as a
// copy would be read by only two register blocks.
// CHECK-LABEL: func.func @matmul_few_rows
// CHECK:       scf.for {{.*}} step %c512
// CHECK-NOT:   linalg.copy
// CHECK-NOT:   tensor.empty
// CHECK:       return
func.func @matmul_few_rows(%a: tensor<12x?xf32>, %b: tensor<?x?xf32>, %c: tensor<12x?xf32>) -> tensor<12x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<12x?xf32>, tensor<?x?xf32>) outs(%c : tensor<12x?xf32>) -> tensor<12x?xf32>
  return %r : tensor<12x?xf32>
}

// -----

// Row softmax: the four ops (max, exp, sum, divide) are fused into one
// thread tile of rows, and inside it into one loop over its rows, so that
// each row stays in L1 from one pass to the next; each row is vectorized,
// exp as a polynomial on vectors (the scalar remainder keeps math.exp).
// CHECK-LABEL: func.func @softmax
// CHECK:       scf.forall {{.*}} step (32)
// CHECK-NOT:     vector.reduction
// CHECK:         scf.for {{.*}} step %c1 iter_args
// CHECK:           vector.reduction <maximumf>
// CHECK-NOT:     math.exp {{.*}}vector
// CHECK:         math.fma {{.*}} : vector<32xf32>
// CHECK-NOT:     math.exp {{.*}}vector
// CHECK:         math.exp %{{.*}} : f32
// CHECK:         vector.reduction <add>
// CHECK:         arith.divf %{{.*}} : vector<32xf32>
// CHECK:       scf.forall.in_parallel
// CHECK-NOT:   linalg.generic
// CHECK:       return
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty(%m) : tensor<?xf32>
  %f1 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<?xf32>) -> tensor<?xf32>
  %max = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%f1 : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<?x?xf32>) outs(%f2 : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %out = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.divf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %out : tensor<?x?xf32>
}

// -----

// An op that updates a tensor in place gives the function's tensors
// reference semantics: nothing is fused, tiled or vectorized there.
// CHECK-LABEL: func.func @in_place
// CHECK-NOT:   scf.for
// CHECK:       linalg.generic
// CHECK:       ndarray.insert_slice
#id = affine_map<(d0) -> (d0)>
func.func @in_place(%x: tensor<?xf32>, %v: tensor<f32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %u = ndarray.insert_slice %v into %s[0] [1] [1] : tensor<f32> into tensor<?xf32>
  return %s : tensor<?xf32>
}

// -----

// i1 tensors hold a byte per element, i1 vectors a bit: not vectorized.
// CHECK-LABEL: func.func @bool_mask
// CHECK-NOT:   vector.
// CHECK:       linalg.generic
#id = affine_map<(d0) -> (d0)>
func.func @bool_mask(%x: tensor<64xf32>) -> tensor<64xi1> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xi1>
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xi1>) {
  ^bb0(%a: f32, %o: i1):
    %r = arith.cmpf ogt, %a, %zero : f32
    linalg.yield %r : i1
  } -> tensor<64xi1>
  return %m : tensor<64xi1>
}

// -----

// Vector code the program already has is not rewritten.
// CHECK-LABEL: func.func @vectors_left_alone
// CHECK-NEXT:  arith.addf %{{.*}}, %{{.*}} : vector<2x4xf32>
// CHECK-NEXT:  return
func.func @vectors_left_alone(%a: vector<2x4xf32>, %b: vector<2x4xf32>) -> vector<2x4xf32> {
  %r = arith.addf %a, %b : vector<2x4xf32>
  return %r : vector<2x4xf32>
}

// -----

// A convolution: vectors along the output channels (unit-stride in the
// filter and the output), the filter window and input channels as loops
// inside, so the output vector stays in registers over the input channels;
// each tile becomes a broadcast multiply-add.
// CHECK-LABEL: func.func @conv
// CHECK:       scf.forall
// CHECK:         scf.for
// CHECK:           scf.for %{{.*}} = %c0 to %c3
// CHECK:             scf.for %{{.*}} = %c0 to %c3
// CHECK:               scf.for %{{.*}} = %c0 to %c64 {{.*}} -> ({{.*}}vector<32xf32>)
// CHECK:                 vector.broadcast %{{.*}} : vector<f32> to vector<32xf32>
// CHECK-NOT:   linalg.conv_2d_nhwc_hwcf
func.func @conv(%in: tensor<1x34x34x64xf32>, %f: tensor<3x3x64x32xf32>, %out: tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%in, %f : tensor<1x34x34x64xf32>, tensor<3x3x64x32xf32>) outs(%out : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
  return %r : tensor<1x32x32x32xf32>
}

// -----

// A transpose: square tiles of one vector per row, both operands read and
// written a row at a time, transposed in registers (the partial tiles at
// the edges stay linalg).
// CHECK-LABEL: func.func @transpose
// CHECK:       scf.forall
// CHECK:         scf.for {{.*}} step %c8
// CHECK:           scf.for {{.*}} step %c8
// CHECK-COUNT-8:     vector.transfer_read {{.*}} : tensor<8x8xf32>, vector<1x8xf32>
// CHECK:             vector.transpose %{{.*}}, [1, 0] : vector<8x8xf32> to vector<8x8xf32>
// CHECK-COUNT-8:     vector.transfer_write {{.*}} : vector<1x8xf32>, tensor<8x8xf32>
// CHECK:       linalg.generic
func.func @transpose(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.transpose ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) permutation = [1, 0]
  return %r : tensor<?x?xf32>
}

// -----

// Three operands contiguous along three different loops (the vector loop
// d0, d1 and d3): no square tile would be read and written a row at a time,
// so there is none (no 8x8 transpose; before, each tile became 64 single
// elements moved one by one and bufferization took minutes on a few such
// ops). The result, strided along the vector loop, is stored one element
// at a time from one vector (8 lanes), not four.
// CHECK-LABEL: func.func @transpose_three_ways
// CHECK-NOT:   vector<8x8xf32>
// CHECK-COUNT-8: vector.transfer_write {{.*}} : vector<1x1x1x1xf32>, tensor<8x1x1x1xf32>
// CHECK-NOT:   vector.transfer_write
// CHECK-NOT:   vector<8x8xf32>
// CHECK:       return
func.func @transpose_three_ways(%x: tensor<?x?x?x?xf32>, %y: tensor<?x?x?x?xf32>, %z: tensor<?xf32>, %o: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3, d0, d2, d1)>, affine_map<(d0, d1, d2, d3) -> (d1, d2, d3, d0)>, affine_map<(d0, d1, d2, d3) -> (d0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %y, %z : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?xf32>) outs(%o : tensor<?x?x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %c : f32
    linalg.yield %t : f32
  } -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

// -----

// Cases the differential stress test found. A reduction that reads loop
// indices is neither split into partial results nor vectorized (upstream's
// splitting does not offset linalg.index); a small linalg.dot is vectorized
// as a reduction, not as a named contraction with a 0-d accumulator.
// CHECK-LABEL: func.func @index_sum
// CHECK-NOT:   scf.forall
// CHECK-NOT:   vector.
// CHECK:       linalg.generic
// CHECK-LABEL: func.func @small_dot
// CHECK:       vector.reduction <add>
// CHECK-NOT:   linalg.dot
func.func @index_sum(%init: tensor<f64>) -> tensor<f64> {
  %e = tensor.empty() : tensor<64xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%e : tensor<64xf64>) outs(%init : tensor<f64>) {
  ^bb0(%in: f64, %acc: f64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %s = arith.addf %acc, %f : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}
func.func @small_dot(%a: tensor<16xf32>, %b: tensor<16xf32>, %c: tensor<f32>) -> tensor<f32> {
  %r = linalg.dot ins(%a, %b : tensor<16xf32>, tensor<16xf32>) outs(%c : tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// Arguments that are only read are the caller's: marked non-writable, so
// bufferization copies rather than reusing them (a max reduction's partial
// results start from a slice of its input). Destinations stay writable.
// CHECK-LABEL: func.func @max_of_input
// CHECK-SAME:  %{{.*}}: tensor<33xf64> {bufferization.writable = false}
// CHECK-SAME:  %{{.*}}: tensor<f64>)
func.func @max_of_input(%a: tensor<33xf64>, %init: tensor<f64>) -> tensor<f64> {
  %r = linalg.reduce ins(%a : tensor<33xf64>) outs(%init : tensor<f64>) dimensions = [0]
    (%in: f64, %out: f64) {
      %m = arith.maximumf %in, %out : f64
      linalg.yield %m : f64
    }
  return %r : tensor<f64>
}

// -----

// A column sum: thread tiles of about an eighth of the columns, in whole
// register tiles (4 vectors), up to 16 of them; inside, blocks of 16 rows,
// each accumulated by every register tile in registers, so that the rows
// are read a block at a time rather than 32 columns down the whole matrix
// at a time.
// CHECK-DAG:   #[[SHARE:.*]] = affine_map<()[s0] -> (512, (s0 ceildiv 256) * 32)>
// CHECK-DAG:   #[[ATLEAST:.*]] = affine_map<()[s0] -> (32, s0)>
// CHECK-LABEL: func.func @column_sum
// CHECK:       %[[N:.*]] = tensor.dim %arg0, %c1
// CHECK:       %[[S:.*]] = affine.min #[[SHARE]]()[%[[N]]]
// CHECK:       %[[COLS:.*]] = affine.max #[[ATLEAST]]()[%[[S]]]
// CHECK:       scf.forall (%{{.*}}) = (0) to (%[[N]]) step (%[[COLS]])
// CHECK:         scf.for {{.*}} step %c16
// CHECK:           scf.for {{.*}} step %c32
// CHECK:             scf.for {{.*}} step %c1 iter_args({{.*}}) -> (vector<32xf32>)
// CHECK:               arith.addf {{.*}} : vector<32xf32>
func.func @column_sum(%x: tensor<?x?xf32>, %acc: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>],
      iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%acc : tensor<?xf32>) {
  ^bb0(%v: f32, %s: f32):
    %t = arith.addf %v, %s : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Each row divided by its column's sum: every row tile of the division
// reads the whole column sum, so fusing the sum into the tiles would
// recompute all of it in each (quadratic in the rows; 54 s for a 20000x4
// softmax along dim 0). It runs once, before the row tiles.
// CHECK-LABEL: func.func @divide_by_column_sums
// CHECK:       arith.addf {{.*}} : vector<
// CHECK:       scf.forall
// CHECK-NOT:     arith.addf
// CHECK:         arith.divf
// CHECK:       scf.forall.in_parallel
func.func @divide_by_column_sums(%x: tensor<?x?xf32>, %acc: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %sums = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>],
      iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%acc : tensor<?xf32>) {
  ^bb0(%v: f32, %s: f32):
    %t = arith.addf %v, %s : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %sums : tensor<?x?xf32>, tensor<?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %d = arith.divf %v, %s : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
