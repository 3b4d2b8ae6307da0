// RUN: imex-opt %s -split-input-file -partition-sharded-functions -verify-diagnostics | FileCheck %s

// A function with shardings gets its per-process form; a declaration and a
// function without shardings are left as they are (upstream's function
// passes would stop at the declaration).
shard.grid @grid(shape = 2)
// CHECK-LABEL: func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF32(memref<*xf32>)
// CHECK-LABEL: func.func @split
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.add ins(%[[A]], %[[A]] : tensor<4xf32>, tensor<4xf32>) outs(%[[E]] : tensor<4xf32>)
// CHECK-NEXT: return %[[R]] : tensor<4xf32>
func.func @split(%a: tensor<8xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s : tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.add ins(%as, %as : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %rs = shard.shard %r to %s : tensor<8xf32>
  return %rs : tensor<8xf32>
}
// CHECK-LABEL: func.func @plain
// CHECK-SAME: (%{{.*}}: tensor<8xf32>) -> tensor<*xf32>
// CHECK-NEXT: tensor.cast
func.func @plain(%a: tensor<8xf32>) -> tensor<*xf32> {
  %u = tensor.cast %a : tensor<8xf32> to tensor<*xf32>
  return %u : tensor<*xf32>
}

// -----

// linalg.index in a split op would count from 0 on every process.
shard.grid @grid(shape = 2)
func.func @iota() -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  // expected-error @+1 {{'linalg.generic' op reads linalg.index and is split across processes, which distributed programs do not support yet}}
  %iota = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%e : tensor<8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    linalg.yield %f : f32
  } -> tensor<8xf32>
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %as = shard.shard %iota to %s : tensor<8xf32>
  return %as : tensor<8xf32>
}

// -----

// The same op replicated keeps its indices: nothing to refuse.
shard.grid @grid(shape = 2)
// CHECK-LABEL: func.func @replicated_iota
// CHECK: linalg.index 0
func.func @replicated_iota() -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %iota = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%e : tensor<8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    linalg.yield %f : f32
  } -> tensor<8xf32>
  %s = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %as = shard.shard %iota to %s : tensor<8xf32>
  return %as : tensor<8xf32>
}

// -----

// Upstream partitioning fails on a sharded constant without a word: the
// error names the function.
shard.grid @grid(shape = 2)
// expected-error @+1 {{cannot partition @constant into its per-process form (shard-partition failed without a reason; every op on sharded values needs a sharding model, and constants cannot be sharded yet)}}
func.func @constant() -> tensor<4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %cs = shard.shard %c to %s : tensor<4xf32>
  %r = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %full = shard.shard %cs to %r annotate_for_users : tensor<4xf32>
  return %full : tensor<4xf32>
}

// -----

// Uneven splits given as offsets are refused before upstream sees them.
shard.grid @grid(shape = 4)
func.func @uneven(%a: tensor<10xf32>) -> tensor<10xf32> {
  // expected-error @+1 {{'shard.sharding' op splits unevenly (sharded_dims_offsets), which distributed programs do not support yet}}
  %s = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 3, 6, 8, 10] : !shard.sharding
  %as = shard.shard %a to %s : tensor<10xf32>
  return %as : tensor<10xf32>
}

// -----

// A grid of more processes than MPI numbers (ranks are ints) is refused
// before upstream's propagation, which allocated per process (found by
// mlir-fuzz: out of memory); so is one whose axes multiply past it.
// expected-error @+1 {{'shard.grid' op has more processes than MPI can number (2147483647)}}
shard.grid @huge(shape = 9223372036854775807)
func.func @too_many(%a: tensor<10xf32>) -> tensor<10xf32> {
  %s = shard.sharding @huge split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s : tensor<10xf32>
  return %as : tensor<10xf32>
}

// -----

// expected-error @+1 {{'shard.grid' op has more processes than MPI can number (2147483647)}}
shard.grid @wide(shape = 65536x65536)
func.func @too_many_axes(%a: tensor<10xf32>) -> tensor<10xf32> {
  %s = shard.sharding @wide split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s : tensor<10xf32>
  return %as : tensor<10xf32>
}

// -----

// A split the grid's size does not divide (10 over 4): the grid takes its
// shape at run time, which splits unevenly, and keeps its process count
// for the run-time check; the local part has a dynamic size.
// CHECK: shard.grid @grid(shape = ?) {imexc.processes = 4 : i64}
shard.grid @grid(shape = 4)
// CHECK-LABEL: func.func @uneven
// CHECK-SAME: -> tensor<?xf32>
// CHECK: shard.all_slice %{{.*}} on @grid grid_axes = [0] slice_axis = 0 : tensor<10xf32> -> tensor<?xf32>
// CHECK: linalg.add ins(%{{.*}}, %{{.*}} : tensor<?xf32>, tensor<?xf32>)
func.func @uneven(%a: tensor<10xf32>) -> tensor<10xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %ar = shard.shard %a to %rep : tensor<10xf32>
  %as = shard.shard %ar to %s annotate_for_users : tensor<10xf32>
  %e = tensor.empty() : tensor<10xf32>
  %r = linalg.add ins(%as, %as : tensor<10xf32>, tensor<10xf32>) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %rs = shard.shard %r to %s : tensor<10xf32>
  return %rs : tensor<10xf32>
}

// -----

// An even split leaves the grid static.
// CHECK: shard.grid @grid(shape = 4){{$}}
shard.grid @grid(shape = 4)
func.func @even(%a: tensor<12xf32>) -> tensor<12xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s : tensor<12xf32>
  %e = tensor.empty() : tensor<12xf32>
  %r = linalg.add ins(%as, %as : tensor<12xf32>, tensor<12xf32>) outs(%e : tensor<12xf32>) -> tensor<12xf32>
  %rs = shard.shard %r to %s : tensor<12xf32>
  return %rs : tensor<12xf32>
}

// -----

// Uneven splits need a grid of one axis.
shard.grid @grid(shape = 2x2)
func.func @uneven_on_2d(%a: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %s = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  // expected-error @+1 {{dimension 0 (5 elements) splits unevenly over the 4 processes of @grid, a grid of 2 axes; uneven splits need a grid of one axis}}
  %as = shard.shard %a to %s : tensor<5x4xf32>
  %e = tensor.empty() : tensor<5x4xf32>
  %r = linalg.add ins(%as, %as : tensor<5x4xf32>, tensor<5x4xf32>) outs(%e : tensor<5x4xf32>) -> tensor<5x4xf32>
  %rs = shard.shard %r to %s : tensor<5x4xf32>
  return %rs : tensor<5x4xf32>
}

// -----

// A stencil on an uneven split (16 rows over 3 processes: 6, 5, 5) keeps
// its static grid: the split gets explicit offsets, and the views that
// read their neighbours' rows share one exchange of the halos they all
// need (the shard dialect allows no halos next to explicit offsets, so the
// first view makes it and the second reads the same buffer).
// CHECK-LABEL: func.func @uneven_stencil(
// CHECK-SAME:    %{{.*}}: tensor<?xf32>) -> tensor<?xf32>
// CHECK: %[[X:.*]] = shard.update_halo %{{.*}} on @grid split_axes = {{\[\[}}0]] halo_sizes = [1, 1] : tensor<?xf32>
// CHECK-NOT: shard.update_halo
// CHECK: ndarray.subview %[[X]]
// CHECK: ndarray.subview %[[X]]
shard.grid @grid(shape = 3)
func.func @uneven_stencil(%x: tensor<16xf32>) -> tensor<16xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %rows : tensor<16xf32>
  %l = ndarray.subview %xs[0][14][1] : tensor<16xf32> to tensor<14xf32>
  %r = ndarray.subview %xs[2][14][1] : tensor<16xf32> to tensor<14xf32>
  %e = tensor.empty() : tensor<14xf32>
  %sum = linalg.add ins(%l, %r : tensor<14xf32>, tensor<14xf32>) outs(%e : tensor<14xf32>) -> tensor<14xf32>
  %y = ndarray.insert_slice %sum into %xs[1][14][1] : tensor<14xf32> into tensor<16xf32>
  %ys = shard.shard %y to %rows : tensor<16xf32>
  return %ys : tensor<16xf32>
}

// -----

// A view of an uneven split that reads only what each process holds (the
// whole array: every process its own part) exchanges no halos.
// CHECK-LABEL: func.func @uneven_own_part
// CHECK-NOT: shard.update_halo
// CHECK: return
shard.grid @grid(shape = 3)
func.func @uneven_own_part(%x: tensor<10xf32>) -> tensor<10xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %rows : tensor<10xf32>
  %v = ndarray.subview %xs[0][10][1] : tensor<10xf32> to tensor<10xf32>
  %e = tensor.empty() : tensor<10xf32>
  %y = linalg.add ins(%v, %v : tensor<10xf32>, tensor<10xf32>) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %ys = shard.shard %y to %rows : tensor<10xf32>
  return %ys : tensor<10xf32>
}

// -----

// A view with dynamic bounds of an uneven split reads the whole array,
// gathered (by the copy to the view's replicated source): no halo could
// cover it.
// CHECK-LABEL: func.func @uneven_dynamic_view
// CHECK:         %[[W:.*]] = shard.all_gather %{{.*}} on @grid grid_axes = [0] gather_axis = 0 : tensor<?xf32> -> tensor<?xf32>
// CHECK:         %[[WHOLE:.*]] = tensor.cast %[[W]] : tensor<?xf32> to tensor<10xf32>
// CHECK:         ndarray.subview %[[WHOLE]][%{{.*}}] [4] [1]
// CHECK-NOT:     shard.update_halo
shard.grid @grid(shape = 3)
func.func @uneven_dynamic_view(%x: tensor<10xf32>, %i: index) -> tensor<10xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %rows : tensor<10xf32>
  %v = ndarray.subview %xs[%i][4][1] : tensor<10xf32> to tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %y = linalg.add ins(%v, %v : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %ys = ndarray.insert_slice %y into %xs[0][4][1] : tensor<4xf32> into tensor<10xf32>
  %r = shard.shard %ys to %rows : tensor<10xf32>
  return %r : tensor<10xf32>
}

// -----

// A view that reads past its neighbours' parts is refused: 5 rows over 4
// processes are parts of 2, 1, 1 and 1, and process 1 would need row 4 of
// process 3.
shard.grid @grid(shape = 4)
func.func @halo_past_neighbours(%x: tensor<5xf32>) -> tensor<5xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %rows : tensor<5xf32>
  %l = ndarray.subview %xs[0][1][1] : tensor<5xf32> to tensor<1xf32>
  // expected-error @+1 {{process 1 reads elements [4, 5) of dimension 0, beyond its neighbours' parts (it holds [2, 3)); use fewer processes or a larger array}}
  %r = ndarray.subview %xs[4][1][1] : tensor<5xf32> to tensor<1xf32>
  %e = tensor.empty() : tensor<1xf32>
  %sum = linalg.add ins(%l, %r : tensor<1xf32>, tensor<1xf32>) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %y = ndarray.insert_slice %sum into %xs[2][1][1] : tensor<1xf32> into tensor<5xf32>
  %ys = shard.shard %y to %rows : tensor<5xf32>
  return %ys : tensor<5xf32>
}

// -----

// Splitting a replicated array in rows and columns, and gathering the
// blocks back, takes one dimension per step (upstream reshards one
// dimension at a time).
shard.grid @grid(shape = 2x2)
// CHECK-LABEL: func.func @blocks
// CHECK-SAME:    (%[[A:.*]]: tensor<8x6xf32>) -> tensor<8x6xf32>
// CHECK-NEXT:  %[[R:.*]] = shard.all_slice %[[A]] on @grid grid_axes = [0] slice_axis = 0 : tensor<8x6xf32> -> tensor<4x6xf32>
// CHECK-NEXT:  %[[B:.*]] = shard.all_slice %[[R]] on @grid grid_axes = [1] slice_axis = 1 : tensor<4x6xf32> -> tensor<4x3xf32>
// CHECK:       %[[S:.*]] = linalg.add ins(%[[B]], %[[B]]
// CHECK-NEXT:  %[[G0:.*]] = shard.all_gather %[[S]] on @grid grid_axes = [0] gather_axis = 0 : tensor<4x3xf32> -> tensor<8x3xf32>
// CHECK-NEXT:  %[[G0C:.*]] = tensor.cast %[[G0]]
// CHECK-NEXT:  %[[G1:.*]] = shard.all_gather %[[G0C]] on @grid grid_axes = [1] gather_axis = 1 : tensor<8x3xf32> -> tensor<8x6xf32>
func.func @blocks(%a: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %blocks = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  %ar = shard.shard %a to %rep : tensor<8x6xf32>
  %ab = shard.shard %ar to %blocks annotate_for_users : tensor<8x6xf32>
  %e = tensor.empty() : tensor<8x6xf32>
  %s = linalg.add ins(%ab, %ab : tensor<8x6xf32>, tensor<8x6xf32>) outs(%e : tensor<8x6xf32>) -> tensor<8x6xf32>
  %sb = shard.shard %s to %blocks : tensor<8x6xf32>
  %sr = shard.shard %sb to %rep annotate_for_users : tensor<8x6xf32>
  return %sr : tensor<8x6xf32>
}

// -----

// A stencil on an array copied from a replicated argument: the copy is the
// array the views read, so it gets the halo (coalesce-shard-ops runs
// between propagation and partitioning).
shard.grid @grid(shape = 2)
// CHECK-LABEL: func.func @stencil
// CHECK:       %[[C:.*]] = linalg.copy
// CHECK:       %[[CORE:.*]] = tensor.extract_slice %[[C]][0] [8] [1]
// CHECK-NEXT:  %[[H:.*]] = tensor.insert_slice %[[CORE]] into %{{.*}}[1] [8] [1] : tensor<8xf32> into tensor<10xf32>
// CHECK-NEXT:  shard.update_halo %[[H]] on @grid split_axes = {{\[\[}}0]] halo_sizes = [1, 1] : tensor<10xf32>
func.func @stencil(%a: tensor<16xf32>) -> tensor<16xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %ar = shard.shard %a to %rep : tensor<16xf32>
  %as = shard.shard %ar to %rows annotate_for_users : tensor<16xf32>
  %e = tensor.empty() : tensor<16xf32>
  %c = linalg.copy ins(%as : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %x = shard.shard %c to %rows : tensor<16xf32>
  %v1 = ndarray.subview %x[0][14][1] : tensor<16xf32> to tensor<14xf32>
  %v2 = ndarray.subview %x[2][14][1] : tensor<16xf32> to tensor<14xf32>
  %sum = tosa.add %v1, %v2 : (tensor<14xf32>, tensor<14xf32>) -> tensor<14xf32>
  %y = ndarray.insert_slice %sum into %x[1][14][1] : tensor<14xf32> into tensor<16xf32>
  %ys = shard.shard %y to %rows : tensor<16xf32>
  %yr = shard.shard %ys to %rep annotate_for_users : tensor<16xf32>
  return %yr : tensor<16xf32>
}

// -----

// An argument annotated only for some of its users is whole: the op that
// propagation left alone (tosa.abs) computes on the whole array, the split
// op on this process's slice of it. (Upstream partitioning crashed.)
shard.grid @grid(shape = 2)
// CHECK-LABEL: func.func @fan_out
// CHECK-SAME:    (%[[A:.*]]: tensor<8xf32>) -> (tensor<8xf32>, tensor<4xf32>)
// CHECK-NEXT:  %[[ABS:.*]] = tosa.abs %[[A]] : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT:  %[[PART:.*]] = shard.all_slice %[[A]] on @grid grid_axes = [0] slice_axis = 0 : tensor<8xf32> -> tensor<4xf32>
// CHECK-NEXT:  %[[SIG:.*]] = tosa.sigmoid %[[PART]]
// CHECK-NEXT:  return %[[ABS]], %[[SIG]]
func.func @fan_out(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %abs = tosa.abs %a : (tensor<8xf32>) -> tensor<8xf32>
  %sig = tosa.sigmoid %a : (tensor<8xf32>) -> tensor<8xf32>
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %sigs = shard.shard %sig to %rows : tensor<8xf32>
  return %abs, %sigs : tensor<8xf32>, tensor<8xf32>
}

// -----

// The same on an uneven split of a grid whose arrays are read through
// views (its uneven splits get explicit offsets, in blocks): the argument
// stays whole, and the copy to its users' layout cuts this process's part.
shard.grid @grid(shape = 4)
// CHECK-LABEL: func.func @fan_out_uneven
// CHECK-SAME:    (%[[A:.*]]: tensor<10xf32>{{.*}}) -> (tensor<10xf32>, tensor<?xf32>, tensor<?xf32>)
// CHECK:       tosa.abs %[[A]] : (tensor<10xf32>) -> tensor<10xf32>
// CHECK:       tensor.extract_slice %[[A]]
func.func @fan_out_uneven(%a: tensor<10xf32>) -> (tensor<10xf32>, tensor<10xf32>, tensor<9xf32>) {
  %abs = tosa.abs %a : (tensor<10xf32>) -> tensor<10xf32>
  %sig = tosa.sigmoid %a : (tensor<10xf32>) -> tensor<10xf32>
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %sigs = shard.shard %sig to %rows : tensor<10xf32>
  %v = ndarray.subview %sigs[0][9][1] : tensor<10xf32> to tensor<9xf32>
  return %abs, %sigs, %v : tensor<10xf32>, tensor<10xf32>, tensor<9xf32>
}

// -----

// Shardings upstream partitioning crashes on are refused: along a grid
// axis the grid does not have, and of one dimension along several axes.
shard.grid @line(shape = 2)
func.func @no_such_axis(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'shard.sharding' op splits along grid axis 1, but @line has 1 axis}}
  %s = shard.sharding @line split_axes = [[], [1]] : !shard.sharding
  %as = shard.shard %a to %s : tensor<8x8xf32>
  return %as : tensor<8x8xf32>
}

// -----

shard.grid @square(shape = 2x2)
func.func @two_axes(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'shard.sharding' op splits dimension 0 over 2 grid axes, which distributed programs do not support yet (one grid axis per dimension)}}
  %s = shard.sharding @square split_axes = [[0, 1]] : !shard.sharding
  %as = shard.shard %a to %s : tensor<8xf32>
  return %as : tensor<8xf32>
}

// -----

// One value read by a split op and by an op propagation leaves without
// annotations (upstream's "arrow" structure): the second gets replicated
// annotations, the argument's own annotation comes after the replicated
// sharding it uses, and the function verifies.
// CHECK-LABEL: func.func @arrow(
// CHECK:         %[[EXP:.*]] = linalg.exp ins(%{{.*}} : tensor<4xf32>)
// CHECK:         %[[WHOLE:.*]] = shard.all_gather %[[EXP]]
// CHECK:         %[[ABS:.*]] = linalg.abs ins(%{{.*}} : tensor<8xf32>)
// CHECK:         linalg.negf ins(%[[EXP]] : tensor<4xf32>)
// CHECK:         return %[[ABS]],
shard.grid @grid(shape = 2)
func.func @arrow(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %ex = linalg.exp ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %abs = linalg.abs ins(%ex : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %neg = linalg.negf ins(%ex : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %split = shard.shard %neg to %rows : tensor<8xf32>
  return %abs, %split : tensor<8xf32>, tensor<8xf32>
}

// -----

// Annotations alone, no tensor op in the input: partitioning creates
// tensor ops of its own.
// CHECK-LABEL: func.func @annotations_only(
// CHECK-SAME:    %[[X:.*]]: tensor<1xf32>) -> tensor<2xf32>
// CHECK:         shard.all_gather %[[X]]
shard.grid @grid(shape = 2)
func.func @annotations_only(%x: tensor<2xf32>) -> tensor<2xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %rows : tensor<2xf32>
  %whole = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %xw = shard.shard %xs to %whole annotate_for_users : tensor<2xf32>
  return %xw : tensor<2xf32>
}

// -----

// A function in its per-process form already (collectives, no
// annotations) is left as it is.
// CHECK-LABEL: func.func @per_process(
// CHECK-SAME:    %[[X:.*]]: tensor<3x4xf32>) -> tensor<3x4xf32> {
// CHECK-NEXT:    shard.all_reduce %[[X]]
shard.grid @grid(shape = 2)
func.func @per_process(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %r = shard.all_reduce %x on @grid grid_axes = [0] reduction = max : tensor<3x4xf32> -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// Dropping the halos of a value split with halo_sizes is refused.
shard.grid @grid(shape = 4)
func.func @halo_drop(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-note @+1 {{halos given here}}
  %halos = shard.sharding @grid split_axes = [[0]] halo_sizes = [2, 1] : !shard.sharding
  %xh = shard.shard %x to %halos annotate_for_users : tensor<8x16xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  // expected-error @+1 {{'linalg.exp' op reads a value split with halo_sizes without its halos (sharding propagation gave this op none), which distributed programs do not support yet; drop the halo_sizes (imexc gives stencil views the halos they need itself)}}
  %y = linalg.exp ins(%xh : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %ys = shard.shard %y to %halos : tensor<8x16xf32>
  return %ys : tensor<8x16xf32>
}

// -----

// Annotations that split one loop dimension two ways are refused: a
// column-split array plus a bias kept whole along the columns ...
shard.grid @grid(shape = 2)
func.func @bias_conflict(%x: tensor<4x6xf32>, %bias: tensor<6xf32>) -> tensor<4x6xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %xc = shard.shard %x to %cols annotate_for_users : tensor<4x6xf32>
  %br = shard.shard %bias to %rep annotate_for_users : tensor<6xf32>
  %e = tensor.empty() : tensor<4x6xf32>
  // expected-error @+1 {{'linalg.generic' op splits loop dimension 1 two ways: operand 0 splits it along grid axis 0, operand 1 keeps it whole; distributed programs cannot partition that (annotate them alike, or leave one to sharding propagation)}}
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%xc, %br : tensor<4x6xf32>, tensor<6xf32>) outs(%e : tensor<4x6xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
  } -> tensor<4x6xf32>
  return %y : tensor<4x6xf32>
}

// -----

// ... and a transpose of a row-split array whose result is split in rows.
shard.grid @grid(shape = 2)
func.func @transpose_conflict(%x: tensor<4x6xf32>) -> tensor<6x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xr = shard.shard %x to %rows annotate_for_users : tensor<4x6xf32>
  %e = tensor.empty() : tensor<6x4xf32>
  // expected-error @+1 {{'linalg.transpose' op splits loop dimension 0 two ways: operand 0 keeps it whole, result 0 splits it along grid axis 0; distributed programs cannot partition that (annotate them alike, or leave one to sharding propagation)}}
  %t = linalg.transpose ins(%xr : tensor<4x6xf32>) outs(%e : tensor<6x4xf32>) permutation = [1, 0]
  %ts = shard.shard %t to %rows : tensor<6x4xf32>
  return %ts : tensor<6x4xf32>
}

// -----

// A reduction over the split dimension is not a conflict: the result does
// not index that loop dimension (partial sums, then an all_reduce).
// CHECK-LABEL: func.func @reduce_split
// CHECK:         linalg.reduce
// CHECK:         shard.all_reduce
shard.grid @grid(shape = 2)
func.func @reduce_split(%x: tensor<4x6xf32>) -> tensor<4xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %xc = shard.shard %x to %cols annotate_for_users : tensor<4x6xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.reduce ins(%xc : tensor<4x6xf32>) outs(%z : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %t = arith.addf %in, %acc : f32
      linalg.yield %t : f32
    }
  %ss = shard.shard %s to %rep : tensor<4xf32>
  return %ss : tensor<4xf32>
}
