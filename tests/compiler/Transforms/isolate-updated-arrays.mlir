// RUN: imex-opt %s -split-input-file -isolate-updated-arrays | FileCheck %s
// Idempotent: a second run adds no copy.
// RUN: imex-opt %s -split-input-file -isolate-updated-arrays -isolate-updated-arrays | FileCheck %s
// What the copies are for: canonicalization then folds `x * 1` into `x`,
// but the update goes to the copy.
// RUN: imex-opt %s -split-input-file -isolate-updated-arrays -canonicalize | FileCheck %s --check-prefix=FOLDED

#id = affine_map<(i) -> (i)>

// k = x * 1; k[0] = -1: the result is updated, so it gets its own storage.
// CHECK-LABEL: func.func @result_updated
// CHECK:       %[[K:.*]] = linalg.generic
// CHECK:       %[[OWN:.*]] = ndarray.copy %[[K]]
// CHECK:       ndarray.insert_slice %{{.*}} into %[[OWN]]
// CHECK:       return %[[X:.*]], %[[OWN]]
// FOLDED-LABEL: func.func @result_updated
// FOLDED-SAME:    (%[[X:.*]]: tensor<4xi64>)
// FOLDED:       %[[OWN:.*]] = ndarray.copy %[[X]]
// FOLDED:       ndarray.insert_slice %{{.*}} into %[[OWN]]
// FOLDED:       return %[[X]], %[[OWN]]
func.func @result_updated(%x: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>) {
  %one = arith.constant 1 : i64
  %minus = arith.constant dense<-1> : tensor<i64>
  %e = tensor.empty() : tensor<4xi64>
  %k = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xi64>) outs(%e : tensor<4xi64>) {
  ^bb0(%a: i64, %o: i64):
    %m = arith.muli %a, %one : i64
    linalg.yield %m : i64
  } -> tensor<4xi64>
  %u = ndarray.insert_slice %minus into %k[0] [1] [1] : tensor<i64> into tensor<4xi64>
  return %x, %k : tensor<4xi64>, tensor<4xi64>
}

// -----

#id = affine_map<(i) -> (i)>

// k = x + 0, then x is updated through a view inside a loop: the operand's
// storage is updated, so the result gets its own.
// CHECK-LABEL: func.func @operand_updated_in_loop
// CHECK:       %[[K:.*]] = linalg.generic
// CHECK:       ndarray.copy %[[K]]
// CHECK:       scf.for
// CHECK:         ndarray.insert_slice
func.func @operand_updated_in_loop(%n: index) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %five = arith.constant dense<5> : tensor<i64>
  %x0 = tensor.empty(%n) : tensor<?xi64>
  %x = linalg.fill ins(%zero : i64) outs(%x0 : tensor<?xi64>) -> tensor<?xi64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %k = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xi64>) outs(%e : tensor<?xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.addi %a, %zero : i64
    linalg.yield %s : i64
  } -> tensor<?xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %x) -> (tensor<?xi64>) {
    %v = ndarray.subview %it[0] [%n] [1] : tensor<?xi64> to tensor<?xi64>
    %w = ndarray.insert_slice %five into %v[%i] [1] [1] : tensor<i64> into tensor<?xi64>
    scf.yield %it : tensor<?xi64>
  }
  func.call @use(%k) : (tensor<?xi64>) -> ()
  return %r : tensor<?xi64>
}
func.func private @use(tensor<?xi64> {bufferization.access = "read"})

// -----

// Passed to a function that updates its argument (and to one declared
// without an access mode, which may): copies, and the calls are marked
// for the passes that take tensors as values. Passed to one that only
// reads it: none.
// CHECK-LABEL: func.func @callers
// CHECK:       %[[A:.*]] = tensor.concat
// CHECK-NEXT:  %[[OA:.*]] = ndarray.copy %[[A]]
// CHECK:       %[[B:.*]] = tensor.concat
// CHECK-NEXT:  %[[OB:.*]] = ndarray.copy %[[B]]
// CHECK:       %[[C:.*]] = tensor.concat
// CHECK-NOT:   ndarray.copy
// CHECK:       call @bump(%[[OA]]) {imexc.updates_arguments}
// CHECK:       call @unknown(%[[OB]]) {imexc.updates_arguments}
// CHECK:       call @reads(%[[C]]) :
func.func @bump(%a: tensor<3xi64>) {
  %v = arith.constant dense<100> : tensor<i64>
  %u = ndarray.insert_slice %v into %a[0] [1] [1] : tensor<i64> into tensor<3xi64>
  return
}
func.func private @unknown(tensor<3xi64>)
func.func private @reads(tensor<3xi64> {bufferization.access = "read"})
func.func @callers(%y: tensor<3xi64>) {
  %a = tensor.concat dim(0) %y : (tensor<3xi64>) -> tensor<3xi64>
  %b = tensor.concat dim(0) %y : (tensor<3xi64>) -> tensor<3xi64>
  %c = tensor.concat dim(0) %y : (tensor<3xi64>) -> tensor<3xi64>
  func.call @bump(%a) : (tensor<3xi64>) -> ()
  func.call @unknown(%b) : (tensor<3xi64>) -> ()
  func.call @reads(%c) : (tensor<3xi64>) -> ()
  return
}

// -----

#id = affine_map<(i) -> (i)>

// Only the fill is updated in place: it is copied (reads of it would fold
// to its value). A result of another shape than its operands, or whose only
// same-shaped operand is a tensor.empty, cannot fold into an array that is
// updated: no copy.
// CHECK-LABEL: func.func @not_isolated
// CHECK:       %[[F:.*]] = linalg.fill
// CHECK-NEXT:  ndarray.copy %[[F]]
// CHECK-NOT:   ndarray.copy
// CHECK:       return
func.func @not_isolated(%x: tensor<4xf32>, %m: tensor<2x2xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %c = arith.constant dense<1.0> : tensor<f32>
  %z = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %u = ndarray.insert_slice %c into %f[0] [1] [1] : tensor<f32> into tensor<4xf32>
  %flat = tensor.collapse_shape %m [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  %s = arith.addf %t, %flat : tensor<4xf32>
  func.call @read(%s) : (tensor<4xf32>) -> ()
  return %f : tensor<4xf32>
}
func.func private @read(tensor<4xf32> {bufferization.access = "read"})

// -----

#id = affine_map<(i) -> (i)>

// x + 2 and x * y cannot fold into x, x * 0 + y may fold into y (so the
// result is copied when y is updated); all of them are updated.
// CHECK-LABEL: func.func @body_folds
// CHECK:       %[[P:.*]] = linalg.generic
// CHECK:       %[[Q:.*]] = linalg.generic
// CHECK-NOT:   ndarray.copy
// CHECK:       %[[R:.*]] = linalg.generic
// CHECK:       %[[OWN:.*]] = ndarray.copy %[[R]]
// CHECK-NOT:   ndarray.copy
// CHECK:       return %[[P]], %[[Q]], %[[OWN]]
func.func @body_folds(%x: tensor<4xi64>, %y: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>) {
  %two = arith.constant 2 : i64
  %zero = arith.constant 0 : i64
  %e = tensor.empty() : tensor<4xi64>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xi64>) outs(%e : tensor<4xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.addi %a, %two : i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  %q = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<4xi64>, tensor<4xi64>) outs(%e : tensor<4xi64>) {
  ^bb0(%a: i64, %b: i64, %o: i64):
    %m = arith.muli %a, %b : i64
    linalg.yield %m : i64
  } -> tensor<4xi64>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<4xi64>, tensor<4xi64>) outs(%e : tensor<4xi64>) {
  ^bb0(%a: i64, %b: i64, %o: i64):
    %m = arith.muli %a, %zero : i64
    %s = arith.addi %m, %b : i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  return %p, %q, %r : tensor<4xi64>, tensor<4xi64>, tensor<4xi64>
}

// -----

#id = affine_map<(i) -> (i)>

// What fusion and vectorization fold across ops: x + zeros (a fill of 0
// fused in), max(y, y) (one tensor read twice), select(true, a, b),
// trunc(ext(c)) over two ops. What each may become is updated (the
// arguments, which one array may be passed for) before each is read:
// copies. x * b (b an argument) cannot fold: no copy.
// CHECK-LABEL: func.func @fused_folds
// CHECK-COUNT-4: ndarray.copy
// CHECK-NOT:   ndarray.copy
// CHECK:       return
func.func @fused_folds(%x: tensor<4xi64>, %y: tensor<4xi64>, %c: tensor<4xi32>, %b: tensor<4xi64>) {
  %zero = arith.constant 0 : i64
  %true = arith.constant true
  %v = arith.constant dense<-1> : tensor<i64>
  %w = arith.constant dense<-1> : tensor<i32>
  %e = tensor.empty() : tensor<4xi64>
  %zeros = linalg.fill ins(%zero : i64) outs(%e : tensor<4xi64>) -> tensor<4xi64>
  %k = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %zeros : tensor<4xi64>, tensor<4xi64>) outs(%e : tensor<4xi64>) {
  ^bb0(%a: i64, %z: i64, %o: i64):
    %s = arith.addi %a, %z : i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  %m = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%y, %y : tensor<4xi64>, tensor<4xi64>) outs(%e : tensor<4xi64>) {
  ^bb0(%a: i64, %a2: i64, %o: i64):
    %s = arith.maxsi %a, %a2 : i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  %s3 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<4xi64>, tensor<4xi64>) outs(%e : tensor<4xi64>) {
  ^bb0(%a: i64, %a2: i64, %o: i64):
    %s = arith.select %true, %a, %a2 : i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  %e32 = tensor.empty() : tensor<4xi32>
  %wide = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%c : tensor<4xi32>) outs(%e : tensor<4xi64>) {
  ^bb0(%a: i32, %o: i64):
    %s = arith.extsi %a : i32 to i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  %narrow = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%wide : tensor<4xi64>) outs(%e32 : tensor<4xi32>) {
  ^bb0(%a: i64, %o: i32):
    %s = arith.trunci %a : i64 to i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  // x + 2 and x * b cannot fold (b is an argument): no copy.
  %p = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %b : tensor<4xi64>, tensor<4xi64>) outs(%e : tensor<4xi64>) {
  ^bb0(%a: i64, %a2: i64, %o: i64):
    %s = arith.muli %a, %a2 : i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  %u = ndarray.insert_slice %v into %x[0] [1] [1] : tensor<i64> into tensor<4xi64>
  %n64 = arith.extsi %narrow : tensor<4xi32> to tensor<4xi64>
  func.call @read4(%k) : (tensor<4xi64>) -> ()
  func.call @read4(%m) : (tensor<4xi64>) -> ()
  func.call @read4(%s3) : (tensor<4xi64>) -> ()
  func.call @read4(%n64) : (tensor<4xi64>) -> ()
  func.call @read4(%p) : (tensor<4xi64>) -> ()
  return
}
func.func private @read4(tensor<4xi64> {bufferization.access = "read"})

// -----

#id = affine_map<(i) -> (i)>

// A loop's induction variable may become a constant (one iteration):
// x + i may fold into x, which the loop updates.
// CHECK-LABEL: func.func @loop_index
// CHECK:       scf.for
// CHECK:         %[[K:.*]] = linalg.generic
// CHECK:         ndarray.copy %[[K]]
func.func @loop_index(%x: tensor<4xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant dense<-1> : tensor<i64>
  %e = tensor.empty() : tensor<4xi64>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %k = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : tensor<4xi64>) outs(%e : tensor<4xi64>) {
    ^bb0(%a: i64, %o: i64):
      %s = arith.addi %a, %ii : i64
      linalg.yield %s : i64
    } -> tensor<4xi64>
    %u = ndarray.insert_slice %v into %k[0] [1] [1] : tensor<i64> into tensor<4xi64>
  }
  return
}

// -----

#id = affine_map<(i) -> (i)>

// Returned results: copied when they may become an argument (the caller
// would get its own array back) or another result (the tensor.insert,
// which writes its destination, returns %local's storage), not when they
// may only become a local array.
// CHECK-LABEL: func.func @returned
// CHECK:       %[[R:.*]] = linalg.generic
// CHECK:       %[[OWN:.*]] = ndarray.copy %[[R]]
// CHECK:       %[[OWNL:.*]] = ndarray.copy
// CHECK-NOT:   ndarray.copy
// CHECK:       return %[[OWN]], %[[OWNL]], %{{.*}}, %{{.*}} :
func.func @returned(%x: tensor<4xi64>, %i: index) -> (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>) {
  %zero = arith.constant 0 : i64
  %e = tensor.empty() : tensor<4xi64>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xi64>) outs(%e : tensor<4xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.addi %a, %zero : i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  %local = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%e : tensor<4xi64>) {
  ^bb0(%o: i64):
    %j = linalg.index 0 : index
    %s = arith.index_cast %j : index to i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  %l = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%local : tensor<4xi64>) outs(%e : tensor<4xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.addi %a, %zero : i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  %t = tensor.insert %zero into %local[%i] : tensor<4xi64>
  %other = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%e : tensor<4xi64>) {
  ^bb0(%o: i64):
    %j = linalg.index 0 : index
    %s = arith.index_cast %j : index to i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%other : tensor<4xi64>) outs(%e : tensor<4xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.addi %a, %zero : i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  return %r, %l, %t, %m : tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>
}

// -----

#id = affine_map<(i) -> (i)>

// One-operand ops: -(-x) may give x back, tanh(x) may not. x is
// updated before both are read: a copy of the first only.
// CHECK-LABEL: func.func @unary
// CHECK:       %[[N:.*]] = linalg.generic
// CHECK:       ndarray.copy %[[N]]
// CHECK:       %[[T:.*]] = linalg.generic
// CHECK-NOT:   ndarray.copy
// CHECK:       return
func.func @unary(%x: tensor<4xf32>) {
  %v = arith.constant dense<1.0> : tensor<f32>
  %e = tensor.empty() : tensor<4xf32>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.negf %a : f32
    %p = arith.negf %m : f32
    linalg.yield %p : f32
  } -> tensor<4xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %h = math.tanh %a : f32
    linalg.yield %h : f32
  } -> tensor<4xf32>
  %u = ndarray.insert_slice %v into %x[0] [1] [1] : tensor<f32> into tensor<4xf32>
  func.call @read(%n) : (tensor<4xf32>) -> ()
  func.call @read(%t) : (tensor<4xf32>) -> ()
  return
}
func.func private @read(tensor<4xf32> {bufferization.access = "read"})

// -----

// shard.shard annotates its operand: the argument updated through it keeps
// its storage (no copy), as a view would.
// CHECK-LABEL: func.func @annotated
// CHECK-NOT:   ndarray.copy
// CHECK:       return
shard.grid @g(shape = 2)
func.func @annotated(%x: tensor<8xf32>) {
  %v = arith.constant dense<1.0> : tensor<f32>
  %s = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8xf32>
  %u = ndarray.insert_slice %v into %a[0] [1] [1] : tensor<f32> into tensor<8xf32>
  return
}

// -----

#id = affine_map<(i) -> (i)>

// Where the update of what a result may fold into comes matters. Read
// only before the update, or computed after it, the result may share the
// array's storage: no copy. Read after it, through what may fold into the
// result, or by the update itself, or in a loop that runs the update: a
// copy each.
// CHECK-LABEL: func.func @update_order
// CHECK:       %[[WHOLE:.*]] = tensor.extract_slice
// CHECK-NOT:   ndarray.copy
// CHECK:       tensor.insert_slice %[[WHOLE]]
// CHECK:       %[[VIA:.*]] = tensor.extract_slice
// CHECK-NEXT:  ndarray.copy %[[VIA]]
// CHECK:       %[[SELF:.*]] = tensor.extract_slice
// CHECK-NEXT:  ndarray.copy %[[SELF]]
// CHECK:       %[[LOOP:.*]] = tensor.extract_slice
// CHECK-NEXT:  ndarray.copy %[[LOOP]]
// CHECK:       scf.for
// CHECK:       ndarray.insert_slice
// CHECK:       %[[AFTER:.*]] = tensor.extract_slice
// CHECK-NOT:   ndarray.copy
// CHECK:       return
// FOLDED-LABEL: func.func @update_order
// FOLDED-SAME:    (%[[X:.*]]: tensor<8xf32>,
// FOLDED:       tensor.insert_slice %[[X]]
// FOLDED-COUNT-3: ndarray.copy %[[X]]
// FOLDED-NOT:   ndarray.copy
// FOLDED:       return
func.func @update_order(%x: tensor<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %v = arith.constant dense<1.0> : tensor<f32>
  %e = tensor.empty() : tensor<10xf32>
  %e8 = tensor.empty() : tensor<8xf32>
  // x[0:8] put into a buffer with room for halos, then x updated.
  %whole = tensor.extract_slice %x[0] [8] [1] : tensor<8xf32> to tensor<8xf32>
  %padded = tensor.insert_slice %whole into %e[1] [8] [1] : tensor<8xf32> into tensor<10xf32>
  func.call @read10(%padded) : (tensor<10xf32>) -> ()
  // x[0:8] * 1 may become x[0:8], read after the update.
  %via = tensor.extract_slice %x[0] [8] [1] : tensor<8xf32> to tensor<8xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%via : tensor<8xf32>) outs(%e8 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %one : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  // x[0:8] inserted into x: the update reads what it writes.
  %self = tensor.extract_slice %x[0] [8] [1] : tensor<8xf32> to tensor<8xf32>
  // Read in a loop that also updates x.
  %loop = tensor.extract_slice %x[0] [8] [1] : tensor<8xf32> to tensor<8xf32>
  scf.for %i = %c0 to %n step %c1 {
    func.call @read8(%loop) : (tensor<8xf32>) -> ()
    %w = ndarray.insert_slice %v into %x[%i] [1] [1] : tensor<f32> into tensor<8xf32>
  }
  %u = ndarray.insert_slice %self into %x[0] [8] [1] : tensor<8xf32> into tensor<8xf32>
  func.call @read8(%scaled) : (tensor<8xf32>) -> ()
  // Computed after every update.
  %after = tensor.extract_slice %x[0] [8] [1] : tensor<8xf32> to tensor<8xf32>
  func.call @read8(%after) : (tensor<8xf32>) -> ()
  return
}
func.func private @read8(tensor<8xf32> {bufferization.access = "read"})
func.func private @read10(tensor<10xf32> {bufferization.access = "read"})

// -----

#id = affine_map<(i) -> (i)>

// What counts as reading a result after the update of what it may fold
// into (x * 1 may become x): a slice of it read later (canonicalization
// would slice x there); a buffer taken of it (read as memory later); the
// loop's next iteration, which reads what the body yields after updating
// x. Each gets a copy.
// CHECK-LABEL: func.func @late_readers
// CHECK:       %[[S:.*]] = linalg.generic
// CHECK:       ndarray.copy %[[S]]
// CHECK:       %[[B:.*]] = linalg.generic
// CHECK:       ndarray.copy %[[B]]
// CHECK:       scf.for
// CHECK:         ndarray.insert_slice
// CHECK:         %[[L:.*]] = linalg.generic
// CHECK:         ndarray.copy %[[L]]
func.func @late_readers(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %v = arith.constant dense<5.0> : tensor<f32>
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %one : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %part = tensor.extract_slice %s[0] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %one : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %buffer = bufferization.to_buffer %b read_only : tensor<4xf32> to memref<4xf32>
  %u = ndarray.insert_slice %v into %x[0] [1] [1] : tensor<f32> into tensor<4xf32>
  func.call @read2(%part) : (tensor<2xf32>) -> ()
  func.call @read_buffer(%buffer) : (memref<4xf32>) -> ()
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%carried = %e) -> (tensor<4xf32>) {
    func.call @read4(%carried) : (tensor<4xf32>) -> ()
    %w = ndarray.insert_slice %v into %x[1] [1] [1] : tensor<f32> into tensor<4xf32>
    %l = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.mulf %a, %one : f32
      linalg.yield %m : f32
    } -> tensor<4xf32>
    scf.yield %l : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func private @read2(tensor<2xf32> {bufferization.access = "read"})
func.func private @read4(tensor<4xf32> {bufferization.access = "read"})
func.func private @read_buffer(memref<4xf32>)

// -----

#id = affine_map<(i) -> (i)>

// A buffer taken of x for writing updates x wherever the buffer is
// written: x * 1, computed after it, still gets a copy.
// CHECK-LABEL: func.func @buffer_update
// CHECK:       %[[K:.*]] = linalg.generic
// CHECK:       ndarray.copy %[[K]]
func.func @buffer_update(%x: tensor<4xf32>) {
  %one = arith.constant 1.0 : f32
  %five = arith.constant 5.0 : f32
  %c0 = arith.constant 0 : index
  %buffer = bufferization.to_buffer %x : tensor<4xf32> to memref<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %k = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %one : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  memref.store %five, %buffer[%c0] : memref<4xf32>
  func.call @read4(%k) : (tensor<4xf32>) -> ()
  return
}
func.func private @read4(tensor<4xf32> {bufferization.access = "read"})

// -----

#id = affine_map<(i) -> (i)>

// Ops that move x's data rather than compute from it: a transpose read
// after the update by another transpose (canonicalization would compose
// the two into a read of x there), a slice read after it: copies. Read
// before the update (in an scf.if too), a transpose and x * 1 need none.
// CHECK-LABEL: func.func @moved_data
// CHECK:       %[[T:.*]] = linalg.transpose
// CHECK-NEXT:  ndarray.copy %[[T]]
// CHECK:       %[[S:.*]] = tensor.extract_slice
// CHECK-NEXT:  ndarray.copy %[[S]]
// CHECK:       linalg.transpose
// CHECK-NOT:   ndarray.copy
// CHECK:       linalg.generic
// CHECK-NOT:   ndarray.copy
// CHECK:       scf.if
// CHECK:       ndarray.insert_slice
// CHECK-NOT:   ndarray.copy
// CHECK:       return
func.func @moved_data(%x: tensor<2x3xf32>, %c: i1) {
  %one = arith.constant 1.0 : f32
  %v = arith.constant dense<5.0> : tensor<f32>
  %e32 = tensor.empty() : tensor<3x2xf32>
  %e23 = tensor.empty() : tensor<2x3xf32>
  %t = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%e32 : tensor<3x2xf32>) permutation = [1, 0]
  %s = tensor.extract_slice %x[0, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
  %early = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%e32 : tensor<3x2xf32>) permutation = [1, 0]
  %k = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e23 : tensor<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %one : f32
    linalg.yield %m : f32
  } -> tensor<2x3xf32>
  func.call @read32(%early) : (tensor<3x2xf32>) -> ()
  scf.if %c {
    func.call @read23(%k) : (tensor<2x3xf32>) -> ()
  }
  %u = ndarray.insert_slice %v into %x[0, 0] [1, 1] [1, 1] : tensor<f32> into tensor<2x3xf32>
  %tt = linalg.transpose ins(%t : tensor<3x2xf32>) outs(%e23 : tensor<2x3xf32>) permutation = [1, 0]
  func.call @read23(%tt) : (tensor<2x3xf32>) -> ()
  func.call @read3(%s) : (tensor<3xf32>) -> ()
  return
}
func.func private @read3(tensor<3xf32> {bufferization.access = "read"})
func.func private @read23(tensor<2x3xf32> {bufferization.access = "read"})
func.func private @read32(tensor<3x2xf32> {bufferization.access = "read"})
