// RUN: imex-opt %s -split-input-file -split-arg-reductions | FileCheck %s

#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>

// IREE's float argmax: the first NaN's position, the best value before
// it, the first position before it holding that value, then the fold into
// the initial value and index.
// CHECK-LABEL: func @iree_argmax
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[V0:.*]]: tensor<f32>, %[[I0:.*]]: tensor<i32>)
// CHECK: region.env_region
// Positions are i64, whatever the index type, so that none wraps:
// CHECK: %[[NONE:.*]] = linalg.fill ins(%c-1_i64{{.*}} : i64)
// CHECK: %[[NAN:.*]] = linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[X]] : tensor<?xf32>) outs(%[[NONE]] : tensor<i64>)
// CHECK:   %[[K:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK:   %[[UNO:.*]] = arith.cmpf uno, %[[IN:.*]], %[[IN]] : f32
// CHECK:   %[[S:.*]] = arith.select %[[UNO]], %[[K]], %{{.*}} : i64
// CHECK:   arith.minui %{{.*}}, %[[S]] : i64
// CHECK: %[[NINF:.*]] = linalg.fill ins(%cst{{.*}} : f32)
// CHECK: %[[BEST:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[NAN]] : tensor<?xf32>, tensor<i64>) outs(%[[NINF]] : tensor<f32>)
// CHECK:   %[[BEFORE:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK:   %[[V:.*]] = arith.select %[[BEFORE]], %{{.*}}, %{{.*}} : f32
// CHECK:   arith.maximumf %{{.*}}, %[[V]] : f32
// CHECK: %[[FIRST:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[BEST]], %[[NAN]] : tensor<?xf32>, tensor<f32>, tensor<i64>)
// CHECK:   %[[EQ:.*]] = arith.cmpf oeq
// CHECK:   %[[BEFORE2:.*]] = arith.cmpi ult
// CHECK:   %[[BOTH:.*]] = arith.andi %[[EQ]], %[[BEFORE2]] : i1
// CHECK:   %[[P:.*]] = arith.select %[[BOTH]]
// CHECK:   arith.minui %{{.*}}, %[[P]] : i64
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}} iterator_types = []} ins(%[[BEST]], %[[FIRST]], %[[NAN]] : tensor<f32>, tensor<i64>, tensor<i64>) outs(%[[V0]], %[[I0]] : tensor<f32>, tensor<i32>)
// CHECK: ^bb0(%[[B:.*]]: f32, %[[F:.*]]: i64, %[[N:.*]]: i64, %[[IV:.*]]: f32, %[[II:.*]]: i32):
// CHECK:   %[[SAW:.*]] = arith.cmpi ne, %[[N]], %{{.*}} : i64
// CHECK:   %[[MAX:.*]] = arith.maximumf %[[IV]], %[[B]] : f32
// CHECK:   %[[VAL:.*]] = arith.select %[[SAW]], %cst{{.*}}, %[[MAX]] : f32
// CHECK:   %[[BEATS:.*]] = arith.cmpf ogt, %[[B]], %[[IV]] : f32
// CHECK:   %[[FI:.*]] = arith.trunci %[[F]] : i64 to i32
// CHECK:   %[[IDX:.*]] = arith.select %[[BEATS]], %[[FI]], %[[II]] : i32
// CHECK:   linalg.yield %[[VAL]], %[[IDX]] : f32, i32
// CHECK: region.env_region_yield %[[R]]#0, %[[R]]#1
// CHECK-NOT: arith.cmpf ogt, %{{.*}}, %{{.*}} : f32
func.func @iree_argmax(%x: tensor<?xf32>, %v0: tensor<f32>, %i0: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %r:2 = region.env_region #region.gpu_env<device = "gpu"> -> tensor<f32>, tensor<i32> {
    %g:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["reduction"]}
        ins(%x : tensor<?xf32>) outs(%v0, %i0 : tensor<f32>, tensor<i32>) {
    ^bb0(%in: f32, %val: f32, %idx: i32):
      %i = linalg.index 0 : index
      %i_cast = arith.index_cast %i : index to i32
      %maxval = arith.maximumf %in, %val : f32
      %cmp = arith.cmpf ogt, %in, %val : f32
      %sel_idx = arith.select %cmp, %i_cast, %idx : i32
      linalg.yield %maxval, %sel_idx : f32, i32
    } -> (tensor<f32>, tensor<i32>)
    region.env_region_yield %g#0, %g#1 : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}

// -----

// torch-mlir's integer argmax along rows, the index output first and i64:
// no NaN part; the element (x - 1) is recomputed in each part.
// CHECK-LABEL: func @rows_signed
// CHECK-NOT: arith.cmpf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<4x?xi32>) outs(%{{.*}} : tensor<4xi32>)
// CHECK:   arith.subi
// CHECK:   arith.maxsi
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<4x?xi32>, tensor<4xi32>) outs(%{{.*}} : tensor<4xi64>)
// CHECK:   arith.subi
// CHECK:   arith.cmpi eq
// CHECK:   arith.minui {{.*}} : i64
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]}
// CHECK:   arith.maxsi
// CHECK:   arith.cmpi sgt
// CHECK:   linalg.yield %{{.*}}, %{{.*}} : i64, i32
func.func @rows_signed(%x: tensor<4x?xi32>, %i0: tensor<4xi64>, %v0: tensor<4xi32>) -> (tensor<4xi64>, tensor<4xi32>) {
  %c1 = arith.constant 1 : i32
  %r:2 = region.env_region #region.gpu_env<device = "gpu"> -> tensor<4xi64>, tensor<4xi32> {
    %g:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x?xi32>) outs(%i0, %v0 : tensor<4xi64>, tensor<4xi32>) {
    ^bb0(%in: i32, %idx: i64, %val: i32):
      %e = arith.subi %in, %c1 : i32
      %j = linalg.index 1 : index
      %j_cast = arith.index_cast %j : index to i64
      %maxval = arith.maxsi %e, %val : i32
      %cmp = arith.cmpi sgt, %e, %val : i32
      %sel_idx = arith.select %cmp, %j_cast, %idx : i64
      linalg.yield %sel_idx, %maxval : i64, i32
    } -> (tensor<4xi64>, tensor<4xi32>)
    region.env_region_yield %g#0, %g#1 : tensor<4xi64>, tensor<4xi32>
  }
  return %r#0, %r#1 : tensor<4xi64>, tensor<4xi32>
}

// -----

#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>

// Argmin with the comparison written val > in, and the unsigned select
// form: both split (a minimumf best and a ugt fold).
// CHECK-LABEL: func @argmin_swapped
// CHECK: arith.cmpf uno
// CHECK: arith.minimumf
// CHECK: arith.cmpf olt
// CHECK-LABEL: func @unsigned_select
// CHECK: arith.maxui
// CHECK: arith.cmpi ugt
func.func @argmin_swapped(%x: tensor<?xf32>, %v0: tensor<f32>, %i0: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %r:2 = region.env_region #region.gpu_env<device = "gpu"> -> tensor<f32>, tensor<i32> {
    %g:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["reduction"]}
        ins(%x : tensor<?xf32>) outs(%v0, %i0 : tensor<f32>, tensor<i32>) {
    ^bb0(%in: f32, %val: f32, %idx: i32):
      %i = linalg.index 0 : index
      %i_cast = arith.index_castui %i : index to i32
      %minval = arith.minimumf %val, %in : f32
      %cmp = arith.cmpf ogt, %val, %in : f32
      %sel_idx = arith.select %cmp, %i_cast, %idx : i32
      linalg.yield %minval, %sel_idx : f32, i32
    } -> (tensor<f32>, tensor<i32>)
    region.env_region_yield %g#0, %g#1 : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}

func.func @unsigned_select(%x: tensor<?xi32>, %v0: tensor<i32>, %i0: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %r:2 = region.env_region #region.gpu_env<device = "gpu"> -> tensor<i32>, tensor<i32> {
    %g:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["reduction"]}
        ins(%x : tensor<?xi32>) outs(%v0, %i0 : tensor<i32>, tensor<i32>) {
    ^bb0(%in: i32, %val: i32, %idx: i32):
      %i = linalg.index 0 : index
      %i_cast = arith.index_cast %i : index to i32
      %cmp = arith.cmpi ugt, %in, %val : i32
      %sel_val = arith.select %cmp, %in, %val : i32
      %sel_idx = arith.select %cmp, %i_cast, %idx : i32
      linalg.yield %sel_val, %sel_idx : i32, i32
    } -> (tensor<i32>, tensor<i32>)
    region.env_region_yield %g#0, %g#1 : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// -----

#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>

// Left alone: on the host; float values selected (the sign of a zero
// maximum follows the order); maxnumf (a NaN initial value is replaced);
// a non-strict comparison (the last maximum wins); a max that does not
// match the comparison; an element that reads the accumulator.
// CHECK-LABEL: func @left_alone
// CHECK-COUNT-6: linalg.generic {{.*}} ins(%{{.*}} : tensor<?xf32>) outs(%{{.*}}, %{{.*}} : tensor<f32>, tensor<i32>)
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @left_alone(%x: tensor<?xf32>, %v0: tensor<f32>, %i0: tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) {
  %host:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["reduction"]}
      ins(%x : tensor<?xf32>) outs(%v0, %i0 : tensor<f32>, tensor<i32>) {
  ^bb0(%in: f32, %val: f32, %idx: i32):
    %i = linalg.index 0 : index
    %i_cast = arith.index_cast %i : index to i32
    %maxval = arith.maximumf %in, %val : f32
    %cmp = arith.cmpf ogt, %in, %val : f32
    %sel_idx = arith.select %cmp, %i_cast, %idx : i32
    linalg.yield %maxval, %sel_idx : f32, i32
  } -> (tensor<f32>, tensor<i32>)
  %r:5 = region.env_region #region.gpu_env<device = "gpu"> -> tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32> {
    %selected:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["reduction"]}
        ins(%x : tensor<?xf32>) outs(%v0, %i0 : tensor<f32>, tensor<i32>) {
    ^bb0(%in: f32, %val: f32, %idx: i32):
      %i = linalg.index 0 : index
      %i_cast = arith.index_cast %i : index to i32
      %cmp = arith.cmpf ogt, %in, %val : f32
      %sel_val = arith.select %cmp, %in, %val : f32
      %sel_idx = arith.select %cmp, %i_cast, %idx : i32
      linalg.yield %sel_val, %sel_idx : f32, i32
    } -> (tensor<f32>, tensor<i32>)
    %num:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["reduction"]}
        ins(%x : tensor<?xf32>) outs(%v0, %i0 : tensor<f32>, tensor<i32>) {
    ^bb0(%in: f32, %val: f32, %idx: i32):
      %i = linalg.index 0 : index
      %i_cast = arith.index_cast %i : index to i32
      %maxval = arith.maxnumf %in, %val : f32
      %cmp = arith.cmpf ogt, %in, %val : f32
      %sel_idx = arith.select %cmp, %i_cast, %idx : i32
      linalg.yield %maxval, %sel_idx : f32, i32
    } -> (tensor<f32>, tensor<i32>)
    %last:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["reduction"]}
        ins(%x : tensor<?xf32>) outs(%v0, %i0 : tensor<f32>, tensor<i32>) {
    ^bb0(%in: f32, %val: f32, %idx: i32):
      %i = linalg.index 0 : index
      %i_cast = arith.index_cast %i : index to i32
      %maxval = arith.maximumf %in, %val : f32
      %cmp = arith.cmpf oge, %in, %val : f32
      %sel_idx = arith.select %cmp, %i_cast, %idx : i32
      linalg.yield %maxval, %sel_idx : f32, i32
    } -> (tensor<f32>, tensor<i32>)
    %mismatch:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["reduction"]}
        ins(%x : tensor<?xf32>) outs(%v0, %i0 : tensor<f32>, tensor<i32>) {
    ^bb0(%in: f32, %val: f32, %idx: i32):
      %i = linalg.index 0 : index
      %i_cast = arith.index_cast %i : index to i32
      %maxval = arith.maximumf %in, %val : f32
      %cmp = arith.cmpf olt, %in, %val : f32
      %sel_idx = arith.select %cmp, %i_cast, %idx : i32
      linalg.yield %maxval, %sel_idx : f32, i32
    } -> (tensor<f32>, tensor<i32>)
    %reads:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["reduction"]}
        ins(%x : tensor<?xf32>) outs(%v0, %i0 : tensor<f32>, tensor<i32>) {
    ^bb0(%in: f32, %val: f32, %idx: i32):
      %i = linalg.index 0 : index
      %i_cast = arith.index_cast %i : index to i32
      %e = arith.subf %in, %val : f32
      %maxval = arith.maximumf %e, %val : f32
      %cmp = arith.cmpf ogt, %e, %val : f32
      %sel_idx = arith.select %cmp, %i_cast, %idx : i32
      linalg.yield %maxval, %sel_idx : f32, i32
    } -> (tensor<f32>, tensor<i32>)
    region.env_region_yield %selected#1, %num#1, %last#1, %mismatch#1, %reads#1 : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>
  }
  return %host#1, %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>
}

// -----

// NumPy's form, as the array language writes it (order-independent: the
// element wins if better, NaN being better than any number, or as good at
// a lower position), flat over two reduction loops. Parts: the first NaN,
// the best number, its first position; the fold takes the NaN if there is
// one, else the best number, and re-evaluates the body's choice against
// the initial pair. The value output is only yielded by the region for
// nothing, so its sign of zero does not matter.
// CHECK-LABEL: func @numpy_flat
// CHECK: %[[NAN:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<?x?xf64>) outs(%{{.*}} : tensor<i64>)
// CHECK:   arith.muli
// CHECK:   arith.cmpf uno
// CHECK:   arith.minui
// CHECK: %[[BEST:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<?x?xf64>) outs(%{{.*}} : tensor<f64>)
// CHECK:   %[[NUM:.*]] = arith.cmpf ord
// CHECK:   %[[V:.*]] = arith.select %[[NUM]]
// CHECK:   arith.minimumf %{{.*}}, %[[V]] : f64
// CHECK: %[[FIRST:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[BEST]] : tensor<?x?xf64>, tensor<f64>) outs(%{{.*}} : tensor<i64>)
// CHECK:   arith.cmpf oeq
// CHECK:   arith.minui
// CHECK: linalg.generic {{.*}} ins(%[[BEST]], %[[FIRST]], %[[NAN]] : tensor<f64>, tensor<i64>, tensor<i64>)
// CHECK: ^bb0(%[[B:.*]]: f64, %[[F:.*]]: i64, %[[N:.*]]: i64, %[[IV:.*]]: f64, %[[II:.*]]: i64):
// CHECK:   %[[SAW:.*]] = arith.cmpi ne, %[[N]]
// CHECK:   %[[W:.*]] = arith.select %[[SAW]], %{{.*}}, %[[B]] : f64
// CHECK:   %[[P:.*]] = arith.select %[[SAW]], %[[N]], %[[F]] : i64
// CHECK:   %[[ANY:.*]] = arith.cmpi ne, %[[P]]
// CHECK:   arith.cmpf olt, %[[W]], %[[IV]] : f64
// CHECK:   arith.cmpi slt, %[[P]], %[[II]] : i64
// CHECK:   %[[TAKE:.*]] = arith.ori
// CHECK:   %[[WINS:.*]] = arith.andi %[[ANY]], %[[TAKE]] : i1
// CHECK:   arith.select %[[WINS]], %[[W]], %[[IV]] : f64
// CHECK:   arith.select %[[WINS]], %[[P]], %[[II]] : i64
func.func @numpy_flat(%m: tensor<?x?xf64>, %v0: tensor<f64>, %i0: tensor<i64>) -> tensor<i64> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %m, %c1 : tensor<?x?xf64>
  %r:2 = region.env_region #region.gpu_env<device = "gpu"> -> tensor<f64>, tensor<i64> {
    %g:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> ()>],
                           iterator_types = ["reduction", "reduction"]}
        ins(%m : tensor<?x?xf64>) outs(%v0, %i0 : tensor<f64>, tensor<i64>) {
    ^bb0(%x: f64, %best: f64, %bestIndex: i64):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %in = arith.muli %i, %n : index
      %flat = arith.addi %in, %j : index
      %index = arith.index_cast %flat : index to i64
      %xNaN = arith.cmpf uno, %x, %x : f64
      %bNaN = arith.cmpf uno, %best, %best : f64
      %true = arith.constant true
      %lt = arith.cmpf olt, %x, %best : f64
      %notB = arith.xori %bNaN, %true : i1
      %nanWins = arith.andi %xNaN, %notB : i1
      %better = arith.ori %lt, %nanWins : i1
      %eq = arith.cmpf oeq, %x, %best : f64
      %bothNaN = arith.andi %xNaN, %bNaN : i1
      %same = arith.ori %eq, %bothNaN : i1
      %earlier = arith.cmpi slt, %index, %bestIndex : i64
      %tie = arith.andi %same, %earlier : i1
      %take = arith.ori %better, %tie : i1
      %v = arith.select %take, %x, %best : f64
      %k = arith.select %take, %index, %bestIndex : i64
      linalg.yield %v, %k : f64, i64
    } -> (tensor<f64>, tensor<i64>)
    region.env_region_yield %g#0, %g#1 : tensor<f64>, tensor<i64>
  }
  return %r#1 : tensor<i64>
}

// Integer NumPy form with its value used: exact, so split too (no NaN
// part). The same float form with its value used is left alone.
// CHECK-LABEL: func @numpy_int_value
// CHECK-NOT: arith.cmpf
// CHECK: arith.maxui
// CHECK: arith.cmpi eq
// CHECK: arith.cmpi ugt
// CHECK-LABEL: func @numpy_float_value
// CHECK: linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<f32>, tensor<i64>)
// CHECK-NOT: linalg.generic
func.func @numpy_int_value(%x: tensor<?xi8>, %v0: tensor<i8>, %i0: tensor<i64>) -> (tensor<i8>, tensor<i64>) {
  %r:2 = region.env_region #region.gpu_env<device = "gpu"> -> tensor<i8>, tensor<i64> {
    %g:2 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>, affine_map<(i) -> ()>],
                           iterator_types = ["reduction"]}
        ins(%x : tensor<?xi8>) outs(%v0, %i0 : tensor<i8>, tensor<i64>) {
    ^bb0(%e: i8, %best: i8, %bestIndex: i64):
      %i = linalg.index 0 : index
      %index = arith.index_cast %i : index to i64
      %better = arith.cmpi ugt, %e, %best : i8
      %same = arith.cmpi eq, %e, %best : i8
      %earlier = arith.cmpi slt, %index, %bestIndex : i64
      %tie = arith.andi %same, %earlier : i1
      %take = arith.ori %better, %tie : i1
      %v = arith.select %take, %e, %best : i8
      %k = arith.select %take, %index, %bestIndex : i64
      linalg.yield %v, %k : i8, i64
    } -> (tensor<i8>, tensor<i64>)
    region.env_region_yield %g#0, %g#1 : tensor<i8>, tensor<i64>
  }
  return %r#0, %r#1 : tensor<i8>, tensor<i64>
}

func.func @numpy_float_value(%x: tensor<?xf32>, %v0: tensor<f32>, %i0: tensor<i64>) -> (tensor<f32>, tensor<i64>) {
  %r:2 = region.env_region #region.gpu_env<device = "gpu"> -> tensor<f32>, tensor<i64> {
    %g:2 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>, affine_map<(i) -> ()>],
                           iterator_types = ["reduction"]}
        ins(%x : tensor<?xf32>) outs(%v0, %i0 : tensor<f32>, tensor<i64>) {
    ^bb0(%e: f32, %best: f32, %bestIndex: i64):
      %i = linalg.index 0 : index
      %index = arith.index_cast %i : index to i64
      %xNaN = arith.cmpf uno, %e, %e : f32
      %bNaN = arith.cmpf uno, %best, %best : f32
      %true = arith.constant true
      %gt = arith.cmpf ogt, %e, %best : f32
      %notB = arith.xori %bNaN, %true : i1
      %nanWins = arith.andi %xNaN, %notB : i1
      %better = arith.ori %gt, %nanWins : i1
      %eq = arith.cmpf oeq, %e, %best : f32
      %bothNaN = arith.andi %xNaN, %bNaN : i1
      %same = arith.ori %eq, %bothNaN : i1
      %earlier = arith.cmpi slt, %index, %bestIndex : i64
      %tie = arith.andi %same, %earlier : i1
      %take = arith.ori %better, %tie : i1
      %v = arith.select %take, %e, %best : f32
      %k = arith.select %take, %index, %bestIndex : i64
      linalg.yield %v, %k : f32, i64
    } -> (tensor<f32>, tensor<i64>)
    region.env_region_yield %g#0, %g#1 : tensor<f32>, tensor<i64>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<i64>
}

// -----

// NumPy's form with an i16 index: positions past 32767 would wrap, and
// serially "lower" would then depend on the order. Left alone.
// CHECK-LABEL: func @numpy_narrow_index
// CHECK: linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<i32>, tensor<i16>)
// CHECK-NOT: linalg.generic
func.func @numpy_narrow_index(%x: tensor<?xi32>, %v0: tensor<i32>, %i0: tensor<i16>) -> (tensor<i32>, tensor<i16>) {
  %r:2 = region.env_region #region.gpu_env<device = "gpu"> -> tensor<i32>, tensor<i16> {
    %g:2 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>, affine_map<(i) -> ()>],
                           iterator_types = ["reduction"]}
        ins(%x : tensor<?xi32>) outs(%v0, %i0 : tensor<i32>, tensor<i16>) {
    ^bb0(%e: i32, %best: i32, %bestIndex: i16):
      %i = linalg.index 0 : index
      %index = arith.index_cast %i : index to i16
      %better = arith.cmpi sgt, %e, %best : i32
      %same = arith.cmpi eq, %e, %best : i32
      %earlier = arith.cmpi slt, %index, %bestIndex : i16
      %tie = arith.andi %same, %earlier : i1
      %take = arith.ori %better, %tie : i1
      %v = arith.select %take, %e, %best : i32
      %k = arith.select %take, %index, %bestIndex : i16
      linalg.yield %v, %k : i32, i16
    } -> (tensor<i32>, tensor<i16>)
    region.env_region_yield %g#0, %g#1 : tensor<i32>, tensor<i16>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i16>
}

// -----

#in2 = affine_map<(i, j) -> (i, j)>
#keep = affine_map<(i, j) -> (i, 0)>
#row = affine_map<(i, j) -> (i)>
#all = affine_map<(i, j) -> ()>

// An output that keeps the reduced dimension (map (i, 0)): split, the
// parts indexed the same way.
// CHECK-LABEL: func @keep_dims
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[KEEP:.*]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<4x1xi64>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<4x1xf32>, tensor<4x1xi32>)
func.func @keep_dims(%x: tensor<4x?xf32>, %v0: tensor<4x1xf32>, %i0: tensor<4x1xi32>) -> (tensor<4x1xf32>, tensor<4x1xi32>) {
  %r:2 = region.env_region #region.gpu_env<device = "gpu"> -> tensor<4x1xf32>, tensor<4x1xi32> {
    %g:2 = linalg.generic {indexing_maps = [#in2, #keep, #keep], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x?xf32>) outs(%v0, %i0 : tensor<4x1xf32>, tensor<4x1xi32>) {
    ^bb0(%in: f32, %val: f32, %idx: i32):
      %j = linalg.index 1 : index
      %j_cast = arith.index_cast %j : index to i32
      %m = arith.maximumf %in, %val : f32
      %c = arith.cmpf ogt, %in, %val : f32
      %s = arith.select %c, %j_cast, %idx : i32
      linalg.yield %m, %s : f32, i32
    } -> (tensor<4x1xf32>, tensor<4x1xi32>)
    region.env_region_yield %g#0, %g#1 : tensor<4x1xf32>, tensor<4x1xi32>
  }
  return %r#0, %r#1 : tensor<4x1xf32>, tensor<4x1xi32>
}

// Left alone: the serial form over two reduction loops (its order is not
// one position's); NumPy's form with a position read from an input, or
// built with a value from outside that may be negative; values of type
// index; an index output that is not the selected position (the
// comparison added to it).
// CHECK-LABEL: func @not_split
// CHECK-COUNT-5: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @not_split(%x: tensor<?x?xf32>, %p: tensor<?x?xi64>, %k: tensor<?x?xindex>, %v0: tensor<f32>, %i0: tensor<i64>, %iv0: tensor<index>, %neg: index) -> (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>) {
  %r:5 = region.env_region #region.gpu_env<device = "gpu"> -> tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64> {
    %two:2 = linalg.generic {indexing_maps = [#in2, #all, #all], iterator_types = ["reduction", "reduction"]}
        ins(%x : tensor<?x?xf32>) outs(%v0, %i0 : tensor<f32>, tensor<i64>) {
    ^bb0(%in: f32, %val: f32, %idx: i64):
      %j = linalg.index 1 : index
      %j_cast = arith.index_cast %j : index to i64
      %m = arith.maximumf %in, %val : f32
      %c = arith.cmpf ogt, %in, %val : f32
      %s = arith.select %c, %j_cast, %idx : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<f32>, tensor<i64>)
    %read:2 = linalg.generic {indexing_maps = [#in2, #in2, #all, #all], iterator_types = ["reduction", "reduction"]}
        ins(%x, %p : tensor<?x?xf32>, tensor<?x?xi64>) outs(%v0, %i0 : tensor<f32>, tensor<i64>) {
    ^bb0(%in: f32, %pos: i64, %best: f32, %bestIndex: i64):
      %better = arith.cmpf ogt, %in, %best : f32
      %same = arith.cmpf oeq, %in, %best : f32
      %earlier = arith.cmpi slt, %pos, %bestIndex : i64
      %tie = arith.andi %same, %earlier : i1
      %take = arith.ori %better, %tie : i1
      %v = arith.select %take, %in, %best : f32
      %w = arith.select %take, %pos, %bestIndex : i64
      linalg.yield %v, %w : f32, i64
    } -> (tensor<f32>, tensor<i64>)
    %outside:2 = linalg.generic {indexing_maps = [#in2, #all, #all], iterator_types = ["reduction", "reduction"]}
        ins(%x : tensor<?x?xf32>) outs(%v0, %i0 : tensor<f32>, tensor<i64>) {
    ^bb0(%in: f32, %best: f32, %bestIndex: i64):
      %i = linalg.index 0 : index
      %ineg = arith.muli %i, %neg : index
      %pos = arith.index_cast %ineg : index to i64
      %better = arith.cmpf ogt, %in, %best : f32
      %same = arith.cmpf oeq, %in, %best : f32
      %earlier = arith.cmpi slt, %pos, %bestIndex : i64
      %tie = arith.andi %same, %earlier : i1
      %take = arith.ori %better, %tie : i1
      %v = arith.select %take, %in, %best : f32
      %w = arith.select %take, %pos, %bestIndex : i64
      linalg.yield %v, %w : f32, i64
    } -> (tensor<f32>, tensor<i64>)
    %indices:2 = linalg.generic {indexing_maps = [#in2, #all, #all], iterator_types = ["parallel", "reduction"]}
        ins(%k : tensor<?x?xindex>) outs(%iv0, %i0 : tensor<index>, tensor<i64>) {
    ^bb0(%in: index, %val: index, %idx: i64):
      %j = linalg.index 1 : index
      %j_cast = arith.index_cast %j : index to i64
      %m = arith.maxsi %in, %val : index
      %c = arith.cmpi sgt, %in, %val : index
      %s = arith.select %c, %j_cast, %idx : i64
      linalg.yield %m, %s : index, i64
    } -> (tensor<index>, tensor<i64>)
    %leaks:2 = linalg.generic {indexing_maps = [#in2, #all, #all], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<?x?xf32>) outs(%v0, %i0 : tensor<f32>, tensor<i64>) {
    ^bb0(%in: f32, %val: f32, %idx: i64):
      %j = linalg.index 1 : index
      %j_cast = arith.index_cast %j : index to i64
      %m = arith.maximumf %in, %val : f32
      %c = arith.cmpf ogt, %in, %val : f32
      %s = arith.select %c, %j_cast, %idx : i64
      %ci = arith.extui %c : i1 to i64
      %t = arith.addi %s, %ci : i64
      linalg.yield %m, %t : f32, i64
    } -> (tensor<f32>, tensor<i64>)
    region.env_region_yield %two#1, %read#1, %outside#1, %indices#1, %leaks#1 : tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>
}
